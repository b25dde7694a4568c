"""`partyhost play --companion` as a user runs it: the join link and QR code printed, the join
line said, a phone taking a seat and playing a move between lines typed at the console."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

WAIT_SECONDS = 30


class Output:
    """The child's output, read on a thread: wait (with a timeout) for a pattern to appear."""

    def __init__(self, child: subprocess.Popen[str]) -> None:
        self.text = ""
        self.changed = threading.Condition()
        self.thread = threading.Thread(target=self._read, args=(child,), daemon=True)
        self.thread.start()

    def _read(self, child: subprocess.Popen[str]) -> None:
        assert child.stdout is not None
        for line in child.stdout:
            with self.changed:
                self.text += line
                self.changed.notify_all()

    def wait_for(self, pattern: str, timeout: float = WAIT_SECONDS) -> re.Match[str] | None:
        """The first match of `pattern` once it is in the output; None after `timeout`."""
        with self.changed:
            self.changed.wait_for(lambda: re.search(pattern, self.text) is not None, timeout)
            return re.search(pattern, self.text)


def chosen(phone: ClientConnection, typed: IO[str]) -> tuple[str, str]:
    """Type lines at the console until the phone's page shows a category: it and whose turn."""
    for _ in range(WAIT_SECONDS * 10):
        typed.write("score\n")
        typed.flush()
        try:
            table = json.loads(phone.recv(timeout=0.1))["table"]
        except TimeoutError:
            continue
        if table["phase"] == "turn":
            return table["headline"], table["turn"]
    raise AssertionError("the page never showed the category chosen")


def test_a_phone_joins_and_plays_beside_the_text_console(tmp_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "host", "play", "crack-list", "--text", "--players", "Ann", "Bob",
         "--seed", "3", "--save", str(tmp_path / "game.json"), "--companion",
         "--companion-host", "127.0.0.1", "--companion-port", "0"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdin is not None
    out = Output(child)
    try:
        found = out.wait_for(r"each player opens (http://\S+) ")
        assert found is not None, out.text
        join = found.group(1)
        assert out.wait_for(r"HOST: Join on your phones: open 127\.0\.0\.1 port \d+ and type")
        assert "█" in out.text and out.wait_for(r"Ann, .*Cakes and biscuits")
        base = join.split("/j/")[0]
        taken = httpx.post(f"{join}/0", follow_redirects=False)
        seat, device = taken.headers["location"], taken.headers["set-cookie"].split(";")[0]
        with connect(f"{base.replace('http', 'ws')}/ws/{seat.rsplit('/', 1)[1]}",
                     additional_headers={"Cookie": device}) as phone:  # the seat's phone
            assert json.loads(phone.recv())["me"]["seat"] == "Ann"
            phone.send(json.dumps({"say": "number two"}))
            # Typed from a pipe, lines are read as they come: the page's move is heard after
            # the next typed line.
            assert chosen(phone, child.stdin) == ("Signs of the Western and Chinese zodiacs",
                                                  "Bob")
        child.stdin.write("quit\nyes\n")
        child.stdin.close()
        assert child.wait(WAIT_SECONDS) == 0
    finally:
        child.kill()
    with pytest.raises(httpx.ConnectError):  # the pages end with the game
        httpx.get(join)
