"""Content checks of the shipped French Crack List box (crack-list/fr in host/decks_data/)."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from typing import Any

import pytest

from host.decks import CategoryKind, load_deck, parse_deck, shipped_decks_dir
from tests.decks.content import repeated_answers

DECK = shipped_decks_dir() / "crack-list" / "fr" / "core.toml"
KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


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
    assert raw["deck"]["lang"] == "fr"


def test_at_least_78_cards_of_exactly_3_categories(raw: dict[str, Any]) -> None:
    assert len(raw["cards"]) >= 78
    assert all(len(card["categories"]) == 3 for card in raw["cards"])
    assert len({card["id"] for card in raw["cards"]}) == len(raw["cards"])


def test_category_ids_unique_and_kebab_case(raw: dict[str, Any]) -> None:
    counts = Counter(cat["id"] for cat in categories(raw))
    assert len(counts) >= 234
    assert [cid for cid, n in counts.items() if n > 1] == []
    assert [cid for cid in counts if not KEBAB.fullmatch(cid)] == []


def test_every_category_has_a_difficulty(raw: dict[str, Any]) -> None:
    assert all(cat.get("difficulty") in (1, 2, 3) for cat in categories(raw))


def test_listed_categories_are_rich(raw: dict[str, Any]) -> None:
    """Open lists need >= 20 answers; closed lists (planets, months) are complete as they are."""
    short = {cat["id"]: len(cat.get("answers", [])) for cat in categories(raw)
             if cat.get("kind") == "listed" and not cat.get("closed")
             and len(cat.get("answers", [])) < 20}
    assert short == {}


def test_closed_lists_are_complete(raw: dict[str, Any]) -> None:
    sizes = {cat["id"]: len(cat["answers"]) for cat in categories(raw) if cat.get("closed")}
    assert sizes["planetes"] == 8
    assert sizes["jours-semaine"] == 7
    assert sizes["mois"] == 12
    assert sizes["signes-zodiaque"] == 12
    assert sizes["departements-ile-de-france"] == 8
    assert sizes["pays-afrique"] == 54
    assert sizes["etats-americains"] == 50
    assert sizes["departements-francais"] == 101
    assert sizes["elements-chimiques"] == 118


def test_no_duplicate_answers_within_a_category(raw: dict[str, Any]) -> None:
    assert repeated_answers(categories(raw)) == []


def test_adult_only_for_swear_words(raw: dict[str, Any]) -> None:
    adult = {cat["id"] for cat in categories(raw) if cat.get("adult")}
    assert adult == {"gros-mots"}
    swear = next(cat for cat in categories(raw) if cat["id"] == "gros-mots")
    assert swear.get("kind") == "open"


def test_rulebook_style_categories_present(raw: dict[str, Any]) -> None:
    titles = {cat["title"] for cat in categories(raw)}
    assert {"Choses qui sont jaunes", "Spécialités culinaires françaises", "Villes de France",
            "Mots qui riment avec « maison »", "Prénoms de 4 lettres", "Gros mots"} <= titles


def test_deck_loads_without_errors_or_warnings() -> None:
    deck, errors, warnings = parse_deck(DECK)
    assert [str(e) for e in errors] == []
    assert [str(w) for w in warnings] == []
    assert deck is not None and deck.lang == "fr"


def test_load_deck_gives_typed_categories() -> None:
    deck = load_deck(DECK)
    cats = [cat for card in deck.cards for cat in card.categories]
    assert len(cats) >= 234
    assert all(cat.kind in (CategoryKind.LISTED, CategoryKind.OPEN) for cat in cats)
    jaunes = next(cat for cat in cats if cat.id == "choses-jaunes")
    assert any(a.text == "Banane" for a in jaunes.answers)
