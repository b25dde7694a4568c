"""One Wyoming connection to a satellite, run by an asyncio loop in a background thread.

The voice loop is synchronous; the Wyoming side is asyncio. A Link owns a private event loop
in a daemon thread and hands audio across under one threading.Condition: the satellite's
microphone as 16 kHz mono int16 PCM, the host's events out through `send`.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Sequence
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from urllib.parse import urlparse

from wyoming.audio import AudioChunk, AudioChunkConverter, AudioFormat, AudioStop
from wyoming.event import Event, async_read_event, async_write_event
from wyoming.ping import Ping, Pong
from wyoming.pipeline import RunPipeline
from wyoming.satellite import PauseSatellite, RunSatellite
from wyoming.snd import Played

from host.speech.audio import AudioUnavailable, BlockResampler
from host.speech.ports import SAMPLE_RATE

RETRY_SECONDS = 1.0
"""How often a dropped satellite is called again."""
MAX_BUFFER_SECONDS = 60.0
"""Microphone audio kept unread at most; older audio is dropped (the host was not listening)."""
SEND_TIMEOUT = 10.0
"""Seconds a write to the satellite may take before the satellite counts as gone."""
STOP_SILENCE = 1.0
"""Seconds of silence heard after the satellite's microphone stops (its own VAD found the end
of speech), so that the ears end the utterance without waiting for more audio."""
LET_GO_QUIET = 0.25
"""Seconds without an event after which a satellite being let go counts as done sending: it
has read PauseSatellite and the end of the connection (a satellite streams a chunk every 64 ms
or so)."""
LET_GO_SECONDS = 2.0
"""The longest wait for a satellite being let go to stop sending."""


class LinkError(AudioUnavailable):
    """The satellite is gone, unreachable, or its address cannot be used."""


@dataclass(frozen=True)
class Address:
    """Where a satellite listens."""

    host: str
    port: int

    @property
    def uri(self) -> str:
        """The address as tcp://HOST:PORT."""
        return f"tcp://{self.host}:{self.port}"


def parse_uri(uri: str) -> Address:
    """tcp://HOST:PORT as an Address."""
    parsed = urlparse(uri if "://" in uri else f"tcp://{uri}")
    try:
        port = parsed.port
    except ValueError:
        port = None
    if parsed.scheme != "tcp" or port is None or not parsed.hostname:
        raise LinkError(f"{uri!r} is not a Wyoming address: give it as tcp://HOST:PORT.")
    return Address(parsed.hostname, port)


