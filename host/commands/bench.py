"""`partyhost bench speech`: recognition accuracy, false accepts, latency and memory numbers."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from host.speech.stt import MEASURED


def register(subparsers: Any) -> None:
    """Add the `bench` sub-command with its `speech` benchmark."""
    parser = subparsers.add_parser("bench", help="run benchmarks (prints numbers)",
                                   description="Benchmarks that print numbers, never pass/fail.")
    sub = parser.add_subparsers(dest="bench_command", metavar="BENCH")
    speech = sub.add_parser("speech", help="speech recognition accuracy, latency, memory")
    speech.add_argument("--json", action="store_true", help="print one JSON object")
    speech.add_argument("--stt", "--engine", choices=MEASURED, action="append", dest="engines",
                        help="recognizer to measure; repeat for several (default: all)")
    speech.add_argument("--quick", action="store_true", help="a quarter of the test set")
    speech.set_defaults(func=run_speech)
    parser.set_defaults(func=lambda args: parser.print_help() or 2)


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
