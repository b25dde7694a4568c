"""The games the host knows, by command-line name (like python-chess's variant lookup): the one
game list. `partyhost play`, `simulate`, `rules`, `demo`, the lobby and the deck loader all read
it, so a new game is its package under host/games/, its tests and one line here."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import resources
from typing import Any

from host.core.protocols import GameKind, Option
from host.games.crack_list.kind import CRACK_LIST
from host.games.crack_word.kind import CRACK_WORD
from host.games.scattergories.kind import SCATTERGORIES
from host.games.short_list.kind import SHORT_LIST

GAMES: dict[str, GameKind] = {
    kind.name: kind for kind in (CRACK_LIST, SHORT_LIST, SCATTERGORIES, CRACK_WORD)
}
"""The games that can be hosted today."""


def find_game(name: str) -> GameKind:
    """The game called `name`; ValueError naming the games that exist when there is none."""
    kind = GAMES.get(name)
    if kind is None:
        raise ValueError(f"{name} cannot be hosted yet; playable: {', '.join(GAMES)}")
    return kind


def spoken_languages(kind: GameKind) -> tuple[str, ...]:
    """The languages the host speaks `kind` in: those its phrasebook has (lines/<lang>.toml),
    English first."""
    books = resources.files(kind.voice.package).iterdir()
    langs = {book.name.removesuffix(".toml") for book in books if book.name.endswith(".toml")}
    return tuple(sorted(langs, key=lambda lang: (lang != "en", lang)))


def game_names() -> tuple[str, ...]:
    """Every game's command-line name, in the registry's order (a command's choices)."""
    return tuple(GAMES)


def simulated_games() -> tuple[str, ...]:
    """The games `partyhost simulate` can play."""
    return tuple(name for name, kind in GAMES.items() if kind.simulation is not None)


def merged_options(owned: Mapping[str, tuple[Option, ...]]) -> Iterator[tuple[Option, str]]:
    """Each option of the games once, with one help for all of them ("Crack List: ...; Short
    List: ..."), from {game title: its options}; ValueError when two games declare one
    option with different keywords or defaults."""
    seen: dict[str, Option] = {}
    helps: dict[str, dict[str, list[str]]] = {}
    for title, options in owned.items():
        for option in options:
            first = seen.setdefault(option.flag, option)
            if _shape(first) != _shape(option):
                raise ValueError(f"{option.flag} is declared twice, differently ({title})")
            helps.setdefault(option.flag, {}).setdefault(option.help, []).append(title)
    for flag, option in seen.items():
        said = [f"{', '.join(titles)}: {text}" for text, titles in helps[flag].items()]
        yield option, "; ".join(said)


def _shape(option: Option) -> tuple[Any, ...]:
    """What two games sharing an option must agree on."""
    return option.dest, option.default, sorted(option.kwargs.items(), key=str)
