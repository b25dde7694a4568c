"""Setting up a Short List table: options, the command line, autosave and --resume."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import pytest

from host.cli import build_parser
from host.clock import FakeClock
from host.core import autosave
from host.core.events import TimeUp
from host.core.protocols import SetupError
from host.games.short_list.bots import BotSkills, BotTable
from host.games.short_list.kind import SHORT_LIST
from host.games.short_list.setup import ShortListOptions, build_session, options_from_args
from host.registry import find_game
from tests.commandline import partyhost


def play_args(*words: str) -> argparse.Namespace:
    """`partyhost play short-list ...` as the real parser reads it."""
    return build_parser().parse_args(["play", "short-list", "--text", *words])


def test_the_registry_hosts_short_list() -> None:
    assert find_game("short-list") is SHORT_LIST


def test_options_from_the_command_line() -> None:
    options = options_from_args(play_args("--players", "Ann", "Bob", "Cat", "--seed", "4",
                                          "--first", "Bob", "--guess-seconds", "45"))
    assert options == ShortListOptions(players=["Ann", "Bob", "Cat"], first="Bob", seed=4,
                                       guess_seconds=45.0)
    session = build_session(options, FakeClock(), None)
    assert session.game.quizmaster == 1  # Bob reads the first question
    assert ShortListOptions.from_json(json.loads(json.dumps(options.as_json()))) == options


def test_rounds_are_the_rulebook_s_unless_the_host_is_quizmaster() -> None:
    with pytest.raises(SetupError, match="--host-quizmaster"):
        options_from_args(play_args("--players", "Ann", "Bob", "Cat", "--rounds", "5"))
    options = options_from_args(play_args("--players", "Ann", "Bob", "Cat", "--rounds", "5",
                                          "--host-quizmaster"))
    game = build_session(options, FakeClock(), None).game
    assert game.config.rounds == 5 and game.quizmaster is None


def test_a_table_the_rules_cannot_seat_says_why() -> None:
    with pytest.raises(SetupError, match="3 to 8 players"):
        build_session(ShortListOptions(players=["Ann", "Bob"]), FakeClock(), None)
    with pytest.raises(SetupError, match="--first Zed"):
        build_session(ShortListOptions(players=["Ann", "Bob", "Cat"], first="Zed"),
                      FakeClock(), None)


def play_some(session_events: int, save: Path, seed: int = 5) -> tuple[object, list[str]]:
    """Bots play `session_events` moves of a saved game: (the game, its host lines)."""
    clock = FakeClock()
    session = build_session(ShortListOptions(players=["Ann", "Bob", "Cat", "Dan"], seed=seed),
                            clock, save)
    lines = [line.text for line in session.start()]
    bots = BotTable(session.game, BotSkills(), random.Random(seed))
    for _ in range(session_events):
        event = bots.next_event()
        if isinstance(event, TimeUp):
            clock.advance(session.seconds_to_next_tick() or 0.0)
            lines += [line.text for line in session.tick()]
        else:
            lines += [line.text for line in session.push(event)]
    return session.game, lines


def test_a_game_in_progress_resumes_where_it_was(tmp_path: Path) -> None:
    save = tmp_path / "short-list.json"
    game, _ = play_some(40, save)
    options, events = autosave.load(save, SHORT_LIST.events)
    resumed = SHORT_LIST.new_session(SHORT_LIST.options_from_json(options), FakeClock(),
                                     save, events)
    again = resumed.game
    assert (again.round_no, again.guesser, again.points(), again.given, again.out) == (
        game.round_no, game.guesser, game.points(), game.given, game.out)  # type: ignore[attr-defined]
    lines = [line.text for line in resumed.start(resumed=True)]
    assert again.card is not None and again.card.question in " ".join(lines)


def test_the_command_line_plays_and_resumes(tmp_path: Path) -> None:
    save = str(tmp_path / "game.json")
    first = partyhost("play", "short-list", "--text", "--save", save, "--players", "Ann", "Bob",
                      "Cat", "--seed", "2", stdin="pass\nwhat was the question\nquit\nyes\n")
    assert first.returncode == 0, first.stderr
    _, events = autosave.load(Path(save), SHORT_LIST.events)
    assert [type(event).__name__ for event in events] == ["Pass"]
    again = partyhost("play", "short-list", "--text", "--save", save, "--resume",
                      stdin="how many left\nquit\nyes\n")
    assert again.returncode == 0, again.stderr
    assert " 6 " in again.stdout  # crystals left to win, after the pass


def test_another_game_s_option_is_refused_not_ignored() -> None:
    run = partyhost("play", "short-list", "--text", "--players", "Ann", "Bob", "Cat",
                    "--blue-deck", "mix.toml")
    assert run.returncode == 2 and "--blue-deck: not a Short List option" in run.stderr
    run = partyhost("play", "crack-list", "--text", "--players", "Ann", "Bob",
                    "--host-quizmaster")
    assert run.returncode == 2 and "--host-quizmaster: not a Crack List option" in run.stderr


def test_the_house_rules_are_printed() -> None:
    run = partyhost("rules", "short-list")
    assert run.returncode == 0 and "pass" in run.stdout and "quizmaster" in run.stdout
