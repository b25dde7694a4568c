"""`partyhost play --wyoming-satellite` as a user runs it: the host connects to the satellite,
which hears the host's opening lines as AudioChunk events; the satellite drops out, the game
pauses and is saved, and when the satellite comes back the game resumes."""

from __future__ import annotations

import queue
import re
import subprocess
import sys
import threading
from pathlib import Path

from tests.commandline import RULES_DECK
from tests.wyoming.satellite import TIMEOUT, TableSatellite

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


def test_the_host_calls_a_satellite_that_drops_out_and_the_game_resumes(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    satellite = TableSatellite()
    port = satellite.listen()
    command = [sys.executable, "-m", "host", "play", "crack-list", "--teams", "Ann,Bob",
               "Cat,Dan", "--wyoming-satellite", f"tcp://127.0.0.1:{port}", "--deck",
               RULES_DECK, "--only-my-decks", "--seed", "2", "--save", str(save)]
    host = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    try:
        lines = lines_of(host)
        said: list[str] = []
        wait_line(lines, r"^HOST: ", said, STARTUP_TIMEOUT)
        assert satellite.wait_for(lambda: len(satellite.streams) >= 1), "\n".join(said)
        assert all(chunk.rate == satellite.starts[0].rate for chunk in satellite.streams[0])
        satellite.hang_up()
        wait_line(lines, r"Wyoming satellite at .* is not connected.*paused and saved", said)
        assert save.exists()
        before = len(satellite.streams)
        satellite.listen(port)  # Party Host calls it again
        wait_line(lines, r"^HOST: Welcome back! We're in round 1\.", said)  # where it is
        assert satellite.wait_for(lambda: len(satellite.streams) > before), "\n".join(said)
    finally:
        host.terminate()
        host.wait(TIMEOUT)
        satellite.stop()
