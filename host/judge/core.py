"""The answer judge: is this answer right for the category, the letter, and not a repeat?"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from host.decks import Category, CategoryKind
from host.judge.index import AnswerIndex, similar
from host.judge.text import answer_letters, normalize


class Reason(StrEnum):
    """Why a verdict came out the way it did."""

    OK = "ok"
    WRONG_LETTER = "wrong_letter"
    NOT_IN_LIST = "not_in_list"
    DUPLICATE = "duplicate"
    NEEDS_VOTE = "needs_vote"
    EMPTY = "empty"


@dataclass(frozen=True)
class Verdict:
    """The judge's ruling on one answer."""

    accepted: bool | None
    """None = plausible but unknown: the table votes."""
    matched: str | None
    """The canonical answer matched in the category's list, or None."""
    letters: tuple[str, ...]
    """Upper-case letters the answer may be played with, e.g. ("T", "G")."""
    reason: Reason

    def as_json(self) -> dict[str, object]:
        """The verdict as a JSON-ready dict (what `partyhost judge` prints)."""
        return {"accepted": self.accepted, "matched": self.matched,
                "letters": list(self.letters), "reason": str(self.reason)}


class Judge:
    """Rules on answers; caches each category's normalised index by category id."""

    def __init__(self, *, lang: str = "en") -> None:
        self.lang = lang
        self._indexes: dict[str, tuple[Category, AnswerIndex]] = {}

    def index(self, category: Category) -> AnswerIndex:
        """The (cached) index of a category's known answers, generator's answers included."""
        cached = self._indexes.get(category.id)
        if cached is not None and cached[0] is category:
            return cached[1]
        index = build_index(category, self.lang)
        self._indexes[category.id] = (category, index)
        return index

    def letters(self, answer: str, category: Category | None = None, *,
                article_letter: bool = True) -> tuple[str, ...]:
        """Upper-case letters the answer may be played with (article rule, people's names).

        article_letter=False: "The Godfather" plays G only (Scattergories: "A, An and The
        cannot be used for key letters")."""
        people = category.people if category is not None else False
        return answer_letters(answer, self.lang, people, article_letter)

    def judge(self, category: Category, answer: str, *, letter: str | None = None,
              given: Sequence[str] = (), article_letter: bool = True) -> Verdict:
        """Rule on one answer: empty, duplicate, list or generator, then the letter."""
        key = normalize(answer, lang=self.lang)
        if not key:
            return Verdict(False, None, (), Reason.EMPTY)
        letters = self.letters(answer, category, article_letter=article_letter)
        index = self.index(category)
        matched = index.lookup(answer)
        if matched is not None and normalize(matched, lang=self.lang) == key:
            # "Godfather" heard for "The Godfather": the article's letter plays too
            extra = self.letters(matched, category, article_letter=article_letter)
            letters = (*letters, *(x for x in extra if x not in letters))
        if self._repeats(index, key, matched, given):
            return Verdict(False, matched, letters, Reason.DUPLICATE)
        if matched is None:
            unknown_counts = category.kind is CategoryKind.OPEN or not index.complete or (
                category.kind is CategoryKind.LISTED and not category.closed)
            if not unknown_counts:
                return Verdict(False, None, letters, Reason.NOT_IN_LIST)
        if letter is not None and letter.upper() not in letters:
            return Verdict(False, matched, letters, Reason.WRONG_LETTER)
        if matched is None:
            return Verdict(None, None, letters, Reason.NEEDS_VOTE)
        return Verdict(True, matched, letters, Reason.OK)

    def _repeats(self, index: AnswerIndex, key: str, matched: str | None,
                 given: Sequence[str]) -> bool:
        """True when the answer repeats one already given: the same listed answer, or, for an
        answer not on the list, the same words allowing a misspelling."""
        keys = [k for k in (normalize(previous, lang=self.lang) for previous in given) if k]
        if key in keys:
            return True
        if matched is not None:
            # Two different listed answers are never repeats, however alike they are spelt.
            return any(index.lookup(previous) == matched for previous in given)
        return any(similar(other, key) for other in keys)


def build_index(category: Category, lang: str) -> AnswerIndex:
    """Index a category's listed answers and, for generated ones, the generator's answers."""
    fuzzy, strict, last_word, complete = True, False, False, True
    generated: Mapping[str, str] = {}
    if category.kind is CategoryKind.GENERATED and category.generator:
        from host.judge.generated import DataMissing, generate

        try:
            result = generate(category.generator, category.params, lang=lang)
            fuzzy, strict, generated = result.fuzzy, result.strict, result.answers
            last_word = result.last_word
        except DataMissing:
            complete = False  # without its data a generated category is settled by a vote
    index = AnswerIndex(lang, fuzzy=fuzzy, strict=strict, last_word=last_word)
    index.complete = complete
    for entry in category.answers:
        index.add(entry.text, entry.aliases, people=category.people)
    for key, canonical in generated.items():
        index.add_key(key, canonical)
    return index
