"""The judge's verdicts on the mini test deck: lists, votes, duplicates, letters, generators."""

from __future__ import annotations

from pathlib import Path

import pytest

from host.decks import AnswerEntry, Category, CategoryKind, load_deck
from host.judge import Judge, Reason, Verdict

DECK = Path(__file__).resolve().parents[1] / "data" / "decks" / "crack-list-mini.toml"


@pytest.fixture(scope="module")
def cats() -> dict[str, Category]:
    deck = load_deck(DECK)
    return {c.id: c for card in deck.cards for c in card.categories}


@pytest.fixture(scope="module")
def judge() -> Judge:
    return Judge(lang="en")


def test_listed_exact_alias_and_misspelling(judge: Judge, cats: dict[str, Category]) -> None:
    yellow = cats["things-that-are-yellow"]
    assert judge.judge(yellow, "banana") == Verdict(True, "Banana", ("B",), Reason.OK)
    assert judge.judge(yellow, "egg yolk").matched == "Yolk"
    assert judge.judge(yellow, "Bananas").matched == "Banana"
    assert judge.judge(yellow, "dafodil").matched == "Daffodil"
    assert judge.judge(yellow, "sun flower").matched == "Sunflower"


def test_known_list_sends_unknown_to_vote(judge: Judge, cats: dict[str, Category]) -> None:
    verdict = judge.judge(cats["things-that-are-yellow"], "Pineapple")
    assert verdict == Verdict(None, None, ("P",), Reason.NEEDS_VOTE)


def test_closed_list_refuses_unknown(judge: Judge, cats: dict[str, Category]) -> None:
    assert judge.judge(cats["planets"], "Pluto") == Verdict(False, None, ("P",),
                                                            Reason.NOT_IN_LIST)
    assert judge.judge(cats["planets"], "Jupitor").matched == "Jupiter"


def test_open_category(judge: Judge, cats: dict[str, Category]) -> None:
    assert judge.judge(cats["swear-words"], "Blimey").reason is Reason.NEEDS_VOTE
    assert judge.judge(cats["swear-words"], "Blimey", letter="Q").reason is Reason.WRONG_LETTER


def test_article_rule(judge: Judge, cats: dict[str, Category]) -> None:
    films = cats["films"]
    for letter in "TG":
        verdict = judge.judge(films, "The Godfather", letter=letter)
        assert verdict.accepted is True and verdict.letters == ("T", "G")
    assert judge.judge(films, "Godfather", letter="T").accepted is True
    assert judge.judge(films, "The Godfather", letter="F").reason is Reason.WRONG_LETTER
    assert judge.judge(films, "Ocean's 11").matched == "Ocean's Eleven"
    assert judge.judge(films, "one hundred and one dalmatians").letters == ("O",)


def test_people(judge: Judge, cats: dict[str, Category]) -> None:
    painters = cats["famous-painters"]
    assert judge.judge(painters, "Van Gogh", letter="G").matched == "Vincent van Gogh"
    assert judge.judge(painters, "Picasso").matched == "Pablo Picasso"
    assert judge.judge(painters, "Claude Monet", letter="M").accepted is True
    assert judge.judge(painters, "Salvador Dali", letter="D").accepted is True


def test_duplicates(judge: Judge, cats: dict[str, Category]) -> None:
    films = cats["films"]
    given = ["The Godfather", "Jaws"]
    assert judge.judge(films, "Godfather", given=given).reason is Reason.DUPLICATE
    assert judge.judge(films, "the god father", given=given).reason is Reason.DUPLICATE
    assert judge.judge(films, "Star Wars", given=given).reason is Reason.OK
    yellow = cats["things-that-are-yellow"]
    assert judge.judge(yellow, "Egg yolk", given=["Yolk"]).reason is Reason.DUPLICATE
    assert judge.judge(yellow, "Pineapples", given=["pineapple"]).reason is Reason.DUPLICATE


def test_empty(judge: Judge, cats: dict[str, Category]) -> None:
    for text in ("", "   ", "?!"):
        assert judge.judge(cats["films"], text) == Verdict(False, None, (), Reason.EMPTY)


def test_order_of_checks(judge: Judge, cats: dict[str, Category]) -> None:
    planets = cats["planets"]
    assert judge.judge(planets, "Mars", letter="Q", given=["mars"]).reason is Reason.DUPLICATE
    assert judge.judge(planets, "Pluto", letter="Q").reason is Reason.NOT_IN_LIST
    assert judge.judge(planets, "Mars", letter="Q").reason is Reason.WRONG_LETTER
    assert judge.judge(planets, "Mars", letter="m").accepted is True


