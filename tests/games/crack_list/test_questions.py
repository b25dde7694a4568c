"""A question for the host is a question in every state, however it is asked: never an answer."""

from __future__ import annotations

import pytest

from host.core.talk import Query
from host.games.crack_list.events import Answer, Challenge, ChooseCategory
from host.games.crack_list.rules import State
from host.games.crack_list.talk import CrackListTalk
from tests.games.crack_list.conftest import OPEN, Table, TableFactory
from tests.games.crack_list.sessions import game_of, kinds, playing, said

ASKED = [
    ("how many cards", "counts"),
    ("How many cards do I have?", "count"),
    ("how many cards have I got left", "count"),
    ("how many cards are left", "counts"),
    ("how many cards has Cat got", "count"),
    ("how many does Cat have", "count"),
    ("tell me how many cards Cat has", "count"),
    ("how many cards has everyone got", "counts"),
    ("can I see my hand", "hand"),
    ("Could you show me my cards, please?", "hand"),
    ("what cards do I have", "hand"),
    ("what's in my hand?", "hand"),
    ("what letters have I got", "hand"),
    ("tell me what cards I have", "hand"),
    ("what's the category again", "category"),
    ("what category are we on", "category"),
    ("remind me what the category is", "category"),
    ("who's winning", "score"),
    ("can you tell me the score", "score"),
    ("whose turn is it", "situation"),
    ("is it my turn", "situation"),
    ("who's next", "situation"),
    ("can you repeat that", "repeat"),
    ("could you say that again", "repeat"),
    ("what are the rules", "rules"),
    ("help me", "help"),
    ("what do I say?", "help"),
    ("how much time do I have left", "time_left"),
]
"""Questions as players ask them, and the question each is."""


def in_state(table: TableFactory, state: State) -> Table:
    """A table of Ann, Bob and Cat in `state`, in an open category once one is chosen, where
    every question's first letter is in Bob's hand (it could be played as his answer)."""
    t = table()
    if state is State.CHOOSING:
        return t
    t(ChooseCategory("Ann", OPEN))
    t.rig(1, ["H", "C", "W", "T", "I", "R", "M", "S"])
    if state is State.ANSWERED:
        t.rig(0, ["Q", "A"])
        t(Answer("Bob", "Cheating ref"))
        t.rig(2, ["Q", "A"])
        t(Answer("Cat", "Quit whining"))
    elif state is State.VOTING:
        t(Answer("Bob", "Cheating ref"))
        t(Challenge("Ann"))
    assert t.game.state is state
    return t


@pytest.mark.parametrize("state", list(State)[:4])
@pytest.mark.parametrize(("asked", "kind"), ASKED)
def test_every_way_of_asking_is_a_question_in_every_state(
    table: TableFactory, state: State, asked: str, kind: str
) -> None:
    talk = CrackListTalk(in_state(table, state).game)
    heard = talk.parse(asked, "Bob")
    assert isinstance(heard, Query) and heard.kind == kind, heard


@pytest.mark.parametrize(("asked", "target"), [
    ("how many cards has Cat got", "Cat"), ("tell me how many cards Cat has", "Cat"),
    ("how many cards do I have", "Bob"), ("how many have I got", "Bob"),
])
def test_a_count_is_of_the_player_named_or_of_the_asker_who_says_i(
    table: TableFactory, asked: str, target: str
) -> None:
    talk = CrackListTalk(in_state(table, State.TURN).game)
    assert talk.parse(asked, "Bob") == Query("count", "Bob", target if target != "Bob" else None)


def test_questions_on_ones_turn_in_an_open_category_are_answered_not_played() -> None:
    session, _ = playing("excuses-for-being-late", {1: ["H", "C", "A"], 2: ["C", "A", "B"]})
    game = game_of(session)
    lines = session.hear_words("how many cards")
    assert said(lines) == "Ann has 8 cards. | Bob has 3 cards. | Cat has 3 cards.", said(lines)
    lines = session.hear_words("Cat: can I see my hand")
    assert kinds(lines) == ["hand"], said(lines)
    assert game.state is State.TURN and game.expected_player() == "Bob"
    assert game.given == [] and len(game.hands[1]) == 3


def test_how_many_cards_everyone_has_is_one_count_each() -> None:
    session, _ = playing("excuses-for-being-late", {1: ["H", "C", "A"], 2: ["C", "A"]})
    lines = session.hear_words("how many cards has everyone got?")
    assert said(lines) == "Ann has 8 cards. | Bob has 3 cards. | Cat has 2 cards.", said(lines)


@pytest.mark.parametrize("said", ["fridge, all to Ann", "I want to think", "how many cards"])
def test_a_number_inside_other_words_chooses_no_category(table: TableFactory, said: str) -> None:
    talk = CrackListTalk(in_state(table, State.CHOOSING).game)
    assert not isinstance(talk.parse(said, "Ann"), ChooseCategory)


@pytest.mark.parametrize(("said", "choice"), [
    ("two", 2), ("number three please", 3), ("I'll go with one", 1), ("let's do the second one", 2),
    ("okay, I'll have number two", 2), ("the last one", 3),
])
def test_a_category_is_chosen_by_its_number_said_whole(
    table: TableFactory, said: str, choice: int
) -> None:
    talk = CrackListTalk(in_state(table, State.CHOOSING).game)
    assert talk.parse(said, "Ann") == ChooseCategory("Ann", choice)
