"""`partyhost serve` from the command line, on recorded audio: it answers, speaks to WAV files,
and ends with the recording."""

from __future__ import annotations

from pathlib import Path

import pytest

from host.cli import main
from host.speech.piper_tts import PiperSynthesizer
from tests.lobby.conftest import said


def test_serve_answers_what_can_we_play_from_recorded_audio(
        tmp_path: Path, piper: PiperSynthesizer, capsys: pytest.CaptureFixture[str]) -> None:
    folder = said(tmp_path / "in", piper, ["Party Host, what can we play?"])
    code = main(["serve", "--listen-from", str(folder), "--speak-to", str(tmp_path / "out"),
                 "--state-dir", str(tmp_path / "state"), "--tts", "piper"])
    out = capsys.readouterr().out
    assert code == 0
    assert "HOST: Scattergories:" in out
    assert len(list((tmp_path / "out").glob("*.wav"))) >= 6
