"""Bench building blocks: its babble through the shared mixer, scoring on real recordings."""

from __future__ import annotations

import numpy as np

from host.speech import bench
from host.speech.babble import mix_at_snr, speech_to_noise_db
from host.speech.sphinx_stt import SphinxRecognizer
from host.speech.wavio import from_pcm


def test_mix_is_the_shared_mixer_on_the_bench_babble_and_hits_the_requested_snr() -> None:
    speech = bench.recorded_items("asterisk_choices.tsv")[60].pcm
    clean = from_pcm(speech).astype(np.float64)
    for snr in (20.0, 10.0):
        mixed = bench.mix(speech, snr, seed=3)
        assert mixed == mix_at_snr(speech, bench.babble(clean.size, seed=3), snr)
        assert mixed == bench.mix(speech, snr, seed=3) != bench.mix(speech, snr, seed=4)
        noise = from_pcm(mixed).astype(np.float64) - clean
        assert abs(speech_to_noise_db(clean, noise) - snr) < 0.5
    assert bench.noisy(speech, 3, 10.0) == bench.mix(speech, 10.0, seed=3)


def test_evaluate_counts_right_wrong_and_rejected(sphinx_recognizer: SphinxRecognizer) -> None:
    items = [i for i in bench.recorded_items("asterisk_choices.tsv")
             if i.expected in {"tomorrow", "yesterday", "hello"}]
    sphinx_recognizer.set_choices(["tomorrow", "yesterday", "hello"])
    score = bench.evaluate(sphinx_recognizer, items)
    assert score.right + score.wrong + score.rejected == 3 and score.right >= 2
    assert bench.false_accepts(sphinx_recognizer, []) == (0.0, 0.0)


def test_wideband_recordings_are_the_g722_prompts_with_their_high_band() -> None:
    wide = bench.recording("letters/s.wav", "wide")
    phone = bench.recording("letters/s.wav", "telephone")
    assert wide and phone and wide[1].startswith("asterisk-g722:")
    high_band = {}
    for band, (pcm, _) in (("wide", wide), ("telephone", phone)):
        samples = from_pcm(pcm).astype(np.float64)
        spectrum = np.abs(np.fft.rfft(samples)) ** 2
        freqs = np.fft.rfftfreq(samples.size, 1 / 16000)
        high_band[band] = spectrum[freqs > 4500].sum() / spectrum.sum()
        assert abs(samples.size - 0.6 * 16000) < 0.5 * 16000  # about a second of speech
    assert high_band["wide"] > 0.05 > 1e-3 > high_band["telephone"]


def test_the_bench_hears_wideband_by_default_and_telephone_on_request() -> None:
    wide = bench.recorded_items("asterisk_choices.tsv")
    phone = bench.recorded_items("asterisk_choices.tsv", band="telephone")
    assert len(wide) == len(phone) == 70
    assert {i.source.split(":")[0] for i in wide} == {"asterisk-g722"}
    assert [i.expected for i in wide] == [i.expected for i in phone]


def test_the_report_has_a_section_per_engine_french_and_endpointing() -> None:
    result = {"default": "whisper",
              "engines": {"whisper": {"accuracy_clean": 0.979, "peak_rss_mb": 412.0},
                          "sphinx": {"accuracy_clean": 0.729}},
              "french": {"accuracy_clean": 0.716},
              "endpointing": {"silero_clean_found": 1.0}}
    lines = bench.format_report(result).splitlines()
    assert lines[0].split() == ["default", "recognizer", "whisper"]
    assert [line for line in lines if line.startswith("[")] == [
        "[whisper]", "[sphinx]", "[whisper, French]", "[endpointing]"]
    assert "accuracy_clean             0.979" in lines
    assert "peak_rss_mb                412" in lines


def test_a_session_probe_measures_the_default_ear_in_its_own_process() -> None:
    assert 50 < bench.session_rss_mb("whisper") < 4000
