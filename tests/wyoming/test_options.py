"""--wyoming-satellite: off by default (nothing imported, no port), and a microphone reopened
once its satellite is back (as the lobby reopens a sound card)."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from host.speech.audio import AudioUnavailable
from host.speech.wyoming.audio import WyomingInput, WyomingOutput
from host.speech.wyoming.options import add_wyoming_arguments, sound_back, wyoming_from_args
from tests.wyoming.satellite import TIMEOUT, TableSatellite


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_wyoming_arguments(parser.add_argument_group("voice"))
    return parser.parse_args(argv)


def test_without_the_options_there_is_no_satellite_and_no_wyoming_import() -> None:
    args = parse()
    assert args.wyoming_satellite is None
    assert wyoming_from_args(args) is None
    code = ("import sys; from host.cli import build_parser; "
            "build_parser().parse_args(['play', 'crack-list']); "
            "from host.speech.wyoming.options import wyoming_from_args; "
            "import argparse; wyoming_from_args(argparse.Namespace()); "
            "print('wyoming' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True)
    assert run.stdout.strip() == "False"


def test_a_microphone_is_reopened_once_its_satellite_is_back() -> None:
    satellite = TableSatellite()
    port = satellite.listen()
    found = wyoming_from_args(parse("--wyoming-satellite", f"tcp://127.0.0.1:{port}"))
    assert found is not None
    mic, speaker = found
    assert isinstance(mic, WyomingInput) and isinstance(speaker, WyomingOutput)
    assert mic.wait_back(TIMEOUT)
    satellite.hang_up()
    with pytest.raises(AudioUnavailable):
        while mic.read(320) is not None:  # until the host notices
            pass
    with pytest.raises(AudioUnavailable):
        mic.reopen(timeout=0.0)
    back = sound_back(mic)
    assert back is not None and sound_back(object()) is None
    satellite.listen(port)  # Party Host calls it again
    assert back()
    assert mic.reopen(timeout=TIMEOUT) is mic
    mic.close()
    speaker.close()
    satellite.stop()


def test_a_satellite_that_cannot_be_reached_is_audio_unavailable() -> None:
    nobody = TableSatellite()
    port = nobody.listen()
    nobody.stop()
    with pytest.raises(AudioUnavailable, match=f"tcp://127.0.0.1:{port}"):
        wyoming_from_args(parse("--wyoming-satellite", f"tcp://127.0.0.1:{port}"))
