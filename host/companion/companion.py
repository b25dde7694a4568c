"""The companion page for one game: started beside the console or the voice loop, it publishes
every page after each step and hands the moves sent from a seat's page to the session, said
as that player would type them at the console."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from host.companion.address import DEFAULT_PORT, CompanionError, bind_address
from host.companion.hub import TABLE, Hub, PageDraft, PageMove
from host.companion.server import Server, build_app
from host.companion.views import TableViews
from host.core.hearing import QUIT_YES
from host.core.session import Line, Session
from host.core.talk import NO, YES, Speakers, clean, seat_to_free

POLL_SECONDS = 0.1
"""How often a loop that cannot be woken looks for moves sent from pages."""
WAKE_AGAIN = 0.05
JOIN_POLL = 0.25
"""While the table waits for its players, how often a seat taken is looked for on behalf of
a loop asleep at its prompt."""


@dataclass(frozen=True)
class Links:
    """Where the pages are."""

    join: str
    table: str


class Nudger:
    """Wakes the game's loop until it has taken the moves pages sent: a wake that comes just
    before the loop starts waiting is not lost."""

    def __init__(self, hub: Hub, wake: Callable[[], None]) -> None:
        self.hub = hub
        self.wake = wake
        self.running = threading.Lock()

    def nudge(self) -> None:
        """A move was queued (server's thread): wake the loop until it is taken."""
        if self.running.acquire(blocking=False):
            threading.Thread(target=self._until_taken, name="companion-wake", daemon=True).start()

    def _until_taken(self) -> None:
        try:
            while not self.hub.moves.empty():
                self.wake()
                time.sleep(WAKE_AGAIN)
        finally:
            self.running.release()
        if not self.hub.moves.empty():
            self.nudge()  # a move queued as this thread was ending


class Companion:
    """The web pages of one game: tokens, server, views; the game's thread calls step()."""

    def __init__(self, session: Session, title: str, *, host: str | None = None,
                 port: int = DEFAULT_PORT) -> None:
        self.session = session
        session.phrases.use("with_pages")  # the host words some lines for players with pages
        self.views = TableViews(session, title)
        self.hub = Hub(len(self.views.names), session.clock.now)
        self.app = build_app(self.hub, self.views.names, title, self.views.words,
                             session.phrases.lang)
        session.page_seats = self  # "free Cat's seat", said to the host
        self.address = bind_address(host)
        self.port = port
        self.server: Server | None = None
        self.speakers = Speakers(session.game.seats, lambda words: False)
        self.seq = 0
        """Bumped at every publish: a page's "seq" says which step it shows."""
        self._sent: dict[int, str] = {}
        self._asked: tuple[int, int] | None = None
        """The seat whose page's move made the host ask its question, and that question's
        number (Session.table.questions): only that page may answer it."""
        self._missing_said: list[str] | None = None
        """Who the host last said it waits for (None: not said yet)."""
        self._closed = False

    @property
    def links(self) -> Links:
        """The join page's and the table page's addresses."""
        port = self.server.port if self.server else self.port
        base = f"http://{self.address}:{port}"
        return Links(f"{base}/j/{self.hub.join_code}", f"{base}/t/{self.hub.table_token}")

    def start(self) -> Links:
        """Start serving (pages may connect at once); CompanionError when the port is taken."""
        try:
            self.server = Server(self.app, self.address, self.port)
        except OSError as err:
            raise CompanionError(
                f"the companion page cannot listen on {self.address} port {self.port} "
                f"({err.strerror or err}): choose another with --companion-port N") from None
        self.server.start()
        return self.links

    def wake_with(self, wake: Callable[[], None] | None) -> None:
        """How to interrupt the loop's wait when a page sends a move (the console's prompt):
        called every WAKE_AGAIN seconds, on a thread of its own, until the loop takes it; and
        while the table waits for its players, when one joins."""
        self.hub.on_move = None if wake is None else Nudger(self.hub, wake).nudge
        if wake is not None and self.session.waiting:
            threading.Thread(target=self._watch_joins, args=(wake,), name="companion-joins",
                             daemon=True).start()

    def wait_for_players(self) -> None:
        """No timer runs until every seat is taken or someone says start; the host says who
        is still missing (at the next step, and whenever it changes)."""
        self.session.wait_for_players()

    def missing(self) -> list[str]:
        """The players whose seat no phone has taken."""
        return [self.views.names[seat] for seat in self.hub.open_seats()]

    def joining(self) -> list[Line]:
        """While the table waits: who is still missing, when that has changed; once every
        seat is taken, the game's clock starts."""
        if not self.session.waiting or self.session.finished:
            return []
        missing = self.missing()
        if not missing:
            self.session.begin()
            return [self._line("companion_all_joined")]
        if missing == self._missing_said:
            return []
        key = "companion_still_waiting" if self._missing_said else "companion_waiting"
        self._missing_said = missing
        return [self._line(key, missing=self.session.phrases.names(missing))]

    def _watch_joins(self, wake: Callable[[], None]) -> None:
        """While the table waits (on a thread of its own): wake the loop until it has said
        each change of who is missing."""
        session = self.session
        while session.waiting and not session.finished and not self._closed:
            said = self._missing_said
            changed = said is not None and self.missing() != said
            if changed:
                wake()
            time.sleep(WAKE_AGAIN if changed else JOIN_POLL)

    def _line(self, key: str, **params: object) -> Line:
        return Line(self.session.phrases.line(key, **params), key)

    def finish(self) -> None:
        """The game is over and its pages stay up: they show its end, and what a page still
        sends wakes no loop (there is none) and is never heard."""
        self.hub.on_move = None
        self.hub.take_moves()
        self.publish()

    def close(self) -> None:
        """Stop serving: every link is dead from now on."""
        self._closed = True
        if self.server is not None:
            self.server.stop()

    def step(self, lines: Iterable[Line] = ()) -> list[Line]:
        """After the loop's own lines: hear the moves pages sent, then publish every page.
        Returns what the room's screen and voice say in their place: these lines, then the
        answers to the page moves. A private line is on its seat's page only: in its place
        the room hears who should look at their page, or nothing when a page asked."""
        shown = list(lines)
        answered = self.hear_moves()
        joined = self.joining()
        self.publish([*shown, *answered, *joined])
        return [*map(self.for_the_room, shown), *(a for a in answered if not a.private_to),
                *joined]

    def for_the_room(self, line: Line) -> Line:
        """A line as the shared screen and the voice may give it: a private one points its
        player to their page."""
        if not line.private_to:
            return line
        text = self.session.phrases.line("companion_on_your_page", player=line.private_to)
        return Line(text, "companion_on_your_page")

    def hear_moves(self) -> list[Line]:
        """The session's answer to each move sent from a seat's page; a draft a page sent is
        kept for that seat's pages, never heard."""
        lines: list[Line] = []
        for move in self.hub.take_moves():
            if self.session.finished:
                break
            if isinstance(move, PageDraft):
                self.views.keep(move)
            else:
                lines += self.take_move(move)
        return lines

    def take_move(self, move: PageMove) -> list[Line]:
        """A page's move, heard exactly as the console hears it typed with the player's name
        first ("Bob: challenge"): same grammar, same rules. A page speaks for its own seat
        only: a line naming another player first is refused without reaching the game. A yes
        or a no to the host's own question ("really quit?") answers it only from the page
        whose move asked it: from another page it is answered privately and goes no further
        (what the console or the voice asked, they answer). A page cannot free a seat."""
        from host.console import hear_typed

        seat = self.session.game.seats[move.seat]
        named, said = self.speakers.split(move.text)
        if named is not None and named != seat.name:
            return [self._private("companion_own_seat", seat.name)]
        if seat_to_free(said, self.speakers) is not None:  # the host's to do, not a page's
            return [self._private("companion_host_frees", seat.name)]
        table = self.session.table
        answers = (*QUIT_YES, *NO) if table.confirming_quit else (*YES, *NO)
        answering = self.session.asking and clean(said) in answers
        if answering and self._asked != (move.seat, table.questions):
            return [self._private("companion_not_your_question", seat.name)]
        asked = table.questions
        # A yes or a no to this page's own question goes as typed; anything else as its player.
        lines = hear_typed(self.session, said if answering else f"{seat.people[0]}: {said}")
        if table.questions != asked:
            self._asked = (move.seat, table.questions)
        return lines

    def _private(self, key: str, player: str) -> Line:
        """A line for one player's page only."""
        return Line(self.session.phrases.line(key, player=player), key, private_to=player)

    def free_seat(self, seat: str) -> bool:
        """The host frees a seat ("free Cat's seat"): its page closes, the join page offers
        it again; False when no device held it (game's thread)."""
        return self.hub.release(self.views.names.index(seat))

    def taken_seats(self) -> list[str]:
        """The seats a device holds."""
        return [name for seat, name in enumerate(self.views.names) if self.hub.taken(seat)]

    def publish(self, lines: Iterable[Line] = ()) -> None:
        """Send every page its new state (a page that has not changed is not sent again)."""
        self.views.hear_lines(lines)
        self.views.missing = self.missing()
        self.seq += 1
        for audience, page in self.views.pages().items():
            if self._sent.get(audience) != page:
                self._sent[audience] = page
                self.hub.publish(audience, f'{{"seq": {self.seq}, {page[1:]}')

    def pages_open(self) -> int:
        """How many pages are connected (the table's and the seats')."""
        return sum(self.hub.pages_open(a) for a in (TABLE, *range(self.hub.seats)))
