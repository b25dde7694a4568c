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
    """Add --wyoming-satellite and --wyoming-server (one or the other) to a parser's group."""
    either = group.add_mutually_exclusive_group()
    either.add_argument(
        "--wyoming-satellite", metavar="tcp://HOST:PORT",
        help="use a Wyoming voice satellite's microphone and loudspeaker (Home Assistant's "
        f"satellites, wyoming-satellite): Party Host connects to it, e.g. tcp://kitchen:"
        f"{DEFAULT_PORT}; it is called again if it drops out")
    either.add_argument(
        "--wyoming-server", metavar="tcp://ADDR:PORT",
        help="listen for a Wyoming satellite to connect and use its microphone and loudspeaker; "
        f"ADDR is loopback unless given (tcp://:{DEFAULT_PORT} listens on 127.0.0.1, "
        f"tcp://0.0.0.0:{DEFAULT_PORT} on every network)")


def wyoming_uri(args: argparse.Namespace) -> str | None:
    """The satellite's address from the command line, None without the options."""
    return getattr(args, "wyoming_satellite", None) or getattr(args, "wyoming_server", None)


def wyoming_from_args(args: argparse.Namespace, *, show: Callable[[str], None] = print,
                      ) -> tuple[WyomingInput, WyomingOutput] | None:
    """The satellite's microphone and loudspeaker from the options (None without them); a server
    waits, saying where, until a satellite connects. AudioUnavailable when it cannot start."""
    if not wyoming_uri(args):
        return None
    try:
        from host.speech.wyoming.audio import wyoming_audio
    except ImportError as error:
        raise AudioUnavailable("Wyoming satellites need the wyoming package "
                               "(pip install 'partyhost[satellite]').") from error
    if getattr(args, "wyoming_server", None):
        mic, loudspeaker = wyoming_audio(args.wyoming_server, serve=True)
        show(f"Waiting for a Wyoming satellite to connect to {mic.link.address.uri} ...")
        mic.wait_back(None)
        show("The Wyoming satellite is connected.")
        return mic, loudspeaker
    return wyoming_audio(args.wyoming_satellite, serve=False)


def sound_back(source: object) -> Callable[[], bool] | None:
    """For a satellite's microphone (anything with wait_back), a wait until the satellite is
    back (True once it is); None for a source that cannot come back by itself."""
    wait_back = getattr(source, "wait_back", None)
    if wait_back is None:
        return None
    return lambda: bool(wait_back(None))
