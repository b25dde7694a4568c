"""`partyhost transcribe`: recognise WAV files, one JSON object per line."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from host.speech.ports import Transcript
from host.speech.stt import add_engine_arguments, recognizer_from


def register(subparsers: Any) -> None:
    """Add the `transcribe` sub-command."""
    parser = subparsers.add_parser(
        "transcribe",
        help="recognise speech in WAV files (JSON lines out)",
        description="Recognise each WAV file and print {\"file\", \"text\", \"engine\", \"ms\", "
        "\"decision\", \"choice\", \"p\"} per line. With --choices, text is exactly one of the "
        "choices or \"\" (rejected); decision is take (text heard sure), ask (text heard "
        "unsure: the host would ask it back) or reject (no text); choice is the best choice "
        "(also when rejected) and p the calibrated probability that it was said (null where "
        "the engine has no calibration).",
    )
    parser.add_argument("wavs", nargs="+", metavar="WAV", help="WAV files (any rate, mono/stereo)")
    add_engine_arguments(parser)
    parser.add_argument("--lang", default="en", help="language spoken (en, fr)")
    parser.add_argument("--choices", metavar="FILE",
                        help="UTF-8 text file, one allowed phrase per line")
    parser.set_defaults(func=run)


def read_choices(path: str) -> list[str]:
    """Read a choices file: one phrase per line, blank lines and surrounding spaces ignored."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise ValueError(f"{path}: no such choices file") from exc
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not UTF-8 text (line with byte {exc.start})") from exc
    phrases = [line.strip() for line in text.splitlines() if line.strip()]
    if not phrases:
        raise ValueError(f"{path}: no phrases in the choices file")
    return phrases


def run(args: argparse.Namespace) -> int:
    """Load the engine once, then transcribe every file; bad files are reported, not fatal."""
    from host.speech.stt import EngineError
    from host.speech.wavio import WavError, read_wav

    try:
        choices = read_choices(args.choices) if args.choices else None
        recognizer = recognizer_from(args, args.lang)
        recognizer.set_choices(choices)
    except (ValueError, EngineError, RuntimeError) as error:
        print(f"partyhost transcribe: {error}", file=sys.stderr)
        return 1
    status = 0
    for wav in args.wavs:
        try:
            pcm, rate = read_wav(wav)
        except WavError as error:
            print(f"partyhost transcribe: {error}", file=sys.stderr)
            status = 1
            continue
        start = time.perf_counter()
        result = recognizer.transcribe(pcm, rate)
        ms = round((time.perf_counter() - start) * 1000, 1)
        line = {"file": wav, "text": result.text, "engine": result.engine, "ms": ms,
                **decision(result)}
        print(json.dumps(line, ensure_ascii=False), flush=True)
    return status


def decision(heard: Transcript) -> dict[str, Any]:
    """What the host makes of it today ("take", "ask" or "reject"), the best choice and the
    calibrated probability that it was said."""
    verdict = "reject" if not heard.text else "ask" if heard.unsure else "take"
    choice = heard.measures.choice if heard.measures else heard.text
    p = None if heard.p is None else round(heard.p, 4)
    return {"decision": verdict, "choice": choice, "p": p}
