"""The lobby gives back the memory it no longer uses: freed C memory really leaves the process,
and the lobby does it each time it waits for a request (issue 45: `serve` after three games)."""

from __future__ import annotations

import ctypes
import ctypes.util
import subprocess
import sys
from pathlib import Path

import pytest

from host.lobby import lobby as lobby_module
from host.memory import ALLOCATOR_ARENAS, release_memory
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


HEAPS_SEEN = """
import ctypes, ctypes.util, sys, tempfile, threading
from host.memory import limit_allocator_arenas
if sys.argv[1] == "capped":
    assert limit_allocator_arenas()
libc = ctypes.CDLL(ctypes.util.find_library("c"))
libc.malloc.restype = ctypes.c_void_p
libc.malloc.argtypes = [ctypes.c_size_t]
libc.free.argtypes = [ctypes.c_void_p]
libc.fopen.restype = ctypes.c_void_p
libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
libc.fclose.argtypes = [ctypes.c_void_p]
started = threading.Barrier(4)
def allocate():
    started.wait()  # all at once, as the models' threads are
    blocks = [libc.malloc(1000) for _ in range(2000)]
    for block in blocks:
        libc.free(block)
threads = [threading.Thread(target=allocate) for _ in range(4)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
with tempfile.NamedTemporaryFile(suffix=".xml") as report:
    stream = libc.fopen(report.name.encode(), b"w")
    libc.malloc_info(0, stream)
    libc.fclose(stream)
    print(open(report.name).read().count("<heap nr="))
"""
"""A program that lets four threads allocate at once and prints how many heaps glibc's
allocator then keeps (its malloc_info report)."""


def heaps_after_threads(*mode: str) -> int:
    """How many heaps the allocator keeps once four threads have allocated, in a fresh
    process (the cap holds for a whole process)."""
    done = subprocess.run([sys.executable, "-c", HEAPS_SEEN, *mode], capture_output=True,
                          text=True, check=True)
    return int(done.stdout)


def test_serve_keeps_one_heap_for_all_its_threads() -> None:
    """Each thread of the models would get a heap of its own, which keeps what it freed (serve
    kept 60-140 MB more after three games); capped, they share one."""
    assert heaps_after_threads("free") > 1
    assert heaps_after_threads("capped") == ALLOCATOR_ARENAS == 1
