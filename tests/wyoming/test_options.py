"""--wyoming-satellite and --wyoming-server: off by default (nothing imported, no port), one or
the other, a server that says where it waits, and a microphone reopened once its satellite is
back (as the lobby reopens a sound card)."""

from __future__ import annotations

import argparse
import queue
import re
import subprocess
import sys
import threading

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
    assert args.wyoming_satellite is None and args.wyoming_server is None
    assert wyoming_from_args(args) is None
    code = ("import sys; from host.cli import build_parser; "
            "build_parser().parse_args(['play', 'crack-list']); "
            "from host.speech.wyoming.options import wyoming_from_args; "
            "import argparse; wyoming_from_args(argparse.Namespace()); "
            "print('wyoming' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True)
    assert run.stdout.strip() == "False"


def test_one_or_the_other() -> None:
    with pytest.raises(SystemExit):
        parse("--wyoming-satellite", "tcp://a:1", "--wyoming-server", "tcp://:2")


def test_a_server_says_where_it_waits_and_returns_once_a_satellite_is_there() -> None:
    shown: queue.Queue[str] = queue.Queue()
    found: list[tuple[WyomingInput, WyomingOutput] | None] = []
    args = parse("--wyoming-server", "tcp://:0")
    waiting = threading.Thread(target=lambda: found.append(wyoming_from_args(args,
                                                                              show=shown.put)))
    waiting.start()
    where = re.search(r"tcp://127\.0\.0\.1:(\d+)", shown.get(timeout=TIMEOUT))
    assert where is not None and not found
    satellite = TableSatellite()
    satellite.connect(int(where.group(1)))
    waiting.join(TIMEOUT)
    assert found and found[0] is not None
    mic, speaker = found[0]
    assert shown.get(timeout=TIMEOUT) == "The Wyoming satellite is connected."
    satellite.hang_up()
    with pytest.raises(AudioUnavailable):
        while mic.read(320) is not None:  # until the host notices
            pass
    with pytest.raises(AudioUnavailable):
        mic.reopen(timeout=0.0)
    back = sound_back(mic)
    assert back is not None and sound_back(object()) is None
    satellite.connect(int(where.group(1)))
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
