"""Warming up: before the host's first line the recognizer has learnt the first moments'
vocabularies and decoded once, and the speech detector has run (the real Whisper and Silero)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from host.cli import main
from host.speech.ports import SAMPLE_RATE, Recognizer, Transcript
from host.speech.stt import make_recognizer
from host.speech.vad import SileroDetector
from host.speech.warmup import warm_up
from host.voice_setup import common_first_names


class Watched:
    """The real recognizer, with what it was asked to do written down."""

    def __init__(self, recognizer: Recognizer) -> None:
        self.recognizer = recognizer
        self.name = recognizer.name
        self.calls: list[str] = []

    def set_choices(self, choices: Sequence[str] | None) -> None:
        self.calls.append(f"choices {len(choices)}" if choices is not None else "free")
        self.recognizer.set_choices(choices)

    def transcribe(self, pcm: bytes, sample_rate: int = SAMPLE_RATE) -> Transcript:
        self.calls.append("decode")
        return self.recognizer.transcribe(pcm, sample_rate)


def test_warm_up_learns_every_vocabulary_and_decodes_the_quiet_room() -> None:
    ear = Watched(make_recognizer("whisper", lang="en"))
    names = common_first_names()
    warm_up(ear, [["yes", "no"], names], SileroDetector())
    assert ear.calls == ["choices 2", "decode", f"choices {len(names)}", "free", "decode"]


def test_serve_says_how_long_it_took_to_be_ready_before_its_first_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "in"
    empty.mkdir()
    code = main(["serve", "--listen-from", str(empty), "--state-dir", str(tmp_path / "state"),
                 "--tts", "piper"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.index("ready in") < out.index("HOST:")
