"""The Short List question cards a table plays: the shipped decks, plus the players' own."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from host.core.protocols import SetupError
from host.decks import Deck, DeckError, QuestionCard, load_deck, load_game_decks

GAME = "short-list"


def question_cards(lang: str = "en", extra: Sequence[str] = (), *,
                   shipped: bool = True) -> list[QuestionCard]:
    """Every question card of the installed Short List decks in `lang` and of the deck files or
    folders in `extra` (only those when not `shipped`); SetupError for a path that is missing,
    a broken deck, a path with no Short List deck, or no question at all."""
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
    cards = [card for deck in decks for card in deck.questions]
    if not cards:
        raise SetupError(
            f"no Short List questions found for language '{lang}': check decks/short-list/ "
            "or pass --deck PATH"
        )
    return cards


def _own_decks(paths: Sequence[str], lang: str) -> list[Deck]:
    """The Short List decks in `lang` among the files (or the folders' files) in `paths`."""
    files = [f for p in map(Path, paths)
             for f in (sorted(p.rglob("*.toml")) if p.is_dir() else [p])]
    decks = [load_deck(path) for path in files]
    return [deck for deck in decks if deck.game == GAME and deck.lang == lang]


def _check_each_path_gave_a_deck(paths: Sequence[str], decks: Sequence[Deck], lang: str) -> None:
    """SetupError for a path given that holds no Short List deck in `lang`."""
    used = {deck.path.resolve() for deck in decks if deck.path}
    for given in paths:
        root = Path(given).resolve()
        if not any(path == root or root in path.parents for path in used):
            raise SetupError(
                f"{given}: no Short List deck in '{lang}' there: check its [deck] game and lang "
                "(partyhost decks check names the problems), or the path given with --deck"
            )
