"""`partyhost play`: host a game at the table, by voice or in the text console."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from host import registry
from host.companion.hookup import add_companion_arguments
from host.speech.stt import add_engine_arguments
from host.speech.wyoming.options import add_wyoming_arguments

EVERY_TABLE = ("players", "teams", "first", "seed", "lang", "deck", "only_my_decks")
"""The table options every game may read; each game declares its own (GameKind.table_options)."""


def register(subparsers: Any) -> None:
    """Add the `play` sub-command."""
    parser = subparsers.add_parser(
        "play",
        help="host a game",
        description="Host a game. Without a microphone (or with --text) the game runs in the text "
        "console: the player whose turn it is types what they would say; anyone else starts "
        "with their name, as in 'Bob: challenge'. Type 'help' during the game for the commands, "
        "'rules' for the host's house rules (also: partyhost rules <game>).",
    )
    games = registry.GAMES.values()
    parser.add_argument("game", choices=registry.game_names(), help="which game to host")
    who = parser.add_argument_group("players")
    who.add_argument(
        "--players",
        nargs="+",
        metavar="NAME",
        default=[],
        help="player names in seating order, clockwise ("
        + "; ".join(f"{kind.title}: {kind.seating.players_help}" for kind in games) + ")",
    )
    who.add_argument(
        "--teams",
        nargs="+",
        metavar="A,B[,C]",
        default=[],
        help="teams of 2 or 3 sharing a hand and a turn, e.g. --teams Ann,Bob Cat,Dan "
        "(how many: see --players)",
    )
    who.add_argument(
        "--first",
        metavar="NAME",
        help="who starts (the youngest player): "
        + ", ".join(f"in {kind.title} {kind.seating.first}" for kind in games)
        + "; default: the first player named",
    )
    rules = parser.add_argument_group("rules")
    rules.add_argument("--seed", type=int, help="shuffle seed, to replay the same deal")
    defaults = ["en", *(f"{kind.title}: {kind.default_lang}" for kind in games
                        if kind.default_lang != "en"), "with --resume, the saved game's"]
    rules.add_argument("--lang", choices=("en", "fr"), help="the host's language and the "
                       f"decks' (default: {'; '.join(defaults)})")
    rules.add_argument(
        "--deck",
        action="append",
        default=[],
        metavar="PATH",
        help="an extra deck file or folder (repeatable)",
    )
    rules.add_argument(
        "--only-my-decks",
        action="store_true",
        help="play only the decks given with --deck, not the shipped ones",
    )
    table = list(EVERY_TABLE)
    own = parser.add_argument_group("each game's own options")
    for option, text in registry.merged_options({kind.title: kind.table_options
                                                 for kind in games}):
        own.add_argument(option.flag, help=text, default=option.default, **option.kwargs)
        table.append(option.dest)
    # The options that set up a table, with their defaults: --resume refuses changed ones.
    parser.set_defaults(table_options={dest: parser.get_default(dest) for dest in table})
    save = parser.add_argument_group("saving")
    save.add_argument(
        "--resume",
        action="store_true",
        help="continue the game saved after a crash or a closed terminal",
    )
    save.add_argument(
        "--save",
        type=Path,
        metavar="FILE",
        help="autosave file (default: ~/.local/state/partyhost/<game>.json); an unfinished "
        "game found there is moved to a dated file beside it, never overwritten",
    )
    voice = parser.add_argument_group("voice")
    voice.add_argument(
        "--text", action="store_true", help="use the text console, not the microphone"
    )
    voice.add_argument(
        "--speak-to",
        type=Path,
        metavar="DIR",
        help="also write each host line to a WAV file in DIR",
    )
    voice.add_argument("--voice", help="Piper voice (.onnx path) or espeak-ng voice name")
    voice.add_argument(
        "--tts", choices=("auto", "piper", "espeak"), default="auto", help="speech synthesis engine"
    )
    add_engine_arguments(voice)
    voice.add_argument("--input-device", help="microphone (index or part of its name)")
    voice.add_argument("--output-device", help="speaker (index or part of its name)")
    voice.add_argument(
        "--listen-from",
        type=Path,
        metavar="FILE_OR_DIR",
        help="use recorded WAV audio as the microphone",
    )
    add_wyoming_arguments(voice)
    add_companion_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Set up the table and play."""
    from host.memory import limit_allocator_arenas
    from host.play import play_game, table_language
    from host.registry import find_game

    limit_allocator_arenas()  # before the models start their threads, which share one heap
    try:
        kind = find_game(args.game)
    except ValueError as err:
        print(f"partyhost: {err}", file=sys.stderr)
        return 2
    foreign = [f"--{dest.replace('_', '-')}" for dest, default in args.table_options.items()
               if dest not in kind.play_options and getattr(args, dest) != default]
    if foreign:
        print(f"partyhost: {' '.join(foreign)}: not a {kind.title} option "
              f"(see partyhost play --help)", file=sys.stderr)
        return 2
    if args.lang is None:  # the game's (or the saved game's) language is the default
        args.lang = table_language(args, kind)
        args.table_options = {**args.table_options, "lang": args.lang}
    return play_game(args)
