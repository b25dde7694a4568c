"""Scattergories games for tests: a started table on a test list of six categories, its die
rolling the faces given, and the writing time run out."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from host.core.events import Seat, TimeUp, make_seats
from host.decks import AnswerEntry, Category, CategoryKind, CategoryList
from host.games.scattergories.config import DIE_FACES, ScattergoriesConfig
from host.games.scattergories.flow import State
from host.games.scattergories.lists import category_lists
from host.games.scattergories.rules import ScattergoriesGame
from host.judge import Judge

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
JUDGE = Judge()
DECK = category_lists()


def listed(id_: str, answers: Sequence[str]) -> Category:
    """A listed category (unlisted answers go to a vote); "Hippopotamus | Hippo" an alias."""
    entries = [answer.split(" | ") for answer in answers]
    return Category(id_, id_.replace("-", " ").capitalize(), CategoryKind.LISTED,
                    answers=tuple(AnswerEntry(forms[0], tuple(forms[1:])) for forms in entries))


CATEGORIES = (
    listed("animals", ["Penguin", "Parrot", "Panda", "Polar bear", "Tiger",
                       "Hippopotamus | Hippo"]),
    listed("words-for-the-host", ["Score", "Help", "Pass", "Challenge", "Letter", "Repeat"]),
    Category("singers", "Singers", CategoryKind.OPEN, people=True),
    Category("things-that-are-cold", "Things that are cold"),
    listed("fruits", ["Peach", "Pear", "Plum"]),
    Category("movies", "Movies"),
)
LISTS = [CategoryList("list-01", CATEGORIES)]


class Dice(random.Random):
    """A random generator whose die shows the faces given, in order (then rolls freely)."""

    def __init__(self, faces: str = "", seed: int = 1) -> None:
        super().__init__(seed)
        self.faces = list(faces)

    def choice(self, seq: Sequence[Any]) -> Any:
        if self.faces and seq == DIE_FACES:
            return self.faces.pop(0)
        return super().choice(seq)


def new_game(faces: str = "P", players: int = 3, *,
             seats: tuple[Seat, ...] | None = None) -> ScattergoriesGame:
    """A started game on the test list: Ann rolls the faces given and starts each reading."""
    config = ScattergoriesConfig(seats or make_seats(NAMES[:players]), list_number=1)
    game = ScattergoriesGame(config, LISTS, JUDGE, Dice(faces))
    game.start()
    return game


def to_reading(game: ScattergoriesGame) -> ScattergoriesGame:
    """Let the writing time run out: pencils down, the first category read."""
    while game.state is State.WRITING:
        game.handle(TimeUp(game.timer_token))
    return game
