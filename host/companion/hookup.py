"""`partyhost play --companion`: the options, and the pages opened beside a game (the web
server's modules are imported only then)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from host.companion.address import DEFAULT_PORT, CompanionError, bind_address
from host.core.session import Line, Session

if TYPE_CHECKING:
    from host.companion.companion import Companion


def add_companion_arguments(parser: Any) -> None:
    """The companion page's options (an argument group of `partyhost play`)."""
    group = parser.add_argument_group("companion page")
    group.add_argument("--companion", action="store_true",
                       help="serve a page for each player's phone (their hand, for them alone) "
                       "and one for the table's screen, on the local network; off by default")
    group.add_argument("--companion-host", metavar="ADDR",
                       help="the local address to listen on (default: this machine's LAN "
                       "address; a public address is refused)")
    group.add_argument("--companion-port", type=int, default=DEFAULT_PORT, metavar="N",
                       help=f"the port to listen on (default {DEFAULT_PORT})")


def companion_problem(args: argparse.Namespace) -> str | None:
    """Why the companion page cannot listen where asked (a public address), said before the
    game is set up; None when it can or is not asked for."""
    if not getattr(args, "companion", False):
        return None
    try:
        bind_address(args.companion_host)
    except CompanionError as err:
        return str(err)
    return None


def open_companion(args: argparse.Namespace, session: Session,
                   say: Callable[[list[Line]], None], *,
                   out: TextIO = sys.stdout) -> Companion | None:
    """With --companion: the game's pages served, how to join printed (links, QR code) and
    said once, and no timer running until the players have joined (or said start); None
    without it. CompanionError when it cannot listen where asked."""
    if not getattr(args, "companion", False):
        return None
    from host.companion.companion import Companion
    from host.companion.join import join_line, join_text
    from host.companion.views import page_text
    from host.registry import find_game

    companion = Companion(session, find_game(args.game).title, host=args.companion_host,
                          port=args.companion_port)
    links = companion.start()
    companion.wait_for_players()
    colours = out.isatty() and "NO_COLOR" not in os.environ  # no escapes in a file or a pipe
    shows = page_text(session.phrases.game)("pages_show")  # the console speaks English
    print(join_text(links, shows, colours=colours), file=out, flush=True)
    say([Line(join_line(session.phrases, links), "companion_join")])
    return companion
