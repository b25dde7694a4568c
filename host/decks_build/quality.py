"""What makes a drafted category playable: fame of its answers, letters, difficulty, repeats."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from host.judge.deckcheck import MIN_ANSWERS, MIN_LETTERS
from host.judge.text import answer_letters, normalize, strip_accents

# The floors are decks check's (MIN_ANSWERS, MIN_LETTERS): what it refuses is never drafted.
KNOWN_ZIPF = {"en": 3.5, "fr": 3.3}
"""Word frequency (Zipf scale) above which a guest at a party knows an answer offhand."""
REPEAT_OVERLAP = 0.5
"""Share of the smaller answer set found in another category: the same list, other words."""
NARROWER = 0.5
"""A list at most this share of another's size is a narrower category, not a repeat, even
inside it ("Animals of the jungle" beside "Animals", as the box has "Birds")."""
ALIKE_OVERLAP = 1 / 3
"""Share of the smaller answer set found in a category whose title names the same idea: the
same list under other words, however much shorter ("Famous pirates" beside "Pirates")."""
FILLER = {
    "en": frozenset((
        "a", "an", "and", "at", "for", "in", "of", "on", "that", "the", "things", "thing",
        "to", "with", "words", "word", "you", "your", "find", "famous", "well", "known",
        "kinds", "kind", "types", "type", "names", "name"
    )),
    "fr": frozenset((
        "a", "au", "aux", "d", "dans", "de", "des", "du", "en", "et", "l", "la", "le",
        "les", "on", "qu", "qui", "sur", "un", "une", "choses", "chose", "mots", "mot",
        "trouve", "celebres", "celebre", "connus", "connues", "connu", "sortes", "types",
        "noms"
    )),
}
"""Title words that name no idea of their own ("Famous pirates" is "Pirates", "Weather words"
is "Weather"; accents off)."""
STEM = 6
"""Title words are compared on their first letters: a plural, a feminine or a derived word
names the same idea ("chanteuses" and "chanteurs", "jardinerie" and "jardin")."""


@dataclass
class Draft:
    """A category about to be written to the expansion deck."""

    id: str
    title: str
    answers: list[tuple[str, tuple[str, ...]]]
    family: str
    """Where it comes from ("wordnet", "rhymes", "hand"...): cards mix families."""
    people: bool = False
    adult: bool = False
    generator: str | None = None
    params: dict[str, str | int] = field(default_factory=dict)
    difficulty: int = 0
    """0 until measured by `measure`."""


@lru_cache(maxsize=200_000)
def zipf(text: str, lang: str) -> float:
    """How common a word or phrase is (wordfreq's Zipf scale, 0 to about 8)."""
    from wordfreq import zipf_frequency

    return float(zipf_frequency(text, lang))


def fame(text: str, lang: str, people: bool = False) -> float:
    """How well known an answer is: a person by the commoner of full and last name."""
    if people and " " in text:
        return max(zipf(text, lang), zipf(text.split()[-1], lang) - 0.5)
    return zipf(text, lang)


def letters(draft: Draft, lang: str) -> set[str]:
    """The letters a draft's canonical answers can be played with."""
    return {letter for text, _ in draft.answers
            for letter in answer_letters(text, lang, draft.people)}


def difficulty(draft: Draft, lang: str) -> int:
    """1 to 3 from the letters whose best answer is well known: how often a hand finds one."""
    best: dict[str, float] = {}
    for text, _ in draft.answers:
        for letter in answer_letters(text, lang, draft.people):
            best[letter] = max(best.get(letter, 0.0), fame(text, lang, draft.people))
    easy = sum(1 for f in best.values() if f >= KNOWN_ZIPF[lang])
    return 1 if easy >= 16 else 2 if easy >= 10 else 3


def playable(draft: Draft, lang: str) -> bool:
    """At or above both floors: answers and letters."""
    return len(draft.answers) >= MIN_ANSWERS and len(letters(draft, lang)) >= MIN_LETTERS


def answer_keys(answers: Iterable[tuple[str, Sequence[str]]], lang: str) -> frozenset[str]:
    """The normalised canonical answers: what two categories are compared on."""
    return frozenset(normalize(text, lang=lang) for text, _ in answers)


@dataclass(frozen=True)
class Listed:
    """A category in the deck already, as a draft is compared with it."""

    title: str
    keys: frozenset[str]
    """Its normalised canonical answers (`answer_keys`)."""


def title_words(title: str, lang: str) -> frozenset[str]:
    """The words that carry a title's idea: no filler, no accents, no plural's s or x, cut to
    STEM letters."""
    words = re.findall(r"[a-z0-9]+", strip_accents(title).lower())
    return frozenset((w[:-1] if len(w) > 3 and w[-1] in "sx" else w)[:STEM]
                     for w in words if w not in FILLER[lang])


def _quoted(title: str) -> str:
    """The word or ending a word-play title quotes ("Words that rhyme with 'light'": light;
    "Mots qui se terminent par « -eau »": -eau), accents off; "" for another title."""
    found = re.search(r"'(\S+)'|«\s*(\S+)\s*»", title)
    return strip_accents(next(g for g in found.groups() if g)).lower() if found else ""


def same_idea(narrow: str, broad: str, lang: str) -> bool:
    """Whether two titles name one idea: the narrower list's title adds no word to the other's
    ("Famous pirates" beside "Pirates", "Actresses" beside "Actors and actresses"; not
    "Animals that eat meat" beside "Animals"), or one rhymes with a word that ends as the other
    ends ("rhyme with 'light'" and "ending in '-ight'")."""
    words = title_words(narrow, lang)
    if words and words <= title_words(broad, lang):
        return True
    ending, word = sorted((_quoted(narrow), _quoted(broad)), key=lambda q: not q.startswith("-"))
    return ending.startswith("-") and word.isalpha() and word.endswith(ending[1:])


def repeats(draft: Listed, taken: Sequence[Listed], lang: str) -> bool:
    """True when a list is the same category as one taken, under other words: mostly its
    answers at a like size, or a third of them with a title that names the same idea (a
    narrower list is new only when its title narrows: "Dog breeds" beside "Animals")."""
    for other in taken:
        small, large = sorted((draft, other), key=lambda listed: len(listed.keys))
        share = len(draft.keys & other.keys) / (len(small.keys) or 1)
        if share >= REPEAT_OVERLAP and len(small.keys) / (len(large.keys) or 1) > NARROWER:
            return True
        if share >= ALIKE_OVERLAP and same_idea(small.title, large.title, lang):
            return True
    return False


def distinct(answers: list[tuple[str, tuple[str, ...]]], lang: str,
             ) -> list[tuple[str, tuple[str, ...]]]:
    """The answers less those the judge would take for an earlier one ("Grey" after "Gray")."""
    seen: set[str] = set()
    kept = []
    for text, aliases in answers:
        keys = {normalize(t, lang=lang) for t in (text, *aliases)}
        if not keys & seen:
            kept.append((text, aliases))
        seen |= keys
    return kept


def select(drafts: Iterable[Draft], lang: str, box: Sequence[Listed],
           left_out: Callable[[Draft, str], None] | None = None) -> list[Draft]:
    """The playable drafts, in order, without repeats of the box or of an earlier draft;
    each with its difficulty measured. `left_out` hears of each draft dropped, and why."""
    taken = [listed for listed in box if listed.keys]
    titles = {normalize(listed.title, lang=lang) for listed in box}
    ids: set[str] = set()
    kept = []
    for draft in drafts:
        draft.answers = distinct(draft.answers, lang)
        listed = Listed(draft.title, answer_keys(draft.answers, lang))
        reason = _fault(draft, lang, listed, taken, titles, ids)
        if reason:
            if left_out:
                left_out(draft, reason)
            continue
        draft.difficulty = difficulty(draft, lang)
        kept.append(draft)
        taken.append(listed)
        titles.add(normalize(draft.title, lang=lang))
        ids.add(draft.id)
    return kept


def _fault(draft: Draft, lang: str, listed: Listed, taken: Sequence[Listed],
           titles: set[str], ids: set[str]) -> str:
    """Why a draft cannot join the deck ("" when it can)."""
    if draft.id in ids:
        return "its id is taken"
    if normalize(draft.title, lang=lang) in titles:
        return "its title is taken"
    if len(draft.answers) < MIN_ANSWERS:
        return f"{len(draft.answers)} different answers (at least {MIN_ANSWERS})"
    if len(letters(draft, lang)) < MIN_LETTERS:
        return f"{len(letters(draft, lang))} letters (at least {MIN_LETTERS})"
    if repeats(listed, taken, lang):
        return "the same idea as a list already in the deck, under other words"
    return ""
