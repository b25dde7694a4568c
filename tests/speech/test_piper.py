"""Piper synthesizer: the packaged voice speaks, streams by sentence and fails clearly."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from host.speech.piper_tts import PiperSynthesizer, default_voice_path
from host.speech.tts import TTSUnavailable, make_synthesizer

PickWord = Callable[[bytes, int, list[str]], str]
"""The sphinx_pick fixture (tests/speech/conftest.py)."""


def test_default_voice_is_the_packaged_joe_voice() -> None:
    path = default_voice_path()
    assert path.name == "en_US-joe-medium.onnx"
    assert path.is_file()


def test_speaks_words_pocketsphinx_recognizes(
    piper_synth: PiperSynthesizer, sphinx_pick: PickWord
) -> None:
    choices = ["seven", "three", "crack on", "banana"]
    for word in ["seven", "crack on"]:
        pcm = b"".join(piper_synth.synthesize(word))
        assert sphinx_pick(pcm, piper_synth.sample_rate, choices) == word


def test_yields_one_chunk_per_sentence(piper_synth: PiperSynthesizer) -> None:
    chunks = list(piper_synth.synthesize("Round one. Name a fruit! Ready?"))
    assert len(chunks) == 3
    assert all(len(chunk) > piper_synth.sample_rate // 4 for chunk in chunks)  # > 1/8 s each


def test_first_sentence_arrives_before_the_rest_is_synthesized(
    piper_synth: PiperSynthesizer,
) -> None:
    rest = "This second sentence is much longer than the first. " * 3
    stream = piper_synth.synthesize("Go. " + rest)
    first = next(stream)
    assert 0 < len(first) < piper_synth.sample_rate * 2  # "Go." alone: well under a second
    assert len(b"".join(stream)) > len(first)


def test_pcm_is_mono_int16_at_the_voice_rate(piper_synth: PiperSynthesizer) -> None:
    pcm = b"".join(piper_synth.synthesize("Hello."))
    assert piper_synth.sample_rate == 22_050
    assert len(pcm) % 2 == 0
    assert piper_synth.name == "piper:en_US-joe-medium"


def test_missing_voice_is_one_clear_sentence(tmp_path: Path) -> None:
    with pytest.raises(TTSUnavailable, match=r"does not exist"):
        PiperSynthesizer(tmp_path / "nobody.onnx")


def test_broken_voice_file_is_reported(tmp_path: Path) -> None:
    model = tmp_path / "broken.onnx"
    model.write_bytes(b"not a model")
    (tmp_path / "broken.onnx.json").write_text("{}")
    with pytest.raises(TTSUnavailable, match=r"could not load voice broken.onnx"):
        PiperSynthesizer(model)


def test_make_synthesizer_auto_prefers_piper() -> None:
    assert make_synthesizer().name.startswith("piper:")
    assert make_synthesizer("piper", str(default_voice_path())).name == "piper:en_US-joe-medium"


def test_a_slower_repeat_shares_the_loaded_voice_and_takes_longer(
    piper_synth: PiperSynthesizer, sphinx_pick: PickWord
) -> None:
    slow = piper_synth.slower(1.4)
    assert slow._voice is piper_synth._voice and slow.name == piper_synth.name
    normal, slower = (b"".join(s.synthesize("crack on")) for s in (piper_synth, slow))
    assert len(slower) > 1.2 * len(normal)
    assert sphinx_pick(slower, slow.sample_rate, ["seven", "crack on", "banana"]) == "crack on"
