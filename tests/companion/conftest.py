"""Shared set-up of the companion tests: real sessions of each game on a fake clock."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from host.cli import build_parser
from host.clock import FakeClock
from host.companion.companion import Companion
from host.companion.hub import Hub
from host.companion.views import TableViews
from host.core.session import Session
from host.registry import find_game

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver
    from starlette.testclient import TestClient

    from host.speech.ears import MicrophoneEars
    from host.speech.piper_tts import PiperSynthesizer


def play_args(players: list[str], **rules: object) -> argparse.Namespace:
    """`partyhost play`'s table options, as the real parser reads them (seed 3, in English),
    with these rules given."""
    seats = ["--players", *players] if players else []
    args = build_parser().parse_args(["play", "crack-list", *seats, "--seed", "3",
                                      "--lang", "en"])
    for name, value in rules.items():
        setattr(args, name, value)
    return args


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


def take(client: TestClient, companion: Companion, seat: int) -> str:
    """Tap a seat on the join page as this client (its own device): the seat's token."""
    answer = client.post(f"/j/{companion.hub.join_code}/{seat}", follow_redirects=False)
    assert answer.status_code == 303
    return str(answer.headers["location"]).removeprefix("/s/")


def speak(tmp_path: Path, piper: PiperSynthesizer, text: str) -> MicrophoneEars:
    """`text` said by Piper into a WAV file, as the microphone's audio."""
    from host.speech.audio import WavFileInput
    from host.speech.ears import MicrophoneEars
    from host.speech.tts import join_pcm
    from host.speech.wavio import write_wav

    folder = tmp_path / "said"
    folder.mkdir(exist_ok=True)
    write_wav(folder / "01.wav", join_pcm(piper.synthesize(text)), piper.sample_rate)
    return MicrophoneEars(WavFileInput(folder, gap_seconds=0.6), half_duplex=False)


def crack_list_companion(seed: int = 3) -> Companion:
    """A Crack List game for Ann, Bob and Cat with its companion on the loopback address, any
    free port (neither serving nor published yet)."""
    session = new_session("crack-list", ["Ann", "Bob", "Cat"], seed=seed)
    return Companion(session, "Crack List", host="127.0.0.1", port=0)


@pytest.fixture
def crack_list() -> Iterator[Companion]:
    """A Crack List game for Ann, Bob and Cat with its companion (not serving: for TestClient)."""
    companion = crack_list_companion()
    companion.publish()
    yield companion
    companion.close()


@pytest.fixture
def table() -> Iterator[Companion]:
    """A served Crack List companion (seed 5) on the loopback address, any free port."""
    companion = crack_list_companion(seed=5)
    companion.start()
    companion.publish()
    yield companion
    companion.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    """A headless Chromium shared by a module's tests (a module that needs it skips itself
    where Chromium is not installed)."""
    from tests.companion.browser import chromium

    with chromium() as driver:
        yield driver
