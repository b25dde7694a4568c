"""Categories made from data: rhymes (CMUdict), word endings (word lists), each answer kept
only when common enough (wordfreq) for a guest to know it."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from importlib import resources

from host.decks_build.quality import Draft, zipf
from host.judge.text import strip_accents
from host.judge.wordlists import COMMON

ENDING_ZIPF = 3.0
"""A word ending a category's way is listed when at least this common; others go to the vote."""
RHYME_ZIPF = 3.3
"""A rhyme is listed when at least this common."""
NAME_ZIPF_MAX = 5.3
"""A rhyme's title word is no commoner than this: the commonest are little words ("can")."""
LISTED = 80
"""At most this many answers listed (the most common): enough for bots and the judge."""

ENDINGS = {
    "en": ("ness", "ful", "less", "able", "ible", "ism", "ist", "ship", "ology", "ment", "ity",
           "ous", "ive", "ary", "ery", "ure", "ance", "ence", "age", "tion", "sion", "ight",
           "ician", "ward", "some", "hood", "dom", "let", "ette", "ock", "ick", "ack"),
    "fr": ("tion", "ette", "age", "eur", "euse", "ière", "oire", "isme", "iste", "erie",
           "ade", "ure", "ance", "ence", "esse", "able", "ible", "eux", "if", "ique", "elle",
           "eau", "ine", "ain", "oir", "ier", "ée", "ise", "ot", "ouille", "aille", "asse"),
}
"""Word endings tried, each kept only when its common words pass the floors."""

TITLES = {"en": "Words ending in '-{ending}'", "fr": "Mots qui se terminent par « -{ending} »"}
IDS = {"en": "words-ending-{ending}", "fr": "mots-en-{ending}"}
RUDE = {
    "en": frozenset({"bitchiness"}),
    "fr": frozenset({"connard", "connerie", "couille", "putain", "dégueulasse", "conne",
                     "salope", "enculé", "bordel", "chiasse", "pétasse", "connasse", "pouffiasse",
                     "bite", "merde", "racaille",
                     # little words ending like the category, but no answer a guest plays
                     "quelle", "laquelle", "celle", "telle", "cette"}),
}
"""Rude words kept out of the family categories (adults-only categories are hand-written)."""


def _words(lang: str) -> set[str]:
    """The word list's everyday words (no proper nouns, no rude words)."""
    path = next((p for p in COMMON[lang] if p.is_file()), None)
    if path is None:
        raise OSError(f"word list for {lang!r} missing: scripts/setup installs it")
    return {word for word in path.read_text("utf-8").split()
            if word.isalpha() and word.islower() and word not in RUDE[lang]}


def _inflected(word: str, every: set[str], lang: str) -> bool:
    """A plural, a verb form or a feminine whose base is a word of its own ("cats", "jumped",
    "regrette" beside "regretter", "prochaine" beside "prochain"): lists name base forms."""
    if word.endswith(("s", "x")) and word[:-1] in every:
        return True
    if lang == "en":
        return (word.endswith("ed") and (word[:-2] in every or word[:-1] in every)) \
            or (word.endswith("ing") and (word[:-3] in every or word[:-3] + "e" in every))
    if word.endswith("euse") and word[:-4] + "eux" in every:
        return True
    return word.endswith("e") and (word[:-1] in every or word[:-1] + "er" in every
                                   or word + "r" in every)


def _plain(found: list[str]) -> list[tuple[str, tuple[str, ...]]]:
    """Words as answers without aliases, capitalised."""
    return [(w.capitalize(), ()) for w in found]


def endings(lang: str) -> Iterator[Draft]:
    """One draft per word ending: its common words, commonest first."""
    every = _words(lang)
    known = {w: zipf(w, lang) for w in sorted(every)}
    known = {w: f for w, f in known.items() if f >= ENDING_ZIPF}
    for ending in ENDINGS[lang]:
        found = [w for w in known if w.endswith(ending) and len(w) > len(ending) + 1
                 and not _inflected(w, every, lang)]
        found.sort(key=lambda w: (-known[w], w))
        yield Draft(IDS[lang].format(ending=strip_accents(ending)),
                    TITLES[lang].format(ending=ending),
                    _plain(found[:LISTED]), "endings")


def rhymes() -> Iterator[Draft]:
    """English rhymes, one draft per rhyming sound with many common words, named after its
    commonest noun ("Words that rhyme with 'nation'"); the `rhymes` generator judges them."""
    from host.judge.generated import rhyme_index
    from host.judge.wordnet import one_word_lemmas

    nouns = one_word_lemmas("noun")
    everyday = _words("en")  # no names ("Carrie" is no rhyme of "military" to list)
    for part, group in sorted(rhyme_index().items()):
        if part.startswith("last:"):
            continue
        common = sorted((w for w in group if w in everyday and zipf(w, "en") >= RHYME_ZIPF),
                        key=lambda w: (-zipf(w, "en"), w))
        # the title's word: a noun, neither a plural nor a little word ("are", "one")
        heads = [w for w in common if w in nouns and len(w) >= 3
                 and not w.endswith(("s", "ed", "ing"))
                 and 3.5 <= zipf(w, "en") <= NAME_ZIPF_MAX]
        if len(common) < 25 or not heads:
            continue
        word = heads[0]
        answers = _plain([w for w in common if w != word][:LISTED])
        yield Draft(f"rhymes-with-{word}", f"Words that rhyme with '{word}'", answers,
                    "rhymes", generator="rhymes", params={"word": word})


def hand_written(lang: str) -> Iterator[Draft]:
    """The categories written by hand for this language (host/decks_build/hand/<lang>.toml)."""
    text = resources.files("host.decks_build").joinpath(f"hand/{lang}.toml").read_text("utf-8")
    for raw in tomllib.loads(text).get("category", []):
        answers: list[tuple[str, tuple[str, ...]]] = []
        for item in raw["answers"]:
            parts = [p.strip() for p in item.split("|")]
            answers.append((parts[0], tuple(p for p in parts[1:] if p)))
        yield Draft(raw["id"], raw["title"], answers, "hand", people=raw.get("people", False),
                    adult=raw.get("adult", False))
