"""The companion pages in a real browser (headless Chromium): two players join from the join
page, the table's page is open; moves come by voice (recorded WAV, the real ears and
recognizer), typed at the console, and tapped or typed on a page. Each page must show its own
hand, the table's state, and never another seat's hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from host.companion.companion import Companion
from host.companion.hub import TABLE
from host.console import hear_typed
from host.core.session import Session
from host.games.crack_list.view import _card
from host.speech.piper_tts import PiperSynthesizer
from host.speech.stt import make_recognizer
from host.voice import Mouth, VoiceLoop
from tests.companion.browser import (
    have_browser,
    hear_until,
    join_as,
    on,
    open_tab,
    seq,
    shows,
    texts,
    wait_for,
)
from tests.companion.conftest import new_session, speak

pytestmark = pytest.mark.skipif(not have_browser(), reason="needs chromium and chromium-driver")


def hand_of(session: Session, seat: int) -> list[str]:
    """A seat's hand as its page shows it (in the view's order)."""
    from host.companion.views import page_words
    from host.games.crack_list.view import seat_view

    return [c["text"] for c in seat_view(session.game, seat, session.talk.say,  # type: ignore[arg-type]
                                         page_words(session))["hand"]]


def loop_takes_tapped_move(driver: WebDriver, companion: Companion) -> int:
    """What the game's loop does when a page sends a move: wait for it, hear it, publish."""
    wait_for(driver, lambda d: not companion.hub.moves.empty())
    companion.step()
    return companion.seq


def test_two_phones_and_the_table_follow_a_game_played_by_voice_console_and_taps(
        browser: WebDriver, table: Companion, tmp_path: Path) -> None:
    session, game = table.session, table.session.game
    ann = join_as(browser, table.links.join, "Ann")
    bob = join_as(browser, table.links.join, "Bob")
    board = open_tab(browser, table.links.table)
    wait_for(browser, lambda d: "chooses a category" in d.find_element(By.ID, "headline").text)

    # Each phone shows its own hand, and only its own.
    for tab, seat in ((ann, 0), (bob, 1)):
        assert texts(on(browser, tab), "#hand .card") == hand_of(session, seat)
    assert texts(on(browser, board), "#hand .card") == []

    # Ann taps the category she chooses on her phone.
    title = game.offered.categories[1].title  # type: ignore[attr-defined]
    on(browser, ann).find_element(By.XPATH, f"//button[text()='{title}']").click()
    step = loop_takes_tapped_move(browser, table)
    wait_for(on(browser, board), lambda d: shows(d, step))
    assert browser.find_element(By.ID, "headline").text == title
    assert browser.find_element(By.ID, "turn").text == "Bob's turn"

    # Bob passes by voice: recorded audio, the real ears and recognizer, the voice loop with
    # the pages open (it publishes them after each step).
    piper = PiperSynthesizer(steady=True)
    loop = VoiceLoop(session, speak(tmp_path, piper, "pass"), make_recognizer("auto"),
                     Mouth(piper, []), pages=table)
    while game.expected_player() == "Bob" and loop.step():
        pass
    wait_for(on(browser, bob), lambda d: shows(d, table.seq))
    assert texts(browser, "#hand .card") == hand_of(session, 1) and len(game.hands[1]) == 9  # type: ignore[attr-defined]

    # Cat types her pass at the console; then Ann taps Pass on her phone, twice: a pass
    # asks for a second tap, and sends nothing before it.
    table.step(hear_typed(session, "pass"))
    wait_for(on(browser, ann), lambda d: "Pass" in texts(d, "#actions button"))
    browser.find_element(By.XPATH, "//button[text()='Pass']").click()
    again = "Tap again to pass (you draw a card)"
    wait_for(browser, lambda d: again in texts(d, "#actions button.confirming"))
    assert table.hub.moves.empty()
    browser.find_element(By.XPATH, f"//button[text()='{again}']").click()
    step = loop_takes_tapped_move(browser, table)
    wait_for(browser, lambda d: shows(d, step))
    assert texts(browser, "#hand .card") == hand_of(session, 0) and len(game.hands[0]) == 9  # type: ignore[attr-defined]
    wait_for(on(browser, board), lambda d: shows(d, step))
    # Everyone failed in a row: a new category card, as the table's page says.
    assert browser.find_element(By.ID, "turn").text == f"{game.expected_player()}'s turn"
    assert browser.find_element(By.ID, "headline").text != title
    notes = dict(zip(texts(browser, "#players .tile .name"), texts(browser, "#players .note"),
                     strict=True))
    assert notes == {"Ann": "9 cards", "Bob": "9 cards", "Cat": "9 cards"}

    # Ann asks for her hand on her page: the answer is on her page only (the other pages have
    # not changed, so they are not sent again).
    on(browser, ann).find_element(By.ID, "say").send_keys("my hand\n")
    step = loop_takes_tapped_move(browser, table)
    wait_for(browser, lambda d: shows(d, step) and texts(d, "#lines li.private"))
    private = texts(browser, "#lines li.private")
    for audience, tab in ((1, bob), (TABLE, board)):
        sent = table.hub.latest(audience) or ""
        assert not any(json.dumps(line)[1:-1] in sent for line in private)
        assert texts(on(browser, tab), "#lines li.private") == []
    # Bob's page never held Ann's hand: its only hand is his.
    on(browser, bob)
    assert texts(browser, "#hand .card") == hand_of(session, 1) != hand_of(session, 0)
    assert seq(browser) == json.loads(table.hub.latest(1) or "{}")["seq"]  # the latest sent it


