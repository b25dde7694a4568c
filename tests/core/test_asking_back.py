"""What the session does with what the recognizer heard, over the fake game Colours: asking
back, a yes that plays it, a no that denies it, and the likeliest choices (the ear's every
rule, one row each, is tests/core/test_hearing.py)."""

from __future__ import annotations

import pytest

from host.clock import FakeClock
from host.speech.ports import Transcript
from tests.core.fakegame.rules import Hurry
from tests.core.fakegame.table import ColourSession, kinds, started, texts
from tests.transcripts import HALF, LIKELY, LOW, SURE, TWICE, WEAK, heard


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def test_an_unsure_guess_is_asked_back_and_a_yes_plays_it(clock: FakeClock) -> None:
    session = started(clock)
    assert texts(session.ask_back("Cat hurry up")) == "Cat hurry up?"
    assert session.expected_phrases() == ["yes", "no", "Cat hurry up"]  # open: no other move
    assert "Five" in texts(session.hear_words("yes"))


def test_while_asking_back_a_closed_game_still_offers_its_moves(clock: FakeClock) -> None:
    session = started(clock, open_palette=False)
    session.ask_back("red")
    offered = session.expected_phrases() or []
    assert offered[:2] == ["yes", "no"] and "green" in offered and "pass" in offered


def test_a_question_heard_unsure_is_not_asked_back(clock: FakeClock) -> None:
    session = started(clock)
    assert kinds(session.hear_speech(heard(("pause the game", WEAK)))) == ["unclear"]
    assert not session.paused and not session.asking


def test_the_likeliest_move_after_a_question_not_taken_is_asked_back(clock: FakeClock) -> None:
    session = started(clock, open_palette=False)
    lines = session.hear_speech(heard(("pause the game", WEAK), ("repeat", LOW), ("pass", WEAK),
                                      ("red", LOW), free="Boss.", free_p=LOW))
    assert texts(lines) == "Pass?" and not session.paused
    session.hear_words("yes")
    assert session.game.expected_player() == "Bob"  # the pass was played
    lines = session.hear_speech(heard(("score", WEAK), ("repeat", WEAK), ("help", LOW)))
    assert kinds(lines) == ["unclear"]  # no move among them
    said = heard(("score", SURE), ("repeat", LOW), ("pass", LOW), free="What's the score?",
                 free_p=SURE)
    assert kinds(session.hear_speech(said)) == ["score"]  # a question heard


def test_a_guess_denied_is_not_offered_again_until_a_move(clock: FakeClock) -> None:
    session = started(clock, open_palette=False)
    session.ask_back("Cat hurry up")
    assert kinds(session.hear_words("no")) == ["misheard"]
    assert "Cat hurry up" not in (session.expected_phrases() or [])
    assert not session.game.hurried  # nothing was played
    session.hear_words("pass")
    assert "Cat hurry up" in (session.expected_phrases() or [])


def test_a_move_denied_is_not_offered_in_any_words(clock: FakeClock) -> None:
    session = started(clock, open_palette=False)
    session.ask_back("pass")
    session.hear_words("no")
    offered = session.expected_phrases() or []
    assert "pass" not in offered and "Ann pass" not in offered and "red" in offered


def test_a_move_the_rules_refuse_keeps_the_guesses_denied(clock: FakeClock) -> None:
    session = started(clock, open_palette=False)
    session.ask_back("Cat hurry up")
    session.hear_words("no")
    assert kinds(session.hear_words("Bob: red")) == ["refused"]  # not Bob's turn: no move made
    assert "Cat hurry up" not in (session.expected_phrases() or [])


def test_a_move_said_again_instead_of_yes_is_heard_as_said(clock: FakeClock) -> None:
    session = started(clock)
    session.ask_back("pass")
    assert "Five" in texts(session.hear_words("Cat hurry up"))


def test_time_running_out_drops_the_question(clock: FakeClock) -> None:
    session = started(clock)
    session.ask_back("pass")
    clock.advance(20.0)
    assert session.tick()[0].kind == "timeout"
    assert session.game.expected_player() == "Bob"
    assert session.table.confirming is None
    assert kinds(session.hear_words("yes")) == ["unclear"]  # the stale pass is not played


def calls_open(clock: FakeClock) -> tuple[ColourSession, list[object]]:
    """Bob on turn, so Ann may hurry him; and the list of the moves the host makes from then
    on."""
    session = started(clock)
    session.hear_words("red")
    moves: list[object] = []
    session.on_event = lambda event, notes: moves.append(event)
    return session, moves


def test_a_call_heard_without_its_name_is_the_player_decoding_freely_heard(
        clock: FakeClock) -> None:
    """Whisper writes "Ann crack on" as "and crack one.", and the bare call may win over the
    named one: the call is Ann's, not the one a bare call is (here the next player's)."""
    session, moves = calls_open(clock)
    said = heard(("hurry up", LIKELY), free="and hurry up.", free_p=SURE)
    assert "Five" in texts(session.hear_speech(said))
    assert moves == [Hurry("Ann")]


def test_a_call_rejected_whose_free_transcript_names_a_player_is_asked_back(
        clock: FakeClock) -> None:
    session, moves = calls_open(clock)
    said = Transcript("", free="and hurry up.", free_p=HALF)
    assert texts(session.hear_speech(said)) == "Ann hurry up?"
    assert "Five" in texts(session.hear_words("yes"))
    assert moves == [Hurry("Ann")]


def test_leading_words_that_sound_like_no_player_leave_the_call_alone(
        clock: FakeClock) -> None:
    session, moves = calls_open(clock)
    assert kinds(session.hear_speech(Transcript("", free="all hurry up"))) == ["unclear"]
    assert moves == []


