"""The Crack Word colour decks as data: the letters a colour's cards hold, and its special cards.

The rulebook does not list a deck. Each colour has the same 54 cards: 50 letters, in about half
the proportions of the language's Scrabble tiles (so a hand of 8 holds vowels and common
consonants in the usual mix; the rarest letters are dropped: K, W and Y in French, Q and Z in
English), 2 Pétard and 2 Étoile cards. A 2-player pile of 40 thus keeps most of a deck, and
expert mode plays all 54.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

PETARD = "!"
ETOILE = "*"
"""The faces of the two special cards (every other face is a letter, A to Z)."""
COLOURS = ("minus", "hole_right", "hole_left", "plain")
"""The four colours, named after their tactile mark: a minus in the middle, a hole on the right,
a hole on the left, no mark."""

LETTERS: Mapping[str, Mapping[str, int]] = {
    "fr": {"E": 7, "A": 4, "I": 4, "N": 3, "O": 3, "R": 3, "S": 3, "T": 3, "U": 3,
           "L": 2, "D": 2, "M": 2, "C": 1, "B": 1, "P": 1, "F": 1, "G": 1, "H": 1, "V": 1,
           "J": 1, "Q": 1, "X": 1, "Z": 1},
    "en": {"E": 6, "A": 4, "I": 4, "O": 4, "N": 3, "R": 3, "T": 3, "S": 3, "L": 2, "U": 2,
           "D": 2, "G": 2, "B": 1, "C": 1, "M": 1, "P": 1, "F": 1, "H": 1, "V": 1, "W": 1,
           "Y": 1, "K": 1, "J": 1, "X": 1},
}
"""How many cards of each letter one colour holds, by language (50 each)."""
SPECIALS: Mapping[str, int] = {PETARD: 2, ETOILE: 2}
"""How many Pétard and Étoile cards one colour holds (the same in every language)."""


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card: its face (a letter, PETARD or ETOILE), its colour, and a number that
    tells it apart from the other cards of its colour."""

    face: str
    colour: str
    number: int

    @property
    def special(self) -> bool:
        """Whether this is a Pétard or an Étoile."""
        return self.face in (PETARD, ETOILE)


def colour_deck(colour: str, lang: str = "fr") -> list[Card]:
    """Every card of one colour, in a fixed order (letters A to Z, then the special cards)."""
    if lang not in LETTERS:
        raise ValueError(f"no Crack Word deck for language '{lang}': choose fr or en")
    faces = [face for face, count in sorted(LETTERS[lang].items()) for _ in range(count)]
    faces += [face for face, count in SPECIALS.items() for _ in range(count)]
    return [Card(face, colour, number) for number, face in enumerate(faces)]


def deck_size(lang: str = "fr") -> int:
    """How many cards one colour holds."""
    return sum(LETTERS[lang].values()) + sum(SPECIALS.values())


def cut_rank(card: Card) -> int:
    """How close to A a card shown at the cut is: A 0 … Z 25, a special card after Z."""
    return face_rank(card.face)


def face_rank(face: str) -> int:
    """How close to A a face is: A 0 … Z 25, a Pétard or an Étoile after Z."""
    return 26 if face in (PETARD, ETOILE) else ord(face) - ord("A")
