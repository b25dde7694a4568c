"""Content checks of the shipped English Scattergories box (host/decks_data/scattergories/en)."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from typing import Any

import pytest

from host.cli import main
from host.decks import CategoryKind, load_deck, parse_deck, shipped_decks_dir
from tests.decks.content import repeated_answers

DECK = shipped_decks_dir() / "scattergories" / "en" / "core.toml"

# Categories of people: the first or the last name may carry the letter.
PEOPLE = {"boys-names", "girls-names", "famous-people", "superheroes", "cartoon-characters",
          "fairy-tale-characters", "characters-in-a-book", "pet-names"}


@pytest.fixture(scope="module")
def raw() -> dict[str, Any]:
    """The deck file as plain TOML data."""
    with DECK.open("rb") as handle:
        return tomllib.load(handle)


def categories(raw: dict[str, Any]) -> list[dict[str, Any]]:
    """Every category table of every list, in file order."""
    return [cat for lst in raw["lists"] for cat in lst["categories"]]


def test_header(raw: dict[str, Any]) -> None:
    assert (raw["deck"]["game"], raw["deck"]["lang"]) == ("scattergories", "en")
    assert set(raw) == {"deck", "lists"}


def test_at_least_12_lists_of_exactly_12_categories(raw: dict[str, Any]) -> None:
    lists = raw["lists"]
    assert len(lists) >= 12
    assert [len(lst["categories"]) for lst in lists] == [12] * len(lists)
    assert len({lst["id"] for lst in lists}) == len(lists)


def test_category_ids_unique_across_the_file(raw: dict[str, Any]) -> None:
    counts = Counter(cat["id"] for cat in categories(raw))
    assert [cid for cid, n in counts.items() if n > 1] == []
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", cid) for cid in counts)
    titles = Counter(cat["title"].casefold() for cat in categories(raw))
    assert [t for t, n in titles.items() if n > 1] == []


def test_kinds_are_open_or_listed(raw: dict[str, Any]) -> None:
    kinds = Counter(cat.get("kind", "open") for cat in categories(raw))
    assert set(kinds) == {"open", "listed"}
    assert kinds["listed"] >= 36
    assert all("answers" not in cat for cat in categories(raw) if cat.get("kind", "open") == "open")
    assert all(cat.get("kind") == "listed" for cat in categories(raw) if cat.get("closed"))


def test_listed_categories_are_rich(raw: dict[str, Any]) -> None:
    short = {cat["id"]: len(cat["answers"]) for cat in categories(raw)
             if cat.get("kind") == "listed" and len(cat["answers"]) < 30}
    assert short == {}


def test_listed_answers_cover_most_letters(raw: dict[str, Any]) -> None:
    thin = {}
    for cat in categories(raw):
        if cat.get("kind") == "listed" and cat["id"] != "baby-animals":
            initials = {a[0].casefold() for a in cat["answers"]}
            if len(initials) < 14:
                thin[cat["id"]] = len(initials)
    assert thin == {}


def test_no_duplicate_answers_within_a_category(raw: dict[str, Any]) -> None:
    assert repeated_answers(categories(raw)) == []


def test_people_categories_are_flagged(raw: dict[str, Any]) -> None:
    flagged = {cat["id"] for cat in categories(raw) if cat.get("people")}
    assert flagged == PEOPLE


def test_junior_rulebook_spirit(raw: dict[str, Any]) -> None:
    titles = {cat["title"] for cat in categories(raw)}
    assert {"Animals", "Things at school", "Foods", "Toys", "TV shows", "Things that are cold",
            "Sports", "Colours", "Pizza toppings"} <= titles
    assert not any(cat.get("adult") for cat in categories(raw))


def test_us_states_closed_and_complete(raw: dict[str, Any]) -> None:
    states = next(cat for cat in categories(raw) if cat["id"] == "us-states")
    assert states["closed"] is True
    assert len(states["answers"]) == 50


def test_loads_without_deck_errors() -> None:
    deck, errors, warnings = parse_deck(DECK)
    assert [str(e) for e in errors] == []
    assert [str(w) for w in warnings] == []
    assert deck is not None
    loaded = load_deck(DECK)
    assert len(loaded.lists) >= 12
    kinds = Counter(cat.kind for lst in loaded.lists for cat in lst.categories)
    assert kinds[CategoryKind.LISTED] >= 36


def test_decks_check_is_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["decks", "check", str(DECK)]) == 0
    assert "1 deck file(s): 0 error(s), 0 warning(s)" in capsys.readouterr().out
