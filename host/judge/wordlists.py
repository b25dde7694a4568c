"""Debian word lists (wamerican, wamerican-large): real words for rhymes and the fuzzy guard."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from host.judge.text import strip_accents

LARGE = (Path("/usr/share/dict/american-english-large"), Path("/usr/share/dict/american-english"),
         Path("/usr/share/dict/words"))
"""Debian wamerican-large (else wamerican): the real-word filter for rhymes."""
COMMON = {"en": (Path("/usr/share/dict/american-english"), Path("/usr/share/dict/words")),
          "fr": (Path("/usr/share/dict/french"),)}
"""Debian wamerican / wfrench: everyday words, guarding against fuzzy-matching another word."""


def _read(paths: tuple[Path, ...]) -> list[str]:
    """The words of the first existing list (empty when none is installed)."""
    path = next((p for p in paths if p.is_file()), None)
    if path is None:
        return []
    return path.read_text("utf-8", errors="replace").split()


@lru_cache(maxsize=1)
def word_list() -> frozenset[str]:
    """Real words, proper nouns included, lower-cased without accents (wamerican-large)."""
    return frozenset(strip_accents(w).lower() for w in _read(LARGE) if w.isalpha())


@lru_cache(maxsize=2)
def common_words(lang: str = "en") -> frozenset[str]:
    """Everyday lower-case words, no proper nouns (wamerican, wfrench): "batter", "bain"."""
    paths = COMMON.get(lang, ())
    return frozenset(strip_accents(w) for w in _read(paths) if w.isalpha() and w.islower())
