"""The text console: players type what they would say; the host's lines are printed."""

from __future__ import annotations

import select
import sys
from collections.abc import Callable, Iterable
from typing import TextIO

from host.core.session import Line, Session

Speak = Callable[[Line], None]


def show(lines: Iterable[Line], out: TextIO, speak: Speak | None = None) -> None:
    """Print the host's lines (and hand them to a voice, if any)."""
    for line in lines:
        if line.private_to:
            print(f"  (for {line.private_to} only) {line.text}", file=out, flush=True)
            continue
        print(f"HOST: {line.text}", file=out, flush=True)
        if speak:
            speak(line)


def prompt(session: Session) -> str:
    """The prompt names whose move the host is waiting for."""
    expected = session.game.expected_player()
    return f"[{expected}] > " if expected else "[anyone: start with your name] > "


def read_line(stream: TextIO, timeout: float | None) -> str | None:
    """A typed line, "" on timeout, None at end of input."""
    if timeout is not None and stream.isatty():
        ready, _, _ = select.select([stream], [], [], timeout)
        if not ready:
            return ""
    line = stream.readline()
    return None if line == "" else line.rstrip("\n")


def run_console(
    session: Session,
    *,
    stream: TextIO = sys.stdin,
    out: TextIO = sys.stdout,
    speak: Speak | None = None,
    resumed: bool = False,
) -> int:
    """Play until the game ends, the players quit, or input runs out; returns an exit code."""
    show(session.start(resumed=resumed), out, speak)
    while not session.finished:
        show(session.tick(), out, speak)
        if session.finished:
            break
        if stream.isatty():
            print(prompt(session), end="", file=out, flush=True)
        typed = read_line(stream, session.seconds_to_next_tick())
        if typed is None:
            print("\nInput closed: the game is saved; continue with --resume.", file=out)
            return 0
        if typed.strip():
            show(session.hear(typed), out, speak)
    return 0
