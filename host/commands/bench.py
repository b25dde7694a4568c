"""`partyhost bench speech`: recognition accuracy, false accepts, latency and memory numbers;
`partyhost bench calibrate`: fit the hearing's calibration (scripts/fit_hearing.py);
`partyhost bench e2e`: what a player waits for an answer, through a satellite or a sound card."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from host.speech.stt import MEASURED


def register(subparsers: Any) -> None:
    """Add the `bench` sub-command with its `speech` benchmark and `calibrate` fit."""
    parser = subparsers.add_parser("bench", help="run benchmarks (prints numbers)",
                                   description="Benchmarks that print numbers, never pass/fail.")
    sub = parser.add_subparsers(dest="bench_command", metavar="BENCH")
    speech = sub.add_parser("speech", help="speech recognition accuracy, latency, memory")
    speech.add_argument("--json", action="store_true", help="print one JSON object")
    speech.add_argument("--stt", "--engine", choices=MEASURED, action="append", dest="engines",
                        help="recognizer to measure; repeat for several (default: all)")
    speech.add_argument("--quick", action="store_true", help="a quarter of the test set")
    speech.set_defaults(func=run_speech)
    calibrate = sub.add_parser(
        "calibrate", help="fit Whisper's hearing calibration on the rebuilt corpus",
        description="Hear the corpus (recorded and synthetic voices saying the bench's choices "
        "and other words, clean and in 20/10 dB babble; with --phrases, short sentences among "
        "each other; with --games, demo games' utterances too) with Whisper, keep every "
        "utterance's measures in a cache, fit the calibration on half the phrases and "
        "validate it on the other half, and write host/speech/calibration/whisper-<lang>.json.")
    calibrate.add_argument("--lang", default="en", help="language: en (tiny.en), fr (base)")
    calibrate.add_argument("--whisper-model", metavar="DIR",
                           help="the model to calibrate (default: the packaged one for --lang)")
    calibrate.add_argument("--measures", metavar="FILE", type=Path,
                           help="the JSON-lines cache of measures (default: under "
                           "~/.cache/partyhost/hearing)")
    calibrate.add_argument("--refit", action="store_true",
                           help="fit on the cached measures only, hearing nothing")
    calibrate.add_argument("--synthetic", action=argparse.BooleanOptionalAction, default=None,
                           help="hear (and fit on) the synthetic voices saying the bench's "
                           "words too (default: in English, not in French: see "
                           "hearing_corpus.SYNTHETIC)")
    calibrate.add_argument("--phrases", action=argparse.BooleanOptionalAction, default=None,
                           help="English: hear (and fit the choices' paths on) short "
                           "sentences among each other too (default: no, see "
                           "hearing_corpus.WITH_PHRASES)")
    calibrate.add_argument("--games", action=argparse.BooleanOptionalAction, default=None,
                           help="add the utterances of demo games in the language (seed "
                           "hearing_corpus.GAME_SEEDS, played once, kept in the cache; "
                           "default: no, see hearing_corpus.GAMES)")
    calibrate.add_argument("--seeds", type=int, nargs="+", default=None,
                           help="split seeds to try (the first one's fit is written)")
    calibrate.add_argument("--out", metavar="FILE", type=Path,
                           help="where to write the calibration (default: the shipped file)")
    calibrate.set_defaults(func=run_calibrate)
    e2e = sub.add_parser(
        "e2e", help="what a player waits for an answer, through a satellite or a sound card",
        description="Ask questions in espeak-ng voices to a Crack List game built as `play` "
        "builds it, through a real wyoming-satellite (its own virtualenv, .venv-satellite) or "
        "a sound card (a private PulseAudio's null sinks), and time each answer from the last "
        "sample said to the first sample played, with where the time goes (milliseconds, p50 "
        "and p95; the first answer apart).")
    e2e.add_argument("--path", choices=("satellite", "soundcard"), default="satellite",
                     help="how the host hears and speaks: a real Wyoming satellite, or a sound "
                     "card (a private PulseAudio's; default: satellite)")
    e2e.add_argument("--questions", type=int, default=24, help="how many to ask")
    e2e.add_argument("--echo", type=float, default=0.0, metavar="GAIN",
                     help="the host's voice back into the microphone this much fainter "
                     "(satellite path)")
    e2e.add_argument("--echo-delay", type=float, default=0.05, metavar="SECONDS",
                     help="how late the echo comes back (a loudspeaker's buffer, the room)")
    e2e.add_argument("--json", action="store_true", help="print one JSON object")
    e2e.set_defaults(func=run_e2e)
    parser.set_defaults(func=lambda args: parser.print_help() or 2)


def run_e2e(args: argparse.Namespace) -> int:
    """Run the end-to-end benchmark through the satellite or the sound card and print its
    numbers."""
    from host.speech import e2e
    from host.speech.pulse_rig import SoundServerUnavailable
    from host.speech.wyoming.rig import RigUnavailable

    if args.echo and args.path != "satellite":
        print("partyhost bench e2e: --echo is for the satellite path", file=sys.stderr)
        return 2
    log = (lambda _: None) if args.json else (lambda msg: print(msg, file=sys.stderr))
    try:
        figures = e2e.run(args.questions, path=args.path, echo=args.echo,
                          echo_delay=args.echo_delay, log=log)
    except (RigUnavailable, SoundServerUnavailable) as error:
        print(f"partyhost bench e2e: {error}", file=sys.stderr)
        return 2
    print(json.dumps(figures, indent=None if args.json else 2))
    return 0


def run_speech(args: argparse.Namespace) -> int:
    """Run the speech benchmark and print its numbers."""
    from host.speech import bench
    from host.speech.stt import EngineError

    log = (lambda _: None) if args.json else (lambda msg: print(msg, file=sys.stderr))
    try:
        result = bench.run(args.engines or MEASURED, quick=args.quick, log=log)
    except EngineError as error:
        print(f"partyhost bench speech: {error}", file=sys.stderr)
        return 1
    print(json.dumps(result, indent=None if args.json else 2) if args.json
          else bench.format_report(result))
    return 0


def run_calibrate(args: argparse.Namespace) -> int:
    """Measure the corpus (or read the cached measures), fit, validate, write the file."""
    from host.speech import calibration, hearing_corpus, hearing_fit
    from host.speech.models import WhisperModelError, find_whisper_model

    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    try:
        folder = find_whisper_model(args.whisper_model, args.lang)
    except WhisperModelError as error:
        print(f"partyhost bench calibrate: {error}", file=sys.stderr)
        return 1
    model = calibration.model_identity(folder)
    cache = args.measures or hearing_corpus.cache_path("whisper", args.lang, model["bytes"])
    synthetic = hearing_corpus.SYNTHETIC.get(args.lang, True) if args.synthetic is None \
        else args.synthetic
    sets = hearing_corpus.sets_of(args.lang, hearing_corpus.WITH_PHRASES if args.phrases is None
                                  else args.phrases)
    try:
        if args.refit:
            if not cache.exists():
                print(f"partyhost bench calibrate: no measures in {cache}: run without --refit",
                      file=sys.stderr)
                return 1
            rows = hearing_corpus.read_records(cache)
        else:
            from host.speech.bench import load_piper
            from host.speech.whisper_stt import WhisperRecognizer

            recognizer = WhisperRecognizer(folder, lang=args.lang)
            rows = hearing_corpus.measure(recognizer, args.lang, cache, synthetic=synthetic,
                                          sets=sets,
                                          piper=load_piper() if synthetic else None, log=log)
        names = {each.name for each in sets}
        rows = [row for row in rows
                if (synthetic or row["kind"] == "human") and row["set"] in names]
        if hearing_corpus.GAMES.get(args.lang, False) if args.games is None else args.games:
            games = hearing_corpus.games_dir("whisper", args.lang, model["bytes"])
            if not args.refit:
                hearing_corpus.play_games(args.lang, games, log)
            rows += hearing_corpus.game_records(args.lang, games)
    except hearing_corpus.StaleCorpus as stale:
        print(f"partyhost bench calibrate: {stale}", file=sys.stderr)
        return 1
    fitted = hearing_fit.calibrate(
        rows, engine="whisper", lang=args.lang, model=model,
        choices=hearing_corpus.choice_counts(sets),
        seeds=args.seeds or hearing_fit.SEEDS)
    out = args.out or Path(calibration.__file__).with_suffix("") / calibration.file_name(
        "whisper", args.lang)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(hearing_fit.to_text(fitted), encoding="utf-8")
    print("\n".join([*hearing_fit.summary(fitted), f"written: {out}"]))
    return 0
