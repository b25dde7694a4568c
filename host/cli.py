"""Command-line wiring for `partyhost`: argparse only, the work lives in host.commands."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from types import FrameType

from host import __version__
from host.commands import CommandParser

# Each module registers one or more sub-commands; heavy imports happen inside their run().
COMMAND_MODULES: tuple[str, ...] = (
    "host.commands.decks_cmd",
    "host.commands.judge_cmd",
    "host.commands.play",
    "host.commands.serve",
    "host.commands.simulate",
    "host.commands.rules",
    "host.commands.demo",
    "host.commands.say",
    "host.commands.devices",
    "host.commands.doctor",
    "host.commands.transcribe",
    "host.commands.models_cmd",
    "host.commands.bench",
)


def build_parser() -> argparse.ArgumentParser:
    """Build the top-level parser with every sub-command registered."""
    from host.registry import GAMES

    titles = ", ".join(kind.title for kind in GAMES.values())
    parser = CommandParser(
        prog="partyhost",
        description=f"Party Host: an offline, voice-driven host for word and category party games "
        f"({titles}).",
    )
    parser.add_argument("--version", action="version", version=f"partyhost {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


class Terminated(BaseException):
    """SIGTERM (systemctl stop, kill), raised in the main thread as Ctrl-C raises
    KeyboardInterrupt, so that what a command opened is closed on the way out (a Wyoming
    satellite is let go) rather than the process vanishing mid-step."""


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the arguments, run the chosen command and return its exit code."""
    try:
        with _sigterm_raises():
            code = _run(argv)
        sys.stdout.flush()  # so that a reader gone away shows here, not at the exit
        return code
    except BrokenPipeError:
        return _reader_gone()
    except Terminated:  # no flush: output a terminal nobody reads any more would hang it
        return _die_of_sigterm()


SIGTERM_GRACE_SECONDS = 10.0
"""How long the way out SIGTERM opens (a satellite let go, the game saved) may take before
SIGTERM ends the process as it would by default (systemd waits 90 s, then kills)."""


@contextlib.contextmanager
def _sigterm_raises() -> Iterator[None]:
    """While a command runs, SIGTERM raises Terminated (once: a second one kills at once)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread can handle signals (a test calling main() elsewhere)
        return
    previous = signal.getsignal(signal.SIGTERM)
    if previous is None:
        previous = signal.SIG_DFL

    def terminated(signum: int, frame: FrameType | None) -> None:
        signal.signal(signal.SIGTERM, previous)
        # The exception can be lost: raised while readline runs one of the console's hooks,
        # it is dropped. Past the grace, SIGTERM's own action ends the process.
        backstop = threading.Timer(SIGTERM_GRACE_SECONDS, os.kill, (os.getpid(), signum))
        backstop.daemon = True
        backstop.start()
        raise Terminated

    signal.signal(signal.SIGTERM, terminated)
    # A signal mask is inherited: started by a launcher that blocks SIGTERM, the host would
    # never hear it (and a test waiting for it to end waited for ever). Left unblocked after.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _die_of_sigterm() -> int:
    """Everything is closed: end as SIGTERM ends a process, so that whoever sent it (systemd,
    a shell) sees the usual status (killed by signal 15), not an error exit."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGTERM)
    return 128 + signal.SIGTERM  # not reached


def _run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("\nBye!", file=sys.stderr)
        return 130


def _reader_gone() -> int:
    """The reader of our output went away (`partyhost decks schema | head`): stop quietly, as a
    command killed by SIGPIPE does (exit 141), with stdout sent to /dev/null so that Python's own
    flush at the exit does not complain (the recipe of the `signal` module's documentation)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a file (tests capture it)
        pass
    return 128 + signal.SIGPIPE
