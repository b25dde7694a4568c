"""The `partyhost` command as a user runs it: help, a text game from typed input, resume."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from host import memory
from host import play as play_module
from host.cli import main
from host.games.crack_list.played import FILE_NAME, offered_keys, read_played, remember
from host.games.crack_list.setup import category_cards
from tests.commandline import RULES_DECK, as_at_a_terminal, partyhost


def test_help_explains_every_option() -> None:
    top = partyhost("--help")
    assert top.returncode == 0 and "play" in top.stdout and "simulate" in top.stdout
    play = partyhost("play", "--help")
    for option in (
        "--players",
        "--teams",
        "--cards",
        "--seed",
        "--turn-seconds",
        "--resume",
        "--text",
        "--speak-to",
        "--listen-from",
        "--stt",
        "--vosk-model",
    ):
        assert option in play.stdout


def test_text_game_from_typed_lines_then_resume(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    common = ["play", "crack-list", "--text", "--save", str(save)]
    typed = "what's the category\nAnn: 1\nmy hand\nBob: challenge\nscore\n"
    first = partyhost(
        *common,
        "--players",
        "Ann",
        "Bob",
        "Cat",
        "--seed",
        "4",
        "--deck",
        RULES_DECK,
        "--only-my-decks",
        stdin=typed,
    )
    assert first.returncode == 0, first.stderr
    assert "Welcome" in first.stdout or "welcome" in first.stdout
    assert first.stdout.count("Films") >= 2  # offered, then chosen
    assert "(for Bob only)" in first.stdout
    assert "Ann 0, Bob 0 and Cat 0" in first.stdout
    assert f"continue with --resume --save {save}" in first.stdout  # where it was saved
    saved = json.loads(save.read_text())
    assert saved["events"][0]["type"] == "ChooseCategory"
    again = partyhost(*common, "--resume", stdin="what's the category\n")
    assert again.returncode == 0, again.stderr
    assert "Welcome back" in again.stdout and "Films" in again.stdout


def test_no_microphone_falls_back_to_the_text_console_in_one_sentence(tmp_path: Path) -> None:
    run = partyhost(
        "play",
        "crack-list",
        "--players",
        "Ann",
        "Bob",
        "--save",
        str(tmp_path / "s.json"),
        stdin="quit\nyes\n",
    )
    assert run.returncode == 0
    assert "text console" in run.stderr and "Traceback" not in run.stderr
    assert "`partyhost doctor` says what to fix" in run.stderr
    assert "Thanks for playing" in run.stdout


def test_clear_messages_for_bad_set_ups(tmp_path: Path) -> None:
    nobody = partyhost("play", "crack-list", "--text")
    assert nobody.returncode == 2 and "--players" in nobody.stderr
    alone = partyhost("play", "crack-list", "--text", "--players", "Ann")
    assert alone.returncode == 2 and "2 to 8 players" in alone.stderr
    broken = tmp_path / "broken.toml"
    broken.write_text(
        '[deck]\ngame = "crack-list"\nlang = "en"\nname = "x"\n[[cards]]\nid = "c1"\n'
    )
    bad = partyhost(
        "play", "crack-list", "--text", "--players", "Ann", "Bob", "--deck", str(broken)
    )
    assert bad.returncode == 2 and "broken.toml" in bad.stderr and "Traceback" not in bad.stderr
    nothing = partyhost(
        "play", "crack-list", "--text", "--resume", "--save", str(tmp_path / "none.json")
    )
    assert nothing.returncode == 2 and "no saved game" in nothing.stderr


def test_simulate_prints_one_json_object() -> None:
    run = partyhost("simulate", "crack-list", "--games", "5", "--seed", "3", "--json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["games"] == report["completed"] == 5
    assert report["invariant_violations"] == 0
    assert {"games_per_second", "events"} <= set(report)


def test_the_table_s_memory_deals_fresh_lists_game_after_game(tmp_path: Path) -> None:
    """Issue 44: the red cards offered are remembered beside the save, per language; the next
    game offers others, and a table that has been through the box gets the expansion's."""
    save, memory = tmp_path / "x.json", tmp_path / FILE_NAME
    game = ["play", "crack-list", "--text", "--players", "Ann", "Bob", "--save", str(save)]
    cards = {(lang, category.id): card for lang in ("en", "fr")  # as the memory knows them:
             for card in category_cards(lang, [], adults=False)  # an id may be in both
             for category in card.categories}
    dealt = []
    for _ in range(2):
        run = partyhost(*game, stdin="quit\nyes\n")
        assert run.returncode == 0, run.stderr
        dealt.append(cards["en", read_played(memory, "en")[-1]])
        assert all(category.title in run.stdout for category in dealt[-1].categories)
    played = read_played(memory, "en")  # each card's lists (most cards hold 3, two hold 2)
    assert played == [category.id for card in dealt for category in card.categories]
    assert dealt[0] != dealt[1]
    box = {card.id: card for card in cards.values()
           if card.id.startswith("fr") and not card.expansion}
    remember(memory, "fr", offered_keys(list(box.values())))
    french = partyhost(*game, "--lang", "fr", stdin="quitter\noui\n")
    assert french.returncode == 0, french.stderr
    offered = cards["fr", read_played(memory, "fr")[-1]]
    assert offered.expansion and offered.categories[0].title in french.stdout
    assert read_played(memory, "en") == played
    memory.write_text("{broken", "utf-8")
    again = partyhost(*game, stdin="quit\nyes\n")
    assert again.returncode == 0 and "Traceback" not in again.stderr
    remembered = read_played(memory, "en")  # one card's lists (most cards hold 3, two hold 2)
    assert remembered == [category.id for category in cards["en", remembered[-1]].categories]


