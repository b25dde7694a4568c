"""The lobby gives back the memory it no longer uses: freed C memory really leaves the process,
and the lobby does it each time it waits for a request (issue 45: `serve` after three games)."""

from __future__ import annotations

import ctypes
import ctypes.util
from pathlib import Path

import pytest

from host.lobby import lobby as lobby_module
from host.lobby.memory import release_memory
from tests.lobby.conftest import LobbyMaker

BLOCKS, BLOCK_BYTES = 5000, 30_000
"""Freed blocks small enough for glibc to keep for reuse rather than give back (143 MB; one
of 64 kB or more is given back as it is freed)."""


def resident_mb() -> float:
    """This process's resident memory now, in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS in /proc/self/status")


def test_memory_freed_in_c_leaves_the_process() -> None:
    """glibc keeps freed blocks that sit below blocks still in use; released, they go back."""
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    libc.malloc.restype = ctypes.c_void_p
    libc.malloc.argtypes = [ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    freed, kept = [], []
    for _ in range(BLOCKS):
        block = libc.malloc(BLOCK_BYTES)
        ctypes.memset(block, 1, BLOCK_BYTES)  # touched: resident
        freed.append(block)
        kept.append(libc.malloc(64))  # pins the heap above the block
    for block in freed:
        libc.free(block)
    held = resident_mb()
    assert release_memory()
    assert held - resident_mb() > 0.6 * BLOCKS * BLOCK_BYTES / 2**20
    for block in kept:
        libc.free(block)


def test_the_lobby_gives_memory_back_before_each_wait_for_a_request(
        lobby_hearing: LobbyMaker, monkeypatch: pytest.MonkeyPatch) -> None:
    """A lobby may wait for hours: what the last game, line or sentence heard left behind goes
    back to the system before it listens again."""
    lobby, shown = lobby_hearing(["what a lovely evening we are having"])
    happened: list[str] = []
    monkeypatch.setattr(lobby_module, "release_memory", lambda: happened.append("release"))
    listen = lobby.ears.listen
    monkeypatch.setattr(lobby.ears, "listen",
                        lambda *args, **kwargs: happened.append("listen") or listen(*args,
                                                                                     **kwargs))
    assert lobby.run() == 0
    assert any(line.startswith("  (ignored:") for line in shown)
    assert happened == ["release", "listen", "release", "listen"]
