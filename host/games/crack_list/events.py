"""The events a Crack List game receives: one frozen dataclass per thing a player can do."""

from __future__ import annotations

from dataclasses import dataclass

from host.core.events import TimeUp


@dataclass(frozen=True, slots=True)
class ChooseCategory:
    """The chooser picks one of the three categories on the red card."""

    player: str
    choice: int
    """1, 2 or 3: the category's position on the card (0 when chosen by `title`)."""
    title: str | None = None
    """With physical cards: a category read from the chooser's own red card."""


@dataclass(frozen=True, slots=True)
class Answer:
    """A player plays a letter card (or the Joker) and gives an answer."""

    player: str
    text: str
    letter: str | None = None
    """The letter card played, when the player named it ("A, amaze"); else the host picks."""
    joker: bool = False
    """True when the player plays the Joker for this answer."""
    penalty: tuple[tuple[str, int], ...] | None = None
    """Who takes the penalty cards, said in the same breath ("Q, queen snake, all to Ann"), as
    Penalise.targets; None when not said."""


@dataclass(frozen=True, slots=True)
class PlayCrackList:
    """The player plays a Crack List card and will choose a new category."""

    player: str


@dataclass(frozen=True, slots=True)
class PlayStop:
    """The player plays a Stop card: the next player misses a turn."""

    player: str


@dataclass(frozen=True, slots=True)
class PlayReverse:
    """The player plays a Reverse card: the direction of play flips."""

    player: str


@dataclass(frozen=True, slots=True)
class PlaySwap:
    """The player plays a Swap card with another player."""

    player: str
    target: str
    card: str | None = None
    """The one card to give (a letter or action name); None swaps the whole hand."""


@dataclass(frozen=True, slots=True)
class Penalise:
    """After a penalty letter, the player says who takes the penalty cards."""

    player: str
    targets: tuple[tuple[str, int], ...]
    """(player, cards) pairs; an empty tuple declines a Joker's optional penalty."""


@dataclass(frozen=True, slots=True)
class Pass:
    """The player gives up on this turn and draws a card."""

    player: str


@dataclass(frozen=True, slots=True)
class Challenge:
    """Another player challenges the answer just given."""

    player: str


@dataclass(frozen=True, slots=True)
class Vote:
    """A player votes on a challenged answer that the host cannot verify."""

    player: str
    accept: bool


@dataclass(frozen=True, slots=True)
class CallCountdown:
    """Another player calls the time challenge: "5, 4, 3, 2, 1... Crack On!"."""

    player: str


Move = (
    ChooseCategory
    | Answer
    | PlayCrackList
    | PlayStop
    | PlayReverse
    | PlaySwap
    | Penalise
    | Pass
    | Challenge
    | Vote
    | CallCountdown
)
"""What a player does (said, typed, or played by a bot)."""
CrackListEvent = Move | TimeUp
"""Everything the rules receive: the players' moves and the session's time-ups."""
