"""The Scattergories category lists a table plays: the shipped decks, plus the players' own."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from host.core.protocols import SetupError
from host.decks import CategoryList, Deck, DeckError, load_deck, load_game_decks

GAME = "scattergories"


def category_lists(lang: str = "en", extra: Sequence[str] = (), *,
                   shipped: bool = True) -> list[CategoryList]:
    """Every category list of the installed Scattergories decks in `lang` and of the deck files
    or folders in `extra` (only those when not `shipped`), numbered in that order from 1;
    SetupError for a path that is missing, a broken deck, a path with no Scattergories deck,
    or no list at all."""
    for given in extra:
        if not Path(given).exists():
            raise SetupError(
                f"{given}: no such deck file or folder: check the path given with --deck "
                "(partyhost decks list shows the installed decks)"
            )
    try:
        decks = load_game_decks(GAME, lang, extra=[Path(p) for p in extra]) if shipped \
            else _own_decks(extra, lang)
    except DeckError as err:
        raise SetupError(f"{err}: fix the deck (partyhost decks check names the problems) "
                         "or leave it out") from err
    except OSError as err:
        raise SetupError(f"{err.filename}: cannot read it ({err.strerror})") from err
    _check_each_path_gave_a_deck(extra, decks, lang)
    lists = [lst for deck in decks for lst in deck.lists]
    if not lists:
        raise SetupError(
            f"no Scattergories lists found for language '{lang}': check decks/scattergories/ "
            "or pass --deck PATH"
        )
    return lists


def pick_list(lists: Sequence[CategoryList], number: int, categories: int = 6) -> CategoryList:
    """List `number` (from 1) of `lists`; SetupError when there is no such list or it has
    fewer than `categories` categories."""
    if not 1 <= number <= len(lists):
        raise SetupError(f"there is no list {number}: choose a list from 1 to {len(lists)}")
    chosen = lists[number - 1]
    if len(chosen.categories) < categories:
        raise SetupError(f"list {number} ({chosen.id}) has {len(chosen.categories)} "
                         f"categories, not the {categories} a round needs")
    return chosen


def _own_decks(paths: Sequence[str], lang: str) -> list[Deck]:
    """The Scattergories decks in `lang` among the files (or the folders' files) in `paths`."""
    files = [f for p in map(Path, paths)
             for f in (sorted(p.rglob("*.toml")) if p.is_dir() else [p])]
    decks = [load_deck(path) for path in files]
    return [deck for deck in decks if deck.game == GAME and deck.lang == lang]


def _check_each_path_gave_a_deck(paths: Sequence[str], decks: Sequence[Deck], lang: str) -> None:
    """SetupError for a path given that holds no Scattergories deck in `lang`."""
    used = {deck.path.resolve() for deck in decks if deck.path}
    for given in paths:
        root = Path(given).resolve()
        if not any(path == root or root in path.parents for path in used):
            raise SetupError(
                f"{given}: no Scattergories deck in '{lang}' there: check its [deck] game and "
                "lang (partyhost decks check names the problems), or the path given with --deck"
            )
