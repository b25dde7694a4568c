"""Silero VAD (the ONNX model faster-whisper ships) as a streaming speech detector."""

from __future__ import annotations

import functools
import os
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import numpy as np

WINDOW = 512
"""Samples the model judges at a time (32 ms at 16 kHz)."""
CONTEXT = 64
"""Samples of the previous window put in front of each window, as the model was trained."""
MODEL_RATE = 16_000
STATE_SHAPE = (1, 1, 128)
ROOM_WINDOWS = 312
"""Windows of level history that tell how loud the room is (10 s)."""
ROOM_PERCENTILE = 20.0
"""The room's level is this percentile of the history: a talker rarely fills 80% of 10 s."""
QUIET_ROOM_DBFS = -60.0
"""The room's level assumed until a second of history is heard."""


@functools.cache
def silero_session() -> Any:
    """The onnxruntime session for silero_vad_v6.onnx, loaded once, on one thread."""
    import onnxruntime
    from faster_whisper.utils import get_assets_path

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    options.log_severity_level = 4
    path = os.path.join(get_assets_path(), "silero_vad_v6.onnx")
    return onnxruntime.InferenceSession(path, sess_options=options,
                                        providers=["CPUExecutionProvider"])


@dataclass
class SileroStream:
    """Speech probabilities of a 16 kHz stream, one 512-sample window at a time.

    The model's LSTM state (h, c) and the last 64 samples are carried from window to window.
    """

    h: np.ndarray = field(default_factory=lambda: np.zeros(STATE_SHAPE, np.float32))
    c: np.ndarray = field(default_factory=lambda: np.zeros(STATE_SHAPE, np.float32))
    context: np.ndarray = field(default_factory=lambda: np.zeros(CONTEXT, np.float32))

    def probability(self, window: np.ndarray) -> float:
        """The speech probability of the next WINDOW float32 samples in [-1, 1]."""
        frame = np.concatenate([self.context, window])[np.newaxis, :]
        out, self.h, self.c = silero_session().run(None, {"input": frame, "h": self.h,
                                                          "c": self.c})
        self.context = window[-CONTEXT:]
        return float(np.asarray(out).reshape(-1)[0])


# The four settings below were chosen by host.speech.bench_endpoint.threshold_sweep on all 118
# recorded Asterisk prompts (3 s of room after each, babble by bench.mix going on throughout),
# maximising ends found less utterances cut, averaged over clean/20 dB/10 dB, less the mean
# false-start rate (5 s waits on babble alone at 20 and 10 dB; nine beeps, bursts and clicks):
#   threshold/neg  margin/hold  found clean/20/10  cut 10 dB  false starts 20/10 dB, noises
#   0.5 /0.35      none         1.00 0.95 0.01     0.00       1.00 1.00 0.00  babble is speech
#   0.2 /0.05      9 / 4        1.00 0.98 1.00     0.01       0.00 0.00 0.22
#   0.3 /0.15      9 / 4        1.00 0.97 1.00     0.01       0.00 0.00 0.11
#   0.35/0.2       9 / 4        1.00 0.97 1.00     0.01       0.00 0.00 0.00  <- chosen
#   0.5 /0.35      9 / 4        1.00 0.96 1.00     0.01       0.00 0.00 0.00
#   0.35/0.2       8 / 4        1.00 0.97 1.00     0.01       0.04 0.04 -
#   0.35/0.2       10 / 4       1.00 0.97 1.00     0.02       0.00 0.00 -
#   0.65/0.5       9 / 4        0.99 0.91 1.00     0.01       0.00 0.00 -
# A lower threshold hears more short letters in 20 dB babble but starts on noise; a higher one
# misses short letters. On the 48 longer prompts alone, one margin for start and hold cut 25%
# of the utterances at 10 dB (9/9) or started on babble in 17% of waits (6/6); 9/4 cut 4%.
THRESHOLD = 0.35
"""Probability at or above which a window starts being speech."""
NEG_THRESHOLD = 0.2
"""Probability below which a window stops being speech (in between: as before)."""
MARGIN_DB = 9.0
"""How much louder than the room a window must be to start speech."""
HOLD_MARGIN_DB = 4.0
"""How much louder than the room a window must be to go on being speech."""


