"""What the Wyoming command-line tests share: the commands they run, the host's output read
line by line as it comes, and the players quitting by voice."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from host.speech.piper_tts import PiperSynthesizer
from host.speech.tts import join_pcm
from host.speech.wavio import resample_pcm
from tests.commandline import RULES_DECK, as_at_a_terminal
from tests.wyoming.satellite import TIMEOUT

STARTUP_TIMEOUT = 300.0
"""Seconds the host may take to load its recognizer and voice on a busy machine."""


def lines_of(host: subprocess.Popen[str]) -> queue.Queue[str]:
    """The host's standard output, line by line, as it comes."""
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert host.stdout is not None
        for line in host.stdout:
            lines.put(line.rstrip())
        lines.put("")

    threading.Thread(target=read, daemon=True).start()
    return lines


def wait_line(lines: queue.Queue[str], pattern: str, said: list[str],
              timeout: float = TIMEOUT) -> re.Match[str]:
    """The first line matching `pattern`; every line read is kept in `said`."""
    while True:
        line = lines.get(timeout=timeout)
        said.append(line)
        assert line, "the host stopped:\n" + "\n".join(said)
        found = re.search(pattern, line)
        if found:
            return found


SIGNALLED = {signal.SIGINT: (130, "\nBye!\n"), signal.SIGTERM: (-signal.SIGTERM, "")}
"""What each signal always ended the command with: exit status, and all of stderr."""
TRIES = 3
"""Times a player says a word before the test gives up on the host hearing it."""
CATEGORY_CARD = r"^HOST: .*(your card says|pick a category): one: "
"""The host's first question, in either of its wordings (drawn unseeded: a test waiting for
one of them waited a minute for the turn's timer half the time)."""


def play_command(uri: str) -> list[str]:
    """`partyhost play` on the satellite at `uri`, the teams given (no names to meet). The game
    is saved where games usually are, in the private state folder `start` gives it: a file
    named with --save is read out in full in the goodbye (`--resume --save /tmp/pytest-of-...`,
    8 s more of the satellite's loudspeaker than `--resume`)."""
    return [sys.executable, "-m", "host", "play", "crack-list", "--teams", "Ann,Bob", "Cat,Dan",
            "--wyoming-satellite", uri, "--deck", RULES_DECK, "--only-my-decks", "--seed", "2"]


def serve_command(uri: str, tmp_path: Path) -> list[str]:
    """`partyhost serve` on the satellite at `uri`."""
    return [sys.executable, "-m", "host", "serve", "--wyoming-satellite", uri,
            "--state-dir", str(tmp_path / "state")]


def start(command: list[str], tmp_path: Path) -> subprocess.Popen[str]:
    """The command started as at a terminal, where Ctrl-C interrupts it, its state (a game's
    save) kept in `tmp_path`."""
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=as_at_a_terminal, env=env)


def ended(host: subprocess.Popen[str], said: list[str]) -> tuple[int, str]:
    """The host's exit status and everything it wrote to stderr."""
    code = host.wait(TIMEOUT)
    assert host.stderr is not None
    errors = host.stderr.read()
    print("\n".join(said), errors, sep="\n")
    return code, errors


def quit_by_voice(host: subprocess.Popen[str],
                  say: Callable[[bytes, float], None]) -> tuple[int, str]:
    """The players say "quit", then "yes" to the host's question, through `say` (16 kHz PCM
    into the satellite's microphone once the host has had its say, the line it was asked by
    shown at the monotonic moment given); the host's exit status and stderr."""
    piper = PiperSynthesizer(steady=True)
    lines = lines_of(host)
    said: list[str] = []

    def say_when_asked(question: str, text: str, timeout: float = TIMEOUT) -> None:
        """Once the host has said `question` (a pattern), say `text`, again if not heard.
        The host shows a line before it sounds, and its microphone is closed while it speaks:
        a word said before the line is heard is lost until the next try."""
        wait_line(lines, question, said, timeout)
        shown = time.monotonic()
        pcm = resample_pcm(join_pcm(piper.synthesize(text)), piper.sample_rate)
        for _ in range(TRIES):
            say(pcm, shown)
            if heard(lines, f"(heard: '{text}'", said):
                return
        raise AssertionError(f"{text!r} never heard:\n" + "\n".join(said))

    try:
        say_when_asked(CATEGORY_CARD, "quit", STARTUP_TIMEOUT)
        say_when_asked(r"^HOST: Do you really want to stop", "yes")
        wait_line(lines, r"^HOST: Thanks for playing", said)
        return ended(host, said)
    finally:
        host.kill()


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
