"""A minimal Wyoming satellite for tests, built from the wyoming package's own events, client
and event handler, over loopback.

Like wyoming-satellite it listens for Party Host to connect, streams its microphone as
AudioChunk events once told RunSatellite, and plays what it is sent. Only the
hardware is missing: the microphone says what the test gives it, and while the speaker "plays"
a stream the microphone records silence (or the host's own voice, `echo` times as loud) for
as long as the stream lasts, then the satellite says Played.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Coroutine
from typing import Any

import numpy as np
from wyoming.audio import AudioChunk, AudioChunkConverter, AudioStart, AudioStop
from wyoming.event import Event
from wyoming.satellite import PauseSatellite, RunSatellite
from wyoming.server import AsyncEventHandler
from wyoming.snd import Played

from host.speech.wavio import resample_pcm

TIMEOUT = 60.0
"""Seconds any wait on the host may take before the test fails."""


class TableSatellite:
    """A satellite whose microphone and loudspeaker are the test's."""

    def __init__(self, *, mic_rate: int = 16_000, mic_channels: int = 1, echo: float = 0.0,
                 says_played: bool = True, snd_format: dict[str, int] | None = None,
                 busy: bool = False) -> None:
        self.mic_rate, self.mic_channels = mic_rate, mic_channels
        self.echo, self.says_played, self.snd_format = echo, says_played, snd_format
        self.streams: list[list[AudioChunk]] = []
        """What the host played: one list of chunks per AudioStart ... AudioStop."""
        self.busy = busy
        """Serving another controller: every connection is turned away, as wyoming-satellite
        does while Home Assistant holds it."""
        self.turned_away = 0
        self.starts: list[AudioStart] = []
        self.playing: list[AudioChunk] = []
        self.players: set[asyncio.Task[None]] = set()
        self.runs = 0
        self.pauses = 0
        """PauseSatellite events received: the host letting the satellite go."""
        self.ended = 0
        """Connections ended, by either side."""
        self.changed = threading.Condition()
        self.writer: Any = None
        self.server: asyncio.Server | None = None
        self.loop = asyncio.new_event_loop()
        self.microphone = asyncio.Lock()
        self.running = asyncio.Event()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def _do(self, work: Coroutine[Any, Any, Any]) -> Any:
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(TIMEOUT)

    # --- connecting ------------------------------------------------------------------------

    def listen(self, port: int = 0) -> int:
        """Listen on loopback (an ephemeral port unless given) as wyoming-satellite does."""
        return int(self._do(self._listen(port)))

    async def _listen(self, port: int) -> int:
        self.server = await asyncio.start_server(self._accept, "127.0.0.1", port)
        return int(self.server.sockets[0].getsockname()[1])

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        handler = Handler(self, reader, writer)
        self.writer = handler
        await handler.run()

    def hang_up(self) -> None:
        """Drop the connection to the host (and stop listening)."""
        self._do(self._hang_up())

    async def _hang_up(self) -> None:
        if self.server is not None:
            self.server.close()
            self.server = None
        self.running.clear()
        writer, self.writer = self.writer, None
        if writer is not None:
            with contextlib.suppress(OSError):  # the host may be gone first
                await writer.stop()

    def stop(self) -> None:
        """Hang up and end the satellite's thread."""
        self.hang_up()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(TIMEOUT)

    # --- the microphone --------------------------------------------------------------------

    def say(self, pcm: bytes, rate: int = 16_000) -> None:
        """Stream mono int16 PCM into the microphone, in the microphone's own format."""
        self._do(self._say(pcm, rate))

    def silence(self, seconds: float) -> None:
        """Stream `seconds` of a quiet room."""
        self.say(bytes(2 * round(seconds * 16_000)))

    async def _say(self, pcm: bytes, rate: int) -> None:
        async with self.microphone:  # one stream: what is said waits for the echo, and back
            await self._stream(pcm, rate)

    async def _stream(self, pcm: bytes, rate: int) -> None:
        await asyncio.wait_for(self.running.wait(), TIMEOUT)  # a satellite streams once told to
        samples = np.frombuffer(resample_pcm(pcm, rate, self.mic_rate), dtype="<i2")
        frames = np.repeat(samples, self.mic_channels).tobytes()
        step = 1024 * 2 * self.mic_channels
        for i in range(0, len(frames), step):
            chunk = AudioChunk(self.mic_rate, 2, self.mic_channels, frames[i : i + step])
            if self.writer is None or not self.running.is_set():
                return  # hung up or paused meanwhile
            await self.writer.write_event(chunk.event())

    def stop_streaming(self) -> None:
        """End the microphone's stream with AudioStop (a satellite whose VAD heard the end)."""
        self._do(self.writer.write_event(AudioStop().event()))

    # --- what the satellite is sent --------------------------------------------------------

    async def on_event(self, event: Event) -> None:
        """RunSatellite starts the microphone; audio streams are played and recorded."""
        if RunSatellite.is_type(event.type):  # answered with RunPipeline, as wyoming-satellite
            pipeline = {"start_stage": "asr", "end_stage": "tts"}
            if self.snd_format:
                pipeline["snd_format"] = self.snd_format  # type: ignore[assignment]
            await self.writer.write_event(Event("run-pipeline", pipeline))
            self.running.set()
            self.note(lambda: setattr(self, "runs", self.runs + 1))
        elif AudioStart.is_type(event.type):
            self.starts.append(AudioStart.from_event(event))
            self.playing = []
        elif AudioChunk.is_type(event.type):
            self.playing.append(AudioChunk.from_event(event))
        elif AudioStop.is_type(event.type):  # played while the next events are read
            task = self.loop.create_task(self._played(self.playing))
            self.players.add(task)
            task.add_done_callback(self.players.discard)
        elif PauseSatellite.is_type(event.type):  # a satellite stops streaming until run again
            self.running.clear()
            self.note(lambda: setattr(self, "pauses", self.pauses + 1))

    async def _played(self, chunks: list[AudioChunk]) -> None:
        """The stream has played: the microphone heard it meanwhile; then Played."""
        self.note(lambda: self.streams.append(chunks))
        mono = [AudioChunkConverter(width=2, channels=1).convert(c) for c in chunks]
        rate = mono[0].rate if mono else 16_000
        voice = np.frombuffer(b"".join(c.audio for c in mono), dtype="<i2")
        heard = (voice * self.echo).astype("<i2").tobytes()
        with contextlib.suppress(ConnectionError):  # the host hung up meanwhile
            async with self.microphone:
                if self.running.is_set():  # a paused satellite streams nothing
                    await self._stream(heard, rate)
            if self.says_played and self.writer is not None:
                await self.writer.write_event(Played().event())

    def note(self, change: Any) -> None:
        with self.changed:
            change()
            self.changed.notify_all()

    def wait_for(self, test: Any, timeout: float = TIMEOUT) -> bool:
        """Wait until `test()` is true of the satellite (False after `timeout` seconds)."""
        with self.changed:
            return bool(self.changed.wait_for(test, timeout))


class Handler(AsyncEventHandler):
    """The satellite's side of one connection from Party Host."""

    def __init__(self, satellite: TableSatellite, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        super().__init__(reader, writer)
        self.satellite = satellite

    async def handle_event(self, event: Event) -> bool:
        """Every event goes to the satellite (none while it is busy: the caller is hung up on)."""
        if self.satellite.busy:
            self.satellite.note(lambda: setattr(self.satellite, "turned_away",
                                                 self.satellite.turned_away + 1))
            return False
        await self.satellite.on_event(event)
        return True

    async def disconnect(self) -> None:
        """The connection has ended."""
        self.satellite.note(lambda: setattr(self.satellite, "ended", self.satellite.ended + 1))
