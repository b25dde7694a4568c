"""A seat belongs to the device that took it, in real headless Chromium: two browsers with
profiles of their own (two phones, two cookie jars). A page that drops comes back to its seat
and its hand; the other phone cannot take it, nor open its copied link, until the host frees
it at the console."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from host.companion.companion import Companion
from host.console import hear_typed
from tests.companion.browser import chromium, have_browser, join_as, open_tab, texts, wait_for

pytestmark = pytest.mark.skipif(not have_browser(), reason="needs chromium and chromium-driver")

CAT = 2


@pytest.fixture
def phones() -> Iterator[tuple[WebDriver, WebDriver]]:
    """Two phones: two Chromium instances, each with a fresh profile."""
    with chromium() as mine, chromium() as other:
        yield mine, other


def shows_hand(driver: WebDriver, companion: Companion) -> bool:
    """Whether the page is live on Cat's seat and shows her hand, as the server sent it."""
    sent = json.loads(companion.hub.latest(CAT) or "{}")["me"]["hand"]
    return driver.find_element(By.TAG_NAME, "body").get_attribute("data-status") == "live" \
        and texts(driver, "#hand .card") == [card["text"] for card in sent] != []


def test_a_seat_comes_back_to_its_phone_and_no_other_phone_takes_it_until_freed(
        phones: tuple[WebDriver, WebDriver], table: Companion) -> None:
    mine, other = phones
    join_as(mine, table.links.join, "Cat")
    link = mine.current_url
    wait_for(mine, lambda d: shows_hand(d, table))

    # The connection drops (the socket is killed): the page reconnects to its seat.
    mine.execute_script("socket.close();")
    wait_for(mine, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute(
        "data-status") != "live")
    wait_for(mine, lambda d: shows_hand(d, table) and table.hub.pages_open(CAT) == 1)

    # The tab is closed, the phone sleeps: the seat stays Cat's; her link opens it again, and
    # her join page offers it back.
    tab = mine.current_window_handle
    open_tab(mine, table.links.join)
    join_page = mine.current_window_handle
    mine.switch_to.window(tab)
    mine.close()
    mine.switch_to.window(join_page)
    wait_for(mine, lambda d: table.hub.pages_open(CAT) == 0)
    assert CAT not in table.hub.open_seats()
    mine.refresh()
    mine.find_element(By.XPATH, "//button[text()='Back to your seat: Cat']").click()
    wait_for(mine, lambda d: d.current_url == link and shows_hand(d, table))
    mine.get(link)
    wait_for(mine, lambda d: shows_hand(d, table))

    # The other phone: Cat's seat is taken; asking for it, or opening her copied link, shows
    # no hand and says what to do.
    open_tab(other, table.links.join)
    other.find_element(By.XPATH, "//button[text()='Cat (taken)']").click()
    wait_for(other, lambda d: "taken on another phone" in d.find_element(By.TAG_NAME,
                                                                         "header").text)
    assert "free Cat's seat" in other.find_element(By.TAG_NAME, "main").text
    other.get(link)
    assert "taken on another phone" in other.find_element(By.TAG_NAME, "header").text
    assert other.find_elements(By.ID, "hand") == []
    assert table.hub.taken(CAT)

    # The host frees it at the console: Cat's old page says its link expired, and the other
    # phone takes the seat and sees the hand.
    table.step(hear_typed(table.session, "free Cat's seat"))
    wait_for(mine, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute(
        "data-status") == "expired")
    join_as(other, table.links.join, "Cat")
    wait_for(other, lambda d: shows_hand(d, table))
    assert other.current_url != link
    mine.get(link)
    assert "does not open anything" in mine.find_element(By.TAG_NAME, "header").text
