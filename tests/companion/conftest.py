"""Shared set-up of the companion tests: real sessions of each game on a fake clock."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator

import pytest

from host.clock import FakeClock
from host.companion.companion import Companion
from host.companion.hub import Hub
from host.companion.views import TableViews
from host.core.session import Session
from host.registry import find_game


def play_args(players: list[str], **rules: object) -> argparse.Namespace:
    """`partyhost play`'s table options, as the command line gives them."""
    values: dict[str, object] = dict(
        players=players, teams=[], first=None, seed=3, lang="en", deck=[], only_my_decks=False,
        adults=False, turn_seconds=None, rounds=None, guess_seconds=None, host_quizmaster=False,
        list_number=None, categories=None, writing_seconds=None, spoken_answers=False,
        expert=False, cards="virtual", blue_deck=None)
    values.update(rules)
    return argparse.Namespace(**values)


def new_session(game: str, players: list[str], **rules: object) -> Session:
    """A started session of `game` on a fake clock, with no save file."""
    kind = find_game(game)
    session = kind.new_session(kind.options_from_args(play_args(players, **rules)),
                               FakeClock(), None, ())
    session.start()
    return session


def seconds_left(views: TableViews, audience: int = -1) -> float:
    """What a page sent now counts down from (app.js's countdown): its timer's end on the
    host's clock less the clock's time sent with it; paused, what was left."""
    page = json.loads(Hub(0, views.session.clock.now).stamped(views.pages()[audience]))
    timer = page["table"]["timer"]
    return float(timer["ends"] - page["now"] if timer["paused_left"] is None
                 else timer["paused_left"])


@pytest.fixture
def crack_list() -> Iterator[Companion]:
    """A Crack List game for Ann, Bob and Cat with its companion (not serving: for TestClient)."""
    session = new_session("crack-list", ["Ann", "Bob", "Cat"])
    companion = Companion(session, "Crack List", host="127.0.0.1", port=0)
    companion.publish()
    yield companion
    companion.close()
