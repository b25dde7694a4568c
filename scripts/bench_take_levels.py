#!/usr/bin/env python3
"""What the host would do with the demos' utterances at other levels (JSON lines): for each
game, of the utterances in `partyhost demo --transcript` files, the share whose likeliest
reading was what was said (the most a host deciding on these readings can understand), and
at each level the shares taken right, taken wrong, asked back (ASK_BACK up to the level) and
asked for again. Every reading is weighed against the one level, as an ordinary move's; the
games are the ones played at the shipped levels, so a level that takes more would have
played on from other moments."""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from host.core.hearing import ASK_BACK, TAKE_MOVE

LEVELS = (0.95, TAKE_MOVE, 0.6, 0.5, 0.4, 0.3)


def game_of(path: Path) -> str:
    """The game a transcript file is of: its name less the seed ("crack-list-en-3" is
    "crack-list-en")."""
    stem = path.name.removesuffix(".json").removesuffix(".transcript")
    return re.sub(r"-\d+$", "", stem)


def at_level(rows: Sequence[dict[str, Any]], level: float) -> dict[str, float]:
    """The shares of these utterances taken right, taken wrong, asked back and asked again if
    a reading had to clear `level` to be taken."""
    tally = {"taken_right": 0, "taken_wrong": 0, "asked_back": 0, "asked_again": 0}
    for row in rows:
        p = row["reading"][1] if row.get("reading") else 0.0
        if p >= level:
            tally["taken_right" if row["reading_right"] else "taken_wrong"] += 1
        else:
            tally["asked_back" if p >= ASK_BACK else "asked_again"] += 1
    return {key: round(count / len(rows), 3) for key, count in tally.items()}


def report(rows: Sequence[dict[str, Any]], levels: Iterable[float]) -> dict[str, Any]:
    """One game's utterances: how many, the share whose likeliest reading was right, and what
    each level would do with them."""
    right = sum(bool(row.get("reading_right")) for row in rows)
    return {"utterances": len(rows), "likeliest_right": round(right / len(rows), 3),
            "levels": {f"{level:g}": at_level(rows, level) for level in levels}}


def main(argv: Sequence[str] | None = None) -> int:
    """Print one JSON line per game of the transcripts named."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("transcripts", nargs="+", type=Path,
                        help="`partyhost demo --transcript` files (several seeds of a game "
                        "are pooled)")
    parser.add_argument("--levels", type=float, nargs="+", default=LEVELS,
                        help="the levels to weigh (default: %(default)s)")
    args = parser.parse_args(argv)
    games: dict[str, list[dict[str, Any]]] = {}
    for path in args.transcripts:
        games.setdefault(game_of(path), []).extend(json.loads(path.read_text()))
    for game, rows in games.items():
        if rows:
            print(json.dumps({"game": game, **report(rows, args.levels)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
