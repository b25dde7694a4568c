"""A Crack Word table's settings: the seats, their colours, the piles and the timer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from host.core.events import Seat
from host.games.crack_word.cards import COLOURS, LETTERS, deck_size

MIN_SEATS = 2
MAX_SEATS = 4
"""The rulebook's 2 to 4 players, one colour each."""
PLAYERS_HELP = f"{MIN_SEATS} to {MAX_SEATS} players"
PILE_SIZE: dict[int, int] = {2: 40, 3: 30, 4: 25}
"""Each player's starting pile, by the number of players (all the cards in expert mode)."""
HAND_SIZE = 8
ROWS = 4
DEFAULT_LANG = "fr"
"""The host speaks French for Crack Word unless told otherwise (the box is French)."""
MIN_CRACK = 3
"""A Crack Word needs a word of at least 3 letters."""
WORD_CHOICES = 4
"""How many justifying words a placement is heard with: the dictionary's commonest words that
hold the row (the bots name one of them). Ten made some 400 phrases a turn, and scoring them
on silence (the recognizer's priors) took seconds a turn on two cores."""
PHYSICAL_WORD_CHOICES = 1
"""The same with physical cards, where every letter the player's colour may still hold is
offered (the host cannot see the hand): one word each keeps the phrases of a turn near the
virtual cards' count; a justifying word said that is not offered is heard as the one offered
for the same placement, which justifies it as well."""


@dataclass(frozen=True)
class CrackWordConfig:
    """Table settings; the defaults are the rulebook's. Seat i plays colour i of COLOURS."""

    seats: tuple[Seat, ...]
    lang: str = "fr"
    expert: bool = False
    """Expert mode: each pile holds every card of its colour."""
    first: int | None = None
    """The starting seat; None: each player cuts their deck and the letter closest to A starts."""
    turn_seconds: float = 90.0
    """The rulebook sets no time limit; the host's: time up draws a card and passes."""
    cards: Literal["virtual", "physical"] = "virtual"
    """virtual: the host deals and knows every hand; physical: the players hold real cards,
    say what they show and place, and the host counts each hand and pile."""

    @property
    def colours(self) -> tuple[str, ...]:
        """The colour of each seat."""
        return COLOURS[:len(self.seats)]

    @property
    def physical(self) -> bool:
        """Whether the players hold real cards."""
        return self.cards == "physical"

    @property
    def word_choices(self) -> int:
        """How many justifying words a placement is heard with (the bots name one)."""
        return PHYSICAL_WORD_CHOICES if self.physical else WORD_CHOICES

    @property
    def pile_size(self) -> int:
        """How many cards each player's starting pile holds."""
        return deck_size(self.lang) if self.expert else PILE_SIZE[len(self.seats)]

    def timer_seconds(self, name: str) -> float:
        """How long the timer called `name` runs (only "turn")."""
        return self.turn_seconds

    def validate(self) -> None:
        """Raise ValueError when the table cannot play; the message says what to change."""
        names = [seat.name.strip().lower() for seat in self.seats]
        if not MIN_SEATS <= len(self.seats) <= MAX_SEATS:
            raise ValueError(f"Crack Word is for {PLAYERS_HELP}, not {len(self.seats)}")
        if len(set(names)) != len(names):
            raise ValueError("every player needs a different name")
        if self.lang not in LETTERS:
            raise ValueError(f"Crack Word has no deck for language '{self.lang}'")
        if self.first is not None and not 0 <= self.first < len(self.seats):
            raise ValueError("the first player must be one of the players")
        if self.cards not in ("virtual", "physical"):
            raise ValueError(f"cards are virtual or physical, not '{self.cards}'")
        if not self.turn_seconds > 0:
            raise ValueError(f"a turn of {self.turn_seconds:g} seconds cannot be played")
