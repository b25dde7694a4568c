"""PocketSphinx adapter on real audio: choices, rejection, free decoding, generated words."""

from __future__ import annotations

import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from host.speech.pronounce import generate, ipa_to_cmu, tokenize
from host.speech.sphinx_stt import SphinxRecognizer
from host.speech.wavio import read_wav, resample_pcm
from tests.speech.conftest import ASTERISK

DIGITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def asterisk(name: str) -> bytes:
    """A recorded human prompt from asterisk-core-sounds-en-wav, as 16 kHz PCM."""
    return read_wav(Path(ASTERISK) / name)[0]


def test_picks_the_spoken_choice_from_recordings(sphinx_recognizer: SphinxRecognizer) -> None:
    sphinx_recognizer.set_choices(["hello", "goodbye", "tomorrow", "yesterday", "thousand"])
    heard = {name: sphinx_recognizer.transcribe(asterisk(f)).text for name, f in [
        ("hello", "hello.wav"), ("tomorrow", "digits/tomorrow.wav"),
        ("yesterday", "digits/yesterday.wav"), ("thousand", "digits/thousand.wav")]}
    assert heard == {k: k for k in heard}


def test_text_is_always_one_of_the_choices_or_empty(sphinx_recognizer: SphinxRecognizer) -> None:
    choices = ["Number One!", "three", "Seven"]
    sphinx_recognizer.set_choices(choices)
    for f in ["digits/1.wav", "digits/3.wav", "digits/7.wav", "calling.wav", "transfer.wav"]:
        assert sphinx_recognizer.transcribe(asterisk(f)).text in [*choices, ""]
    assert sphinx_recognizer.transcribe(asterisk("digits/7.wav")).text == "Seven"


def test_rejects_an_utterance_that_is_none_of_the_choices(
        sphinx_recognizer: SphinxRecognizer) -> None:
    sphinx_recognizer.set_choices(["tomorrow", "yesterday", "hello"])
    rejected = [sphinx_recognizer.transcribe(asterisk(f)).text == "" for f in
                ["extension.wav", "digits/mon-8.wav", "please-try-again.wav", "transfer.wav"]]
    assert sum(rejected) >= 3


def test_accepts_speech_at_another_sample_rate(sphinx_recognizer: SphinxRecognizer) -> None:
    sphinx_recognizer.set_choices(["tomorrow", "yesterday", "hello"])
    pcm8k, rate = read_wav(Path(ASTERISK) / "digits/yesterday.wav", rate=None)
    assert rate == 8000
    assert sphinx_recognizer.transcribe(pcm8k, rate).text == "yesterday"


def test_free_decoding_without_choices(sphinx_recognizer: SphinxRecognizer) -> None:
    sphinx_recognizer.set_choices(None)
    result = sphinx_recognizer.transcribe(asterisk("please-try-again.wav"))
    assert result.text == "please try again"
    assert result.engine == "sphinx"


def test_synthetic_voice_and_noise(sphinx_recognizer: SphinxRecognizer,
                                   piper_speak: Callable[[str], bytes]) -> None:
    sphinx_recognizer.set_choices(["banana", "elephant", "umbrella", "guitar"])
    clean = piper_speak("elephant")
    assert sphinx_recognizer.transcribe(clean).text == "elephant"
    samples = np.frombuffer(clean, "<i2").astype(np.float64)
    noise = np.random.default_rng(7).normal(0, samples.std() / 10 ** (20 / 20), samples.size)
    noisy = np.clip(samples + noise, -32768, 32767).astype("<i2").tobytes()
    assert sphinx_recognizer.transcribe(noisy).text == "elephant"


def test_words_missing_from_the_dictionary_get_pronunciations(
        sphinx_recognizer: SphinxRecognizer, piper_speak: Callable[[str], bytes]) -> None:
    sphinx_recognizer.set_choices(["Thibault", "Zoë", "Siobhan", "Bartholomew"])
    assert sphinx_recognizer.transcribe(piper_speak("Siobhan")).text == "Siobhan"
    assert sphinx_recognizer.transcribe(piper_speak("Zoë")).text == "Zoë"


def test_plain_words_missing_from_the_dictionary_get_pronunciations(
        sphinx_recognizer: SphinxRecognizer, piper_speak: Callable[[str], bytes]) -> None:
    sphinx_recognizer.set_choices(["Teacake", "Kowhai", "stop", "reverse"])
    assert sphinx_recognizer.transcribe(piper_speak("Teacake")).text == "Teacake"


def test_single_letters_are_said_as_letter_names(sphinx_recognizer: SphinxRecognizer) -> None:
    sphinx_recognizer.set_choices(["Q", "Y", "J", "R"])
    assert sphinx_recognizer.transcribe(asterisk("letters/q.wav")).text == "Q"


def test_ipa_mapping_and_tokens() -> None:
    assert ipa_to_cmu("tʃˈɜːtʃ") == ["CH", "ER", "CH"]
    assert generate(["b", "croissant"])["b"] == ["B", "IY"]
    assert tokenize("Rock-n-Roll, l’été!") == ["rock", "n", "roll", "l'été"]


def test_empty_choices_are_refused(sphinx_recognizer: SphinxRecognizer) -> None:
    with pytest.raises(ValueError):
        sphinx_recognizer.set_choices(["", "  !"])


def test_pocketsphinx_testdata_cards() -> None:
    """The pocketsphinx-testdata recordings decode with a grammar of their own."""
    folder = Path("/usr/share/pocketsphinx/test/data/cards")
    with wave.open(str(folder / "003.wav")) as w:
        pcm, rate = w.readframes(w.getnframes()), w.getframerate()
    rec = SphinxRecognizer()
    rec.set_choices(["seven of clubs", "ten of clubs", "five five", "four queen of clubs"])
    assert rec.transcribe(resample_pcm(pcm, rate), 16_000).text == "seven of clubs"


def test_channel_adaptation_carries_the_mean_and_resets() -> None:
    from host.speech.sphinx_stt import SphinxTuning

    rec = SphinxRecognizer(tuning=SphinxTuning(adapt_channel=True))
    rec.set_choices(["tomorrow", "yesterday", "hello"])
    before = rec._decoder.get_cmn()
    texts = [rec.transcribe(asterisk(f)).text for f in
             ["digits/tomorrow.wav", "digits/yesterday.wav", "hello.wav"]]
    assert set(texts) <= {"tomorrow", "yesterday", "hello", ""}
    assert rec._decoder.get_cmn() != before  # the channel mean moved with what it heard
    rec.reset_channel()
    assert rec._decoder.get_cmn() == before


def test_an_utterance_is_heard_the_same_whatever_came_before(
        sphinx_recognizer: SphinxRecognizer) -> None:
    sphinx_recognizer.set_choices(DIGITS)
    alone = sphinx_recognizer.transcribe(asterisk("digits/7.wav"))
    for name in ["digits/2.wav", "calling.wav", "digits/9.wav"]:
        sphinx_recognizer.transcribe(asterisk(name))
    # (the front end's noise tracker still moves a little, so only the text is compared)
    assert sphinx_recognizer.transcribe(asterisk("digits/7.wav")).text == alone.text == "seven"
