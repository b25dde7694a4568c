"""Choosing a recognizer: `auto` is Vosk when a model is installed, else PocketSphinx."""

from __future__ import annotations

from pathlib import Path

from host.speech.ports import Recognizer

ENGINES = ("auto", "vosk", "sphinx")


class EngineError(RuntimeError):
    """The requested recognizer cannot be used; the message says how to fix it."""


def make_recognizer(engine: str = "auto", vosk_model: str | Path | None = None) -> Recognizer:
    """Build the recognizer for `engine` (auto|vosk|sphinx); models load once, here."""
    from host.speech.models import find_vosk_model

    if engine not in ENGINES:
        raise EngineError(f"unknown speech engine {engine!r}; choose one of {', '.join(ENGINES)}")
    model = find_vosk_model(vosk_model)
    if engine == "vosk" or (engine == "auto" and model is not None):
        if model is None:
            raise EngineError("no Vosk model installed: run `partyhost models fetch "
                              "vosk-small-en`, or pass --vosk-model PATH")
        from host.speech.vosk_stt import VoskModelError, VoskRecognizer

        try:
            return VoskRecognizer(model)
        except VoskModelError as exc:
            raise EngineError(str(exc)) from exc
    from host.speech.sphinx_stt import SphinxRecognizer

    return SphinxRecognizer()
