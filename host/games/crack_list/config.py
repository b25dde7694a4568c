"""A Crack List table's settings, and the records of an answer while it is judged and stands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from host.core.events import Seat
from host.decks import Category
from host.games.crack_list.cards import BlueDeckMix
from host.games.crack_list.events import Answer
from host.judge import Verdict


class AnswerJudge(Protocol):
    """What the game needs from the judge (host.judge.Judge)."""

    def judge(
        self,
        category: Category,
        answer: str,
        *,
        letter: str | None = None,
        given: Sequence[str] = (),
    ) -> Verdict:
        """Decide whether an answer counts in a category."""
        ...


@dataclass(frozen=True)
class CrackListConfig:
    """Table settings; the defaults are the rulebook's."""

    seats: tuple[Seat, ...]
    cards: Literal["virtual", "physical"] = "virtual"
    hand_size: int = 8
    rounds: int = 3
    first: int = 0
    """Seat index of the player who chooses the first category (the youngest)."""
    turn_seconds: float = 20.0
    countdown_seconds: float = 5.0
    challenge_seconds: float = 5.0
    vote_seconds: float = 20.0
    choose_seconds: float = 30.0
    penalty_seconds: float = 15.0
    blue: BlueDeckMix = field(default_factory=BlueDeckMix)

    def timer_seconds(self, name: str) -> float:
        """How long the timer called `name` runs ("turn", "choose", "vote", ...)."""
        seconds = {
            "turn": self.turn_seconds,
            "choose": self.choose_seconds,
            "vote": self.vote_seconds,
            "penalty": self.penalty_seconds,
            "countdown": self.countdown_seconds,
            "challenge": self.challenge_seconds,
        }
        return seconds.get(name, self.turn_seconds)

    def validate(self) -> None:
        """Raise ValueError when the table cannot play."""
        names = [seat.name.lower() for seat in self.seats]
        if not 2 <= len(self.seats) <= 10:
            raise ValueError("Crack List needs 2 to 10 players or teams")
        if len(set(names)) != len(names):
            raise ValueError("every player needs a different name")
        if sum(len(seat.people) for seat in self.seats) > 20:
            raise ValueError("at most 20 people can play, in teams of 2 or 3")
        if any(len(seat.members) > 3 for seat in self.seats):
            raise ValueError("teams have 2 or 3 people")
        if not 0 <= self.first < len(self.seats):
            raise ValueError("the first chooser must be one of the players")
        if self.rounds < 1 or self.hand_size < 1:
            raise ValueError("rounds and hand size must be at least 1")
        self.blue.validate()
        if self.blue.size <= self.hand_size * len(self.seats):
            raise ValueError("the blue deck is too small to deal to every player")


@dataclass(slots=True)
class PendingAnswer:
    """The answer that stands while others may challenge it."""

    seat: int
    text: str
    verdict: Verdict
    card: str
    penalty: int
    optional_penalty: bool
    challenged: bool = False


@dataclass(frozen=True, slots=True)
class JudgedAnswer:
    """An answer checked and judged, before it is played (or failed)."""

    event: Answer
    seat: int
    verdict: Verdict
    card: str | None
    """The card it is played with; None for a wrong answer."""
    penalty: int
