"""The command-line options that make a Wyoming satellite the table's audio (play and serve)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from host.speech.audio import AudioUnavailable

if TYPE_CHECKING:
    from host.speech.wyoming.audio import WyomingInput, WyomingOutput

DEFAULT_PORT = 10700
"""The port Wyoming satellites use by convention."""


def add_wyoming_arguments(group: Any) -> None:
    """Add --wyoming-satellite to a parser's group."""
    group.add_argument(
        "--wyoming-satellite", metavar="tcp://HOST:PORT",
        help="use a Wyoming voice satellite's microphone and loudspeaker (Home Assistant's "
        f"satellites, wyoming-satellite): Party Host connects to it as Home Assistant does, "
        f"e.g. tcp://kitchen:{DEFAULT_PORT}; it is called again if it drops out")


def wyoming_uri(args: argparse.Namespace) -> str | None:
    """The satellite's address from the command line, None without the option."""
    return getattr(args, "wyoming_satellite", None)


def wyoming_from_args(args: argparse.Namespace) -> tuple[WyomingInput, WyomingOutput] | None:
    """The satellite's microphone and loudspeaker from the option (None without it);
    AudioUnavailable when it cannot be reached."""
    uri = wyoming_uri(args)
    if not uri:
        return None
    try:
        from host.speech.wyoming.audio import wyoming_audio
    except ImportError as error:
        raise AudioUnavailable("Wyoming satellites need the wyoming package "
                               "(pip install 'partyhost[satellite]').") from error
    return wyoming_audio(uri)


def sound_back(source: object) -> Callable[[], bool] | None:
    """For a satellite's microphone (anything with wait_back), a wait until the satellite is
    back (True once it is); None for a source that cannot come back by itself."""
    wait_back = getattr(source, "wait_back", None)
    if wait_back is None:
        return None
    return lambda: bool(wait_back(None))
