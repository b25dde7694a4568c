"""`partyhost simulate`: bot players play complete games through the real rules model."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from host import registry


def register(subparsers: Any) -> None:
    """Add the `simulate` sub-command."""
    games = [registry.GAMES[name] for name in registry.simulated_games()]
    checks = "; ".join(f"{kind.title}: {kind.simulation.checks}" for kind in games
                       if kind.simulation is not None)
    parser = subparsers.add_parser(
        "simulate",
        help="let bot players play many games and report what happened",
        description="Bot players play complete games through the same rules model as real "
        f"players, checking after every event that nothing is lost ({checks}) "
        "and that the turn order is legal. Prints counts of every kind of event.",
    )
    parser.add_argument("game", choices=registry.simulated_games(), help="which game")
    parser.add_argument("--games", type=int, default=100, help="how many games")
    parser.add_argument("--seed", type=int, default=0, help="random seed")
    parser.add_argument(
        "--players", type=int, default=4,
        help="bot players per game, as at the table ("
        + "; ".join(f"{kind.title}: {kind.seating.players_help}" for kind in games) + ")",
    )
    others = "".join(f"; {kind.title}: {kind.default_lang}" for kind in games
                     if kind.default_lang != "en")
    parser.add_argument("--lang", choices=("en", "fr"),
                        help=f"the decks' language (default: en{others})")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    own = parser.add_argument_group("each game's own options")
    for option, text in registry.merged_options({
            kind.title: kind.simulation.options for kind in games if kind.simulation}):
        own.add_argument(option.flag, help=text, default=None, **option.kwargs)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Simulate and print the report."""
    from host.core.protocols import SetupError

    kind = registry.find_game(args.game)
    assert kind.simulation is not None  # the command's choices are the simulated games
    refused = _foreign_option(args)
    if refused:
        print(f"partyhost simulate: {refused}: leave it out for {args.game}", file=sys.stderr)
        return 2
    for option in kind.simulation.options:  # not given: this game's default
        if getattr(args, option.dest) is None:
            setattr(args, option.dest, option.default)
    args.lang = args.lang or kind.default_lang
    try:
        report = kind.simulation.run(args)
    except SetupError as err:  # a table the rules cannot deal (too many players, too few)
        print(f"partyhost simulate: {err}", file=sys.stderr)
        return 2
    result = report.as_json()
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    return 0 if result["invariant_violations"] == 0 else 1


def _foreign_option(args: argparse.Namespace) -> str | None:
    """Another game's option, given ("--know is a Crack List option"), or None."""
    own = registry.find_game(args.game).simulation
    mine = {option.dest for option in own.options} if own else set()
    for kind in registry.GAMES.values():
        for option in kind.simulation.options if kind.simulation else ():
            if option.dest not in mine and getattr(args, option.dest, None) is not None:
                return f"{option.flag} is a {kind.title} option"
    return None
