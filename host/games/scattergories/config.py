"""A Scattergories table's settings: the box's die, the list, the timer and the seats."""

from __future__ import annotations

from dataclasses import dataclass

from host.core.events import Seat

MIN_SEATS = 2
MAX_SEATS = 6
"""The box holds 4 folders (2 to 4 players); the host plays up to 6, on plain paper or with
spoken answers: more readers would make each category's reading too long."""
PLAYERS_HELP = f"{MIN_SEATS} to {MAX_SEATS} players"

WILD = "*"
"""The die's wild star face: the roller chooses any letter not used yet in the game."""
DIE_FACES = "ABCDEFGHIKLMNOPRSTW" + WILD
"""The 20 faces of the host's letter die: 19 letters and the wild star; left out are J, Q,
U, V, X, Y and Z, the letters too few answers start with."""
LIST_COUNT = 12
"""The box's lists, numbered 1 to 12 (the deck's lists, in its order)."""
CATEGORY_CHOICES = (6, 12)
"""Answers scored a list: the junior rulebook's 6 (the list's first six), or all 12."""
ROUNDS = 2
"""Rounds a game: after two rounds, the highest total wins."""
TIMER_NAMES = ("writing", "extra", "countdown", "choose", "read", "challenge", "vote")
"""Every timer the game asks for ("extra": the minute the timer is turned over for)."""


@dataclass(frozen=True)
class ScattergoriesConfig:
    """Table settings; the defaults are the rulebook's where it gives one, the host's where it
    is silent (each said below)."""

    seats: tuple[Seat, ...]
    first: int = 0
    """Seat index of the first roller; the die passes one seat to the left each round."""
    list_number: int | None = None
    """The list played (1 to 12 in the box; a deck of the players' own may add more); None:
    the game's random generator chooses one."""
    categories: int = 6
    """Categories answered a round: 6, the list's first six in its order, or all 12."""
    die: str = DIE_FACES
    """The letter die's faces, WILD for the star."""
    writing_seconds: float = 150.0
    """The rulebook gives no length: the classic sand timer runs about two and a half minutes."""
    extension_seconds: float = 60.0
    """"One more minute": the timer turned over again, when every player agrees."""
    extensions: int = 1
    """How often a round's timer may be turned over again."""
    countdown_seconds: float = 10.0
    """The last seconds of the writing time, counted down aloud."""
    choose_seconds: float = 30.0
    """The roller's time to choose a letter after a wild star; then the host rolls for them."""
    read_seconds: float = 30.0
    """A reader's time to read their answer; silence reads as a blank."""
    challenge_seconds: float = 6.0
    """After the last reader of a category, the time left to challenge before it is scored."""
    vote_seconds: float = 20.0
    """The time to vote on a challenge; a player who has not voted by then does not count."""
    tie_break_rounds: int = 3
    """Tie-break rounds at most; players still tied after them share the victory."""
    spoken_answers: bool = False
    """The paper-free variant: players think during the time and say their answers, unwritten,
    at the reading (the same game; only what the host says differs)."""
    lang: str = "en"
    """The answers' language, for the judge's sameness of answers."""

    def timer_seconds(self, name: str) -> float:
        """How long the timer called `name` runs ("writing" is the time before the countdown;
        "extra" the extension's)."""
        seconds = {
            "writing": self.writing_seconds - self.countdown_seconds,
            "extra": self.extension_seconds - self.countdown_seconds,
            "countdown": self.countdown_seconds,
            "choose": self.choose_seconds,
            "read": self.read_seconds,
            "challenge": self.challenge_seconds,
            "vote": self.vote_seconds,
        }
        return seconds.get(name, self.writing_seconds)

    def validate(self) -> None:
        """Raise ValueError when the table cannot play; the message says what to change."""
        names = [seat.name.strip().lower() for seat in self.seats]
        if not MIN_SEATS <= len(self.seats) <= MAX_SEATS:
            raise ValueError(f"Scattergories is for {PLAYERS_HELP}, not {len(self.seats)}")
        if len(set(names)) != len(names):
            raise ValueError("every player needs a different name")
        if not 0 <= self.first < len(self.seats):
            raise ValueError("the first roller must be one of the players")
        if self.list_number is not None and self.list_number < 1:
            raise ValueError(f"list {self.list_number} does not exist: lists are numbered "
                             f"from 1 (1 to {LIST_COUNT} in the box)")
        if self.categories not in CATEGORY_CHOICES:
            raise ValueError(f"{self.categories} categories cannot be played: choose 6 or 12")
        self._validate_die()
        self._validate_times()

    def _validate_die(self) -> None:
        letters = [face for face in self.die if face != WILD]
        if not all(face.isalpha() and face.isupper() and len(face) == 1 for face in letters) \
                or len(set(letters)) != len(letters):
            raise ValueError("the die's faces must be different capital letters, or the star")
        if len(letters) < ROUNDS + self.tie_break_rounds:
            raise ValueError(f"a die of {len(letters)} letters cannot give a new letter to "
                             f"every round: give at least {ROUNDS + self.tie_break_rounds}")

    def _validate_times(self) -> None:
        if not 0 < self.countdown_seconds < min(self.writing_seconds, self.extension_seconds):
            raise ValueError("the countdown must be shorter than the writing time and the "
                             "extra minute")
        timers = (self.choose_seconds, self.read_seconds, self.challenge_seconds,
                  self.vote_seconds)
        if min(timers) <= 0:
            raise ValueError("every timer needs a length above zero")
        if self.extensions < 0 or self.tie_break_rounds < 0:
            raise ValueError("extensions and tie-break rounds cannot be negative")
