"""Half-duplex: the microphone is closed while the host speaks (and a tail after), time as data."""

from __future__ import annotations

from dataclasses import dataclass, field

from host.speech import pronounce


@dataclass
class MicGate:
    """Decides whether microphone audio may reach the recognizer.

    The session calls `host_speaks(now, seconds, text)` when it starts playing a line and
    `is_open(now)` for each microphone chunk; `now` is the session clock's time in seconds.
    """

    tail_seconds: float = 0.4
    """How long the microphone stays closed after the host stops (room echo, late audio)."""
    closed_until: float = 0.0
    last_line: str = ""
    history: list[str] = field(default_factory=list)

    def host_speaks(self, now: float, seconds: float, text: str = "") -> None:
        """The host starts saying `text`, lasting `seconds` from `now`."""
        self.closed_until = max(self.closed_until, now + seconds + self.tail_seconds)
        if text:
            self.last_line = text
            self.history = [*self.history[-4:], text]

    def is_open(self, now: float) -> bool:
        """May the microphone be heard at time `now`?"""
        return now >= self.closed_until

    def is_echo(self, transcript: str, min_words: int = 2) -> bool:
        """True when the transcript just repeats (part of) something the host said lately."""
        heard = pronounce.tokenize(transcript)
        if len(heard) < min_words:
            return False
        return any(_contains(pronounce.tokenize(line), heard) for line in self.history)

    def admit(self, transcript: str) -> str:
        """Return the transcript, or "" when it is the host's own voice coming back."""
        return "" if self.is_echo(transcript) else transcript


def _contains(line: list[str], heard: list[str]) -> bool:
    """True when the words `heard` appear in order, contiguously, inside `line`."""
    n = len(heard)
    return any(line[i:i + n] == heard for i in range(len(line) - n + 1))
