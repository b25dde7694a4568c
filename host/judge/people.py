"""Whether an answer is a person's name ("George Michael", "Billy Idol"), from the first names
and family names the project ships (`names`, `gender-guesser`), the everyday words (wamerican)
and WordNet's compound nouns, so that its last name may carry the letter in any category."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from host.judge.text import ARTICLES, PARTICLES, answer_letters, words
from host.judge.wordlists import common_words
from host.judge.wordnet import noun_synsets


@lru_cache(maxsize=1)
def first_names() -> frozenset[str]:
    """Every first name known (US Census 1990 and gender-guesser's world names), lower-case."""
    from host.judge.generated import _census_names, _world_names

    every = [*_census_names("any"), *_world_names("any")]
    return frozenset(" ".join(words(name)) for name in every)


@lru_cache(maxsize=1)
def family_names() -> frozenset[str]:
    """The US Census 1990 family names shipped by `names`, lower-case."""
    text = resources.files("names").joinpath("dist.all.last").read_text("utf-8")
    return frozenset(line.split()[0].lower() for line in text.splitlines() if line.strip())


@lru_cache(maxsize=1)
def compound_nouns() -> frozenset[tuple[str, ...]]:
    """WordNet's common nouns of several words ("teddy bear", "billy goat"), as word tuples."""
    return frozenset(tuple(lemma.replace("-", "_").split("_"))
                     for lemmas in noun_synsets() for lemma in lemmas
                     if "_" in lemma and lemma.islower())


def is_person_name(text: str, lang: str = "en") -> bool:
    """Whether an answer reads as a person's name: a known first name, then names, initials
    or particles, then a family name (or a word that is not an everyday one). Written in
    upper and lower case, each name must be capitalised ("Billy Idol", not "Rose bush"); in
    one case only, the first or the family name must not be an everyday word ("george
    michael", "frank sinatra", not "rose bush"). A compound noun of the dictionary ("teddy
    bear") is never a name."""
    tokens = words(text, lang)
    if not 2 <= len(tokens) <= 4 or tokens[0] in ARTICLES.get(lang, ARTICLES["en"]):
        return False
    first, *middle, last = tokens
    everyday = common_words(lang)
    if first not in first_names() or not _family(last, everyday):
        return False
    if not all(word in first_names() or word in PARTICLES or len(word) == 1
               for word in middle):
        return False
    cased = text.lower() != text and text.upper() != text
    plain = first not in everyday or (last in family_names() and last not in everyday)
    if not (_capitalised(text) if cased else plain):
        return False
    return tokens not in compound_nouns()


def _family(word: str, everyday: frozenset[str]) -> bool:
    """A family name: a known one, or a word that is no everyday word ("Idol" is both)."""
    return word in family_names() or word not in everyday


def _capitalised(text: str) -> bool:
    """Every word of the name as written starts with a capital, particles aside."""
    written = [word.strip(".,'") for word in text.replace("-", " ").split()]
    return all(word[:1].isupper() or word.lower() in PARTICLES for word in written if word)


def person_letters(text: str, lang: str = "en") -> tuple[str, ...]:
    """The letters a person's name may carry (first or last name, "Vincent van Gogh": V, G);
    () when the answer is not a person's name."""
    if not is_person_name(text, lang):
        return ()
    return answer_letters(text, lang, True, False)
