"""Every page's JSON from the session, whatever the game: the game's own view (its
host/games/<game>/view.py) with the timer, the pause and the host's last lines around it."""

from __future__ import annotations

import importlib
import json
from collections import deque
from collections.abc import Iterable
from types import ModuleType
from typing import Any

from host.core.session import Line, Session

LINES_KEPT = 6
"""How many of the host's last lines a page shows."""


def button_lines(session: Session) -> list[str]:
    """What every seat's page buttons send now, as the console types it: the move with its
    player's name first (a page speaks for its own seat)."""
    module = view_module(session.game)
    lines: list[str] = []
    for seat, sitting in enumerate(session.game.seats):
        view = module.seat_view(session.game, seat, session.talk.say)
        lines += [f"{sitting.name}: {said}" for said in _sent(view["actions"])]
    return lines


def _sent(actions: Iterable[Any]) -> Iterable[str]:
    """The lines these buttons send, those of the buttons they open too."""
    for button in actions:
        if button["say"]:
            yield button["say"]
        yield from _sent(button.get("options", []))


def view_module(game: object) -> ModuleType:
    """The view module of a game's package (host.games.crack_list.rules -> ….view)."""
    package = type(game).__module__.rsplit(".", 1)[0]
    return importlib.import_module(f"{package}.view")


class TableViews:
    """The JSON of the table's page and of each seat's page, and the host's lines they show
    (a line private to a seat only on that seat's page)."""

    def __init__(self, session: Session, title: str) -> None:
        self.session = session
        self.title = title
        self.module = view_module(session.game)
        seats = session.game.seats
        self.names = [seat.name for seat in seats]
        self._owner = {person.casefold(): i for i, seat in enumerate(seats)
                       for person in (seat.name, *seat.people)}
        self.public_lines: deque[str] = deque(maxlen=LINES_KEPT)
        self.seat_lines = [deque[dict[str, Any]](maxlen=LINES_KEPT) for _ in seats]

    def hear_lines(self, lines: Iterable[Line]) -> None:
        """Keep the host's lines: the public ones for every page, a private one for its seat."""
        for line in lines:
            if line.private_to is None:
                self.public_lines.append(line.text)
                for kept in self.seat_lines:
                    kept.append({"text": line.text, "private": False})
                continue
            seat = self._owner.get(line.private_to.casefold())
            if seat is not None:
                self.seat_lines[seat].append({"text": line.text, "private": True})

    def table(self) -> dict[str, Any]:
        """The table's part: the game's public view, the timer, paused, over."""
        session = self.session
        return {"game": self.title, **self.module.public_view(session.game),
                "timer": self.timer(), "paused": session.paused, "over": session.finished}

    def timer(self) -> dict[str, Any] | None:
        """The running timer: its name and when it ends on the session's clock (frozen while
        paused); `seconds_left` is added as each page is sent."""
        table = self.session.table
        if table.deadline is None or self.session.finished:
            return None
        return {"name": table.deadline.name, "ends": table.deadline.at,
                "paused_left": table.paused_remaining}

    def seconds_left(self, timer: dict[str, Any] | None) -> dict[str, Any] | None:
        """The timer as a page counts it down: the seconds left now."""
        if timer is None:
            return None
        left = timer["paused_left"]
        if left is None:
            left = timer["ends"] - self.session.clock.now()
        return {"name": timer["name"], "seconds_left": round(max(0.0, left), 2)}

    def pages(self) -> dict[int, tuple[str, str]]:
        """Every audience's page: -1 the table's, then each seat's, as (what it shows apart
        from the seconds left, the JSON to send)."""
        table = self.table()
        counted = {**table, "timer": self.seconds_left(table["timer"])}
        say = self.session.talk.say
        pages: dict[int, dict[str, Any]] = {-1: {"lines": list(self.public_lines)}}
        for seat, name in enumerate(self.names):
            me = {"seat": name, **self.module.seat_view(self.session.game, seat, say)}
            pages[seat] = {"me": me, "lines": list(self.seat_lines[seat])}
        return {audience: (json.dumps({"table": table, **page}),
                           json.dumps({"table": counted, **page}))
                for audience, page in pages.items()}
