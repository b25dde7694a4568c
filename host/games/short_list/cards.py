"""The Short List question cards a table plays: the shipped decks, plus the players' own."""

from __future__ import annotations

from collections.abc import Sequence

from host.core.protocols import SetupError
from host.core.table import table_decks
from host.decks import QuestionCard, no_decks_hint

GAME = "short-list"


def question_cards(lang: str = "en", extra: Sequence[str] = (), *,
                   shipped: bool = True) -> list[QuestionCard]:
    """Every question card of the installed Short List decks in `lang` and of the deck files or
    folders in `extra` (only those when not `shipped`); SetupError for a path that is missing,
    a broken deck, a path with no Short List deck, or no question at all."""
    decks = table_decks(GAME, "Short List", lang, extra, shipped=shipped)
    cards = [card for deck in decks for card in deck.questions]
    if not cards:
        raise SetupError(
            f"no Short List questions found for language '{lang}': {no_decks_hint()}"
        )
    return cards

