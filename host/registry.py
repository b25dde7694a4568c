"""The games the host knows, by command-line name (like python-chess's variant lookup)."""

from __future__ import annotations

from host.core.protocols import GameKind
from host.decks import GAMES as ALL_GAMES
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
        coming = " (coming soon)" if name in ALL_GAMES else ""
        raise ValueError(f"{name}{coming} cannot be hosted yet; playable: {', '.join(GAMES)}")
    return kind
