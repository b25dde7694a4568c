"""Colours' pure rules: the player on turn names a colour; a new one on the palette scores a
point, one named already costs a point, the table's secret colour wins the game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from host.core.events import ArmTimer, IllegalEvent, Note, Said, Seat, TimeUp

PALETTE = ("red", "green", "blue", "yellow", "purple")
"""The colours the recognizer is offered (a colour off the palette is open words)."""
TURN = "turn"
TURN_SECONDS = 20.0
COUNTDOWN = "countdown"
"""The core's name for a timer whose last seconds it calls out."""
COUNTDOWN_SECONDS = 5.0


@dataclass(frozen=True)
class Name:
    """The player on turn names a colour (said in set words, or any words when open)."""

    player: str
    colour: str


@dataclass(frozen=True)
class Pass:
    """The player on turn passes."""

    player: str


@dataclass(frozen=True)
class Hurry:
    """A player not on turn starts the five-second countdown."""

    player: str


ColourEvent = Name | Pass | Hurry | TimeUp
EVENTS = (Name, Pass, Hurry, TimeUp)
"""Every event class a save file may hold."""


class ColourGame:
    """One table of Colours: seats take turns until one names the secret colour."""

    def __init__(self, seats: Sequence[Seat], *, secret: str = "gold",
                 open_palette: bool = True) -> None:
        self.seats = tuple(seats)
        self.secret = secret
        self.open_palette = open_palette
        """Whether a colour off the palette may be named (the recognizer's choices do not
        hold it: Offers.open)."""
        self.turn = 0
        self.named: list[str] = []
        self.scores = {seat.name: 0 for seat in self.seats}
        self.hurried = False
        self.winner: str | None = None
        self.timer_token = 0

    @property
    def over(self) -> bool:
        """True once the secret colour is found."""
        return self.winner is not None

    def expected_player(self) -> str | None:
        """The player on turn, until the game is over."""
        return None if self.over else self.seats[self.turn].name

    def next_player(self) -> str:
        """Who plays after the player on turn."""
        return self.seats[(self.turn + 1) % len(self.seats)].name

    def start(self) -> list[Said]:
        """The first player's turn."""
        return self._turn_notes()

    def resumed(self) -> list[Said]:
        """Where the game stands, and its running timer armed again."""
        return [Note("resumed_game"), *self.situation(), self._timer()]

    def situation(self) -> list[Note]:
        """Whose turn it is."""
        return [Note("turn", {"player": self.expected_player()})]

    def handle(self, event: ColourEvent) -> list[Said]:
        """Apply an event; a refused one gives one "refused" note."""
        try:
            return self.push(event)
        except IllegalEvent as refusal:
            return [refusal.note()]

    def push(self, event: ColourEvent) -> list[Said]:
        """Apply an event, raising IllegalEvent when the rules refuse it."""
        if self.over:
            raise IllegalEvent("game_over")
        if isinstance(event, TimeUp):
            return self._time_up(event)
        if isinstance(event, Hurry):
            return self._hurry(event)
        if event.player != self.expected_player():
            raise IllegalEvent("not_your_turn", player=event.player)
        if isinstance(event, Pass):
            return [Note("passed", {"player": event.player}), *self._next_turn()]
        return self._name(event)

    def _name(self, event: Name) -> list[Said]:
        colour, player = event.colour.strip().lower(), event.player
        said = {"player": player, "colour": colour}
        if colour == self.secret:
            self.winner = player
            return [Note("found_secret", said)]
        if colour in self.named:
            self.scores[player] -= 1
            return [Note("repeated", said), *self._next_turn()]
        if colour not in PALETTE and not self.open_palette:
            raise IllegalEvent("not_on_palette", colour=colour)
        if colour in PALETTE:
            self.scores[player] += 1
        self.named.append(colour)
        return [Note("named" if colour in PALETTE else "off_palette", said), *self._next_turn()]

    def _hurry(self, event: Hurry) -> list[Said]:
        if event.player == self.expected_player():
            raise IllegalEvent("own_turn", player=event.player)
        if self.hurried:
            raise IllegalEvent("already_hurried")
        self.hurried = True
        self.timer_token += 1
        return [Note("hurry", {"caller": event.player, "player": self.expected_player()}),
                self._timer()]

    def _time_up(self, event: TimeUp) -> list[Said]:
        if event.token != self.timer_token:
            raise IllegalEvent("stale_timer")
        return [Note("timeout", {"player": self.expected_player()}), *self._next_turn()]

    def _next_turn(self) -> list[Said]:
        self.turn = (self.turn + 1) % len(self.seats)
        self.hurried = False
        return self._turn_notes()

    def _turn_notes(self) -> list[Said]:
        self.timer_token += 1
        return [Note("turn", {"player": self.expected_player()}), self._timer()]

    def _timer(self) -> ArmTimer:
        """The timer running now: the countdown once called, else the turn's."""
        if self.hurried:
            return ArmTimer(COUNTDOWN, COUNTDOWN_SECONDS, self.timer_token)
        return ArmTimer(TURN, TURN_SECONDS, self.timer_token)
