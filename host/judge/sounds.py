"""Spellings of one sound: how the judge hears two keys as alike."""

from __future__ import annotations


def sound(key: str) -> str:
    """A key with spellings of one sound merged ("dolfin" and "dolphin")."""
    return key.replace("ph", "f").replace("ck", "k")


def same_sound(a: str, b: str) -> bool:
    """True when two keys differ only in how one sound is spelt ("sofia", "sophia") or in a
    doubled letter ("philipines", "philippines")."""
    return _single_letters(sound(a)) == _single_letters(sound(b))


def _single_letters(key: str) -> str:
    """A key with each doubled letter written once."""
    return "".join(c for i, c in enumerate(key) if i == 0 or key[i - 1] != c)
