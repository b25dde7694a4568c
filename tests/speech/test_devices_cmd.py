"""`partyhost devices`: the device table, and a clear sentence when there is no sound."""

from __future__ import annotations

import argparse

import pytest

from host import cli
from host.commands import devices
from host.speech.audio import AudioDevice, AudioUnavailable, list_devices, resolve_device

MIC = AudioDevice(0, "USB Mic", inputs=1, outputs=0, default_rate=48_000, is_default_input=True)
SPEAKER = AudioDevice(
    3, "HDMI out", inputs=0, outputs=2, default_rate=44_100, is_default_output=True
)


def test_devices_is_registered_in_the_cli() -> None:
    assert "host.commands.devices" in cli.COMMAND_MODULES


def test_format_marks_defaults() -> None:
    table = devices.format_devices([MIC, SPEAKER]).splitlines()
    assert table[1] == "<   0   1   0   48000  USB Mic"
    assert table[2] == " >  3   0   2   44100  HDMI out"


def test_format_without_devices_is_one_sentence() -> None:
    assert devices.format_devices([]).count(".") == 1


def test_run_lists_what_portaudio_sees(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="partyhost")
    devices.register(parser.add_subparsers())
    args = parser.parse_args(["devices"])
    assert args.func(args) == 0
    assert capsys.readouterr().out == devices.format_devices(list_devices()) + "\n"


def test_unknown_device_name_is_one_sentence() -> None:
    with pytest.raises(AudioUnavailable, match=r"^No sound input device (is|matches)[^\n]*\.$"):
        resolve_device("no-such-microphone", "input")


def test_device_arguments_for_other_commands() -> None:
    parser = argparse.ArgumentParser()
    devices.add_device_arguments(parser)
    args = parser.parse_args(["--input-device", "USB", "--output-device", "3"])
    assert (args.input_device, args.output_device) == ("USB", "3")
    speaker_only = argparse.ArgumentParser()
    devices.add_device_arguments(speaker_only, microphone=False)
    assert vars(speaker_only.parse_args([])) == {"output_device": None}
