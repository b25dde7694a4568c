"""What the host remembers of a table's Crack List games: the red cards it was offered, per
language, in a JSON file beside the autosave, so that the next game deals fresh lists first.

A card is remembered by its categories' ids, which a rebuild of the expansion keeps while it
renumbers the cards (version 2); files of version 1 remembered card ids, of which only the box's
still name the same card (the box is never renumbered) and the others match nothing."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from host.core.autosave import Autosave
from host.decks import CategoryCard

FILE_NAME = "crack-list-played.json"
VERSION = 2


def memory_path(save: Path) -> Path:
    """The memory of the table whose games are saved at `save`: a file in the same folder."""
    return save.with_name(FILE_NAME)


def card_keys(card: CategoryCard) -> frozenset[str]:
    """What the memory knows a red card by: its categories' ids, and a box card's own id (as
    version 1 remembered it)."""
    return frozenset((*(c.id for c in card.categories), *(() if card.expansion else (card.id,))))


def offered_keys(cards: Sequence[CategoryCard]) -> list[str]:
    """The entries the memory writes for red cards offered: their categories' ids."""
    return [category.id for card in cards for category in card.categories]


def read_played(path: Path, lang: str) -> list[str]:
    """What the red cards offered in earlier games in `lang` are remembered by (`card_keys`),
    least recently first; none when the file is missing, unreadable or broken (it is rewritten
    after the next offer)."""
    try:
        data = json.loads(path.read_text("utf-8"))
        played = data["played"][lang]
    except (OSError, ValueError, KeyError, TypeError):
        return []
    if not isinstance(played, list):
        return []
    return [card for card in played if isinstance(card, str)]


def remember(path: Path, lang: str, offered: Sequence[str]) -> None:
    """Record the red cards just offered in `lang` (their `offered_keys`) as the most recently
    played ones."""
    try:
        data = json.loads(path.read_text("utf-8"))
        languages = data["played"]
        if not isinstance(languages, dict):
            raise TypeError
    except (OSError, ValueError, KeyError, TypeError):
        languages = {}  # a broken memory starts again rather than stopping the game
    fresh = set(offered)
    earlier = [card for card in read_played(path, lang) if card not in fresh]
    languages[lang] = earlier + list(dict.fromkeys(offered))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"version": VERSION, "played": languages}, ensure_ascii=False),
                       "utf-8")
        os.replace(tmp, path)
    except OSError:
        pass  # the memory only orders the next game's lists: the game plays on without it


class RememberingAutosave(Autosave):
    """A Crack List game's autosave that also records, beside it, each red card the game
    offers (read from `offers`, the cards offered so far in this game, in order)."""

    def __init__(self, saved: Autosave, lang: str,
                 offers: Callable[[], Sequence[CategoryCard]]) -> None:
        super().__init__(saved.path, saved.options)
        self.events = saved.events
        self.memory = memory_path(saved.path)
        self.lang = lang
        self.offers = offers
        self.recorded = len(offers())
        """Cards offered while a saved game was replayed were recorded when first played."""

    def record_start(self) -> None:
        """Write the file for a new game, and remember its first red card."""
        super().record_start()
        self._remember_new()

    def record(self, event: object) -> None:
        """Append an accepted event and save, remembering a red card it offered."""
        super().record(event)
        self._remember_new()

    def _remember_new(self) -> None:
        offers = self.offers()
        if len(offers) > self.recorded:
            remember(self.memory, self.lang, offered_keys(offers[self.recorded:]))
            self.recorded = len(offers)
