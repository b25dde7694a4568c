"""Crack List through the core session on a fake clock: its countdown call, its questions, its
choosing, its save and resumed vote, and how its calls and repeats are heard (the core's own
behaviour is tested over a fake game in tests/core/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from host.clock import FakeClock
from host.core.autosave import load
from host.games.crack_list.cards import JOKER
from host.games.crack_list.kind import CRACK_LIST
from host.games.crack_list.rules import State
from host.games.crack_list.setup import TableOptions, build_session
from host.speech.ports import Transcript
from tests.games.crack_list.sessions import (
    calls_open,
    choose_films,
    options,
    past_grace,
    started,
    texts,
)
from tests.transcripts import HALF, LIKELY, LOW, SURE, heard


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def test_countdown_is_spoken_second_by_second(clock: FakeClock) -> None:
    session = started(clock)
    choose_films(session)
    turn = session.game.expected_player()
    caller = next(s.name for s in session.game.seats if s.name != turn)
    past_grace(session, clock)
    said = texts(session.hear_words(f"{caller}: crack on"))
    assert "Five" in said
    ticks = []
    for _ in range(5):
        clock.advance(1.0)
        ticks.append(texts(session.tick()))
    assert ticks[:4] == ["Four!", "Three!", "Two!", "One!"]
    assert ticks[4].startswith("Crack On!")


def test_questions_are_answered_at_any_time(clock: FakeClock) -> None:
    session = started(clock)
    choose_films(session)
    assert "Films" in texts(session.hear_words("what's the category"))
    assert "8 cards" in texts(session.hear_words("how many cards has Cat got"))
    hand = session.hear_words("my hand")
    assert hand[0].private_to == session.game.expected_player()
    last = texts(session.hear_words("score"))
    assert texts(session.hear_words("repeat")) == last


def test_unclear_speech_is_not_guessed(clock: FakeClock) -> None:
    session = started(clock)
    assert "Sorry" in texts(session.hear_words("Bob: zzz"))  # choosing: not a number
    assert session.game.state is State.CHOOSING


def test_autosave_after_every_event_and_resume_rebuilds_the_game(
    clock: FakeClock, tmp_path: Path
) -> None:
    session = started(clock, tmp_path)
    choose_films(session)
    player = session.game.expected_player()
    assert player
    session.game.hands[session.game.seat_index(player)].append(JOKER)  # not saved: rigged
    session.hear_words("Jaws")
    clock.advance(25)
    session.tick()
    saved_options, events = load(tmp_path / "save.json", CRACK_LIST.events)
    assert len(events) >= 2
    resumed = build_session(
        TableOptions.from_json(saved_options), clock, tmp_path / "save.json", events
    )
    original = session.game
    again = resumed.game
    assert again.state == original.state
    assert again.current == original.current
    assert again.category == original.category
    assert [len(h) for h in again.hands] == [len(h) for h in original.hands] or JOKER


def test_a_move_not_caught_names_the_few_that_may_be_said(clock: FakeClock) -> None:
    session = started(clock)
    hint = "You can say number one, number two or number three."
    assert texts(session.hear_words("banana")).endswith(hint)
    assert texts(session.hear_words("four")) == (
        "There are only three categories, Ann: say one, two or three.")
    assert texts(session.hear_speech(Transcript("", free="hmm", free_p=LOW))).endswith(hint)
    choose_films(session)
    not_caught = session.hear_speech(Transcript("", free="Jaws", free_p=LIKELY))
    assert [line.kind for line in not_caught] == ["unclear"]
    assert "You can say" not in texts(not_caught)  # a turn's answers are too many to name


def test_a_french_host_names_them_in_french(clock: FakeClock) -> None:
    session = build_session(options(lang="fr", decks=[], shipped_decks=True), clock, None)
    session.start()
    said = texts(session.hear_words("banane"))
    assert "Tu peux dire numéro un, " in said and " ou numéro " in said


def test_a_french_table_confirms_its_quit_by_saying_quitter_again(clock: FakeClock) -> None:
    session = build_session(options(lang="fr", decks=[], shipped_decks=True), clock, None)
    session.start()
    assert "quitter" in (session.expected_phrases() or [])
    session.hear_words("quitter")
    assert "quitter" in (session.expected_phrases() or [])
    session.hear_words("quitter")
    assert session.finished


def test_crack_list_never_plays_what_was_heard_outside_its_choices(clock: FakeClock) -> None:
    session = started(clock)
    choose_films(session)
    lines = session.hear_speech(Transcript("", free="Jaws", free_p=LIKELY))
    assert [line.kind for line in lines] == ["unclear"]
    assert session.game.state is State.TURN
    assert texts(session.hear_speech(heard(("Jaws", HALF)))) == "Jaws?"


def test_whose_turn_says_what_the_table_is_waiting_for(clock: FakeClock) -> None:
    session = started(clock)
    choose_films(session)
    player = session.game.expected_player()
    said = session.hear_words("whose turn is it")
    assert [line.kind for line in said] == ["category", "turn"] and player in said[-1].text


def test_a_resumed_vote_says_the_answer_and_the_tally(clock: FakeClock, tmp_path: Path) -> None:
    session = started(clock, tmp_path)
    choose_films(session)
    player = session.game.expected_player()
    assert player
    hand = session.game.hands[session.game.seat_index(player)]
    letter = next(card for card in hand if len(card) == 1)
    # not on the list: allowed unless challenged
    session.hear_words(f"{letter}, {letter}oobar Nights")
    if session.game.state is not State.VOTING:
        others = [s.name for s in session.game.seats if s.name != player]
        session.hear_words(f"{others[0]}: challenge")
    assert session.game.state is State.VOTING
    voter = next(s.name for s in session.game.seats if s.name != player)
    session.hear_words(f"{voter}: no")  # a yes would decide it: a tie lets the answer stand
    saved_options, events = load(tmp_path / "save.json", CRACK_LIST.events)
    again = build_session(options(**saved_options), FakeClock(), None, events)
    kinds = [line.kind for line in again.start(resumed=True)]
    assert kinds == ["resumed_game", "category", "vote_open", "vote_tally"]
    assert "0 yes and 1 no" in texts(again.hear_words("repeat"))


def test_a_call_heard_without_its_name_is_the_player_decoding_freely_heard(
        clock: FakeClock) -> None:
    """Whisper writes "Ann crack on" as "and crack one.", and the bare call may win over the
    named one: the call is Ann's, not the player's on turn."""
    session, moves = calls_open(clock)
    said = heard(("crack on", LIKELY), free="and crack one.", free_p=SURE)
    assert "Five" in texts(session.hear_speech(said))
    assert [getattr(move, "player", None) for move in moves] == ["Ann"]


def test_a_repeat_is_asked_back_unless_heard_sure(clock: FakeClock) -> None:
    """A name Whisper likes, once given, caught what was said next ("Lazarus" heard as
    "Barnabas", and a card drawn for the repeat): a repeat costs its player, so it is played
    only when heard sure."""
    session = started(clock)
    choose_films(session)
    player = session.game.expected_player()
    session.game.hands[session.game.seat_index(player)].append(JOKER)
    session.hear_words("joker Jaws")
    clock.advance(25)
    session.tick()
    following = session.game.expected_player()
    assert following != player and session.game.state is State.TURN
    session.game.hands[session.game.seat_index(following)].append(JOKER)
    assert "Jaws" in (session.expected_phrases() or [])  # a repeat must be heard to be called out
    likely = heard(("Jaws", LIKELY), free="Lazarus.", free_p=LOW)
    assert texts(session.hear_speech(likely)) == "Jaws?"
    assert session.hear_words("no")[0].kind == "misheard"
    said = session.hear_speech(heard(("joker Jaws", SURE), free="Joker, Jaws.", free_p=SURE))
    assert said[0].kind == "answer_duplicate"
