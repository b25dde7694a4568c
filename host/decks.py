"""Game content as data: categories, category cards and decks (loading and validation below)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path


class CategoryKind(StrEnum):
    """How a category's answers are known."""

    LISTED = "listed"
    """Answers are given in the deck (closed list, or known-but-incomplete list)."""
    GENERATED = "generated"
    """Answers are computed from offline data (rhymes, first names, countries...)."""
    OPEN = "open"
    """No list can be complete: unlisted answers go to the table's vote."""


@dataclass(frozen=True)
class AnswerEntry:
    """One known answer: its canonical spelling and accepted aliases."""

    text: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Category:
    """One category players answer in, e.g. "Things that are yellow"."""

    id: str
    title: str
    kind: CategoryKind = CategoryKind.OPEN
    closed: bool = False
    """Listed only: True when only listed answers count (planets), else unlisted go to a vote."""
    answers: tuple[AnswerEntry, ...] = ()
    generator: str | None = None
    """Generated only: the generator's name, e.g. "rhymes", "first_names", "countries"."""
    params: Mapping[str, str | int] = field(default_factory=dict, hash=False, compare=False)
    """Generated only: the generator's parameters, e.g. {"word": "haze"}."""
    difficulty: int = 1
    """1 (easy) to 3 (hard)."""
    adult: bool = False
    """Shown only with the adults-only flag."""
    people: bool = False
    """Answers are people: the first or the last name may carry the letter."""

    @property
    def verifiable(self) -> bool:
        """True when the host can settle a challenge itself (listed or generated)."""
        return self.kind is not CategoryKind.OPEN


@dataclass(frozen=True)
class CategoryCard:
    """A red Crack List card: three categories to choose from."""

    id: str
    categories: tuple[Category, ...]


@dataclass(frozen=True)
class Deck:
    """A loaded deck file."""

    game: str
    lang: str
    name: str
    path: Path | None = None
    cards: tuple[CategoryCard, ...] = ()
