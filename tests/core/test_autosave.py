"""The autosave keeps what a player could still want: an unfinished game is never overwritten."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from host.core.autosave import keep_unfinished

NOON = datetime(2025, 1, 31, 12, 0, 5)


def _save(path: Path, *, events: int, finished: bool = False) -> None:
    path.write_text(json.dumps({"version": 1, "options": {}, "finished": finished,
                                "events": [{"type": "E"}] * events}))


def test_an_unfinished_game_moves_to_a_dated_file_beside_it(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    _save(save, events=3)
    before = save.read_text()
    kept = keep_unfinished(save, NOON)
    assert kept == tmp_path / "g.unfinished-2025-01-31-120005.json"
    assert kept.read_text() == before and not save.exists()
    _save(save, events=1)  # a second one in the same second does not replace the first
    again = keep_unfinished(save, NOON)
    assert again == tmp_path / "g.unfinished-2025-01-31-120005-2.json"
    assert kept.read_text() == before


def test_nothing_to_keep(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    assert keep_unfinished(save, NOON) is None
    _save(save, events=5, finished=True)
    assert keep_unfinished(save, NOON) is None and save.exists()
    _save(save, events=0)
    assert keep_unfinished(save, NOON) is None and save.exists()


def test_a_file_that_is_not_a_readable_save_is_never_overwritten(tmp_path: Path) -> None:
    for text in ("{not json", "[1, 2]", "\xff"):
        save = tmp_path / "notes.json"
        save.write_text(text, "latin-1")
        kept = keep_unfinished(save, NOON)
        assert kept is not None and kept.read_text("latin-1") == text
        kept.unlink()
