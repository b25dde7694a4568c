"""The echo check: the host's own voice coming back into a live microphone is not heard as a
player, whatever words it says; a player saying the host's words is heard. Real audio: the
Piper voice, espeak-ng, a room made of delay, reverberation and a duller, fainter sound."""

from __future__ import annotations

import numpy as np
import pytest

from host.speech.bench_endpoint import PcmSource, quiet, speech_bounds
from host.speech.ears import LIVE_TAIL_SECONDS, MicrophoneEars
from host.speech.echo import ECHO_LIKENESS, EchoCheck, features, likeness
from host.speech.piper_tts import PiperSynthesizer
from host.speech.ports import SAMPLE_RATE, Spoken
from host.speech.tts import join_pcm, make_synthesizer
from host.speech.wavio import from_pcm, resample_pcm, to_pcm

LINE = "Next player, or say: that's everyone."


@pytest.fixture(scope="module")
def line() -> Spoken:
    """The host's line in its own (Piper) voice."""
    piper = PiperSynthesizer(steady=True)
    return Spoken(join_pcm(piper.synthesize(LINE)), piper.sample_rate)


def player(text: str) -> bytes:
    """A player (an espeak-ng voice) saying `text`, as 16 kHz PCM."""
    voice = make_synthesizer("espeak", "en-gb")
    return resample_pcm(join_pcm(voice.synthesize(text)), voice.sample_rate)


def in_a_room(spoken: Spoken, gain: float = 0.2) -> np.ndarray:
    """The line as a microphone across the room picks it up: fainter, reverberant, duller."""
    samples = from_pcm(resample_pcm(spoken.pcm, spoken.sample_rate))
    length = SAMPLE_RATE // 4
    reverb = np.random.default_rng(0).normal(size=length) * np.exp(-7 * np.arange(length) / length)
    reverb[0] = 4.0
    wet = np.convolve(samples, reverb)[: len(samples)]
    duller = np.convolve(wet, np.ones(4) / 4, mode="same")
    return np.asarray(duller / np.abs(duller).max() * gain)


def ears_after(line: Spoken, stream: bytes) -> MicrophoneEars:
    """Live ears that have just played `line` (the stream starts as it starts playing)."""
    ears = MicrophoneEars(PcmSource(stream), clock=lambda: 0.0)
    ears.host_spoke(line)
    return ears


def test_the_host_line_coming_back_late_is_not_heard_the_player_after_it_is(
        line: Spoken) -> None:
    # A loudspeaker that plays 1.8 s late (a satellite's buffer): the microphone reopens
    # while the line's end is still coming back.
    late = 1.8
    echo = np.concatenate([np.zeros(int(late * SAMPLE_RATE)), in_a_room(line)])
    answer = player("Ann, Bob and Cat")
    stream = to_pcm(echo) + quiet(1.0) + answer + quiet(1.0)
    ears = ears_after(line, stream)
    assert line.seconds + LIVE_TAIL_SECONDS < late + line.seconds  # part of it is heard
    told: list[float] = []  # when each pause was given to early recognition
    heard = ears.listen(None, lambda _: told.append(ears.stream_time))
    assert ears.echoes_dropped >= 1  # the echo, in as many pieces as its pauses make
    assert heard and abs(len(heard) - len(answer)) < SAMPLE_RATE  # the answer, not the echo
    echo_ends = late + line.seconds
    assert told and all(moment > echo_ends + 0.5 for moment in told)  # the echo's never were


def test_an_echo_dropped_does_not_put_the_wait_back(line: Spoken) -> None:
    late = 1.8
    echo = np.concatenate([np.zeros(int(late * SAMPLE_RATE)), in_a_room(line)])
    ears = ears_after(line, to_pcm(echo) + quiet(30.0))
    reopens = line.seconds + LIVE_TAIL_SECONDS
    assert ears.listen(5.0) == b""
    assert ears.echoes_dropped >= 1  # the echo, in as many pieces as its pauses make
    assert ears.stream_time < reopens + 5.5  # the wait counts from the reopening, echo and all


def test_a_player_saying_the_host_words_right_after_it_is_heard(line: Spoken) -> None:
    answer = player("that's everyone")
    reopens = line.seconds + LIVE_TAIL_SECONDS
    stream = quiet(reopens + 0.2) + answer + quiet(1.0)
    ears = ears_after(line, stream)
    heard = ears.listen(None)
    assert ears.echoes_dropped == 0 and heard


def test_a_quick_no_after_the_line_is_heard_and_the_line_coming_back_is_not(
        line: Spoken) -> None:
    # The loudspeaker plays 0.3 s late; the player's "no" (0.34 s of sound) begins 0.62 s
    # after the host's line ends: a microphone closed for a second after it lost it whole.
    late, begins = 0.3, line.seconds + 0.62
    echo = to_pcm(np.concatenate([np.zeros(int(late * SAMPLE_RATE)), in_a_room(line)]))
    answer = player("no")
    first, last = speech_bounds(answer)
    assert first < 0.01 and begins + last < line.seconds + 1.0
    stream = echo + quiet(4.0)
    at = 2 * int(begins * SAMPLE_RATE)
    answered = stream[:at] + answer + stream[at + len(answer):]
    assert ears_after(line, stream).listen(3.0) == b""  # the echo's end is not a player
    heard = ears_after(line, answered).listen(3.0)
    assert heard and abs(len(heard) - len(answer)) < SAMPLE_RATE


def test_likeness_tells_an_echo_from_a_voice_with_margin(line: Spoken) -> None:
    check = EchoCheck()
    check.host_said(line, ended_at=line.seconds)
    played = check.lines[0]
    echo = features(in_a_room(line)[SAMPLE_RATE:])  # from 1 s into the line, 0.3 s late
    assert likeness(echo, 1.3, played) > ECHO_LIKENESS + 0.15
    voice = features(from_pcm(player("that's everyone")))
    assert likeness(voice, line.seconds + 0.2, played) < ECHO_LIKENESS - 0.15
    assert likeness(echo, line.seconds + 5.0, played) == -1.0  # too late to be this line


def test_recorded_audio_is_never_checked(line: Spoken) -> None:
    ears = MicrophoneEars(PcmSource(b""), half_duplex=False)
    ears.host_spoke(line)
    assert ears.echoes is None
