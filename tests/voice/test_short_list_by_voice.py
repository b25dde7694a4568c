"""Short List by voice through the real Whisper: a right answer played, a guess off the card
judged on what was freely heard, and a short spoken game with bots."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from host.clock import FakeClock
from host.core.session import Line, Session
from host.demo import run_demo
from host.games.short_list.kind import SHORT_LIST
from host.games.short_list.setup import ShortListOptions, build_session
from host.speech.espeak_tts import EspeakSynthesizer
from host.speech.piper_tts import PiperSynthesizer
from host.speech.ports import Synthesizer
from host.speech.stt import make_recognizer
from host.speech.tts import join_pcm
from host.speech.wavio import resample_pcm
from host.speech.whisper_stt import WhisperRecognizer
from tests.games.short_list.decks import GERMANY


@pytest.fixture(scope="module")
def whisper() -> WhisperRecognizer:
    recognizer = make_recognizer("whisper")
    assert isinstance(recognizer, WhisperRecognizer)
    return recognizer


@pytest.fixture
def session(tmp_path: Path) -> Session:
    deck = tmp_path / "germany.toml"
    deck.write_text(GERMANY)
    options = ShortListOptions(players=["Ann", "Bob", "Cat"], decks=[str(deck)],
                               shipped_decks=False)
    session = build_session(options, FakeClock(), None)
    session.start()
    return session


def spoken(voice: Synthesizer, text: str) -> bytes:
    """What the voice says, as the microphone's 16 kHz PCM."""
    return resample_pcm(join_pcm(voice.synthesize(text)), voice.sample_rate)


def heard(session: Session, whisper: WhisperRecognizer, pcm: bytes) -> list[Line]:
    """The host's reply to one utterance, as the voice loop hears it."""
    whisper.set_choices(session.expected_phrases())
    transcript = whisper.transcribe(pcm)
    return session.hear_speech(transcript)


@pytest.mark.parametrize("voice", [PiperSynthesizer(steady=True), EspeakSynthesizer("en-gb")],
                         ids=lambda voice: voice.name)
def test_a_right_answer_is_played_and_a_guess_off_the_card_is_judged(
        session: Session, whisper: WhisperRecognizer, voice: Synthesizer) -> None:
    first = heard(session, whisper, spoken(voice, "Switzerland"))
    assert first[0].kind == "answer_right"
    second = heard(session, whisper, spoken(voice, "Argentina"))
    if [line.kind for line in second] == ["unclear"]:  # asked again: said again
        second = heard(session, whisper, spoken(voice, "Argentina"))
    kinds = [line.kind for line in second]
    if kinds == ["did_you_say"]:  # half heard: asked back, then confirmed
        kinds = [line.kind for line in session.hear_words("yes")]
    assert kinds[0] == "answer_wrong"
    assert "Argentina" in second[0].text


def test_a_spoken_game_with_the_host_as_quizmaster_completes() -> None:
    voices: list[Synthesizer] = [PiperSynthesizer(steady=True), EspeakSynthesizer("en-gb"),
                                 EspeakSynthesizer("en-us+f3")]
    args = argparse.Namespace(seed=2, host_quizmaster=True, rounds=1)
    report = run_demo(SHORT_LIST, SHORT_LIST.demo_options(["Ann", "Bob", "Cat"], args), seed=2,
                      recognizer=make_recognizer("whisper"), voices=voices)
    summary = report.as_json()
    assert summary["completed"] is True
    assert summary["understood"] > 0
    assert 0 <= summary["right_judged_wrong"] <= summary["right_answers"]
    assert 0 <= summary["wrong_judged_right"] <= summary["utterances"] - summary["right_answers"]


def test_the_voice_loop_hosts_short_list_from_the_microphone(tmp_path: Path) -> None:
    """Recorded guesses through the real ears (Silero VAD, endpointing) and Whisper: a right
    answer, one off the card, a jump, a question, quit."""
    from host.speech.audio import WavFileInput, WavFolderOutput
    from host.speech.ears import MicrophoneEars, StreamClock
    from host.speech.wavio import write_wav
    from host.voice import Mouth, VoiceLoop

    piper = PiperSynthesizer(steady=True)
    said = tmp_path / "in"
    said.mkdir()
    # Piper's jump is heard at p 0.999 and played. A "yes" after it, there in case it were
    # asked back, was heard alone as "pass" at p 0.17, on the edge of asking that back.
    lines = ["Switzerland", "Argentina", "It's my turn, Bob: Poland", "how many left", "quit",
             "yes"]
    for number, text in enumerate(lines, 1):
        write_wav(said / f"{number:02d}.wav", join_pcm(piper.synthesize(text)),
                  piper.sample_rate)
    ears = MicrophoneEars(WavFileInput(said, gap_seconds=0.6), half_duplex=False)
    deck = tmp_path / "germany.toml"
    deck.write_text(GERMANY)
    options = ShortListOptions(players=["Ann", "Bob", "Cat", "Dan"], decks=[str(deck)],
                               shipped_decks=False)
    session = build_session(options, FakeClock(), tmp_path / "save.json")
    session.clock = StreamClock(ears)
    shown: list[str] = []
    loop = VoiceLoop(session, ears, make_recognizer("whisper"),
                     Mouth(piper, [WavFolderOutput(tmp_path / "out")]), show=shown.append)
    assert loop.run() == 0
    game = session.game
    assert game.given == ["Switzerland", "Poland"]
    assert game.its_my_turn[1] == 0 and game.its_my_turn[3] == 2  # Bob jumped over Dan
    assert 2 in game.out  # Cat's Argentina is not on the card
    assert session.finished
