"""Every game's views over whole bot games: JSON the pages can take, a seat's page holding only
its own hand, and every button saying a move of that seat in the game's own grammar."""

from __future__ import annotations

import json
import random
import tomllib
from importlib import resources
from typing import Any

import pytest

from host.companion.views import TableViews
from host.core.session import Session
from host.core.talk import Query
from host.registry import find_game
from tests.companion.conftest import new_session, seconds_left

GAMES = {
    "crack-list": ["Ann", "Bob", "Cat", "Dan"],
    "short-list": ["Ann", "Bob", "Cat"],
    "scattergories": ["Ann", "Bob", "Cat"],
    "crack-word": ["Ann", "Bob", "Cat"],
}
EVENTS = 400


def own_hand(session: Session, seat: int) -> list[str] | None:
    """The faces of the cards a seat holds, where the game deals hands."""
    hands = getattr(session.game, "hands", None)
    if hands is None:
        return None
    return sorted(str(getattr(card, "face", card)) for card in hands[seat])


def shown_faces(me: dict[str, Any]) -> list[str]:
    """The faces of the cards a seat's page shows, as the game names them."""
    names = {"Crack List": "CRACK_LIST", "Pétard": "!", "Étoile": "*"}
    faces = [c["text"].split(" +")[0] for c in me.get("hand", [])]
    return sorted(names.get(face, face.upper()) for face in faces)


def every_button(buttons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """These buttons and those they open, at any depth."""
    return [deep for button in buttons
            for deep in [button, *every_button(button.get("options", []))]]


def check_pages(session: Session, views: TableViews) -> None:
    """What every page holds now."""
    pages = {audience: json.loads(page) for audience, page in views.pages().items()}
    assert "me" not in pages[-1] and "hand" not in pages[-1]["table"]
    for seat, player in enumerate(session.game.seats):
        me = pages[seat]["me"]
        assert me["seat"] == player.name
        hand = own_hand(session, seat)
        if hand is not None:
            assert shown_faces(me) == hand
        buttons = [*me.get("actions", []), *(c["tap"] for c in me.get("hand", []) if "tap" in c)]
        for button in every_button(buttons):
            said = button["say"]
            if button.get("options") or button.get("fill"):
                assert not said
                continue
            text = said if said.startswith(f"{player.name}:") else f"{player.name}: {said}"
            heard = session.talk.parse(text)
            who = heard.player if isinstance(heard, Query) else getattr(heard, "player", None)
            assert who == player.name, (button, heard)


@pytest.mark.parametrize("game", GAMES)
def test_pages_follow_a_bot_game(game: str) -> None:
    session = new_session(game, GAMES[game])
    views = TableViews(session, find_game(game).title)
    bots = find_game(game).voice_bots(session.game, random.Random(7))
    check_pages(session, views)
    for _ in range(EVENTS):
        if session.finished:
            break
        views.hear_lines(session.push(bots.next_event()))
        check_pages(session, views)


def test_a_private_line_goes_to_its_seat_only() -> None:
    session = new_session("crack-list", ["Ann", "Bob", "Cat"])
    views = TableViews(session, "Crack List")
    views.hear_lines(session.hear_words("Bob: my hand"))
    pages = {audience: json.loads(page) for audience, page in views.pages().items()}
    assert any(line["private"] for line in pages[1]["lines"])
    assert not any(line["private"] for line in pages[0]["lines"] + pages[2]["lines"])
    assert all(isinstance(line, str) for line in pages[-1]["lines"])


def test_the_timer_counts_down_on_the_session_clock_and_stops_while_paused() -> None:
    session = new_session("short-list", ["Ann", "Bob", "Cat"])
    views = TableViews(session, "Short List")
    assert seconds_left(views) == 30 and views.table()["timer"]["name"] == "guess"
    session.clock.advance(12)  # type: ignore[attr-defined]
    assert seconds_left(views) == seconds_left(views, 0) == 18
    session.hear_words("pause the game")
    session.clock.advance(100)  # type: ignore[attr-defined]
    assert views.table()["paused"] and seconds_left(views) == 18


def test_a_team_that_wins_is_said_in_the_plural() -> None:
    session = new_session("crack-list", [], teams=["Ann,Bob", "Cat,Dan"])
    views = TableViews(session, "Crack List")
    bots = find_game("crack-list").voice_bots(session.game, random.Random(1))
    while not session.finished:
        session.push(bots.next_event())
    winners = session.game.winners  # type: ignore[attr-defined]
    assert len(winners) == 1
    team = session.game.seats[winners[0]]
    assert views.final() == f"{team.name} win!"


def test_the_pages_have_the_same_text_in_english_and_french() -> None:
    """Every [page] key of the companion's lines in both languages; a team's win and a shared
    one in the plural in French too (a team's game in French would say so)."""
    books = {lang: tomllib.loads(resources.files("host.companion.lines").joinpath(
        f"{lang}.toml").read_text("utf-8"))["page"] for lang in ("en", "fr")}
    assert books["en"].keys() == books["fr"].keys()
    assert "gagnent" in books["fr"]["team_wins"] and "gagnent" in books["fr"]["win_shared"]
