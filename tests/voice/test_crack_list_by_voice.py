"""A call said after a player's name is that player's, though Whisper writes the name as
another word ("Ann crack on" as "and crack one."). Real Whisper, the real Piper voice."""

from __future__ import annotations

import pytest

from host.clock import FakeClock
from host.speech.piper_tts import PiperSynthesizer
from host.speech.ports import SAMPLE_RATE
from host.speech.stt import make_recognizer
from host.speech.tts import join_pcm
from host.speech.wavio import resample_pcm
from host.speech.whisper_stt import WhisperRecognizer
from tests.games.crack_list.sessions import calls_open


@pytest.fixture(scope="module")
def recognizer() -> WhisperRecognizer:
    """The embedded English ear."""
    ear = make_recognizer("whisper", lang="en")
    assert isinstance(ear, WhisperRecognizer)
    return ear


def test_ann_crack_on_is_anns_call(recognizer: WhisperRecognizer) -> None:
    session, moves = calls_open(FakeClock())
    voice = PiperSynthesizer(steady=True)
    speech = resample_pcm(join_pcm(voice.synthesize("Ann crack on")), voice.sample_rate)
    silence = bytes(SAMPLE_RATE)  # half a second each side, as the endpointer keeps
    recognizer.set_choices(session.expected_phrases())
    heard = recognizer.transcribe(silence + speech + silence)
    lines = session.hear_speech(heard)
    if session.asking:
        assert [line.text for line in lines] == ["Ann crack on?"]
        lines = session.hear_words("yes")
    assert "Five" in " ".join(line.text for line in lines)
    assert [getattr(move, "player", None) for move in moves] == ["Ann"]
