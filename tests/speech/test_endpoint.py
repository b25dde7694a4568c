"""Endpointer, energy VAD and the endpointing benchmark: time is data, so every case runs
without a clock."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from host.speech.bench import recorded_items
from host.speech.bench_endpoint import (
    Turn,
    detector_figures,
    noise_start_rate,
    score,
    speech_bounds,
    turn_stream,
)
from host.speech.endpoint import (
    Endpointer,
    EnergyDetector,
    SpeechDetector,
    VadState,
    level_dbfs,
    split_utterance,
)
from host.speech.vad import SileroDetector

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
    floor = det.floor_dbfs
    det.reset()
    assert det.floor_dbfs == floor  # the room is still the room after a gap


@pytest.mark.parametrize("detector", [None, EnergyDetector()], ids=["silero", "energy"])
def test_real_speech_is_cut_about_300ms_after_it_ends(
        piper_speak: Callable[[str], bytes], detector: SpeechDetector | None) -> None:
    speech = piper_speak("Paris.")
    rng = np.random.default_rng(2)
    hiss = lambda s: rng.normal(0, 30, int(16_000 * s)).astype("<i2").tobytes()  # noqa: E731
    pcm = hiss(0.5) + speech + hiss(2.0)
    found = split_utterance(pcm, 16_000, detector=detector)
    assert found is not None
    _, end = found
    speech_end = 0.5 + len(speech) / 32_000
    assert speech_end - 0.3 < end < speech_end + 0.5


def test_silence_only_gives_nothing() -> None:
    assert split_utterance(bytes(16_000 * 2), 16_000) is None


def test_speech_bounds_find_the_loud_part() -> None:
    tone = (np.sin(np.arange(8000) * 0.3) * 8000).astype("<i2").tobytes()
    assert speech_bounds(bytes(3200) + tone + bytes(1600)) == pytest.approx((0.1, 0.6))


def test_turns_lie_where_the_recordings_were_put() -> None:
    items = recorded_items("asterisk_choices.tsv")[:2]
    pcm, turns = turn_stream(items)
    first = len(items[0].pcm) / 32_000
    assert turns[0].start > 5.0 and turns[0].end <= 5.0 + first
    assert turns[0].next_start == turns[1].start > 5.0 + first + 3.0
    assert len(pcm) / 32_000 == pytest.approx(turns[1].next_start)


def test_score_counts_found_late_and_cut_turns() -> None:
    turns = [Turn(1.0, 2.0, 5.0), Turn(5.0, 6.0, 9.0), Turn(9.0, 10.0, 13.0)]
    figures = score(turns, [2.3, 5.5, 6.4, 14.0])  # the last one ends after the next began
    assert figures == {"found": 2 / 3, "delay_ms": pytest.approx(350.0), "cut": 1 / 3}


def test_silero_endpoints_recorded_answers_in_babble_that_goes_on() -> None:
    clean, turns = turn_stream(recorded_items("asterisk_choices.tsv")[20:24])
    figures = detector_figures("silero", SileroDetector, clean, turns)
    assert figures["silero_found_clean"] == figures["silero_found_10db"] == 1.0
    assert figures["silero_cut_10db"] == 0.0
    assert figures["silero_delay_ms_10db"] < 1000
    assert figures["silero_false_starts_10db"] <= 0.1


def test_beeps_bursts_and_clicks_start_no_utterance_with_silero_but_do_with_energy() -> None:
    assert noise_start_rate(SileroDetector) == 0.0
    assert noise_start_rate(EnergyDetector) > 0.5
