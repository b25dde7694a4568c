"""The one babble mixer and its SNR: active speech power over the noise's power."""

from __future__ import annotations

import numpy as np
import pytest

from host.speech import bench
from host.speech.babble import active_speech_power, mix_at_snr, pink_noise, speech_to_noise_db
from host.speech.wavio import from_pcm


def test_the_mixer_hits_the_requested_snr_on_a_recorded_utterance() -> None:
    speech = bench.recorded_items("asterisk_choices.tsv")[60].pcm
    clean = from_pcm(speech).astype(np.float64)
    noise = np.random.default_rng(1).normal(0, 1, clean.size)
    for snr in (20.0, 10.0, 0.0):
        added = from_pcm(mix_at_snr(speech, noise, snr)).astype(np.float64) - clean
        frames = clean[: clean.size // 320 * 320].reshape(-1, 320)
        power = (frames ** 2).mean(axis=1)
        active = power[power >= 0.1 * power.max()].mean()  # frames within 10 dB of the loudest
        assert abs(10 * np.log10(active / (added ** 2).mean()) - snr) < 0.1
        assert abs(speech_to_noise_db(clean, added) - snr) < 0.1


def test_silence_around_the_words_does_not_change_the_noise_level() -> None:
    speech = bench.recorded_items("asterisk_choices.tsv")[60].pcm
    padded = bytes(2 * 16000) + speech + bytes(2 * 16000)
    assert active_speech_power(from_pcm(padded)) == pytest.approx(
        active_speech_power(from_pcm(speech)), rel=1e-6)
    whole = (from_pcm(speech).astype(np.float64) ** 2).mean()
    assert active_speech_power(from_pcm(speech)) > whole  # the pauses are not counted


def test_silent_noise_and_no_speech_leave_the_audio_as_it_was() -> None:
    speech = bench.recorded_items("asterisk_choices.tsv")[60].pcm
    assert mix_at_snr(speech, np.zeros(len(speech) // 2), 10.0) == speech
    assert mix_at_snr(b"", np.zeros(0), 10.0) == b""
    with pytest.raises(ValueError):
        mix_at_snr(speech, np.zeros(10), 10.0)


def test_pink_noise_has_the_level_asked_and_is_the_same_every_time() -> None:
    noise = pink_noise(16000, 0.01)
    assert noise.dtype == np.float32 and noise.size == 16000
    assert abs(float(np.sqrt((noise.astype(np.float64) ** 2).mean())) - 0.01) < 1e-4
    assert np.array_equal(noise, pink_noise(16000, 0.01))
    assert not pink_noise(100, 0.0).any()
