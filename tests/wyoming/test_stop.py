"""Stopping lets the satellite go as Home Assistant does: `partyhost play` and `partyhost serve`
on a satellite (the hand-made one, over loopback) send it PauseSatellite and hang up on every
way they stop (the players quitting by voice, Ctrl-C, systemd's SIGTERM), with nothing on
stderr but what the stop itself says (no "Task was destroyed but it is pending!", no traceback)
and the exit status that stop always gave."""

from __future__ import annotations

import queue
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from host.speech.piper_tts import PiperSynthesizer
from host.speech.tts import join_pcm
from tests.commandline import RULES_DECK
from tests.wyoming.satellite import TIMEOUT, TableSatellite
from tests.wyoming.test_cli import STARTUP_TIMEOUT, lines_of, wait_line

SIGNALLED = {signal.SIGINT: (130, "\nBye!\n"), signal.SIGTERM: (-signal.SIGTERM, "")}
"""What each signal always ended the command with: exit status, and all of stderr."""
TRIES = 3
"""Times a player says a word before the test gives up on the host hearing it."""


@pytest.fixture
def satellite() -> Iterator[TableSatellite]:
    satellite = TableSatellite()
    yield satellite
    satellite.stop()


def play_command(satellite: TableSatellite, tmp_path: Path) -> list[str]:
    """`partyhost play` on the satellite, the teams given (no names to meet)."""
    return [sys.executable, "-m", "host", "play", "crack-list", "--teams", "Ann,Bob", "Cat,Dan",
            "--wyoming-satellite", f"tcp://127.0.0.1:{satellite.listen()}", "--deck",
            RULES_DECK, "--only-my-decks", "--seed", "2", "--save", str(tmp_path / "save.json")]


def serve_command(satellite: TableSatellite, tmp_path: Path) -> list[str]:
    """`partyhost serve` on the satellite."""
    return [sys.executable, "-m", "host", "serve", "--wyoming-satellite",
            f"tcp://127.0.0.1:{satellite.listen()}", "--state-dir", str(tmp_path / "state")]


def start(command: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def ended(host: subprocess.Popen[str], said: list[str]) -> tuple[int, str]:
    """The host's exit status and everything it wrote to stderr."""
    code = host.wait(TIMEOUT)
    assert host.stderr is not None
    errors = host.stderr.read()
    print("\n".join(said), errors, sep="\n")
    return code, errors


def assert_let_go(satellite: TableSatellite) -> None:
    """The satellite was told PauseSatellite once, and the connection is over."""
    assert satellite.wait_for(lambda: satellite.ended >= 1)
    assert satellite.pauses == 1


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_play_stopped_by_a_signal_lets_the_satellite_go(
        stop: signal.Signals, satellite: TableSatellite, tmp_path: Path) -> None:
    host = start(play_command(satellite, tmp_path))
    said: list[str] = []
    try:
        wait_line(lines_of(host), r"^HOST: ", said, STARTUP_TIMEOUT)
        assert satellite.wait_for(lambda: len(satellite.streams) >= 1)
        host.send_signal(stop)
        assert ended(host, said) == SIGNALLED[stop]
    finally:
        host.kill()
    assert_let_go(satellite)


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_serve_stopped_by_a_signal_lets_the_satellite_go(
        stop: signal.Signals, satellite: TableSatellite, tmp_path: Path) -> None:
    host = start(serve_command(satellite, tmp_path))
    said: list[str] = []
    try:
        wait_line(lines_of(host), r"^Party Host is listening", said, STARTUP_TIMEOUT)
        host.send_signal(stop)
        assert ended(host, said) == SIGNALLED[stop]
    finally:
        host.kill()
    assert_let_go(satellite)


def test_players_who_quit_by_voice_let_the_satellite_go(
        satellite: TableSatellite, tmp_path: Path) -> None:
    piper = PiperSynthesizer(steady=True)
    host = start(play_command(satellite, tmp_path))
    lines = lines_of(host)
    said: list[str] = []

    def say_until_heard(text: str) -> None:
        """Say `text` into the satellite after a pause, again if the host did not hear it."""
        pcm = join_pcm(piper.synthesize(text))
        for _ in range(TRIES):
            satellite.silence(2.0)  # past the host's last line and the microphone's tail
            satellite.say(pcm, piper.sample_rate)
            satellite.silence(1.5)  # the end of speech
            if heard(lines, f"(heard: '{text}'", said):
                return
        raise AssertionError(f"{text!r} never heard:\n" + "\n".join(said))

    try:
        wait_line(lines, r"^HOST: ", said, STARTUP_TIMEOUT)
        say_until_heard("quit")
        say_until_heard("yes")
        wait_line(lines, r"^HOST: Thanks for playing", said)
        assert ended(host, said) == (0, "")
    finally:
        host.kill()
    assert_let_go(satellite)


def heard(lines: queue.Queue[str], words: str, said: list[str], seconds: float = 30.0) -> bool:
    """Whether the host shows `words` within `seconds` (every line read is kept in `said`)."""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            line = lines.get(timeout=left)
        except queue.Empty:
            return False
        said.append(line)
        if words in line:
            return True
    return False
