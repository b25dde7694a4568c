"""The session over the fake game Colours on a fake clock: timers, the spoken countdown,
questions, pause and resume, claims, quitting, repeating and the time left."""

from __future__ import annotations

import pytest

from host.clock import FakeClock
from host.core.events import TimeUp
from tests.core.fakegame.table import kinds, new_session, started, texts
from tests.transcripts import HALF, LOW, SURE, heard


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def test_turn_timer_runs_out_on_the_fake_clock(clock: FakeClock) -> None:
    session = started(clock)
    clock.advance(19.9)
    assert session.tick() == []
    clock.advance(0.2)
    said = session.tick()
    assert kinds(said) == ["timeout", "turn"] and "Ann" in said[0].text
    assert session.game.expected_player() == "Bob"


def test_countdown_is_spoken_second_by_second(clock: FakeClock) -> None:
    session = started(clock)
    assert "Five" in texts(session.hear_words("Cat: hurry up"))
    ticks = []
    for _ in range(5):
        clock.advance(1.0)
        ticks.append(session.tick())
    assert [texts(tick) for tick in ticks[:4]] == ["Four!", "Three!", "Two!", "One!"]
    assert kinds(ticks[4]) == ["timeout", "turn"]


def test_a_late_timer_is_refused_without_a_word(clock: FakeClock) -> None:
    session = started(clock)
    session.hear_words("red")
    assert session.push(TimeUp(1)) == [] and session.game.expected_player() == "Bob"


def test_questions_are_answered_and_repeat_says_what_the_table_heard(clock: FakeClock) -> None:
    session = started(clock)
    session.hear_words("red")
    score = texts(session.hear_words("what's the score"))
    assert score == "The score: Ann 1, Bob 0 and Cat 0."
    hint = session.hear_words("hint")
    assert hint[0].private_to == "Bob" and "a G" in hint[0].text
    assert texts(session.hear_words("repeat")) == score  # a private line is not said again


def test_pause_stops_the_clock_and_resume_restarts_it(clock: FakeClock) -> None:
    session = started(clock)
    clock.advance(10)
    session.hear_words("pause")
    clock.advance(600)
    assert session.tick() == []
    assert "paused" in texts(session.hear_words("red")).lower()
    assert session.game.named == []  # no move while paused
    said = session.hear_words("resume")
    assert kinds(said) == ["resumed", "turn"] and "Ann" in said[1].text  # where we were
    session.spoke(3.0)  # the time left is not spent on saying where the game is
    clock.advance(12.9)
    assert session.tick() == []
    clock.advance(0.2)
    assert "Ann" in texts(session.tick())


def test_unclear_speech_is_not_guessed(clock: FakeClock) -> None:
    session = started(clock)
    assert "Sorry" in texts(session.hear_words("Bob: what a lovely day it is"))
    assert session.game.expected_player() == "Ann" and session.game.named == []


def test_a_move_the_rules_refuse_is_said_and_changes_nothing(clock: FakeClock) -> None:
    session = started(clock)
    assert texts(session.hear_words("Bob: red")) == "Wait for your turn, Bob."
    assert session.game.expected_player() == "Ann" and session.game.named == []


def test_my_turn_then_the_move(clock: FakeClock) -> None:
    session = started(clock)
    assert "Cat" in texts(session.hear_words("my turn, Cat"))
    assert texts(session.hear_words("hurry up")) == "Cat says hurry up, Ann! Five!"
    session.hear_words("red")
    assert texts(session.hear_words("hurry up")) == "Cat says hurry up, Bob! Five!"  # unclaimed


def test_quit_is_confirmed_first(clock: FakeClock) -> None:
    session = started(clock)
    assert "really" in texts(session.hear_words("quit"))
    assert not session.finished
    assert kinds(session.hear_words("no")) == ["quit_cancelled"]
    assert not session.finished
    session.hear_words("quit")
    assert "Thanks for playing" in texts(session.hear_words("yes"))
    assert session.finished


def test_a_move_said_instead_of_yes_or_no_to_quit_is_played(clock: FakeClock) -> None:
    session = started(clock)
    session.hear_words("quit")
    offered = session.expected_phrases() or []
    assert offered[:3] == ["yes", "no", "carry on"]
    assert "help" in offered and "red" in offered  # the moves too: none is forced into a yes
    assert kinds(session.hear_words("red")) == ["quit_cancelled", "named", "turn"]
    assert not session.finished and not session.asking
    session.hear_words("quit")
    session.hear_speech(heard(("yes", HALF)))  # a half-sure yes ends nothing
    assert not session.finished and not session.asking


