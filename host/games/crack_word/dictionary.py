"""Crack Word's dictionary: a Debian word list folded to the cards' A-Z, with substring queries.

Kept: lower-case entries (conjugated and inflected forms included: wfrench holds them),
folded to the cards' alphabet (accents dropped, ligatures split: é->E, œ->OE, ç->C).
Removed, each with its reason: capitalised entries (proper nouns); all-caps, dotted or digit
entries, vowel-less ones such as "kg", and in English the lower-case ones read only as their
letters or as a longer phrase, "atm" and "etc" (abbreviations: the abbreviations module);
hyphenated entries (compound words: the cards carry no hyphen, and the rulebook's words are
single words); entries with an apostrophe (French elisions such as "aujourd'hui", English
possessives and contractions: the apostrophe is no card either); and single letters that are
not words. The substring index is a suffix array over every kept word, the words laid
commonest first (wordfreq's frequency in the language, then the shortest) so that the first
hits are the words a player would name.
"""

from __future__ import annotations

import bisect
import heapq
import json
import os
import tempfile
from array import array
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

import wordfreq

from host.dirs import user_dir
from host.games.crack_word.abbreviations import abbreviations
from host.games.crack_word.board import spellings
from host.judge.text import strip_accents

WORD_LISTS: dict[str, tuple[Path, str]] = {
    "fr": (Path("/usr/share/dict/french"), "wfrench"),
    "en": (Path("/usr/share/dict/american-english-large"), "wamerican-large"),
}
"""Each language's word list and the Debian package that installs it."""

SINGLE_LETTERS: dict[str, frozenset[str]] = {
    "fr": frozenset({"A", "Y", "O"}),  # a, à, y, ô
    "en": frozenset({"A", "I", "O"}),
}
"""The one-letter entries that are words; the lists also hold every letter's name."""

VOWELLESS_WORDS = frozenset({"BRR", "BRRR", "CRWTH", "CWM", "CWMS", "HM", "HMM", "MM", "NTH",
                             "PFFT", "PSST", "PST", "PWN", "PWNS", "SH", "SHH", "TSK"})
"""Interjections and loans with no vowel; the lists' other vowel-less entries are abbreviations
written in lower case ("bldg", "kg", "qqn")."""

PROPER_NOUN = "proper noun"
ABBREVIATION = "abbreviation"
COMPOUND = "compound word"
APOSTROPHE = "apostrophe"
SINGLE_LETTER = "single letter"
NOT_LETTERS = "not letters"
NOT_IN_LIST = "not in the list"

_CACHE_VERSION = 7  # bump whenever the filters or the layout change
_MAGIC = b"partyhost-crack-word-dictionary\n"
_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_VOWELS = frozenset("AEIOUY")
_SCAN_RANGE = 1024  # above this many suffix hits, str.find on the commonest-first text is quicker


class MissingWordList(FileNotFoundError):
    """The word list of a language is not installed."""


class RowWord(NamedTuple):
    """A word spelt by the cards row[start:end]."""

    start: int
    end: int
    word: str


def fold(text: str) -> str:
    """The cards' spelling of a word: upper case, no accents, ligatures split ("cœur" -> COEUR)."""
    return strip_accents(text.strip()).upper()


def rejection(entry: str, lang: str) -> str | None:
    """Why a word-list entry is not a game word (None when it is one)."""
    if lang == "fr":
        entry = entry.replace("qú", "qu'")  # wfrench's encoding slip for "jusqu'", "presqu'île"
    if any(c.isdigit() for c in entry) or "." in entry:
        return ABBREVIATION
    letters = [c for c in entry if c.isalpha()]
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return ABBREVIATION
    if any(c.isupper() for c in letters):
        return PROPER_NOUN
    if "-" in entry:
        return COMPOUND
    if "'" in entry or "’" in entry:
        return APOSTROPHE
    folded = fold(entry)
    if not folded or not set(folded) <= _ALPHABET:
        return NOT_LETTERS
    if len(folded) == 1:
        return None if folded in SINGLE_LETTERS.get(lang, frozenset()) else SINGLE_LETTER
    if not set(folded) & _VOWELS and folded not in VOWELLESS_WORDS:
        return ABBREVIATION
    return None


def _said_reason(text: str) -> str | None:
    """What the form of a word unknown to the list shows: a capital (a name), a dot or digit."""
    if any(c.isdigit() for c in text) or "." in text:
        return ABBREVIATION
    if text[:1].isupper() and not text.isupper():
        return PROPER_NOUN
    if "-" in text:
        return COMPOUND
    return APOSTROPHE if "'" in text or "’" in text else None


def _removed_key(entry: str) -> str:
    """The A-Z letters of a removed entry, as a player would say it ("c.-à-d." -> "CAD")."""
    return "".join(c for c in fold(entry) if c in _ALPHABET)


