"""Normalisation and letter rules of the answer judge."""

from __future__ import annotations

import pytest

from host.judge import normalize
from host.judge.text import answer_letters, fold_plural, singular_variants, words


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("The Godfather", "godfather"),
        ("Rock & Roll", "rock and roll"),
        ("Rock 'n' Roll", "rock and roll"),
        ("7 Up", "Seven-Up"),
        ("101 Dalmatians", "one hundred and one dalmatians"),
        ("Ocean's 11", "oceans eleven"),
        ("Élodie", "elodie"),
        ("Curaçao", "CURACAO"),
        ("Strawberries", "strawberry"),
        ("Boxes", "box"),
        ("ice-cream", "ice cream"),
        ("Grey", "gray"),
        ("St. Lucia", "Saint Lucia"),
        ("E.T.", "ET"),
        ("1984", "nineteen eighty four"),
        ("2nd", "second"),
    ],
)
def test_same_key(a: str, b: str) -> None:
    assert normalize(a) == normalize(b)


@pytest.mark.parametrize(("a", "b"), [("Lemon", "Melon"), ("Mars", "Mercury"), ("Iran", "Iraq")])
def test_different_key(a: str, b: str) -> None:
    assert normalize(a) != normalize(b)


def test_french_articles_and_numbers() -> None:
    assert normalize("L'Avare", lang="fr") == normalize("avare", lang="fr")
    assert normalize("Les Misérables", lang="fr") == normalize("miserables", lang="fr")
    assert normalize("21", lang="fr") == normalize("vingt et un", lang="fr")
    assert normalize("Tom & Jerry", lang="fr") == normalize("Tom et Jerry", lang="fr")
    assert answer_letters("L'Étranger", "fr") == ("L", "E")
    assert answer_letters("Une vie", "fr") == ("U", "V")


def test_empty_and_punctuation_only() -> None:
    assert normalize("") == ""
    assert normalize("  ?!  ") == ""
    assert words("...") == ()


def test_article_rule_letters() -> None:
    assert answer_letters("The Godfather") == ("T", "G")
    assert answer_letters("An American in Paris") == ("A",)
    assert answer_letters("A Bug's Life") == ("A", "B")
    assert answer_letters("The") == ("T",)
    assert answer_letters("7 Up") == ("S",)


def test_people_first_or_last_name() -> None:
    assert answer_letters("Michael Jackson", people=True) == ("M", "J")
    assert answer_letters("Vincent van Gogh", people=True) == ("V", "G")
    assert answer_letters("Leonardo da Vinci", people=True) == ("L", "V", "D")
    assert answer_letters("Michael Jackson") == ("M",)


def test_fold_plural_keeps_non_plurals() -> None:
    assert fold_plural("glass") == "glass"
    assert fold_plural("bus") == "bus"
    assert fold_plural("cherries") == "cherry"
    assert fold_plural("brownie") == fold_plural("brownies") == "browny"
    assert fold_plural("boxes") == "box"


def test_singular_variants() -> None:
    assert singular_variants("Tomatoes") == ["tomatoe", "tomato"]
    assert singular_variants("Yellow cabs") == ["yellow cab"]
    assert singular_variants("Bus") == []
