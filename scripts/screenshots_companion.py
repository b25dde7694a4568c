#!/usr/bin/env python3
"""Screenshots of the companion pages as a party sees them: each game played a little through
the real session and server, with the players' pages open in a real headless Chromium (joined
from the join page) and the table's page on a TV; at each scene the table's page is saved at
1366x768 and 1920x1080 and one player's phone at 390x844, as PNG files in a folder (and,
first, the table before anyone joins, the join page and a wrong link's page on a phone).

    .venv/bin/python scripts/screenshots_companion.py [FOLDER] [--game GAME] [--readme]

FOLDER defaults to out/screenshots; --readme writes only the README's (docs/companion). The
clock is a fake one: the timers show their full time.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from host.cli import build_parser
from host.clock import FakeClock
from host.companion.companion import Companion
from host.companion.hub import TABLE
from host.console import hear_typed
from host.registry import find_game
from tests.companion.browser import chromium, wait_for

TV_SIZES = ((1366, 768), (1920, 1080))
BOTS_TO_THE_END = "bots play to the end"
"""A scene's line that lets the game's bots play every move until the game is over."""
PHONE = (390, 844)


@dataclass(frozen=True)
class Scene:
    """A moment of a game: the lines typed to reach it (each "Name: words", as at the
    console), whose phone is shot, and what that player does on it first (taps, typing: the
    host hears what each act sends before the next)."""

    name: str
    typed: tuple[str, ...]
    seat: str
    acts: tuple[Callable[[WebDriver], None], ...] = ()
    readme: bool = False
    """The game's scene the README shows (--readme)."""


@dataclass(frozen=True)
class Table:
    """A game to shoot: its players, seed and options, and its scenes in order."""

    players: tuple[str, ...]
    seed: int
    scenes: tuple[Scene, ...]
    options: tuple[str, ...] = field(default=())


def tap(text: str, css: str = "button") -> Callable[[WebDriver], None]:
    """Tap the button (or card) showing `text`."""
    def act(driver: WebDriver) -> None:
        wait_for(driver, lambda d: [b for b in d.find_elements(By.CSS_SELECTOR, css)
                                    if b.text == text])
        next(b for b in driver.find_elements(By.CSS_SELECTOR, css) if b.text == text).click()
    return act


def write(*answers: str) -> Callable[[WebDriver], None]:
    """Write these answers on the sheet, from the first category."""
    def act(driver: WebDriver) -> None:
        boxes = driver.find_elements(By.CSS_SELECTOR, "#sheet input")
        for box, answer in zip(boxes, answers, strict=False):
            box.send_keys(answer)
        driver.execute_script("document.activeElement.blur()")  # the last box is kept now
    return act


def type_in(text: str) -> Callable[[WebDriver], None]:
    """Type `text` after what the text box holds, and send it."""
    def act(driver: WebDriver) -> None:
        driver.find_element(By.ID, "say").send_keys(text + "\n")
    return act


def scroll_to(css: str) -> Callable[[WebDriver], None]:
    """Scroll the page to an element."""
    def act(driver: WebDriver) -> None:
        driver.execute_script("document.querySelector(arguments[0]).scrollIntoView()", css)
    return act


GAMES: dict[str, Table] = {
    "crack-list": Table(("Ann", "Bob", "Cat"), 5, (
        Scene("choosing", (), "Ann"),
        Scene("turn", ("Ann: number one", "Bob: A, Arctic"), "Cat",
              (tap("W +2", "#hand .card"),)),
        Scene("penalty", (), "Cat", (type_in("Winter"), tap("Split the 2 cards")), readme=True),
        Scene("vote", ("Cat: one to Ann and one to Bob", "Ann: B, Bath water", "Bob: challenge"),
              "Cat"),
    )),
    "scattergories": Table(("Ann", "Bob", "Cat"), 3, (
        Scene("writing", (), "Bob", (write("Whale", "Water", "Wok"), scroll_to("#sheet-box"))),
        Scene("reading", ("time up", "time up", "Ann: my answer is Walrus"), "Bob",
              (scroll_to("#headline"),), readme=True),
        Scene("vote", ("Bob: my answer is Whale", "Cat: I pass", "Cat: challenge Whale"), "Ann"),
    ), ("--first", "Ann")),
    "short-list": Table(("Ann", "Bob", "Cat", "Dan"), 2, (
        Scene("quizmaster", (), "Ann", readme=True),
        Scene("guessing", ("Bob: Chad", "Cat: Mali", "Dan: Ghana"), "Bob"),
        Scene("end", (BOTS_TO_THE_END,), "Bob"),
    )),
    "crack-word": Table(("Ann", "Bob"), 4, (
        Scene("placing", (), "Bob", (tap("A", "#hand .card"),), readme=True),
        Scene("word", (), "Bob", (tap("Ligne 1, à droite : TA", "#options button"),)),
        Scene("placed", (), "Bob", (type_in("état"),)),
        Scene("end", (BOTS_TO_THE_END,), "Ann"),
    )),
}
"""Each game's table and scenes (their lines fit the seed's deal)."""


def served(game: str, table: Table) -> Companion:
    """A new game of `game` on a fake clock, started, its pages served on the loopback."""
    kind = find_game(game)
    args = build_parser().parse_args(["play", game, "--seed", str(table.seed), "--lang",
                                      kind.default_lang, "--players", *table.players,
                                      *table.options])
    session = kind.new_session(kind.options_from_args(args), FakeClock(), None, ())
    companion = Companion(session, kind.title, host="127.0.0.1", port=0)
    companion.start()
    companion.publish(session.start())
    return companion


