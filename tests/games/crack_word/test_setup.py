"""Setting up a Crack Word table: options, the command line in French and English, resume."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from host.cli import build_parser
from host.clock import FakeClock
from host.core import autosave
from host.core.events import TimeUp
from host.core.protocols import SetupError
from host.games.crack_word.bots import BotSkills, BotTable
from host.games.crack_word.kind import CRACK_WORD
from host.games.crack_word.setup import CrackWordOptions, build_session, options_from_args
from host.registry import find_game
from tests.commandline import partyhost


def test_the_registry_hosts_crack_word() -> None:
    assert find_game("crack-word") is CRACK_WORD


def test_options_from_the_command_line() -> None:
    args = build_parser().parse_args(["play", "crack-word", "--text", "--players", "Ann", "Bob",
                                      "--lang", "fr", "--seed", "4", "--expert"])
    options = options_from_args(args)
    assert options == CrackWordOptions(players=["Ann", "Bob"], lang="fr", seed=4, expert=True)
    assert CrackWordOptions.from_json(json.loads(json.dumps(options.as_json()))) == options
    with pytest.raises(SetupError, match="2 to 4 players"):
        build_session(CrackWordOptions(players=["Ann"], lang="fr"), FakeClock(), None)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_game_typed_by_bots_resumes_where_it_was(tmp_path: Path, lang: str) -> None:
    save = tmp_path / "crack-word.json"
    clock = FakeClock()
    session = build_session(CrackWordOptions(players=["Ann", "Bob", "Cat"], lang=lang, seed=5),
                            clock, save)
    session.start()
    heard: list[object] = []
    session.on_event = lambda event, notes: heard.append(event)
    bots = BotTable(session.game, BotSkills(), random.Random(5))
    for _ in range(40):
        event = bots.next_event()
        if isinstance(event, TimeUp):
            clock.advance(session.seconds_to_next_tick() or 0.0)
            session.tick()
            continue
        expected = session.game.expected_player()
        named = None if event.player == expected else event.player
        session.hear_words(session.talk.say(event, named))
    assert heard, "the host understood the bots' typed moves"
    game = session.game
    options, events = autosave.load(save, CRACK_WORD.events)
    again = CRACK_WORD.new_session(CRACK_WORD.options_from_json(options), FakeClock(), save,
                                   events).game
    assert (again.board, again.hands, again.scores) == (game.board, game.hands, game.scores)


def test_the_command_line_plays_in_french(tmp_path: Path) -> None:
    run = partyhost("play", "crack-word", "--text", "--players", "Ann", "Bob",  # fr: default
                    "--seed", "3", "--save", str(tmp_path / "g.json"),
                    stdin="lis le tableau\nje passe\nquitter\noui\n")
    assert run.returncode == 0, run.stderr
    assert "Ligne 1" in run.stdout and "Merci d'avoir joué" in run.stdout
    refused = partyhost("play", "crack-word", "--text", "--players", "Ann", "Bob",
                        "--host-quizmaster")
    assert refused.returncode == 2 and "not a Crack Word option" in refused.stderr


def test_a_resumed_game_keeps_its_language_without_lang(tmp_path: Path) -> None:
    save = str(tmp_path / "g.json")
    first = partyhost("play", "crack-word", "--text", "--lang", "en", "--players", "Ann", "Bob",
                      "--seed", "3", "--save", save, stdin="quit\nyes\n")
    assert first.returncode == 0, first.stderr
    again = partyhost("play", "crack-word", "--text", "--resume", "--save", save,
                      stdin="read the board\nquit\nyes\n")
    assert again.returncode == 0, again.stderr
    assert "Row 1" in again.stdout and "Ligne" not in again.stdout
    changed = partyhost("play", "crack-word", "--text", "--resume", "--lang", "fr",
                        "--save", save)
    assert changed.returncode == 2 and "--lang" in changed.stderr


@pytest.mark.parametrize(("lang", "said", "not_said"), [
    ("fr", {"répète", "aide", "quitter", "on fait une pause"}, {"repeat", "quit"}),
    ("en", {"repeat", "help", "quit", "pause the game"}, {"quitter"}),
])
def test_the_host_listens_for_its_commands_in_the_game_language(
        lang: str, said: set[str], not_said: set[str]) -> None:
    session = build_session(CrackWordOptions(players=["Ann", "Bob"], seed=1, lang=lang),
                            FakeClock(), None)
    session.start()
    offered = set(session.expected_phrases() or [])
    assert said <= offered and not offered & not_said
    assert any(", pour " in phrase for phrase in offered) == (lang == "fr")


def test_physical_cards_from_the_command_line() -> None:
    args = build_parser().parse_args(["play", "crack-word", "--text", "--players", "Ann", "Bob",
                                      "--cards", "physical", "--seed", "2", "--lang", "fr"])
    options = options_from_args(args)
    assert options.cards == "physical"
    assert CrackWordOptions.from_json(json.loads(json.dumps(options.as_json()))) == options
    assert CrackWordOptions.from_json({"players": ["Ann", "Bob"]}).cards == "virtual"  # old saves
    game = build_session(options, FakeClock(), None).game
    assert game.config.physical and game.state == "cut"


@pytest.mark.parametrize("said", [
    ["Ann: c'est un R"],  # stopped during the cut
    ["Ann: c'est un R", "Bob: c'est un E", "c'est un C", "c'est un H"],  # the starting letters
    ["Ann: c'est un R", "Bob: c'est un E", "c'est un C", "c'est un H", "A", "O", "je passe"],
])
def test_a_physical_game_resumes_where_it_was(tmp_path: Path, said: list[str]) -> None:
    save = tmp_path / "crack-word.json"
    options = CrackWordOptions(players=["Ann", "Bob"], lang="fr", seed=5, cards="physical")
    session = build_session(options, FakeClock(), save)
    session.start()
    for line in said:
        session.hear_words(line)
    game = session.game
    saved, events = autosave.load(save, CRACK_WORD.events)
    assert len(events) == len(said)
    again = CRACK_WORD.new_session(CRACK_WORD.options_from_json(saved), FakeClock(), save,
                                   events).game
    assert (again.state, again.board, again.expected_player(), again.cut_shown) == \
        (game.state, game.board, game.expected_player(), game.cut_shown)
    assert [again.held.in_hand(s) for s in range(2)] == [game.held.in_hand(s) for s in range(2)]
    assert again.resumed()[0].kind in ("ask_cut_next", "ask_starting_letter", "game_resumed")


def test_the_command_line_plays_physical_cards(tmp_path: Path) -> None:
    run = partyhost("play", "crack-word", "--text", "--players", "Ann", "Bob", "--cards",
                    "physical", "--seed", "3", "--save", str(tmp_path / "g.json"),
                    stdin="Ann: c'est un R\nBob: c'est un pétard\nc'est un T\nc'est une étoile\n"
                    "A\nR\nE\nma main\ncombien de cartes a Bob\nquitter\noui\n")
    assert run.returncode == 0, run.stderr
    assert "Ann commence" in run.stdout or "C'est Ann qui commence" in run.stdout
    assert "ça ne sert pas de lettre de départ" in run.stdout
    assert "d'après mon compte, 8 cartes en main" in run.stdout
    assert "Bob : 8 cartes en main" in run.stdout
    simulated = partyhost("simulate", "crack-word", "--cards", "physical", "--games", "3",
                          "--json")
    assert simulated.returncode == 0 and json.loads(simulated.stdout)["completed"] == 3
