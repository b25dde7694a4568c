"""What the host answers when Scattergories players ask about the table: the letter, the list,
the category, the answers read, the score, whose turn it is."""

from __future__ import annotations

from typing import Any

import pytest

from host.core.events import Note, TimeUp
from host.core.talk import Query
from host.games.scattergories.config import WILD
from host.games.scattergories.events import AgreeMoreTime, AskMoreTime, Challenge, ReadAnswer
from host.games.scattergories.flow import State
from host.games.scattergories.notes import NoteKind
from host.games.scattergories.questions import ScattergoriesQuestions
from host.games.scattergories.rules import ScattergoriesGame
from tests.games.scattergories.tables import new_game, to_reading

TITLES = ["Animals", "Words for the host", "Singers", "Things that are cold", "Fruits",
          "Movies"]


def ask(game: ScattergoriesGame, kind: str) -> Note:
    notes = ScattergoriesQuestions(game).answer(Query(kind, "Ann"))
    assert notes is not None and len(notes) == 1
    return notes[0]


def params(game: ScattergoriesGame, kind: str) -> dict[str, Any]:
    return dict(ask(game, kind).params)


def test_the_letter_and_the_letters_used() -> None:
    game = new_game("P")
    assert ask(game, "letter") == Note(NoteKind.KEY_LETTER, {
        "letter": "P", "round": 1, "used": ["P"], "roller": "Ann", "choosing": False})


def test_no_letter_while_the_roller_chooses() -> None:
    game = new_game(WILD)
    assert params(game, "letter")["letter"] is None
    assert params(game, "letter")["choosing"] is True


def test_the_list_read_again() -> None:
    game = new_game()
    assert ask(game, "list") == Note(NoteKind.CATEGORY_LIST, {
        "list": 1, "categories": TITLES, "letter": "P", "round": 1})


def test_the_category_is_the_note_its_reading_opened_with() -> None:
    game = new_game()
    notes: list[Any] = []
    while game.state is State.WRITING:
        notes += game.handle(TimeUp(game.timer_token))
    opened = next(n for n in notes if isinstance(n, Note) and n.kind == NoteKind.CATEGORY)
    game.handle(ReadAnswer("Ann", "Penguin"))
    assert ask(game, "category") == opened


def test_the_category_outside_the_reading_is_the_list() -> None:
    assert ask(new_game(), "category").kind == NoteKind.CATEGORY_LIST


def test_the_answers_read_so_far_to_the_category() -> None:
    game = to_reading(new_game())
    assert params(game, "answers")["answers"] == {}
    game.handle(ReadAnswer("Ann", "Penguin"))
    game.handle(ReadAnswer("Bob", ""))
    assert params(game, "answers") == {"category": "Animals", "number": 1,
                                       "answers": {"Ann": "Penguin", "Bob": ""}}
    assert params(new_game(), "answers")["category"] is None


def test_the_score_gives_the_totals_and_the_rounds() -> None:
    game = to_reading(new_game())
    assert params(game, "score") == {"points": {"Ann": 0, "Bob": 0, "Cat": 0}, "round": 1,
                                     "rounds": 2, "round_scores": [], "game_over": False}


def test_the_score_in_round_one_counts_the_points_announced_so_far() -> None:
    game = to_reading(new_game())
    for player, answer in (("Ann", "Penguin"), ("Bob", "Tiger"), ("Cat", "")):
        game.handle(ReadAnswer(player, answer))
    game.handle(TimeUp(game.timer_token))  # the category is scored: Ann 2, Bob 1
    assert params(game, "score")["points"] == {"Ann": 2, "Bob": 1, "Cat": 0}
    assert game.points() == {"Ann": 0, "Bob": 0, "Cat": 0}  # the totals wait for the round


def test_the_situation_of_each_moment() -> None:
    game = new_game()
    assert params(game, "situation")["state"] == "writing"
    to_reading(game)
    situation = params(game, "situation")
    assert (situation["state"], situation["player"], situation["category"]) == \
        ("reading", "Ann", "Animals")
    game.handle(ReadAnswer("Ann", "Pingu"))
    game.handle(Challenge("Bob", "Ann"))
    situation = params(game, "situation")
    assert (situation["state"], situation["target"]) == ("voting", "Ann")


def test_the_writing_time_beyond_the_deadline() -> None:
    game = new_game()
    questions = ScattergoriesQuestions(game)
    assert questions.seconds_after_deadline() == game.config.countdown_seconds
    game.handle(AskMoreTime("Bob"))
    game.handle(AgreeMoreTime("Ann"))
    game.handle(AgreeMoreTime("Cat"))
    assert questions.seconds_after_deadline() == \
        game.config.countdown_seconds + game.config.extension_seconds
    game.handle(TimeUp(game.timer_token))  # the countdown
    assert questions.seconds_after_deadline() == game.config.extension_seconds
    to_reading(game)
    assert questions.seconds_after_deadline() == 0.0


@pytest.mark.parametrize("kind", ["hand", "count", "repeat", "claim_turn", "time_left"])
def test_other_questions_are_not_scattergories(kind: str) -> None:
    assert ScattergoriesQuestions(new_game()).answer(Query(kind, "Ann")) is None
