"""Known names of things (countries, US states, capitals, planets, elements, people's first and
family names, everyday words), so that one well-known name is never taken for a misspelling of
another of its kind."""

from __future__ import annotations

from functools import lru_cache

from wordfreq import zipf_frequency

from host.judge.generated import DataMissing, generate
from host.judge.people import family_names, first_names
from host.judge.sounds import same_sound
from host.judge.text import normalize, words
from host.judge.wordlists import common_words

KINDS_BY_GENERATOR: dict[str, tuple[str, ...]] = {
    "en": ("countries", "us_states", "capitals", "elements"),
    "fr": ("countries", "us_states"),
}
"""The generators whose answers are the known names, per language."""

PLANETS = ("Mercury", "Venus", "Earth", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune",
           "Pluto", "Ceres", "Eris", "Makemake", "Haumea")
"""The planets and the dwarf planets: no package here lists them."""

WELL_KNOWN = 3.5
"""The least wordfreq Zipf frequency (3: once in a million words) of a name surely meant as
itself. Fitted on tests/data/judge/calibration.tsv (`python -m host.judge.calibrate`): from
3.0 to 4.0 every pair there is ruled as labelled (below, the rare spelling "Micheal", 2.8,
counts as a name of its own; above, "Austria", 4.1, passes for "Australia"); 3.5 is the middle.
"""

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


def named_by(word: str, lang: str = "en") -> Named:
    """What a lower-case word (or key) names: {("countries", "Austria")}, {("common words",
    "lemon")}, {("first_names", "emma")}."""
    key = normalize(word, lang=lang)
    named = known_names(lang).get(key, frozenset())
    people = {("first_names", word)} if word in first_names() else set()
    if word in family_names():
        people.add(("surnames", word))
    if key in _common_keys(lang):
        people.add(("common words", key))
    return named | people


@lru_cache(maxsize=2)
def _common_keys(lang: str) -> frozenset[str]:
    """The keys of the everyday words of a language (one word each)."""
    return frozenset(normalize(w, lang=lang) for w in common_words(lang) if len(w) > 3)


def different_names(heard: str, listed: str, lang: str = "en") -> bool:
    """True when what was heard names another thing than the listed answer: a word of it is a
    well-known name of the same kind as the listed answer's word in its place ("Austria",
    "Australia"; "Michael Johnson", "Michael Jackson"). Keys and texts both do."""
    said, meant = words(heard, lang), words(listed, lang)
    if len(said) != len(meant):
        said, meant = ("".join(said),), ("".join(meant),)
    kinds = _PEOPLE if len(said) > 1 else _THINGS  # a surname is a person's in a full name
    return any(_different(a, b, lang, kinds) for a, b in zip(said, meant, strict=True) if a != b)


_PEOPLE = frozenset({"surnames", "first_names"})
_THINGS = frozenset({"countries", "us_states", "capitals", "elements", "first_names", "planets",
                     "common words"})


def _different(a: str, b: str, lang: str, kinds: frozenset[str]) -> bool:
    """True when two words are well-known names of one of these kinds for two different
    things."""
    if same_sound(a, b) or min(zipf_frequency(a, lang), zipf_frequency(b, lang)) < WELL_KNOWN:
        return False
    named_a, named_b = named_by(a, lang), named_by(b, lang)
    for kind in kinds & {k for k, _ in named_a} & {k for k, _ in named_b}:
        if not {n for k, n in named_a if k == kind} & {n for k, n in named_b if k == kind}:
            return True
    return False
