"""Choosing a text-to-speech engine: Piper when its voice loads, espeak-ng otherwise."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Literal

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


def join_pcm(chunks: Iterable[bytes]) -> bytes:
    """Concatenate the PCM chunks a synthesizer yields."""
    return b"".join(chunks)


def looks_like_piper_voice(voice: str | None) -> bool:
    """True when `voice` names a Piper .onnx model file rather than an espeak-ng voice."""
    return voice is not None and (voice.endswith(".onnx") or Path(voice).is_file())


def make_synthesizer(engine: str = "auto", voice: str | None = None) -> Synthesizer:
    """Build a synthesizer: "piper" (voice = .onnx path), "espeak" (voice = name) or "auto"."""
    if engine not in ENGINES:
        choices = ", ".join(ENGINES)
        raise TTSUnavailable(f"Unknown speech engine {engine!r}; choose one of {choices}.")
    if engine == "piper":
        return _piper(voice)
    if engine == "espeak":
        return _espeak(voice)
    if voice is not None and not looks_like_piper_voice(voice):
        return _espeak(voice)
    try:
        return _piper(voice)
    except TTSUnavailable as piper_error:
        try:
            return _espeak(None)
        except TTSUnavailable as espeak_error:
            reasons = [str(e).rstrip(".") for e in (piper_error, espeak_error)]
            raise TTSUnavailable(
                f"No speech engine works: Piper ({reasons[0]}) and espeak-ng ({reasons[1]})."
            ) from espeak_error


def _piper(voice: str | None) -> Synthesizer:
    from host.speech.piper_tts import PiperSynthesizer

    return PiperSynthesizer(Path(voice) if voice else None)


def _espeak(voice: str | None) -> Synthesizer:
    from host.speech.espeak_tts import EspeakSynthesizer

    return EspeakSynthesizer(voice or "en-us")
