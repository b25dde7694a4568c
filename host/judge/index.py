"""A category's answers indexed for fast exact and fuzzy lookup of normalised keys."""

from __future__ import annotations

from collections.abc import Iterable

from rapidfuzz import fuzz, process

from host.judge.text import PARTICLES, normalize, strict_key, words

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


def similar(a: str, b: str) -> bool:
    """True when two normalised keys are the same answer, allowing a misspelling."""
    if a == b:
        return True
    return fuzz.ratio(a, b, score_cutoff=fuzzy_cutoff(min(len(a), len(b)))) > 0


class AnswerIndex:
    """Normalised keys of one category's answers, each mapped to its canonical answer."""

    def __init__(self, lang: str = "en", *, fuzzy: bool = True, strict: bool = False,
                 last_word: bool = False) -> None:
        self.lang = lang
        self.fuzzy = fuzzy
        self.strict = strict
        self.last_word = last_word
        self.exact: dict[str, str] = {}
        self.surnames: dict[str, str | None] = {}
        self._keys: list[str] = []
        self._canon: list[str] = []
        self._memo: dict[str, str | None] = {}

    def key(self, text: str) -> str:
        """The lookup key of an answer (plurals kept when the index is strict)."""
        return strict_key(text, self.lang) if self.strict else normalize(text, lang=self.lang)

    def add(self, canonical: str, aliases: Iterable[str] = (), *, people: bool = False) -> None:
        """Index one answer under its canonical spelling and every alias."""
        for text in (canonical, *aliases):
            key = self.key(text)
            if not key or key in self.exact:
                continue
            self.exact[key] = canonical
            self._keys.append(key)
            self._canon.append(canonical)
            if people:
                self._add_surnames(words(text, self.lang), canonical)
        self._memo.clear()

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
            # a surname shared by two listed people identifies neither
            known = self.surnames.get(key, canonical)
            self.surnames[key] = canonical if known == canonical else None

    def add_key(self, key: str, canonical: str) -> None:
        """Index an already normalised key (generators hand these over in bulk)."""
        if key and key not in self.exact:
            self.exact[key] = canonical
            if self.fuzzy:
                self._keys.append(key)
                self._canon.append(canonical)

    def __len__(self) -> int:
        return len(self.exact)

    def lookup(self, text: str) -> str | None:
        """The canonical answer an answer's text matches (a phrase by its last word if allowed)."""
        found = self.match(self.key(text))
        if found is None and self.last_word:
            tokens = words(text, self.lang)
            if len(tokens) > 1 and self.match(self.key(tokens[-1])) is not None:
                return " ".join(tokens).capitalize()
        return found

    def match(self, key: str) -> str | None:
        """The canonical answer for a normalised key: exact, then surname, then fuzzy."""
        if key in self._memo:
            return self._memo[key]
        found = self.exact.get(key)
        if found is None and key not in self.exact:
            found = self.surnames.get(key)
        if found is None and self.fuzzy and self._keys:
            best = process.extractOne(key, self._keys, scorer=fuzz.ratio,
                                      score_cutoff=fuzzy_cutoff(len(key)))
            if best is not None:
                found = self._canon[best[2]]
        if len(self._memo) >= MEMO_LIMIT:
            self._memo.clear()
        self._memo[key] = found
        return found