def test_a_quit_or_yes_heard_unlikely_ends_nothing(clock: FakeClock) -> None:
    """A quit or yes that decoding freely heard as a move comes back unlikely (the calibration
    weighs the free transcript): nothing ends."""
    session = started(clock)
    move = "H à droite de la ligne deux, pour nihilisme."
    session.hear_speech(heard(("quit", LOW), free=move, free_p=LOW))
    assert not session.asking and not session.finished
    assert "really" in texts(session.hear_speech(heard(("quit", SURE), free="Quit.",
                                                       free_p=SURE)))
    session.hear_speech(heard(("yes", HALF), free="D à gauche de la ligne deux, pour dit.",
                              free_p=LOW))
    assert not session.finished and not session.asking
    session.hear_speech(heard(("quit", SURE), free="Quit the game.", free_p=SURE))
    said = session.hear_speech(heard(("yes", SURE), free="Yes, quit.", free_p=SURE))
    assert "Thanks for playing" in texts(said)
    assert session.finished


def test_quit_said_again_ends_the_game_only_heard_as_surely_as_a_yes(clock: FakeClock) -> None:
    """Asked whether to quit, "quit" said again is a yes: a word heard as "quit" half sure
    ends nothing (the demo's "Mu", heard as "quit" at p 0.74, ended a Crack List game)."""
    session = started(clock)
    session.hear_words("quit")
    session.hear_speech(heard(("quit", HALF)))
    assert not session.finished and not session.asking
    session.hear_words("quit")
    assert "Thanks for playing" in texts(session.hear_speech(heard(("quit", SURE))))
    assert session.finished


def test_a_question_heard_unlikely_is_not_answered(clock: FakeClock) -> None:
    """A question that decoding freely heard as other words comes back unlikely: the host asks
    again rather than answer it."""
    session = started(clock)
    assert kinds(session.hear_speech(heard(("score", LOW), free="Ushant.", free_p=LOW))) \
        == ["unclear"]
    said = session.hear_speech(heard(("score", SURE), free="What's the score?", free_p=SURE))
    assert kinds(said) == ["score"]


def test_repeat_after_sorry_says_again_what_came_before(clock: FakeClock) -> None:
    session = started(clock)
    before = texts(session.hear_words("repeat"))
    assert before == "Welcome, Ann, Bob and Cat! Name a colour, any colour. | Ann, your turn."
    assert kinds(session.hear_words("")) == ["unclear"]
    assert texts(session.hear_words("repeat")) == before


def test_the_game_won_ends_the_session_and_its_timer(clock: FakeClock) -> None:
    session = started(clock)
    assert kinds(session.hear_words("gold")) == ["found_secret"]
    assert session.finished and session.table.deadline is None
    assert session.seconds_to_next_tick() is None


def test_the_recognizer_is_offered_resume_only_while_paused(clock: FakeClock) -> None:
    session = started(clock)
    running = session.expected_phrases() or []
    assert "pause the game" in running and "resume" not in running and "hold on" not in running
    session.hear_words("hold on")  # typed or heard in full, it still pauses
    assert session.paused
    assert session.expected_phrases() == ["repeat", "help", "rules", "resume",
                                          "resume the game", "quit",
                                          "Party Host, resume the game", "Party Host, quit"]


def test_the_host_may_be_called_by_its_name_as_a_smart_speaker_is(clock: FakeClock) -> None:
    session = started(clock)
    assert "Party Host, pause the game" in (session.expected_phrases() or [])
    session.hear_words("Party Host, pause the game")
    assert session.paused
    session.hear_words("hey party host resume the game")
    assert not session.paused


def test_quit_said_while_paused_is_confirmed_by_voice(clock: FakeClock) -> None:
    """The yes and the no were not offered while paused: a spoken yes was heard as "resume"."""
    session = started(clock)
    session.hear_words("pause the game")
    assert kinds(session.hear_words("quit")) == ["confirm_quit"]
    offered = session.expected_phrases() or []
    assert offered[:3] == ["yes", "no", "carry on"] and "resume" in offered
    assert kinds(session.hear_words("no")) == ["quit_cancelled_paused"]  # not "on we go"
    assert session.paused and not session.finished
    assert "yes" not in (session.expected_phrases() or [])
    session.hear_words("quit")
    assert kinds(session.hear_words("carry on")) == ["resumed", "turn"]
    assert not session.paused
    session.hear_words("pause the game")
    session.hear_words("quit")
    session.hear_words("yes")
    assert session.table.quit


