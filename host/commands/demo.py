"""`partyhost demo`: bots with distinct voices play a whole game by voice through the real ears."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from host import registry
from host.speech.ports import Recognizer
from host.speech.stt import EngineError, add_engine_arguments, recognizer_from

DEMO_SNR_DB = 20.0
"""The demo's babble: 20 dB over the active speech is the 15 dB over whole utterances (pauses
included) that the demo played at before the SNR had one definition (4.8 dB apart, measured)."""


def register(subparsers: Any) -> None:
    """Add the `demo` sub-command."""
    parser = subparsers.add_parser(
        "demo",
        help="watch bot players play a whole game by voice",
        description="Bot players speak their moves with distinct voices (Piper and espeak-ng), "
        "with party babble mixed in, into the host's real recognizer through the WAV-file "
        "microphone; the host plays the game on what it understood. A move the host did not "
        "catch is said again, slower, up to twice, while the turn timer keeps running. "
        "Prints the transcript.",
    )
    parser.add_argument("game", choices=registry.game_names())
    parser.add_argument("--players", type=int, default=3, help="bot players (2 to 8)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int,
                        help="rounds (Crack List: default 3; Short List: with --host-quizmaster)")
    parser.add_argument("--hand-size", type=int,
                        help="Crack List: cards dealt to each player (default: the rulebook's)")
    parser.add_argument("--lang", choices=("en", "fr"),
                        help="the language the bots and the host speak (default: the game's, "
                        "French for Crack Word; French bots are espeak-ng voices)")
    parser.add_argument("--host-quizmaster", action="store_true",
                        help="Short List: the host is the quizmaster of every round")
    parser.add_argument(
        "--snr", type=float, default=DEMO_SNR_DB,
        help="speech-to-babble ratio in dB, over the active speech (99 for no noise)"
    )
    add_engine_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print only one JSON summary")
    parser.add_argument("--transcript", metavar="FILE", type=Path,
                        help="also write every utterance (said, heard freely and as a choice, "
                             "the likeliest other choices, understood or not) to FILE as JSON")
    parser.add_argument("--measures", metavar="FILE", type=Path,
                        help="also write what the recognizer measured of every utterance to "
                             "FILE as records of the hearing's corpus (JSON lines, for "
                             "partyhost bench calibrate --games)")
    parser.add_argument("--max-utterances", type=int,
                        help="stop the game unfinished after this many utterances (default: "
                        "host.demo.MAX_UTTERANCES)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play the demo game and print the transcript or the summary."""
    from host.core.protocols import SetupError
    from host.demo import DEMO_PLAYERS, MAX_UTTERANCES, run_demo
    from host.play import refuse_language
    from host.registry import find_game
    from host.speech.espeak_tts import BOT_VOICES, EspeakSynthesizer
    from host.speech.piper_tts import PiperSynthesizer
    from host.speech.ports import Synthesizer

    if not 2 <= args.players <= 8:
        print("partyhost demo: --players must be 2 to 8", file=sys.stderr)
        return 2
    kind = find_game(args.game)
    args.lang = args.lang or kind.default_lang
    try:
        refuse_language(kind, args.lang)
    except SetupError as err:
        print(f"partyhost demo: {err}", file=sys.stderr)
        return 2
    voices: list[Synthesizer] = []
    if args.lang == "en":  # the Piper voice speaks English only
        voices.append(PiperSynthesizer(steady=True))  # same seed, same game
    voices += [EspeakSynthesizer(voice) for voice in BOT_VOICES[args.lang]]
    try:
        recognizer = recognizer_from(args, args.lang)
    except EngineError as err:
        print(f"partyhost demo: {err}", file=sys.stderr)
        return 2
    echo = None if args.json else print
    with ExitStack() as stack:
        measures = (stack.enter_context(measures_file(args.measures, recognizer, args.lang))
                    if args.measures else None)
        try:
            options = kind.demo_options(DEMO_PLAYERS[: args.players], args)
            report = run_demo(kind, options, seed=args.seed, snr_db=args.snr,
                              recognizer=recognizer, voices=voices, echo=echo,
                              measures=measures,
                              max_utterances=args.max_utterances or MAX_UTTERANCES)
        except SetupError as err:
            print(f"partyhost demo: {err}", file=sys.stderr)
            return 2
    summary = report.as_json()
    if args.transcript:
        args.transcript.write_text(json.dumps(report.transcript, indent=1), encoding="utf-8")
    print(json.dumps(summary) if args.json else f"\n{summary}")
    return 0 if report.completed else 1


@contextmanager
def measures_file(path: Path, recognizer: Recognizer, lang: str
                  ) -> Iterator[Callable[[dict[str, Any]], None]]:
    """A corpus file (its header names the model) that each hearing record is written to as
    it comes, so that a game stopped halfway keeps what was heard."""
    from host.speech.hearing_corpus import header

    with path.open("w", encoding="utf-8") as out:
        def write(row: dict[str, Any]) -> None:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
            out.flush()

        write(header(recognizer, lang))
        yield write
