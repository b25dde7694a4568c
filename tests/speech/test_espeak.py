"""espeak-ng synthesizer: real binary, several voices, sentence chunks and clear failures."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from host.speech.espeak_tts import (
    BOT_VOICES,
    EspeakSynthesizer,
    list_voices,
    parse_voices,
    parse_wav_stream,
)
from host.speech.piper_tts import PiperSynthesizer
from host.speech.tts import (
    TTSUnavailable,
    first_working,
    make_synthesizer,
    speakable,
    split_sentences,
)

LISTING = """Pty Language       Age/Gender VoiceName          File                 Other Languages
 2  en-gb           --/M      English_(Great_Britain) gmw/en               (en 2)
 5  fr-fr           --/M      French_(France)    roa/fr               (fr 5)
"""

PickWord = Callable[[bytes, int, list[str]], str]
"""The sphinx_pick fixture (tests/speech/conftest.py)."""


def test_parse_voices_reads_the_table() -> None:
    voices = parse_voices(LISTING)
    assert [(v.language, v.gender, v.name) for v in voices] == [
        ("en-gb", "M", "English_(Great_Britain)"),
        ("fr-fr", "M", "French_(France)"),
    ]


def test_list_voices_includes_the_demo_voices() -> None:
    english = {voice.language for voice in list_voices("en")}
    assert {"en-us", "en-gb", "en-gb-scotland"} <= english
    assert any(voice.language.startswith("fr") for voice in list_voices("fr"))


def test_parse_wav_stream_rejects_non_wav() -> None:
    with pytest.raises(ValueError, match="not a WAV"):
        parse_wav_stream(b"hello world, not audio")


@pytest.mark.parametrize("voice", ["en-us", "en-gb", "en-us+f3"])
def test_voices_speak_recognizable_numbers(voice: str, sphinx_pick: PickWord) -> None:
    synth = EspeakSynthesizer(voice)
    pcm = b"".join(synth.synthesize("seven"))
    assert sphinx_pick(pcm, synth.sample_rate, ["three", "seven", "ten"]) == "seven"


def test_other_languages_and_speeds_give_audio() -> None:
    slow = b"".join(EspeakSynthesizer("fr", speed=100).synthesize("Bonjour à tous."))
    fast = b"".join(EspeakSynthesizer("fr", speed=250).synthesize("Bonjour à tous."))
    assert len(slow) > len(fast) > 0


def test_one_chunk_per_sentence(espeak_synth: EspeakSynthesizer) -> None:
    assert espeak_synth.sample_rate == 22_050
    assert len(list(espeak_synth.synthesize("One. Two! Three?"))) == 3


def test_text_starting_with_a_dash_is_spoken_not_parsed(espeak_synth: EspeakSynthesizer) -> None:
    assert len(b"".join(espeak_synth.synthesize("-v nothing"))) > 0


def test_unknown_voice_is_one_clear_sentence() -> None:
    with pytest.raises(TTSUnavailable, match=r"voice 'zzz'.*does not exist"):
        EspeakSynthesizer("zzz")


def test_make_synthesizer_routes_voice_names_to_espeak() -> None:
    assert make_synthesizer("auto", "en-gb-scotland").name == "espeak:en-gb-scotland"
    assert make_synthesizer("espeak").name == "espeak:en-us"


def test_unknown_engine_is_reported() -> None:
    with pytest.raises(TTSUnavailable, match="Unknown speech engine 'festival'"):
        make_synthesizer("festival")


def test_split_sentences() -> None:
    assert split_sentences("Hi there.  Ready? Go!") == ["Hi there.", "Ready?", "Go!"]
    assert split_sentences("   ") == []


def test_auto_falls_back_to_espeak_when_piper_cannot_load(tmp_path: Path) -> None:
    broken = tmp_path / "missing.onnx"
    synth = first_working(
        {"Piper": lambda: PiperSynthesizer(broken), "espeak-ng": lambda: EspeakSynthesizer()}
    )
    assert synth.name == "espeak:en-us"


def test_no_working_engine_is_one_sentence_naming_both(tmp_path: Path) -> None:
    broken = tmp_path / "missing.onnx"
    with pytest.raises(TTSUnavailable) as caught:
        first_working(
            {
                "Piper": lambda: PiperSynthesizer(broken),
                "espeak-ng": lambda: EspeakSynthesizer("zzz"),
            }
        )
    message = str(caught.value)
    assert message.startswith("No speech engine works: Piper (Piper voice file")
    assert "and espeak-ng (espeak-ng failed with voice 'zzz'" in message
    assert message.count("\n") == 0


@pytest.mark.parametrize("lang", sorted(BOT_VOICES))
def test_bot_voices_all_load_and_sound_different(lang: str) -> None:
    clips = set()
    for voice in BOT_VOICES[lang]:
        synth = EspeakSynthesizer(voice)
        clips.add(b"".join(synth.synthesize("Banane"))[:20000])
    assert len(clips) == len(BOT_VOICES[lang])


def test_a_slower_repeat_is_the_same_voice_taking_longer(espeak_synth: EspeakSynthesizer) -> None:
    slow = espeak_synth.slower(1.5)
    assert (slow.voice, slow.pitch, slow.name) == (espeak_synth.voice, espeak_synth.pitch,
                                                   espeak_synth.name)
    assert slow.speed == round(espeak_synth.speed / 1.5)
    said = [len(b"".join(s.synthesize("Crack list"))) for s in (espeak_synth, slow)]
    assert said[1] > 1.2 * said[0]


def test_the_host_speaks_french_with_espeak_when_no_piper_voice_speaks_it() -> None:
    from host.speech.tts import join_pcm, make_synthesizer

    french = make_synthesizer("auto", lang="fr")
    assert french.name == "espeak:fr"
    assert len(join_pcm(french.synthesize("Ligne deux : C, H, A, R."))) > 8000
    assert make_synthesizer("auto").name.startswith("piper")


def test_speakable_keeps_what_the_voices_say_and_plains_what_they_spell() -> None:
    assert speakable("Baháʼí Faith") == "Bahá'í Faith"
    assert speakable("Tết, Tōkyō and Ténéré") == "Tet, Tokyo and Ténéré"
    assert speakable("Dara Ó Briain") == "Dara O Briain"
    assert speakable("le cœur à gauche", "fr") == "le cœur à gauche"


def test_the_letter_a_is_said_as_the_letter_not_the_article() -> None:
    assert speakable("A on the A of row two") == "Eh on the Eh of row two"
    assert speakable("A right answer! A, amaze.") == "A right answer! A, amaze."
    assert speakable("A à gauche de la ligne deux", "fr") == "A à gauche de la ligne deux"
    for voice in ("en-gb-scotland", "en-us"):  # a bot's voice, and Piper's phonemizer
        raw, fixed = (subprocess.run(["espeak-ng", "-q", "-x", "-v", voice, text],
                                     capture_output=True, text=True, check=True).stdout
                      for text in ("A on the A of row two", speakable("A on the A of row two")))
        assert raw.count("'eI") == 0 and fixed.count("'eI") == 2, (voice, raw, fixed)


@pytest.mark.parametrize("written, plain", [("Baháʼí Faith", "Bahai Faith"), ("Tết", "Tet")])
def test_deck_words_with_rare_letters_are_said_not_spelt(written: str, plain: str) -> None:
    voice = EspeakSynthesizer("en-gb")
    said, expected = (len(b"".join(voice.synthesize(text))) for text in (written, plain))
    assert said < 1.5 * expected  # spelt out, "Tết" ran to a dozen letter names
