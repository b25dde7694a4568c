"""The answer judge: is this answer right for the category, the letter, and not a repeat?"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from host.decks import Category, CategoryKind
from host.judge.framing import answer_parts
from host.judge.index import MEMO_LIMIT, AnswerIndex, real_word, similar
from host.judge.known import known_names
from host.judge.text import (
    answer_letters,
    clippings,
    has_article,
    normalize,
    strip_article,
    words,
)
from host.judge.wordlists import common_words
from host.judge.wordnet import verb_counts

CLASS_WORD_LEADS = frozenset({"fr"})
"""Languages whose compound nouns start with their class word ("sauce tomate", "pain de mie"):
an answer not on the list said with its category's class word plays that word's letter too."""


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
    answer: str = field(default="", compare=False)
    """The words judged, framing dropped: "Lisbon" of "I think it's Lisbon"."""

    def as_json(self) -> dict[str, object]:
        """The verdict as a JSON-ready dict (what `partyhost judge` prints)."""
        return {"accepted": self.accepted, "matched": self.matched,
                "letters": list(self.letters), "reason": str(self.reason),
                "answer": self.answer}


class AnswerJudge(Protocol):
    """What a game needs from the judge (Judge, or a stand-in in a test)."""

    def judge(
        self,
        category: Category,
        answer: str,
        *,
        letter: str | None = None,
        given: Sequence[str] = (),
    ) -> Verdict:
        """Decide whether an answer counts in a category."""
        ...


class Judge:
    """Rules on answers; caches each category's normalised index, and its rulings on answers,
    by category id."""

    def __init__(self, *, lang: str = "en") -> None:
        self.lang = lang
        self._indexes: dict[str, _Cached] = {}

    def index(self, category: Category) -> AnswerIndex:
        """The (cached) index of a category's known answers, generator's answers included."""
        return self._cached(category).index

    def prepare(self, categories: Iterable[Category] = ()) -> Judge:
        """Do the one-off work ahead of play, so that no player waits for it mid-game: index
        these categories, load the word lists, the known names and the folds' WordNet tables
        (3 s or so, once a process); the judge itself, ready."""
        for category in categories:
            self.index(category)
        common_words(self.lang)
        known_names(self.lang)
        if self.lang == "en":
            clippings()
            verb_counts()
        return self

    def _cached(self, category: Category) -> _Cached:
        """The category's index and rulings, built on first use."""
        cached = self._indexes.get(category.id)
        if cached is None or cached.category is not category:
            cached = _Cached(category, build_index(category, self.lang))
            self._indexes[category.id] = cached
        return cached

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
        cached = self._cached(category)
        ruling = cached.ruling(answer, article_letter)
        if ruling is None:
            ruling = self._rule(category, cached.index, answer, article_letter)
            cached.remember(answer, article_letter, ruling)
        verdict = ruling.verdict
        if not ruling.key:
            return verdict
        if cached.given.repeats(given, ruling.key, verdict.matched):
            return ruling.duplicate
        if verdict.reason is Reason.NOT_IN_LIST:
            return verdict
        if letter is not None and letter.upper() not in verdict.letters:
            return ruling.wrong_letter
        return verdict

    def _rule(self, category: Category, index: AnswerIndex, answer: str,
              article_letter: bool) -> _Ruling:
        """The ruling on an answer whatever the letter named, before the repeat check."""
        said, also = framed(category, index, answer)
        key = normalize(said, lang=self.lang)
        if not key:
            return _Ruling(key, Verdict(False, None, (), Reason.EMPTY, said))
        matched = index.lookup(said)
        letters = self._letters(category, index, said, key, matched, article_letter)
        if also is not None and (index.lookup(also) == matched or (
                matched is None and self.lang in CLASS_WORD_LEADS)):
            more = self._letters(category, index, also, normalize(also, lang=self.lang),
                                 matched, article_letter)
            letters = (*letters, *(x for x in more if x not in letters))
        if matched is None:
            unknown_counts = category.kind is CategoryKind.OPEN or not index.complete or (
                category.kind is CategoryKind.LISTED and not category.closed)
            if not unknown_counts:
                return _Ruling(key, Verdict(False, None, letters, Reason.NOT_IN_LIST, said))
            return _Ruling(key, Verdict(None, None, letters, Reason.NEEDS_VOTE, said))
        return _Ruling(key, Verdict(True, matched, letters, Reason.OK, said))

    def _letters(self, category: Category, index: AnswerIndex, said: str, key: str,
                 matched: str | None, article_letter: bool) -> tuple[str, ...]:
        """The letters an answer (`key`, its normalised words) plays: its article's only when
        the article is part of a proper name ("The Godfather": T or G; "the lion": L)."""
        spelled = index.written.get(key)
        if spelled is None and matched is not None and normalize(
                matched, lang=self.lang) == key:
            spelled = matched
        named = article_letter and self.article_in_name(said, spelled or matched)
        letters = self.letters(said, category, article_letter=named)
        if spelled is not None and has_article(spelled, self.lang):
            # "Godfather" heard for "The Godfather", "Simpson" for the listed "Les Simpson":
            # the listed spelling's article plays too
            extra = self.letters(spelled, category, article_letter=article_letter)
            letters = (*letters, *(x for x in extra if x not in letters))
        return letters

    def article_in_name(self, said: str, listed: str | None) -> bool:
        """True unless an answer's leading article is a common noun's: a listed answer keeps
        its article when the list writes it ("The Beatles", "Les Simpson"); an answer not on
        the list is a proper name when a word after the article is written with a capital
        ("The Godfather", "La Rochelle") or the word after it is no everyday word ("the
        beatles", "la villette"); in English, also when more than one word follows it ("the
        lion king"), not in French, where a common noun takes an article ("la crème
        solaire"). "A horse", "the godfather", "la banane" and "l'oreille" are common nouns."""
        tokens = words(said, self.lang)
        rest = strip_article(tokens, self.lang)
        if rest is tokens:
            return True
        if listed is not None:
            return has_article(listed, self.lang)
        capital = any(piece[:1].isupper() for piece in said.split()[1:]) and not said.isupper()
        if self.lang == "fr":
            return capital or not real_word(rest[0], self.lang)
        return capital or len(tokens) > 2 or not real_word(" ".join(rest), self.lang)


