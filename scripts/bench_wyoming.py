#!/usr/bin/env python3
"""Benchmark the Wyoming hop over loopback: microphone chunk latency, the speaker's first audio
and Played round trip, and the cost of converting a 48 kHz stereo microphone (JSON)."""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import threading
import time
from typing import Any

import numpy as np
from wyoming.audio import AudioChunk, AudioChunkConverter, AudioStart, AudioStop
from wyoming.event import Event
from wyoming.satellite import RunSatellite
from wyoming.server import AsyncEventHandler
from wyoming.snd import Played

from host.speech.audio import BlockResampler
from host.speech.wyoming.audio import wyoming_audio
from host.speech.wyoming.link import Address

CHUNK = 320
"""Microphone samples a chunk (20 ms at 16 kHz), as the host's ears read them."""


class BenchSatellite(AsyncEventHandler):
    """A satellite that streams numbered chunks in real time and says Played at once."""

    def __init__(self, bench: Bench, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        super().__init__(reader, writer)
        self.bench = bench

    async def handle_event(self, event: Event) -> bool:
        """Start streaming on RunSatellite; note when the host's audio arrives; say Played."""
        now = time.perf_counter()
        if RunSatellite.is_type(event.type):
            asyncio.get_running_loop().create_task(self.stream())
        elif AudioStart.is_type(event.type):
            self.bench.starts.append(now)
        elif AudioChunk.is_type(event.type):
            self.bench.chunks.append(now)
        elif AudioStop.is_type(event.type):
            self.bench.stops.append(now)
            await self.write_event(Played().event())
        return True

    async def stream(self) -> None:
        """Chunk i carries the number i in its samples, sent every 20 ms."""
        for number in range(self.bench.mic_chunks):
            samples = np.full(CHUNK, number, dtype="<i2").tobytes()
            self.bench.sent.append(time.perf_counter())
            await self.write_event(AudioChunk(16_000, 2, 1, samples).event())
            await asyncio.sleep(CHUNK / 16_000)


class Bench:
    """The satellite's loop, in a thread, and what it saw."""

    def __init__(self, mic_chunks: int) -> None:
        self.mic_chunks = mic_chunks
        self.sent: list[float] = []
        self.starts: list[float] = []
        self.chunks: list[float] = []
        self.stops: list[float] = []
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()

    def listen(self) -> int:
        """Start the satellite on an ephemeral loopback port."""
        async def start() -> int:
            server = await asyncio.start_server(
                lambda r, w: BenchSatellite(self, r, w).run(), "127.0.0.1", 0)
            return int(server.sockets[0].getsockname()[1])
        return asyncio.run_coroutine_threadsafe(start(), self.loop).result(10)


def stats(values: list[float]) -> dict[str, float]:
    """Median, 95th percentile and max, in milliseconds."""
    ms = sorted(1000 * v for v in values)
    return {"median_ms": round(statistics.median(ms), 3),
            "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 3), "max_ms": round(ms[-1], 3)}


def microphone_latency(bench: Bench, mic: Any) -> dict[str, float]:
    """From the satellite writing a chunk to the host's read() returning it; and the CPU this
    process spends meanwhile (the satellite's side and the host's, streaming in real time)."""
    latencies = []
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(bench.mic_chunks):
        pcm = mic.read(CHUNK)
        got = time.perf_counter()
        number = int(np.frombuffer(pcm[:2], dtype="<i2")[0])
        latencies.append(got - bench.sent[number])
    busy = (time.process_time() - cpu) / (time.perf_counter() - wall)
    return {**stats(latencies), "cpu_percent_both_sides": round(100 * busy, 2)}


def speaker_latency(bench: Bench, speaker: Any, lines: int) -> dict[str, Any]:
    """For each 2-second line: first audio at the satellite, and play()'s return after its
    Played (beyond the line itself nothing is played here: the satellite says Played at once)."""
    pcm = (np.sin(np.arange(2 * 22_050) / 9) * 6000).astype("<i2").tobytes()
    first, returned = [], []
    for _ in range(lines):
        before = len(bench.starts)
        start = time.perf_counter()
        speaker.play(pcm, 22_050)
        returned.append(time.perf_counter() - start)
        first.append(bench.starts[before] - start)
    return {"first_audio": stats(first), "play_returns": stats(returned)}


def conversion_cost(seconds: float = 10.0) -> dict[str, float]:
    """CPU time to turn a 48 kHz stereo microphone into 16 kHz mono, per second of audio (the
    wyoming package's converter for channels, then host.speech's resampler, as the link does)."""
    samples = (np.sin(np.arange(int(48_000 * seconds)) / 5) * 6000).astype("<i2")
    stereo = np.repeat(samples, 2).tobytes()
    chunks = [AudioChunk(48_000, 2, 2, stereo[i : i + 4096]) for i in range(0, len(stereo), 4096)]
    converter, resampler = AudioChunkConverter(width=2, channels=1), BlockResampler(48_000, 16_000)
    start = time.process_time()
    for chunk in chunks:
        resampler.process(converter.convert(chunk).audio)
    spent = time.process_time() - start
    return {"cpu_ms_per_audio_second": round(1000 * spent / seconds, 3)}


def main() -> None:
    """Run the benchmark and print one JSON object."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="microphone audio streamed")
    parser.add_argument("--lines", type=int, default=20, help="lines played")
    args = parser.parse_args()
    bench = Bench(int(args.seconds * 16_000 / CHUNK))
    mic, speaker = wyoming_audio(Address("127.0.0.1", bench.listen()).uri)
    result = {"microphone_chunk": microphone_latency(bench, mic),
              "speaker_line": speaker_latency(bench, speaker, args.lines),
              "convert_48k_stereo": conversion_cost()}
    mic.close()
    speaker.close()
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
