"""Warming up before the host's first line: every model has run once and the first moments'
phrases are learnt, so the first player to speak waits no longer than the next one does."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from host.speech.babble import pink_noise
from host.speech.endpoint import SpeechDetector
from host.speech.ports import SAMPLE_RATE, Recognizer
from host.speech.wavio import to_pcm

ROOM_LEVEL = 0.003
"""A quiet room's noise (RMS, of full scale): what the models first hear."""


def warm_up(recognizer: Recognizer, vocabularies: Iterable[Sequence[str]],
            detector: SpeechDetector | None = None) -> None:
    """Learn each vocabulary (Whisper scores every new phrase once, 1,500 first names take
    seconds) and decode a second of quiet room among the first one and freely; run the speech
    detector on it too."""
    room = to_pcm(pink_noise(SAMPLE_RATE, ROOM_LEVEL))
    decoded = False
    for phrases in vocabularies:
        recognizer.set_choices(list(phrases))
        if not decoded:
            recognizer.transcribe(room, SAMPLE_RATE)
            decoded = True
    recognizer.set_choices(None)
    recognizer.transcribe(room, SAMPLE_RATE)
    if detector is not None:
        detector.is_speech(room[: 2 * 512])
        detector.reset()
