"""How the table joins the companion page: the links and a QR code printed in the console,
and the line the host says once."""

from __future__ import annotations

import io

import segno

from host.companion.companion import Links
from host.core.phrasebook import Phrasebook


def qr_text(url: str) -> str:
    """A QR code of `url` drawn with block characters, for a terminal."""
    drawn = io.StringIO()
    segno.make(url, error="l").terminal(out=drawn, compact=True, border=1)
    return drawn.getvalue()


def join_text(links: Links) -> str:
    """What the console prints: the join page's link and its QR code, and the table's link."""
    return (f"Companion page: each player opens {links.join} (or scans the code) and taps their "
            f"name; their page shows their hand to them alone.\n{qr_text(links.join)}"
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
