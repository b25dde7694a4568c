"""A bluff said out loud is heard: the recognizer is offered only the dictionary's words for
each placement, so the host takes the word decoding freely heard, asks it back, and applies
the rule (the card goes back, a draw, a pass). Real Whisper, the real Piper voice, the real
English dictionary."""

from __future__ import annotations

import pytest

from host.clock import FakeClock
from host.games.crack_word.cards import Card
from host.games.crack_word.flow import State
from host.games.crack_word.setup import CrackWordOptions, build_session
from host.speech.piper_tts import PiperSynthesizer
from host.speech.ports import SAMPLE_RATE
from host.speech.stt import make_recognizer
from host.speech.tts import join_pcm
from host.speech.wavio import resample_pcm
from host.speech.whisper_stt import WhisperRecognizer
from tests.games.crack_word.tables import row


@pytest.fixture(scope="module")
def piper_synth() -> PiperSynthesizer:
    """The packaged Piper voice."""
    return PiperSynthesizer(steady=True)


@pytest.fixture(scope="module")
def recognizer() -> WhisperRecognizer:
    """The embedded English ear."""
    ear = make_recognizer("whisper", lang="en")
    assert isinstance(ear, WhisperRecognizer)
    return ear


def test_a_word_that_does_not_justify_the_row_is_asked_back_not_played(
        recognizer: WhisperRecognizer, piper_synth: PiperSynthesizer) -> None:
    """A placement whose word no choice holds: the host asks back the placement it heard (the
    free transcript's word, or the likeliest word offered: the free transcript of a long
    phrase weighs little in the calibration's corpus of short words) and plays nothing."""
    session = build_session(CrackWordOptions(players=["Ann", "Bob", "Cat"], lang="en", seed=3,
                                             first="Ann"), FakeClock(), None)
    session.start()
    game = session.game
    assert game.state == State.PLAYING and game.expected_player() == "Ann"
    game.hands[0] = [Card(face, game.colours[0], 900 + i) for i, face in enumerate("RSTEMO")]
    for number, letters in enumerate(["AT", "ON", "ES", "IR"]):
        game.rows[number] = row(letters)
    pile = game.held.in_pile(0)
    said = "S on the right of row one, word carrot"
    assert said not in (session.expected_phrases() or [])  # CARROT does not hold ATS
    speech = resample_pcm(join_pcm(piper_synth.synthesize(said)), piper_synth.sample_rate)
    silence = bytes(SAMPLE_RATE)  # half a second each side, as the endpointer keeps
    recognizer.set_choices(session.expected_phrases())
    asked = session.hear_speech(recognizer.transcribe(silence + speech + silence))
    assert [line.kind for line in asked] == ["did_you_say"]
    assert asked[0].text.startswith("S on the right of row one, word ")
    session.hear_words("no")
    assert [card.face for card in game.hands[0]].count("S") == 1
    assert game.held.in_pile(0) == pile and game.expected_player() == "Ann"
