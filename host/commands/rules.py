"""`partyhost rules`: the host's house rules, where a rulebook leaves a decision open."""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from host import registry


def register(subparsers: Any) -> None:
    """Add the `rules` sub-command."""
    parser = subparsers.add_parser(
        "rules", help="print the host's house rules for a game",
        description="Where a game's rulebook is silent, the host decides as a good host would. "
        "This prints those decisions.")
    parser.add_argument("game", choices=registry.game_names(), help="which game")
    parser.add_argument("--lang", choices=("en", "fr"),
                        help="the language of the house rules (default: the game's, French "
                        "for Crack Word)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the house rules, one paragraph each."""
    from host.core.phrasebook import Phrasebook
    from host.core.protocols import SetupError
    from host.play import refuse_language
    from host.registry import find_game

    try:
        kind = find_game(args.game)
        refuse_language(kind, args.lang or kind.default_lang)
    except (ValueError, SetupError) as err:
        print(f"partyhost: {err}")
        return 2
    for rule in Phrasebook(args.lang or kind.default_lang, game=kind.voice).house_rules:
        print(textwrap.fill(rule, width=96, initial_indent="- ", subsequent_indent="  "))
    return 0