@dataclass
class SileroDetector:
    """Is this chunk speech? Silero VAD with hysteresis, gated by level, for chunks of any length.

    A window is speech when the model says so and it is louder than the room (a low percentile
    of the last 10 s of levels) by a margin: other people's talk is speech too, only quieter.
    Samples are buffered into 512-sample windows; a chunk's answer is the state after the last
    whole window, so it lags the audio by at most one window (32 ms).
    """

    threshold: float = THRESHOLD
    neg_threshold: float = NEG_THRESHOLD
    sample_rate: int = MODEL_RATE
    margin_db: float | None = MARGIN_DB
    """Speech must also be this much louder than the room (None: Silero alone); the babble of
    other talkers is speech to Silero, and only its level tells it from the player's."""
    hold_margin_db: float | None = HOLD_MARGIN_DB
    """While speaking, a window need only be this much louder than the room (None: margin_db)."""
    stream: SileroStream = field(init=False, default_factory=SileroStream)
    speaking: bool = field(init=False, default=False)
    pending: np.ndarray = field(init=False, default_factory=lambda: np.zeros(0, np.float32))
    last_probability: float = field(init=False, default=0.0)
    levels: deque[float] = field(init=False, default_factory=lambda: deque(maxlen=ROOM_WINDOWS))

    def __post_init__(self) -> None:
        if self.sample_rate != MODEL_RATE:
            raise ValueError(f"Silero VAD needs {MODEL_RATE} Hz audio, not {self.sample_rate}")
        silero_session()  # load now, not in the middle of someone's first word

    def is_speech(self, pcm: bytes) -> bool:
        """Classify one chunk of int16 mono PCM (after the windows it completes)."""
        samples = np.frombuffer(pcm, dtype="<i2").astype(np.float32) / 32768.0
        self.pending = np.concatenate([self.pending, samples])
        while self.pending.size >= WINDOW:
            window = self.pending[:WINDOW]
            self.judge(self.stream.probability(window), window_dbfs(window))
            self.pending = self.pending[WINDOW:]
        return self.speaking

    def judge(self, probability: float, level: float) -> None:
        """Update the speaking state with one window's probability and level (dBFS): Silero's
        hysteresis, a window not louder than the room by margin_db counting as no speech."""
        self.last_probability = probability
        if self.margin_db is not None and level < self.room_dbfs() + self.needed_margin():
            probability = 0.0
        self.levels.append(level)
        if probability >= self.threshold:
            self.speaking = True
        elif probability < self.neg_threshold:
            self.speaking = False

    def needed_margin(self) -> float:
        """How much louder than the room a window must be now (less once speech has begun)."""
        margin = self.margin_db or 0.0
        hold = margin if self.hold_margin_db is None else self.hold_margin_db
        return hold if self.speaking else margin

    def room_dbfs(self) -> float:
        """How loud the room is: a low percentile of the recent window levels."""
        if len(self.levels) * WINDOW < MODEL_RATE:
            return QUIET_ROOM_DBFS
        return float(np.percentile(np.fromiter(self.levels, float), ROOM_PERCENTILE))

    def reset(self) -> None:
        """Forget the stream so far (after a gap in the audio, such as a closed microphone); the
        room's level is kept, as the room outlasts the gap."""
        self.stream = SileroStream()
        self.speaking, self.last_probability = False, 0.0
        self.pending = np.zeros(0, np.float32)


def window_dbfs(window: np.ndarray) -> float:
    """RMS level of float samples in dB relative to full scale (-120 for digital silence)."""
    rms = float(np.sqrt(np.mean(window.astype(np.float64) ** 2)))
    return 20 * float(np.log10(rms)) if rms > 1e-6 else -120.0
