"""Endpointer and energy VAD: time is data, so every case runs without a clock."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from host.speech.endpoint import (
    Endpointer,
    EnergyDetector,
    VadState,
    level_dbfs,
    split_utterance,
)

CHUNK = 0.02


def feed(ep: Endpointer, pattern: str) -> list[VadState]:
    """Feed 20 ms chunks: 'S' speech, '.' silence."""
    return [ep.process(CHUNK, c == "S") for c in pattern]


def test_speech_then_300ms_silence_ends_the_utterance() -> None:
    ep = Endpointer()
    states = feed(ep, "." * 10 + "S" * 20 + "." * 14)
    assert states[-1] is VadState.SPEAKING  # 280 ms of silence: not yet
    assert ep.process(CHUNK, False) is VadState.DONE  # 300 ms
    assert ep.heard_speech


def test_short_pauses_inside_speech_do_not_end_it() -> None:
    ep = Endpointer()
    states = feed(ep, "S" * 15 + "." * 10 + "S" * 15 + "." * 10)
    assert VadState.DONE not in states


def test_a_click_is_not_speech() -> None:
    ep = Endpointer()
    states = feed(ep, "." * 5 + "SS" + "." * 30)
    assert set(states) == {VadState.WAITING}
    assert not ep.heard_speech


def test_timeout_without_speech_and_reset() -> None:
    ep = Endpointer(timeout_seconds=1.0)
    states = feed(ep, "." * 50)
    assert states[-1] is VadState.DONE and not ep.heard_speech
    ep.reset()
    assert ep.state is VadState.WAITING and ep.process(CHUNK, True) is VadState.WAITING


def test_chunk_length_is_data() -> None:
    ep = Endpointer()
    assert ep.process(0.5, True) is VadState.SPEAKING
    assert ep.process(0.29, False) is VadState.SPEAKING
    assert ep.process(0.01, False) is VadState.DONE


def test_energy_detector_follows_the_noise_floor() -> None:
    rng = np.random.default_rng(1)
    det = EnergyDetector()
    hum = [rng.normal(0, 300, 320).astype("<i2").tobytes() for _ in range(600)]
    heard = [det.is_speech(c) for c in hum]
    assert not any(heard[-100:])  # after a while, a steady hum is learnt as the floor
    loud = rng.normal(0, 6000, 320).astype("<i2").tobytes()
    assert det.is_speech(loud)
    assert level_dbfs(b"") == -120.0 and level_dbfs(bytes(640)) == -120.0


def test_real_speech_is_cut_about_300ms_after_it_ends(piper_speak: Callable[[str], bytes]) -> None:
    speech = piper_speak("Paris.")
    rng = np.random.default_rng(2)
    quiet = lambda s: rng.normal(0, 30, int(16_000 * s)).astype("<i2").tobytes()  # noqa: E731
    pcm = quiet(0.5) + speech + quiet(2.0)
    found = split_utterance(pcm, 16_000)
    assert found is not None
    _, end = found
    speech_end = 0.5 + len(speech) / 32_000
    assert speech_end - 0.3 < end < speech_end + 0.5


def test_silence_only_gives_nothing() -> None:
    assert split_utterance(bytes(16_000 * 2), 16_000) is None
