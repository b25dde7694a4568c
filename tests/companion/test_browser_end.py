"""The end of a game in real headless Chromium: bots play a game through the session with two
phones and the table's page open; once it is over, every page shows the final scores and the
winner, offers nothing to tap or type, and stays up (a reload shows it again) until the host's
process lets the pages go."""

from __future__ import annotations

import io
import os
import random
import threading
from collections.abc import Iterator

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from host.companion.companion import Companion
from host.play import keep_pages_up
from host.registry import find_game
from tests.companion.browser import chromium, have_browser, join_as, on, open_tab, wait_for
from tests.companion.conftest import new_session

pytestmark = pytest.mark.skipif(not have_browser(), reason="needs chromium and chromium-driver")


@pytest.fixture
def browser() -> Iterator[WebDriver]:
    with chromium() as driver:
        yield driver


def play_to_the_end(companion: Companion, game: str) -> None:
    """Bots play every move, each step published, until the game is over."""
    session = companion.session
    bots = find_game(game).voice_bots(session.game, random.Random(1))
    while not session.finished:
        companion.step(session.push(bots.next_event()))
    assert session.game.over


def live_controls(driver: WebDriver) -> list[str]:
    """What a player could still tap or type on the page: buttons and text boxes shown."""
    return [node.get_attribute("outerHTML") or ""
            for node in driver.find_elements(By.CSS_SELECTOR, "button, input, textarea, select")
            if node.is_displayed()]


def shows_the_end(driver: WebDriver, winners: list[str], scores: dict[str, int]) -> bool:
    """Whether the page shows the game over: the winners and every player's final score."""
    finals = driver.find_elements(By.ID, "final")
    if not finals or not finals[0].is_displayed():
        return False
    text = finals[0].text
    return all(name in text for name in winners) and all(
        f"{name}\n{score}" in text or f"{name} {score}" in text for name, score in scores.items())


def whole_on_the_tv(driver: WebDriver) -> bool:
    """Whether the table's page at 1366x768 shows its stage whole (Crack Word's board to its
    legend, beside the final scores) and no player's state of play (a tag: "out")."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 1366, "height": 768, "deviceScaleFactor": 1, "mobile": False})
    fits = driver.execute_script(
        "const stage = document.querySelector('.stage').getBoundingClientRect();"
        "return [...document.querySelectorAll('.stage > :not([hidden]) *')].every((node) => {"
        "  const box = node.getBoundingClientRect();"
        "  return box.bottom <= stage.bottom + 1 && box.bottom <= innerHeight; });")
    tags = [tag for tag in driver.find_elements(By.CSS_SELECTOR, ".tag") if tag.is_displayed()]
    return bool(fits) and not tags


@pytest.mark.parametrize(("game", "players", "seed"), [
    ("crack-word", ["Ann", "Bob"], 4), ("short-list", ["Ann", "Bob", "Cat"], 2)])
def test_every_page_shows_the_final_scores_and_stays_up_without_a_button(
        browser: WebDriver, game: str, players: list[str], seed: int) -> None:
    session = new_session(game, players, seed=seed)
    companion = Companion(session, find_game(game).title, host="127.0.0.1", port=0)
    companion.start()
    companion.publish()
    ended = threading.Event()
    typed, keyboard = os.pipe()
    try:
        ann = join_as(browser, companion.links.join, "Ann")
        bob = join_as(browser, companion.links.join, "Bob")
        board = open_tab(browser, companion.links.table)
        assert browser.find_element(By.ID, "join").is_displayed()  # "Scan to join" meanwhile
        play_to_the_end(companion, game)
        winners = [session.game.seats[i].name for i in session.game.winners]  # type: ignore[attr-defined]
        scores = session.game.points()  # type: ignore[attr-defined]

        # The host's process keeps the pages up (here until its input ends), and says so.
        out = io.StringIO()
        stream = os.fdopen(typed, encoding="utf-8")

        def host_process() -> None:
            keep_pages_up(companion, session, stream=stream, out=out)
            ended.set()

        threading.Thread(target=host_process).start()
        wait_for(browser, lambda d: "Ctrl+C" in out.getvalue())

        for tab in (ann, bob, board):
            wait_for(on(browser, tab), lambda d: shows_the_end(d, winners, scores))
            assert live_controls(browser) == [], browser.current_url
        assert not browser.find_element(By.ID, "join").is_displayed()  # no "Scan to join"
        assert whole_on_the_tv(browser)

        # Still served: a phone that reloads its page finds the end again.
        on(browser, bob).refresh()
        wait_for(browser, lambda d: shows_the_end(d, winners, scores))
        assert live_controls(browser) == [] and not ended.is_set()
    finally:
        os.close(keyboard)  # the input ends: the pages may go
        ended.wait(10)
        companion.close()
    assert ended.is_set()
