"""Stopping lets the satellite go as Home Assistant does: `partyhost play` and `partyhost serve`
on a satellite (the hand-made one, over loopback) send it PauseSatellite and hang up when
stopped by Ctrl-C or systemd's SIGTERM (quitting by voice: test_stop_real_satellite), with
nothing on stderr but what the stop itself says (no "Task was destroyed but it is pending!",
no traceback) and the exit status that stop always gave."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.wyoming.hosting import (
    SIGNALLED,
    STARTUP_TIMEOUT,
    ended,
    lines_of,
    play_command,
    serve_command,
    start,
    wait_line,
)
from tests.wyoming.satellite import TableSatellite


@pytest.fixture
def satellite() -> Iterator[TableSatellite]:
    satellite = TableSatellite()
    yield satellite
    satellite.stop()


def loopback(satellite: TableSatellite) -> str:
    """The hand-made satellite's address, listening."""
    return f"tcp://127.0.0.1:{satellite.listen()}"


def assert_let_go(satellite: TableSatellite) -> None:
    """The satellite was told PauseSatellite once, and the connection is over."""
    assert satellite.wait_for(lambda: satellite.ended >= 1)
    assert satellite.pauses == 1


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_play_stopped_by_a_signal_lets_the_satellite_go(
        stop: signal.Signals, satellite: TableSatellite, tmp_path: Path) -> None:
    host = start(play_command(loopback(satellite)), tmp_path)
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
    host = start(serve_command(loopback(satellite), tmp_path), tmp_path)
    said: list[str] = []
    try:
        wait_line(lines_of(host), r"^Party Host is listening", said, STARTUP_TIMEOUT)
        host.send_signal(stop)
        assert ended(host, said) == SIGNALLED[stop]
    finally:
        host.kill()
    assert_let_go(satellite)
