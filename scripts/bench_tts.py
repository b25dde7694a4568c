#!/usr/bin/env python3
"""Benchmark speech synthesis: time to first audio, real-time factor, cache hit latency (JSON)."""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

from host.speech.cache import CachedSynthesizer
from host.speech.ports import Synthesizer
from host.speech.tts import make_synthesizer

SHORT = "Crack On!"
LONG = (
    "Welcome to Crack List! Tonight we name things in a category, one after another. "
    "If you repeat an answer, or take too long, you are out of the round. "
    "The last player standing scores a point. Let's begin with fruits."
)


def measure(synth: Synthesizer, text: str) -> dict[str, float]:
    """Time to first chunk, total time, audio seconds and real-time factor for one line."""
    start = time.perf_counter()
    first = None
    samples = 0
    for chunk in synth.synthesize(text):
        if first is None:
            first = time.perf_counter() - start
        samples += len(chunk) // 2
    total = time.perf_counter() - start
    audio = samples / synth.sample_rate
    return {
        "first_audio_s": first or total,
        "total_s": total,
        "audio_s": audio,
        "rtf": total / audio,
    }


def median_of(runs: int, fn: Callable[[], dict[str, float]]) -> dict[str, float]:
    """Run `fn` several times and take the median of every number."""
    results = [fn() for _ in range(runs)]
    return {key: round(statistics.median(r[key] for r in results), 6) for key in results[0]}


def bench_engine(engine: str, runs: int) -> dict[str, object]:
    """Load time, short and long line numbers, and cache hit latency for one engine."""
    start = time.perf_counter()
    synth = make_synthesizer(engine)
    load = time.perf_counter() - start
    measure(synth, "Warm up.")  # first inference pays one-off allocation costs
    cache = CachedSynthesizer(synth)
    cache.warm([SHORT])
    return {
        "voice": synth.name,
        "load_s": round(load, 4),
        "short_line": median_of(runs, lambda: measure(synth, SHORT)),
        "long_line": median_of(runs, lambda: measure(synth, LONG)),
        "cache_hit": median_of(runs * 10, lambda: measure(cache, SHORT)),
    }


def main() -> None:
    """Print one JSON object with the numbers for each engine."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="repetitions per number (median)")
    parser.add_argument("--engine", action="append", choices=["piper", "espeak"])
    args = parser.parse_args()
    engines = args.engine or ["piper", "espeak"]
    print(json.dumps({engine: bench_engine(engine, args.runs) for engine in engines}, indent=2))


if __name__ == "__main__":
    main()
