"""The Crack Word colour decks: the same letters and special cards for every colour, enough for
the biggest pile, in French and in English."""

from __future__ import annotations

import pytest

from host.games.crack_word.cards import (
    COLOURS,
    ETOILE,
    LETTERS,
    PETARD,
    colour_deck,
    cut_rank,
    deck_size,
)
from host.games.crack_word.config import PILE_SIZE


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_colour_holds_fifty_letters_two_petards_and_two_etoiles(lang: str) -> None:
    deck = colour_deck("minus", lang)
    faces = [card.face for card in deck]
    assert len(deck) == deck_size(lang) == 54
    assert faces.count(PETARD) == 2 and faces.count(ETOILE) == 2
    assert sum(LETTERS[lang].values()) == 50
    assert all(face.isalpha() and len(face) == 1 for face in faces if face not in (PETARD, ETOILE))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_deck_covers_the_biggest_pile_and_its_cards_differ(lang: str) -> None:
    for colour in COLOURS:
        deck = colour_deck(colour, lang)
        assert len(set(deck)) == len(deck) >= max(PILE_SIZE.values())
        assert {card.colour for card in deck} == {colour}


def test_the_french_deck_is_rich_in_vowels_and_drops_the_rarest_letters() -> None:
    french = LETTERS["fr"]
    assert french["E"] == max(french.values())
    assert not {"K", "W", "Y"} & set(french)
    assert {"Q", "Z"} - set(LETTERS["en"]) == {"Q", "Z"}


def test_an_unknown_language_has_no_deck() -> None:
    with pytest.raises(ValueError, match="fr or en"):
        colour_deck("minus", "de")


def test_at_the_cut_a_special_card_ranks_after_z() -> None:
    deck = {card.face: card for card in colour_deck("plain")}
    assert cut_rank(deck["A"]) == 0 and cut_rank(deck["Z"]) == 25
    assert cut_rank(deck[PETARD]) == cut_rank(deck[ETOILE]) == 26
