"""What every game shares: notes (what happened), timers, refusals, time-up events, seats."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Note:
    """Something that happened in the game; the host turns each note into a spoken line."""

    kind: str
    """Event kind and phrasebook key, e.g. "answer_accepted", "penalty_2", "round_won"."""
    params: Mapping[str, Any] = field(default_factory=dict)
    """Values the line needs, e.g. {"player": "Ann", "answer": "Amaze"}."""


@dataclass(frozen=True, slots=True)
class ArmTimer:
    """The game asks the session for a deadline: `TimeUp(token)` once `seconds` have passed."""

    kind: ClassVar[str] = "timer"
    name: str
    """Which timer ("turn", "countdown", "penalty" …): the countdown's seconds are called out."""
    seconds: float
    token: int
    """Bumped at every new timer, so that a late TimeUp of an old one is refused."""


Said = Note | ArmTimer
"""What a game gives back for an event: notes for the host to say, timers for it to arm."""


class IllegalEvent(ValueError):
    """An event the rules refuse; `reason` is the phrasebook key of the refusal."""

    def __init__(self, reason: str, **params: Any) -> None:
        super().__init__(f"{reason}: {params}" if params else reason)
        self.reason = reason
        self.params = params

    def note(self) -> Note:
        """The refusal as a note the host can say."""
        return Note("refused", {"reason": self.reason, **self.params})


@dataclass(frozen=True, slots=True)
class TimeUp:
    """The session's clock reached the deadline the game asked for."""

    token: int
    """The token of the timer note that armed this deadline; stale tokens are refused."""


@dataclass(frozen=True)
class Seat:
    """A place at the table: one player, or a team sharing a hand and a turn."""

    name: str
    members: tuple[str, ...] = ()

    @property
    def people(self) -> tuple[str, ...]:
        """Everyone who may speak for this seat."""
        return self.members or (self.name,)


TEAM_JOIN = " and "
"""What joins a team's members in its name ("Ann and Bob"): a seat named so is a team."""


def make_seats(
    players: list[str] | None = None, teams: list[list[str]] | None = None
) -> tuple[Seat, ...]:
    """Build seats from player names or from teams (a team is named after its members)."""
    if teams:
        return tuple(Seat(TEAM_JOIN.join(team), tuple(team)) for team in teams)
    return tuple(Seat(name) for name in players or [])
