"""What the session does with what the recognizer heard, over the fake game Colours: asking
back, a yes that plays it, a no that denies it, and the likeliest choices (the ear's every
rule, one row each, is tests/core/test_hearing.py)."""

from __future__ import annotations

import pytest

from host.clock import FakeClock
from host.speech.ports import Transcript
from tests.core.fakegame.rules import Hurry
from tests.core.fakegame.table import ColourSession, kinds, started, texts


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
    assert kinds(session.hear_speech(Transcript("pause the game", unsure=True))) == ["unclear"]
    assert not session.paused and not session.asking


def test_the_likeliest_move_after_a_question_not_taken_is_asked_back(clock: FakeClock) -> None:
    session = started(clock, open_palette=False)
    ranked = ("repeat", "pass", "red")
    lines = session.hear_speech(Transcript("pause the game", free="Boss.", runners_up=ranked))
    assert texts(lines) == "Pass?" and not session.paused
    session.hear_words("yes")
    assert session.game.expected_player() == "Bob"  # the pass was played
    lines = session.hear_speech(Transcript("score", unsure=True, runners_up=("repeat", "help")))
    assert kinds(lines) == ["unclear"]  # no move among them
    heard = Transcript("score", free="What's the score?", runners_up=ranked)
    assert kinds(session.hear_speech(heard)) == ["score"]  # a question heard


def test_a_guess_denied_is_not_offered_again_until_a_move(clock: FakeClock) -> None:
    session = started(clock, open_palette=False)
    session.ask_back("Cat hurry up")
    assert kinds(session.hear_words("no")) == ["misheard"]
    assert "Cat hurry up" not in (session.expected_phrases() or [])
    assert not session.game.hurried  # nothing was played
    session.hear_words("pass")
    assert "Cat hurry up" in (session.expected_phrases() or [])


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
    assert "Five" in texts(session.hear_speech(Transcript("hurry up", free="and hurry up.")))
    assert moves == [Hurry("Ann")]


def test_a_call_rejected_whose_free_transcript_names_a_player_is_asked_back(
        clock: FakeClock) -> None:
    session, moves = calls_open(clock)
    assert texts(session.hear_speech(Transcript("", free="and hurry up."))) == "Ann hurry up?"
    assert "Five" in texts(session.hear_words("yes"))
    assert moves == [Hurry("Ann")]


def test_leading_words_that_sound_like_no_player_leave_the_call_alone(
        clock: FakeClock) -> None:
    session, moves = calls_open(clock)
    assert kinds(session.hear_speech(Transcript("", free="all hurry up"))) == ["unclear"]
    assert moves == []


def test_a_repeat_heard_sure_is_asked_back_unless_decoding_freely_heard_it_too(
        clock: FakeClock) -> None:
    """A name Whisper likes, once given, caught what was said next ("Lazarus" heard as
    "Barnabas", and a card drawn for the repeat)."""
    session = started(clock)
    session.hear_words("red")
    assert "red" in (session.expected_phrases() or [])  # a repeat must be heard to be called out
    assert texts(session.hear_speech(Transcript("red", free="Bread."))) == "Red?"
    assert kinds(session.hear_words("no")) == ["misheard"]
    said = session.hear_speech(Transcript("red", free="Red."))
    assert said[0].kind == "repeated" and session.game.scores["Bob"] == -1


def test_none_of_the_choices_sounding_like_the_likeliest_is_asked_back(
        clock: FakeClock) -> None:
    """Whisper wrote "pass" as "POSS" and "Atole" as "at all", and no choice won: the
    likeliest choice is asked back when it sounds like what was freely heard."""
    session = started(clock, open_palette=False)
    heard = Transcript("", free="POSS", runners_up=("pause the game", "pass", "red"))
    assert texts(session.hear_speech(heard)) == "Pass?"
    assert session.hear_words("yes")[0].kind == "passed"


