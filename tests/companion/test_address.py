"""Where the companion listens: the room's own network only."""

from __future__ import annotations

import pytest

from host.companion.address import CompanionError, bind_address, is_local, lan_address


@pytest.mark.parametrize("address", ["127.0.0.1", "192.168.1.20", "10.0.0.7", "172.20.1.1",
                                     "169.254.3.4"])
def test_loopback_lan_and_link_local_addresses_are_taken(address: str) -> None:
    assert is_local(address) and bind_address(address) == address


@pytest.mark.parametrize("address", ["8.8.8.8", "0.0.0.0", "1.1.1.1"])
def test_a_public_or_every_address_is_refused_with_what_to_do(address: str) -> None:
    with pytest.raises(CompanionError, match=r"LAN address such as 192\.168\.1\.20"):
        bind_address(address)


def test_localhost_resolves_to_the_loopback_address() -> None:
    assert bind_address("localhost") == "127.0.0.1"


def test_without_a_name_the_lan_address_or_the_loopback_one() -> None:
    assert is_local(lan_address()) and bind_address(None) == lan_address()