def test_a_wrong_or_expired_link_shows_a_friendly_page_with_a_way_back(
        browser: WebDriver, table: Companion) -> None:
    base = table.links.table.rsplit("/t/", 1)[0]
    open_tab(browser, f"{base}/s/not-a-token")
    assert "does not open anything" in browser.find_element(By.TAG_NAME, "header").text
    assert "Crack" not in browser.find_element(By.TAG_NAME, "body").text
    cat = join_as(browser, table.links.join, "Cat")
    on(browser, cat).find_element(By.CSS_SELECTOR, "#leave button").click()
    wait_for(browser, lambda d: "/j/" in d.current_url)
    browser.back()
    assert "does not open anything" in browser.find_element(By.TAG_NAME, "header").text
    browser.find_element(By.LINK_TEXT, "Type the code the host says").click()
    wait_for(browser, lambda d: d.find_elements(By.NAME, "code"))
    browser.find_element(By.NAME, "code").send_keys(" ".join(table.hub.join_code.lower()) + "\n")
    wait_for(browser, lambda d: d.find_elements(By.XPATH, "//button[text()='Ann']"))
    # On a phone the join page reads down: its heading above the seats, each seat full width.
    header = browser.find_element(By.TAG_NAME, "header").rect
    seat = browser.find_element(By.XPATH, "//button[text()='Ann']").rect
    assert header["y"] + header["height"] <= seat["y"] and seat["width"] > 0.8 * header["width"]


def test_the_crack_list_card_faces_are_shown_as_the_view_names_them() -> None:
    from host.companion.views import page_text
    from host.games.crack_list.announce import VOICE

    words = page_text(VOICE, "en")
    assert _card("CRACK_LIST", words)["text"] == "Crack List"
    assert _card("Q", words)["text"] == "Q +3"


def test_short_list_the_quizmaster_alone_sees_the_card_and_a_typed_guess_is_judged(
        browser: WebDriver) -> None:
    session = new_session("short-list", ["Ann", "Bob", "Cat"], seed=2)
    companion = Companion(session, "Short List", host="127.0.0.1", port=0)
    companion.start()
    companion.publish()
    try:
        card = session.game.card  # type: ignore[attr-defined]
        answers = [entry.text for entry in card.answers]
        ann = join_as(browser, companion.links.join, "Ann")  # the quizmaster
        bob = join_as(browser, companion.links.join, "Bob")  # on turn
        board = open_tab(browser, companion.links.table)
        wait_for(on(browser, ann), lambda d: texts(d, "#hand .card") == answers)
        assert texts(on(browser, bob), "#hand .card") == [] and texts(browser, "#actions button")
        assert not set(answers) & set(browser.find_element(By.TAG_NAME, "body").text.split("\n"))
        browser.find_element(By.ID, "say").send_keys(f"{answers[0]}\n")
        step = loop_takes_tapped_move(browser, companion)
        wait_for(on(browser, board), lambda d: shows(d, step))
        assert texts(browser, "#sections li") == [answers[0]]
        wait_for(on(browser, ann), lambda d: shows(d, step))
        assert texts(browser, "#hand .card.c-found") == [answers[0]]
    finally:
        companion.close()


def test_scattergories_a_sheet_written_on_the_phone_is_read_with_a_tap(
        browser: WebDriver) -> None:
    from host.core.events import TimeUp

    session = new_session("scattergories", ["Ann", "Bob"], first="Ann")
    game = session.game
    companion = Companion(session, "Scattergories", host="127.0.0.1", port=0)
    companion.start()
    companion.publish()
    try:
        ann = join_as(browser, companion.links.join, "Ann")
        bob = join_as(browser, companion.links.join, "Bob")
        board = open_tab(browser, companion.links.table)
        first = on(browser, ann).find_element(By.CSS_SELECTOR, "#sheet input")
        first.send_keys("Crocodile")
        assert on(browser, bob).find_element(By.CSS_SELECTOR, "#sheet input").get_attribute(
            "value") == ""
        while str(game.state) != "reading":  # type: ignore[attr-defined]
            session.push(TimeUp(game.timer_token))  # type: ignore[attr-defined]
        companion.publish()
        reader_is_ann = game.expected_player() == "Ann"
        reader = on(browser, ann if reader_is_ann else bob)
        box = reader.find_element(By.CSS_SELECTOR, "#sheet input")
        if box.get_attribute("value") != "Crocodile":
            box.send_keys("Crocodile")
        read = reader.find_element(By.CSS_SELECTOR, "#sheet button.read")
        wait_for(reader, lambda d: read.is_enabled())
        read.click()
        reader_seat = 0 if reader_is_ann else 1
        reader_name = game.seats[reader_seat].name
        hear_until(browser, companion, lambda: reader_seat in game.sheet[0])  # type: ignore[attr-defined]
        wait_for(on(browser, board), lambda d: shows(d, companion.seq))
        assert texts(browser, f"#players .tile[data-name={reader_name}] .answer") == ["Crocodile"]
    finally:
        companion.close()
