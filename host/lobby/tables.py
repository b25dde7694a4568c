"""What the lobby asks before each game: the seats it takes, whether it plays in teams, and the
options that matter at the table, each with a spoken default (the `partyhost play` options
they stand for)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from host.core.protocols import GameKind
from host.lobby.grammar import Table
from host.registry import GAMES


@dataclass(frozen=True)
class Question:
    """One option asked by voice: the phrasebook key of the question, the phrases that answer
    it (each with the `partyhost play` arguments it stands for), and the answer taken when
    nobody says one."""

    key: str
    answers: dict[str, tuple[str, ...]]
    default: str


@dataclass(frozen=True)
class SetUp:
    """How one game's table is set up by voice."""

    table: Table
    teams: bool = False
    """Whether the game may be played in teams (of two, or three)."""
    questions: tuple[Question, ...] = field(default=())


PHYSICAL = ("--cards", "physical")
CARDS = Question("ask_cards", {"virtual": (), "virtual cards": (), "physical": PHYSICAL,
                               "physical cards": PHYSICAL, "real cards": PHYSICAL}, "virtual")
HOST_QUIZMASTER = ("--host-quizmaster",)
QUIZMASTER = Question("ask_quizmaster", {"yes": HOST_QUIZMASTER, "you": HOST_QUIZMASTER,
                                         "no": (), "take turns": ()}, "no")
LANGUAGE = Question("ask_language", {"french": ("--lang", "fr"), "in french": ("--lang", "fr"),
                                     "english": ("--lang", "en"), "in english": ("--lang", "en")},
                    "french")
ANSWERS = Question("ask_answers", {"paper": (), "on paper": (),
                                   "spoken": ("--spoken-answers",),
                                   "spoken answers": ("--spoken-answers",)}, "paper")

JUST_START = ("just start", "start the game", "let's play", "the usual")
"""Said to any question: its default, and every question after it too."""


QUESTIONS = {"cards": CARDS, "quizmaster": QUIZMASTER, "language": LANGUAGE, "answers": ANSWERS}
"""The questions a game may ask in the lobby, by the names its GameKind.lobby_questions gives."""


def setups(games: Mapping[str, GameKind]) -> dict[str, SetUp]:
    """Every game of the registry, as the lobby sets it up."""
    return {name: SetUp(Table(name, kind.title, kind.seating.fewest, kind.seating.most),
                        teams=kind.seating.teams,
                        questions=tuple(QUESTIONS[asked] for asked in kind.lobby_questions))
            for name, kind in games.items()}


SETUPS = setups(GAMES)
"""Every game of the registry, as the lobby sets it up."""

TABLES = {name: setup.table for name, setup in SETUPS.items()}


def teams_of(people: list[str]) -> list[list[str]]:
    """People in seat order as teams of two (the last of three when they are odd)."""
    teams = [people[i:i + 2] for i in range(0, len(people) - len(people) % 2, 2)]
    if len(people) % 2:
        teams[-1].append(people[-1])
    return teams
