"""The small Protocols the session talks to: audio in and out, recognizer, synthesizer."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

SAMPLE_RATE = 16_000
"""Microphone audio is 16 kHz mono signed 16-bit little-endian PCM everywhere."""


@dataclass(frozen=True)
class Measures:
    """What the engine measured of the best choice of one utterance, for the calibrator
    (host.speech.calibration) to turn into the probability that it is what was said."""

    choice: str
    """The best choice (also when none was taken: then the likeliest runner-up)."""
    scored: bool
    """Whether the choices were scored against the audio; False when the free transcript was
    exactly one choice's words and that choice was taken without scoring (the fast path): then
    `evidence`, `lead` and `posterior` are None."""
    no_speech: float
    """The engine's probability that the utterance held no speech, in [0, 1]."""
    free_confidence: float
    """How sure the engine's free decoding was of what it wrote, in [0, 1]: the exponential
    of its length-normalised log-probability as decoded (not `Transcript.free_confidence`,
    which rescores the transcript as written and costs a decoder pass)."""
    agrees: bool
    """Whether the free transcript's words are the choice's (one of its written forms)."""
    likeness: float
    """How alike the free transcript and the choice sound, in [0, 1] (1 when they agree)."""
    tokens: int
    """Tokens of the choice's written form that was scored (the free transcript's, as written,
    on the fast path), end of text included."""
    evidence: float | None = None
    """The choice's log-likelihood less the free transcript's, plus its (capped) lead over its
    rival, per token: the recogniser's own evidence scale."""
    lead: float | None = None
    """Log-likelihood lead (after the priors) over the likeliest choice written otherwise;
    infinite when there is no such rival."""
    posterior: float | None = None
    """The choice's share of the probability mass among the choices scored."""


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
    measures: Measures | None = None
    """With choices set, what the engine measured of its best choice (engines that measure;
    None for the others and for typed text)."""
    p: float | None = None
    """The calibrated probability that `measures.choice` is what was said (engines with a
    fitted calibration: host.speech.calibration); None where there is none."""


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