def test_a_repeat_is_asked_back_unless_heard_sure(clock: FakeClock) -> None:
    """A name Whisper likes, once given, caught what was said next ("Lazarus" heard as
    "Barnabas", and a card drawn for the repeat): a repeat costs its player, so it is played
    only when heard sure, and asked back when only likely."""
    session = started(clock)
    session.hear_words("red")
    assert "red" in (session.expected_phrases() or [])  # a repeat must be heard to be called out
    likely = heard(("red", LIKELY), free="Bread.", free_p=LOW)
    assert texts(session.hear_speech(likely)) == "Red?"
    assert kinds(session.hear_words("no")) == ["misheard"]
    session = started(clock)
    session.hear_words("red")
    said = session.hear_speech(heard(("red", SURE), free="Red.", free_p=SURE))
    assert said[0].kind == "repeated" and session.game.scores["Bob"] == -1


def test_a_runner_up_likelier_than_the_likeliest_choice_is_asked_back(
        clock: FakeClock) -> None:
    """Whisper wrote "pass" as "POSS" and "Atole" as "at all", and "pass" was no more than a
    runner-up: its calibrated p (weighing how it sounds like what was freely heard) is above
    the likeliest choice's, and it is asked back."""
    session = started(clock, open_palette=False)
    said = heard(("pause the game", LOW), ("pass", WEAK), ("red", LOW), free="POSS", free_p=LOW)
    assert texts(session.hear_speech(said)) == "Pass?"
    assert session.hear_words("yes")[0].kind == "passed"


def test_a_choice_heard_unsure_gives_way_to_a_likelier_one(clock: FakeClock) -> None:
    """"Cabernet Franc", freely heard as "Cabernet Franklin.", came back unsure as "Cabernet
    Sauvignon": the runner-up with the higher p (it sounds much more like what was freely
    heard) is asked back instead; a likely choice stands."""
    session = started(clock, open_palette=False)
    unsure = heard(("red", WEAK), ("pass", HALF), free="passing.", free_p=LOW)
    assert texts(session.hear_speech(unsure)) == "Pass?"
    assert session.hear_words("yes")[0].kind == "passed"
    likely = heard(("red", LIKELY), ("pass", WEAK), free="passing.", free_p=LOW)
    assert session.hear_speech(likely)[0].kind == "named"


def test_none_of_the_choices_unlike_the_likeliest_is_not_caught(clock: FakeClock) -> None:
    session = started(clock, open_palette=False)
    for free, likeliest in (("Oscar.", "pass"), ("pause", "pause the game")):
        said = heard((likeliest, LOW), free=free, free_p=LOW)
        assert kinds(session.hear_speech(said)) == ["unclear"]


def asked_back_red(clock: FakeClock) -> ColourSession:
    """Ann's turn, the host asking back "Red?"."""
    session = started(clock)
    said = heard(("red", HALF), free="Rad.", free_p=LOW)
    assert texts(session.hear_speech(said)) == "Red?"
    return session


def test_a_no_heard_unsure_while_asking_back_is_taken(clock: FakeClock) -> None:
    """A no costs only asking again: taken as a question is, on weaker evidence than a move."""
    session = asked_back_red(clock)
    lines = session.hear_speech(heard(("no", HALF), free="Northern.", free_p=LOW))
    assert lines[0].kind == "misheard"


def test_a_yes_heard_unsure_while_asking_back_has_the_question_asked_again(
        clock: FakeClock) -> None:
    session = asked_back_red(clock)
    assert texts(session.hear_speech(heard(("yes", HALF), free="Yet.", free_p=LOW))) == "Red?"
    sure = heard(("yes", SURE), free="Yes.", free_p=SURE)
    assert session.hear_speech(sure)[0].kind == "named"


def test_a_move_heard_unsure_instead_of_a_no_is_asked_back_and_played_when_likely(
        clock: FakeClock) -> None:
    """Whisper heard a "no" as "Nosy" (its free transcript: "North"), which the calibration
    leaves unsure: asked back; a move heard likely instead of the yes or no is played."""
    session = asked_back_red(clock)
    said = heard(("green", HALF), free="North", free_p=LOW)
    assert texts(session.hear_speech(said)) == "Green?"
    assert session.hear_speech(heard(("no", SURE), free="No.", free_p=SURE))[0].kind == "misheard"
    session = asked_back_red(clock)
    lines = session.hear_speech(heard(("green", LIKELY), free="Green.", free_p=LIKELY))
    assert lines[0].kind == "named" and session.game.named == ["green"]


def test_a_secret_heard_unsure_is_asked_for_again_then_heard_when_heard_twice(
        clock: FakeClock) -> None:
    """The secret colour is never said aloud unless a player said it: heard unsure beside
    unclear words, the host asks for the move again without naming it; heard so again, the
    odds multiply and it is played."""
    session = started(clock)
    once = heard(("gold", TWICE), free="Hello.", free_p=LOW)
    assert kinds(session.hear_speech(once)) == ["unclear"]
    assert "gold" not in texts(session.table.last_lines).lower()
    again = heard(("gold", TWICE), free="Hmm, what?", free_p=LOW)
    assert kinds(session.hear_speech(again)) == ["found_secret"] and session.finished


def test_a_colour_off_the_palette_freely_heard_is_taken_sure_or_asked_back(
        clock: FakeClock) -> None:
    session = started(clock)
    sure = Transcript("", free="Mauve.", free_p=LIKELY)
    assert kinds(session.hear_speech(sure)) == ["off_palette", "turn"]
    half = Transcript("", free="Teal.", free_p=HALF)
    assert texts(session.hear_speech(half)) == "Teal?"
    assert kinds(session.hear_words("no")) == ["misheard"]
    assert kinds(session.hear_speech(half)) == ["unclear"]  # denied: not asked again
