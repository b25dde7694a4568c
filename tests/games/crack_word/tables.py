"""Crack Word tables for tests: a small word list, cards and rows made to order, a started game
in either language with Ann's hand rigged, and what the notes say."""

from __future__ import annotations

import random
from collections.abc import Iterator

from host.core.events import Note, Said, make_seats
from host.games.crack_word.board import Tile, WordSet
from host.games.crack_word.cards import COLOURS, Card
from host.games.crack_word.config import CrackWordConfig
from host.games.crack_word.rules import CrackWordGame

WORDS = WordSet(["chat", "chateau", "char", "chariot", "rat", "rate", "art", "arbre", "tarte",
                 "carte", "cartes", "ami", "amie", "mie", "pomme", "ours", "sur", "rue"])
NAMES = ["Ann", "Bob", "Cat", "Dan"]
MINUS, RIGHT, LEFT = COLOURS[:3]
_numbers: Iterator[int] = iter(range(1000, 100_000))


def card(face: str, colour: str = MINUS) -> Card:
    """A fresh card (a number no deck uses)."""
    return Card(face, colour, next(_numbers))


def row(text: str, colours: str = "") -> list[list[Tile]]:
    """A row from its letters; `colours` gives each card's seat (0 = Ann), Ann's by default."""
    seats = [int(c) for c in colours] or [0] * len(text)
    return [[Tile(letter, COLOURS[seat], card(letter, COLOURS[seat]))]
            for letter, seat in zip(text, seats, strict=True)]


def kinds(notes: list[Said]) -> list[str]:
    """The kinds of the notes, in order (timers left out)."""
    return [note.kind for note in notes if isinstance(note, Note)]


def refusal(notes: list[Said]) -> str:
    """The reason of the one refused note."""
    assert len(notes) == 1 and isinstance(notes[0], Note) and notes[0].kind == "refused"
    return str(notes[0].params["reason"])


def param(notes: list[Said], kind: str, key: str) -> object:
    """One parameter of the first note of a kind."""
    return next(n.params[key] for n in notes if isinstance(n, Note) and n.kind == kind)


def new_game(lang: str = "fr", players: int = 3, seed: int = 3) -> CrackWordGame:
    """A started game on the small word list, Ann first."""
    config = CrackWordConfig(make_seats(NAMES[:players]), lang=lang, first=0)
    game = CrackWordGame(config, WORDS, random.Random(seed))
    game.start()
    return game


def with_hand(game: CrackWordGame, faces: str, *rows: str) -> CrackWordGame:
    """Ann holds `faces`; the rows as given."""
    game.hands[0] = [Card(face, game.colours[0], 900 + i) for i, face in enumerate(faces)]
    for number, text in enumerate(rows):
        game.rows[number] = row(text)
    return game
