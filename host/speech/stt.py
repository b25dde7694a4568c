"""Choosing a recognizer: `auto` is Whisper (the packaged model), unless a Vosk model is given."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any, Protocol

from host.speech.ports import Recognizer

ENGINES = ("auto", "whisper", "vosk", "sphinx")
MEASURED = ENGINES[1:]
"""The recognizers `bench speech` compares (Vosk only where a model is installed)."""


class EngineError(RuntimeError):
    """The requested recognizer cannot be used; the message says how to fix it."""


def engine_for(engine: str = "auto", vosk_model: str | Path | None = None) -> str:
    """The engine `engine` stands for: `auto` is Whisper, or Vosk when a Vosk model was named
    (--vosk-model or $PARTYHOST_VOSK_MODEL): the bench measures Whisper well ahead of the
    small Vosk models."""
    from host.speech.models import VOSK_MODEL_ENV

    if engine not in ENGINES:
        raise EngineError(f"unknown speech engine {engine!r}; choose one of {', '.join(ENGINES)}")
    if engine != "auto":
        return engine
    return "vosk" if vosk_model or os.environ.get(VOSK_MODEL_ENV) else "whisper"


def make_recognizer(engine: str = "auto", vosk_model: str | Path | None = None, *,
                    whisper_model: str | Path | None = None, lang: str = "en",
                    second_opinion: bool = False) -> Recognizer:
    """Build the recognizer for `engine` (auto|whisper|vosk|sphinx); models load once, here.
    With `second_opinion`, Whisper on its default English model asks a bigger one when unsure
    (not the default: it costs about 360 MB, and the demo gained about one point on average,
    within what one game's words change)."""
    chosen = engine_for(engine, vosk_model)
    if chosen == "vosk":
        return _vosk(vosk_model)
    if chosen == "sphinx":
        from host.speech.sphinx_stt import SphinxRecognizer

        return SphinxRecognizer()
    return _whisper(whisper_model, lang, second_opinion)


class Options(Protocol):
    """An argparse parser or argument group."""

    def add_argument(self, *names: str, **options: Any) -> Any:
        """Add one option."""
        ...


def add_engine_arguments(parser: Options) -> None:
    """Add --stt, --vosk-model and --whisper-model, the arguments of make_recognizer."""
    parser.add_argument("--stt", "--engine", dest="stt", choices=ENGINES, default="auto",
                        help="speech recognizer: auto is Whisper, or Vosk with --vosk-model")
    parser.add_argument("--vosk-model", metavar="DIR", help="a Vosk model directory")
    parser.add_argument("--whisper-model", metavar="DIR",
                        help="a faster-whisper model directory (default: the packaged tiny.en "
                        "for English, the packaged multilingual base for French)")
    parser.add_argument("--second-opinion", action="store_true",
                        help="English: the packaged multilingual base hears again what tiny.en "
                        "is unsure of (about 360 MB more memory, fewer questions asked back)")


def recognizer_from(args: argparse.Namespace, lang: str = "en") -> Recognizer:
    """The recognizer the engine arguments ask for."""
    return make_recognizer(args.stt, args.vosk_model, whisper_model=args.whisper_model,
                           lang=lang, second_opinion=args.second_opinion)


def _whisper(model: str | Path | None, lang: str, second_opinion: bool) -> Recognizer:
    """The Whisper recognizer on the model found for `lang`, with the second opinion of a
    bigger model when `lang` has one (models.second_opinion_model)."""
    from host.speech.models import WhisperModelError, find_whisper_model, second_opinion_model

    try:
        folder = find_whisper_model(model, lang)
    except WhisperModelError as exc:
        raise EngineError(str(exc)) from exc
    careful = second_opinion_model(model, lang) if second_opinion else None
    quick = _load_whisper(folder, lang)
    if careful is None:
        return quick
    from host.speech.second_opinion import SecondOpinion

    return SecondOpinion(quick, _load_whisper(careful, lang))


def _load_whisper(folder: Path, lang: str) -> Recognizer:
    """The Whisper recognizer on one model folder."""
    try:
        from host.speech.whisper_stt import WhisperRecognizer
    except ImportError as exc:
        raise EngineError(f"the Whisper recognizer needs {exc.name}: pip install "
                          "'partyhost[speech]'") from exc
    try:
        return WhisperRecognizer(folder, lang=lang)
    except (RuntimeError, ValueError, OSError) as exc:  # how CTranslate2 reports a bad model
        raise EngineError(f"cannot load the Whisper model in {folder}: {exc}; get a good one "
                          "with `partyhost models fetch whisper-base`") from exc


def _vosk(model: str | Path | None) -> Recognizer:
    """The Vosk recognizer on the model given or installed."""
    from host.speech.models import find_vosk_model
    from host.speech.vosk_stt import VoskModelError, VoskRecognizer

    found = find_vosk_model(model)
    if found is None:
        raise EngineError("no Vosk model installed: run `partyhost models fetch "
                          "vosk-small-en`, or pass --vosk-model PATH")
    try:
        return VoskRecognizer(found)
    except VoskModelError as exc:
        raise EngineError(str(exc)) from exc
