"""Known names of things (countries, US states, capitals, planets, elements, first names, common
words), so that one real name is never taken for a misspelling of another of its kind."""

from __future__ import annotations

from functools import lru_cache

from host.judge.generated import DataMissing, generate
from host.judge.text import normalize
from host.judge.wordlists import common_words

KINDS_BY_GENERATOR: dict[str, tuple[str, ...]] = {
    "en": ("countries", "us_states", "capitals", "elements", "first_names"),
    "fr": ("countries", "us_states", "first_names"),
}
"""The generators whose answers are the known names, per language."""

PLANETS = ("Mercury", "Venus", "Earth", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune",
           "Pluto", "Ceres", "Eris", "Makemake", "Haumea")
"""The planets and the dwarf planets: no package here lists them."""


Named = frozenset[tuple[str, str]]
"""What a key names: (kind, canonical name) pairs, e.g. {("countries", "Afghanistan")}."""


@lru_cache(maxsize=2)
def known_names(lang: str) -> dict[str, Named]:
    """Every known name's key -> what it names (a spelling of a country names that country)."""
    found: dict[str, set[tuple[str, str]]] = {}
    for kind in KINDS_BY_GENERATOR.get(lang, KINDS_BY_GENERATOR["en"]):
        try:
            answers = generate(kind, {}, lang=lang).answers
        except DataMissing:
            continue  # without its data a kind is simply not known
        for key, name in answers.items():
            for spelling in {key, normalize(name, lang=lang)}:
                found.setdefault(spelling, set()).add((kind, name))
    if lang == "en":
        for planet in PLANETS:
            found.setdefault(normalize(planet), set()).add(("planets", planet))
    return {key: frozenset(named) for key, named in found.items()}


def named_by(key: str, lang: str = "en") -> Named:
    """What a normalised key names: {("countries", "Austria")}, {("common words", "lemon")}."""
    named = known_names(lang).get(key, frozenset())
    if key in _common_keys(lang):
        named |= {("common words", key)}
    return named


@lru_cache(maxsize=2)
def _common_keys(lang: str) -> frozenset[str]:
    """The keys of the everyday words of a language (one word each)."""
    return frozenset(normalize(w, lang=lang) for w in common_words(lang) if len(w) > 3)


def different_names(a: str, b: str, lang: str = "en") -> bool:
    """True when two keys are known names of one kind for two different things ("austria",
    "australia"): then neither is a misspelling of the other."""
    named_a, named_b = named_by(a, lang), named_by(b, lang)
    for kind in {k for k, _ in named_a} & {k for k, _ in named_b}:
        if not {n for k, n in named_a if k == kind} & {n for k, n in named_b if k == kind}:
            return True
    return False
