"""What makes a drafted category playable: fame of its answers, letters, difficulty, repeats."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from host.judge.deckcheck import MIN_ANSWERS, MIN_LETTERS
from host.judge.text import answer_letters, normalize

# The floors are decks check's (MIN_ANSWERS, MIN_LETTERS): what it refuses is never drafted.
KNOWN_ZIPF = {"en": 3.5, "fr": 3.3}
"""Word frequency (Zipf scale) above which a guest at a party knows an answer offhand."""
REPEAT_OVERLAP = 0.5
"""Share of the smaller answer set found in another category: the same list, other words."""
NARROWER = 0.5
"""A list at most this share of another's size is a narrower category, not a repeat, even
inside it ("Animals of the jungle" beside "Animals", as the box has "Birds")."""


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


def repeats(keys: frozenset[str], taken: Sequence[frozenset[str]]) -> bool:
    """True when an answer set is mostly another's of a like size: the same category under
    other words."""
    for other in taken:
        small, large = sorted((len(keys) or 1, len(other) or 1))
        if len(keys & other) / small >= REPEAT_OVERLAP and small / large > NARROWER:
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


def select(drafts: Iterable[Draft], lang: str, box: Sequence[frozenset[str]],
           box_titles: Iterable[str],
           left_out: Callable[[Draft, str], None] | None = None) -> list[Draft]:
    """The playable drafts, in order, without repeats of the box or of an earlier draft;
    each with its difficulty measured. `left_out` hears of each draft dropped, and why."""
    taken = list(box)
    titles = {normalize(t, lang=lang) for t in box_titles}
    ids: set[str] = set()
    kept = []
    for draft in drafts:
        draft.answers = distinct(draft.answers, lang)
        keys = answer_keys(draft.answers, lang)
        reason = _fault(draft, lang, keys, taken, titles, ids)
        if reason:
            if left_out:
                left_out(draft, reason)
            continue
        draft.difficulty = difficulty(draft, lang)
        kept.append(draft)
        taken.append(keys)
        titles.add(normalize(draft.title, lang=lang))
        ids.add(draft.id)
    return kept


def _fault(draft: Draft, lang: str, keys: frozenset[str], taken: Sequence[frozenset[str]],
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
    if repeats(keys, taken):
        return "mostly the answers of a list already in the deck"
    return ""
