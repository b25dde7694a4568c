"""The text console: what typed input the host takes, the prompt it shows, and, at a terminal,
a real prompt (readline) that the host's lines never land in."""

from __future__ import annotations

import contextlib
import io
import os
import re
import select
import signal
import sys
import time
from pathlib import Path

import pytest

from host import console
from host.clock import FakeClock
from host.console import (
    MAX_TYPED,
    TIMED_OUT,
    LineEditor,
    PlainInput,
    clean_typed,
    hear_typed,
    line_editor,
    prompt,
    run_console,
    typed_moves,
)
from host.core.session import Session
from host.games.crack_list.setup import TableOptions, build_session
from tests.commandline import RULES_DECK, as_at_a_terminal


def session() -> Session:
    """Ann, Bob and Cat on a fake clock, Ann choosing the category."""
    options = TableOptions(players=["Ann", "Bob", "Cat"], seed=4, decks=[RULES_DECK],
                           shipped_decks=False)
    return build_session(options, FakeClock(), save=None)


class FakeTerminal(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_control_characters_and_escapes_are_never_taken_in() -> None:
    assert clean_typed("\x1b[Aam\x07aze\tnow\x00\x1b[31m!\u202e") == "amaze now!"
    assert clean_typed("crème brûlée") == "crème brûlée"


def test_a_piped_game_strips_what_was_typed_and_refuses_a_page() -> None:
    typed = "Ann: 1\n" + "amaze " * 1000 + "\n\x1b[31mBob: chal\x08lenge\x07\n"
    out = io.StringIO()
    assert run_console(session(), stream=io.StringIO(typed), out=out) == 0
    shown = out.getvalue()
    assert "\x1b" not in shown and "\x07" not in shown and "\x08" not in shown
    assert f"That's too long to be an answer: {MAX_TYPED} characters at most" in shown
    assert "amaze amaze" not in shown  # not taken as an answer, nor repeated
    assert "Input closed" in shown


def test_a_line_of_the_longest_size_is_still_heard() -> None:
    table = session()
    table.start()
    table.hear_words("Ann: 1")
    answer = "a" * MAX_TYPED
    assert [line.kind for line in hear_typed(table, answer + "b")] == ["too_long"]
    assert [line.kind for line in hear_typed(table, answer)] != ["too_long"]
    assert hear_typed(table, " \x07 ") == []


def test_the_prompt_follows_who_is_expected_to_speak() -> None:
    table = session()
    table.start()
    assert prompt(table) == "[Ann] > "
    table.hear_words("Ann: 1")
    assert prompt(table) == "[Bob] > "
    assert [line.kind for line in table.hear_words("Cat:")] == ["go_ahead"]
    assert prompt(table) == "[Cat] > "
    table.hear_words("score")  # Cat's question: the floor goes back to Bob
    assert prompt(table) == "[Bob] > "
    table.hear_words("quit")
    assert prompt(table) == "[yes or no] > "


def test_readline_is_used_only_at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    assert line_editor(io.StringIO(), io.StringIO()) is None
    stdin, stdout = FakeTerminal(), FakeTerminal()
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", stdout)
    assert isinstance(line_editor(stdin, stdout), LineEditor)
    assert line_editor(stdin, io.StringIO()) is None  # output to a file: no editing
    assert line_editor(FakeTerminal(), stdout) is None  # not the process's own terminal


def test_a_plain_prompt_is_left_on_its_line_before_the_host_speaks() -> None:
    reading, writing = os.pipe()
    with os.fdopen(reading) as pipe, os.fdopen(writing, "w") as typing:
        stream = _TerminalPipe(pipe)
        out = io.StringIO()
        keyboard = PlainInput(stream, out)
        assert keyboard.read("[Bob] > ", 0.01) is TIMED_OUT
        assert keyboard.read("[Bob] > ", 0.01) is TIMED_OUT  # shown once, not twice
        keyboard.before_output()
        console.show([console.Line("Four!")], out)
        typing.write("amaze\n")
        typing.flush()
        assert keyboard.read("[Bob] > ", 1.0) == "amaze"
    assert out.getvalue() == "[Bob] > \nHOST: Four!\n[Bob] > "


class _TerminalPipe:
    """The reading end of a pipe that says it is a terminal (so that it is read on the clock)."""

    def __init__(self, pipe: io.TextIOWrapper) -> None:
        self.pipe = pipe

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.pipe.fileno()

    def readline(self) -> str:
        return self.pipe.readline()


@pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin",
                    reason="needs a Linux pseudo-terminal")
