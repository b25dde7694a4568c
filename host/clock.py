"""Clocks: the real one for play, a fake one that tests advance by hand."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """Something that tells the time in seconds."""

    def now(self) -> float:
        """Seconds since an arbitrary start."""
        ...


class MonotonicClock:
    """The real clock."""

    def now(self) -> float:
        """Seconds from time.monotonic()."""
        return time.monotonic()


class FakeClock:
    """A clock that only moves when told to."""

    def __init__(self, start: float = 0.0) -> None:
        self.time = start

    def now(self) -> float:
        """The current fake time."""
        return self.time

    def advance(self, seconds: float) -> None:
        """Move time forward."""
        self.time += seconds
