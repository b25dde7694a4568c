"""Fixtures of the lobby tests: the real Piper voice says the players' lines into WAV files, and
a lobby hears them through the real ears (Silero VAD) and the real Whisper recognizer."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from host.core.session import Session
from host.lobby.audio import Voices
from host.lobby.lobby import Lobby
from host.lobby.state import LobbyState
from host.speech.audio import WavFileInput
from host.speech.cache import CachedSynthesizer
from host.speech.ears import MicrophoneEars
from host.speech.piper_tts import PiperSynthesizer
from host.speech.ports import Recognizer
from host.speech.stt import make_recognizer
from host.speech.tts import join_pcm
from host.speech.wavio import write_wav
from host.voice import Mouth
from tests.commandline import RULES_DECK

SILENCE = "<silence>"
"""A line of the script that is 15 seconds of nobody saying anything."""
CRACK_LIST_TESTING = ["--deck", RULES_DECK, "--only-my-decks"]
"""The play options of a Crack List table that deals only the rule-test deck."""


@pytest.fixture(scope="session")
def piper() -> PiperSynthesizer:
    return PiperSynthesizer(steady=True)


@pytest.fixture(scope="session")
def whisper() -> Recognizer:
    return make_recognizer("whisper")


def said(folder: Path, piper: PiperSynthesizer, lines: Sequence[str]) -> Path:
    """A folder of WAV files, one per line as Piper says it (SILENCE: 15 s of silence)."""
    folder.mkdir()
    for number, text in enumerate(lines, 1):
        pcm = bytes(2 * 16_000 * 15) if text == SILENCE else join_pcm(piper.synthesize(text))
        write_wav(folder / f"{number:02d}.wav", pcm,
                  16_000 if text == SILENCE else piper.sample_rate)
    return folder


class WatchedLobby(Lobby):
    """A lobby, and every game it started kept for the test to look at (the lobby itself
    keeps none once it is over)."""

    def __init__(self, *args: Any, **options: Any) -> None:
        self.sessions: list[Session] = []
        super().__init__(*args, on_game=self.sessions.append, **options)


LobbyMaker = Callable[..., tuple[WatchedLobby, list[str]]]


@pytest.fixture
def lobby_hearing(tmp_path: Path, piper: PiperSynthesizer, whisper: Recognizer) -> LobbyMaker:
    """A lobby whose microphone plays these lines (and silences) in turn; it returns the
    lobby and the list of what it shows (the host's lines and what it heard)."""

    def make(lines: Sequence[str], **options: object) -> tuple[WatchedLobby, list[str]]:
        folder = said(tmp_path / "in", piper, lines)
        ears = MicrophoneEars(WavFileInput(folder, gap_seconds=0.6), half_duplex=False)
        voices = Voices(None, [])  # type: ignore[arg-type]
        voices.recognizers["en"] = whisper
        voices.mouths["en"] = Mouth(CachedSynthesizer(piper), [])
        shown: list[str] = []
        state = LobbyState(tmp_path / "state")
        return WatchedLobby(ears, voices, state, show=shown.append, **options), shown

    return make


def host_lines(shown: Sequence[str]) -> list[str]:
    """What the host said, in order."""
    return [line.removeprefix("HOST: ") for line in shown if line.startswith("HOST: ")]