def test_at_a_terminal_the_countdown_never_lands_in_the_prompt(tmp_path: Path) -> None:
    """`[Bob] > HOST: Four!` was printed when the countdown ticked under the prompt; now the
    prompt is cleared, the host speaks, and the prompt comes back with what was typed."""
    import pty

    pid, fd = pty.fork()
    if pid == 0:  # the child: partyhost at a terminal
        os.environ["TERM"] = "xterm"
        as_at_a_terminal()
        os.execv(sys.executable, [sys.executable, "-m", "host", "play", "crack-list", "--text",
                                  "--players", "Ann", "Bob", "Cat", "--seed", "4",
                                  "--turn-seconds", "4", "--deck",
                                  RULES_DECK, "--only-my-decks", "--save",
                                  str(tmp_path / "save.json")])
    seen = b""

    def expect(pattern: bytes, seconds: float = 30.0) -> None:
        nonlocal seen
        end = time.monotonic() + seconds
        while not re.search(pattern, seen) and time.monotonic() < end:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try:
                    seen += os.read(fd, 4096)
                except OSError:
                    break
        assert re.search(pattern, seen), seen.decode(errors="replace")[-2000:]

    try:
        expect(rb"\[Ann\] > $")
        os.write(fd, b"1\r")
        expect(rb"\[Bob\] > $")
        os.write(fd, b"Cat:\r")
        expect(rb"\[Cat\] > $")  # the prompt names who claimed the floor
        time.sleep(2.2)  # the countdown may be called once half of Bob's 4 s turn has run
        os.write(fd, b"Ann: crack on\r")
        expect(rb"Five!")
        os.write(fd, b"ama")
        expect(rb"HOST: Two!\r\n\[Bob\] > ama")  # what was typed comes back under the tick
        os.write(fd, b"\x1b[Dz\r")  # the arrows edit the line
        expect(rb"amza")
    finally:
        os.kill(pid, signal.SIGTERM)
        status = _reap(pid, fd)
        os.close(fd)
    assert re.search(rb"\] > [^\r\n]*HOST:", seen) is None
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGTERM


def _reap(pid: int, fd: int, seconds: float = 20.0) -> int:
    """Wait for a child told to stop, reading what it still prints (a full terminal would block
    it); kill it if it outlives `seconds`, so that a host deaf to SIGTERM fails, not hangs."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        if select.select([fd], [], [], 0.1)[0]:
            with contextlib.suppress(OSError):
                os.read(fd, 4096)
    os.kill(pid, signal.SIGKILL)
    return os.waitpid(pid, 0)[1]


def test_the_readme_says_a_hand_is_private_only_on_the_companion_page() -> None:
    """Without --companion `my hand` is printed on the shared screen: the README must not
    promise otherwise."""
    readme = " ".join((Path(__file__).parents[1] / "README.md").read_text("utf-8").split())
    assert "shown only to you" not in readme
    assert "Your hand, in private: `--companion`." in readme and "`--cards physical`" in readme
    assert "your hand is not private" in readme


def test_tab_offers_the_legal_moves_as_typed_never_an_answer() -> None:
    table = session()
    table.start()
    assert {"Ann: number one", "number one", "score", "help"} <= set(typed_moves(table))
    assert "Bob: number one" not in typed_moves(table)  # Ann chooses
    table.hear_words("Ann: 1")
    offered = typed_moves(table)
    on_turn = table.game.expected_player()
    assert f"{on_turn}: pass" in offered and "pass" in offered
    category = table.game.category
    assert category is not None
    answers = {entry.text for entry in category.answers}
    assert not any(line.rpartition(": ")[2] in answers for line in offered)
    table.hear_words("quit")
    assert typed_moves(table) == ["yes", "no"]


def test_tab_completes_the_whole_line_from_names_and_moves() -> None:
    moves = ["Bob: challenge", "Bob: call the countdown", "pass"]
    editor = LineEditor(sys.modules["sys"], io.StringIO(), ["Ann", "Bob"], lambda: moves)
    assert [editor._complete("bob: c", n) for n in range(3)] == [*moves[:2], None]
    assert editor._complete("B", 0) == "Bob" and editor._complete("pa", 0) == "pass"
