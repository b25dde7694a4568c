"""A category's answers indexed for fast exact and fuzzy lookup of normalised keys."""

from __future__ import annotations

from collections.abc import Iterable

from rapidfuzz import fuzz, process

from host.judge.known import different_names
from host.judge.sounds import sound
from host.judge.text import (
    PARTICLES,
    has_article,
    normalize,
    singular_variants,
    strict_key,
    strip_article,
    words,
)

MEMO_LIMIT = 20000


def fuzzy_cutoff(length: int) -> float:
    """The least rapidfuzz ratio (0-100) at which two keys of this length count as one answer.

    Calibrated on tests/data/judge/calibration.tsv (see tests/judge/test_calibration.py):
    short keys must match exactly, longer keys forgive about one slip in six letters.
    """
    if length <= 3:
        return 101.0
    if length <= 5:
        return 88.0
    if length <= 8:
        return 83.0
    return 80.0


def plausible_slip(heard: str, listed: str, lang: str = "en") -> bool:
    """False for near keys that are surely different answers: another first letter (another
    card in this game), a number (2002 is no slip of 2004), one key extending the other
    ("Niger", "Nigeria"; "Titan", "Titanic"), or two well-known names of different things of
    one kind ("Austria", "Australia")."""
    if heard[:1] != listed[:1] or heard.isdigit() or listed.isdigit():
        return False
    short, long = sorted((heard, listed), key=len)
    if len(long) - len(short) >= 2 and (long.startswith(short) or long.endswith(short)):
        return False
    return not different_names(heard, listed, lang)


def similar(a: str, b: str, lang: str = "en") -> bool:
    """True when two normalised keys are the same answer, allowing a misspelling."""
    if a == b:
        return True
    cutoff = fuzzy_cutoff(min(len(a), len(b)))
    if cutoff > 100 or not plausible_slip(a, b, lang):
        return False
    return fuzz.ratio(sound(a), sound(b), score_cutoff=cutoff) > 0


def real_word(text: str, lang: str) -> bool:
    """True when an answer is one everyday word, an article before it or not ("le poivre"):
    then it is not a misspelling of another ("Poire")."""
    tokens = strip_article(words(text, lang), lang)
    if len(tokens) != 1:
        return False
    from host.judge.wordlists import common_words

    return tokens[0] in common_words(lang)


