"""A speech engine takes a thread per core its process may run on, not per core of the
machine (host.speech.cores)."""

from __future__ import annotations

import os
import subprocess
import sys

from host.speech.cores import MAX_THREADS, engine_threads

PINNED = """
import os
os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
from host.speech.cores import engine_threads
print(engine_threads())
"""


def test_a_process_pinned_to_one_core_runs_its_engines_on_one_thread() -> None:
    out = subprocess.run([sys.executable, "-c", PINNED], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "1"


def test_a_free_process_takes_a_thread_per_core_it_may_use_up_to_the_cap() -> None:
    assert engine_threads() == min(MAX_THREADS, len(os.sched_getaffinity(0)))
