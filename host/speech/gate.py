"""Half-duplex: the microphone is closed while the host speaks (and a tail after), time as data."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class MicGate:
    """Decides whether microphone audio may reach the recognizer.

    The session calls `host_speaks(now, seconds)` when it starts playing a line and
    `is_open(now)` for each microphone chunk; `now` is the session clock's time in seconds.
    """

    tail_seconds: float = 0.4
    """How long the microphone stays closed after the host stops (room echo, late audio)."""
    closed_until: float = 0.0

    def host_speaks(self, now: float, seconds: float) -> None:
        """The host starts a line lasting `seconds` from `now`."""
        self.closed_until = max(self.closed_until, now + seconds + self.tail_seconds)

    def is_open(self, now: float) -> bool:
        """May the microphone be heard at time `now`?"""
        return now >= self.closed_until
