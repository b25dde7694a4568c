"""CachedSynthesizer: replays real synthesized lines, evicts the least recently used."""

from __future__ import annotations

from collections.abc import Iterator

from host.core.phrasebook import Phrasebook
from host.games.crack_list.announce import VOICE
from host.speech.cache import CachedSynthesizer, warm_texts
from host.speech.espeak_tts import EspeakSynthesizer
from host.speech.piper_tts import PiperSynthesizer


class Counting:
    """Wraps a real synthesizer and counts the lines it is asked for."""

    def __init__(self, inner: EspeakSynthesizer | PiperSynthesizer) -> None:
        self.inner, self.name, self.sample_rate = inner, inner.name, inner.sample_rate
        self.asked: list[str] = []

    def synthesize(self, text: str) -> Iterator[bytes]:
        self.asked.append(text)
        return self.inner.synthesize(text)


def test_repeated_line_comes_from_memory(piper_synth: PiperSynthesizer) -> None:
    spy = Counting(piper_synth)
    cache = CachedSynthesizer(spy)
    first = list(cache.synthesize("Crack On! Go."))
    again = list(cache.synthesize("  Crack   On!\nGo. "))
    assert again == first and len(first) == 2
    assert spy.asked == ["Crack On! Go."]
    assert (cache.hits, cache.misses) == (1, 1)
    assert (cache.name, cache.sample_rate) == (piper_synth.name, piper_synth.sample_rate)


def test_least_recently_used_line_is_dropped(espeak_synth: EspeakSynthesizer) -> None:
    spy = Counting(espeak_synth)
    cache = CachedSynthesizer(spy, max_lines=2)
    for text in ["one", "two", "one", "three"]:  # "two" is now the oldest
        list(cache.synthesize(text))
    assert "one" in cache and "three" in cache and "two" not in cache
    assert len(cache) == 2
    list(cache.synthesize("two"))
    assert spy.asked == ["one", "two", "three", "two"]


def test_the_cache_holds_at_most_its_bytes_of_audio_the_oldest_lines_dropped(
        espeak_synth: EspeakSynthesizer) -> None:
    """A long evening of `partyhost serve` says thousands of different lines (issue 45: the
    host grew game after game): the audio kept is bounded, not only the number of lines."""
    sizes = {text: len(b"".join(espeak_synth.synthesize(text)))
             for text in ["one", "two", "three", "A much longer line than any of the others."]}
    cache = CachedSynthesizer(espeak_synth, max_bytes=sizes["two"] + sizes["three"] + 1)
    for text in ["one", "two", "three"]:
        list(cache.synthesize(text))
    assert "one" not in cache and "two" in cache and "three" in cache
    assert cache.size == sizes["two"] + sizes["three"] <= cache.max_bytes
    longer = "A much longer line than any of the others."
    assert sizes[longer] > cache.max_bytes
    list(cache.synthesize(longer))  # more than the whole budget: said, not kept
    assert longer not in cache and "two" in cache and "three" in cache
    list(cache.synthesize("three"))
    assert cache.size == sizes["two"] + sizes["three"]


def test_a_line_abandoned_midway_is_not_cached(espeak_synth: EspeakSynthesizer) -> None:
    cache = CachedSynthesizer(espeak_synth)
    stream = cache.synthesize("First part. Second part.")
    next(stream)
    stream.close()
    assert "First part. Second part." not in cache


def test_warm_prepares_countdown_calls_and_names(espeak_synth: EspeakSynthesizer) -> None:
    spy = Counting(espeak_synth)
    cache = CachedSynthesizer(spy)
    texts = warm_texts(Phrasebook(game=VOICE), ["Alice", "Bob"], extra=["", "Round one."])
    assert texts[:10] == ["Ten!", "Nine!", "Eight!", "Seven!", "Six!", "Five!", "Four!",
                          "Three!", "Two!", "One!"]
    assert "Crack On!" in texts and texts[-4:] == ["Alice", "Bob", "", "Round one."]
    assert cache.warm(texts) == len(texts) - 1  # the blank line is skipped
    assert cache.warm(["Alice"]) == 0
    asked = len(spy.asked)
    assert b"".join(cache.synthesize("Bob")) != b""
    assert len(spy.asked) == asked
    assert (cache.hits, cache.misses) == (1, 0)
