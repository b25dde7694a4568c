"""How the table joins the companion page: the links and a QR code printed in the console,
and the line the host says once."""

from __future__ import annotations

import segno

from host.companion.companion import Links
from host.core.phrasebook import Phrasebook

QUIET_ZONE = 4
"""The light margin around a QR code, in modules (the standard's; a dark terminal's background
must not touch the code)."""
HALF_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
"""A character cell holds two modules, one above the other: (top dark, bottom dark)."""
DARK_ON_LIGHT = "\x1b[30;107m"
"""Black characters on a bright white background: the code looks the same on a light or a
dark terminal (phones read dark modules on light; many do not read the inverse)."""
PLAIN = "\x1b[0m"


def qr_text(url: str, *, colours: bool = True) -> str:
    """A QR code of `url` drawn with half blocks for a terminal, with its quiet zone; in explicit
    colours (dark on light whatever the terminal's own), or without for a file or a pipe."""
    rows = [[bool(module) for module in row]
            for row in segno.make(url, error="l").matrix_iter(border=QUIET_ZONE)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    start, end = (DARK_ON_LIGHT, PLAIN) if colours else ("", "")
    return "".join(
        start + "".join(HALF_BLOCKS[pair] for pair in zip(top, bottom, strict=True)) + end + "\n"
        for top, bottom in zip(rows[::2], rows[1::2], strict=True))


def join_text(links: Links, shows: str, *, colours: bool = True) -> str:
    """What the console prints: the join page's link and its QR code (in colours for a
    terminal), what a player's page shows (the game's words), and the table's link."""
    return (f"Companion page: each player opens {links.join} (or scans the code) and taps their "
            f"name; {shows}.\n"
            f"{qr_text(links.join, colours=colours)}"
            f"The table's page, for a shared screen: {links.table}")


def spoken_address(links: Links) -> tuple[str, str]:
    """The join page's address as the host says it ("192.168.1.20 port 8765") and its code
    letter by letter."""
    host_port, _, code = links.join.removeprefix("http://").partition("/j/")
    host, _, port = host_port.partition(":")
    return f"{host} port {port}", " ".join(code)


def join_line(phrases: Phrasebook, links: Links) -> str:
    """The host's spoken invitation ("Join on your phones at …")."""
    address, code = spoken_address(links)
    return phrases.line("companion_join", address=address, code=code)
