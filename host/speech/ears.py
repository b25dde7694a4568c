"""Ears: whole utterances out of a microphone stream (VAD + endpointing + half-duplex gate).

The VAD is Silero (host.speech.vad) unless another detector is given, such as EnergyDetector.

Time is the stream's own: seconds of audio read so far. With a live microphone that is real
time; with recorded audio it runs as fast as the audio can be read, so nothing waits.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

from host.speech.echo import EchoCheck
from host.speech.endpoint import Endpointer, SpeechDetector, VadState
from host.speech.gate import MicGate
from host.speech.ports import SAMPLE_RATE, AudioIn, Spoken
from host.speech.vad import SileroDetector

PRE_ROLL_SECONDS = 0.3
"""Audio kept from before the detector fired, so the first consonant is not cut off."""
TAIL_KEPT_SECONDS = 0.1
"""Silence kept at the end of an utterance. The rest of the silence that ends it (the
endpointer's 0.3 s) only confirms that the speaker has finished: once this much is heard, the
utterance is what it will be if they have, and recognising it may begin."""
LIVE_TAIL_SECONDS = 0.5
"""How long a live microphone stays closed after the host's line (room echo, a loudspeaker
playing late); what comes back later is left to the echo check. `scripts/bench_echo.py --tail`
fits it as the shortest tail that lets no more echoes through as a player than a second did
(0.5 s on each of three halves of its lines) and, on the other half, hears nearly whole 69-72%
of answers said 0.05 to 1.2 s after the line instead of 57-60%, and 65-79% of those said
within half a second instead of 21-26%."""


class StreamClock:
    """A clock that reads the ears' stream time (the session's clock in voice play)."""

    def __init__(self, ears: MicrophoneEars) -> None:
        self.ears = ears

    def now(self) -> float:
        """Seconds of audio heard so far."""
        return self.ears.stream_time


class MicrophoneEars:
    """Listens to an AudioIn and returns one utterance at a time.

    `detector` says which chunks are speech: a SileroDetector unless given (EnergyDetector() is
    the older energy threshold); it is reset whenever the closed microphone reopens.
    """

    def __init__(self, source: AudioIn, *, chunk_seconds: float = 0.02,
                 half_duplex: bool = True, silence_seconds: float = 0.3,
                 wait: Callable[[float], None] = time.sleep,
                 clock: Callable[[], float] = time.monotonic,
                 detector: SpeechDetector | None = None) -> None:
        self.source = source
        self.rate = getattr(source, "sample_rate", SAMPLE_RATE)
        self.frames = max(1, int(self.rate * chunk_seconds))
        self.detector = detector or SileroDetector(sample_rate=self.rate)
        self.gated = False  # the last chunk was dropped by the closed microphone
        self.silence_seconds = silence_seconds
        self.gate = MicGate(tail_seconds=LIVE_TAIL_SECONDS) if half_duplex else None
        self.echoes = EchoCheck() if half_duplex else None
        """The host's recent lines, against which each utterance is checked for its echo
        (recorded audio cannot contain the host's voice)."""
        self.echoes_dropped = 0
        self.stream_time = 0.0
        self.wait = wait
        self.clock = clock
        self.last_read_at = clock()
        self.utterance_start = 0.0

    def listen(self, timeout: float | None,
               paused: Callable[[bytes], None] | None = None) -> bytes | None:
        """The next utterance, b"" after `timeout` seconds without one, None at end of audio;
        the host's own voice coming back is not one. Each time the speaker pauses for
        TAIL_KEPT_SECONDS, `paused` is given the utterance as it will be if they have finished
        (the endpointer still waits to be sure)."""
        endpointer = Endpointer(silence_seconds=self.silence_seconds, timeout_seconds=timeout)
        while True:
            audio = self._utterance(endpointer, paused)
            if not self._echo(audio):
                return audio
            self.echoes_dropped += 1
            # The wait goes on from where it was: an echo does not put the timeout back.
            endpointer = Endpointer(silence_seconds=self.silence_seconds,
                                    timeout_seconds=timeout, waited=endpointer.waited)

    def _utterance(self, endpointer: Endpointer,
                   paused: Callable[[bytes], None] | None) -> bytes | None:
        """The next stretch of speech `endpointer` finds, echo or not, with TAIL_KEPT_SECONDS
        of the silence after it."""
        pre_roll: deque[bytes] = deque(maxlen=max(1, int(PRE_ROLL_SECONDS * self.rate
                                                         / self.frames)))
        speech: list[bytes] = []
        kept = 0  # how many chunks of `speech` the utterance is, if the speaker has finished
        told = False  # this pause has been told to `paused`
        while True:
            chunk = self.source.read(self.frames)
            if chunk is None:
                return b"".join(speech) if endpointer.heard_speech else None
            if not chunk:
                self.wait(0.005)  # a live microphone has nothing new yet
                continue
            seconds = len(chunk) / 2 / self.rate
            self.stream_time += seconds
            self.last_read_at = self.clock()
            heard = self.hears_speech(chunk)
            if heard is None:
                continue
            state = endpointer.process(seconds, heard)
            if state is VadState.WAITING and not endpointer.speech:
                speech.clear()  # whatever came before was a blip, not speech
                kept, told = 0, False
                pre_roll.append(chunk)
                continue
            if not speech:
                self.utterance_start = self.stream_time
                speech.extend(pre_roll)
            speech.append(chunk)
            if heard:
                kept, told = len(speech), False
            elif not told:  # the silence so far is kept, up to TAIL_KEPT_SECONDS
                kept = len(speech)
                if (state is not VadState.WAITING
                        and endpointer.silence >= TAIL_KEPT_SECONDS - 1e-9):
                    told = True
                    said = b"".join(speech)
                    if paused and not self._echo(said):  # an echo is not worth recognising
                        paused(said)
            if state is VadState.DONE:
                return b"".join(speech[:kept]) if endpointer.heard_speech else b""

    def _echo(self, audio: bytes | None) -> bool:
        """Whether the utterance (as it stands) is the host's own voice coming back."""
        start = self.utterance_start - PRE_ROLL_SECONDS
        return bool(audio and self.echoes and self.echoes.is_echo(audio, start))

    def hears_speech(self, chunk: bytes) -> bool | None:
        """Whether the chunk just read is speech (None: the microphone is closed to it)."""
        if self.gate and not self.gate.is_open(self.stream_time):
            self.gated = True
            return None
        if self.gated:
            self.detector.reset()  # the audio it heard last is from before the host spoke
            self.gated = False
        return self.detector.is_speech(chunk)

    def host_spoke(self, spoken: Spoken) -> None:
        """Close the microphone for the host's line (and its tail) and keep its sound.

        While the host talks nobody reads the microphone, which keeps recording: everything it
        buffered since the last read (several lines and their synthesis, perhaps) is the host,
        and the line ended at the end of that audio.
        """
        played = max(spoken.seconds, self.clock() - self.last_read_at)
        if self.gate:
            self.gate.host_speaks(self.stream_time, played)
        if self.echoes:
            self.echoes.host_said(spoken, ended_at=self.stream_time + played)
