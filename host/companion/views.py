"""Every page's JSON from the session, whatever the game: the game's own view (its
host/games/<game>/view.py) with the timer, the pause and the host's last lines around it."""

from __future__ import annotations

import functools
import importlib
import json
from collections import deque
from collections.abc import Iterable
from dataclasses import replace
from types import ModuleType
from typing import Any, Protocol, runtime_checkable

from host.companion.hub import PageDraft
from host.companion.schema import Words
from host.core.phrasebook import GameVoice, Phrasebook
from host.core.session import Line, Session

LINES_KEPT = 6
"""How many of the host's last lines a page shows."""
PAGE_LINES = "host.companion.lines"
"""The pages' own text (labels, hints), layered between the core's and the game's."""
PAGE_WORDS = ("your_turn", "turn_of", "your_hand", "send", "say",
              "host", "scan", "read", "paused", "over", "leave",
              "for_you", "no_cards", "live", "lost", "sheet",
              "joined", "final", "expired", "expired_status")
"""The words every page's frame shows (its scripts fill them in)."""
DRAFTS_KEPT = 20
"""How many drafts a seat keeps (a sheet a round): the oldest goes first."""


def button_lines(session: Session) -> list[str]:
    """What every seat's page buttons send now, as the console types it: the move with its
    player's name first (a page speaks for its own seat)."""
    module = view_module(session.game)
    words = page_words(session)
    lines: list[str] = []
    for seat, sitting in enumerate(session.game.seats):
        view = module.seat_view(session.game, seat, session.talk.say, words)
        lines += [f"{sitting.name}: {said}" for said in _sent(view["actions"])]
    return lines


def _sent(actions: Iterable[Any]) -> Iterable[str]:
    """The lines these buttons send, those of the buttons they open too."""
    for button in actions:
        if button["say"]:
            yield button["say"]
        yield from _sent(button.get("options", []))


def page_words(session: Session) -> Words:
    """The pages' text in the session's language."""
    return page_text(session.phrases.game, session.phrases.lang)


@functools.lru_cache(maxsize=16)
def page_text(voice: GameVoice, lang: str = "en") -> Words:
    """A game's pages' text in a language: the [page] tables of the pages' own lines and of
    the game's (a game may word a label its own way). Read once per game and language (the
    console's completion asks at every Tab)."""
    voice = replace(voice, shared=(*voice.shared, PAGE_LINES))
    return Phrasebook(lang, game=voice).page


def view_module(game: object) -> ModuleType:
    """The view module of a game's package (host.games.crack_list.rules -> ….view)."""
    package = type(game).__module__.rsplit(".", 1)[0]
    return importlib.import_module(f"{package}.view")


@runtime_checkable
class Won(Protocol):
    """A game that names who won once it is over (a tie names them all)."""

    winners: tuple[int, ...]


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
        self.words = page_words(session)
        self.frame = {key: self.words(key) for key in PAGE_WORDS}
        self.missing: list[str] = []
        """The seats no page has taken yet (the table's page shows how to join meanwhile)."""
        self.kept: list[dict[str, list[str]]] = [{} for _ in seats]
        """What each seat's page asked the server to keep for it, for that page only (the
        answers written on a Scattergories sheet), by name: a new tab finds them."""

    def keep(self, draft: PageDraft) -> None:
        """Keep one entry of a seat's draft (its sheet's answer number `index`), as the
        server took it (its size checked there)."""
        kept = self.kept[draft.seat]
        if draft.name not in kept and len(kept) >= DRAFTS_KEPT:
            del kept[next(iter(kept))]
        note = kept.setdefault(draft.name, [])
        note.extend([""] * (draft.index + 1 - len(note)))
        note[draft.index] = draft.text

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
        public = self.module.public_view(session.game, self.words)
        joining = self.words("waiting_for", players=", ".join(self.missing)) \
            if self.missing else ""
        return {"game": self.title, **public, "timer": self.timer(public.get("timer_extra", 0.0)),
                "paused": session.paused, "over": session.finished, "joining": joining,
                "final": self.final()}

    def final(self) -> str:
        """Who won, as every page says it once the game is over ("Ann wins!"); "" before (and
        for a game quit, which has no winner)."""
        game = self.session.game
        if not game.over or not isinstance(game, Won) or not game.winners:
            return ""
        seats = [game.seats[seat] for seat in game.winners]
        key = "win_shared" if len(seats) > 1 else \
            "team_wins" if len(seats[0].people) > 1 else "wins"  # a team wins in the plural
        return self.words(key, players=self.session.phrases.names([s.name for s in seats]))

    def timer(self, extra: float = 0.0) -> dict[str, Any] | None:
        """The running timer: its name and when it ends on the session's clock (frozen while
        paused), `extra` seconds later when the game's view shows it running on. A page
        counts down to `ends` from the clock's time sent with it ("now", Hub.stamped), so a
        page opened late counts from when it opened, in step with the others."""
        table = self.session.table
        if table.deadline is None or self.session.finished:
            return None
        paused_left = table.paused_remaining
        return {"name": table.deadline.name, "ends": round(table.deadline.at + extra, 3),
                "paused_left": None if paused_left is None else round(paused_left + extra, 3)}

    def pages(self) -> dict[int, str]:
        """Every audience's page as JSON: -1 the table's, then each seat's."""
        table = self.table()
        say = self.session.talk.say
        pages: dict[int, dict[str, Any]] = {-1: {"lines": list(self.public_lines),
                                                 "words": self.frame}}
        for seat, name in enumerate(self.names):
            me = {"seat": name, **self.module.seat_view(self.session.game, seat, say, self.words),
                  "kept": self.kept[seat]}
            pages[seat] = {"me": me, "lines": list(self.seat_lines[seat]), "words": self.frame}
        return {audience: json.dumps({"table": table, **page}) for audience, page in pages.items()}
