"""Is an utterance the host's own voice coming back? Compare its sound with what the host
played, at the times the microphone could have picked it up.

The host knows what it said and when. An echo is that audio, late by the loudspeaker's and
the room's delay, fainter, filtered by the room: a linear change, so at the right lag the two
short-time spectra stay coherent (each frequency's phase and level keep the same relation
frame after frame), which another voice, or the same words said again, never is. What is
measured is the share of the utterance's sound the line explains: a player talking over the
end of an echo is mostly not explained, and is heard. Only lags a
loudspeaker and a room allow are tried, so a player repeating the host's words later is never
taken for it.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

from host.speech.ports import SAMPLE_RATE, Spoken
from host.speech.wavio import from_pcm, resample

FRAME = 1024
"""Samples in one analysis frame (64 ms: longer than most of a room's echo path)."""
HOP = 256
LOW_BIN, HIGH_BIN = 7, 257
"""The FFT bins compared: 109 Hz to 4 kHz, where voices carry."""
MAX_DELAY_SECONDS = 2.0
"""Longest a host's line may take to come back into the microphone: a sound server's or a
satellite's playback buffer and the room."""
EARLY_SECONDS = 0.2
"""How much sooner than thought a line may start playing (the host's clock and the sound's
are not the same)."""
ECHO_LIKENESS = 0.47
"""Share of an utterance's sound explained by a host line above which it is that line's echo:
scripts/bench_echo.py fits it just above every person on half its lines (0.46 to 0.48 over
three splits) and reports on the other half: people 0.07 in the median, none dropped; echoes
in a room with babble 0.49 in the median, about 55% dropped (the gate has kept most echo out
already, and what gets past is rarely one of the moment's moves)."""
MIN_OVERLAP = 0.5
"""Share of the utterance that must lie inside the host's line for the two to be compared."""
KEPT_LINES = 6


@dataclass(frozen=True)
class Played:
    """A host line on the microphone's timeline: features, and when it started playing."""

    start: float
    features: np.ndarray

    @property
    def end(self) -> float:
        """When it stopped playing."""
        return self.start + len(self.features) * HOP / SAMPLE_RATE


class EchoCheck:
    """The host's recent lines, and whether an utterance is one of them coming back."""

    def __init__(self) -> None:
        self.lines: deque[Played] = deque(maxlen=KEPT_LINES)

    def host_said(self, spoken: Spoken, ended_at: float) -> None:
        """The host finished playing `spoken` at microphone time `ended_at` (seconds)."""
        samples = from_pcm(spoken.pcm)
        if spoken.sample_rate != SAMPLE_RATE:
            samples = resample(samples, spoken.sample_rate, SAMPLE_RATE)
        self.lines.append(Played(ended_at - spoken.seconds, features(samples)))

    def is_echo(self, pcm: bytes, start: float) -> bool:
        """True when the utterance (16 kHz PCM heard from microphone time `start`) is the
        host's own voice: it sounds like a recent line at a lag the loudspeaker allows."""
        heard = features(from_pcm(pcm))
        if len(heard) < 2:
            return False
        return any(likeness(heard, start, line) >= ECHO_LIKENESS for line in self.lines
                   if start < line.end + MAX_DELAY_SECONDS)


def features(samples: np.ndarray) -> np.ndarray:
    """The short-time spectrum (complex, 109 Hz to 4 kHz) of each 16 ms step."""
    count = 1 + (len(samples) - FRAME) // HOP
    if count < 1:
        return np.zeros((0, HIGH_BIN - LOW_BIN), dtype=complex)
    index = np.arange(FRAME)[None, :] + HOP * np.arange(count)[:, None]
    spectra: np.ndarray = np.fft.rfft(samples[index] * np.hanning(FRAME))[:, LOW_BIN:HIGH_BIN]
    return spectra


def likeness(heard: np.ndarray, start: float, line: Played) -> float:
    """The share of the utterance's sound that the line explains, at the best lag at which
    the line could have reached the microphone (0 to 1; -1 when no lag is possible)."""
    frames = len(heard)
    need = max(2, int(MIN_OVERLAP * frames))
    total = float((np.abs(heard) ** 2).sum())
    best = -1.0
    for delay in np.arange(-EARLY_SECONDS, MAX_DELAY_SECONDS, HOP / SAMPLE_RATE):
        offset = round((start - line.start - delay) * SAMPLE_RATE / HOP)  # line frame of heard[0]
        first, last = max(0, -offset), min(frames, len(line.features) - offset)
        if last - first >= need:
            explained = explained_power(heard[first:last],
                                        line.features[offset + first: offset + last])
            best = max(best, explained / total if total > 0 else 0.0)
    return best


def explained_power(heard: np.ndarray, played: np.ndarray) -> float:
    """How much of the heard spectra's power is the played spectra through one linear filter
    (a room): each frequency's coherent share, summed. All of it for an echo alone, the echo's
    part of it for an echo under a voice, little for unrelated sounds."""
    cross = np.abs((heard * played.conj()).sum(axis=0)) ** 2
    played_power = (np.abs(played) ** 2).sum(axis=0)
    bins = played_power > 0
    return float((cross[bins] / played_power[bins]).sum())