class _Ruling:
    """The judge's ruling on one answer text under one article rule, whatever the letter."""

    __slots__ = ("_duplicate", "_wrong_letter", "key", "verdict")

    def __init__(self, key: str, verdict: Verdict) -> None:
        self.key = key
        """The answer's normalised key ("" for an empty answer)."""
        self.verdict = verdict
        """Empty, not in the list, needs a vote or OK: the verdict when nothing repeats and the
        letter named (if any) is one the answer may be played with."""
        self._duplicate: Verdict | None = None
        self._wrong_letter: Verdict | None = None

    @property
    def duplicate(self) -> Verdict:
        """The verdict when the answer repeats one given before."""
        if self._duplicate is None:
            self._duplicate = self._refused(Reason.DUPLICATE)
        return self._duplicate

    @property
    def wrong_letter(self) -> Verdict:
        """The verdict when the letter named is not one the answer may be played with."""
        if self._wrong_letter is None:
            self._wrong_letter = self._refused(Reason.WRONG_LETTER)
        return self._wrong_letter

    def _refused(self, reason: Reason) -> Verdict:
        """This answer refused for `reason`."""
        return Verdict(False, self.verdict.matched, self.verdict.letters, reason,
                       self.verdict.answer)


class _GivenKeys:
    """The keys and listed answers of the answers given so far in one category.

    Kept in step with the game's list of given answers: usually it has grown by one since the
    last ruling, so only the new answer is normalised and looked up.
    """

    def __init__(self, category: Category, index: AnswerIndex) -> None:
        self.category = category
        self.index = index
        self.lang = index.lang
        self.texts: tuple[str, ...] = ()
        self.keys: set[str] = set()
        self.matched: set[str | None] = set()

    def repeats(self, given: Sequence[str], key: str, matched: str | None) -> bool:
        """True when the answer repeats one already given: the same listed answer, or, for an
        answer not on the list, the same words allowing a misspelling."""
        self._sync(given)
        if matched is not None and key in self.index.shared:
            return matched in self.matched  # "Ciseaux" after "Ciseau": another listed answer
        if key in self.keys:
            return True
        if matched is not None:
            # Two different listed answers are never repeats, however alike they are spelt.
            return matched in self.matched
        return any(similar(other, key, self.lang) for other in self.keys)

    def _sync(self, given: Sequence[str]) -> None:
        """Catch up with `given`: add what was appended, or start again if anything else moved."""
        texts = tuple(given)
        if texts == self.texts:
            return
        known = len(self.texts)
        if texts[:known] != self.texts:
            self.keys.clear()
            self.matched.clear()
            known = 0
        for text in texts[known:]:
            said = judged_part(self.category, self.index, text)
            key = normalize(said, lang=self.lang)
            if key:
                self.keys.add(key)
            self.matched.add(self.index.lookup(said))
        self.texts = texts


class _Cached:
    """One category's index with the judge's memory of rulings in it."""

    def __init__(self, category: Category, index: AnswerIndex) -> None:
        self.category = category
        self.index = index
        self.given = _GivenKeys(category, index)
        self._rulings: dict[tuple[str, bool], _Ruling] = {}
        self._size = len(index)

    def ruling(self, answer: str, article_letter: bool) -> _Ruling | None:
        """The remembered ruling, or None (forgetting all if the index has grown since)."""
        if len(self.index) != self._size:
            self._rulings.clear()
            self.given = _GivenKeys(self.category, self.index)
            self._size = len(self.index)
        return self._rulings.get((answer, article_letter))

    def remember(self, answer: str, article_letter: bool, ruling: _Ruling) -> None:
        """Keep a ruling for next time (forgetting all once the memo is full)."""
        if len(self._rulings) >= MEMO_LIMIT:
            self._rulings.clear()
        self._rulings[(answer, article_letter)] = ruling


def judged_part(category: Category, index: AnswerIndex, answer: str) -> str:
    """The answer in what was said, framing dropped ("I think it's Lisbon" -> "Lisbon"),
    unless the whole of it is a listed answer as said ("It's a Wonderful Life")."""
    return framed(category, index, answer)[0]


def framed(category: Category, index: AnswerIndex, answer: str) -> tuple[str, str | None]:
    """The words judged in what was said, and another form whose letter may play as well.

    The words judged are the longest of the whole, the words after the fillers, and those
    after a class word ("the planet Mars") that are a listed spelling ("Château de
    Versailles", "Ben Solo"); else the words after the class word, or, when they match no
    listed answer and the longer form does (or the language's compounds lead with their
    class word), the longer form. The other form is the one with or without the
    class word ("Versailles" for "Château de Versailles"), when they differ."""
    unframed, bare = answer_parts(answer, index.lang, category.title)
    said = next((text for text in dict.fromkeys((answer, unframed, bare))
                 if index.key(text) in index.exact), None)
    if said is None:
        leads = index.lang in CLASS_WORD_LEADS  # "la sauce du chef" is judged whole
        said = unframed if index.lookup(bare) is None and (
            leads or index.lookup(unframed) is not None) else bare
    if said not in (unframed, bare) or unframed == bare:
        return said, None
    return said, bare if said == unframed else unframed


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
