"""Stopping lets the real wyoming-satellite go (its own virtualenv, made by scripts/test; the rig
is host.speech.wyoming.rig). wyoming-satellite 1.0.0 runs on wyoming 1.4.1, which has no
PauseSatellite: the satellite reads it as an event it has no use for and forwards it, as every
event from its controller but audio, to its event service (--event-uri). So the test gives it
one: the PauseSatellite Party Host sends on each way it stops arrives there, the satellite
logs its controller leaving as an ordinary disconnect (no error) and runs on, and the host
ends as that stop always ended it, with nothing more on stderr."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from wyoming.event import async_read_event
from wyoming.satellite import PauseSatellite

from host.speech.wyoming.rig import RigUnavailable, SatelliteRig
from tests.wyoming.hosting import (
    SIGNALLED,
    STARTUP_TIMEOUT,
    ended,
    lines_of,
    play_command,
    quit_by_voice,
    serve_command,
    start,
    wait_line,
)
from tests.wyoming.satellite import TIMEOUT


class EventService:
    """A Wyoming event service on loopback, as a satellite's --event-uri: the types of the
    events it is sent."""

    def __init__(self) -> None:
        self.types: list[str] = []
        self.changed = threading.Condition()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._serve, "127.0.0.1", 0), self.loop).result(TIMEOUT)
        self.uri = f"tcp://127.0.0.1:{self.server.sockets[0].getsockname()[1]}"

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(OSError):
            while (event := await async_read_event(reader)) is not None:
                with self.changed:
                    self.types.append(event.type)
                    self.changed.notify_all()
        writer.close()

    def wait_for(self, event_type: str) -> bool:
        """Wait until an event of `event_type` has come (False after TIMEOUT seconds)."""
        with self.changed:
            return self.changed.wait_for(lambda: event_type in self.types, TIMEOUT)

    def close(self) -> None:
        """Stop serving, end every connection and the loop's thread."""

        async def shut() -> None:
            self.server.close()
            others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in others:
                task.cancel()
            await asyncio.gather(*others, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(shut(), self.loop).result(TIMEOUT)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(TIMEOUT)


@pytest.fixture
def events() -> Iterator[EventService]:
    service = EventService()
    yield service
    service.close()


@pytest.fixture
def rig(tmp_path: Path, events: EventService) -> Iterator[SatelliteRig]:
    rig = SatelliteRig(tmp_path / "rig", debug=True, event_uri=events.uri)
    try:
        rig.start()
    except RigUnavailable as missing:
        pytest.skip(str(missing))
    yield rig
    rig.stop()


def assert_let_go(rig: SatelliteRig, events: EventService) -> None:
    """The satellite read PauseSatellite, saw its controller leave as usual, and runs on."""
    assert events.wait_for(PauseSatellite().event().type), events.types
    assert events.types[0] == "run-satellite"  # forwarded in order: the first event, the last
    assert events.types[-1] == "pause-satellite"
    log = rig.log.read_text()
    assert "Server disconnected" in log, log
    for trouble in ("unexpectedly", "Unexpected error", "Traceback"):
        assert trouble not in log, log
    assert rig.process is not None and rig.process.poll() is None


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_play_stopped_by_a_signal_lets_the_real_satellite_go(
        stop: signal.Signals, rig: SatelliteRig, events: EventService, tmp_path: Path) -> None:
    host = start(play_command(rig.uri), tmp_path)
    said: list[str] = []
    try:
        wait_line(lines_of(host), r"^HOST: ", said, STARTUP_TIMEOUT)
        host.send_signal(stop)
        assert ended(host, said) == SIGNALLED[stop]
    finally:
        host.kill()
    assert_let_go(rig, events)


def test_serve_stopped_by_systemd_lets_the_real_satellite_go(
        rig: SatelliteRig, events: EventService, tmp_path: Path) -> None:
    host = start(serve_command(rig.uri, tmp_path), tmp_path)
    said: list[str] = []
    try:
        wait_line(lines_of(host), r"^Party Host is listening", said, STARTUP_TIMEOUT)
        host.send_signal(signal.SIGTERM)
        assert ended(host, said) == SIGNALLED[signal.SIGTERM]
    finally:
        host.kill()
    assert_let_go(rig, events)


def test_players_who_quit_by_voice_let_the_real_satellite_go(
        rig: SatelliteRig, events: EventService, tmp_path: Path) -> None:
    def say(pcm: bytes, asked_at: float) -> None:
        rig.quiet_for(2.0, after=asked_at)  # its question said, the host listens again
        rig.said_whole(rig.say(pcm))

    host = start(play_command(rig.uri), tmp_path)
    assert quit_by_voice(host, say) == (0, "")
    assert_let_go(rig, events)
