"""Running the real `partyhost` command line in a child process, for the tests that run it
as a user does, and the rule-test deck they play."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

RULES_DECK = str(Path(__file__).parent / "data" / "decks" / "crack-list-rules.toml")


def partyhost(
    *args: str,
    stdin: str = "",
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run the real command line in a child process."""
    return subprocess.run(
        [sys.executable, "-m", "host", *args],
        input=stdin,
        text=True,
        capture_output=True,
        timeout=120,
        env={**os.environ, **(env or {})},
    )


def as_at_a_terminal() -> None:
    """In a child about to run the host: Ctrl-C and SIGTERM act as at a terminal, whatever the
    test runner was started with (a script's `cmd &` ignores SIGINT, and a blocked signal
    mask is inherited), so that a test stopping the host is heard."""
    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
