"""A Short List table's settings: the rulebook's box contents and the seats."""

from __future__ import annotations

from dataclasses import dataclass

from host.core.events import Seat

MIN_SEATS = 3
MAX_SEATS = 8
"""The rulebook's 3 to 8 players (8 "It's my turn" cards in the box)."""
PLAYERS_HELP = f"{MIN_SEATS} to {MAX_SEATS} players"

ORANGE_VALUE = 5
"""An orange crystal is worth five blue: five blue are exchanged for one orange."""

TURNS_AS_QUIZMASTER: dict[int, int] = {3: 3, 4: 3, 5: 2, 6: 2, 7: 1, 8: 1}
"""How many times each player is the quizmaster, by the number of players: thrice with 3 to 4,
twice with 5 to 6, once with 7 to 8."""


@dataclass(frozen=True)
class ShortListConfig:
    """Table settings; the defaults are the rulebook's.

    With `host_quizmaster` the host is the quizmaster of every round (the variant): every
    player guesses every round, the first guesser of round n is the seat `first + n - 1`
    clockwise (so the opening turn goes round the table), and the crystals a quizmaster would
    win go to the host's own pile, which counts for nobody. The game lasts `host_rounds`
    rounds; left at None, as many as the rulebook's game for the table (each player opens the
    guessing as often as they would have been the quizmaster: 9 to 12 rounds with 3 to 4
    players, 10 to 12 with 5 to 6, 7 to 8 with 7 to 8). The end and the tie-break are the
    rulebook's, among the players only.
    """

    seats: tuple[Seat, ...]
    first: int = 0
    """Seat index of the first quizmaster (the youngest player, or one chosen)."""
    guess_seconds: float = 30.0
    """The rulebook gives a guesser no time limit; the host's: time up counts as a pass."""
    winner_crystals: int = 7
    """Set aside from the stockpile at each question round."""
    personal_crystals: int = 3
    """Blue crystals each player starts with."""
    blue_crystals: int = 50
    orange_crystals: int = 15
    """The box's crystals: 50 blue (1 point) and 15 orange (5 points)."""
    its_my_turn_cards: int = 8
    host_quizmaster: bool = False
    """The host is the quizmaster of every round; every player guesses (the variant)."""
    host_rounds: int | None = None
    """The variant's number of rounds; None: as many as the rulebook's game for the table."""

    @property
    def times_as_quizmaster(self) -> int:
        """How many times each player is the quizmaster."""
        return TURNS_AS_QUIZMASTER[len(self.seats)]

    @property
    def rounds(self) -> int:
        """The number of question rounds: every player is the quizmaster as often (in the
        variant, `host_rounds` when given)."""
        if self.host_quizmaster and self.host_rounds is not None:
            return self.host_rounds
        return self.times_as_quizmaster * len(self.seats)

    def timer_seconds(self, name: str) -> float:
        """How long the timer called `name` runs (only "guess" so far)."""
        return self.guess_seconds

    def validate(self) -> None:
        """Raise ValueError when the table cannot play; the message says what to change."""
        names = [seat.name.strip().lower() for seat in self.seats]
        if not MIN_SEATS <= len(self.seats) <= MAX_SEATS:
            raise ValueError(f"Short List is for {PLAYERS_HELP}, not {len(self.seats)}")
        if len(set(names)) != len(names):
            raise ValueError("every player needs a different name")
        if not 0 <= self.first < len(self.seats):
            raise ValueError("the first quizmaster must be one of the players")
        if not self.guess_seconds > 0:
            raise ValueError(f"a guess of {self.guess_seconds:g} seconds cannot be played")
        if self.personal_crystals * len(self.seats) >= self.blue_crystals:
            raise ValueError("too few blue crystals to give every player their start and "
                             "leave some in the stockpile")
        if self.host_rounds is not None and self.host_rounds < 1:
            raise ValueError(f"a game of {self.host_rounds} rounds cannot be played: "
                             "give at least one round")
