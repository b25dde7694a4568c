"""`partyhost say`: real synthesis into WAV files, clear one-line errors."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

import pytest

from host import cli
from host.commands import say
from host.speech.wavio import read_wav

PickWord = Callable[[bytes, int, list[str]], str]
"""The sphinx_pick fixture (tests/speech/conftest.py)."""


def run_say(*argv: str) -> int:
    """Parse and run `partyhost say ARGV` with only this command registered."""
    parser = argparse.ArgumentParser(prog="partyhost")
    say.register(parser.add_subparsers())
    args = parser.parse_args(["say", *argv])
    return int(args.func(args))


def test_say_is_registered_in_the_cli() -> None:
    assert "host.commands.say" in cli.COMMAND_MODULES


def test_say_writes_a_wav_with_the_default_piper_voice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], sphinx_pick: PickWord
) -> None:
    out = tmp_path / "seven.wav"
    assert run_say("Seven.", "-o", str(out)) == 0
    pcm, rate = read_wav(out, rate=None)
    assert rate == 22_050
    assert sphinx_pick(pcm, rate, ["three", "seven", "ten"]) == "seven"
    assert "piper:en_US-joe-medium" in capsys.readouterr().out


def test_say_with_espeak_voice_and_rate(tmp_path: Path, sphinx_pick: PickWord) -> None:
    out = tmp_path / "sub" / "three.wav"
    code = run_say(
        "three", "-o", str(out), "--engine", "espeak", "--voice", "en-gb", "--rate", "16000"
    )
    assert code == 0
    pcm, rate = read_wav(out, rate=None)
    assert rate == 16_000
    assert sphinx_pick(pcm, rate, ["three", "seven", "ten"]) == "three"


def test_unknown_voice_is_one_line_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_say("hi", "-o", str(tmp_path / "x.wav"), "--engine", "espeak", "--voice", "zzz") == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("partyhost say: espeak-ng failed with voice 'zzz'")
    assert not (tmp_path / "x.wav").exists()


def test_missing_piper_voice_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    voice = str(tmp_path / "none.onnx")
    assert run_say("hi", "-o", str(tmp_path / "x.wav"), "--voice", voice) == 1
    assert "does not exist" in capsys.readouterr().err


def test_playing_without_that_device_is_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_say("hi", "--output-device", "no-such-speaker-here") == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("partyhost say: No sound output device")
