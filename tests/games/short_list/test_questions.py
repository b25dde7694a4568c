"""What players ask the Short List host about the table: answers left, the question, what has
been said, the score, whose turn it is."""

from __future__ import annotations

from typing import Any

import pytest

from host.core.events import Note
from host.core.talk import Query
from host.games.short_list.events import Answer, Jump, Pass
from host.games.short_list.notes import NoteKind, Refusal
from host.games.short_list.questions import ShortListQuestions
from host.games.short_list.rules import ShortListGame
from tests.games.short_list.tables import new_game


@pytest.fixture
def game() -> ShortListGame:
    """Four players on the Germany card (9 answers): Ann is quizmaster, Bob on turn."""
    return new_game()


def ask(game: ShortListGame, kind: str) -> Note:
    """The one note answering the question `kind`."""
    notes = ShortListQuestions(game).answer(Query(kind, "Bob"))
    assert notes is not None and len(notes) == 1
    return notes[0]


def params(game: ShortListGame, kind: str) -> dict[str, Any]:
    return dict(ask(game, kind).params)


def test_answers_left_counts_found_answers_and_winner_crystals(game: ShortListGame) -> None:
    assert ask(game, "answers_left").kind == NoteKind.ANSWERS_LEFT
    assert params(game, "answers_left") == {"found": 0, "answers": 9, "crystals": 7,
                                            "to_find": 7}
    game.handle(Answer("Bob", "Holland"))
    game.handle(Pass("Cat"))
    assert params(game, "answers_left") == {"found": 1, "answers": 9, "crystals": 5,
                                            "to_find": 6}


def test_the_question_is_the_note_the_round_opened_with(game: ShortListGame) -> None:
    game.handle(Answer("Bob", "Poland"))
    note = ask(game, "question")
    assert note.kind == NoteKind.QUESTION
    assert dict(note.params) == {
        "round": 1, "rounds": 12, "quizmaster": "Ann",
        "question": "Name a country that shares a land border with Germany.",
        "answers": 9, "crystals": 6,
    }


def test_the_question_note_matches_the_rules_own() -> None:
    game = new_game()
    opened = next(n for n in game.resumed() if isinstance(n, Note) and
                  n.kind == NoteKind.QUESTION)
    assert ask(game, "question") == opened
    variant = new_game(host_quizmaster=True)
    opened = next(n for n in variant.resumed() if isinstance(n, Note) and
                  n.kind == NoteKind.QUESTION)
    assert ask(variant, "question") == opened
    assert opened.params["quizmaster"] is None


def test_said_so_far_lists_the_answers_found_in_order(game: ShortListGame) -> None:
    assert params(game, "said_so_far")["answers"] == []
    game.handle(Answer("Bob", "the netherlands"))
    game.handle(Jump("Dan", "Czechia"))
    game.handle(Answer("Bob", "Holland"))  # a repeat: not a second find
    note = ask(game, "said_so_far")
    assert note.kind == NoteKind.SAID_SO_FAR
    assert note.params["answers"] == ["Netherlands", "Czech Republic"]
    assert note.params["found"] == 2


def test_the_score_gives_points_crystals_quizmaster_and_round(game: ShortListGame) -> None:
    game.handle(Answer("Bob", "Atlantis"))  # wrong: a crystal from Bob to Ann
    note = ask(game, "score")
    assert note.kind == NoteKind.SCORE
    assert dict(note.params) == {
        "points": {"Ann": 4, "Bob": 2, "Cat": 3, "Dan": 3},
        "blue": {"Ann": 4, "Bob": 2, "Cat": 3, "Dan": 3},
        "orange": {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 0},
        "quizmaster": "Ann", "round": 1, "rounds": 12,
    }


def test_the_situation_says_whose_turn_and_who_is_out(game: ShortListGame) -> None:
    game.handle(Pass("Bob"))
    note = ask(game, "situation")
    assert note.kind == NoteKind.SITUATION
    assert dict(note.params) == {"player": "Cat", "out": ["Bob"], "quizmaster": "Ann",
                                 "round": 1, "rounds": 12, "game_over": False}


def test_the_host_quizmaster_variant_names_no_quizmaster() -> None:
    game = new_game(host_quizmaster=True)
    for kind in ("score", "situation", "question"):
        assert params(game, kind)["quizmaster"] is None


def test_once_the_game_is_over_round_questions_are_refused() -> None:
    game = new_game(players=7)
    while not game.over:
        game.handle(Pass(game.seats[game.guesser].name))
    for kind in ("answers_left", "question", "said_so_far"):
        assert ask(game, kind) == Note("refused", {"reason": Refusal.GAME_OVER})
    assert params(game, "situation")["game_over"] is True
    assert ask(game, "score").kind == NoteKind.SCORE


@pytest.mark.parametrize("kind", ["category", "hand", "count", "repeat", "claim_turn"])
def test_other_questions_are_not_short_lists(game: ShortListGame, kind: str) -> None:
    assert ShortListQuestions(game).answer(Query(kind, "Bob")) is None
