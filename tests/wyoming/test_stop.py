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
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from host.speech.piper_tts import PiperSynthesizer
from host.speech.tts import join_pcm
from host.speech.wavio import resample_pcm
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


def play_command(uri: str, tmp_path: Path) -> list[str]:
    """`partyhost play` on the satellite at `uri`, the teams given (no names to meet)."""
    return [sys.executable, "-m", "host", "play", "crack-list", "--teams", "Ann,Bob", "Cat,Dan",
            "--wyoming-satellite", uri, "--deck", RULES_DECK, "--only-my-decks", "--seed", "2",
            "--save", str(tmp_path / "save.json")]


def serve_command(uri: str, tmp_path: Path) -> list[str]:
    """`partyhost serve` on the satellite at `uri`."""
    return [sys.executable, "-m", "host", "serve", "--wyoming-satellite", uri,
            "--state-dir", str(tmp_path / "state")]


def loopback(satellite: TableSatellite) -> str:
    """The hand-made satellite's address, listening."""
    return f"tcp://127.0.0.1:{satellite.listen()}"


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
    host = start(play_command(loopback(satellite), tmp_path))
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
    host = start(serve_command(loopback(satellite), tmp_path))
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
    def say(pcm: bytes) -> None:
        quiet(satellite)
        satellite.silence(2.0)  # past the host's last line and the microphone's tail
        satellite.say(pcm)
        satellite.silence(1.5)  # the end of speech

    host = start(play_command(loopback(satellite), tmp_path))
    assert quit_by_voice(host, say) == (0, "")
    assert_let_go(satellite)


def quit_by_voice(host: subprocess.Popen[str],
                  say: Callable[[bytes], None]) -> tuple[int, str]:
    """The players say "quit", then "yes" to the host's question, through `say` (16 kHz PCM
    into the satellite's microphone once the host has had its say); the host's exit status and
    stderr."""
    piper = PiperSynthesizer(steady=True)
    lines = lines_of(host)
    said: list[str] = []

    def say_until_heard(text: str) -> None:
        """Say `text`, again if the host did not hear it."""
        pcm = resample_pcm(join_pcm(piper.synthesize(text)), piper.sample_rate)
        for _ in range(TRIES):
            say(pcm)
            if heard(lines, f"(heard: '{text}'", said):
                return
        raise AssertionError(f"{text!r} never heard:\n" + "\n".join(said))

    try:
        wait_line(lines, r"^HOST: ", said, STARTUP_TIMEOUT)
        say_until_heard("quit")
        say_until_heard("yes")
        wait_line(lines, r"^HOST: Thanks for playing", said)
        return ended(host, said)
    finally:
        host.kill()


def quiet(satellite: TableSatellite, seconds: float = 2.0) -> None:
    """Wait until the host has sent the satellite nothing more for `seconds` (it listens)."""
    while True:
        streams = len(satellite.streams)
        time.sleep(seconds)
        if len(satellite.streams) == streams and not satellite.players:
            return


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
