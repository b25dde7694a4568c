"""Content checks of the shipped English Crack List box (crack-list/en in host/decks_data/)."""

from __future__ import annotations

import tomllib
from collections import Counter
from typing import Any

import pytest

from host.decks import CategoryKind, load_deck, parse_deck, shipped_decks_dir
from host.judge.deckcheck import check_deck_file
from tests.decks.content import repeated_answers

DECK = shipped_decks_dir() / "crack-list" / "en" / "core.toml"

RULEBOOK = {
    "British culinary specialities",
    "Cities or towns on the English Channel",
    "Things that are yellow",
    "Words that rhyme with 'haze'",
    "4-letter first names",
    "Swear words",
}


@pytest.fixture(scope="module")
def raw() -> dict[str, Any]:
    """The deck file as plain TOML data."""
    with DECK.open("rb") as handle:
        return tomllib.load(handle)


def categories(raw: dict[str, Any]) -> list[dict[str, Any]]:
    """Every category table of every card, in file order."""
    return [cat for card in raw["cards"] for cat in card["categories"]]


def test_header(raw: dict[str, Any]) -> None:
    assert raw["deck"]["game"] == "crack-list"
    assert raw["deck"]["lang"] == "en"


def test_78_cards_of_3_categories(raw: dict[str, Any]) -> None:
    assert len(raw["cards"]) == 78
    assert all(len(card["categories"]) == 3 for card in raw["cards"])
    assert len({card["id"] for card in raw["cards"]}) == 78


def test_category_ids_unique(raw: dict[str, Any]) -> None:
    counts = Counter(cat["id"] for cat in categories(raw))
    assert len(counts) == 234
    assert [cid for cid, n in counts.items() if n > 1] == []


def test_every_category_has_a_difficulty(raw: dict[str, Any]) -> None:
    assert all(cat.get("difficulty") in (1, 2, 3) for cat in categories(raw))


def test_listed_categories_are_rich(raw: dict[str, Any]) -> None:
    short = {cat["id"]: len(cat.get("answers", [])) for cat in categories(raw)
             if cat.get("kind") == "listed" and len(cat.get("answers", [])) < 20}
    assert short == {}


def test_generated_categories_list_examples(raw: dict[str, Any]) -> None:
    for cat in categories(raw):
        if cat.get("kind") == "generated":
            assert cat.get("generator"), cat["id"]
            assert len(cat.get("answers", [])) >= 10, cat["id"]


def test_no_duplicate_answers_within_a_category(raw: dict[str, Any]) -> None:
    assert repeated_answers(categories(raw)) == []


def test_rulebook_categories_present(raw: dict[str, Any]) -> None:
    by_title = {cat["title"]: cat for cat in categories(raw)}
    assert RULEBOOK.issubset(by_title)
    haze = by_title["Words that rhyme with 'haze'"]
    assert (haze["kind"], haze["generator"], haze["params"]) == ("generated", "rhymes",
                                                                 {"word": "haze"})
    names = by_title["4-letter first names"]
    assert (names["generator"], names["params"]) == ("first_names", {"length": 4})
    assert all(len(name.split(" | ")[0]) == 4 for name in names["answers"])


def test_swear_words_adult_and_open(raw: dict[str, Any]) -> None:
    adult = [cat for cat in categories(raw) if cat.get("adult")]
    assert [cat["title"] for cat in adult] == ["Swear words"]
    assert adult[0].get("kind") == "open"
    assert "answers" not in adult[0]


def test_loads_without_deck_errors() -> None:
    deck, errors, warnings = parse_deck(DECK)
    assert [str(e) for e in errors] == []
    assert [str(w) for w in warnings] == []
    assert deck is not None
    loaded = load_deck(DECK)
    assert len(loaded.cards) == 78
    kinds = Counter(cat.kind for card in loaded.cards for cat in card.categories)
    assert kinds[CategoryKind.LISTED] > 180


def test_decks_check_is_clean() -> None:
    report = check_deck_file(DECK)
    assert [str(e) for e in report.errors] == []
    assert [str(w) for w in report.warnings] == []
