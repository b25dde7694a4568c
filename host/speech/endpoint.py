"""End-of-speech detection: an endpointer fed chunk durations as data, and speech detectors."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol

import numpy as np

from host.speech.vad import SileroDetector, window_dbfs


class VadState(Enum):
    """Where the speaker is in an utterance."""

    WAITING = "waiting"
    SPEAKING = "speaking"
    DONE = "done"


@dataclass
class Endpointer:
    """Decide when a speaker has finished: speech, then `silence_seconds` of non-speech.

    Feed it `process(chunk_seconds, is_speech)`; no clock is read, so tests drive it with data.
    """

    silence_seconds: float = 0.3
    """Trailing silence that ends the utterance."""
    min_speech_seconds: float = 0.12
    """Speech needed before the utterance counts as started (clicks and coughs are ignored)."""
    timeout_seconds: float | None = None
    """Give up waiting for speech after this long (None: wait forever)."""
    state: VadState = VadState.WAITING
    speech: float = 0.0
    silence: float = 0.0
    waited: float = 0.0

    def process(self, chunk_seconds: float, is_speech: bool) -> VadState:
        """Account for one chunk of audio and return the new state."""
        if self.state is VadState.DONE:
            return self.state
        self.waited += chunk_seconds
        if is_speech:
            self.speech += chunk_seconds
            self.silence = 0.0
            if self.speech >= self.min_speech_seconds:
                self.state = VadState.SPEAKING
        else:
            self.silence += chunk_seconds
            if self.state is VadState.WAITING and self.silence >= self.silence_seconds:
                self.speech = 0.0  # a blip too short to be speech
            if self.state is VadState.SPEAKING and self.silence >= self.silence_seconds:
                self.state = VadState.DONE
        if (self.state is VadState.WAITING and self.timeout_seconds is not None
                and self.waited >= self.timeout_seconds):
            self.state = VadState.DONE
        return self.state

    @property
    def heard_speech(self) -> bool:
        """True once real speech has been heard (DONE by timeout leaves this False)."""
        return self.speech >= self.min_speech_seconds

    def reset(self) -> None:
        """Start listening for a new utterance."""
        self.state, self.speech, self.silence, self.waited = VadState.WAITING, 0.0, 0.0, 0.0


class SpeechDetector(Protocol):
    """Says whether each chunk of a stream of int16 mono PCM is speech."""

    def is_speech(self, pcm: bytes) -> bool:
        """Classify the next chunk of the stream."""
        ...

    def reset(self) -> None:
        """The stream had a gap: forget what depends on the audio just before it."""
        ...


@dataclass
class EnergyDetector:
    """Is this chunk speech? Energy above an adaptive noise floor by `margin_db`."""

    margin_db: float = 12.0
    """How far above the noise floor speech must be."""
    min_dbfs: float = -50.0
    """Anything quieter than this is silence, whatever the floor."""
    floor_dbfs: float = -60.0
    """Running estimate of the background level."""

    def is_speech(self, pcm: bytes) -> bool:
        """Classify one chunk of int16 mono PCM and update the noise floor."""
        level = level_dbfs(pcm)
        speech = level >= self.min_dbfs and level >= self.floor_dbfs + self.margin_db
        # The floor falls fast and rises slowly (a few dB a second), so a steady hum is
        # learnt while a few seconds of speech barely move it.
        rate = 0.3 if level < self.floor_dbfs else (0.002 if speech else 0.02)
        self.floor_dbfs += rate * (level - self.floor_dbfs)
        return speech

    def reset(self) -> None:
        """Nothing to forget: the noise floor is the room's, and the room outlasts a gap."""


def level_dbfs(pcm: bytes) -> float:
    """RMS level of int16 PCM in dB relative to full scale (-120 for digital silence)."""
    samples = np.frombuffer(pcm, dtype="<i2")
    return window_dbfs(samples / 32768.0) if samples.size else -120.0


def split_utterance(pcm: bytes, rate: int, chunk_seconds: float = 0.02,
                    endpointer: Endpointer | None = None,
                    detector: SpeechDetector | None = None) -> tuple[bytes, float] | None:
    """Run a detector (Silero by default) over PCM; return (audio up to the end of speech, end
    time) or None."""
    ep = endpointer or Endpointer()
    det = detector or SileroDetector(sample_rate=rate)
    step = max(1, int(rate * chunk_seconds)) * 2
    for offset in range(0, len(pcm), step):
        chunk = pcm[offset:offset + step]
        if ep.process(len(chunk) / 2 / rate, det.is_speech(chunk)) is VadState.DONE:
            end = offset + len(chunk)
            return (pcm[:end], end / 2 / rate) if ep.heard_speech else None
    return (pcm, len(pcm) / 2 / rate) if ep.heard_speech else None
