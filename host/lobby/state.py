"""What the lobby remembers between games, in the state folder beside the autosaves: who played
recently, and which stopped game "resume the game" carries on."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from host.core import autosave

RECENT_FILE = "lobby.json"
RECENT_NAMES = 50
"""How many names of recent players the lobby listens for first."""


def default_dir() -> Path:
    """The folder of the autosaves (~/.local/state/partyhost)."""
    return autosave.default_path("game").parent


@dataclass(frozen=True)
class Stopped:
    """A game saved unfinished: which game, and its save file."""

    game: str
    save: Path


class LobbyState:
    """The lobby's memory in one folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def save_path(self, game: str) -> Path:
        """Where a game started from the lobby is saved."""
        return self.folder / f"{game}.json"

    def last_table(self) -> list[str]:
        """The people of the last game, in seat order ([] when none is remembered)."""
        return list(self._read().get("last_table", []))

    def recent_names(self) -> list[str]:
        """Names of people who played recently, the latest first."""
        return list(self._read().get("names", []))

    def options(self, game: str) -> list[str]:
        """The `partyhost play` arguments of the last table set up for `game` ([] if none)."""
        return list(self._read().get("tables", {}).get(game, []))

    def remember_table(self, people: list[str]) -> None:
        """Remember who sat at the table just set up."""
        names = list(dict.fromkeys([*people, *self.recent_names()]))[:RECENT_NAMES]
        self._write({**self._read(), "last_table": people, "names": names})

    def remember_options(self, game: str, arguments: list[str]) -> None:
        """Remember how the table of `game` was set up, for a rematch after a resumed game."""
        data = self._read()
        self._write({**data, "tables": {**data.get("tables", {}), game: arguments}})

    def _write(self, data: dict[str, Any]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = self.folder / (RECENT_FILE + ".tmp")
        tmp.write_text(json.dumps(data), "utf-8")
        os.replace(tmp, self.folder / RECENT_FILE)

    def stopped_game(self) -> Stopped | None:
        """The unfinished game saved last (a dated copy kept aside counts too), or None."""
        saves = sorted(self.folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        for path in saves:
            if path.name != RECENT_FILE and _unfinished(path):
                return Stopped(path.name.split(".")[0], path)
        return None

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads((self.folder / RECENT_FILE).read_text("utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}


def _unfinished(path: Path) -> bool:
    """True for a readable save of a game that is not over."""
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and "events" in data and not data.get("finished")
