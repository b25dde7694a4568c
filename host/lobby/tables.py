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
    it in each language (each with the `partyhost play` arguments it stands for), and the
    answer taken when nobody says one, in each language."""

    key: str
    answers: Mapping[str, Mapping[str, tuple[str, ...]]]
    default: Mapping[str, str]

    def said(self, lang: str) -> Mapping[str, tuple[str, ...]]:
        """The answers in `lang` (English for a language without its own)."""
        return self.answers.get(lang, self.answers["en"])

    def by_default(self, lang: str) -> str:
        """The answer taken when nobody says one, as said in `lang`."""
        return self.default.get(lang, self.default["en"])


@dataclass(frozen=True)
class SetUp:
    """How one game's table is set up by voice."""

    table: Table
    teams: bool = False
    """Whether the game may be played in teams (of two, or three)."""
    questions: tuple[Question, ...] = field(default=())


PHYSICAL = ("--cards", "physical")
CARDS = Question("ask_cards", {
    "en": {"virtual": (), "virtual cards": (), "physical": PHYSICAL, "physical cards": PHYSICAL,
           "real cards": PHYSICAL},
    "fr": {"virtuelles": (), "cartes virtuelles": (), "vraies cartes": PHYSICAL,
           "nos cartes": PHYSICAL, "cartes en main": PHYSICAL}},
    {"en": "virtual", "fr": "virtuelles"})
HOST_QUIZMASTER = ("--host-quizmaster",)
QUIZMASTER = Question("ask_quizmaster", {
    "en": {"yes": HOST_QUIZMASTER, "you": HOST_QUIZMASTER, "no": (), "take turns": ()},
    "fr": {"oui": HOST_QUIZMASTER, "toi": HOST_QUIZMASTER, "non": (), "chacun son tour": ()}},
    {"en": "no", "fr": "non"})
LANGUAGE = Question("ask_language", {
    "en": {"french": ("--lang", "fr"), "in french": ("--lang", "fr"),
           "english": ("--lang", "en"), "in english": ("--lang", "en")},
    "fr": {"français": ("--lang", "fr"), "en français": ("--lang", "fr"),
           "anglais": ("--lang", "en"), "en anglais": ("--lang", "en")}},
    {"en": "french", "fr": "en français"})
ANSWERS = Question("ask_answers", {
    "en": {"paper": (), "on paper": (), "spoken": ("--spoken-answers",),
           "spoken answers": ("--spoken-answers",)},
    "fr": {"papier": (), "sur papier": (), "à voix haute": ("--spoken-answers",),
           "à l'oral": ("--spoken-answers",)}},
    {"en": "paper", "fr": "sur papier"})

JUST_START = {"en": ("just start", "start the game", "let's play", "the usual"),
              "fr": ("on commence", "lance la partie", "comme d'habitude", "c'est parti")}
"""Said to any question: its default, and every question after it too (by language)."""
TEAMS = {"en": (("teams", "in teams"), ("no teams",)),
         "fr": (("en équipes", "par équipes"), ("pas d'équipes", "chacun pour soi"))}
"""Teams, or no teams, as said in each language."""
REMATCH = {"en": "rematch", "fr": "revanche"}


def just_start(lang: str) -> tuple[str, ...]:
    """"Just start" in `lang` (English for a language without its own)."""
    return JUST_START.get(lang, JUST_START["en"])


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
