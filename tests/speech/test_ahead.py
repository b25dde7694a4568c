"""Recognition begun when the speaker pauses (host.speech.ahead), on a person's recording: the
ears tell the utterance as it will be, and the early transcript is the one used only when it
is of the whole utterance."""

from __future__ import annotations

import threading
from collections.abc import Sequence

import pytest

from host.speech.ahead import RecognitionAhead
from host.speech.bench import recorded_items
from host.speech.bench_endpoint import PcmSource, quiet, speech_bounds
from host.speech.ears import TAIL_KEPT_SECONDS, MicrophoneEars
from host.speech.models import find_whisper_model
from host.speech.whisper_stt import WhisperRecognizer

CHOICES = ["seventeen", "seven", "seventy", "eleven", "yes", "no"]


@pytest.fixture(scope="module")
def prompt() -> bytes:
    """A person saying a short answer ("seventeen", asterisk-core-sounds-en)."""
    return next(i.pcm for i in recorded_items("asterisk_choices.tsv") if i.expected == "seventeen")


@pytest.fixture(scope="module")
def whisper() -> WhisperRecognizer:
    recognizer = WhisperRecognizer(find_whisper_model())
    recognizer.set_choices(CHOICES)
    return recognizer


def spoken(prompt: bytes) -> bytes:
    """The prompt's speech, without the recording's silence around it."""
    start, end = speech_bounds(prompt)
    return prompt[2 * int(start * 16_000): 2 * int(end * 16_000)]


def told_and_heard(stream: bytes) -> tuple[list[bytes], bytes | None, float]:
    """What the ears told at each pause, the utterance they handed over, and how long after
    its end they were sure the speaker had finished (seconds)."""
    told: list[bytes] = []
    ears = MicrophoneEars(PcmSource(stream), half_duplex=False)
    utterance = ears.listen(None, told.append)
    assert utterance
    ends_at = (stream.index(utterance) + len(utterance)) / 2 / 16_000
    return told, utterance, ears.stream_time - ends_at


def test_the_utterance_is_what_the_ears_told_at_the_pause(prompt: bytes) -> None:
    told, utterance, sure_after = told_and_heard(quiet(1.0) + prompt + quiet(2.0))
    assert told == [utterance]
    # The endpointer's 0.3 s of silence, less the silence kept with the utterance.
    assert sure_after == pytest.approx(0.3 - TAIL_KEPT_SECONDS, abs=0.03)


def test_a_speaker_who_goes_on_after_a_pause_is_heard_whole(prompt: bytes) -> None:
    said = spoken(prompt)
    told, utterance, _ = told_and_heard(quiet(1.0) + said + quiet(0.15) + said + quiet(2.0))
    assert len(told) == 2 and told[-1] == utterance
    assert utterance.startswith(told[0]) and len(told[0]) < len(utterance)


def test_the_early_transcript_is_used_when_it_is_of_the_whole_utterance(
        prompt: bytes, whisper: WhisperRecognizer) -> None:
    told, utterance, _ = told_and_heard(quiet(1.0) + prompt + quiet(2.0))
    ahead = RecognitionAhead(whisper)
    ahead.begin(told[0])
    heard = ahead.transcribe(utterance)
    assert (ahead.used, ahead.dropped) == (1, 0)
    assert heard == whisper.transcribe(utterance)
    assert heard.text == "seventeen"


def test_an_early_transcript_of_part_of_the_utterance_is_dropped(
        prompt: bytes, whisper: WhisperRecognizer) -> None:
    said = spoken(prompt)
    told, utterance, _ = told_and_heard(quiet(1.0) + said + quiet(0.15) + said + quiet(2.0))
    ahead = RecognitionAhead(whisper)
    ahead.begin(told[0])
    heard = ahead.transcribe(utterance)
    assert (ahead.used, ahead.dropped) == (0, 1)
    assert heard == whisper.transcribe(utterance)


class LearningHeld:
    """The real recognizer, whose learning of new choices waits until the test lets it."""

    def __init__(self, recognizer: WhisperRecognizer) -> None:
        self.recognizer, self.name = recognizer, recognizer.name
        self.released = threading.Event()

    def set_choices(self, choices: Sequence[str] | None) -> None:
        if not self.released.wait(30):
            raise AssertionError("the choices were learnt before set_choices returned")
        self.recognizer.set_choices(choices)

    def transcribe(self, pcm: bytes, sample_rate: int = 16_000) -> object:
        return self.recognizer.transcribe(pcm, sample_rate)


def test_new_choices_are_learnt_while_the_host_speaks_and_heard_with(
        prompt: bytes, whisper: WhisperRecognizer) -> None:
    told, utterance, _ = told_and_heard(quiet(1.0) + prompt + quiet(2.0))
    held = LearningHeld(whisper)
    ahead = RecognitionAhead(held)  # type: ignore[arg-type]
    ahead.set_choices(["seventy", "seventeen", "sixteen"])  # returns while they are learnt
    held.released.set()  # the host has said its line
    ahead.begin(told[0])
    assert ahead.transcribe(utterance).text == "seventeen"
    ahead.set_choices(CHOICES)
    ahead.settle()  # the recognizer is free, with the choices learnt
    assert whisper.transcribe(utterance).text == "seventeen"
