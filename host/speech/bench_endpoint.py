"""Endpointing benchmark: does the ears' endpointer find the end of a turn, clean and in babble?"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from host.speech.bench import Item, mix, recorded_items, recording
from host.speech.ears import MicrophoneEars
from host.speech.endpoint import EnergyDetector, SpeechDetector
from host.speech.ports import SAMPLE_RATE
from host.speech.vad import SileroDetector
from host.speech.wavio import from_pcm, to_pcm

WARM_SECONDS = 5.0
"""Room sound before the first utterance (the detector has been listening for a while)."""
GAP_SECONDS = 3.0
"""Room sound after each utterance, babble going on as at a party: its end must be found here."""
CONDITIONS = {"clean": None, "20db": 20.0, "10db": 10.0}
"""Babble level per condition (signal-to-noise ratio in dB; None: a quiet room)."""
DETECTORS: dict[str, Callable[[], SpeechDetector]] = {"energy": EnergyDetector,
                                                      "silero": SileroDetector}
WAIT_SECONDS = 5.0
"""One wait for an answer in the babble-only test."""
WAITS = 24
"""Waits in the babble-only test (two minutes of babble)."""


@dataclass(frozen=True)
class Turn:
    """Where one utterance lies in the test stream, in seconds."""

    start: float
    end: float
    next_start: float


class PcmSource:
    """A stream of PCM as the microphone (AudioIn), read as fast as asked."""

    sample_rate = SAMPLE_RATE

    def __init__(self, pcm: bytes) -> None:
        self.pcm, self.pos = pcm, 0

    def read(self, frames: int) -> bytes | None:
        """The next `frames` frames, None at the end."""
        if self.pos >= len(self.pcm):
            return None
        chunk = self.pcm[self.pos:self.pos + 2 * frames]
        self.pos += len(chunk)
        return chunk

    def close(self) -> None:
        """Nothing to release."""


def quiet(seconds: float, seed: int = 0) -> bytes:
    """A quiet room: faint noise (as bench.pad uses)."""
    rng = np.random.default_rng(seed)
    return to_pcm(rng.normal(0, 30 / 32768, int(SAMPLE_RATE * seconds)).astype(np.float32))


def speech_bounds(pcm: bytes) -> tuple[float, float]:
    """First and last 10 ms of a clean recording within 35 dB of its loudest 10 ms (seconds)."""
    samples = from_pcm(pcm).astype(np.float64)
    frames = samples[: samples.size // 160 * 160].reshape(-1, 160)
    power = (frames ** 2).mean(axis=1)
    loud = np.flatnonzero(power >= power.max() * 10 ** -3.5)
    return loud[0] * 0.01, (loud[-1] + 1) * 0.01


def turn_stream(items: Sequence[Item]) -> tuple[bytes, list[Turn]]:
    """The recordings one after another in a quiet room, and where each one's speech lies."""
    parts, bounds, offset = [quiet(WARM_SECONDS)], [], WARM_SECONDS
    for i, item in enumerate(items):
        start, end = speech_bounds(item.pcm)
        bounds.append((offset + start, offset + end))
        parts += [item.pcm, quiet(GAP_SECONDS, i + 1)]
        offset += len(item.pcm) / 2 / SAMPLE_RATE + GAP_SECONDS
    starts = [s for s, _ in bounds[1:]] + [offset]
    return b"".join(parts), [Turn(s, e, n) for (s, e), n in zip(bounds, starts, strict=True)]


def endpoints(pcm: bytes, detector: SpeechDetector) -> list[float]:
    """Stream times at which the ears ended an utterance, listening to the whole stream."""
    ears = MicrophoneEars(PcmSource(pcm), half_duplex=False, detector=detector)
    ends = []
    while (heard := ears.listen(None)) is not None:
        if heard:
            ends.append(ears.stream_time)
    return ends


def score(turns: Sequence[Turn], ends: Sequence[float]) -> dict[str, float]:
    """Share of turns whose end was found before the next began, the median delay (ms), and
    the share cut short (an endpoint inside the speech)."""
    found, delays, cut = 0, [], 0
    for turn in turns:
        after = [t for t in ends if turn.end <= t < turn.next_start]
        cut += any(turn.start < t < turn.end for t in ends)
        if after:
            found += 1
            delays.append((after[0] - turn.end) * 1000)
    return {"found": found / len(turns), "delay_ms": float(np.median(delays)) if delays
            else float("nan"), "cut": cut / len(turns)}


def conditioned(pcm: bytes, snr_db: float | None) -> bytes:
    """The stream in a quiet room or with babble all along at the given SNR."""
    return pcm if snr_db is None else mix(pcm, snr_db, seed=7)


def babble_only(pcm: bytes, snr_db: float) -> bytes:
    """The babble that mix() adds to the stream at snr_db, without the speech."""
    noisy = from_pcm(mix(pcm, snr_db, seed=7)) - from_pcm(pcm)
    return to_pcm(noisy)


def false_start_rate(babble: bytes, make: Callable[[], SpeechDetector]) -> float:
    """Share of 5 s waits on babble alone in which the ears heard an utterance start."""
    detector, step = make(), int(WAIT_SECONDS * SAMPLE_RATE) * 2
    detector.is_speech(babble[:step])  # the detector has heard the room before the first wait
    starts = 0
    for wait in range(1, WAITS + 1):
        ears = MicrophoneEars(PcmSource(babble[wait * step:(wait + 1) * step]),
                              half_duplex=False, detector=detector)
        starts += ears.listen(None) is not None
    return starts / WAITS


