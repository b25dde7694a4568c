"""The companion's shared state between the game's thread and the web server's: the links'
tokens, the latest page of each audience, the open pages, and the moves sent from a page."""

from __future__ import annotations

import asyncio
import queue
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

TABLE = -1
"""The audience of the table's page (seats are 0, 1, 2 …)."""
EXPIRED = ""
"""Put in an open page's queue when its link expires: the page is closed (code 4404)."""
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""The join code's alphabet: no 0/O, 1/I/L to misread."""
DRAFT_NAME = 40
"""The longest name of a draft a page keeps on the server ("sheet:2:W")."""
DRAFT_ENTRIES = 100
"""How many entries a draft may have (a Scattergories sheet has 12)."""
DRAFT_TEXT = 80
"""The longest entry of a draft (an answer written on the sheet)."""


@dataclass(frozen=True)
class PageMove:
    """Something a player sent from their seat's page: said as if typed at the console."""

    seat: int
    text: str


@dataclass(frozen=True)
class PageDraft:
    """One entry of a draft a seat's page keeps on the server (its Scattergories sheet's
    answer number `index`): no move, never heard, shown again to that seat's pages only."""

    seat: int
    name: str
    index: int
    text: str


def new_device() -> str:
    """A new device's random id, kept in its cookie."""
    return secrets.token_urlsafe(18)


class Hub:
    """Tokens, pages and moves. The game's thread publishes pages and takes moves; the server's
    thread serves tokens, connects pages and queues moves. A token is random and new every
    game; a seat's token changes when the seat is given up or taken again.

    A seat belongs to the device that took it (the id in its cookie) until that device gives
    it back ("Not me") or the host frees it ("free Cat's seat"): a phone that sleeps or loses
    the network keeps it, and gets it back from its link or the join page."""

    def __init__(self, seats: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.seats = seats
        self.clock = clock
        """The game's clock, on which a page's timer ends: each page is sent with its time."""
        self.join_code = "".join(secrets.choice(CODE_LETTERS) for _ in range(6))
        self.table_token = secrets.token_urlsafe(12)
        self.seat_tokens = [secrets.token_urlsafe(16) for _ in range(seats)]
        self.owners: list[str | None] = [None] * seats
        """The device that took each seat; None while it is free."""
        self.moves: queue.Queue[PageMove | PageDraft] = queue.Queue()
        self.on_move: Callable[[], None] | None = None
        """Called (on the server's thread) after a move is queued: wakes the game's loop."""
        self.loop: asyncio.AbstractEventLoop | None = None
        self._latest: dict[int, str] = {}
        self._pages: dict[int, set[asyncio.Queue[str]]] = {}
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ tokens and seats

    def audience(self, token: str) -> int | None:
        """The seat (or TABLE) a token names; None for a wrong or expired one. A seat's token
        opens it only on its owner's device (owns)."""
        with self._lock:
            if secrets.compare_digest(token.encode(), self.table_token.encode()):
                return TABLE
            for seat, known in enumerate(self.seat_tokens):
                if secrets.compare_digest(token.encode(), known.encode()):
                    return seat
        return None

    def owns(self, seat: int, device: str | None) -> bool:
        """Whether `device` is the one that took the seat."""
        with self._lock:
            return _same(self.owners[seat], device)

    def taken(self, seat: int) -> bool:
        """Whether a device holds the seat."""
        with self._lock:
            return self.owners[seat] is not None

    def open_seats(self) -> list[int]:
        """The seats no device holds: the join page offers them."""
        with self._lock:
            return [seat for seat in range(self.seats) if self.owners[seat] is None]

    def claim(self, seat: int, device: str) -> str | None:
        """Take a seat for `device`: its link (a new token for a free seat; the same one when
        the device already holds it), or None when another device holds it."""
        with self._lock:
            if _same(self.owners[seat], device):
                return self.seat_tokens[seat]
            if self.owners[seat] is not None:
                return None
            self.owners[seat] = device
            self.seat_tokens[seat] = secrets.token_urlsafe(16)
            return self.seat_tokens[seat]

    def release(self, seat: int) -> bool:
        """Give a seat up ("Not me", or freed by the host): its link expires, its open pages
        are closed (code 4404) and the join page offers it again. From any thread; False when
        no device held it."""
        with self._lock:
            held = self.owners[seat] is not None
            self.owners[seat] = None
            self.seat_tokens[seat] = secrets.token_urlsafe(16)
            outboxes = list(self._pages.get(seat, ()))
        loop = self.loop
        if outboxes and loop is not None and not loop.is_closed():
            for outbox in outboxes:
                loop.call_soon_threadsafe(outbox.put_nowait, EXPIRED)
        return held

    # ------------------------------------------------------------------ pages

    def publish(self, audience: int, page: str) -> None:
        """The audience's page is now `page` (JSON): keep it and send it to its open pages.
        Safe from any thread."""
        with self._lock:
            if self._latest.get(audience) == page:
                return
            self._latest[audience] = page
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._fan_out, audience, page)

    def stamped(self, page: str) -> str:
        """A page as it is sent now: with the clock's time ("now"), from which it counts its
        timer down; a page that connects late, or again, counts from when it got it."""
        return f'{{"now": {round(self.clock(), 3)}, {page[1:]}'

    def latest(self, audience: int) -> str | None:
        """The audience's page as last published."""
        with self._lock:
            return self._latest.get(audience)

    def connect(self, audience: int) -> asyncio.Queue[str]:
        """A page opens (server's thread): the queue of what to send it, the latest first."""
        self.loop = asyncio.get_running_loop()
        outbox: asyncio.Queue[str] = asyncio.Queue()
        with self._lock:
            self._pages.setdefault(audience, set()).add(outbox)
            latest = self._latest.get(audience)
        if latest is not None:
            outbox.put_nowait(latest)
        return outbox

    def disconnect(self, audience: int, outbox: asyncio.Queue[str]) -> None:
        """A page closed."""
        with self._lock:
            self._pages.get(audience, set()).discard(outbox)

    def pages_open(self, audience: int) -> int:
        """How many pages of the audience are connected."""
        with self._lock:
            return len(self._pages.get(audience, ()))

    def _fan_out(self, audience: int, page: str) -> None:
        with self._lock:
            outboxes = list(self._pages.get(audience, ()))
        for outbox in outboxes:
            outbox.put_nowait(page)

    # ------------------------------------------------------------------ moves

    def send_move(self, seat: int, text: str) -> None:
        """A seat's page sent a move (server's thread): queue it and wake the game's loop."""
        self._queue(PageMove(seat, text))

    def send_draft(self, draft: PageDraft) -> None:
        """A seat's page sent a draft to keep (server's thread): queued with the moves, in
        order, and the game's loop woken to keep it and send it back to the seat's pages."""
        self._queue(draft)

    def _queue(self, message: PageMove | PageDraft) -> None:
        self.moves.put(message)
        if self.on_move is not None:
            self.on_move()

    def take_moves(self) -> list[PageMove | PageDraft]:
        """The moves and drafts sent since the last call (the game's thread)."""
        taken = []
        while True:
            try:
                taken.append(self.moves.get_nowait())
            except queue.Empty:
                return taken


def _same(owner: str | None, device: str | None) -> bool:
    """Whether a seat's owner is this device (compared in constant time)."""
    return owner is not None and device is not None \
        and secrets.compare_digest(owner.encode(), device.encode())