def test_a_choice_heard_unsure_gives_way_to_a_likely_one_sounding_much_more_like_it(
        clock: FakeClock) -> None:
    """"Cabernet Franc", freely heard as "Cabernet Franklin.", came back unsure as "Cabernet
    Sauvignon": the likely choice that sounds much more like what was freely heard is asked
    back instead; a sure choice stands."""
    session = started(clock, open_palette=False)
    heard = Transcript("red", unsure=True, free="passing.", runners_up=("pass",))
    assert texts(session.hear_speech(heard)) == "Pass?"
    assert session.hear_words("yes")[0].kind == "passed"
    sure = Transcript("red", free="passing.", runners_up=("pass",))
    assert session.hear_speech(sure)[0].kind == "named"


def test_none_of_the_choices_unlike_the_likeliest_is_not_caught(clock: FakeClock) -> None:
    session = started(clock, open_palette=False)
    for free, likeliest in (("Oscar.", "pass"), ("pause", "pause the game")):
        heard = Transcript("", free=free, runners_up=(likeliest,))
        assert kinds(session.hear_speech(heard)) == ["unclear"]


def asked_back_red(clock: FakeClock) -> ColourSession:
    """Ann's turn, the host asking back "Red?"."""
    session = started(clock)
    assert texts(session.hear_speech(Transcript("red", unsure=True, free="Rad."))) == "Red?"
    return session


def test_a_no_heard_unsure_while_asking_back_is_taken(clock: FakeClock) -> None:
    session = asked_back_red(clock)
    lines = session.hear_speech(Transcript("no", unsure=True, free="Northern."))
    assert lines[0].kind == "misheard"


def test_a_yes_heard_unsure_while_asking_back_has_the_question_asked_again(
        clock: FakeClock) -> None:
    session = asked_back_red(clock)
    assert texts(session.hear_speech(Transcript("yes", unsure=True, free="Yet."))) == "Red?"
    assert session.hear_speech(Transcript("yes", free="Yes."))[0].kind == "named"


def test_a_move_heard_sure_instead_of_a_no_is_asked_back_unless_freely_heard(
        clock: FakeClock) -> None:
    """Whisper heard a "no" as a sure "Nosy" (its free transcript: "North")."""
    session = asked_back_red(clock)
    assert texts(session.hear_speech(Transcript("green", free="North"))) == "Green?"
    assert session.hear_speech(Transcript("no", free="No."))[0].kind == "misheard"
    session.hear_speech(Transcript("red", unsure=True, free="Rad."))
    lines = session.hear_speech(Transcript("green", free="Green."))
    assert lines[0].kind == "named" and session.game.named == ["green"]


def test_a_secret_heard_unsure_is_asked_for_again_then_heard_when_heard_twice(
        clock: FakeClock) -> None:
    """The secret colour is never said aloud unless a player said it: heard unsure beside
    unclear words, the host asks for the move again without naming it."""
    session = started(clock)
    heard = Transcript("gold", unsure=True, free="Hello.", free_confidence=0.3)
    assert kinds(session.hear_speech(heard)) == ["unclear"]
    assert "gold" not in texts(session.table.last_lines).lower()
    again = Transcript("gold", unsure=True, free="Hmm, what?", free_confidence=0.3)
    assert kinds(session.hear_speech(again)) == ["found_secret"] and session.finished


def test_a_colour_off_the_palette_freely_heard_is_taken_sure_or_asked_back(
        clock: FakeClock) -> None:
    session = started(clock)
    sure = Transcript("", free="Mauve.", free_confidence=0.8)
    assert kinds(session.hear_speech(sure)) == ["off_palette", "turn"]
    half = Transcript("", free="Teal.", free_confidence=0.3)
    assert texts(session.hear_speech(half)) == "Teal?"
    assert kinds(session.hear_words("no")) == ["misheard"]
    assert kinds(session.hear_speech(half)) == ["unclear"]  # denied: not asked again
