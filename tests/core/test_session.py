"""The session on a fake clock: timers, the spoken countdown, queries, pause, autosave, resume."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from host.clock import FakeClock
from host.core.autosave import Autosave, load
from host.core.phrasebook import Phrasebook
from host.core.session import Session
from host.games.crack_list.announce import VOICE
from host.games.crack_list.cards import JOKER
from host.games.crack_list.kind import CRACK_LIST
from host.games.crack_list.notes import NoteKind
from host.games.crack_list.rules import State
from host.games.crack_list.setup import TableOptions, build_session
from host.speech.ports import Transcript

RULES_DECK = str(Path(__file__).parent.parent / "data" / "decks" / "crack-list-rules.toml")


def options(**changes: object) -> TableOptions:
    """A three-player table playing only the rule-test deck."""
    base = TableOptions(
        players=["Ann", "Bob", "Cat"], seed=5, decks=[RULES_DECK], shipped_decks=False
    )
    return TableOptions(**{**base.as_json(), **changes})


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def texts(lines: list) -> str:
    return " | ".join(line.text for line in lines)


def started(clock: FakeClock, tmp_path: Path | None = None) -> Session:
    save = tmp_path / "save.json" if tmp_path else None
    session = build_session(options(), clock, save)
    session.phrases = Phrasebook(rng=random.Random(1), game=VOICE)
    session.start()
    return session


def past_grace(session: Session, clock: FakeClock) -> None:
    """Let the first half of the turn run: the countdown may be called after it."""
    clock.advance(10)
    session.tick()


def choose_films(session: Session) -> None:
    offered = session.game.offered
    assert offered is not None
    titles = [c.title for c in offered.categories]
    chooser = session.game.expected_player()
    number = titles.index("Films") + 1 if "Films" in titles else 1
    session.hear_words(f"{chooser}: {['one', 'two', 'three'][number - 1]}")


def test_turn_timer_runs_out_on_the_fake_clock(clock: FakeClock) -> None:
    session = started(clock)
    choose_films(session)
    player = session.game.expected_player()
    clock.advance(19.9)
    assert session.tick() == []
    clock.advance(0.2)
    said = texts(session.tick())
    assert player in said and "card" in said
    assert session.game.expected_player() != player


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


def test_pause_stops_the_clock_and_resume_restarts_it(clock: FakeClock) -> None:
    session = started(clock)
    choose_films(session)
    player = session.game.expected_player()
    clock.advance(10)
    session.hear_words("pause")
    clock.advance(600)
    assert session.tick() == []
    assert "paused" in texts(session.hear_words("Jaws")).lower()
    session.hear_words("resume")
    clock.advance(9.9)
    assert session.tick() == []
    clock.advance(0.2)
    assert player in texts(session.tick())


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


def test_resume_of_a_finished_game_says_so(tmp_path: Path) -> None:
    save = Autosave(tmp_path / "s.json", options().as_json())
    save.record_start()
    save.finish()
    with pytest.raises(ValueError, match="already over"):
        load(tmp_path / "s.json", CRACK_LIST.events)
    with pytest.raises(ValueError, match="no saved game"):
        load(tmp_path / "missing.json", CRACK_LIST.events)


def test_my_turn_then_the_move(clock: FakeClock) -> None:
    session = started(clock)
    choose_films(session)
    turn = session.game.expected_player()
    other = next(s.name for s in session.game.seats if s.name != turn)
    past_grace(session, clock)
    assert other in texts(session.hear_words(f"my turn, {other}"))
    assert "Five" in texts(session.hear_words("crack on"))


def test_quit_is_confirmed_first(clock: FakeClock) -> None:
    session = started(clock)
    assert "really" in texts(session.hear_words("quit"))
    assert not session.finished
    assert "carry on" in texts(session.hear_words("no")).lower() or not session.finished
    session.hear_words("quit")
    assert "Thanks for playing" in texts(session.hear_words("yes"))
    assert session.finished


def test_a_move_said_instead_of_yes_or_no_to_quit_is_played(clock: FakeClock) -> None:
    session = started(clock)
    session.hear_words("quit")
    offered = session.expected_phrases() or []
    assert offered[:3] == ["yes", "no", "carry on"]
    assert "help" in offered and len(offered) > 3  # the moves too: none is forced into a yes
    session.hear_words("help")
    assert not session.finished and not session.asking
    session.hear_words("quit")
    session.hear_speech(Transcript("yes", unsure=True))  # only a sure yes ends the game
    assert not session.finished and not session.asking


def test_a_sure_quit_or_yes_that_free_decoding_did_not_hear_ends_nothing(
        clock: FakeClock) -> None:
    session = started(clock)
    move = "H à droite de la ligne deux, pour nihilisme."
    session.hear_speech(Transcript("quit", free=move))
    assert not session.asking and not session.finished
    assert "really" in texts(session.hear_speech(Transcript("quit", free="Quit.")))
    session.hear_speech(Transcript("yes", free="D à gauche de la ligne deux, pour dit."))
    assert not session.finished and not session.asking
    session.hear_speech(Transcript("quit", free="Quit the game."))
    assert "Thanks for playing" in texts(session.hear_speech(Transcript("yes", free="Yes, quit.")))
    assert session.finished


def test_a_sure_question_that_free_decoding_did_not_hear_is_not_answered(
        clock: FakeClock) -> None:
    session = started(clock)
    assert [line.kind for line in session.hear_speech(Transcript("score", free="Ushant."))] == \
        ["unclear"]
    assert "unclear" not in [line.kind for line in
                             session.hear_speech(Transcript("score", free="What's the score?"))]


def test_repeat_after_sorry_says_again_what_came_before(clock: FakeClock) -> None:
    session = started(clock)
    before = texts(session.hear_words("repeat"))
    assert texts(session.hear_words("")) == "Sorry, I didn't catch that."
    assert texts(session.hear_words("repeat")) == before


def other_than_turn(session: Session) -> str:
    turn = session.game.expected_player()
    return next(s.name for s in session.game.seats if s.name != turn)


def test_an_unsure_guess_is_asked_back_and_a_yes_plays_it(clock: FakeClock) -> None:
    session = started(clock)
    choose_films(session)
    past_grace(session, clock)
    call = f"{other_than_turn(session)} crack on"
    assert texts(session.ask_back(call)) == f"{call}?"
    assert session.expected_phrases()[:2] == ["yes", "no"]
    assert "Five" in texts(session.hear_words("yes"))


def test_crack_list_never_plays_what_was_heard_outside_its_choices(clock: FakeClock) -> None:
    session = started(clock)
    choose_films(session)
    lines = session.hear_speech(Transcript("", free="Jaws", free_confidence=0.9))
    assert [line.kind for line in lines] == ["unclear"]
    assert session.game.state is State.TURN
    assert texts(session.hear_speech(Transcript("Jaws", unsure=True))) == "Jaws?"


def test_a_question_heard_unsure_is_not_asked_back(clock: FakeClock) -> None:
    session = started(clock)
    choose_films(session)
    lines = session.hear_speech(Transcript("pause the game", unsure=True))
    assert [line.kind for line in lines] == ["unclear"]
    assert not session.paused and not session.asking


def test_the_likeliest_move_after_a_question_not_taken_is_asked_back(clock: FakeClock) -> None:
    session = started(clock)
    choose_films(session)
    ranked = ("repeat", "pass", "Jaws")
    lines = session.hear_speech(Transcript("pause the game", free="Boss.", runners_up=ranked))
    assert texts(lines) == "Pass?" and not session.paused
    turn = session.game.expected_player()
    session.hear_words("yes")
    assert session.game.expected_player() != turn  # the pass was played
    lines = session.hear_speech(Transcript("score", unsure=True, runners_up=("repeat", "help")))
    assert [line.kind for line in lines] == ["unclear"]  # no move among them
    assert texts(session.hear_speech(Transcript("score", free="What's the score?",
                                          runners_up=ranked))) != "Pass?"  # a question heard


def test_a_guess_denied_is_not_offered_again_until_a_move(clock: FakeClock) -> None:
    session = started(clock)
    choose_films(session)
    session.ask_back("crack on")
    assert session.hear_words("no")[0].kind == "misheard"
    assert "crack on" not in session.expected_phrases()
    assert session.game.state is State.TURN  # nothing was played
    session.hear_words("pass")
    assert "crack on" in session.expected_phrases()


def test_a_move_said_again_instead_of_yes_is_heard_as_said(clock: FakeClock) -> None:
    session = started(clock)
    choose_films(session)
    past_grace(session, clock)
    session.ask_back("challenge")
    assert "Five" in texts(session.hear_words(f"{other_than_turn(session)} crack on"))


def test_time_running_out_drops_the_question(clock: FakeClock) -> None:
    session = started(clock)
    choose_films(session)
    player = session.game.expected_player()
    session.ask_back("pass")
    clock.advance(20.0)
    assert session.tick()[0].kind == "timeout"
    assert session.game.expected_player() != player
    assert session.table.confirming is None


def test_asking_the_host_something_does_not_cost_the_turn(clock: FakeClock) -> None:
    session = started(clock)
    choose_films(session)
    player = session.game.expected_player()
    session.spoke(0.0)  # the turn's 20 seconds run from now
    clock.advance(15)
    session.hear_words("rules")
    session.spoke(30.0)  # the voice loop took 30 seconds to say them
    clock.advance(10)  # 25 s into a 20 s turn
    assert session.tick() == [] and session.game.expected_player() == player
    clock.advance(24.9)
    assert session.tick() == []
    clock.advance(0.2)
    assert session.tick()[0].kind == "timeout"


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


def test_the_recognizer_is_offered_resume_only_while_paused(clock: FakeClock) -> None:
    session = started(clock)
    choose_films(session)
    running = session.expected_phrases() or []
    assert "pause the game" in running and "resume" not in running and "hold on" not in running
    session.hear_words("hold on")  # typed or heard in full, it still pauses
    assert session.paused
    assert session.expected_phrases() == ["repeat", "help", "rules", "resume", "quit"]


def test_how_much_time_is_left_is_the_running_timer_s(clock: FakeClock) -> None:
    session = started(clock)
    choose_films(session)
    deadline = session.table.deadline
    assert deadline is not None
    clock.advance(deadline.at - clock.now() - 4.2)
    assert " 5 seconds" in " " + texts(session.hear_words("how much time is left"))
    session.hear_words("pause the game")
    clock.advance(100)
    assert " 5 seconds" in " " + texts(session.hear_words("how much time"))


def calls_open(clock: FakeClock) -> tuple[Session, list[object]]:
    """A turn past its grace, not Ann's, so anyone may call the countdown; and the list of the
    moves the host makes from then on."""
    session = started(clock)
    choose_films(session)
    past_grace(session, clock)
    assert session.game.expected_player() != "Ann"
    moves: list[object] = []
    session.on_event = lambda event, notes: moves.append(event)
    return session, moves


def test_a_call_heard_without_its_name_is_the_player_decoding_freely_heard(
        clock: FakeClock) -> None:
    """Whisper writes "Ann crack on" as "and crack one.", and the bare call may win over the
    named one: the call is Ann's, not the player's on turn."""
    session, moves = calls_open(clock)
    assert "Five" in texts(session.hear_speech(Transcript("crack on", free="and crack one.")))
    assert [getattr(move, "player", None) for move in moves] == ["Ann"]


def test_a_call_rejected_whose_free_transcript_names_a_player_is_asked_back(
        clock: FakeClock) -> None:
    session, _ = calls_open(clock)
    assert texts(session.hear_speech(Transcript("", free="and crack one."))) == "Ann crack on?"
    assert "Five" in texts(session.hear_words("yes"))


def test_leading_words_that_sound_like_no_player_leave_the_call_alone(
        clock: FakeClock) -> None:
    session, _ = calls_open(clock)
    assert [line.kind for line in session.hear_speech(Transcript("", free="all crack on"))] \
        == ["unclear"]


def test_a_repeat_heard_sure_is_asked_back_unless_decoding_freely_heard_it_too(
        clock: FakeClock) -> None:
    """A name Whisper likes, once given, caught what was said next ("Lazarus" heard as
    "Barnabas", and a card drawn for the repeat)."""
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
    assert texts(session.hear_speech(Transcript("Jaws", free="Lazarus."))) == "Jaws?"
    assert session.hear_words("no")[0].kind == "misheard"
    said = session.hear_speech(Transcript("joker Jaws", free="Joker, Jaws."))
    assert said[0].kind == "answer_duplicate"


def test_none_of_the_choices_sounding_like_the_likeliest_is_asked_back(
        clock: FakeClock) -> None:
    """Whisper wrote "pass" as "POSS" and "Atole" as "at all", and no choice won: the
    likeliest choice is asked back when it sounds like what was freely heard."""
    session = started(clock)
    choose_films(session)
    heard = Transcript("", free="POSS", runners_up=("pause the game", "pass", "Jaws"))
    assert texts(session.hear_speech(heard)) == "Pass?"
    assert session.hear_words("yes")[0].kind == NoteKind.PASS


def test_a_choice_heard_unsure_gives_way_to_a_likely_one_sounding_much_more_like_it(
        clock: FakeClock) -> None:
    """"Cabernet Franc", freely heard as "Cabernet Franklin.", came back unsure as "Cabernet
    Sauvignon": the likely choice that sounds much more like what was freely heard is asked
    back instead; a sure choice stands."""
    session = started(clock)
    choose_films(session)
    heard = Transcript("Jaws", unsure=True, free="passing.", runners_up=("pass",))
    assert texts(session.hear_speech(heard)) == "Pass?"
    assert session.hear_words("yes")[0].kind == NoteKind.PASS
    session = started(clock)
    choose_films(session)
    sure = Transcript("Jaws", free="passing.", runners_up=("pass",))
    assert texts(session.hear_speech(sure)) == "You haven't got a card for Jaws: it needs a J."


def test_none_of_the_choices_unlike_the_likeliest_is_not_caught(clock: FakeClock) -> None:
    session = started(clock)
    choose_films(session)
    for free, likeliest in (("Oscar.", "pass"), ("pause", "pause the game")):
        heard = Transcript("", free=free, runners_up=(likeliest,))
        assert [line.kind for line in session.hear_speech(heard)] == ["unclear"]


def asked_back_jaws(clock: FakeClock) -> Session:
    """A turn on Films, the host asking back "Jaws?"."""
    session = started(clock)
    choose_films(session)
    for hand in session.game.hands:
        hand.extend(["J", "J"])
    assert texts(session.hear_speech(Transcript("Jaws", unsure=True, free="Jars."))) == "Jaws?"
    return session


def test_a_no_heard_unsure_while_asking_back_is_taken(clock: FakeClock) -> None:
    session = asked_back_jaws(clock)
    lines = session.hear_speech(Transcript("no", unsure=True, free="Northern."))
    assert lines[0].kind == "misheard"


def test_a_yes_heard_unsure_while_asking_back_has_the_question_asked_again(
        clock: FakeClock) -> None:
    session = asked_back_jaws(clock)
    assert texts(session.hear_speech(Transcript("yes", unsure=True, free="Yet."))) == "Jaws?"
    assert session.hear_speech(Transcript("yes", free="Yes."))[0].kind == NoteKind.ANSWER_ACCEPTED


def test_a_move_heard_sure_instead_of_a_no_is_asked_back_unless_freely_heard(
        clock: FakeClock) -> None:
    """Whisper heard a "no" as a sure "Nosy" (its free transcript: "North")."""
    session = asked_back_jaws(clock)
    assert texts(session.hear_speech(Transcript("Jumanji", free="North"))) == "Jumanji?"
    assert session.hear_speech(Transcript("no", free="No."))[0].kind == "misheard"
    session.hear_speech(Transcript("Jaws", unsure=True, free="Jars."))
    lines = session.hear_speech(Transcript("Jumanji", free="Jumanji."))
    assert lines[0].kind == NoteKind.ANSWER_ACCEPTED


def test_a_timer_starts_once_the_host_has_said_the_lines_that_armed_it(
        clock: FakeClock) -> None:
    """By voice, reading out a Short List question took half the guess's time: the voice loop
    says how long its lines took, and a timer they armed starts after them."""
    session = started(clock)
    choose_films(session)  # "Films! Ann, your turn": the turn's 20 seconds are armed
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
    choose_films(session)
    before = texts(session.hear_words("how much time"))
    session.hear_words("what's the category")
    assert "seconds" in before and texts(session.hear_words("how much time")) == before
