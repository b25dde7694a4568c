"""Recognition begun while the ears still wait to be sure the speaker has finished.

An utterance ends after 0.3 s of silence, but it is what it will be after the first 0.1 s
(host.speech.ears.TAIL_KEPT_SECONDS): recognising it from then on takes most of the
recognition out of the player's wait. When the speaker goes on instead, the early result is
dropped and the whole utterance is recognised once it ends. New choices are learnt on the same
worker, while the host speaks.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait

from host.speech.ports import SAMPLE_RATE, Recognizer, Transcript


class RecognitionAhead:
    """A recognizer that may start on an utterance before it is handed over."""

    def __init__(self, recognizer: Recognizer) -> None:
        self.recognizer = recognizer
        self.name = recognizer.name
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="recognition-ahead")
        self._begun: tuple[bytes, Future[Transcript]] | None = None
        self._choosing: Future[None] | None = None
        self.used = 0
        """Utterances whose early recognition was the answer."""
        self.dropped = 0
        """Early recognitions dropped because the speaker went on."""

    def begin(self, pcm: bytes) -> None:
        """Start recognising `pcm` (16 kHz), the utterance if the speaker has finished. One
        at a time: a pause while an early recognition runs is not recognised early."""
        if self._begun is not None and not self._begun[1].done():
            return
        if self._begun is not None:
            self.dropped += 1
        future = self._worker.submit(self.recognizer.transcribe, pcm, SAMPLE_RATE)
        self._begun = (pcm, future)

    def set_choices(self, choices: Sequence[str] | None) -> None:
        """As the recognizer, once nothing is being recognised early; but learnt on the
        worker: the call returns at once (new phrases take seconds to learn, while the host
        says its line), and whatever is recognised next waits for them."""
        self.settle()
        self._choosing = self._worker.submit(self.recognizer.set_choices, choices)

    def transcribe(self, pcm: bytes, sample_rate: int = SAMPLE_RATE) -> Transcript:
        """The transcript of the whole utterance: the early one when it is of this audio."""
        begun = self._begun
        if begun is not None and begun[0] == pcm and sample_rate == SAMPLE_RATE:
            self._begun = None
            self.used += 1
            self._chosen()
            return begun[1].result()
        self.settle()  # one recognition at a time: both would share the cores
        return self.recognizer.transcribe(pcm, sample_rate)

    def settle(self) -> None:
        """Wait until the choices are learnt (raising what went wrong), and let an early
        recognition that will not be used end (its result is dropped): the recognizer is
        then free."""
        begun, self._begun = self._begun, None
        if begun is not None:
            self.dropped += 1
            wait([begun[1]])
        self._chosen()

    def _chosen(self) -> None:
        """Wait until the choices last set are learnt."""
        choosing, self._choosing = self._choosing, None
        if choosing is not None:
            choosing.result()
