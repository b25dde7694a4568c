"""Crack Word's answers to the players' questions: the board row by row, a private hand, the
cards each player holds, the score."""

from __future__ import annotations

from host.core.events import Note
from host.core.talk import Query
from host.games.crack_word.announce import Shown
from host.games.crack_word.questions import CrackWordQuestions
from tests.games.crack_word.tables import new_game, with_hand


def test_the_board_is_read_row_by_row() -> None:
    game = with_hand(new_game(), "R", "CHAT", "", "A", "OURS")
    notes = CrackWordQuestions(game).answer(Query("board", "Ann")) or []
    assert [(n.kind, n.params["row"], n.params["letters"]) for n in notes] == [
        ("board_row", 0, list("CHAT")), ("board_row", 1, []), ("board_row", 2, ["A"]),
        ("board_row", 3, list("OURS"))]


def test_the_board_names_whose_card_each_is_with_or_without_colours_asked() -> None:
    game = with_hand(new_game(), "R", "AB")
    for kind in ("board", "board_colours"):
        notes = CrackWordQuestions(game).answer(Query(kind, "Ann"))
        assert notes is not None and notes[0].params["tiles"] == [Shown("A", "Ann"),
                                                                 Shown("B", "Ann")]


def test_a_hand_is_private() -> None:
    game = with_hand(new_game(), "RE!")
    notes = CrackWordQuestions(game).answer(Query("hand", "Ann"))
    assert notes == [Note("hand", {"player": "Ann", "cards": ["!", "E", "R"],
                                   "private_to": "Ann"})]
    assert CrackWordQuestions(game).answer(Query("hand", "Bob")) is not None


def test_counts_and_score() -> None:
    game = new_game()
    questions = CrackWordQuestions(game)
    counts = questions.answer(Query("count", "Ann"))
    assert counts is not None and [n.params["hand"] for n in counts] == [8, 8, 8]
    assert questions.answer(Query("score", "Ann")) == \
        [Note("score", {"points": {"Ann": 0, "Bob": 0, "Cat": 0}})]
    assert questions.answer(Query("repeat", "Ann")) is None
    assert questions.seconds_after_deadline() == 0.0


def test_one_player_s_count() -> None:
    game = new_game()
    questions = CrackWordQuestions(game)
    assert questions.answer(Query("count", "Ann", "Bob")) == \
        [Note("hand_count", {"player": "Bob", "hand": 8, "pile": 21})]
    assert [n.params["player"] for n in questions.answer(Query("count", "Ann")) or []] == \
        ["Ann", "Bob", "Cat"]
