"""Silero VAD as the ears' detector: the real model on real recorded speech and babble; every
time is audio time (seconds of PCM), so nothing here reads a clock or waits."""

from __future__ import annotations

import numpy as np
import pytest

from host.speech.bench import mix, recorded_items
from host.speech.bench_endpoint import PcmSource, cost_per_chunk_us, quiet, speech_bounds
from host.speech.ears import MicrophoneEars
from host.speech.endpoint import EnergyDetector, SpeechDetector
from host.speech.ports import Spoken
from host.speech.vad import SileroDetector, silero_session
from host.speech.wavio import to_pcm

RATE = 16_000


def chunks(pcm: bytes, frames: int = 320) -> list[bytes]:
    """PCM cut the way the ears read it (20 ms by default)."""
    return [pcm[i:i + 2 * frames] for i in range(0, len(pcm), 2 * frames)]


def heard(detector: SpeechDetector, pcm: bytes) -> list[bool]:
    """The detector's answer for every 20 ms chunk."""
    return [detector.is_speech(chunk) for chunk in chunks(pcm)]


def ends(pcm: bytes, detector: SpeechDetector | None = None) -> list[float]:
    """Audio times at which the ears ended an utterance over the whole stream."""
    ears = MicrophoneEars(PcmSource(pcm), half_duplex=False, detector=detector)
    found = []
    while (utterance := ears.listen(None)) is not None:
        if utterance:
            found.append(ears.stream_time)
    return found


@pytest.fixture(scope="module")
def prompt() -> bytes:
    """A person saying a short answer ("seventeen", asterisk-core-sounds-en)."""
    return next(i.pcm for i in recorded_items("asterisk_choices.tsv") if i.expected == "seventeen")


def test_the_model_is_loaded_once_on_one_thread() -> None:
    assert silero_session() is silero_session()
    assert silero_session().get_session_options().intra_op_num_threads == 1


def test_digital_silence_is_not_speech() -> None:
    assert not any(heard(SileroDetector(), bytes(2 * RATE * 3)))


def test_recorded_speech_is_speech_and_the_room_after_it_is_not(prompt: bytes) -> None:
    detector = SileroDetector()
    answers = heard(detector, quiet(1.0) + prompt + quiet(2.0))
    assert any(answers[50:50 + len(prompt) // 640])
    assert not any(answers[-50:])


def test_chunk_size_does_not_change_what_the_model_hears(prompt: bytes) -> None:
    by_20ms, by_window, whole = SileroDetector(), SileroDetector(), SileroDetector()
    for chunk in chunks(prompt, 320):
        by_20ms.is_speech(chunk)
    for chunk in chunks(prompt, 512):
        by_window.is_speech(chunk)
    whole.is_speech(prompt)
    assert by_20ms.last_probability == pytest.approx(by_window.last_probability, abs=1e-6)
    assert whole.last_probability == pytest.approx(by_window.last_probability, abs=1e-6)
    assert np.allclose(by_20ms.stream.h, whole.stream.h, atol=1e-6)


def test_reset_forgets_the_stream_but_not_the_room(prompt: bytes) -> None:
    detector, fresh = SileroDetector(), SileroDetector()
    detector.is_speech(prompt)
    rooms = len(detector.levels)
    detector.reset()
    assert not detector.speaking and len(detector.levels) == rooms
    assert detector.is_speech(prompt) == fresh.is_speech(prompt)
    assert detector.last_probability == pytest.approx(fresh.last_probability, abs=1e-6)


def test_a_cough_length_blip_does_not_start_an_utterance(prompt: bytes) -> None:
    start, _ = speech_bounds(prompt)
    begin = int(start * RATE) * 2
    blip = prompt[begin:begin + int(0.1 * RATE) * 2]  # 100 ms of the word's onset
    rng = np.random.default_rng(3)
    burst = to_pcm(rng.normal(0, 0.3, int(0.15 * RATE)).astype(np.float32))  # a loud 150 ms noise
    assert ends(quiet(1.0) + blip + quiet(1.0) + burst + quiet(1.0)) == []


def test_an_answer_in_10db_babble_is_endpointed_while_the_babble_goes_on(prompt: bytes) -> None:
    start, end = speech_bounds(prompt)
    stream = mix(quiet(4.0) + prompt + quiet(4.0), 10.0, seed=5)
    found = [t - (4.0 + end) for t in ends(stream) if t > 4.0 + start]
    assert found and 0.0 <= found[0] < 1.0  # within a second of audio after the last word


def test_silero_alone_hears_babble_as_speech_and_the_level_gate_does_not(prompt: bytes) -> None:
    babble = mix(quiet(8.0) + prompt, 10.0, seed=6)[:2 * RATE * 8]  # no answer in it
    alone = heard(SileroDetector(margin_db=None), babble)
    gated = heard(SileroDetector(), babble)
    assert np.mean(alone[100:]) > 0.8  # other people talking: speech to the model
    assert np.mean(gated[100:]) < 0.1


def test_a_quiet_room_answer_ends_300ms_after_it_as_with_energy(prompt: bytes) -> None:
    _, end = speech_bounds(prompt)
    stream = quiet(1.0) + prompt + quiet(2.0)
    for detector in (SileroDetector(), EnergyDetector()):
        (found,) = ends(stream, detector)
        assert 1.0 + end + 0.2 < found < 1.0 + end + 0.6


def test_the_ears_listen_with_silero_and_reset_it_when_the_microphone_reopens(
        prompt: bytes) -> None:
    class Counting(SileroDetector):
        resets = 0

        def reset(self) -> None:
            self.resets += 1
            super().reset()

    assert isinstance(MicrophoneEars(PcmSource(b"")).detector, SileroDetector)
    detector = Counting()
    ears = MicrophoneEars(PcmSource(prompt + quiet(3.0)), detector=detector, clock=lambda: 0.0)
    ears.host_spoke(Spoken(quiet(len(prompt) / 2 / RATE), RATE))  # a line as long, and its tail
    assert ears.listen(None) is None  # the answer fell in the closed time
    assert detector.resets == 1


def test_silero_needs_16khz() -> None:
    with pytest.raises(ValueError, match="16000"):
        SileroDetector(sample_rate=8000)


def test_cost_per_20ms_chunk_is_printed(prompt: bytes) -> None:
    stream = mix(quiet(2.0) + prompt + quiet(2.0), 10.0, seed=8)
    for name, make in (("silero", SileroDetector), ("energy", EnergyDetector)):
        print(f"{name}: {cost_per_chunk_us(make, stream):.1f} us per 20 ms chunk")  # not asserted
