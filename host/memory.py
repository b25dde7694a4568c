"""Keep the host's memory lean: one C heap for all its threads (`play` and `serve`), and what a
finished game took handed back to the system, so that `serve` stays as lean after many games as
after one."""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import gc
from collections.abc import Callable
from typing import Any

ALLOCATOR_ARENAS = 1
"""How many heaps glibc's allocator may keep for the host's threads. By default it opens one
per thread that contends for it, up to eight per core, and each keeps what its thread freed:
`partyhost serve` had 506-580 MB after three games with them (553 with four), 434-443 MB after
each game with one (scripts/bench_serve_memory.py); a speech session of `partyhost play` peaked
at 480-500 MB with them and 471-479 with one (`bench speech`'s session probe). Its threads then
take turns at the allocator: replies measured by `partyhost bench e2e` were perhaps 50-100 ms
slower at the median, within the spread of its runs (README, "Memory over games"); `bench
speech`'s reply latency did not move (86-104 ms either way)."""
M_ARENA_MAX = -8
"""mallopt's parameter for the number of arenas (glibc's malloc.h)."""


def limit_allocator_arenas(arenas: int = ALLOCATOR_ARENAS) -> bool:
    """Let the C allocator keep at most `arenas` heaps (call it before the models start their
    threads); False where the allocator cannot (not glibc)."""
    mallopt = _libc_function("mallopt", (ctypes.c_int, ctypes.c_int))
    return mallopt is not None and bool(mallopt(M_ARENA_MAX, arenas))


def release_memory() -> bool:
    """Collect the game's objects, then hand the C allocator's free pages back to the system;
    False where the allocator cannot (not glibc).

    The models allocate and free large buffers in C for every line said and heard; glibc keeps
    what is freed for reuse, and its heaps only grow until malloc_trim returns their unused
    pages (a few milliseconds)."""
    gc.collect()
    trim = _libc_function("malloc_trim", (ctypes.c_size_t,))
    if trim is None:
        return False
    trim(0)
    return True


@functools.cache
def _libc_function(name: str, argtypes: tuple[Any, ...]) -> Callable[..., int] | None:
    """One of glibc's allocator functions, or None where there is none."""
    library = ctypes.util.find_library("c")
    if library is None:
        return None
    function = getattr(ctypes.CDLL(library), name, None)
    if function is None:
        return None
    function.argtypes = list(argtypes)
    function.restype = ctypes.c_int
    return function  # type: ignore[no-any-return]
