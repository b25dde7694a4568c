"""Each game's pages in real headless Chromium, as a party meets them: Scattergories' sheet
(kept by the server, one live Read button, no paper in the host's words), Crack Word's colours,
Crack List's turn countdown through half time and its penalty splits, each offered once."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from host.clock import FakeClock
from host.companion.companion import Companion
from host.console import hear_typed
from host.core.events import TimeUp
from host.core.session import Line
from host.games.crack_list.events import Penalise
from host.games.crack_list.moves import legal_moves
from host.registry import find_game
from tests.companion.browser import (
    have_browser,
    hear_until,
    join_as,
    on,
    open_tab,
    shows,
    texts,
    wait_for,
)
from tests.companion.conftest import play_args

pytestmark = pytest.mark.skipif(not have_browser(), reason="needs chromium and chromium-driver")


@pytest.fixture
def opened() -> Iterator[list[Companion]]:
    """The companions a test serves, closed after it."""
    served: list[Companion] = []
    yield served
    for companion in served:
        companion.close()


def served(opened: list[Companion], game: str, players: list[str],
           **rules: object) -> tuple[Companion, list[Line]]:
    """A game's pages served and the game started, as --companion starts it (the pages are
    open before the host says a word): the opening lines."""
    kind = find_game(game)
    session = kind.new_session(kind.options_from_args(play_args(players, **rules)),
                               FakeClock(), None, ())
    companion = Companion(session, kind.title, host="127.0.0.1", port=0)
    opened.append(companion)
    companion.start()
    opening = session.start()
    companion.publish(opening)
    return companion, opening


def sheet(driver: WebDriver) -> list[str]:
    """What the sheet's boxes hold, category by category."""
    return [box.get_attribute("value") or ""
            for box in driver.find_elements(By.CSS_SELECTOR, "#sheet input")]


def live_reads(driver: WebDriver) -> list[int]:
    """The categories whose Read button may be tapped now."""
    return [i for i, button in enumerate(driver.find_elements(By.CSS_SELECTOR, "#sheet .read"))
            if button.is_displayed() and button.is_enabled()]


def test_scattergories_sheet_is_kept_by_the_server_and_read_one_category_at_a_time(
        browser: WebDriver, opened: list[Companion]) -> None:
    companion, opening = served(opened, "scattergories", ["Ann", "Bob"], first="Ann")
    session, game = companion.session, companion.session.game
    assert not any("paper" in line.text for line in opening)  # the sheet is on the phone
    assert any("phone" in line.text for line in opening)

    # Ann writes on her phone; no Read button while the time runs.
    ann = join_as(browser, companion.links.join, "Ann")
    boxes = browser.find_elements(By.CSS_SELECTOR, "#sheet input")
    boxes[0].send_keys("Walrus")
    boxes[1].send_keys("Water")
    browser.execute_script("document.activeElement.blur()")
    hear_until(browser, companion, lambda: companion.views.kept[0].get(
        f"sheet:1:{game.letter}") == ["Walrus", "Water"])  # type: ignore[attr-defined]
    assert live_reads(browser) == []
    assert "Walrus" not in (companion.hub.latest(-1) or "")  # never on the table's page
    assert "Walrus" not in (companion.hub.latest(1) or "")  # nor on Bob's

    # A new tab of her seat finds her sheet; so does her seat taken again once the host
    # has freed it (a phone that died, a new one).
    second = open_tab(browser, browser.current_url)
    wait_for(browser, lambda d: sheet(d)[:2] == ["Walrus", "Water"])
    browser.close()
    on(browser, ann)
    companion.hub.release(0)
    join_as(browser, companion.links.join, "Ann")
    wait_for(browser, lambda d: sheet(d)[:3] == ["Walrus", "Water", ""])
    assert second not in browser.window_handles

    # The reading: only the category being read has a live Read button, and only for the
    # reader on turn.
    bob = join_as(browser, companion.links.join, "Bob")
    while str(game.state) != "reading":  # type: ignore[attr-defined]
        session.push(TimeUp(game.timer_token))  # type: ignore[attr-defined]
    companion.publish()
    ann = browser.window_handles[-2]
    wait_for(on(browser, ann), lambda d: live_reads(d) == [0])
    assert live_reads(on(browser, bob)) == []
    on(browser, ann).find_elements(By.CSS_SELECTOR, "#sheet .read")[0].click()
    hear_until(browser, companion, lambda: game.expected_player() == "Bob")
    wait_for(browser, lambda d: shows(d, companion.seq) and live_reads(d) == [])
    companion.step(hear_typed(session, "Bob: my answer is Whale"))
    while game.category_index == 0:  # type: ignore[attr-defined]  # the last call to challenge
        session.push(TimeUp(game.timer_token))  # type: ignore[attr-defined]
    companion.publish()
    wait_for(browser, lambda d: live_reads(d) == [1])
    assert sheet(browser)[:2] == ["Walrus", "Water"]


