"""Setting up a Scattergories table: options, the command line, autosave, --resume, and whole
games typed through the session."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import pytest

from host.cli import build_parser
from host.clock import FakeClock
from host.console import hear_typed
from host.core import autosave
from host.core.events import TimeUp
from host.core.protocols import SetupError
from host.core.session import Session
from host.games.scattergories.bots import BotSkills, BotTable
from host.games.scattergories.kind import SCATTERGORIES
from host.games.scattergories.setup import (
    ScattergoriesOptions,
    build_session,
    options_from_args,
)
from host.registry import find_game
from tests.commandline import partyhost


def play_args(*words: str) -> argparse.Namespace:
    """`partyhost play scattergories ...` as the real parser reads it."""
    return build_parser().parse_args(["play", "scattergories", "--text", *words])


def test_the_registry_hosts_scattergories() -> None:
    assert find_game("scattergories") is SCATTERGORIES


def test_options_from_the_command_line() -> None:
    options = options_from_args(play_args("--players", "Ann", "Bob", "Cat", "--seed", "4",
                                          "--list", "3", "--categories", "12",
                                          "--writing-seconds", "120", "--spoken-answers"))
    assert options == ScattergoriesOptions(players=["Ann", "Bob", "Cat"], seed=4,
                                           list_number=3, categories=12,
                                           writing_seconds=120.0, spoken_answers=True)
    game = build_session(options, FakeClock(), None).game
    assert game.list_number == 3 and len(game.categories) == 12
    assert ScattergoriesOptions.from_json(json.loads(json.dumps(options.as_json()))) == options


def test_a_table_the_rules_cannot_seat_says_why() -> None:
    with pytest.raises(SetupError, match="2 to 6 players"):
        build_session(ScattergoriesOptions(players=["Ann"]), FakeClock(), None)
    with pytest.raises(SetupError, match="list 13"):
        build_session(ScattergoriesOptions(players=["Ann", "Bob"], list_number=13),
                      FakeClock(), None)


def play(session: Session, clock: FakeClock, moves: int, seed: int) -> tuple[int, int]:
    """Bots type `moves` moves (or a whole game): (moves typed, moves understood)."""
    heard: list[object] = []
    session.on_event = lambda event, notes: heard.append(event)
    bots = BotTable(session.game, BotSkills(), random.Random(seed))
    typed = understood = 0
    for _ in range(moves):
        if session.finished:
            break
        event = bots.next_event()
        if isinstance(event, TimeUp):
            clock.advance(session.seconds_to_next_tick() or 0.0)
            session.tick()
            continue
        expected = session.game.expected_player()
        before = len(heard)
        named = None if event.player == expected else event.player
        session.hear_words(session.talk.say(event, named))
        typed += 1
        understood += heard[before : before + 1] == [event]
    return typed, understood


@pytest.mark.parametrize("spoken_answers", [False, True])
def test_bots_type_a_whole_game_and_the_host_understands_every_move(
        spoken_answers: bool) -> None:
    clock = FakeClock()
    options = ScattergoriesOptions(players=["Ann", "Bob", "Cat"], seed=3,
                                   spoken_answers=spoken_answers)
    session = build_session(options, clock, None)
    session.start()
    typed, understood = play(session, clock, 5000, seed=8)
    assert session.game.over and session.game.round_no >= 2
    assert understood == typed > 30


def test_a_game_in_progress_resumes_where_it_was(tmp_path: Path) -> None:
    save = tmp_path / "scattergories.json"
    clock = FakeClock()
    session = build_session(ScattergoriesOptions(players=["Ann", "Bob", "Cat"], seed=5), clock,
                            save)
    session.start()
    play(session, clock, 30, seed=5)
    game = session.game
    options, events = autosave.load(save, SCATTERGORIES.events)
    again = SCATTERGORIES.new_session(SCATTERGORIES.options_from_json(options), FakeClock(),
                                      save, events).game
    assert (again.state, again.letter, again.round_no, again.points(), again.sheet) == (
        game.state, game.letter, game.round_no, game.points(), game.sheet)


def test_the_command_line_plays_and_refuses_another_game_s_option(tmp_path: Path) -> None:
    run = partyhost("play", "scattergories", "--text", "--save", str(tmp_path / "g.json"),
                    "--players", "Ann", "Bob", "--seed", "2",
                    stdin="what's the letter\nread the list again\nquit\nyes\n")
    assert run.returncode == 0, run.stderr
    refused = partyhost("play", "scattergories", "--text", "--players", "Ann", "Bob",
                        "--host-quizmaster")
    assert refused.returncode == 2 and "not a Scattergories option" in refused.stderr
    rules = partyhost("rules", "scattergories")
    assert rules.returncode == 0 and "star" in rules.stdout.lower()


def _writing(clock: FakeClock) -> Session:
    """A game of Ann and Bob whose players are writing."""
    session = build_session(ScattergoriesOptions(players=["Ann", "Bob"], seed=2), clock, None)
    session.start()
    while session.game.state.value != "writing":
        clock.advance(session.seconds_to_next_tick() or 1.0)
        session.tick()
    return session


def test_how_much_time_counts_the_countdown_still_to_come() -> None:
    clock = FakeClock()
    session = _writing(clock)
    clock.advance(20.0)
    lines = session.hear_words("how much time")
    assert " 130 seconds" in " " + lines[0].text  # of the 150: 20 gone
    assert session.hear_words("what a game") == []  # table talk while writing: the host is quiet


def test_a_line_typed_while_they_write_is_answered_with_where_the_game_is() -> None:
    """By voice the host keeps quiet about table talk while the players write; typed words
    are meant for it, so the console says where the game is rather than nothing."""
    session = _writing(FakeClock())
    letter = session.game.letter
    assert session.hear_words("Ann: apple") == []
    typed = hear_typed(session, "Ann: apple")
    assert len(typed) == 1 and "writing" in typed[0].text and f" {letter}" in typed[0].text
    assert session.game.state.value == "writing"
