"""Setting up any game's table from the command line: the teams as written, the first seat,
the decks."""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from host.core.autosave import SavedOptions
from host.core.events import Seat, make_seats
from host.core.protocols import SetupError
from host.decks import Deck, DeckError, load_deck, load_game_decks

T = TypeVar("T")


@dataclass(frozen=True)
class TableBasics(SavedOptions):
    """What every game's table options hold: who plays, who starts, the seed and the decks (a
    game's options add its own rules)."""

    players: list[str] = field(default_factory=list)
    teams: list[list[str]] = field(default_factory=list)
    first: str | None = None
    """Who starts (the youngest player); default: the first named."""
    seed: int = 0
    lang: str = "en"
    decks: list[str] = field(default_factory=list)
    shipped_decks: bool = True
    """False plays only the decks named in `decks`."""

    def seating(self) -> tuple[tuple[Seat, ...], int]:
        """The seats, and the index of the one who starts; SetupError for a bad table."""
        if self.players and self.teams:
            raise SetupError(
                "give --players or --teams, not both: a team is written with commas, "
                "e.g. --teams Ann,Bob Cat,Dan"
            )
        seats = make_seats(self.players, self.teams)
        return seats, first_seat(seats, self.first)


def basics_from_args(args: argparse.Namespace, *, default_lang: str = "en") -> dict[str, Any]:
    """The `partyhost play` options every table has, as TableBasics fields (a new random seed
    when none is given, the game's language when --lang is not)."""
    return {
        "players": list(args.players),
        "teams": teams_from_args(args.teams),
        "first": args.first,
        "seed": args.seed if args.seed is not None else secrets.randbelow(2**31),
        "lang": args.lang or default_lang,
        "decks": [str(path) for path in args.deck],
        "shipped_decks": not args.only_my_decks,
    }


def given(value: T | None, default: T) -> T:
    """An option's value from the command line, or the game's default when it was left out
    (a 0 given is kept, for the game to refuse)."""
    return default if value is None else value


def teams_from_args(teams: Sequence[str]) -> list[list[str]]:
    """Teams as `--teams Ann,Bob Cat,Dan` writes them: one list of names per team."""
    return [[name.strip() for name in team.split(",") if name.strip()] for team in teams]


def first_seat(seats: Sequence[Seat], first: str | None) -> int:
    """The seat of the player named by --first (a team's member names its team); 0 unnamed."""
    if first is None:
        return 0
    for index, seat in enumerate(seats):
        if first.strip().lower() in (name.lower() for name in (seat.name, *seat.people)):
            return index
    names = ", ".join(seat.name for seat in seats)
    raise SetupError(
        f"--first {first}: not one of the players ({names}): give one of their names, "
        "or leave --first out and the first one starts"
    )


def table_decks(game: str, title: str, lang: str, extra: Sequence[str], *,
                shipped: bool = True) -> list[Deck]:
    """The decks of `game` in `lang` a table plays: the installed ones and the files or
    folders in `extra` (only those when not `shipped`); SetupError naming a path that is
    missing, a broken deck, or a path that holds no deck of the game (`title`) in `lang`."""
    for given in extra:
        if not Path(given).exists():
            raise SetupError(
                f"{given}: no such deck file or folder: check the path given with --deck "
                "(partyhost decks list shows the installed decks)"
            )
    try:
        decks = load_game_decks(game, lang, extra=[Path(p) for p in extra]) if shipped \
            else _own_decks(game, lang, extra)
    except DeckError as err:
        raise SetupError(f"{err}: fix the deck (partyhost decks check names the problems) "
                         "or leave it out") from err
    except OSError as err:
        raise SetupError(f"{err.filename}: cannot read it ({err.strerror})") from err
    used = {deck.path.resolve() for deck in decks if deck.path}
    for given in extra:
        root = Path(given).resolve()
        if not any(path == root or root in path.parents for path in used):
            raise SetupError(
                f"{given}: no {title} deck in '{lang}' there: check its [deck] game and lang "
                "(partyhost decks check names the problems), or the path given with --deck"
            )
    return decks


def _own_decks(game: str, lang: str, paths: Sequence[str]) -> list[Deck]:
    """The decks of `game` in `lang` among the files (or the folders' files) in `paths`."""
    files = [f for p in map(Path, paths)
             for f in (sorted(p.rglob("*.toml")) if p.is_dir() else [p])]
    decks = [load_deck(path) for path in files]
    return [deck for deck in decks if deck.game == game and deck.lang == lang]
