"""A person's name is known from the first and family names the project ships, the everyday
words and WordNet's compound nouns: its last name may carry the letter in any category."""

from __future__ import annotations

import pytest

from host.judge.people import is_person_name, person_letters


@pytest.mark.parametrize("text", [
    "George Michael", "Billy Idol", "Taylor Swift", "taylor swift", "john f. kennedy",
    "Vincent van Gogh", "Martin Luther King", "Marie Curie", "Kevin Bacon",
])
def test_a_first_name_then_a_family_name_is_a_persons_name(text: str) -> None:
    assert is_person_name(text)


@pytest.mark.parametrize("text", [
    "Rose bush", "rose bush", "Teddy bear", "teddy bear", "billy goat", "Ice cream",
    "Hot dog", "The Rock", "Mac and cheese", "Elvis", "Golden Gate Bridge", "Penny whistle",
])
def test_a_common_noun_or_a_single_name_is_not(text: str) -> None:
    assert not is_person_name(text)


def test_written_in_one_case_an_everyday_first_name_needs_an_unusual_family_name() -> None:
    assert is_person_name("frank sinatra") and is_person_name("Will Smith")
    assert not is_person_name("will smith") and not is_person_name("rock star")


def test_a_persons_letters_are_the_first_and_last_names() -> None:
    assert person_letters("George Michael") == ("G", "M")
    assert person_letters("Vincent van Gogh") == ("V", "G")
    assert person_letters("Teddy bear") == ()
