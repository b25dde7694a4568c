"""The host's question belongs to who asked it: a quit typed at the console is confirmed at the
console (or aloud), a quit sent from a page by that page; a yes or a no from any other page is
answered on that page only and goes no further."""

from __future__ import annotations

import io

from host.companion.companion import Companion
from host.console import hear_typed, run_console
from tests.companion.conftest import new_session


class Typing(io.StringIO):
    """Lines typed at the console; a page sends `page_move` (seat, text) as the first line is
    typed, so the loop hears it right after that line."""

    def __init__(self, text: str, companion: Companion, page_move: tuple[int, str]) -> None:
        super().__init__(text)
        self.companion, self.page_move, self.lines = companion, page_move, 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        self.lines += 1
        if self.lines == 1:
            self.companion.hub.send_move(*self.page_move)
        return super().readline(-1 if size is None else size)


def test_a_yes_from_a_phone_does_not_confirm_a_quit_typed_at_the_console() -> None:
    session = new_session("crack-list", ["Ann", "Bob", "Cat"])
    companion = Companion(session, "Crack List", host="127.0.0.1", port=0)
    out = io.StringIO()
    typed = Typing("quit\nno\npass\n", companion, (1, "yes"))
    assert run_console(session, stream=typed, out=out, resumed=True, pages=companion) == 0
    assert not session.finished  # Bob's yes was not the console's; the console said no
    refusal = session.phrases.line("companion_not_your_question", player="Bob")
    assert refusal in (companion.hub.latest(1) or "") and refusal not in out.getvalue()
    assert refusal not in (companion.hub.latest(0) or "")
    cancelled = session.phrases.lines["quit_cancelled"]
    assert any(line in out.getvalue() for line in cancelled)


def test_the_console_confirms_its_own_quit_whatever_a_phone_said() -> None:
    session = new_session("crack-list", ["Ann", "Bob", "Cat"])
    companion = Companion(session, "Crack List", host="127.0.0.1", port=0)
    typed = Typing("quit\nyes\n", companion, (2, "no"))
    assert run_console(session, stream=typed, out=io.StringIO(), resumed=True,
                       pages=companion) == 0
    assert session.table.quit


def test_a_phone_s_quit_is_not_confirmed_by_another_phone_but_by_itself() -> None:
    session = new_session("crack-list", ["Ann", "Bob", "Cat"])
    companion = Companion(session, "Crack List", host="127.0.0.1", port=0)
    hub = companion.hub
    hub.send_move(0, "quit")
    companion.step()
    hub.send_move(2, "yes")
    hub.send_move(1, "yes quit")
    companion.step()
    assert session.asking and not session.finished
    hub.send_move(0, "yes")
    companion.step()
    assert session.table.quit


def test_a_question_asked_again_at_the_console_is_no_longer_the_phone_s() -> None:
    session = new_session("crack-list", ["Ann", "Bob", "Cat"])
    companion = Companion(session, "Crack List", host="127.0.0.1", port=0)
    companion.hub.send_move(0, "quit")
    companion.step()
    companion.step(hear_typed(session, "no"))  # the console answers Ann's question
    companion.step(hear_typed(session, "quit"))  # and asks its own
    companion.hub.send_move(0, "yes")
    companion.step()
    assert session.asking and not session.finished
