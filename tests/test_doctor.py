"""`partyhost doctor`: what this machine will use to play by voice, and the one thing to fix."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from host import cli
from host.speech import audio
from host.speech.audio import AudioDevice

MIC = AudioDevice(0, "USB Mic", inputs=1, outputs=0, default_rate=48_000, is_default_input=True)
SPEAKER = AudioDevice(3, "HDMI out", inputs=0, outputs=2, default_rate=44_100,
                      is_default_output=True)


class OpenedMicrophone:
    """A microphone that opens (PortAudio is never asked)."""

    def __init__(self, device: str | None = None) -> None:
        self.device = device

    def close(self) -> None:
        """Nothing to close."""


def doctor(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    """Run `partyhost doctor` in this process: its exit code and its lines."""
    code = cli.main(["doctor", *args])
    return code, capsys.readouterr().out.splitlines()


@pytest.fixture
def sound(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine with a microphone and a speaker."""
    monkeypatch.setattr(audio, "list_devices", lambda: [MIC, SPEAKER])
    monkeypatch.setattr(audio, "SoundDeviceInput", OpenedMicrophone)


def test_no_sound_card_exits_1_saying_so_in_one_line_with_the_fix(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(audio, "list_devices", list)
    code, lines = doctor(capsys)
    assert code == 1
    verdict = lines[-1]
    assert verdict.startswith("No game by voice here (microphone: none: this machine has no "
                              "sound card")
    assert "Fix this first: plug in a microphone" in verdict
    assert sum("Fix this first" in line for line in lines) == 1
    assert lines[1].startswith("speaker: none")


def test_a_machine_with_sound_and_the_speech_extra_can_play(
        sound: None, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = doctor(capsys)
    assert code == 0, lines
    said = dict(line.split(": ", 1) for line in lines[:-1])
    assert said["microphone"] == "USB Mic (device 0)"
    assert said["speaker"] == "HDMI out (device 3)"
    assert said["recognizer"].startswith("Whisper tiny.en in ") and " MB for the host" in said[
        "recognizer"]
    assert said["voice"].startswith("Piper")
    assert said["companion page"].startswith("http://")
    assert " GB free where models go" in said["disk"]
    assert " GB available of " in said["memory"]
    assert "MB more" in said["bigger model whisper-base"]
    assert "partyhost models fetch whisper-small" in said["bigger model whisper-small"] or \
        said["bigger model whisper-small"].startswith("installed")
    assert lines[-1].startswith("A game by voice can run here")


def test_a_chosen_model_that_is_missing_is_the_fix(
        sound: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("PARTYHOST_WHISPER_MODEL", str(tmp_path / "nothing"))
    code, lines = doctor(capsys)
    assert code == 1
    assert "recognizer: no Whisper model" in lines
    assert lines[-1].startswith("No game by voice here (recognizer: no Whisper model). Fix "
                                "this first: $PARTYHOST_WHISPER_MODEL")
    assert "partyhost models fetch whisper-base" in lines[-1]


def test_a_microphone_that_will_not_open_names_the_option(
        sound: None, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = doctor(capsys, "--input-device", "webcam")
    assert code == 1
    assert lines[0] == "microphone: none usable: no sound input device matches 'webcam'; " \
        "run `partyhost devices` to list them"
    assert "--input-device" in lines[-1]


def test_without_the_speech_extra_the_fix_is_to_install_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    find_spec = importlib.util.find_spec
    speech = {"sounddevice", "faster_whisper", "piper"}
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *rest: None if name in speech else find_spec(name, *rest))
    code, lines = doctor(capsys)
    assert code == 1
    assert lines[:3] == ["microphone: unknown: speech support is not installed",
                         "speaker: unknown: speech support is not installed",
                         "recognizer: none: speech support is not installed"]
    assert lines[-1].endswith("Fix this first: pip install 'partyhost[speech]'.")
