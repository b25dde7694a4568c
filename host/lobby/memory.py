"""Give the memory a finished game took back to the system, so that `partyhost serve` stays as
lean after many games as after one, and waits for requests with what it needs only."""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import gc
from collections.abc import Callable


def release_memory() -> bool:
    """Collect the game's objects, then hand the C allocator's free pages back to the system;
    False where the allocator cannot (not glibc).

    The models allocate and free large buffers in C for every line said and heard; glibc keeps
    what is freed for reuse, and its heaps only grow until malloc_trim returns their unused
    pages (a few milliseconds)."""
    gc.collect()
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's malloc_trim, or None where there is none."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    trim = getattr(ctypes.CDLL(name), "malloc_trim", None)
    if trim is None:
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim  # type: ignore[no-any-return]
