#!/usr/bin/env python3
"""Benchmark the companion page: 8 seat pages and 4 table pages connected over real
WebSockets (uvicorn on the loopback address) while bot players play a game through the real
session at full speed; prints event-to-page-update latency (p50, p95, max) and throughput.

The latency of a page update is from just before the session takes the event to when a
client has the page showing it; at full speed the updates queue behind one another, so it
is also measured with the events paced (--pace, events per second), as a table plays them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import threading
import time
from typing import Any

import websockets

from host.clock import MonotonicClock
from host.companion.companion import Companion
from host.companion.hub import new_device
from host.companion.server import DEVICE_COOKIE
from host.core.protocols import GameKind
from host.registry import find_game

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


class Clients:
    """WebSocket clients on a thread of their own: when each received which page."""

    def __init__(self, urls: list[tuple[str, str]]) -> None:
        self.urls = urls
        """Each page's WebSocket address, and the cookie of the device that took its seat."""
        self.received: list[tuple[int, float]] = []
        self.connected = threading.Event()
        self.done = threading.Event()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._all(),),
                                       daemon=True)
        self._open = 0

    async def _all(self) -> None:
        await asyncio.gather(*(self._one(url, cookie) for url, cookie in self.urls))

    async def _one(self, url: str, cookie: str) -> None:
        headers = {"Cookie": cookie} if cookie else None
        async with websockets.connect(url, max_size=None, additional_headers=headers) as socket:
            self._open += 1
            if self._open == len(self.urls):
                self.connected.set()
            while not self.done.is_set():
                try:
                    message = await asyncio.wait_for(socket.recv(), 0.2)
                except TimeoutError:
                    continue
                seq = json.loads(message)["seq"]
                self.received.append((seq, time.perf_counter()))


def table_of(kind: GameKind, players: int, seed: int) -> Any:
    """A session for `players` bots, on the real clock, with no save file."""
    from host.cli import build_parser

    args = build_parser().parse_args(["play", kind.name, "--seed", str(seed), "--lang",
                                      kind.default_lang, "--players",
                                      *PLAYERS[:players]])
    options = kind.options_from_args(args)
    return kind.new_session(options, MonotonicClock(), None, ())


def play(companion: Companion, kind: GameKind, seed: int, pace: float | None,
         limit: int) -> tuple[dict[int, float], list[float]]:
    """Bots play through the session; after each event every page is published. Returns when
    each step was taken and how long each publish took."""
    session = companion.session
    bots = kind.voice_bots(session.game, random.Random(seed))
    taken: dict[int, float] = {}
    publish_ms: list[float] = []
    companion.publish(session.start())
    for _ in range(limit):
        if session.finished:
            break
        started = time.perf_counter()
        lines = session.push(bots.next_event())
        companion.publish(lines)
        taken[companion.seq] = started
        publish_ms.append((time.perf_counter() - started) * 1000)
        if pace:
            time.sleep(max(0.0, 1 / pace - (time.perf_counter() - started)))
    return taken, publish_ms


def run(game: str, seats: int, tables: int, seed: int, pace: float | None,
        limit: int) -> dict[str, Any]:
    """One game with its pages connected; the latency figures."""
    kind = find_game(game)
    companion = Companion(table_of(kind, seats, seed), kind.title, host="127.0.0.1", port=0)
    links = companion.start()
    base = links.table.replace("http://", "ws://").rsplit("/t/", 1)[0]
    urls = []
    for seat in range(seats):  # each seat taken by a device of its own, as a phone takes it
        device = new_device()
        token = companion.hub.claim(seat, device)
        urls.append((f"{base}/ws/{token}", f"{DEVICE_COOKIE}={device}"))
    urls += [(f"{base}/ws/{companion.hub.table_token}", "")] * tables
    clients = Clients(urls)
    clients.thread.start()
    clients.connected.wait(10)
    began = time.perf_counter()
    taken, publish_ms = play(companion, kind, seed, pace, limit)
    played = time.perf_counter() - began
    last = companion.seq
    deadline = time.perf_counter() + 10
    while time.perf_counter() < deadline and \
            sum(1 for seq, _ in clients.received if seq == last) < len(urls):
        time.sleep(0.01)
    clients.done.set()
    clients.thread.join(5)
    companion.close()
    latencies = sorted((at - taken[seq]) * 1000 for seq, at in clients.received if seq in taken)
    return {
        "game": game, "seat_pages": seats, "table_pages": tables,
        "pace_events_per_second": pace or "full speed",
        "events": len(taken), "events_per_second": round(len(taken) / played, 1),
        "page_updates": len(latencies),
        "latency_ms_p50": round(statistics.median(latencies), 2) if latencies else None,
        "latency_ms_p95": round(latencies[int(0.95 * (len(latencies) - 1))], 2)
        if latencies else None,
        "latency_ms_max": round(latencies[-1], 2) if latencies else None,
        "publish_ms_p50": round(statistics.median(publish_ms), 3),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures (JSON with --json)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="crack-list")
    parser.add_argument("--seats", type=int, default=8)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pace", type=float, default=50.0,
                        help="events per second of the paced run (default 50)")
    parser.add_argument("--events", type=int, default=3000, help="at most this many events")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    for pace in (None, args.pace):
        result = run(args.game, args.seats, args.tables, args.seed, pace,
                     args.events if pace is None else min(args.events, 500))
        if args.json:
            print(json.dumps(result))
        else:
            print("  ".join(f"{key}={value}" for key, value in result.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
