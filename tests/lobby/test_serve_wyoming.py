"""`partyhost serve --wyoming-satellite`: the lobby's audio is the satellite's microphone and
speaker, its ears run on the satellite's audio time, and a lost satellite is waited for."""

from __future__ import annotations

from pathlib import Path

from host.cli import build_parser
from host.commands.serve import _ears
from host.speech.audio import WavFolderOutput
from host.speech.wyoming.audio import WyomingInput, WyomingOutput
from host.voice import open_audio
from tests.wyoming.satellite import TableSatellite


def test_serve_takes_a_satellite_as_the_tables_audio(tmp_path: Path) -> None:
    satellite = TableSatellite()
    port = satellite.listen()
    args = build_parser().parse_args(["serve", "--wyoming-satellite", f"tcp://127.0.0.1:{port}",
                                      "--speak-to", str(tmp_path)])
    mic, outputs = open_audio(args)
    try:
        assert isinstance(mic, WyomingInput)
        assert [type(out) for out in outputs] == [WavFolderOutput, WyomingOutput]  # no sound card
        assert satellite.wait_for(lambda: satellite.runs == 1)
        ears, reopen = _ears(args, mic)
        assert ears.clock == mic.clock and reopen is not None
        assert reopen() is mic  # the satellite is there: its microphone at once
    finally:
        mic.close()
        for out in outputs:
            out.close()
        satellite.stop()