def test_sigterm_stops_a_game_even_when_the_launcher_blocked_it(tmp_path: Path) -> None:
    """A signal mask is inherited: a host started with SIGTERM blocked (as some launchers and
    CI runners do) never heard systemctl stop, and a test waiting for it waited for ever."""
    def blocked() -> None:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})

    host = subprocess.Popen(
        [sys.executable, "-m", "host", "play", "crack-list", "--text", "--players", "Ann", "Bob",
         "--deck", RULES_DECK, "--only-my-decks", "--save", str(tmp_path / "save.json")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, preexec_fn=blocked)
    try:
        assert host.stdout is not None
        assert host.stdout.readline().startswith("HOST: ")  # the game is under way
        host.send_signal(signal.SIGTERM)
        assert host.wait(timeout=60) == -signal.SIGTERM
    finally:
        host.kill()


SWALLOWS_SIGTERM = """
import sys, time
from host import cli
with cli._sigterm_raises():
    ready = False
    while True:
        try:  # "ready" said inside: a signal may come before print returns
            if not ready:
                print("ready", flush=True)
                ready = True
            time.sleep(0.01)
        except BaseException:  # as readline drops what its hooks raise
            pass
"""


def test_sigterm_ends_the_host_even_when_its_exception_is_lost() -> None:
    """SIGTERM raises Terminated in the main thread; raised while readline runs the console's
    prompt hook, it was dropped, and the host ran on (a pseudo-terminal test waited 20 s)."""
    host = subprocess.Popen([sys.executable, "-c", SWALLOWS_SIGTERM], stdout=subprocess.PIPE,
                            text=True, preexec_fn=as_at_a_terminal)
    try:
        assert host.stdout is not None and host.stdout.readline() == "ready\n"
        host.send_signal(signal.SIGTERM)
        assert host.wait(timeout=60) == -signal.SIGTERM
    finally:
        host.kill()


def test_play_keeps_one_heap_for_the_models_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """`play` caps the C allocator's heaps before any model starts a thread, as `serve` does
    (tests/lobby/test_memory.py shows the cap holds): a speech session peaked 20 MB lower."""
    happened: list[str] = []
    monkeypatch.setattr(memory, "limit_allocator_arenas",
                        lambda: happened.append("one heap") or True)
    monkeypatch.setattr(play_module, "play_game", lambda args: happened.append("play") or 0)
    assert main(["play", "crack-list", "--text", "--players", "Ann", "Bob"]) == 0
    assert happened == ["one heap", "play"]
