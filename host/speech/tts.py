"""Choosing a text-to-speech engine: Piper when its voice loads, espeak-ng otherwise."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Literal

from host.judge.text import strip_accents
from host.speech.ports import Synthesizer

Engine = Literal["auto", "piper", "espeak"]
ENGINES: tuple[str, ...] = ("auto", "piper", "espeak")

# A sentence ends at . ! ? or … followed by whitespace; keeps "Mr. X" splits rare enough for a host.
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+")


class TTSUnavailable(RuntimeError):
    """No usable speech synthesizer; the message says why in one sentence."""


def split_sentences(text: str) -> list[str]:
    """Split text into sentences (non-empty, stripped) so the first can be spoken early."""
    return [part.strip() for part in _SENTENCE_END.split(text) if part.strip()]


APOSTROPHES = str.maketrans({"\u02bc": "'", "\u02bb": "'", "\u2019": "'"})
"""Apostrophe-like letters ("Baháʼí", "Hawaiʻi") that espeak-ng, and Piper through it, spell
out by name ("B H A R injective I acute")."""


LETTER_A = re.compile(r"(?<![\w'])A(?= (?:on|of|to|at|in|is|and|or|for|from|with|by)\b)")
"""An English capital A that is the letter, since no article comes before these words ("A on
the A of row two"): espeak-ng, and Piper through it, say it as the article ("uh on the uh")."""
LETTER_A_SAID = "Eh"
"""How every English espeak-ng voice, and Piper, say the letter A: /eɪ/."""


def speakable(text: str, lang: str = "en") -> str:
    """Text as the voices can say it: apostrophe letters as apostrophes, accented letters
    that espeak-ng spells out by name ("Tết", an English "Ó") without their accents, and an
    English letter A said as the letter."""
    text = unicodedata.normalize("NFC", text.translate(APOSTROPHES))
    if lang == "en":
        text = LETTER_A.sub(LETTER_A_SAID, text)
    return re.sub(r"\w+(?:'\w+)*", lambda word: _plain_if_spelt(word.group(), lang), text)


def _plain_if_spelt(word: str, lang: str) -> str:
    """The word without accents when espeak-ng would spell its letters: letters beyond Latin-1
    (in every language), or an accented letter alone in English."""
    beyond = any(ord(char) > 0xFF for char in word if char not in "œŒ")
    if not beyond and not (lang == "en" and len(word) == 1):
        return word
    plain = strip_accents(word)
    return plain if plain.isascii() else word


def join_pcm(chunks: Iterable[bytes]) -> bytes:
    """Concatenate the PCM chunks a synthesizer yields."""
    return b"".join(chunks)


def looks_like_piper_voice(voice: str | None) -> bool:
    """True when `voice` names a Piper .onnx model file rather than an espeak-ng voice."""
    return voice is not None and (voice.endswith(".onnx") or Path(voice).is_file())


def make_synthesizer(engine: str = "auto", voice: str | None = None,
                     lang: str = "en") -> Synthesizer:
    """Build a synthesizer: "piper" (voice = .onnx path), "espeak" (voice = name) or "auto";
    `auto` speaks a language the shipped Piper voice does not (French) with espeak-ng's."""
    if engine not in ENGINES:
        choices = ", ".join(ENGINES)
        raise TTSUnavailable(f"Unknown speech engine {engine!r}; choose one of {choices}.")
    if engine == "piper":
        return _piper(voice)
    if engine == "espeak":
        return _espeak(voice)
    if voice is not None:  # a named voice is not swapped for another engine's voice
        return _piper(voice) if looks_like_piper_voice(voice) else _espeak(voice)
    if lang != "en":  # the packaged Piper voice (joe) speaks English only
        return _espeak(lang)
    return first_working({"Piper": lambda: _piper(None), "espeak-ng": lambda: _espeak(None)})


def first_working(factories: dict[str, Callable[[], Synthesizer]]) -> Synthesizer:
    """Return the first synthesizer that builds, or raise one sentence naming every failure."""
    reasons = []
    for label, factory in factories.items():
        try:
            return factory()
        except TTSUnavailable as error:
            reasons.append(f"{label} ({str(error).rstrip('.')})")
    raise TTSUnavailable(f"No speech engine works: {' and '.join(reasons)}.")


def _piper(voice: str | None) -> Synthesizer:
    from host.speech.piper_tts import PiperSynthesizer

    return PiperSynthesizer(Path(voice) if voice else None)


def _espeak(voice: str | None) -> Synthesizer:
    from host.speech.espeak_tts import EspeakSynthesizer

    return EspeakSynthesizer(voice or "en-us")
