"""`partyhost play`: host a game at the table, by voice or in the text console."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from host.companion.hookup import add_companion_arguments
from host.games.crack_list.config import MAX_PEOPLE, PLAYERS_HELP
from host.games.scattergories.config import PLAYERS_HELP as SCATTERGORIES_PLAYERS
from host.games.short_list.config import PLAYERS_HELP as SHORT_LIST_PLAYERS
from host.speech.stt import add_engine_arguments
from host.speech.wyoming.options import add_wyoming_arguments

GAMES = ("crack-list", "short-list", "scattergories", "crack-word")


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
    parser.add_argument("game", choices=GAMES, help="which game to host")
    who = parser.add_argument_group("players")
    who.add_argument(
        "--players",
        nargs="+",
        metavar="NAME",
        default=[],
        help=f"player names in seating order, clockwise (Crack List: {PLAYERS_HELP}; "
        f"Short List: {SHORT_LIST_PLAYERS}; Scattergories: {SCATTERGORIES_PLAYERS})",
    )
    who.add_argument(
        "--teams",
        nargs="+",
        metavar="A,B[,C]",
        default=[],
        help="teams of 2 or 3 sharing a hand and a turn, e.g. --teams Ann,Bob Cat,Dan "
        f"(up to {MAX_PEOPLE} people)",
    )
    who.add_argument(
        "--first",
        metavar="NAME",
        help="who starts (the youngest player): in Crack List who chooses the first category, "
        "in Short List the first quizmaster, in Scattergories the first to roll the die; "
        "default: the first player named",
    )
    rules = parser.add_argument_group("rules")
    rules.add_argument(
        "--cards",
        choices=("virtual", "physical"),
        default="virtual",
        help="virtual: the host deals and knows the hands; physical: you hold the "
        "real cards and the host tracks how many each player has",
    )
    rules.add_argument("--turn-seconds", type=float,
                       help="time for each turn (Crack List: default 20; Crack Word: 90)")
    rules.add_argument("--rounds", type=int,
                       help="rounds in a game (Crack List: default 3; Short List: only with "
                       "--host-quizmaster, default as many as the rulebook's game)")
    rules.add_argument("--guess-seconds", type=float,
                       help="Short List: time for each guess (default 30; time up is a pass)")
    rules.add_argument("--host-quizmaster", action="store_true",
                       help="Short List: the host is the quizmaster of every round and every "
                       "player guesses")
    rules.add_argument("--list", dest="list_number", type=int, metavar="N",
                       help="Scattergories: the category list played, 1 to 12 (default: "
                       "chosen by the seed)")
    rules.add_argument("--categories", type=int, choices=(6, 12),
                       help="Scattergories: categories answered a round (default 6, the "
                       "list's first six, as in the junior rulebook)")
    rules.add_argument("--writing-seconds", type=float,
                       help="Scattergories: the writing time (default 150, the sand timer)")
    rules.add_argument("--spoken-answers", action="store_true",
                       help="Scattergories: no paper; each player says their answers to the "
                       "host after the time is up")
    rules.add_argument("--seed", type=int, help="shuffle seed, to replay the same deal")
    rules.add_argument("--lang", choices=("en", "fr"),
                       help="the host's language and the decks' (default: en; Crack Word: fr; "
                       "with --resume, the saved game's)")
    rules.add_argument("--expert", action="store_true",
                       help="Crack Word: expert mode, every card of each colour's deck in play")
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
    rules.add_argument("--adults", action="store_true", help="include adults-only categories")
    rules.add_argument(
        "--blue-deck", metavar="TOML", help="a blue deck mix: a [blue] table of card = count"
    )
    table = ("players", "teams", "first", "cards", "turn_seconds", "rounds", "seed", "lang",
             "deck", "only_my_decks", "adults", "blue_deck", "guess_seconds", "host_quizmaster",
             "list_number", "categories", "writing_seconds", "spoken_answers", "expert")
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
    from host.play import play_game, table_language
    from host.registry import find_game

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
