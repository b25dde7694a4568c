"""The Crack Word board as data: rows of stacked cards, how a row reads, who holds its majority,
and the word list the rules ask (the Lexicon protocol, with a small in-memory WordSet)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import NamedTuple, Protocol

from host.games.crack_word.cards import ETOILE, Card
from host.games.crack_word.events import Place, Side
from host.judge.text import strip_accents


class Lexicon(Protocol):
    """The reference dictionary, as the rules and the bots ask it."""

    def is_word(self, word: str) -> bool:
        """Whether `word` (capitals A to Z, see `fold`) is an allowed word."""
        ...

    def contains(self, letters: str) -> bool:
        """Whether some allowed word holds `letters` (capitals) in this order, side by side."""
        ...

    def words_containing(self, letters: str, limit: int = 10) -> Sequence[str]:
        """Up to `limit` allowed words that hold `letters` (capitals) side by side."""
        ...

    def spelling(self, word: str) -> str:
        """How the word is written (lower case, with its accents: "AME" is "âme")."""
        ...


class Tile(NamedTuple):
    """A card as it lies on the board: the letter it shows (an Étoile's named letter), its
    colour, and the card itself."""

    letter: str
    colour: str
    card: Card

    @property
    def star(self) -> bool:
        """Whether this is an Étoile."""
        return self.card.face == ETOILE


class Planned:
    """A placement the checks accepted: the card, where it goes, and the row it forms."""

    def __init__(self, event: Place, card: Card, slot: int, letters: str, needs_word: bool,
                 justified: bool) -> None:
        self.event, self.card, self.slot, self.letters = event, card, slot, letters
        self.needs_word, self.justified = needs_word, justified


Stack = list[Tile]
"""One place of a row: a letter, and the identical letters covered by it (top last)."""
Row = list[Stack]


def fold(text: str) -> str:
    """`text` as card letters: capitals A to Z, accents and everything else dropped."""
    return "".join(char for char in strip_accents(text).upper() if "A" <= char <= "Z")


def letters_of(row: Row) -> str:
    """How a row reads, left to right (the top letter of each place)."""
    return "".join(stack[-1].letter for stack in row)


def formed(row: Row, tile: Tile, side: Side, slot: int) -> Row:
    """The row as it would be with the tile placed (`slot`: the place covered, on top)."""
    if side is Side.LEFT:
        return [[tile], *row]
    if side is Side.RIGHT:
        return [*row, [tile]]
    return [[*stack, tile] if i == slot else stack for i, stack in enumerate(row)]


def tops(row: Row) -> list[Tile]:
    """The visible card of each place of a row."""
    return [stack[-1] for stack in row]


def cards_of(row: Row) -> list[Tile]:
    """Every card in a row, covered ones included."""
    return [tile for stack in row for tile in stack]


def has_majority(row: Row, colour: str) -> bool:
    """Whether `colour` shows more cards on the row than any other colour; in a tie, each
    Étoile counts double, and a tie that stays is no majority."""
    shown = tops(row)
    counts = Counter(tile.colour for tile in shown)
    if _leads(counts, colour):
        return True
    rival = max((n for c, n in counts.items() if c != colour), default=0)
    if counts[colour] != rival:
        return False
    weighted = Counter({c: 0 for c in counts})
    for tile in shown:
        weighted[tile.colour] += 2 if tile.star else 1
    return _leads(weighted, colour)


def _leads(counts: Counter[str], colour: str) -> bool:
    """Whether `colour` counts strictly more than every other colour."""
    return all(counts[colour] > n for c, n in counts.items() if c != colour)


class WordSet:
    """A Lexicon over a small list of words held in memory (tests, and tables without the real
    dictionary): every contiguous run of letters of every word is indexed."""

    def __init__(self, words: Iterable[str]) -> None:
        listed = {word.strip().lower(): fold(word) for word in words if fold(word)}
        self.words = sorted(set(listed.values()))
        self._words = set(self.words)
        self._spellings = spellings(listed)
        self._runs = {word[i:j] for word in self.words for i in range(len(word))
                      for j in range(i + 1, len(word) + 1)}

    def is_word(self, word: str) -> bool:
        """Whether `word` is one of the list's."""
        return word in self._words

    def contains(self, letters: str) -> bool:
        """Whether some word of the list holds `letters` side by side."""
        return letters in self._runs

    def words_containing(self, letters: str, limit: int = 10) -> list[str]:
        """Up to `limit` words of the list that hold `letters` side by side."""
        if letters not in self._runs:
            return []
        return [word for word in self.words if letters in word][:limit]

    def spelling(self, word: str) -> str:
        """How the list writes the word."""
        return self._spellings.get(word) or word.lower()


def spellings(folded: Mapping[str, str],
              frequency: Callable[[str], float] = lambda entry: 0.0) -> dict[str, str]:
    """The written form of each folded word (`folded`: entry -> its folded word) whose entries
    carry accents ("AME": "âme"): its most frequent entry, else the one without accents
    ("MAIS": "mais", not "maïs"), else the first."""
    best: dict[str, tuple[float, bool, str]] = {}
    for entry, word in folded.items():
        rank = (frequency(entry), entry == word.lower())
        if word not in best or rank > best[word][:2]:
            best[word] = (*rank, entry)
    return {word: entry for word, (*_, entry) in best.items() if entry != word.lower()}
