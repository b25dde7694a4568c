"""A least-recently-used cache of synthesized lines, so common replies start at once."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from host.speech.ports import Synthesizer

if TYPE_CHECKING:
    from host.core.phrasebook import Phrasebook

SHORT_LINE_WORDS = 4
"""Lines of the phrasebook this short, with nothing to fill in, are ready before the game."""
CACHE_BYTES = 8 * 2**20
"""The audio a voice's cache holds at most: about 3 minutes of a 22 kHz voice, hundreds of
short lines, and never the whole of a long evening (`partyhost serve` hosts game after game)."""


def countdown_lines(phrases: Phrasebook) -> list[str]:
    """The countdown's numbers as the session says them ("Ten!" ... "One!")."""
    return [phrases.countdown_tick(n) for n in range(10, 0, -1)]


def short_lines(phrases: Phrasebook) -> list[str]:
    """The phrasebook's short fixed lines ("Crack On!", "And we're back!")."""
    return [variant for variants in phrases.lines.values() for variant in variants
            if "{" not in variant and len(variant.split()) <= SHORT_LINE_WORDS]


def warm_texts(phrases: Phrasebook, names: Sequence[str] = (),
               extra: Iterable[str] = ()) -> list[str]:
    """The lines to pre-synthesize: the countdown, short fixed lines, player names, `extra`."""
    return list(dict.fromkeys([*countdown_lines(phrases), *short_lines(phrases), *names,
                               *extra]))


def _key_text(text: str) -> str:
    return " ".join(text.split())


class CachedSynthesizer:
    """Wraps any Synthesizer; a line said before (same voice, same text) replays from memory."""

    def __init__(self, inner: Synthesizer, *, max_lines: int = 256,
                 max_bytes: int = CACHE_BYTES) -> None:
        """Cache up to `max_lines` lines of `inner` and `max_bytes` of their audio, dropping
        the least recently used."""
        self.inner = inner
        self.name = inner.name
        self.sample_rate = inner.sample_rate
        self.max_lines = max_lines
        self.max_bytes = max_bytes
        self.size = 0
        """The bytes of audio held."""
        self.hits = 0
        self.misses = 0
        self._lines: OrderedDict[tuple[str, str], tuple[bytes, ...]] = OrderedDict()
        self._lock = threading.Lock()  # warm() may run in a background thread

    def __len__(self) -> int:
        """How many lines are cached."""
        return len(self._lines)

    def __contains__(self, text: object) -> bool:
        """True when `text` is cached for this voice."""
        return isinstance(text, str) and (self.name, _key_text(text)) in self._lines

    def synthesize(self, text: str) -> Iterator[bytes]:
        """Yield the cached chunks, or stream from the inner synthesizer and remember them."""
        key = (self.name, _key_text(text))
        cached = self._lookup(key)
        if cached is None:
            yield from self._fresh(key, text)
        else:
            yield from cached

    def warm(self, texts: Iterable[str]) -> int:
        """Synthesize the lines not cached yet (not counted as misses); returns how many."""
        added = 0
        for text in texts:
            if text.strip() and text not in self:
                for _chunk in self._fresh((self.name, _key_text(text)), text):
                    pass
                added += 1
        return added

    def _lookup(self, key: tuple[str, str]) -> tuple[bytes, ...] | None:
        with self._lock:
            cached = self._lines.get(key)
            if cached is None:
                self.misses += 1
                return None
            self._lines.move_to_end(key)
            self.hits += 1
            return cached

    def _fresh(self, key: tuple[str, str], text: str) -> Iterator[bytes]:
        chunks = []
        for chunk in self.inner.synthesize(text):
            chunks.append(chunk)
            yield chunk
        self._store(key, tuple(chunks))  # only reached when the whole line was synthesized

    def _store(self, key: tuple[str, str], chunks: tuple[bytes, ...]) -> None:
        if _bytes(chunks) > self.max_bytes:
            return  # kept, it would push out every other line
        with self._lock:
            old = self._lines.pop(key, ())
            self.size += _bytes(chunks) - _bytes(old)
            self._lines[key] = chunks
            while self._lines and (len(self._lines) > self.max_lines
                                   or self.size > self.max_bytes):
                self.size -= _bytes(self._lines.popitem(last=False)[1])


def _bytes(chunks: tuple[bytes, ...]) -> int:
    return sum(len(chunk) for chunk in chunks)