@dataclass
class Built:
    """The parts of a dictionary that the disk cache holds."""

    words: list[str]
    removed: dict[str, str]
    counts: dict[str, int]
    suffixes: array[int] = field(default_factory=lambda: array("I"))
    spellings: dict[str, str] = field(default_factory=dict)
    """The written form of the words that have accents (board.spellings)."""


def build(entries: list[str], lang: str) -> Built:
    """Filter and fold the entries, and sort every suffix of every kept word."""
    kept: dict[str, str] = {}
    removed: dict[str, str] = {}
    counts: Counter[str] = Counter()
    for entry in entries:
        reason = rejection(entry, lang)
        if reason is None:
            kept[entry] = fold(entry)
        else:
            _remove(removed, counts, entry, reason)
    for entry in abbreviations(kept) if lang == "en" else ():
        del kept[entry]
        _remove(removed, counts, entry, ABBREVIATION)
    counts["kept_entries"] = len(kept)
    frequencies = wordfreq.get_frequency_dict(lang)
    common = commonness(kept, frequencies)
    words = sorted(set(kept.values()), key=lambda w: (-common.get(w, 0.0), len(w), w))
    for word in words:
        removed.pop(word, None)
    counts["words"] = len(words)
    return Built(words, removed, dict(counts), _suffix_array(words),
                 spellings(kept, lambda entry: frequencies.get(entry, 0.0)))


def _remove(removed: dict[str, str], counts: Counter[str], entry: str, reason: str) -> None:
    """Count a removed entry and keep its reason under its letters; the reason of an entry in
    lower case, as a player says a word, wins over a capitalised one's ("dr": an abbreviation,
    though "Dr" is a name)."""
    counts[reason] += 1
    key = _removed_key(entry)
    if key not in removed or entry.islower():
        removed[key] = reason


def commonness(kept: Mapping[str, str], frequencies: dict[str, float]) -> dict[str, float]:
    """How common each folded word is (`kept`: entry -> folded word): the highest frequency of
    its entries in the language's wordfreq table (subtitles, books, the web), 0 for words it
    does not know."""
    common: dict[str, float] = {}
    for entry, word in kept.items():
        frequency = frequencies.get(entry, 0.0)
        if frequency:
            common[word] = max(common.get(word, 0.0), frequency)
    return common


def _suffix_array(words: list[str]) -> array[int]:
    """Positions in the joined text of every word's suffixes, in order of the suffix."""
    text = "\n".join(words) + "\n"
    starts: list[int] = []
    pos = 0
    for word in words:
        starts.extend(range(pos, pos + len(word)))
        pos += len(word) + 1
    starts.sort(key=lambda i: text[i:text.index("\n", i)])
    return array("I", starts)


@dataclass(frozen=True)
class Dictionary:
    """A language's game words: upper-case A-Z strings, with their substring index."""

    lang: str
    words: frozenset[str] = field(repr=False)
    text: str = field(repr=False)
    suffixes: array[int] = field(repr=False)
    removed: dict[str, str] = field(repr=False)
    counts: dict[str, int] = field(default_factory=dict)
    spellings: dict[str, str] = field(default_factory=dict, repr=False)

    @classmethod
    def from_built(cls, lang: str, built: Built) -> Dictionary:
        """A dictionary from its built parts."""
        text = "\n".join(built.words) + "\n"
        return cls(lang, frozenset(built.words), text, built.suffixes, built.removed, built.counts,
                   built.spellings)

    def spelling(self, word: str) -> str:
        """How the word list writes the word ("AME" is "âme")."""
        return self.spellings.get(word) or word.lower()

    def is_word(self, word: str) -> bool:
        """Whether the upper-case letters spell a game word."""
        return word in self.words

    def _range(self, letters: str) -> tuple[int, int]:
        """The suffix-array slice of the suffixes that start with the letters."""
        text, n = self.text, len(letters)
        lo = bisect.bisect_left(self.suffixes, letters, key=lambda i: text[i:i + n])
        hi = bisect.bisect_right(self.suffixes, letters, lo, key=lambda i: text[i:i + n])
        return lo, hi

    def contains(self, letters: str) -> bool:
        """Whether some word holds these letters together, in this order."""
        if "\n" in letters:
            return False
        text, sa, n = self.text, self.suffixes, len(letters)
        lo = bisect.bisect_left(sa, letters, key=lambda i: text[i:i + n])
        return lo < len(sa) and text.startswith(letters, sa[lo])

    def _word_at(self, pos: int) -> tuple[int, str]:
        """The start and the word of the joined text around a position."""
        start = self.text.rfind("\n", 0, pos) + 1
        return start, self.text[start:self.text.index("\n", pos)]

    def words_containing(self, letters: str, limit: int = 10) -> list[str]:
        """Up to limit words that hold the letters together, commonest first."""
        if not letters or "\n" in letters or limit <= 0:
            return []
        lo, hi = self._range(letters)
        if hi - lo > _SCAN_RANGE:
            return self._scan(letters, limit)
        found: dict[int, str] = {}
        for pos in heapq.nsmallest(limit * 2, self.suffixes[lo:hi]):
            start, word = self._word_at(pos)
            found.setdefault(start, word)
        return [found[s] for s in sorted(found)][:limit]

    def _scan(self, letters: str, limit: int) -> list[str]:
        """The first words of the commonest-first text that hold the letters (a common run)."""
        out: list[str] = []
        pos = self.text.find(letters)
        while pos >= 0 and len(out) < limit:
            _start, word = self._word_at(pos)
            out.append(word)
            pos = self.text.find(letters, self.text.index("\n", pos))
        return out

    def justifies(self, word: str, letters: str) -> bool:
        """Whether a named word is a game word holding the letters together."""
        return letters in word and self.is_word(word)

    def words_completed_by(self, row: str, placed: int | None = None,
                           min_length: int = 3) -> list[RowWord]:
        """The words of at least min_length spelt by consecutive cards of the row (through the
        card at index placed, when given), longest first, then leftmost first."""
        n = len(row)
        found: list[RowWord] = []
        for start in range(n if placed is None else placed + 1):
            first_end = max(start + min_length, (placed + 1) if placed is not None else 0)
            for end in range(first_end, n + 1):
                if row[start:end] in self.words:
                    found.append(RowWord(start, end, row[start:end]))
        found.sort(key=lambda w: (w.start - w.end, w.start))
        return found

    def why_not(self, text: str) -> str | None:
        """Why a word said or typed is not a game word (None when it is one)."""
        if self.is_word(fold(text)):
            return None
        key = _removed_key(text)
        return self.removed.get(key) or _said_reason(text.strip()) or NOT_IN_LIST

    def normalised(self, text: str) -> str:
        """The cards' letters of a word as a player may give it ("Château" -> "CHATEAU")."""
        return _removed_key(text)


