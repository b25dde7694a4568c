"""Bench Crack Word's dictionaries: load times, memory, words kept and removed, query speeds."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from host.games.crack_word import dictionary as dictmod
from host.games.crack_word.dictionary import Dictionary


def _timed(load: Callable[[], Dictionary]) -> tuple[float, Dictionary]:
    """Seconds a load takes, and what it loaded."""
    start = time.perf_counter()
    loaded = load()
    return time.perf_counter() - start, loaded


def _memory_mb(load: Callable[[], Dictionary]) -> float:
    """Megabytes a loaded dictionary keeps allocated."""
    tracemalloc.start()
    kept = load()
    current, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del kept
    return round(current / 1e6, 1)


def _median_us(query: Callable[[str], object], samples: list[str]) -> float:
    """The median microseconds of one query over the samples."""
    times = []
    for sample in samples:
        start = time.perf_counter_ns()
        query(sample)
        times.append(time.perf_counter_ns() - start)
    return round(statistics.median(times) / 1000, 2)


def _samples(d: Dictionary, rng: random.Random, n: int) -> dict[str, list[str]]:
    """Random query inputs: words, random letters, pieces of words, rows."""
    words = sorted(d.words)
    picked = [rng.choice(words) for _ in range(n)]
    letters = "".join(chr(65 + rng.randrange(26)) for _ in range(n * 8))
    randoms = [letters[i * 8:i * 8 + rng.randint(2, 5)] for i in range(n)]
    pieces = []
    for word in picked:
        start = rng.randrange(len(word))
        pieces.append(word[start:start + rng.randint(2, 5)])
    rows = [rng.choice(words)[:7] + letters[i:i + 3] for i in range(n)]
    return {"word": picked, "random": randoms, "piece": pieces, "row": rows}


def bench(lang: str, n: int, seed: int) -> dict[str, object]:
    """The figures of one language's dictionary."""
    path, _package = dictmod.WORD_LISTS[lang]
    with tempfile.TemporaryDirectory() as tmp:
        cache = Path(tmp)
        original = dictmod.cache_dir
        dictmod.cache_dir = lambda: cache
        try:
            cold, d = _timed(lambda: dictmod.load_dictionary(lang))
            cached, d = _timed(lambda: dictmod.load_dictionary(lang))
            memory = _memory_mb(lambda: dictmod.load_dictionary(lang))
            cache_bytes = sum(p.stat().st_size for p in cache.rglob("*.bin"))
        finally:
            dictmod.cache_dir = original
    s = _samples(d, random.Random(seed), n)
    return {
        "lang": lang, "file": str(path), "load_cold_s": round(cold, 3),
        "load_cached_s": round(cached, 3), "memory_mb": memory,
        "cache_file_mb": round(cache_bytes / 1e6, 1), "suffixes": len(d.suffixes),
        "counts": d.counts,
        "us_per_query": {
            "is_word": _median_us(d.is_word, s["word"] + s["random"]),
            "contains_piece": _median_us(d.contains, s["piece"]),
            "contains_random": _median_us(d.contains, s["random"]),
            "words_containing_piece": _median_us(d.words_containing, s["piece"]),
            "words_containing_random": _median_us(d.words_containing, s["random"]),
            "words_completed_by_row": _median_us(d.words_completed_by, s["row"]),
            "words_completed_by_placed": _median_us(
                lambda r: d.words_completed_by(r, placed=len(r) - 1), s["row"]),
        },
    }


def main() -> int:
    """Print one JSON object with each language's figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lang", action="append", choices=("fr", "en"))
    parser.add_argument("--queries", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    out = {lang: bench(lang, args.queries, args.seed) for lang in args.lang or ["fr", "en"]}
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
