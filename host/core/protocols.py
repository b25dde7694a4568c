"""The small interfaces a game implements for the core session: rules, talk, questions, kind."""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from host.core.events import ArmTimer, Note, Seat
from host.core.legal import Offers
from host.core.phrasebook import GameVoice
from host.core.talk import Query, Unclear

if TYPE_CHECKING:
    from host.clock import Clock
    from host.core.session import Session
    from host.core.simulate import SimulationReport


class SetupError(ValueError):
    """The table cannot be set up; the message says what to fix."""


class Game(Protocol):
    """A game's pure rules: events in, notes out."""

    seats: tuple[Seat, ...]

    @property
    def over(self) -> bool:
        """True once the game has a winner."""
        ...

    def start(self) -> list[Note | ArmTimer]:
        """Deal, and say what happens first."""
        ...

    def handle(self, event: Any) -> list[Note | ArmTimer]:
        """Apply one event; a refused event gives one "refused" note."""
        ...

    def push(self, event: Any) -> list[Note | ArmTimer]:
        """Apply one event, raising IllegalEvent when the rules refuse it."""
        ...

    def expected_player(self) -> str | None:
        """Whose move it is, when one player is awaited."""
        ...

    def resumed(self) -> list[Note | ArmTimer]:
        """Picking up a game replayed from its save: where we are, and its timer again."""
        ...

    def situation(self) -> list[Note]:
        """What the table is waiting for now (whose turn, the question, the category), said
        again after a pause; no timer."""
        ...


class Talk(Protocol):
    """A game's spoken grammar: its legal moves as said, each said and read back."""

    def parse(self, text: str, speaker: str | None = None) -> Any | Query | Unclear:
        """An utterance as a game event, a question for the host, or Unclear. `speaker` is
        who said it when that is known (a named console line, a claimed turn)."""
        ...

    def say(self, event: Any, prefix: str | None = None) -> str:
        """How a player says this event out loud (`prefix`: their name first)."""
        ...

    def offers(self) -> Offers:
        """Every seat's legal moves of the moment as the recognizer is offered them, each with
        what acting on it misheard would cost."""
        ...


class Questions(Protocol):
    """A game's answers to questions about its state ("what's the category", "my hand")."""

    def answer(self, query: Query) -> list[Note] | None:
        """Notes that answer the query (a "private_to" param marks a line for one player only),
        or None when it is not this game's question."""
        ...

    def seconds_after_deadline(self) -> float:
        """How long the game's clock runs on after the running timer's deadline (a countdown
        still to come): what "how much time" adds to the deadline."""
        ...


@dataclass(frozen=True)
class Option:
    """One of a game's own command-line options: its flag, what it does in this game, and
    argparse's other keywords (type, choices, action, metavar, dest). Two games may share an
    option when they declare it with the same keywords and default; its help then tells each
    game's words."""

    flag: str
    """The option as typed ("--turn-seconds")."""
    help: str
    """What it does in this game."""
    default: Any = None
    """The value when it is not given (`simulate` keeps None on the command line, to tell a
    given option from one left out)."""
    kwargs: Mapping[str, Any] = field(default_factory=dict)
    """argparse's keywords but help and default."""

    @property
    def dest(self) -> str:
        """The attribute of the parsed arguments ("turn_seconds")."""
        return str(self.kwargs.get("dest") or self.flag.lstrip("-").replace("-", "_"))


@dataclass(frozen=True)
class Seating:
    """Who can sit at a game's table: for the help texts, the lobby and the refusals."""

    fewest: int
    most: int
    players_help: str
    """The one statement of who can play ("2 to 8 players, or 2 to 8 teams of 2 or 3 ...")."""
    first: str
    """What the first player named does ("who chooses the first category")."""
    teams: bool = False
    """Whether the lobby offers to play in teams of two (or three)."""


@dataclass(frozen=True)
class Simulation:
    """How `partyhost simulate` plays a game with bots."""

    run: Callable[[argparse.Namespace], SimulationReport]
    """The arguments (this game's options filled with their defaults) -> the report."""
    checks: str
    """What the referee checks is never lost ("the 78 blue cards")."""
    options: tuple[Option, ...] = ()
    """This game's own `simulate` options (another game's, given, is refused)."""


@dataclass(frozen=True)
class GameKind:
    """One game the host can run: its name, its lines, its events and how to set up a table."""

    name: str
    """The command-line name ("crack-list")."""
    title: str
    """How the host says it ("Crack List")."""
    voice: GameVoice
    events: tuple[type, ...]
    """Every event class a save file may hold."""
    options_from_args: Callable[[argparse.Namespace], Any]
    """The table's options from `partyhost play`'s command line."""
    options_from_json: Callable[[dict[str, Any]], Any]
    """The table's options back from a save file."""
    new_session: Callable[[Any, Clock, Path | None, Sequence[Any]], Session]
    """(options, clock, save file or None, saved events to replay) -> a session."""
    voice_bots: Callable[[Any, random.Random], Any]
    """Bot players for a game by voice: they say only what a closed grammar can hear."""
    same_move: Callable[[Any, Sequence[Any], Any], bool]
    """(move meant, the events the host made of it, the game): did the host get it right?"""
    play_options: frozenset[str]
    """The `partyhost play` options (argparse dests) this game is set up with; a table
    option of another game, given, is refused rather than ignored."""
    demo_options: Callable[[Sequence[str], argparse.Namespace], Any]
    """(bot names, `partyhost demo`'s arguments) -> the options of a spoken demo game."""
    seating: Seating
    """How many play, and how the help and the lobby say it."""
    table_options: tuple[Option, ...] = ()
    """This game's own `partyhost play` options (beside the players, the seed, the language
    and the decks, which every game reads)."""
    simulation: Simulation | None = None
    """How `partyhost simulate` plays it; None: it is not offered there."""
    lobby_questions: tuple[str, ...] = ()
    """What the lobby asks before the game, by name ("cards", "quizmaster", "answers",
    "language": host.lobby.tables.QUESTIONS)."""
    deck_entries: str | None = None
    """What this game's deck files hold: "cards", "questions" or "lists"; None: it has no
    deck files."""
    categories_repeat: bool = False
    """Whether a deck may hold one category in several of its entries (Scattergories' lists
    reuse a category)."""
    default_lang: str = "en"
    """The language the host speaks and the decks are in when --lang is not given."""
    answer_is_right: Callable[[Any, Any], bool] = lambda move, game: False
    """(move, game) -> the move is an answer the rules would take as right now."""
    costly: frozenset[str] = frozenset()
    """Note kinds that cost the player who moved (a wrong answer, a pass): the demo counts a
    right answer the host made into one of these, the mishearing players mind most."""
    rewarding: frozenset[str] = frozenset()
    """Note kinds that reward the player who moved (a right answer): the demo counts a move
    that was no right answer the host made into one of these (a crystal for a wrong guess)."""