def test_how_much_time_is_left_is_the_running_timer_s(clock: FakeClock) -> None:
    session = started(clock)
    deadline = session.table.deadline
    assert deadline is not None
    clock.advance(deadline.at - clock.now() - 4.2)
    assert " 5 seconds" in " " + texts(session.hear_words("how much time is left"))
    session.hear_words("pause the game")
    clock.advance(100)
    assert " 5 seconds" in " " + texts(session.hear_words("how much time"))
    session.questions.after_deadline = 3.0  # the game's clock runs on after the deadline
    assert " 8 seconds" in " " + texts(session.hear_words("how much time"))


def test_no_timer_running_is_said_so(clock: FakeClock) -> None:
    session = started(clock)
    session.hear_words("gold")
    assert kinds(session.hear_words("how much time")) == ["no_timer"]


def test_asking_the_host_something_does_not_cost_the_turn(clock: FakeClock) -> None:
    session = started(clock)
    session.spoke(0.0)  # the turn's 20 seconds run from now
    clock.advance(15)
    session.hear_words("rules")
    session.spoke(30.0)  # the voice loop took 30 seconds to say them
    clock.advance(10)  # 25 s into a 20 s turn
    assert session.tick() == [] and session.game.expected_player() == "Ann"
    clock.advance(24.9)
    assert session.tick() == []
    clock.advance(0.2)
    assert session.tick()[0].kind == "timeout"


def test_a_timer_starts_once_the_host_has_said_the_lines_that_armed_it(
        clock: FakeClock) -> None:
    """By voice, reading out a Short List question took half the guess's time: the voice loop
    says how long its lines took, and a timer they armed starts after them."""
    session = started(clock)  # "Ann, your turn": the turn's 20 seconds are armed
    session.spoke(4.0)
    session.spoke(3.0)  # lines that armed no timer hold nothing
    clock.advance(23.9)
    assert session.tick() == []
    clock.advance(0.2)
    assert session.tick()[0].kind == "timeout"


def test_a_question_answered_in_the_text_console_leaves_the_timer_as_it_was(
        clock: FakeClock) -> None:
    """The console only shows the answer: Scattergories' "how much time" after "what's the
    letter" answered 23 seconds of a 20-second timer."""
    session = started(clock)
    before = texts(session.hear_words("how much time"))
    session.hear_words("what's the score")
    assert "seconds" in before and texts(session.hear_words("how much time")) == before


def test_a_table_waiting_for_its_players_runs_no_timer_until_it_begins(
        clock: FakeClock) -> None:
    session = new_session(clock)
    session.wait_for_players()
    session.start()
    clock.advance(600)
    assert session.seconds_to_next_tick() is None and session.tick() == []
    assert session.game.expected_player() == "Ann"
    session.begin()
    session.spoke(0.0)
    assert session.seconds_to_next_tick() == 20.0  # the turn's time in full, from now
    clock.advance(20.1)
    assert kinds(session.tick()) == ["timeout", "turn"]


def test_start_begins_a_waiting_table_and_is_no_command_once_it_runs(clock: FakeClock) -> None:
    session = new_session(clock)
    session.wait_for_players()
    session.start()
    assert kinds(session.hear_words("Bob: start")) == ["start_now"]
    assert not session.waiting and session.seconds_to_next_tick() == 20.0
    assert kinds(session.hear_words("start")) != ["start_now"]


def test_a_table_that_begins_while_paused_keeps_the_whole_turn_for_the_resume(
        clock: FakeClock) -> None:
    session = new_session(clock)
    session.wait_for_players()
    session.start()
    session.hear_words("pause")
    session.begin()
    clock.advance(600)
    assert session.tick() == []
    session.hear_words("resume")
    assert session.seconds_to_next_tick() == 20.0


def test_the_clock_stands_still_while_the_host_asks_whether_to_quit(clock: FakeClock) -> None:
    """At the real satellite, "Time's up!" came between "Do you really want to stop the game?"
    and its answer: a no must cost nobody their turn."""
    session = started(clock)
    clock.advance(15)
    assert kinds(session.hear_words("quit")) == ["confirm_quit"]
    assert session.seconds_to_next_tick() is None
    clock.advance(30)
    assert session.tick() == []
    assert kinds(session.hear_words("no")) == ["quit_cancelled"]
    assert texts(session.hear_words("how long is left")) == "You've got 5 seconds."
    clock.advance(4.9)
    assert session.tick() == []
    clock.advance(0.2)
    assert kinds(session.tick()) == ["timeout", "turn"]
