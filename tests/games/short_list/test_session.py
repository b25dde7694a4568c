"""Short List typed through the session as guests type it: a name not at the table costs
nobody anything, and what the host recaps ("what has been said", the exchanges of crystals)."""

from __future__ import annotations

import random

from host.clock import FakeClock
from host.core.phrasebook import Phrasebook
from host.core.session import Line, Session
from host.games.short_list.announce import VOICE
from host.games.short_list.questions import ShortListQuestions
from host.games.short_list.rules import ShortListGame
from host.games.short_list.talk import ShortListTalk
from tests.games.short_list.test_talk import new_game


class Table:
    """A session on the Germany card (Ann quizmaster, Bob on turn) and the moves it played."""

    def __init__(self, game: ShortListGame | None = None) -> None:
        self.game = game or new_game()
        self.moves: list[object] = []
        self.session = Session(self.game, ShortListTalk(self.game),
                               ShortListQuestions(self.game),
                               Phrasebook(game=VOICE, rng=random.Random(0)), FakeClock(),
                               on_event=lambda event, notes: self.moves.append(event))

    def type(self, text: str) -> list[Line]:
        """What the host answers a typed line."""
        return self.session.hear(text)

    def crystals(self) -> dict[str, int]:
        return self.game.points()


# ---------------------------------------------------------------------- recaps

def test_what_has_been_said_lists_the_wrong_guesses_too() -> None:
    table = Table()
    table.type("Atlantis")  # Bob, wrong
    table.type("Poland")  # Cat, right
    table.type("Lisbon")  # Dan, wrong
    said = " ".join(line.text for line in table.type("what has been said"))
    assert "Poland" in said and "Atlantis" in said and "Lisbon" in said
    assert said.index("Poland") < said.index("Atlantis") < said.index("Lisbon")


def test_wrong_guesses_are_said_before_any_answer_is_found() -> None:
    table = Table()
    table.type("Atlantis")
    lines = table.type("what has been said")
    assert [line.kind for line in lines] == ["said_so_far"]
    assert "found yet" in lines[0].text
    assert lines[0].text.endswith("Atlantis.")


def test_a_new_round_forgets_the_last_rounds_wrong_guesses() -> None:
    table = Table()
    for _ in range(3):
        table.type("Atlantis")  # everyone wrong: the round ends
    assert table.game.round_no == 2
    assert "Atlantis" not in table.type("what has been said")[0].text
