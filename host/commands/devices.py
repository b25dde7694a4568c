"""`partyhost devices`: list the sound devices usable as microphone or speaker."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from host.speech.audio import AudioDevice


def register(subparsers: Any) -> None:
    """Add the `devices` sub-command."""
    parser = subparsers.add_parser(
        "devices",
        help="list sound devices (for --input-device / --output-device)",
        description="List the sound devices PortAudio sees; pass an index or a part of a name "
        "as --input-device or --output-device.",
    )
    parser.set_defaults(func=run)


def add_device_arguments(
    parser: argparse.ArgumentParser, *, microphone: bool = True, speaker: bool = True
) -> None:
    """Add --input-device / --output-device (an index or part of a name, as `devices` shows)."""
    if microphone:
        parser.add_argument(
            "--input-device", metavar="DEVICE", help="microphone: index or part of its name"
        )
    if speaker:
        parser.add_argument(
            "--output-device", metavar="DEVICE", help="speaker: index or part of its name"
        )


def format_devices(devices: list[AudioDevice]) -> str:
    """Render devices as a table, marking the default input (<) and output (>)."""
    if not devices:
        return "No sound devices found (no sound card, or no sound server running)."
    lines = [" idx  in out  rate    name"]
    for d in devices:
        mark = ("<" if d.is_default_input else " ") + (">" if d.is_default_output else " ")
        lines.append(
            f"{mark}{d.index:>3} {d.inputs:>3} {d.outputs:>3}  {d.default_rate:>6.0f}  {d.name}"
        )
    lines.append("< default input, > default output")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Print the device table; exit status 1 with one sentence if sound is unavailable."""
    from host.speech.audio import AudioUnavailable, list_devices

    try:
        devices = list_devices()
    except AudioUnavailable as error:
        print(f"partyhost devices: {error}", file=sys.stderr)
        return 1
    print(format_devices(devices))
    return 0
