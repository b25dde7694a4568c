"""A Crack List table's settings, and the records of an answer while it is judged and stands."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from host.core.events import Seat
from host.games.crack_list.cards import BlueDeckError, BlueDeckMix
from host.games.crack_list.events import Answer
from host.judge import Verdict

MIN_SEATS = 2
MAX_SEATS = 8
"""The rulebook's "for 2 to 8 players, or more by playing in teams": 2 to 8 seats."""
TEAM_SIZES = (2, 3)
MAX_PEOPLE = 20
"""Teams of 2 or 3 "allow up to twenty players"."""
SEATS_RANGE = f"{MIN_SEATS} to {MAX_SEATS}"
PLAYERS_HELP = (
    f"{SEATS_RANGE} players, or {SEATS_RANGE} teams of {TEAM_SIZES[0]} or {TEAM_SIZES[-1]} "
    f"(up to {MAX_PEOPLE} people)"
)
"""The one statement of who can play, for the help texts and the refusals."""


COUNTDOWN_GRACE = 0.5
"""The share of a turn that is the player's alone: the countdown cannot be called before it
(10 s of a 20 s turn), so that calling it at once cannot cut a turn to 5 s. A turn's timer runs
in two parts, "turn_grace" then "turn"."""


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
        grace = self.turn_seconds * COUNTDOWN_GRACE
        seconds = {
            "turn_grace": grace,
            "turn": self.turn_seconds - grace,
            "choose": self.choose_seconds,
            "vote": self.vote_seconds,
            "penalty": self.penalty_seconds,
            "countdown": self.countdown_seconds,
            "challenge": self.challenge_seconds,
        }
        return seconds.get(name, self.turn_seconds)

    def validate(self) -> None:
        """Raise ValueError when the table cannot play; the message says what to change."""
        names = [seat.name.lower() for seat in self.seats]
        if not MIN_SEATS <= len(self.seats) <= MAX_SEATS:
            raise ValueError(f"Crack List is for {PLAYERS_HELP}, not {len(self.seats)}")
        if len(set(names)) != len(names):
            raise ValueError("every player needs a different name")
        if sum(len(seat.people) for seat in self.seats) > MAX_PEOPLE:
            raise ValueError(f"at most {MAX_PEOPLE} people can play, in teams of 2 or 3")
        odd = [seat.name for seat in self.seats
               if seat.members and not TEAM_SIZES[0] <= len(seat.members) <= TEAM_SIZES[-1]]
        if odd:
            raise ValueError(
                f"teams have 2 or 3 people, not '{odd[0]}': join names with commas, "
                "e.g. --teams Ann,Bob Cat,Dan,Eve"
            )
        if not 0 <= self.first < len(self.seats):
            raise ValueError("the first chooser must be one of the players")
        if self.rounds < 1:
            raise ValueError(f"{self.rounds} rounds cannot be played: give at least 1, "
                             "e.g. --rounds 3 (the rulebook's)")
        if self.hand_size < 1:
            raise ValueError(f"a hand of {self.hand_size} cards cannot be dealt: give at least 1, "
                             "e.g. --hand-size 8 (the rulebook's)")
        if not self.turn_seconds > 0:
            raise ValueError(
                f"a turn of {self.turn_seconds:g} seconds cannot be played: give more than 0, "
                "e.g. --turn-seconds 20 (the rulebook's)"
            )
        self.blue.validate()
        dealt = self.hand_size * len(self.seats)
        if self.blue.size <= dealt:
            raise BlueDeckError(
                f"the blue deck holds {self.blue.size} cards, too few to deal {self.hand_size} "
                f"to each of {len(self.seats)} and keep a draw pile: give it more than {dealt}"
            )


@dataclass(slots=True)
class PendingAnswer:
    """The answer that stands while others may challenge it, or a refusal the list may be wrong
    about (`refused`), open to a challenge until the next player acts."""

    seat: int
    text: str
    verdict: Verdict
    card: str
    """The card it is (or, refused, would be) played with."""
    penalty: int
    optional_penalty: bool
    challenged: bool = False
    penalty_due: bool = False
    """The answerer has still to say who takes the penalty cards (or, a Joker's, none)."""
    penalised: list[tuple[int, list[str]]] = field(default_factory=list)
    """The penalty cards handed out for it, by seat: they come back if the answer is rejected."""
    refused: bool = False
    """The host refused it as not on a list that may lack it; a vote may overrule."""
    drawn: list[str] = field(default_factory=list)
    """Refused: the card the answerer drew for it (put back if the vote overrules)."""
    fails_before: int = 0
    """The failures in a row before it: rejected by a vote, it is one more."""


@dataclass(frozen=True, slots=True)
class JudgedAnswer:
    """An answer checked and judged, before it is played (or failed)."""

    event: Answer
    seat: int
    verdict: Verdict
    card: str | None
    """The card it is played with; None for a wrong answer (unless its refusal may be
    challenged: then the card it would be played with)."""
    penalty: int
