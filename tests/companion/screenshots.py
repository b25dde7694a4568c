"""Screenshots of the companion pages for the README: for each game, a seat's page and the
table's page in a phone-sized headless Chromium (390x844), after a few bot moves.

    .venv/bin/python -m tests.companion.screenshots [docs/companion]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from selenium.webdriver.common.by import By

from host.companion.companion import Companion
from host.registry import find_game
from tests.companion.browser import chromium, open_tab, showing, wait_for
from tests.companion.conftest import new_session

GAMES = {
    "crack-list": (["Ann", "Bob", "Cat"], 6, 0),
    "short-list": (["Ann", "Bob", "Cat", "Dan"], 5, 0),
    "scattergories": (["Ann", "Bob", "Cat"], 0, 0),
    "crack-word": (["Ann", "Bob"], 4, 0),
}
"""Each game: the players, how many bot moves before the shot, and whose seat is shown."""
SHEET = ["Cat", "Calculator", "Carrots"]


def companion_after_moves(game: str, players: list[str], moves: int) -> Companion:
    """A served game after `moves` bot moves."""
    session = new_session(game, players, seed=4)
    bots = find_game(game).voice_bots(session.game, random.Random(4))
    lines = []
    for _ in range(moves):
        lines += session.push(bots.next_event())
    companion = Companion(session, find_game(game).title, host="127.0.0.1", port=0)
    companion.start()
    companion.publish(lines)
    return companion


def shoot(folder: Path) -> list[Path]:
    """Write the PNGs; their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with chromium() as driver:
        for game, (players, moves, seat) in GAMES.items():
            companion = companion_after_moves(game, players, moves)
            step = companion.seq
            try:
                open_tab(driver, companion.links.join)  # a seat opens on the phone that took it
                driver.find_element(By.XPATH, f"//button[text()='{players[seat]}']").click()
                wait_for(driver, lambda d: "/s/" in d.current_url)
                wait_for(driver, showing(step))
                for box, text in zip(driver.find_elements(By.CSS_SELECTOR, "#sheet input"),
                                     SHEET, strict=False):
                    box.send_keys(text)
                written.append(folder / f"{game}-seat.png")
                driver.save_screenshot(str(written[-1]))
                open_tab(driver, companion.links.table)
                wait_for(driver, showing(step))
                written.append(folder / f"{game}-table.png")
                driver.save_screenshot(str(written[-1]))
            finally:
                companion.close()
    return written


if __name__ == "__main__":
    for path in shoot(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/companion")):
        print(path)