def test_crack_word_shows_colours_as_colours_with_whose_they_are(
        browser: WebDriver, opened: list[Companion]) -> None:
    companion, _ = served(opened, "crack-word", ["Ann", "Bob"], lang="en")
    join_as(browser, companion.links.join, "Ann")
    assert texts(browser, "#facts dd")[0] in ("red", "blue", "green", "yellow")
    board = open_tab(browser, companion.links.table)
    wait_for(on(browser, board), lambda d: len(texts(d, "#legend .legend-item")) == 2)
    legend = texts(browser, "#legend .legend-item")
    assert [item.split(":")[0] for item in legend] == ["Ann", "Bob"]
    swatches = [node.value_of_css_property("background-color")
                for node in browser.find_elements(By.CSS_SELECTOR, "#legend .swatch")]
    cards = {node.value_of_css_property("background-color")
             for node in browser.find_elements(By.CSS_SELECTOR, "#board .card")}
    assert len(set(swatches)) == 2 and cards <= set(swatches)  # each card in its player's colour
    assert not {"rgba(0, 0, 0, 0)", "rgb(251, 251, 247)"} & set(swatches)  # real colours
    for tab in browser.window_handles[1:]:
        text = on(browser, tab).find_element(By.TAG_NAME, "body").text.lower()
        assert not re.search(r"\bminus\b|hole", text), text


def shown_seconds(driver: WebDriver) -> int:
    """The countdown as the page shows it, in seconds."""
    minutes, _, seconds = driver.find_element(By.ID, "timer").text.rpartition(":")
    return int(minutes or 0) * 60 + int(seconds)


def test_crack_list_turn_counts_down_once_through_half_time(
        browser: WebDriver, opened: list[Companion]) -> None:
    """The rules time a turn in two parts (the countdown may be called in the second): the
    page counts the whole turn down from its start, and goes on from where it was at half
    time, never back to the second part's full time."""
    companion, _ = served(opened, "crack-list", ["Ann", "Bob", "Cat"], seed=5)
    session, game = companion.session, companion.session.game
    board = open_tab(browser, companion.links.table)
    companion.step(hear_typed(session, "Ann: number one"))
    turn = game.config.turn_seconds  # type: ignore[attr-defined]
    wait_for(on(browser, board), lambda d: d.find_element(By.ID, "turn").text == "Bob's turn")
    assert game.timer_name == "turn_grace"  # type: ignore[attr-defined]
    assert turn - 1 <= shown_seconds(browser) <= turn  # the whole turn, not its first part
    elapsed = game.config.timer_seconds("turn_grace") + 0.5  # type: ignore[attr-defined]
    session.clock.advance(elapsed)  # type: ignore[attr-defined]
    companion.step(session.tick())
    assert game.timer_name == "turn"  # type: ignore[attr-defined]  # the second part runs
    wait_for(browser, lambda d: shows(d, companion.seq))
    assert turn - elapsed - 1 <= shown_seconds(browser) <= turn - elapsed + 1


def test_a_page_opened_late_counts_down_the_time_left_as_the_table_does(
        browser: WebDriver, opened: list[Companion]) -> None:
    """A phone that wakes up (or a TV switched on) mid-turn gets the page published at the
    turn's start: it counts down what is left now, not the whole turn again."""
    companion, _ = served(opened, "crack-list", ["Ann", "Bob", "Cat"], seed=5)
    session = companion.session
    companion.step(hear_typed(session, "Ann: number one"))
    turn = session.game.config.turn_seconds  # type: ignore[attr-defined]
    published = companion.seq
    session.clock.advance(5)  # type: ignore[attr-defined]  # nothing published meanwhile
    bob = join_as(browser, companion.links.join, "Bob")
    board = open_tab(browser, companion.links.table)
    for tab in (bob, board):
        wait_for(on(browser, tab),
                 lambda d: shows(d, published) and d.find_element(By.ID, "timer").text != "")
        assert turn - 5 - 3 <= shown_seconds(browser) <= turn - 5
    assert companion.seq == published


def test_crack_list_card_tapped_starts_the_answer_and_each_split_is_offered_once(
        browser: WebDriver, opened: list[Companion]) -> None:
    companion, _ = served(opened, "crack-list", ["Ann", "Bob", "Cat"], seed=5)
    session = companion.session
    cat = join_as(browser, companion.links.join, "Cat")
    companion.step(hear_typed(session, "Ann: number one"))
    companion.step(hear_typed(session, "Bob: A, Arctic"))
    wait_for(on(browser, cat), lambda d: "Your turn!" in d.find_element(By.ID, "turn").text)
    assert "acting" in (browser.find_element(By.TAG_NAME, "body").get_attribute("class") or "")

    # Cat taps her W card: the answer starts with it; she types the rest and sends it.
    next(card for card in browser.find_elements(By.CSS_SELECTOR, "#hand .card")
         if card.text == "W +2").click()
    assert browser.find_element(By.ID, "say").get_attribute("value") == "W, "
    browser.find_element(By.ID, "say").send_keys("Winter\n")
    hear_until(browser, companion, lambda: session.game.pending is not None  # type: ignore[attr-defined]
               and session.game.pending.penalty_due)  # type: ignore[attr-defined]

    # Two penalty cards for Ann and Bob: the split "one each" is legal in two orders, and
    # offered once.
    splits = [move for move in legal_moves(session.game, 2).moves  # type: ignore[arg-type]
              if isinstance(move, Penalise) and len(move.targets) > 1]
    assert len(splits) == 2
    wait_for(browser, lambda d: "Split the 2 cards" in texts(d, "#actions button"))
    browser.find_element(By.XPATH, "//button[text()='Split the 2 cards']").click()
    assert texts(browser, "#options-buttons button") == ["Give one to Ann and one to Bob"]
    assert texts(browser, "#hint") == ["Hand out your 2 penalty cards: all to one player, "
                                       "or split them."]
    browser.find_element(By.CSS_SELECTOR, "#options-buttons button").click()
    hear_until(browser, companion, lambda: session.game.expected_player() == "Ann")
    assert session.game.hand_sizes() == {"Ann": 9, "Bob": 8, "Cat": 7}  # type: ignore[attr-defined]
