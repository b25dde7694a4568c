"""The voice loop for real: Piper speaks the players' lines into WAV files, the host's real ears
(Silero VAD, endpointing, the default Whisper ear with the vocabulary of the moment) hear them,
the game follows, and the host's own voice goes to WAV files. The microphone and the speaker
are the only fakes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from host.clock import FakeClock
from host.core.session import Session
from host.core.talk import clean
from host.games.crack_list.rules import State
from host.games.crack_list.setup import TableOptions, build_session
from host.speech.audio import AudioUnavailable, WavFileInput, WavFolderOutput
from host.speech.ears import MicrophoneEars, StreamClock
from host.speech.models import find_whisper_model
from host.speech.piper_tts import PiperSynthesizer
from host.speech.ports import SAMPLE_RATE, Hypothesis, Recognizer, Transcript
from host.speech.stt import make_recognizer
from host.speech.tts import join_pcm
from host.speech.wavio import write_wav
from host.speech.whisper_stt import WhisperRecognizer
from host.voice import Mouth, VoiceLoop
from tests.transcripts import HALF, SURE

RULES_DECK = str(Path(__file__).parent.parent / "data" / "decks" / "crack-list-rules.toml")


@pytest.fixture(scope="module")
def piper() -> PiperSynthesizer:
    return PiperSynthesizer(steady=True)


@pytest.fixture(scope="module")
def ear() -> Recognizer:
    """The default recognizer, as `partyhost play` builds it."""
    return make_recognizer("auto")


def speak_files(folder: Path, piper: PiperSynthesizer, lines: list[str]) -> Path:
    """Write each line as a numbered WAV, as a player would say it."""
    folder.mkdir()
    for number, text in enumerate(lines, 1):
        write_wav(folder / f"{number:02d}.wav", join_pcm(piper.synthesize(text)), piper.sample_rate)
    return folder


def voice_session(tmp_path: Path, ears: MicrophoneEars) -> Session:
    options = TableOptions(
        players=["Ann", "Bob", "Cat"], seed=2, decks=[RULES_DECK], shipped_decks=False
    )
    session = build_session(options, FakeClock(), tmp_path / "save.json")
    session.clock = StreamClock(ears)
    return session


def test_a_spoken_choice_question_and_quit_run_the_game(
    tmp_path: Path, piper: PiperSynthesizer, ear: Recognizer
) -> None:
    said = speak_files(tmp_path / "in", piper, ["number two", "what's the category", "quit", "yes"])
    ears = MicrophoneEars(WavFileInput(said, gap_seconds=0.6), half_duplex=False)
    session = voice_session(tmp_path, ears)
    shown: list[str] = []
    out = WavFolderOutput(tmp_path / "out")
    loop = VoiceLoop(session, ears, ear, Mouth(piper, [out]), show=shown.append)
    assert loop.run() == 0
    assert session.game.category is not None
    assert session.game.category.title == "Planets of the solar system"
    assert any("We're on" in s or "The category is" in s for s in shown)
    assert session.finished and session.game.state is State.TURN
    assert len(list((tmp_path / "out").glob("*.wav"))) >= 5


def test_the_turn_timer_runs_on_audio_time(
    tmp_path: Path, piper: PiperSynthesizer, ear: Recognizer
) -> None:
    said = speak_files(tmp_path / "in", piper, ["number one"])
    silence = tmp_path / "in" / "02.wav"
    write_wav(silence, b"\0\0" * 16_000 * 25, 16_000)  # 25 s of nobody answering
    ears = MicrophoneEars(WavFileInput(said, gap_seconds=0.3), half_duplex=False)
    session = voice_session(tmp_path, ears)
    shown: list[str] = []
    VoiceLoop(session, ears, ear, Mouth(piper, []), show=shown.append).run()
    assert any("Time's up" in s or "Too slow" in s for s in shown)


class UnpluggedMicrophone:
    """A microphone that disappears mid-game (the one fake: there is no sound card here)."""

    sample_rate = 16_000

    def read(self, frames: int) -> bytes | None:
        raise AudioUnavailable("The microphone was disconnected.")

    def close(self) -> None:
        """Nothing to release."""


def test_a_lost_microphone_pauses_and_saves_instead_of_crashing(
    tmp_path: Path, piper: PiperSynthesizer, ear: Recognizer
) -> None:
    ears = MicrophoneEars(UnpluggedMicrophone())
    session = voice_session(tmp_path, ears)
    shown: list[str] = []
    assert VoiceLoop(session, ears, ear, Mouth(piper, []), show=shown.append).run() == 3
    assert any("paused and saved" in s for s in shown)
    assert (tmp_path / "save.json").exists()


class GoesAwayOnce:
    """A microphone that goes away once its first recording is played, and comes back with
    the second (a satellite unplugged and plugged back in)."""

    sample_rate = 16_000

    def __init__(self, first: WavFileInput, then: WavFileInput) -> None:
        self.first: WavFileInput | None = first
        self.then = then

    def read(self, frames: int) -> bytes | None:
        if self.first is not None:
            chunk = self.first.read(frames)
            if chunk is not None:
                return chunk
            self.first = None
            raise AudioUnavailable("The satellite went away.")
        return self.then.read(frames)

    def close(self) -> None:
        """Nothing to release."""


def test_when_lost_sound_comes_back_the_host_says_where_the_game_is(
    tmp_path: Path, piper: PiperSynthesizer, ear: Recognizer
) -> None:
    """Issue 45: "And we're back!" said nothing of the round, the category and whose turn
    it is; the game now picks up as one resumed from its save does."""
    first = speak_files(tmp_path / "in", piper, ["number two"])
    later = speak_files(tmp_path / "later", piper, ["what's the category"])
    ears = MicrophoneEars(GoesAwayOnce(WavFileInput(first, gap_seconds=0.6),
                                       WavFileInput(later, gap_seconds=0.6)), half_duplex=False)
    session = voice_session(tmp_path, ears)
    shown: list[str] = []
    loop = VoiceLoop(session, ears, ear, Mouth(piper, []), show=shown.append,
                     comes_back=lambda: True)
    assert loop.run() == 0
    lost = next(i for i, line in enumerate(shown) if "The satellite went away." in line)
    back = [line.removeprefix("HOST: ") for line in shown[lost + 1:]
            if line.startswith("HOST: ")]
    assert back[0] == "Welcome back! We're in round 1.", shown
    assert "Planets" in " ".join(back[1:3]) and "Bob" in " ".join(back[1:4]), shown
    assert "And we're back!" not in back


class Doubtful:
    """Whisper sure of its likeliest choice only when decoding freely heard exactly its words,
    and unsure of any other (whatever the calibration of the day)."""

    def __init__(self, recognizer: Recognizer) -> None:
        self.recognizer = recognizer
        self.name = recognizer.name

    def set_choices(self, choices: Sequence[str] | None) -> None:
        self.recognizer.set_choices(choices)

    def transcribe(self, pcm: bytes, sample_rate: int = SAMPLE_RATE) -> Transcript:
        heard = self.recognizer.transcribe(pcm, sample_rate)
        if not heard.text:
            return heard
        p = SURE if clean(heard.free) == clean(heard.text) else HALF
        return replace(heard, likeliest=(Hypothesis(heard.text, p),))


def test_an_unsure_guess_is_asked_back_and_a_spoken_yes_plays_it(
    tmp_path: Path, piper: PiperSynthesizer
) -> None:
    doubtful = Doubtful(WhisperRecognizer(find_whisper_model()))
    said = speak_files(tmp_path / "in", piper, ["the second one, please", "yes", "quit", "yes"])
    ears = MicrophoneEars(WavFileInput(said, gap_seconds=0.6), half_duplex=False)
    session = voice_session(tmp_path, ears)
    shown: list[str] = []
    VoiceLoop(session, ears, doubtful, Mouth(piper, []), show=shown.append).run()
    assert "HOST: The second one?" in shown
    assert session.game.category is not None
    assert session.game.category.title == "Planets of the solar system"
