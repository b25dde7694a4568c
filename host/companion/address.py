"""Where the companion server listens: the room's own network, never a public address."""

from __future__ import annotations

import ipaddress
import socket

DEFAULT_PORT = 8765
"""Where the companion page listens unless told (--companion-port)."""


class CompanionError(ValueError):
    """The companion page cannot start; the message says what to change."""


def lan_address() -> str:
    """This machine's address on the local network (the interface its default route uses), or
    the loopback address when that is not a private one. No packet is sent."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.168.255.254", 9))
        found = str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()
    return found if is_local(found) else "127.0.0.1"


def is_local(address: str) -> bool:
    """A loopback, private (LAN) or link-local address, and one single address."""
    ip = ipaddress.ip_address(address)
    return not ip.is_unspecified and (ip.is_loopback or ip.is_private or ip.is_link_local)


def bind_address(named: str | None) -> str:
    """The address to listen on: the one named (a LAN or loopback address, or a name that
    resolves to one), else this machine's LAN address; CompanionError for a public one."""
    if named is None:
        return lan_address()
    try:
        address = socket.gethostbyname(named)
    except OSError:
        raise CompanionError(f"--companion-host {named}: no such address on this machine's "
                             "network: name a LAN address such as 192.168.1.20") from None
    if not is_local(address):
        raise CompanionError(
            f"--companion-host {named}: {address} is not an address of the room's own network "
            "(loopback, 10.x, 172.16-31.x, 192.168.x, link-local); the companion page never "
            "listens on a public or every address: name a LAN address such as 192.168.1.20")
    return address
