#!/usr/bin/env python3
"""Benchmark `partyhost simulate crack-list`: games and events per second on one core (JSON).

Each repeat is a fresh `partyhost simulate --json` process (cold caches, as a user runs it),
pinned to one core with taskset when it is installed. Prints best and median games per second
(the judge's one-off warm-up excluded, as simulate reports it), events per second and whether
every repeat played clean (no invariant violation, no missing event kind).

With --profile it instead plays the games once in this process under cProfile and prints where
a game's time goes, by part (rules, bots, judge, transitions, simulate loop), in ms per game:
the profiler's shares scaled to the unprofiled time of the same games.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import shutil
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

PARTYHOST = Path(sys.executable).with_name("partyhost")


def command(games: int, seed: int, players: int, core: int | None) -> list[str]:
    """The simulate command line, pinned to `core` when taskset is available."""
    simulate = [
        str(PARTYHOST) if PARTYHOST.exists() else "partyhost",
        "simulate",
        "crack-list",
        "--games",
        str(games),
        "--seed",
        str(seed),
        "--players",
        str(players),
        "--json",
    ]
    taskset = shutil.which("taskset")
    if core is None or taskset is None:
        return simulate
    return [taskset, "-c", str(core), *simulate]


def run_once(cmd: list[str]) -> dict[str, Any]:
    """Run one simulation and return its JSON report."""
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if not done.stdout.strip():
        raise SystemExit(f"simulate failed: {done.stderr.strip() or done.returncode}")
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def summarise(reports: list[dict[str, Any]], cmd: list[str]) -> dict[str, Any]:
    """Best and median rates over the repeats."""
    rates = [float(r["games_per_second"]) for r in reports]
    events = reports[0]["events_handled"] / reports[0]["games"]
    return {
        "command": " ".join(cmd),
        "repeats": len(reports),
        "games": reports[0]["games"],
        "events_per_game": round(events, 1),
        "games_per_second": {
            "best": max(rates),
            "median": round(statistics.median(rates), 1),
            "all": rates,
        },
        "events_per_second": {
            "best": round(max(rates) * events),
            "median": round(statistics.median(rates) * events),
        },
        "us_per_event_best": round(1e6 / (max(rates) * events), 1),
        "warmup_seconds_median": round(statistics.median(r["warmup_seconds"] for r in reports), 2),
        "clean": all(
            r["invariant_violations"] == 0 and not r["missing_event_kinds"] for r in reports
        ),
    }


PARTS = (
    ("transitions", "/transitions/"),
    ("judge", "/host/judge/"),
    ("bots", "/host/games/crack_list/bots.py"),
    ("referee", "/host/games/crack_list/checks.py"),
    ("rules (host/games)", "/host/games/"),
    ("simulate loop", "/host/core/simulate.py"),
    ("random", "/random.py"),
)


OTHER = "other (Python library)"


def _part(filename: str) -> str:
    return next((part for part, marker in PARTS if marker in filename), OTHER)


def profile(games: int, seed: int, players: int) -> dict[str, Any]:
    """Where a simulated game's time goes, by part, in ms per game (see the module doc)."""
    from host.games.crack_list.checks import simulate_crack_list as simulate
    from host.games.crack_list.setup import category_cards
    from host.judge import Judge

    cards = category_cards("en", [], adults=False)
    categories = [category for card in cards for category in card.categories]
    plain = simulate(cards, Judge(), games=games, seed=seed, players=players)
    judge = Judge()  # fresh, as in a run, but warmed up before the profiler starts
    judge.prepare(categories)
    profiler = cProfile.Profile()
    profiler.enable()
    simulate(cards, judge, games=games, seed=seed, players=players)
    profiler.disable()
    stats: dict[Any, Any] = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    own = {name: 0.0 for name, _ in PARTS} | {OTHER: 0.0}
    for (filename, _line, function), (_cc, _nc, tottime, _ct, callers) in stats.items():
        if "gc.collect" in function:
            continue  # the warm-up's collection
        if filename != "~":
            own[_part(filename)] += tottime
            continue
        for (caller_file, _l, _f), (_ccc, _cnc, caller_tottime, _cct) in callers.items():
            own[_part(caller_file)] += caller_tottime  # a builtin counts for its caller
    real_ms = plain.seconds / games * 1e3
    scale = real_ms / sum(own.values())
    return {
        "games": games,
        "games_per_second_unprofiled": round(games / plain.seconds, 1),
        "ms_per_game": round(real_ms, 2),
        "ms_per_game_by_part": {k: round(v * scale, 2) for k, v in own.items()},
        "note": "profiled self-time shares scaled to the unprofiled game time",
    }


def main() -> int:
    """Parse arguments, run the repeats and print one JSON object."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per repeat")
    parser.add_argument("--repeats", type=int, default=5, help="how many runs")
    parser.add_argument("--seed", type=int, default=1, help="random seed")
    parser.add_argument("--players", type=int, default=4, help="bot players per game")
    parser.add_argument("--core", type=int, default=1, help="CPU core to pin to (-1: none)")
    parser.add_argument(
        "--profile", action="store_true", help="print ms per game by part instead (in-process)"
    )
    args = parser.parse_args()
    if args.profile:
        print(json.dumps(profile(args.games, args.seed, args.players)))
        return 0
    cmd = command(args.games, args.seed, args.players, None if args.core < 0 else args.core)
    reports = [run_once(cmd) for _ in range(args.repeats)]
    print(json.dumps(summarise(reports, cmd)))
    return 0 if all(r["invariant_violations"] == 0 for r in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