class AnswerIndex:
    """Normalised keys of one category's answers, each mapped to its canonical answer."""

    def __init__(self, lang: str = "en", *, fuzzy: bool = True, strict: bool = False,
                 last_word: bool = False) -> None:
        self.lang = lang
        self.fuzzy = fuzzy
        self.strict = strict
        self.last_word = last_word
        self.complete = True
        """False when a generator's data is missing: unknown answers then go to a vote."""
        self.exact: dict[str, str] = {}
        self.written: dict[str, str] = {}
        """Key -> the listed spelling indexed under it, one with an article first ("simpson"
        -> "Les Simpson")."""
        self.split: dict[str, str] = {}
        """Plural-keeping keys of listed answers whose folded keys are one: "Ciseau" and
        "Ciseaux" (a chisel, scissors) are two answers, told apart as said."""
        self.shared: set[str] = set()
        """The folded keys several listed answers share (the keys of `split`'s answers)."""
        self.surnames: dict[str, str | None] = {}
        self._keys: list[str] = []
        self._sounds: list[str] = []
        self._canon: list[str] = []
        self._memo: dict[str, str | None] = {}
        self._fuzzy_memo: dict[str, str | None] = {}

    def key(self, text: str) -> str:
        """The lookup key of an answer (plurals kept when the index is strict)."""
        return strict_key(text, self.lang) if self.strict else normalize(text, lang=self.lang)

    def add(self, canonical: str, aliases: Iterable[str] = (), *, people: bool = False) -> None:
        """Index one answer under its canonical spelling and every alias."""
        for text in (canonical, *aliases):
            key = self.key(text)
            if key in self.exact and self.exact[key] != canonical and not self.strict:
                self._split(self.written[key], self.exact[key])
                self._split(text, canonical)
                self.shared.add(key)
            if key in self.exact and self.exact[key] == canonical and has_article(text, self.lang):
                self.written[key] = text  # "Menteur | Le Menteur": the article is the name's
            if not key or key in self.exact:
                continue
            self.exact[key] = canonical
            self.written[key] = text
            self._append(key, canonical)
            if people:
                self._add_surnames(words(text, self.lang), canonical)
        self._memo.clear()
        self._fuzzy_memo.clear()

    def _split(self, text: str, canonical: str) -> None:
        """Tell a listed answer from another of the same folded key by its plural."""
        self.split.setdefault(strict_key(text, self.lang), canonical)

    def _append(self, key: str, canonical: str) -> None:
        """Offer a key to fuzzy matching."""
        self._keys.append(key)
        self._sounds.append(sound(key))
        self._canon.append(canonical)

    def _add_surnames(self, tokens: tuple[str, ...], canonical: str) -> None:
        """Index a person's surname alone ("Picasso", "van Gogh" and "Gogh")."""
        if len(tokens) < 2 or len(tokens[-1]) < 4:
            return
        start = len(tokens) - 1
        surnames = [tokens[start]]
        while start > 1 and tokens[start - 1] in PARTICLES:
            start -= 1
            surnames.append(" ".join(tokens[start:]))
        for surname in surnames:
            key = self.key(surname)
            if key not in self.surnames and key not in self.exact:
                self._append(key, canonical)
            # a surname shared by two listed people identifies neither
            known = self.surnames.get(key, canonical)
            self.surnames[key] = canonical if known == canonical else None

    def add_key(self, key: str, canonical: str) -> None:
        """Index an already normalised key (generators hand these over in bulk)."""
        if key and key not in self.exact:
            self.exact[key] = canonical
            if self.fuzzy:
                self._append(key, canonical)
            if self._memo:
                self._memo.clear()
                self._fuzzy_memo.clear()

    def __len__(self) -> int:
        return len(self.exact)

    def lookup(self, text: str) -> str | None:
        """The canonical answer an answer's text matches: exact, singular, fuzzy, last word."""
        if text in self._memo:
            return self._memo[text]
        found = self._lookup(text)
        if len(self._memo) >= MEMO_LIMIT:
            self._memo.clear()
        self._memo[text] = found
        return found

    def _lookup(self, text: str) -> str | None:
        """lookup() without the memo."""
        found = self.split.get(strict_key(text, self.lang)) if self.split else None
        if found is not None:
            return found
        key = self.key(text)
        found = self.match(key, fuzzy=False)
        for variant in singular_variants(text, self.lang) if found is None else ():
            found = self.match(self.key(variant), fuzzy=False)
            if found is not None:
                return found
        if found is None and not real_word(text, self.lang):
            found = self.match(key)
            if found is not None and different_names(text, found, self.lang):
                found = None  # "Michael Johnson" is no slip of "Michael Jackson"
        if found is None and self.last_word:
            tokens = words(text, self.lang)
            if len(tokens) > 1 and self.match(self.key(tokens[-1])) is not None:
                return " ".join(tokens).capitalize()
        return found

    def match(self, key: str, *, fuzzy: bool = True) -> str | None:
        """The canonical answer for a normalised key: exact, then surname, then fuzzy."""
        found = self.exact.get(key)
        if found is None and key not in self.exact:
            found = self.surnames.get(key)
        if found is None and fuzzy and self.fuzzy:
            if key not in self._fuzzy_memo:
                if len(self._fuzzy_memo) >= MEMO_LIMIT:
                    self._fuzzy_memo.clear()
                self._fuzzy_memo[key] = self._fuzzy(key)
            found = self._fuzzy_memo[key]
        return found

    def _fuzzy(self, key: str) -> str | None:
        """The closest listed answer within the cutoff that is a plausible slip, or None."""
        cutoff = fuzzy_cutoff(len(key))
        if cutoff > 100 or not self._sounds:
            return None
        for _choice, _score, i in process.extract(sound(key), self._sounds, scorer=fuzz.ratio,
                                                  score_cutoff=cutoff, limit=3):
            ambiguous = self.surnames.get(self._keys[i], "") is None
            if not ambiguous and plausible_slip(key, self._keys[i], self.lang):
                return self._canon[i]
        return None
