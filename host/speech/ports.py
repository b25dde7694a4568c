"""The small Protocols the session talks to: audio in and out, recognizer, synthesizer."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

SAMPLE_RATE = 16_000
"""Microphone audio is 16 kHz mono signed 16-bit little-endian PCM everywhere."""


@dataclass(frozen=True)
class Transcript:
    """What the recognizer heard in one utterance."""

    text: str
    """The words heard; with choices set, exactly one choice or "" (rejected)."""
    engine: str = "text"
    """Which engine produced it ("whisper", "vosk", "sphinx"; "text" when typed)."""
    confidence: float | None = None
    """Engine confidence in [0, 1] where the engine gives one."""
    unsure: bool = False
    """The text (the best choice, or else the free transcript) on weak evidence: the host asks
    back ("Egg timer?") before acting."""
    nearly_sure: bool = False
    """The text is unsure, but on evidence close to sure (engines that weigh it): a secret
    choice heard so is taken when nothing clearer was heard (host.core.hearing.Ear)."""
    free: str = ""
    """With choices set, what the engine heard decoding freely (engines that decode freely):
    the move in a game where a move may be none of the choices (a Short List guess that is
    not on the card) when none was taken or one was taken unsure; a check on a sure choice
    that would end the game."""
    free_confidence: float = 0.0
    """How sure the engine is of `free`: its mean token probability, in [0, 1]."""
    runners_up: tuple[str, ...] = ()
    """With a choice taken, the next likeliest choices, likeliest first (engines that score
    them): what the host may ask back when it does not take the choice itself. With none
    taken, the likeliest choices."""


class AudioIn(Protocol):
    """A source of 16 kHz mono int16 PCM: a microphone, a WAV file, a directory of them."""

    sample_rate: int

    def read(self, frames: int) -> bytes | None:
        """Return up to `frames` frames of PCM, b"" when nothing yet, None at end of stream."""
        ...

    def close(self) -> None:
        """Release the device or file."""
        ...


class AudioOut(Protocol):
    """A sink for the host's voice: a speaker or a folder of WAV files."""

    def play(self, pcm: bytes, sample_rate: int) -> None:
        """Play (or write) mono int16 PCM; returns when it has been handed over."""
        ...

    def close(self) -> None:
        """Finish playing and release the device."""
        ...


class Recognizer(Protocol):
    """Speech to text, optionally constrained to the phrases that make sense right now."""

    name: str

    def set_choices(self, choices: Sequence[str] | None) -> None:
        """Constrain recognition to these phrases; None means free decoding."""
        ...

    def transcribe(self, pcm: bytes, sample_rate: int = SAMPLE_RATE) -> Transcript:
        """Recognise one whole utterance of int16 mono PCM."""
        ...


class Synthesizer(Protocol):
    """Text to speech."""

    name: str
    sample_rate: int

    def synthesize(self, text: str) -> Iterator[bytes]:
        """Yield int16 mono PCM, sentence by sentence, so playback can start early."""
        ...
