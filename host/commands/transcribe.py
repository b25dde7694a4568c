"""`partyhost transcribe`: recognise WAV files, one JSON object per line."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from host.core.hearing import heard_alone
from host.speech.ports import Transcript
from host.speech.stt import add_engine_arguments, recognizer_from


def register(subparsers: Any) -> None:
    """Add the `transcribe` sub-command."""
    parser = subparsers.add_parser(
        "transcribe",
        help="recognise speech in WAV files (JSON lines out)",
        description="Recognise each WAV file and print {\"file\", \"text\", \"engine\", \"ms\"} "
        "per line. With --choices, text is the likeliest choice (\"\" when the engine took "
        "none) and each line also has \"decision\": what the host would do with it heard on "
        "its own (take: play it, ask: ask it back, reject: ask for it again), \"choice\": "
        "the choice taken or asked back (the likeliest when rejected), \"p\": the probability "
        "that the likeliest choice was said, \"free\" and \"free_p\": the free transcript and "
        "the probability that it was said, and \"likeliest\": the likeliest choices, best "
        "first, each {\"text\", \"p\"} (probabilities calibrated where the engine has a "
        "calibration for the language, the engine's own figures otherwise).",
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
                **(decision(result) if choices else {})}
        print(json.dumps(line, ensure_ascii=False), flush=True)
    return status


def decision(heard: Transcript) -> dict[str, Any]:
    """What the host would do with it heard on its own ("take", "ask" or "reject"), the choice
    it would take or ask back (the likeliest when it rejects), and the probabilities that the
    likeliest choices and the free transcript were said."""
    verdict = heard_alone(heard)
    taken = "ask" if verdict.ask_back else "take" if verdict.text else "reject"
    return {"decision": taken, "choice": verdict.text or heard.text, "p": _rounded(heard.p),
            "free": heard.free, "free_p": _rounded(heard.free_p),
            "likeliest": [{"text": h.text, "p": _rounded(h.p)} for h in heard.hypotheses]}


def _rounded(p: float) -> float:
    """A probability as printed: four decimals are more than its calibration can tell."""
    return round(p, 4)
