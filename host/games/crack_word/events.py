"""The events a Crack Word game receives: one frozen dataclass per thing a player can do."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from host.core.events import TimeUp


class Side(StrEnum):
    """Where a card goes on its row."""

    LEFT = "left"
    RIGHT = "right"
    TOP = "top"
    """On top of an identical letter (A on A)."""


@dataclass(frozen=True, slots=True)
class Place:
    """The player on turn places a letter card (or, with `star`, an Étoile named `letter`) on a
    row (0 to 3), naming the word that justifies the row it forms, and may call Crack Word."""

    player: str
    letter: str
    row: int
    side: Side
    word: str = ""
    """The real word that contains the row's letters ("" when the row needs none)."""
    star: bool = False
    at: int | None = None
    """On top: the position (0 = leftmost) of the letter covered; None, the leftmost one."""
    crack: bool = False
    """"Crack Word!": the row is a word the player's colour holds a majority of."""


@dataclass(frozen=True, slots=True)
class Petard:
    """The player on turn plays a Pétard on a row: the row goes back to whoever played it."""

    player: str
    row: int


@dataclass(frozen=True, slots=True)
class Pass:
    """The player on turn cannot or will not play: they draw a card and pass."""

    player: str


@dataclass(frozen=True, slots=True)
class Show:
    """With physical cards, a player says the card they show: at the cut (who starts), or the
    one they turn from their pile for a starting letter. `face` is a letter, or PETARD or
    ETOILE (host.games.crack_word.cards)."""

    player: str
    face: str


Move = Place | Petard | Pass | Show
"""What a player does (said, typed, or played by a bot)."""
CrackWordEvent = Move | TimeUp
"""Everything the rules receive: the players' moves and the session's time-ups."""
