"""The Scattergories category lists a table plays: the shipped decks, plus the players' own."""

from __future__ import annotations

from collections.abc import Sequence

from host.core.protocols import SetupError
from host.core.table import table_decks
from host.decks import Category, CategoryList, no_decks_hint
from host.judge.text import answer_letters

GAME = "scattergories"
Words = dict[str, list[str]]
"""Answers by the letter they may be played with."""


def category_lists(lang: str = "en", extra: Sequence[str] = (), *,
                   shipped: bool = True) -> list[CategoryList]:
    """Every category list of the installed Scattergories decks in `lang` and of the deck files
    or folders in `extra` (only those when not `shipped`), numbered in that order from 1;
    SetupError for a path that is missing, a broken deck, a path with no Scattergories deck,
    or no list at all."""
    decks = table_decks(GAME, "Scattergories", lang, extra, shipped=shipped)
    lists = [lst for deck in decks for lst in deck.lists]
    if not lists:
        raise SetupError(
            f"no Scattergories lists found for language '{lang}': {no_decks_hint()}"
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


def category_words(category: Category, lang: str = "en") -> Words:
    """A category's known answers by the letters they may be played with (articles aside)."""
    words: Words = {}
    for entry in category.answers:
        for letter in answer_letters(entry.text, lang, category.people, False):
            words.setdefault(letter, []).append(entry.text)
    return words


_DECK_WORDS: dict[int, tuple[Sequence[CategoryList], Words]] = {}


def deck_words(lists: Sequence[CategoryList], lang: str = "en") -> Words:
    """Every known answer of the deck's lists by letter, once each (worked out once a deck)."""
    cached = _DECK_WORDS.get(id(lists))
    if cached is not None and cached[0] is lists:
        return cached[1]
    words: Words = {}
    for category in (c for lst in lists for c in lst.categories):
        for letter, texts in category_words(category, lang).items():
            words.setdefault(letter, []).extend(texts)
    words = {letter: list(dict.fromkeys(texts)) for letter, texts in words.items()}
    _DECK_WORDS[id(lists)] = (lists, words)
    return words
