"""With the companion page the game waits for its players: no timer runs until every seat is
taken on a phone, or someone says start; the host says who is still missing. Phones join the
real server over HTTP and WebSocket."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import httpx
from websockets.sync.client import ClientConnection, connect

from host.clock import FakeClock
from host.companion.companion import Companion
from host.console import hear_typed
from host.core.session import Line, Session
from host.registry import find_game
from tests.companion.conftest import play_args

LONG = 10_000.0
"""Seconds the clock is moved on: far beyond any timer of any game."""


def unstarted(game: str, players: list[str]) -> tuple[Session, FakeClock]:
    """A session not started yet, on a fake clock, as `partyhost play` builds it."""
    kind, clock = find_game(game), FakeClock()
    return kind.new_session(kind.options_from_args(play_args(players)), clock, None, ()), clock


def waiting_table(game: str, players: list[str]) -> tuple[Companion, FakeClock, list[Line]]:
    """The pages served and the game started as --companion starts it: the opening lines."""
    session, clock = unstarted(game, players)
    companion = Companion(session, find_game(game).title, host="127.0.0.1", port=0)
    companion.start()
    companion.wait_for_players()
    return companion, clock, companion.step(session.start())


@contextmanager
def phone(companion: Companion, seat: int) -> Iterator[ClientConnection]:
    """A phone that takes a seat on the join page and keeps its page open."""
    with httpx.Client(follow_redirects=False) as browser:
        taken = browser.post(f"{companion.links.join}/{seat}")
        token = taken.headers["location"].rsplit("/", 1)[1]
        base = companion.links.join.split("/j/")[0].replace("http", "ws")
        cookies = "; ".join(f"{name}={value}" for name, value in browser.cookies.items())
        with connect(f"{base}/ws/{token}", additional_headers={"Cookie": cookies}) as page:
            page.recv()  # the page is open and shows its seat
            yield page


def said(lines: list[Line], kind: str) -> list[str]:
    return [line.text for line in lines if line.kind == kind]


def test_no_turn_passes_until_every_seat_has_joined() -> None:
    companion, clock, opening = waiting_table("crack-list", ["Ann", "Bob", "Cat"])
    session = companion.session
    try:
        assert said(opening, "companion_waiting") == [
            "Waiting for Ann, Bob and Cat to join. Say start to begin without them."]
        chooser = session.game.expected_player()
        clock.advance(LONG)
        assert session.seconds_to_next_tick() is None
        assert companion.step(session.tick()) == []  # nothing is due, nothing said again
        assert session.game.expected_player() == chooser
        with ExitStack() as phones:
            phones.enter_context(phone(companion, 0))
            phones.enter_context(phone(companion, 2))
            lines = companion.step(session.tick())
            assert said(lines, "companion_still_waiting") and "Bob" in lines[0].text
            assert session.waiting and session.seconds_to_next_tick() is None
            phones.enter_context(phone(companion, 1))
            lines = companion.step(session.tick())
            assert said(lines, "companion_all_joined") and not session.waiting
            left = session.seconds_to_next_tick()
            assert left is not None and left > 0
            session.spoke(0.0)
            clock.advance(LONG)
            companion.step(session.tick())
            assert session.game.category is not None
    finally:
        companion.close()


def test_start_said_at_the_console_begins_without_the_missing_players() -> None:
    companion, clock, _ = waiting_table("short-list", ["Ann", "Bob", "Cat"])
    session = companion.session
    try:
        with phone(companion, 1):
            lines = companion.step(session.tick())
            assert [text.endswith("waiting for Ann and Cat.")
                    for text in said(lines, "companion_still_waiting")] == [True]
        clock.advance(LONG)
        assert session.seconds_to_next_tick() is None
        assert said(hear_typed(session, "Cat: start"), "start_now")
        assert not session.waiting and session.seconds_to_next_tick() is not None
        assert companion.step() == []  # the table no longer waits: nothing more to say
    finally:
        companion.close()


def test_start_sent_from_a_page_begins_too_and_is_no_move_once_started() -> None:
    companion, _, _ = waiting_table("crack-word", ["Ann", "Bob"])
    session = companion.session
    try:
        companion.hub.send_move(0, "start")
        lines = companion.step()
        assert said(lines, "start_now") and not session.waiting
        assert not said(hear_typed(session, "start"), "start_now")  # not a command any more
    finally:
        companion.close()


def test_a_loop_asleep_at_its_prompt_is_woken_when_a_phone_joins() -> None:
    companion, _, _ = waiting_table("crack-list", ["Ann", "Bob"])
    try:
        woken = threading.Event()
        companion.wake_with(woken.set)
        with phone(companion, 0):
            assert woken.wait(10)
            lines = companion.step()
            assert said(lines, "companion_still_waiting")
    finally:
        companion.close()


def test_without_the_companion_the_timers_run_from_the_start() -> None:
    session, _ = unstarted("crack-list", ["Ann", "Bob"])
    session.start()
    assert not session.waiting and session.seconds_to_next_tick() is not None
