"""`partyhost play --wyoming-satellite` as a user runs it: the host connects to the satellite,
which hears the host's opening lines as AudioChunk events; the satellite drops out, the game
pauses and is saved, and when the satellite comes back the game resumes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.commandline import RULES_DECK
from tests.wyoming.hosting import STARTUP_TIMEOUT, lines_of, wait_line
from tests.wyoming.satellite import TIMEOUT, TableSatellite


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