class Link:
    """A Wyoming satellite's microphone and loudspeaker, for synchronous callers.

    Party Host connects to the satellite at `address`, as Home Assistant does (a satellite
    only listens), and calls it again whenever it drops. The satellite is first sent
    RunSatellite, after which it streams its microphone as AudioChunk events.
    """

    def __init__(self, address: Address, *, retry_seconds: float = RETRY_SECONDS,
                 timeout: float = 5.0) -> None:
        """Connect now; LinkError when that fails within `timeout`."""
        self.address = address
        self.retry_seconds = retry_seconds
        self.timeout = timeout
        self.snd_format: AudioFormat | None = None
        """The format the satellite asked for its loudspeaker (RunPipeline's snd_format)."""
        self.connections = 0
        self.streams = 0
        """Audio streams sent to the satellite on this connection."""
        self.played = 0
        """Played events received from it on this connection."""
        self.received_seconds = 0.0
        """Microphone audio received so far, on every connection, in seconds."""
        self.connected = False
        """A satellite is streaming to Party Host (it has answered RunSatellite)."""
        self.calling = False
        """A connection is open and RunSatellite sent, with no answer yet: a satellite that
        serves another controller hangs up without one, and never counts as connected."""
        self.closed = False
        self._state = threading.Condition()
        self._pcm = bytearray()
        self._users = 2  # the microphone and the loudspeaker each release the link once
        self._writer: asyncio.StreamWriter | None = None
        self._heard = asyncio.Event()
        """Set by every event from the satellite, and when it has gone."""
        self._resampler: tuple[int, BlockResampler] | None = None
        self._converter = AudioChunkConverter(width=2, channels=1)
        self._ready: Future[None] = Future()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="wyoming",
                                        daemon=True)
        self._start()

    def _start(self) -> None:
        """Run the event loop's thread and connect; LinkError when that fails."""
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._call(), self._loop)
        try:
            self._ready.result(self.timeout)
        except (OSError, FutureTimeout) as error:
            self.close()
            raise self._unreachable(error) from error

    def _unreachable(self, error: BaseException) -> LinkError:
        reason = str(error).strip().rstrip(".") or "no answer"
        return LinkError(f"No Wyoming satellite answers at {self.address.uri} ({reason}).")

    # --- the synchronous side --------------------------------------------------------------

    def take(self, frames: int, timeout: float) -> bytes | None:
        """Up to `frames` frames of microphone PCM, waiting at most `timeout` seconds for them:
        b"" if none came, None once closed; LinkError while no satellite is connected."""
        wanted = 2 * frames
        with self._state:
            self._state.wait_for(
                lambda: len(self._pcm) >= wanted or not self._open() or self.closed, timeout)
            if self.closed:
                return None
            if not self._pcm and not self._open():
                raise self.gone()
            chunk = bytes(self._pcm[:wanted])
            del self._pcm[:wanted]
            return chunk

    @property
    def buffered_seconds(self) -> float:
        """Microphone audio received and not read yet, in seconds."""
        with self._state:
            return len(self._pcm) / 2 / SAMPLE_RATE

    def _open(self) -> bool:
        """Whether a connection is up (answered or not yet); called holding the state lock."""
        return self.connected or self.calling

    def gone(self) -> LinkError:
        """The error a caller gets while the satellite is away."""
        return LinkError(f"The Wyoming satellite at {self.address.uri} is not connected.")

    def wait_connected(self, timeout: float | None) -> bool:
        """Wait until a satellite is connected (True), or `timeout` seconds pass (False)."""
        with self._state:
            return self._state.wait_for(lambda: self.connected or self.closed,
                                        timeout) and not self.closed

    def play(self, events: Sequence[Event], seconds: float, timeout: float) -> None:
        """Send one audio stream lasting `seconds` and wait until it has played: the satellite
        has said Played for every stream sent on this connection, or has streamed `seconds`
        of live microphone audio since (at most `timeout` seconds); LinkError if it went away
        meanwhile."""
        heard = self.received_seconds
        self.send(events)
        with self._state:
            self.streams += 1
            self._state.wait_for(
                lambda: self.played >= self.streams or not self._open()
                or self.received_seconds >= heard + seconds, timeout)
            if not self._open() and self.played < self.streams:
                raise self.gone()  # it went away before saying the stream was played

    def send(self, events: Sequence[Event]) -> None:
        """Write events to the satellite in order; LinkError if it is not there."""
        if self.closed:
            raise self.gone()
        future = asyncio.run_coroutine_threadsafe(self._write(events), self._loop)
        try:
            future.result(SEND_TIMEOUT)
        except (OSError, FutureTimeout) as error:
            future.cancel()
            raise self.gone() from error

    def release(self) -> None:
        """One user (microphone or speaker) is done; the second one closes the link."""
        with self._state:
            self._users -= 1
            last = self._users <= 0
        if last:
            self.close()

    def close(self) -> None:
        """Tell the satellite to pause, drop the connection and stop the thread."""
        with self._state:
            if self.closed:
                return
            self.closed = True
            self._state.notify_all()
        stop = asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop)
        with contextlib.suppress(Exception):
            stop.result(self.timeout)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(self.timeout)
        if not self._thread.is_alive():
            self._loop.close()

    # --- the asyncio side ------------------------------------------------------------------

    async def _call(self) -> None:
        while not self.closed:
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection(self.address.host, self.address.port),
                    self.timeout)
            except OSError as error:  # TimeoutError too
                if not self._ready.done():
                    self._ready.set_exception(OSError(str(error) or "timed out"))
                    return
                await asyncio.sleep(self.retry_seconds)
                continue
            await self._attach(writer)
            if not self._ready.done():
                self._ready.set_result(None)
            try:
                await self._converse(reader, writer)
            finally:  # cancelled by close() too: the satellite sees the connection end
                writer.close()
                with contextlib.suppress(OSError):
                    await writer.wait_closed()
            if not self.closed:
                await asyncio.sleep(self.retry_seconds)

    async def _converse(self, reader: asyncio.StreamReader,
                        writer: asyncio.StreamWriter) -> None:
        """Run one connection until the satellite goes."""
        try:
            while (event := await async_read_event(reader)) is not None:
                await self._on_event(event, writer)
        except OSError:
            pass
        finally:
            self._detach()

    async def _attach(self, writer: asyncio.StreamWriter) -> None:
        """A satellite answered the call: it is told to stream."""
        self._writer = writer
        with self._state:
            self._pcm.clear()
            self._resampler = None
            self.snd_format = None
            self.streams = self.played = 0
        try:
            await async_write_event(RunSatellite().event(), writer)
        except OSError:
            return
        with self._state:
            self.calling = True
            self._state.notify_all()

    def _detach(self) -> None:
        """The satellite has gone."""
        self._writer = None
        self._heard.set()
        with self._state:
            self.connected = self.calling = False
            self._state.notify_all()

    async def _on_event(self, event: Event, writer: asyncio.StreamWriter) -> None:
        """Take one event from the satellite: microphone audio, Played, its loudspeaker format.
        The first one makes the satellite connected."""
        self._heard.set()
        if self.calling:
            with self._state:
                self.calling, self.connected = False, True
                self.connections += 1
                self._state.notify_all()
        if AudioChunk.is_type(event.type):
            self._hear(AudioChunk.from_event(event))
        elif AudioStop.is_type(event.type):  # a satellite that streams only while it hears
            self._hear(AudioChunk(SAMPLE_RATE, 2, 1, bytes(2 * int(STOP_SILENCE * SAMPLE_RATE))))
        elif Played.is_type(event.type):
            with self._state:
                self.played += 1
                self._state.notify_all()
        elif RunPipeline.is_type(event.type):
            wanted = event.data.get("snd_format")  # wyoming-satellite's (wyoming 1.5's field)
            self.snd_format = AudioFormat.from_dict(wanted) if wanted else None
        elif Ping.is_type(event.type):
            await async_write_event(Pong(text=Ping.from_event(event).text).event(), writer)

    def _hear(self, chunk: AudioChunk) -> None:
        pcm = self._converter.convert(chunk).audio
        if chunk.rate != SAMPLE_RATE:
            if self._resampler is None or self._resampler[0] != chunk.rate:
                self._resampler = (chunk.rate, BlockResampler(chunk.rate, SAMPLE_RATE))
            pcm = self._resampler[1].process(pcm)
        with self._state:
            self._pcm += pcm
            excess = len(self._pcm) - 2 * int(MAX_BUFFER_SECONDS * SAMPLE_RATE)
            if excess > 0:
                del self._pcm[:excess]
            self.received_seconds += len(pcm) / 2 / SAMPLE_RATE
            self._state.notify_all()

    async def _write(self, events: Sequence[Event]) -> None:
        writer = self._writer
        if writer is None:
            raise OSError("not connected")
        for event in events:
            await async_write_event(event, writer)

    async def _shutdown(self) -> None:
        """Let the satellite go as Home Assistant does (PauseSatellite: a satellite stops
        streaming until told RunSatellite again), then hang up and end every task."""
        writer = self._writer
        if writer is not None:
            with contextlib.suppress(OSError):
                await async_write_event(PauseSatellite().event(), writer)
                writer.write_eof()
                await self._until_quiet()
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in others:
            task.cancel()
        await asyncio.gather(*others, return_exceptions=True)

    async def _until_quiet(self) -> None:
        """Wait until the satellite sends nothing more (at most LET_GO_SECONDS). Hanging up
        while it still streams would reset the connection, and a satellite writing into the
        reset may drop what it had not read yet: PauseSatellite."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + LET_GO_SECONDS
        while self._writer is not None and loop.time() < deadline:
            self._heard.clear()
            try:
                await asyncio.wait_for(self._heard.wait(), LET_GO_QUIET)
            except TimeoutError:
                return
