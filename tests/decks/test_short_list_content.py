"""Content checks of the shipped English Short List box (short-list/en in host/decks_data/)."""

from __future__ import annotations

import re
import tomllib
from typing import Any

import pytest

from host.cli import main
from host.decks import load_deck, parse_deck, shipped_decks_dir

DECK = shipped_decks_dir() / "short-list" / "en" / "core.toml"


@pytest.fixture(scope="module")
def raw() -> dict[str, Any]:
    """The deck file as plain TOML data."""
    with DECK.open("rb") as handle:
        return tomllib.load(handle)


def spellings(answer: str) -> list[str]:
    """The canonical answer and its aliases, case-folded."""
    return [part.strip().casefold() for part in answer.split(" | ")]


def test_header(raw: dict[str, Any]) -> None:
    assert (raw["deck"]["game"], raw["deck"]["lang"]) == ("short-list", "en")
    assert set(raw) == {"deck", "questions"}


def test_190_questions_with_sequential_unique_ids(raw: dict[str, Any]) -> None:
    ids = [q["id"] for q in raw["questions"]]
    assert len(ids) == 190
    assert ids == [f"sl-en-{n:03d}" for n in range(1, 191)]


def test_questions_are_distinct_questions(raw: dict[str, Any]) -> None:
    texts = [q["question"].casefold() for q in raw["questions"]]
    assert len(set(texts)) == len(texts)
    assert all(q["question"].startswith("Name ") for q in raw["questions"])


def test_every_question_has_at_least_seven_distinct_answers(raw: dict[str, Any]) -> None:
    short = {}
    for q in raw["questions"]:
        canon = {spellings(a)[0] for a in q["answers"]}
        if len(canon) < 7 or len(canon) != len(q["answers"]):
            short[q["id"]] = len(canon)
    assert short == {}


def test_no_spelling_repeats_within_a_card(raw: dict[str, Any]) -> None:
    dupes = []
    for q in raw["questions"]:
        seen: set[str] = set()
        for answer in q["answers"]:
            for text in spellings(answer):
                if not text or text in seen:
                    dupes.append((q["id"], text))
                seen.add(text)
    assert dupes == []


def test_alias_syntax_is_clean(raw: dict[str, Any]) -> None:
    bad = [(q["id"], a) for q in raw["questions"] for a in q["answers"]
           if a != a.strip() or re.search(r"\|\S|\S\||\s{2,}", a)]
    assert bad == []


def test_difficulties_spread_over_1_to_3(raw: dict[str, Any]) -> None:
    levels = [q["difficulty"] for q in raw["questions"]]
    assert set(levels) == {1, 2, 3}
    assert min(levels.count(n) for n in (1, 2, 3)) >= 40


def test_known_complete_sets(raw: dict[str, Any]) -> None:
    by_question = {q["question"]: q["answers"] for q in raw["questions"]}
    sizes = {
        "Name one of the planets of the solar system.": 8,
        "Name a country that shares a land border with Germany.": 9,
        "Name a colour of the rainbow.": 7,
        "Name one of the seven noble gases.": 7,
        "Name a letter of the Greek alphabet.": 24,
        "Name a sign of the Western zodiac.": 12,
        "Name one of Santa's reindeer (Rudolph included).": 9,
        "Name a member state of the European Union (as of 2025).": 27,
    }
    assert {q: len(by_question[q]) for q in sizes} == sizes


def test_loads_without_deck_errors() -> None:
    deck, errors, warnings = parse_deck(DECK)
    assert [str(e) for e in errors] == []
    assert [str(w) for w in warnings] == []
    assert deck is not None
    loaded = load_deck(DECK)
    assert len(loaded.questions) == 190
    assert all(len(q.answers) >= 7 for q in loaded.questions)


def test_decks_check_is_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["decks", "check", str(DECK)]) == 0
    assert "1 deck file(s): 0 error(s), 0 warning(s)" in capsys.readouterr().out
