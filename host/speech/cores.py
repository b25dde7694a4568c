"""How many threads a speech engine may run: the cores this process may use."""

from __future__ import annotations

import os

MAX_THREADS = 4
"""An engine gains little from more threads than this for one short utterance or line."""


def engine_threads() -> int:
    """The cores this process may run on (its CPU affinity, which taskset, a container or a
    service's CPUAffinity= narrow), at most MAX_THREADS: a thread per core of the machine on
    a process pinned to one core only makes its threads wait for each other."""
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:  # no affinity on this platform
        usable = os.cpu_count() or 1
    return max(1, min(MAX_THREADS, usable))
