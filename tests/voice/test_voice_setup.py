"""Meeting the players by voice: names said, read back and confirmed, through the real ears."""

from __future__ import annotations

from pathlib import Path

import pytest

from host.core.phrasebook import Phrasebook
from host.speech.audio import WavFileInput
from host.speech.ears import MicrophoneEars
from host.speech.piper_tts import PiperSynthesizer
from host.speech.ports import Recognizer
from host.speech.sphinx_stt import SphinxRecognizer
from host.speech.tts import join_pcm
from host.speech.wavio import write_wav
from host.voice import Mouth
from host.voice_setup import Asker, collect_names, common_first_names, confirm_names


@pytest.fixture(scope="module")
def piper() -> PiperSynthesizer:
    return PiperSynthesizer(steady=True)


@pytest.fixture(scope="module")
def sphinx() -> SphinxRecognizer:
    return SphinxRecognizer()


def asker_hearing(tmp_path: Path, piper: PiperSynthesizer, sphinx: SphinxRecognizer,
                  lines: list[str], shown: list[str]) -> Asker:
    """An Asker whose microphone plays these lines, one per question."""
    folder = tmp_path / "in"
    folder.mkdir()
    for number, text in enumerate(lines, 1):
        write_wav(folder / f"{number:02d}.wav", join_pcm(piper.synthesize(text)),
                  piper.sample_rate)
    ears = MicrophoneEars(WavFileInput(folder, gap_seconds=0.6), half_duplex=False)
    return Asker(ears, sphinx, Mouth(piper, []), Phrasebook(), show=shown.append)


def test_the_commonest_first_names_come_first() -> None:
    names = common_first_names(200)
    assert {"James", "Mary", "Robert", "Michael"} <= set(names)
    assert len(names) == 200


def test_players_say_their_names_and_confirm_them(tmp_path: Path, piper: PiperSynthesizer,
                                                   sphinx: SphinxRecognizer) -> None:
    shown: list[str] = []
    asker = asker_hearing(tmp_path, piper, sphinx,
                          ["Robert", "yes", "Michael", "yes", "that's everyone"], shown)
    assert collect_names(asker, common_first_names()) == ["Robert", "Michael"]
    assert any("I heard Robert" in line for line in shown)
    assert asker.ahead.used > 0  # recognised while the ears made sure the speaker had finished


def test_players_confirm_the_names_given(tmp_path: Path, piper: PiperSynthesizer,
                                         sphinx: SphinxRecognizer) -> None:
    shown: list[str] = []
    asker = asker_hearing(tmp_path, piper, sphinx, ["yes", "yes"], shown)
    assert confirm_names(asker, ["Ann", "Bob"], common_first_names()) == ["Ann", "Bob"]
    assert any("are you Bob" in line for line in shown)


def test_french_players_meet_the_host_in_french(tmp_path: Path, whisper_fr: Recognizer) -> None:
    """A French table: the host asks in French and hears "oui" and "c'est tout le monde"."""
    from host.speech.espeak_tts import EspeakSynthesizer

    voice = EspeakSynthesizer("fr-be+m2")  # its "c'est tout le monde" and "Paul" are heard clearly
    folder = tmp_path / "in"
    folder.mkdir()
    for number, text in enumerate(["Paul", "oui", "Marie", "oui", "c'est tout le monde"], 1):
        write_wav(folder / f"{number:02d}.wav", join_pcm(voice.synthesize(text)),
                  voice.sample_rate)
    ears = MicrophoneEars(WavFileInput(folder, gap_seconds=0.6), half_duplex=False)
    shown: list[str] = []
    asker = Asker(ears, whisper_fr, Mouth(voice, []),
                  Phrasebook("fr"), show=shown.append)
    assert collect_names(asker, common_first_names()) == ["Paul", "Marie"]
    assert any("J'ai entendu Paul" in line for line in shown)