def play_line(companion: Companion, game: str, typed: str) -> None:
    """One line typed at the console ("time up" lets the running timer run out; the bots may
    play the rest of the game)."""
    session = companion.session
    if typed == BOTS_TO_THE_END:
        bots = find_game(game).voice_bots(session.game, random.Random(1))
        while not session.finished:
            companion.step(session.push(bots.next_event()))
        return
    if typed == "time up":
        deadline = session.table.deadline
        assert deadline is not None, "no timer runs"
        session.clock.advance(deadline.at - session.clock.now() + 0.01)  # type: ignore[attr-defined]
        lines = session.tick()
    else:
        lines = hear_typed(session, typed)
    companion.publish(lines)


def viewport(driver: WebDriver, size: tuple[int, int], *, mobile: bool) -> None:
    """Size the current tab's viewport."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": mobile})


def shows_latest(companion: Companion, audience: int) -> Callable[[WebDriver], bool]:
    """Whether the current tab shows the latest page published to its audience (TABLE or a
    seat), once the host has heard what the pages sent (as the game's loop does when a page
    wakes it)."""
    def shows(driver: WebDriver) -> bool:
        if not companion.hub.moves.empty():
            companion.step()
            return False
        latest: int = json.loads(companion.hub.latest(audience) or '{"seq": 0}')["seq"]
        return int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-seq") or 0) \
            >= latest
    return shows


def seated(name: str) -> Callable[[WebDriver], bool]:
    """Whether the current tab is the seat's page of `name`."""
    return lambda driver: bool(driver.find_element(By.ID, "seat-name").text == name)


@contextmanager
def tabs(driver: WebDriver, companion: Companion, players: tuple[str, ...]) -> Iterator[
        dict[str, str]]:
    """The table's tab, then each player's, joined from the join page: their handles."""
    driver.switch_to.new_window("tab")
    viewport(driver, TV_SIZES[0], mobile=False)
    driver.get(companion.links.table)
    handles = {"table": driver.current_window_handle}
    for name in players:
        driver.switch_to.new_window("tab")
        viewport(driver, PHONE, mobile=True)
        driver.get(companion.links.join)
        driver.find_element(By.XPATH, f"//button[text()='{name}']").click()
        wait_for(driver, seated(name))
        handles[name] = driver.current_window_handle
    try:
        yield handles
    finally:
        for handle in handles.values():
            driver.switch_to.window(handle)
            driver.close()
        driver.switch_to.window(driver.window_handles[0])


def shoot_game(driver: WebDriver, game: str, table: Table, folder: Path, *,
               readme: bool = False) -> list[Path]:
    """Play the game's scenes and save their screenshots (with `readme`, the README's scene
    only: the phone and the table at 1366x768); their paths."""
    companion = served(game, table)
    written: list[Path] = []
    try:
        if not readme:  # the table before anyone has joined, the join page, a wrong link
            driver.switch_to.new_window("tab")
            viewport(driver, TV_SIZES[0], mobile=False)
            driver.get(companion.links.table)
            wait_for(driver, shows_latest(companion, TABLE))
            written.append(folder / f"{game}-0-joining-table-1366.png")
            driver.save_screenshot(str(written[-1]))
            viewport(driver, PHONE, mobile=True)
            for page, url in (("join", companion.links.join),
                              ("lost", companion.links.join.rsplit("/", 2)[0] + "/j/WRONG1")):
                driver.get(url)
                written.append(folder / f"{game}-0-{page}-phone.png")
                driver.save_screenshot(str(written[-1]))
            driver.close()
            driver.switch_to.window(driver.window_handles[0])
        with tabs(driver, companion, table.players) as handles:
            companion.publish()  # everyone has joined: the table's page says so
            for number, scene in enumerate(table.scenes, 1):
                for typed in scene.typed:
                    play_line(companion, game, typed)
                seat = table.players.index(scene.seat)
                driver.switch_to.window(handles[scene.seat])
                wait_for(driver, shows_latest(companion, seat))
                driver.execute_script("window.scrollTo(0, 0)")
                for act in scene.acts:
                    act(driver)
                    companion.step()  # what the page sent, heard and published
                    wait_for(driver, shows_latest(companion, seat))
                if readme and not scene.readme:
                    continue
                stem = game if readme else f"{game}-{number}-{scene.name}"
                written.append(folder / f"{stem}-seat.png")
                driver.save_screenshot(str(written[-1]))
                driver.switch_to.window(handles["table"])
                for size in TV_SIZES[:1] if readme else TV_SIZES:
                    viewport(driver, size, mobile=False)
                    wait_for(driver, shows_latest(companion, TABLE))
                    written.append(folder / (f"{stem}-table.png" if readme
                                             else f"{stem}-table-{size[0]}.png"))
                    driver.save_screenshot(str(written[-1]))
    finally:
        companion.close()
    return written


def main(argv: list[str] | None = None) -> int:
    """Shoot every game (or one) into the folder; print each file written."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", type=Path,
                        help="where to write (default out/screenshots; docs/companion with "
                        "--readme)")
    parser.add_argument("--game", choices=sorted(GAMES))
    parser.add_argument("--readme", action="store_true",
                        help="only the README's screenshots: a scene of each game")
    args = parser.parse_args(argv)
    folder = args.folder or Path("docs/companion" if args.readme else "out/screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    with chromium() as driver:
        for game, table in GAMES.items():
            if args.game in (None, game):
                for path in shoot_game(driver, game, table, folder, readme=args.readme):
                    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
