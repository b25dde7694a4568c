"""`partyhost simulate`: bot players play complete games through the real rules model."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from host.games.crack_list.config import SEATS_RANGE


def register(subparsers: Any) -> None:
    """Add the `simulate` sub-command."""
    parser = subparsers.add_parser(
        "simulate",
        help="let bot players play many games and report what happened",
        description="Bot players play complete games through the same rules model as real "
        "players, checking after every event that the 78 blue cards are conserved and the turn "
        "order is legal. Prints counts of every kind of event.",
    )
    parser.add_argument("game", choices=("crack-list",), help="which game")
    parser.add_argument("--games", type=int, default=100, help="how many games")
    parser.add_argument("--seed", type=int, default=0, help="random seed")
    parser.add_argument(
        "--players", type=int, default=4,
        help=f"bot players per game ({SEATS_RANGE}, as at the table)",
    )
    parser.add_argument("--cards", choices=("virtual", "physical"), default="virtual")
    parser.add_argument("--lang", default="en", choices=("en", "fr"))
    parser.add_argument("--know", type=float, default=0.8, help="chance a bot knows an answer")
    parser.add_argument("--challenge", type=float, default=0.15, help="chance of a challenge")
    parser.add_argument(
        "--countdown", type=float, default=0.05, help="chance of calling the countdown"
    )
    parser.add_argument("--mistake", type=float, default=0.1, help="chance of a mistake")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Simulate and print the report."""
    from host.core.protocols import SetupError
    from host.games.crack_list.bots import BotSkills
    from host.games.crack_list.checks import simulate_crack_list
    from host.games.crack_list.setup import category_cards
    from host.judge import Judge

    try:
        cards = category_cards(args.lang, [], adults=False)
    except SetupError as err:
        print(f"partyhost: {err}", file=sys.stderr)
        return 2
    skills = BotSkills(
        know=args.know, challenge=args.challenge, countdown=args.countdown, mistake=args.mistake
    )
    try:
        report = simulate_crack_list(
            cards,
            Judge(lang=args.lang),
            games=args.games,
            seed=args.seed,
            players=args.players,
            skills=skills,
            cards=args.cards,
        ).as_json()
    except SetupError as err:  # a table the rules cannot deal (too many players, too few)
        print(f"partyhost simulate: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    return 0 if report["invariant_violations"] == 0 else 1
