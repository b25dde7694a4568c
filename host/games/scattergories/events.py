"""The events a Scattergories game receives: one frozen dataclass per thing a player can do.

The host rolls the letter die itself (the game's random generator) when a round starts, in the
roller's name; the writing time's end and every other timer's come as host.core.events.TimeUp.
"""

from __future__ import annotations

from dataclasses import dataclass

from host.core.events import TimeUp


@dataclass(frozen=True, slots=True)
class ChooseLetter:
    """After a wild star, the roller chooses the key letter (any letter not used yet)."""

    player: str
    letter: str


@dataclass(frozen=True, slots=True)
class AskMoreTime:
    """"One more minute?": a player asks for the timer to be turned over again; every other
    player must agree."""

    player: str


@dataclass(frozen=True, slots=True)
class AgreeMoreTime:
    """A player answers the request for more time: yes (`agree`) or no."""

    player: str
    agree: bool = True


@dataclass(frozen=True, slots=True)
class ReadAnswer:
    """The reader on turn reads their answer to the category being read ("" for a blank)."""

    player: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class Challenge:
    """A player questions another player's answer to the category being read."""

    player: str
    target: str
    """The player whose answer is challenged."""


@dataclass(frozen=True, slots=True)
class Vote:
    """A player's thumbs up (`accept`) or down on the challenged answer."""

    player: str
    accept: bool


Move = ChooseLetter | AskMoreTime | AgreeMoreTime | ReadAnswer | Challenge | Vote
"""What a player does (said, typed, or played by a bot)."""
ScattergoriesEvent = Move | TimeUp
"""Everything the rules receive: the players' moves and the session's time-ups."""
