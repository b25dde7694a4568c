"""The text console with the companion page: moves sent from a page are heard between typed
lines, every page is published after each step, and the join line is said."""

from __future__ import annotations

import io
import json

import pytest

from host.companion.address import CompanionError
from host.companion.companion import Companion
from host.companion.join import join_line, join_text, spoken_address
from host.companion.views import page_text
from host.console import run_console
from host.core.session import Line
from host.games.short_list.announce import VOICE
from tests.companion.conftest import new_session


def test_a_move_sent_from_a_page_is_played_between_typed_lines() -> None:
    session = new_session("crack-list", ["Ann", "Bob", "Cat"])
    companion = Companion(session, "Crack List", host="127.0.0.1", port=0)
    title = session.game.offered.categories[2].title  # type: ignore[attr-defined]
    companion.hub.send_move(0, "number three")  # Ann taps her third category
    out = io.StringIO()
    assert run_console(session, stream=io.StringIO("pass\nquit\nyes\n"), out=out,
                       resumed=True, pages=companion) == 0
    game = session.game
    assert game.category.title == title  # type: ignore[attr-defined]
    assert len(game.hands[1]) == 9  # type: ignore[attr-defined]  # Bob typed his pass
    table = json.loads(companion.hub.latest(-1) or "{}")
    assert table["table"]["over"] is True and table["seq"] == companion.seq


def test_the_join_line_and_text_name_the_address_and_the_code() -> None:
    session = new_session("short-list", ["Ann", "Bob", "Cat"])
    companion = Companion(session, "Short List", host="127.0.0.1", port=8765)
    links = companion.links
    assert spoken_address(links) == ("127.0.0.1 port 8765", " ".join(companion.hub.join_code))
    line = join_line(session.phrases, links)
    assert "127.0.0.1 port 8765" in line and " ".join(companion.hub.join_code) in line
    text = join_text(links, page_text(VOICE)("pages_show"))
    assert links.join in text and links.table in text and "█" in text
    assert "It's my turn cards" in text and "their hand" not in text  # Short List's words


def test_the_join_line_is_said_in_french_too() -> None:
    session = new_session("crack-word", ["Ann", "Bob"], lang="fr")
    companion = Companion(session, "Crack Word", host="127.0.0.1", port=8765)
    assert "téléphones" in join_line(session.phrases, companion.links)


def test_a_port_in_use_is_said_in_one_sentence() -> None:
    session = new_session("short-list", ["Ann", "Bob", "Cat"])
    first = Companion(session, "Short List", host="127.0.0.1", port=0)
    first.start()
    try:
        assert first.server is not None
        second = Companion(session, "Short List", host="127.0.0.1", port=first.server.port)
        with pytest.raises(CompanionError, match="--companion-port"):
            second.start()
    finally:
        first.close()


def test_companion_options_are_off_by_default_and_open_the_pages_when_given() -> None:
    import argparse

    from host.companion.hookup import add_companion_arguments, open_companion

    parser = argparse.ArgumentParser()
    add_companion_arguments(parser)
    session = new_session("crack-list", ["Ann", "Bob"])
    said: list[Line] = []
    off = parser.parse_args([])
    assert not off.companion and open_companion(off, session, said.extend) is None
    on = parser.parse_args(["--companion", "--companion-host", "127.0.0.1",
                            "--companion-port", "0"])
    on.game = "crack-list"
    out = io.StringIO()
    companion = open_companion(on, session, said.extend, out=out)
    assert companion is not None
    try:
        assert companion.links.join in out.getvalue()
        assert [line.kind for line in said] == ["companion_join"]
    finally:
        companion.close()


def test_a_public_companion_address_is_a_problem_said_before_the_game_is_set_up() -> None:
    import argparse

    from host.companion.hookup import add_companion_arguments, companion_problem

    parser = argparse.ArgumentParser()
    add_companion_arguments(parser)
    assert companion_problem(parser.parse_args(["--companion-host", "8.8.8.8"])) is None
    problem = companion_problem(parser.parse_args(["--companion", "--companion-host", "8.8.8.8"]))
    assert problem is not None and "--companion-host 8.8.8.8" in problem
    assert companion_problem(parser.parse_args(["--companion", "--companion-host",
                                                "127.0.0.1"])) is None


def test_a_game_quit_closes_its_pages_at_once_and_one_played_out_keeps_them() -> None:
    import random

    from host.play import keep_pages_up
    from host.registry import find_game

    session = new_session("crack-word", ["Ann", "Bob"])
    companion = Companion(session, "Crack Word", host="127.0.0.1", port=0)
    out = io.StringIO()
    session.hear_words("quit")
    session.hear_words("yes")
    keep_pages_up(companion, session, stream=io.StringIO("anything\n"), out=out)
    assert out.getvalue() == ""  # quit, to be resumed: nothing to keep up

    session = new_session("crack-word", ["Ann", "Bob"])
    companion = Companion(session, "Crack Word", host="127.0.0.1", port=0)
    bots = find_game("crack-word").voice_bots(session.game, random.Random(1))
    while not session.finished:
        companion.step(session.push(bots.next_event()))
    companion.hub.send_move(0, "pass")  # a page sends something after the end
    keep_pages_up(companion, session, stream=io.StringIO("anything\n"), out=out)
    assert "until you press Ctrl+C" in out.getvalue()
    assert companion.hub.moves.empty() and companion.hub.on_move is None
    final = json.loads(companion.hub.latest(0) or "{}")["table"]
    winners = [session.game.seats[seat].name for seat in session.game.winners]  # type: ignore[attr-defined]
    assert final["over"] is True and winners
    assert final["final"] in (f"{winners[0]} wins!", f"{' and '.join(winners)} share the win!")