def test_rhymes_with_haze(judge: Judge, cats: dict[str, Category]) -> None:
    haze = cats["rhymes-with-haze"]
    for word in ("amaze", "phrase", "days", "maze", "praise", "ablaze"):
        assert judge.judge(haze, word).accepted is True, word
    for word in ("noise", "day", "hose", "house"):
        assert judge.judge(haze, word).reason is Reason.NOT_IN_LIST, word


def test_generated_first_names_and_countries(judge: Judge, cats: dict[str, Category]) -> None:
    names = cats["four-letter-first-names"]
    assert judge.judge(names, "Mary", letter="M").accepted is True
    assert judge.judge(names, "Jonathan").reason is Reason.NOT_IN_LIST
    countries = cats["countries"]
    assert judge.judge(countries, "Holland").matched == "The Netherlands"
    assert judge.judge(countries, "Columbia").matched == "Colombia"
    assert judge.judge(countries, "Atlantis").reason is Reason.NOT_IN_LIST


def test_index_cached_per_category(judge: Judge, cats: dict[str, Category]) -> None:
    films = cats["films"]
    assert judge.index(films) is judge.index(films)
    other = Category("films", "Films", CategoryKind.LISTED, closed=True)
    assert judge.index(other) is not judge.index(films)


def test_letters_without_category() -> None:
    assert Judge().letters("The Beatles") == ("T", "B")
    assert Judge(lang="fr").letters("La Joconde") == ("L", "J")


def test_french_listed_category() -> None:
    fruits = Category("fruits", "Fruits", CategoryKind.LISTED, answers=tuple(
        AnswerEntry(a) for a in ("Poire", "Cerise", "Citron", "Pamplemousse", "L'Orange")))
    judge = Judge(lang="fr")
    assert judge.judge(fruits, "cerisse").matched == "Cerise"
    assert judge.judge(fruits, "Citrons").matched == "Citron"
    assert judge.judge(fruits, "orange", letter="L").matched == "L'Orange"
    assert judge.judge(fruits, "Poivre").reason is Reason.NEEDS_VOTE  # a real word, not a slip
    assert judge.judge(fruits, "pample mousse").matched == "Pamplemousse"


def test_scattergories_article_letter_off(judge: Judge, cats: dict[str, Category]) -> None:
    films = cats["films"]
    verdict = judge.judge(films, "The Godfather", letter="T", article_letter=False)
    assert verdict.reason is Reason.WRONG_LETTER and verdict.letters == ("G",)
    assert judge.letters("The Lion King", article_letter=False) == ("L",)
    assert judge.letters("The", article_letter=False) == ("T",)


def test_repeat_check_follows_the_given_list_as_it_grows_shrinks_and_changes(
    judge: Judge, cats: dict[str, Category]
) -> None:
    films = cats["films"]
    given: list[str] = []
    assert judge.judge(films, "Jaws", given=given).reason is Reason.OK
    given.append("Jaws")
    assert judge.judge(films, "Jaws", given=given).reason is Reason.DUPLICATE
    given.append("The Godfather")
    assert judge.judge(films, "godfather", given=given).reason is Reason.DUPLICATE
    given.remove("Jaws")  # a rejected answer is taken back
    assert judge.judge(films, "Jaws", given=given).reason is Reason.OK
    assert judge.judge(films, "Jaws", given=["Star Wars"]).reason is Reason.OK
    assert judge.judge(films, "Jaws", given=["jaws"]).reason is Reason.DUPLICATE
    assert judge.judge(films, "Jaws").reason is Reason.OK


def test_remembered_rulings_match_a_fresh_judge(judge: Judge, cats: dict[str, Category]) -> None:
    asked = [("films", "The Godfather", "G"), ("films", "Godfather", "T"),
             ("films", "Godfather", "F"), ("films", "Jaws", "J"), ("films", "Jaws", "X"),
             ("planets", "Mars", "Q"), ("planets", "Mars", "m"), ("planets", "Mars", None),
             ("planets", "Pluto", None), ("planets", "Pluto", "Q"), ("swear-words", "Blimey", "B"),
             ("swear-words", "Blimey", "C"), ("films", "?!", "A")]
    for _ in range(2):
        for cat, answer, letter in asked:
            for given in ([], ["Jaws"], ["mars", "Pluto"]):
                fresh = Judge(lang="en").judge(cats[cat], answer, letter=letter, given=given)
                assert judge.judge(cats[cat], answer, letter=letter, given=given) == fresh
