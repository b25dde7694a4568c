"""English with a second opinion (--second-opinion): tiny.en, asking the packaged base about
what it is unsure of, on real recordings (asterisk-core-sounds) and the Piper voice."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from host.speech import bench
from host.speech.models import embedded_tiny_en, embedded_whisper_base, second_opinion_model
from host.speech.ports import SAMPLE_RATE, Recognizer, Transcript
from host.speech.second_opinion import SecondOpinion
from host.speech.stt import make_recognizer
from host.speech.whisper_stt import WhisperRecognizer
from tests.speech.asterisk import CHOICES, prompt


class Asked:
    """A real recognizer that counts the utterances it is asked about."""

    def __init__(self, recognizer: Recognizer) -> None:
        self.recognizer = recognizer
        self.name = recognizer.name
        self.asked = 0

    def set_choices(self, choices: Sequence[str] | None) -> None:
        self.recognizer.set_choices(choices)

    def transcribe(self, pcm: bytes, sample_rate: int = SAMPLE_RATE) -> Transcript:
        self.asked += 1
        return self.recognizer.transcribe(pcm, sample_rate)


@pytest.fixture(scope="module")
def ears() -> tuple[SecondOpinion, Asked]:
    """tiny.en with the packaged base as its second opinion, the base's questions counted."""
    careful = Asked(WhisperRecognizer(embedded_whisper_base()))
    return SecondOpinion(WhisperRecognizer(embedded_tiny_en()), careful), careful


def test_english_asks_the_packaged_base_when_told() -> None:
    recognizer = make_recognizer("auto", second_opinion=True)
    assert isinstance(recognizer, SecondOpinion)
    assert isinstance(recognizer.quick, WhisperRecognizer)
    assert isinstance(recognizer.careful, WhisperRecognizer)
    assert recognizer.quick.model_dir == embedded_tiny_en()
    assert recognizer.careful.model_dir == second_opinion_model() == embedded_whisper_base()


def test_one_model_by_default_or_chosen_or_french() -> None:
    assert isinstance(make_recognizer("whisper"), WhisperRecognizer)
    chosen = make_recognizer("whisper", whisper_model=embedded_tiny_en(), second_opinion=True)
    assert isinstance(chosen, WhisperRecognizer)
    assert isinstance(make_recognizer("whisper", lang="fr", second_opinion=True),
                      WhisperRecognizer)
    assert second_opinion_model(lang="fr") is None


def test_a_sure_choice_is_not_asked_again(ears: tuple[SecondOpinion, Asked]) -> None:
    ear, careful = ears
    ear.set_choices(CHOICES)
    before = careful.asked
    heard = ear.transcribe(prompt("digits/7"))
    assert heard.text == "seven" and not heard.unsure
    assert careful.asked == before


def test_what_tiny_takes_for_none_of_the_choices_is_heard_again(
        ears: tuple[SecondOpinion, Asked], piper_speak: Callable[[str], bytes]) -> None:
    """A guess off the card: the base hears it again, and says what was said."""
    ear, careful = ears
    ear.set_choices(["Denmark", "Poland", "Austria", "Switzerland", "France", "pass"])
    before = careful.asked
    heard = ear.transcribe(piper_speak("Argentina"))
    assert careful.asked == before + 1
    assert heard.text == "" and "argentina" in heard.free.lower()


def test_choices_in_babble_with_a_second_opinion(ears: tuple[SecondOpinion, Asked]) -> None:
    """People saying 30 of the 70 choices in 10 dB babble: no fewer right than tiny.en alone
    (21 of 30, tests/speech/test_whisper.py), and some asked again."""
    ear, careful = ears
    ear.set_choices(CHOICES)
    before = careful.asked
    items = bench.recorded_items("asterisk_choices.tsv")[:30]
    right = sum(ear.transcribe(bench.noisy(item.pcm, i, 10)).text == item.expected
                for i, item in enumerate(items))
    assert right >= 21
    assert careful.asked > before


def test_the_careful_model_alone_never_plays_a_word_outright(
        ears: tuple[SecondOpinion, Asked]) -> None:
    """People saying 48 words that are none of the 70 choices, in 10 dB babble: a choice is
    taken outright only when both models heard it."""
    ear = ears[0]
    ear.set_choices(CHOICES)
    outside = bench.recorded_items("asterisk_outside.tsv", expected=False)
    for i, item in enumerate(outside):
        pcm = bench.noisy(item.pcm, i, 10)
        heard = ear.transcribe(pcm)
        if heard.text and not heard.unsure:
            assert ear.quick.transcribe(pcm).text == heard.text, item.source
