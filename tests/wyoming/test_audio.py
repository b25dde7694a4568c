"""The Wyoming adapters for real, over loopback: a satellite built from the wyoming package
streams a person's recording in at 48 kHz stereo and the host's real ears and Whisper hear it;
the host's voice goes back as AudioChunk events; a satellite that drops out is AudioUnavailable
until it returns."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from host.speech.audio import AudioUnavailable
from host.speech.bench import Item, recorded_items
from host.speech.ears import MicrophoneEars
from host.speech.piper_tts import PiperSynthesizer
from host.speech.ports import Recognizer
from host.speech.stt import make_recognizer
from host.speech.tts import join_pcm
from host.speech.wyoming.audio import wyoming_audio
from host.speech.wyoming.link import LinkError, parse_uri
from tests.wyoming.satellite import TIMEOUT, TableSatellite

FAST_RETRY = 0.05
"""Seconds between Party Host's calls to a dropped satellite, in these tests."""


@pytest.fixture(scope="module")
def whisper() -> Recognizer:
    return make_recognizer("whisper")


@pytest.fixture(scope="module")
def recordings() -> list[Item]:
    """Asterisk's recorded prompts (a person's voice, Debian-packaged)."""
    return recorded_items("asterisk_choices.tsv")


@pytest.fixture
def satellite() -> Iterator[TableSatellite]:
    satellite = TableSatellite(mic_rate=48_000, mic_channels=2)
    yield satellite
    satellite.stop()


def recording(items: list[Item], phrase: str) -> bytes:
    return next(item.pcm for item in items if item.expected == phrase)


def test_a_recording_streamed_at_48k_stereo_is_heard_by_the_hosts_ears(
        satellite: TableSatellite, whisper: Recognizer, recordings: list[Item]) -> None:
    mic, speaker = wyoming_audio(f"tcp://127.0.0.1:{satellite.listen()}")
    assert satellite.wait_for(lambda: satellite.runs == 1)
    spoken = recording(recordings, "seventeen")
    satellite.silence(0.5)
    satellite.say(spoken)
    satellite.silence(1.0)
    ears = MicrophoneEars(mic, clock=mic.clock, half_duplex=False)
    utterance = ears.listen(timeout=10.0)
    assert utterance
    whisper.set_choices([item.expected for item in recordings])
    assert whisper.transcribe(utterance).text == "seventeen"
    assert mic.clock() == pytest.approx(1.5 + len(spoken) / 32_000, abs=0.01)
    mic.close()
    speaker.close()


def test_the_hosts_voice_comes_back_as_audio_chunks_once_played(
        satellite: TableSatellite) -> None:
    piper = PiperSynthesizer(steady=True)
    mic, speaker = wyoming_audio(f"tcp://127.0.0.1:{satellite.listen()}")
    pcm = join_pcm(piper.synthesize("Ann, pick a category."))
    speaker.play(pcm, piper.sample_rate)
    assert len(satellite.streams) == 1  # play() returned once the satellite had played it
    start, chunks = satellite.starts[0], satellite.streams[0]
    assert (start.rate, start.width, start.channels) == (piper.sample_rate, 2, 1)
    assert b"".join(chunk.audio for chunk in chunks) == pcm
    assert chunks[-1].timestamp == 1000 * (len(chunks) - 1) * 1024 // piper.sample_rate
    assert speaker.seconds_sent == pytest.approx(len(pcm) / 2 / piper.sample_rate)
    mic.close()
    speaker.close()