def cache_dir() -> Path:
    """Where built indexes are kept: partyhost/crack_word in the user's cache folder."""
    return user_dir("cache", "crack_word")


def _cache_path(path: Path, lang: str) -> Path:
    """The cache file keyed by the list's size and mtime and the format version."""
    stat = path.stat()
    return cache_dir() / f"{lang}-{stat.st_size}-{stat.st_mtime_ns}-v{_CACHE_VERSION}.bin"


def _write_cache(target: Path, built: Built, lang: str) -> None:
    """Write the built parts atomically, and remove the language's stale caches; a cache
    that cannot be written is skipped."""
    header = {"removed": built.removed, "counts": built.counts, "n": len(built.suffixes),
              "spellings": built.spellings}
    payload = "\n".join(built.words).encode("ascii")
    head = json.dumps(header).encode("utf-8")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as out:
            out.write(_MAGIC + f"{len(head)} {len(payload)}\n".encode())
            out.write(head + payload + built.suffixes.tobytes())
        os.replace(tmp, target)
        for stale in target.parent.glob(f"{lang}-*.bin"):
            if stale != target:  # an older format, or the list as it was before an upgrade
                stale.unlink(missing_ok=True)
    except OSError:
        return


def _read_cache(target: Path) -> Built | None:
    """The built parts from a cache file, or None when it is missing or damaged."""
    try:
        data = target.read_bytes()
        if not data.startswith(_MAGIC):
            return None
        line_end = data.index(b"\n", len(_MAGIC))
        head_len, words_len = (int(x) for x in data[len(_MAGIC):line_end].split())
        body = line_end + 1
        header = json.loads(data[body:body + head_len])
        words = data[body + head_len:body + head_len + words_len].decode("ascii").split("\n")
        suffixes = array("I")
        suffixes.frombytes(data[body + head_len + words_len:])
        if len(suffixes) != header["n"] or len(suffixes) != sum(len(w) for w in words):
            return None
        return Built(words, header["removed"], header["counts"], suffixes, header["spellings"])
    except (OSError, ValueError, KeyError, TypeError, UnicodeDecodeError):
        return None


def load_word_list(path: Path, lang: str, *, use_cache: bool = True) -> Dictionary:
    """The dictionary of a word-list file, from the disk cache when it matches the file."""
    target = _cache_path(path, lang)
    built = _read_cache(target) if use_cache else None
    if built is None:
        built = build(path.read_text("utf-8", errors="replace").split(), lang)
        if use_cache:
            _write_cache(target, built, lang)
    return Dictionary.from_built(lang, built)


def load_dictionary(lang: str, path: Path | None = None, *, use_cache: bool = True) -> Dictionary:
    """The game dictionary of a language ("fr" or "en"), or MissingWordList naming the fix."""
    if lang not in WORD_LISTS:
        raise ValueError(f"no Crack Word dictionary for language {lang!r} (fr or en)")
    default, package = WORD_LISTS[lang]
    path = path or default
    if not path.is_file():
        raise MissingWordList(
            f"the {lang} word list {path} is missing: install it with "
            f"'apt-get install {package}' (or run scripts/setup)")
    return load_word_list(path, lang, use_cache=use_cache)
