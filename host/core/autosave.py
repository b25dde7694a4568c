"""Autosave: the table's options and every accepted event, rewritten atomically after each one.

A game is pure and seeded, so replaying the saved events rebuilds it exactly (`--resume`).
"""

from __future__ import annotations

import dataclasses
import json
import os
import shlex
import typing
from collections.abc import Sequence
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from host.dirs import user_dir

if TYPE_CHECKING:
    from host.core.protocols import Game


class SaveError(ValueError):
    """A save file that cannot be resumed; the message says why."""


def default_path(game: str) -> Path:
    """Where a game is saved unless --save says otherwise."""
    return user_dir("state") / f"{game}.json"


def resume_option(path: Path) -> str:
    """How to resume the game saved at `path`: `--resume`, and `--save` with the file when it
    is not the game's usual one."""
    return "--resume" if path == default_path(path.stem) \
        else shlex.join(["--resume", "--save", str(path)])


def keep_unfinished(path: Path, now: datetime | None = None) -> Path | None:
    """Before a new game is saved at `path`, move the unfinished game found there to a dated
    file beside it (`g.json` -> `g.unfinished-2025-01-31-214500.json`), where `--resume --save`
    still finds it. A file that is not a readable save is moved aside too: it is never
    overwritten. Returns the new path, or None when there was nothing to keep (no file, a
    finished game, or one set up with no move played yet)."""
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text("utf-8"))
        if data.get("finished") or not data.get("events"):
            return None
    except (OSError, ValueError, AttributeError):
        pass  # unreadable or not a save: keep it as it is
    stamp = (now or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
    backup = path.with_name(f"{path.stem}.unfinished-{stamp}{path.suffix}")
    again = 1
    while backup.exists():
        again += 1
        backup = path.with_name(f"{path.stem}.unfinished-{stamp}-{again}{path.suffix}")
    os.replace(path, backup)
    return backup


def event_to_json(event: Any) -> dict[str, Any]:
    """An event as a JSON-ready dict with its type name."""
    return {"type": type(event).__name__, **dataclasses.asdict(event)}


def event_from_json(data: dict[str, Any], types: Sequence[type]) -> Any:
    """Rebuild an event of one of `types` from event_to_json's dict (JSON lists back to the
    tuples frozen events hold)."""
    data = dict(data)
    by_name = {cls.__name__: cls for cls in types}
    cls = by_name.get(str(data.pop("type", "")))
    if cls is None:
        raise SaveError(f"unknown event in save file: {data!r}")
    kinds = typing.get_type_hints(cls)
    try:
        return cls(**{key: _restored(kinds.get(key), value) for key, value in data.items()})
    except (TypeError, ValueError) as err:
        raise SaveError(f"a damaged {cls.__name__} event in the save file: {err}") from err


def _restored(kind: Any, value: Any) -> Any:
    """A field's JSON value as the event holds it: an enum member back from its value (a
    game compares `side is Side.LEFT`), a JSON list back to a tuple."""
    if isinstance(kind, type) and issubclass(kind, Enum) and value is not None:
        return kind(value)
    return _frozen(value)


def _frozen(value: Any) -> Any:
    return tuple(_frozen(item) for item in value) if isinstance(value, list) else value


class Autosave:
    """Keeps one game's save file up to date."""

    def __init__(
        self, path: Path, options: dict[str, Any], events: list[Any] | None = None
    ) -> None:
        self.path = path
        self.options = options
        self.events: list[dict[str, Any]] = [event_to_json(e) for e in events or []]
        self.finished = False

    def record_start(self) -> None:
        """Write the file for a new game."""
        self.events = []
        self._write()

    def record(self, event: Any) -> None:
        """Append an accepted event and save."""
        self.events.append(event_to_json(event))
        self._write()

    def finish(self) -> None:
        """Mark the game as over, so --resume starts nothing."""
        self.finished = True
        self._write()

    def _write(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        data = {
            "version": 1,
            "options": self.options,
            "events": self.events,
            "finished": self.finished,
        }
        tmp.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
        os.replace(tmp, self.path)


def load(path: Path, types: Sequence[type]) -> tuple[dict[str, Any], list[Any]]:
    """Read a save file of a game whose events are `types`: (options, events); SaveError when
    there is nothing to resume."""
    if not path.exists():
        raise SaveError(f"no saved game at {path}: start one with `partyhost play`")
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError) as err:
        raise SaveError(f"the save file {path} is damaged: {err}") from err
    if data.get("finished"):
        raise SaveError(f"the game saved in {path} is already over: start a new one")
    return dict(data["options"]), [event_from_json(e, types) for e in data.get("events", [])]


class SavedOptions:
    """Table options as a save file stores them: a dataclass's fields as JSON, and back."""

    def as_json(self) -> dict[str, Any]:
        """The options as a JSON-ready dict."""
        assert dataclasses.is_dataclass(self)
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Options back from as_json() (keys this version does not know are left out)."""
        assert dataclasses.is_dataclass(cls)
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{key: value for key, value in data.items() if key in names})


def saving(game: Game, options: SavedOptions, save: Path | None,
           events: Sequence[Any] = ()) -> Autosave | None:
    """The autosave of a new game (None without a save file); with saved `events`, the game
    is started and they are replayed into it first."""
    if events:
        game.start()
        for event in events:
            game.push(event)  # every saved event was taken: a refusal is a damaged save
    return Autosave(save, options.as_json(), list(events)) if save else None
