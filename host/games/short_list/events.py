"""The events a Short List game receives: one frozen dataclass per thing a player can do."""

from __future__ import annotations

from dataclasses import dataclass

from host.core.events import TimeUp


@dataclass(frozen=True, slots=True)
class Answer:
    """The guesser on turn suggests an answer to the question."""

    player: str
    text: str


@dataclass(frozen=True, slots=True)
class Pass:
    """The guesser on turn passes: out of this question round, a winner crystal goes back."""

    player: str


@dataclass(frozen=True, slots=True)
class Jump:
    """"It's my turn!": a guesser who holds the card answers in place of the guesser on turn,
    and hands that guesser the card."""

    player: str
    text: str


Move = Answer | Pass | Jump
"""What a player does (said, typed, or played by a bot)."""
ShortListEvent = Move | TimeUp
"""Everything the rules receive: the players' moves and the session's time-ups."""