def test_the_voice_is_sent_in_the_format_the_satellite_asks_for() -> None:
    satellite = TableSatellite(snd_format={"rate": 16_000, "width": 2, "channels": 2})
    mic, speaker = wyoming_audio(f"tcp://127.0.0.1:{satellite.listen()}")
    assert satellite.wait_for(lambda: satellite.runs == 1)
    second = (np.sin(np.arange(22_050) / 7) * 8000).astype("<i2").tobytes()
    satellite.silence(0.1)  # the run-pipeline event is read before this audio
    assert mic.read(1600)
    speaker.play(second, 22_050)
    start, chunks = satellite.starts[0], satellite.streams[0]
    assert (start.rate, start.width, start.channels) == (16_000, 2, 2)
    assert sum(len(chunk.audio) for chunk in chunks) == 16_000 * 2 * 2
    mic.close()
    speaker.close()
    satellite.stop()


def test_a_satellite_that_drops_is_unavailable_until_it_returns(
        satellite: TableSatellite) -> None:
    port = satellite.listen()
    mic, speaker = wyoming_audio(f"tcp://127.0.0.1:{port}", retry_seconds=FAST_RETRY)
    assert satellite.wait_for(lambda: satellite.runs == 1)  # connected before it hangs up
    satellite.hang_up()
    with pytest.raises(AudioUnavailable, match="not connected"):
        for _ in range(int(TIMEOUT)):  # each read waits at most about a second
            mic.read(320)
    with pytest.raises(AudioUnavailable):
        speaker.play(bytes(3200), 16_000)
    satellite.listen(port)
    assert mic.wait_back(TIMEOUT)
    satellite.silence(0.1)
    assert len(mic.read(1600) or b"") == 3200
    assert mic.link.connections == 2
    mic.close()
    speaker.close()
    assert mic.read(320) is None  # closed: the end of the audio


def test_addresses_and_a_satellite_that_is_not_there() -> None:
    assert parse_uri("tcp://10.0.0.5:10700").uri == "tcp://10.0.0.5:10700"
    for wrong in ("tcp://:10700", "http://a:1", "tcp://a"):
        with pytest.raises(LinkError, match="not a Wyoming address"):
            parse_uri(wrong)
    nobody = TableSatellite()
    port = nobody.listen()
    nobody.stop()  # nothing listens there any more
    with pytest.raises(AudioUnavailable, match="No Wyoming satellite answers"):
        wyoming_audio(f"tcp://127.0.0.1:{port}")


def test_without_played_the_line_ends_when_its_length_of_microphone_audio_has_come() -> None:
    satellite = TableSatellite(says_played=False)  # as a satellite with no sound service
    mic, speaker = wyoming_audio(f"tcp://127.0.0.1:{satellite.listen()}")
    speaker.play(bytes(2 * 16_000), 16_000)
    assert mic.link.played == 0
    assert mic.clock() >= 1.0  # the satellite's microphone ran for the line's second
    mic.close()
    speaker.close()
    satellite.stop()


def test_a_satellite_that_stops_streaming_after_speech_still_ends_the_utterance(
        satellite: TableSatellite, recordings: list[Item]) -> None:
    mic, speaker = wyoming_audio(f"tcp://127.0.0.1:{satellite.listen()}")
    satellite.say(recording(recordings, "seventeen"))
    satellite.stop_streaming()  # AudioStop, as a satellite with its own VAD sends
    ears = MicrophoneEars(mic, clock=mic.clock, half_duplex=False)
    assert ears.listen(timeout=10.0)
    mic.close()
    speaker.close()


def test_a_satellite_that_serves_another_controller_never_counts_as_connected() -> None:
    satellite = TableSatellite(busy=True)  # as wyoming-satellite while Home Assistant holds it
    mic, speaker = wyoming_audio(f"tcp://127.0.0.1:{satellite.listen()}",
                                 retry_seconds=FAST_RETRY)
    with pytest.raises(AudioUnavailable, match="not connected"):
        while mic.read(320) is not None:
            pass
    assert satellite.wait_for(lambda: satellite.turned_away >= 3)  # called again and again
    assert not mic.link.connected and mic.link.connections == 0
    satellite.busy = False  # Home Assistant lets it go
    assert mic.wait_back(TIMEOUT)
    mic.close()
    speaker.close()
    satellite.stop()
