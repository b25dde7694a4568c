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
    of its length-normalised log-probability as decoded."""
    agrees: bool
    """Whether the free transcript's words are the choice's (one of its written forms)."""
    likeness: float
    """How alike the free transcript and the choice sound, in [0, 1] (1 when they agree)."""
    differing: float
    """How alike they sound where their words differ, in [0, 1] (1 when they agree;
    host.speech.pronounce.differing_likeness): a long move's shared frame ("S on the right of
    row one, word …") makes the whole phrases alike whichever word ends it."""
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
class FreeMeasures:
    """What the engine measured of its free transcript, for the calibrator to turn into the
    probability that it is what was said (in a game whose moves may be in any words)."""

    no_speech: float
    """The engine's probability that the utterance held no speech, in [0, 1]."""
    confidence: float
    """How sure the free decoding was of what it wrote, in [0, 1] (`Measures.free_confidence`)."""
    tokens: int
    """Tokens of the free transcript as written, end of text included."""


@dataclass(frozen=True)
class Hypothesis:
    """One thing an utterance may have been, and the probability that it is what was said."""

    text: str
    p: float
    measures: Measures | None = None
    """What the engine measured of it (engines that measure; None for the others)."""


@dataclass(frozen=True)
class Transcript:
    """What the recognizer heard in one utterance: its likeliest choices and its free transcript,
    each with the probability that it is what was said. Deciding what to do with them is the
    host's (host.core.hearing.decide), not the engine's."""

    text: str
    """With choices set, the likeliest choice ("" when the engine took none); else the words
    heard."""
    engine: str = "text"
    """Which engine produced it ("whisper", "vosk", "sphinx"; "text" when typed)."""
    confidence: float | None = None
    """Engine confidence in [0, 1] where the engine gives one."""
    free: str = ""
    """With choices set, what the engine heard decoding freely (engines that decode freely):
    a move in a game where a move may be in words no choice holds (a Short List guess off the
    card), and a check on the choices."""
    likeliest: tuple[Hypothesis, ...] = ()
    """With choices set, the likeliest choices, the most probable first (`text` the first), each
    with its probability (engines that weigh them: the others return their one choice, sure)."""
    free_p: float = 0.0
    """The probability that the free transcript is what was said (0 without one)."""
    free_measures: FreeMeasures | None = None
    """What the engine measured of its free transcript (engines that measure)."""

    @property
    def hypotheses(self) -> tuple[Hypothesis, ...]:
        """The likeliest choices with their probabilities: an engine that weighs none is sure
        of the choice it took."""
        if self.likeliest:
            return self.likeliest
        return (Hypothesis(self.text, 1.0),) if self.text else ()

    @property
    def p(self) -> float:
        """The probability that `text` is what was said."""
        hypotheses = self.hypotheses
        return hypotheses[0].p if hypotheses else 0.0

    @property
    def measures(self) -> Measures | None:
        """What the engine measured of its likeliest choice."""
        return self.likeliest[0].measures if self.likeliest else None


@dataclass(frozen=True)
class Spoken:
    """What the host said aloud: its audio (mono int16 PCM) at its rate."""

    pcm: bytes
    sample_rate: int

    @property
    def seconds(self) -> float:
        """How long it lasts."""
        return len(self.pcm) / 2 / self.sample_rate


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
