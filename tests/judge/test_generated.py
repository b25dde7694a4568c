"""Generated categories against the package data they come from."""

from __future__ import annotations

import pycountry
import pytest

from host.decks import CategoryKind, find_decks, load_deck
from host.judge.deckcheck import categories, content_errors, content_warnings
from host.judge.generated import (
    forget_word_data,
    generate,
    param_problem,
    rhyme_index,
    rhyming_part,
)
from host.judge.text import normalize, strict_key
from host.judge.wordnet import CLASSES, class_lemmas


def values(name: str, lang: str = "en", **params: str | int) -> set[str]:
    return set(generate(name, params, lang=lang).answers.values())


def has(name: str, answer: str, lang: str = "en", **params: str | int) -> bool:
    data = generate(name, params, lang=lang)
    key = strict_key(answer, lang) if data.strict else normalize(answer, lang=lang)
    return key in data.answers


def test_rhymes_are_real_words_sounding_alike() -> None:
    for word in ("amaze", "phrase", "days", "always", "holidays", "mayonnaise", "hazmat"):
        assert has("rhymes", word, word="haze") or word == "hazmat", word
    for word in ("noise", "hose", "day", "haze", "hazel"):
        assert not has("rhymes", word, word="haze"), word
    assert {"hat", "acrobat", "diplomat", "format", "cravat"} <= {
        w.lower() for w in values("rhymes", word="cat")}
    assert rhyming_part("AO1 L W EY2 Z") == "EY Z"


def test_one_syllable_rhymes_hear_the_last_syllable() -> None:
    bee = {w.lower() for w in values("rhymes", word="bee")}
    assert {"tree", "chimpanzee", "refugee", "pedigree", "employee"} <= bee
    assert not {"happy", "city", "baby"} & bee
    assert has("rhymes", "termite", word="light") and has("rhymes", "endgame", word="game")
    assert not has("rhymes", "computer", word="butter")


def test_rhymes_are_found_again_once_their_dictionaries_are_let_go() -> None:
    """The lobby lets CMUdict and the rhyme index go after a game (80 MB); the answers
    generated stay, and a rhyme asked for later reads them again."""
    cat = values("rhymes", word="cat")
    forget_word_data()
    assert rhyme_index.cache_info().currsize == 0
    assert values("rhymes", word="cat") == cat
    assert {"spoon", "balloon"} <= {w.lower() for w in values("rhymes", word="moon")}
    assert rhyme_index.cache_info().currsize == 1


def test_first_names_by_length_and_gender() -> None:
    four = values("first_names", length=4)
    assert {"John", "Mary", "Liam", "Isla", "Zara"} <= four
    assert all(len(n.replace("-", "")) == 4 for n in four)
    girls = values("first_names", gender="female", length=4)
    assert "Mary" in girls and "Jack" not in girls
    assert "Jack" in values("first_names", gender="male")


def test_countries_match_pycountry() -> None:
    countries = values("countries")
    assert len(countries) == len(pycountry.countries) + 1  # ISO 3166-1 and Kosovo
    for name in ("France", "Japan", "Holland", "USA", "UK", "Ivory Coast", "Russia", "Congo"):
        assert has("countries", name), name
    assert not has("countries", "Atlantis")
    assert has("countries", "Allemagne", lang="fr") and has("countries", "Russie", lang="fr")


def test_us_states_match_pycountry() -> None:
    states = {s.name for s in pycountry.subdivisions.get(country_code="US") if s.type == "State"}
    assert values("us_states") == states and len(states) == 50
    assert not has("us_states", "Puerto Rico") and not has("us_states", "Ontario")
    assert has("us_states", "Californie", lang="fr") and has("us_states", "Floride", lang="fr")


def test_elements_match_periodictable() -> None:
    import periodictable

    names = {e.name.capitalize() for e in periodictable.elements if e.number > 0}
    assert values("elements") == names and len(names) == 118
    assert has("elements", "Aluminium") and has("elements", "sulphur")
    assert not has("elements", "Kryptonite")


def test_capitals_currencies_colours() -> None:
    for city in ("Paris", "Tokyo", "Canberra", "Ottawa"):
        assert has("capitals", city), city
    assert not has("capitals", "Sydney")
    assert {c.name for c in pycountry.currencies} <= values("currencies")
    for money in ("Euro", "Yen", "Dollar", "Peso", "Pound"):
        assert has("currencies", money), money
    import webcolors

    assert all(has("colours", n) for n in webcolors.names("css3"))
    assert has("colours", "light goldenrod yellow") and has("colours", "Vermilion")
    assert not has("colours", "Banana")


@pytest.mark.parametrize(
    ("cls", "inside", "outside"),
    [
        ("animals", {"elephant", "aardvark", "octopus"}, {"table", "banana"}),
        ("fruits", {"banana", "mango", "apple"}, {"carrot"}),
        ("vegetables", {"carrot", "spinach"}, {"violin"}),
        ("instruments", {"violin", "xylophone", "bagpipe"}, {"hammer"}),
        ("sports", {"tennis", "archery"}, {"chess set"}),
        ("dances", {"waltz", "tango"}, {"table"}),
    ],
)
def test_wordnet_classes(cls: str, inside: set[str], outside: set[str]) -> None:
    lemmas = class_lemmas(cls)
    assert inside <= lemmas and not outside & lemmas


def test_every_wordnet_class_is_populated() -> None:
    for cls in CLASSES:
        assert len(class_lemmas(cls)) >= 10, cls


def test_param_problems() -> None:
    assert param_problem("poems", {}) is not None
    assert param_problem("rhymes", {"word": "two words"}) is not None
    assert param_problem("first_names", {"gender": "robot"}) is not None
    assert param_problem("wordnet", {"class": "animals"}) is None


def test_shipped_closed_lists_agree_with_package_data() -> None:
    """Closed lists of US states, elements, countries...: answers known to the data, sets whole."""
    checked = 0
    for path in find_decks():
        deck = load_deck(path)
        for entry, cat in categories(deck):
            if cat.kind is CategoryKind.LISTED and cat.closed:
                problems = [*content_errors(deck, entry, cat), *content_warnings(deck, entry, cat)]
                assert not problems, "\n".join(map(str, problems))
                checked += 1
    assert checked > 0


def test_french_deck_cannot_use_english_only_generators() -> None:
    assert param_problem("rhymes", {"word": "bonjour"}, "fr") is not None
    assert param_problem("countries", {}, "fr") is None


def test_missing_data_sends_answers_to_the_vote(monkeypatch: pytest.MonkeyPatch) -> None:
    from host.decks import Category
    from host.judge import Judge, Reason
    from host.judge import generated as gen
    from host.judge.wordnet import WordNetMissing

    def missing(params: object, lang: str) -> gen.Generated:
        raise WordNetMissing("WordNet data is missing: install wordnet-base")

    monkeypatch.setitem(gen.GENERATORS, "wordnet", missing)
    cat = Category("birds-x", "Birds", CategoryKind.GENERATED, generator="wordnet",
                   params={"class": "birds"})
    assert Judge().judge(cat, "Robin").reason is Reason.NEEDS_VOTE