def noises() -> list[bytes]:
    """Loud sounds that are not speech: Asterisk's two beeps (recorded), white-noise bursts of
    100, 150 and 300 ms, hand claps (noise dying away in 50 ms), a click."""
    rng = np.random.default_rng(11)
    beeps = [found[0] for name in ("beep.wav", "beeperr.wav") if (found := recording(name))]
    bursts = [rng.normal(0, 0.25, int(SAMPLE_RATE * s)) for s in (0.1, 0.15, 0.3)]
    decay = np.exp(-np.arange(SAMPLE_RATE // 5) / (SAMPLE_RATE * 0.05))
    claps = [rng.normal(0, 0.5, decay.size) * decay for _ in range(3)]
    click = np.zeros(SAMPLE_RATE // 10)
    click[:20] = 0.9
    return beeps + [to_pcm(x.astype(np.float32)) for x in [*bursts, *claps, click]]


def noise_start_rate(make: Callable[[], SpeechDetector]) -> float:
    """Share of the non-speech noises, each in a quiet room, that start an utterance."""
    sounds, starts = noises(), 0
    for i, sound in enumerate(sounds):
        ears = MicrophoneEars(PcmSource(quiet(1.5, i) + sound + quiet(1.0, i)),
                              half_duplex=False, detector=make())
        starts += ears.listen(None) is not None
    return starts / len(sounds)


def cost_per_chunk_us(make: Callable[[], SpeechDetector], pcm: bytes) -> float:
    """Mean microseconds the detector takes for one 20 ms chunk (machine time, for the log)."""
    detector, step = make(), 640
    chunks = [pcm[i:i + step] for i in range(0, len(pcm) - step + 1, step)]
    start = time.perf_counter()
    for chunk in chunks:
        detector.is_speech(chunk)
    return (time.perf_counter() - start) / len(chunks) * 1e6


def detector_figures(name: str, make: Callable[[], SpeechDetector], clean: bytes,
                     turns: Sequence[Turn]) -> dict[str, float]:
    """Found rate, median delay and cut rate per condition, and false starts: one detector."""
    out: dict[str, float] = {}
    for condition, snr in CONDITIONS.items():
        figures = score(turns, endpoints(conditioned(clean, snr), make()))
        out.update({f"{name}_{key}_{condition}": value for key, value in figures.items()})
    for snr in (20.0, 10.0):
        out[f"{name}_false_starts_{snr:.0f}db"] = false_start_rate(babble_only(clean, snr), make)
    out[f"{name}_false_starts_noises"] = noise_start_rate(make)
    return out


def line(name: str, figures: dict[str, float]) -> str:
    """One log line of a detector's figures."""
    return f"endpoint {name}: " + ", ".join(f"{key.removeprefix(name + '_')} {value:.3g}"
                                            for key, value in figures.items())


def endpoint_figures(log: Callable[[str], None] = lambda _: None) -> dict[str, float]:
    """Endpointing figures of the energy and Silero detectors on the recorded choice prompts:
    end found, median delay (ms), cut short, per condition; false starts on babble and on
    noises; microseconds per 20 ms chunk.

    Measured here on the 70 choice prompts (2 shared cores):
    energy: found 1.00/1.00/0.47 (clean/20/10 dB), delay 308/241/53 ms, cut 0/0/0.29, false
    starts 0.08/0.08 (babble 20/10 dB) and 0.78 (noises), 3.4 us a chunk;
    silero: found 1.00/0.93/1.00, delay 345/293/264 ms, cut 0/0/0, false starts 0/0 and 0,
    59 us a chunk (41 of them the model). Silero's misses at 20 dB are short letters it never
    hears start, not turns that never end."""
    clean, turns = turn_stream(recorded_items("asterisk_choices.tsv"))
    out: dict[str, float] = {"endpoint_utterances": float(len(turns))}
    for name, make in DETECTORS.items():
        figures = detector_figures(name, make, clean, turns)
        figures[f"{name}_us_per_chunk"] = cost_per_chunk_us(make, conditioned(clean, 10.0))
        log(line(name, figures))
        out.update(figures)
    return out


def merit(name: str, figures: dict[str, float]) -> float:
    """What the sweep maximises: ends found less utterances cut, averaged over the conditions,
    less the mean false-start rate (babble at 20 and 10 dB, noises)."""
    kept = [figures[f"{name}_found_{c}"] - figures[f"{name}_cut_{c}"] for c in CONDITIONS]
    starts = [figures[f"{name}_false_starts_{kind}"] for kind in ("20db", "10db", "noises")]
    return float(np.mean(kept) - np.mean(starts))


def threshold_sweep(settings: Sequence[dict[str, Any]],
                    log: Callable[[str], None] = print) -> dict[str, Any]:
    """Try SileroDetector settings (keyword arguments) on all the recorded prompts (the choices
    endpoint_figures reports, and the longer outside ones); return the one of highest merit."""
    items = recorded_items("asterisk_choices.tsv") + recorded_items("asterisk_outside.tsv", False)
    clean, turns = turn_stream(items)
    best: tuple[float, dict[str, Any]] = (-np.inf, {})
    for setting in settings:
        make = functools.partial(SileroDetector, **setting)
        figures = detector_figures("silero", make, clean, turns)
        log(f"{setting} merit {merit('silero', figures):.3f} " + line("silero", figures))
        best = max(best, (merit("silero", figures), setting), key=lambda pair: pair[0])
    return best[1]
