"""The companion server's own pages, in the join template and the game's language: the front
page (type the code), the join page (a button per seat), a seat taken on another device, and
a wrong link's friendly 404."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from host.companion.hub import Hub
from host.companion.schema import Words
from host.core.talk import free_seat_words

STATIC = Path(str(files("host.companion") / "static"))
LOST = "Party Host"
"""The title of the page for a wrong link: not the game's (it shows nothing of the game)."""


@dataclass(frozen=True)
class FrontPages:
    """The join template's pages of one game, worded from the pages' lines ([page] tables)."""

    hub: Hub
    names: Sequence[str]
    title: str
    words: Words
    lang: str
    """The game's: the pages' language, and the one the host is asked to free a seat in."""

    def word(self, key: str, **params: str) -> str:
        """A page's text as HTML: the lines' own text (no markup, no double quote) with its
        params (names) escaped."""
        return self.words(key, **{name: html.escape(value, quote=False)
                                  for name, value in params.items()})

    def page(self, title: str, heading: str, body: str) -> str:
        """A page in the join template."""
        return (STATIC / "join.html").read_text("utf-8").format(
            lang=html.escape(self.lang), title=html.escape(title), heading=heading, body=body)

    def page_of(self, name: str) -> str:
        """The seat's or the table's page (seat.html, table.html: their script fills them in
        as the game goes), marked in the game's language."""
        return (STATIC / name).read_text("utf-8").replace("{lang}", html.escape(self.lang))

    def front(self, wrong: bool) -> str:
        """The front page: type the code (after a wrong one, says so)."""
        said = f"<p class='expired'>{self.word('code_wrong')}</p>" if wrong else ""
        form = ('<form method="get" action="/" class="say-form"><input name="code" '
                f'maxlength="12" autocapitalize="characters" '
                f'placeholder="{self.word("code_placeholder")}" autofocus>'
                f'<button type="submit">{self.word("code_join")}</button></form>')
        return self.page(self.title, self.word("code_heading"), said + form)

    def join(self, device: str | None) -> str:
        """The join page: a button per seat (this device's own as "Back to your seat", one
        taken on another device marked so), and the table's link."""
        hub = self.hub
        buttons = "".join(f'<form method="post" action="/j/{hub.join_code}/{seat}">'
                          f'{self.seat_button(seat, device)}</form>'
                          for seat in range(hub.seats))
        if not hub.open_seats():
            buttons += f"<p>{self.word('all_taken')}</p>"
        table = (f'<p class="table-link"><a href="/t/{hub.table_token}">'
                 f'{self.word("table_link")}</a> {self.word("table_link_for")}</p>')
        return self.page(self.title, self.word("join_heading"), buttons + table)

    def seat_button(self, seat: int, device: str | None) -> str:
        """A seat's button on the join page, as this device sees it."""
        name = self.names[seat]
        if self.hub.owns(seat, device):
            return f'<button class="seat mine">{self.word("seat_mine", player=name)}</button>'
        if self.hub.taken(seat):
            return f'<button class="seat taken">{self.word("seat_taken", player=name)}</button>'
        return f'<button class="seat">{html.escape(name)}</button>'

    def taken(self, seat: int, back: str, back_key: str) -> str:
        """A seat asked for on a device that is not the one that took it: whose it is, what
        its owner can do, and a way back (`back_key`: its words); nothing of the game."""
        name = self.names[seat]
        free = self.word("taken_free", free=free_seat_words(self.lang, name))
        return self.page(LOST, self.word("taken_heading", player=name),
                         f"<p>{free}</p><p><a href='{back}'>{self.word(back_key)}</a></p>")

    def lost(self) -> str:
        """A wrong or expired link: nothing of the game, a way back to the front page."""
        return self.page(LOST, self.word("lost_heading"),
                         f"<p class='expired'>{self.word('lost_why')}</p>"
                         f"<p><a href='/'>{self.word('lost_back')}</a></p>")
