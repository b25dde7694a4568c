"""Short List typed through the session as guests type it: a name not at the table costs
nobody anything, and what the host recaps ("what has been said", the exchanges of crystals)."""

from __future__ import annotations

import random

import pytest

from host.clock import FakeClock
from host.core.phrasebook import Phrasebook
from host.core.session import Line, Session
from host.games.short_list.announce import VOICE
from host.games.short_list.events import Answer, Jump, Pass
from host.games.short_list.questions import ShortListQuestions
from host.games.short_list.rules import ShortListGame
from host.games.short_list.talk import ShortListTalk
from tests.games.short_list.tables import new_game


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
        return self.session.hear_words(text)

    def crystals(self) -> dict[str, int]:
        return self.game.points()


# ---------------------------------------------------------------------- who is speaking

def test_a_line_from_a_name_not_at_the_table_costs_nobody_anything() -> None:
    table = Table()
    before = table.crystals()
    lines = table.type("Fay: Tuscany")  # at Bob's prompt; nobody called Fay plays
    assert [line.kind for line in lines] == ["who_is"]
    assert "who's Fay?" in lines[0].text.replace("Who's", "who's")
    assert table.moves == [] and table.crystals() == before
    assert table.game.expected_player() == "Bob" and not table.game.out


def test_a_typo_of_a_players_name_is_asked_about_never_charged_to_the_guesser_on_turn() -> None:
    table = Table()
    table.type("pass")  # Bob passes: Cat's turn
    before = table.crystals()
    lines = table.type("Dna: it's my turn, Lazio")
    assert [line.kind for line in lines] == ["who_is"]
    assert "Dna" in lines[0].text and "Did you mean Dan?" in lines[0].text
    assert table.moves == [Pass("Bob")] and table.crystals() == before
    assert table.game.expected_player() == "Cat" and table.game.its_my_turn == [1, 1, 1, 1]
    table.type("Dan: it's my turn, Poland")  # said again with the name: Dan's jump
    assert table.moves[-1] == Jump("Dan", "Poland")


@pytest.mark.parametrize(("said", "kind"), [
    ("Fay, it's my turn, Poland", "who_is"),
    ("it's my turn, Fay: Poland", "who_is"),
    ("fay: it's my turn", "who_is"),
    ("Dna, Poland", "who_is"),
    ("Fay it's my turn Poland", "whose_voice"),
    ("okay, it's my turn, Poland", "whose_voice"),
])
def test_a_claim_from_someone_not_at_the_table_is_asked_about(said: str, kind: str) -> None:
    table = Table()
    before = table.crystals()
    assert [line.kind for line in table.type(said)] == [kind]
    assert table.moves == [] and table.crystals() == before


@pytest.mark.parametrize(("said", "move"), [
    ("Okay, Poland", Answer("Bob", "Okay, Poland")),
    ("Cat: Poland", Jump("Cat", "Poland")),
    ("my answer is It's my turn", Answer("Bob", "It's my turn")),
])
def test_words_that_name_nobody_are_still_the_guessers_answer(said: str, move: object) -> None:
    table = Table()
    table.type(said)
    assert table.moves == [move]


def test_is_it_my_turn_is_a_question_not_an_answer() -> None:
    table = Table()
    assert [line.kind for line in table.type("is it my turn?")] == ["situation"]
    assert table.moves == []


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
