"""With the companion page, a private line (a player's hand) is on that player's page only:
the host's console and voice, seen and heard by the whole table, point to the page instead
(or say nothing when the page asked). Without it, the console is the one screen and shows it."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from host.companion.companion import Companion
from host.console import run_console
from host.speech.audio import WavFileInput
from host.speech.ears import MicrophoneEars, StreamClock
from host.speech.piper_tts import PiperSynthesizer
from host.speech.stt import make_recognizer
from host.speech.wavio import write_wav
from host.voice import Mouth, VoiceLoop
from tests.companion.conftest import new_session


def private_texts(companion: Companion, seat: int) -> list[str]:
    """The private lines a seat's page was sent."""
    page = json.loads(companion.hub.latest(seat) or "{}")
    return [line["text"] for line in page.get("lines", []) if line["private"]]


def test_a_hand_asked_at_the_console_is_on_the_players_page_only() -> None:
    session = new_session("crack-list", ["Ann", "Bob", "Cat"])
    companion = Companion(session, "Crack List", host="127.0.0.1", port=0)
    out = io.StringIO()
    run_console(session, stream=io.StringIO("Cat: my hand\nquit\nyes\n"), out=out,
                resumed=True, pages=companion)
    hand = private_texts(companion, 2)
    assert hand and not any(text in out.getvalue() for text in hand)
    assert re.search(r"^HOST: Cat, .*page\.$", out.getvalue(), re.M), out.getvalue()
    assert "only)" not in out.getvalue()
    assert private_texts(companion, 0) == private_texts(companion, 1) == []


def test_a_hand_asked_from_a_page_is_not_printed_on_the_console() -> None:
    session = new_session("crack-list", ["Ann", "Bob", "Cat"])
    companion = Companion(session, "Crack List", host="127.0.0.1", port=0)
    companion.hub.send_move(1, "my hand")  # Bob types it on his page
    out = io.StringIO()
    run_console(session, stream=io.StringIO("quit\nyes\n"), out=out, resumed=True,
                pages=companion)
    hand = private_texts(companion, 1)
    assert hand and not any(text in out.getvalue() for text in hand)
    assert "Bob, " not in out.getvalue() and "only)" not in out.getvalue()


def test_without_the_companion_the_console_shows_the_hand_as_before() -> None:
    session = new_session("crack-list", ["Ann", "Bob", "Cat"])
    out = io.StringIO()
    run_console(session, stream=io.StringIO("Cat: my hand\nquit\nyes\n"), out=out,
                resumed=True)
    assert "(for Cat only) " in out.getvalue()


def test_by_voice_a_hand_asked_from_a_page_is_neither_shown_nor_said(tmp_path: Path) -> None:
    write_wav(tmp_path / "silence.wav", bytes(2 * 16_000 * 2), 16_000)
    ears = MicrophoneEars(WavFileInput(tmp_path / "silence.wav"), half_duplex=False)
    session = new_session("crack-word", ["Ann", "Bob"])
    session.clock = StreamClock(ears)
    companion = Companion(session, "Crack Word", host="127.0.0.1", port=0)
    companion.hub.send_move(0, "my hand")
    shown: list[str] = []
    loop = VoiceLoop(session, ears, make_recognizer("auto"),
                     Mouth(PiperSynthesizer(steady=True), []), show=shown.append,
                     pages=companion)
    loop.run(resumed=True)
    hand = private_texts(companion, 0)
    assert hand and not any(text in said for text in hand for said in shown)
    assert not any("only)" in said for said in shown)
