"""Bench building blocks: its babble through the shared mixer, scoring on real recordings."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from host.speech import bench
from host.speech.babble import mix_at_snr, speech_to_noise_db
from host.speech.ports import SAMPLE_RATE, Transcript
from host.speech.sphinx_stt import SphinxRecognizer
from host.speech.wavio import from_pcm
from tests.transcripts import HALF, LIKELY, LOW, SURE, heard


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
    assert bench.false_accepts(sphinx_recognizer, []) == (0.0, 0.0, 0.0)


class Heard:
    """A recognizer that hears each utterance as the next of these transcripts."""

    name = "fake"

    def __init__(self, transcripts: list[Transcript]) -> None:
        self.transcripts = iter(transcripts)

    def set_choices(self, choices: Sequence[str] | None) -> None:
        pass

    def transcribe(self, pcm: bytes, sample_rate: int = SAMPLE_RATE) -> Transcript:
        return next(self.transcripts)


def test_the_counts_are_what_the_host_does_with_each_utterance_heard_alone() -> None:
    """Taken right, asked back right, taken wrong, asked for again; and on other words, taken,
    asked back or neither (host.core.hearing.heard_alone), with the median p."""
    items = [bench.Item(word, b"", "fake") for word in ("red", "red", "blue", "green")]
    said = Heard([heard(("red", LIKELY)), heard(("red", HALF)), heard(("green", SURE)),
                  heard(("green", LOW))])
    score = bench.evaluate(said, items)
    assert (score.right, score.wrong, score.rejected, score.asked) == (2, 1, 1, 1)
    assert score.accuracy == 0.5 and score.p == [LIKELY, HALF, SURE, LOW]
    outside = Heard([heard(("red", LIKELY)), heard(("red", HALF)), heard(("red", LOW)),
                     Transcript("")])
    taken, asked, p = bench.false_accepts(outside, [bench.Item("", b"", "fake")] * 4)
    assert (taken, asked) == (0.25, 0.25) and p == (LOW + HALF) / 2


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
