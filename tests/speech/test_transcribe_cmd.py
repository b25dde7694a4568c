"""`partyhost transcribe` end to end on real WAV files, in-process and as a subprocess."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from host.cli import main
from host.core.hearing import ASK_BACK, TAKE_MOVE
from host.speech.wavio import write_wav
from tests.speech.asterisk import CHOICES, prompt
from tests.speech.conftest import ASTERISK


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict[str, object]], str]:
    """Run the command in-process; return status, JSON lines and stderr."""
    status = main(["transcribe", *args])
    out, err = capsys.readouterr()
    return status, [json.loads(line) for line in out.splitlines()], err


def test_choices_file_gives_a_choice_or_empty(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    choices = tmp_path / "choices.txt"
    choices.write_text("tomorrow\nyesterday\n\nhello\n", encoding="utf-8")
    wavs = [f"{ASTERISK}/digits/tomorrow.wav", f"{ASTERISK}/hello.wav",
            f"{ASTERISK}/extension.wav"]
    status, lines, _ = run(capsys, "--engine", "sphinx", "--choices", str(choices), *wavs)
    assert status == 0
    assert [line["file"] for line in lines] == wavs
    assert [line["text"] for line in lines][:2] == ["tomorrow", "hello"]
    assert lines[2]["text"] in {"", "tomorrow", "yesterday", "hello"}
    assert lines[0]["decision"] == "take" and lines[0]["p"] == 1.0  # an engine that weighs none
    assert lines[0]["likeliest"] == [{"text": "tomorrow", "p": 1.0}]
    assert all(line["engine"] == "sphinx" and isinstance(line["ms"], float) for line in lines)


def test_whisper_prints_the_decision_and_the_calibrated_p(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A clear recording of a choice is its likeliest choice, more probable than the likeliest
    choice of a word that is none of them (recordings far from any level: the ordering is
    asserted); each line's decision is the host's on its likeliest choices heard alone."""
    choices = tmp_path / "choices.txt"
    choices.write_text("\n".join(CHOICES), encoding="utf-8")
    wavs = []
    for name in ("digits/tomorrow", "digits/day-3"):  # "tomorrow", and "Wednesday"
        wav = tmp_path / f"{name.replace('/', '-')}.wav"
        write_wav(wav, prompt(name))
        wavs.append(str(wav))
    status, (said, other), _ = run(capsys, "--engine", "whisper", "--choices", str(choices),
                                   *wavs)
    assert status == 0
    assert said["text"] == said["choice"] == "tomorrow" and said["decision"] in {"take", "ask"}
    assert "tomorrow" in str(said["free"]).lower() and "wednesday" in str(other["free"]).lower()
    assert isinstance(other["p"], float) and isinstance(said["p"], float)
    assert other["p"] < said["p"]
    for line in (said, other):
        likeliest = line["likeliest"]
        assert isinstance(likeliest, list) and 1 <= len(likeliest) <= 9
        assert likeliest[0] == {"text": line["text"], "p": line["p"]}
        assert {h["text"] for h in likeliest} <= set(CHOICES)
        assert all(0.0 <= h["p"] <= 1.0 for h in likeliest)
        assert 0.0 <= line["free_p"] <= 1.0  # type: ignore[operator]
        best = max(h["p"] for h in likeliest)
        level = "take" if best >= TAKE_MOVE else "ask" if best >= ASK_BACK else "reject"
        assert line["decision"] == level


def test_without_choices_nothing_is_decided(capsys: pytest.CaptureFixture[str]) -> None:
    status, (line,), _ = run(capsys, "--engine", "sphinx", f"{ASTERISK}/digits/tomorrow.wav")
    assert status == 0 and set(line) == {"file", "text", "engine", "ms"}


def test_free_decoding_and_8khz_input(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, _ = run(capsys, "--engine", "sphinx", f"{ASTERISK}/please-try-again.wav")
    assert status == 0 and lines[0]["text"] == "please try again"


def test_hundred_files_in_one_process(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    source = Path(ASTERISK) / "digits"
    wavs = []
    for i in range(100):
        wav = tmp_path / f"{i:03}.wav"
        shutil.copy(source / f"{i % 10}.wav", wav)
        wavs.append(str(wav))
    choices = tmp_path / "digits.txt"
    names = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    choices.write_text("\n".join(names), encoding="utf-8")
    status, lines, _ = run(capsys, "--engine", "sphinx", "--choices", str(choices), *wavs)
    assert status == 0 and len(lines) == 100
    assert {line["text"] for line in lines} <= {*names, ""}


def test_bad_inputs_are_one_clear_line(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    not_wav = tmp_path / "notes.wav"
    not_wav.write_text("hello", encoding="utf-8")
    status, lines, err = run(capsys, "--engine", "sphinx", str(not_wav),
                             f"{ASTERISK}/hello.wav")
    assert status == 1 and len(lines) == 1  # the good file is still transcribed
    assert "notes.wav: not a readable PCM WAV file" in err and "Traceback" not in err
    status, _, err = run(capsys, "--choices", str(tmp_path / "missing.txt"), str(not_wav))
    assert status == 1 and "no such choices file" in err


def test_vosk_without_a_model_says_how_to_get_one(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARTYHOST_MODELS_DIR", str(tmp_path))
    monkeypatch.delenv("PARTYHOST_VOSK_MODEL", raising=False)
    status, _, err = run(capsys, "--engine", "vosk", f"{ASTERISK}/hello.wav")
    assert status == 1 and "partyhost models fetch vosk-small-en" in err


def test_console_script_runs() -> None:
    out = subprocess.run([sys.executable, "-m", "host", "transcribe", "--engine", "sphinx",
                          f"{ASTERISK}/digits/yesterday.wav"],
                         capture_output=True, text=True, check=True).stdout
    assert json.loads(out)["file"].endswith("yesterday.wav")
