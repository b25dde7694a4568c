"""`partyhost simulate`: bot players play complete games through the real rules model."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from host.core.simulate import SimulationReport
from host.games.crack_list.config import SEATS_RANGE
from host.games.crack_word.config import PLAYERS_HELP as CRACK_WORD_PLAYERS
from host.games.scattergories.config import PLAYERS_HELP as SCATTERGORIES_PLAYERS
from host.games.short_list.config import PLAYERS_HELP as SHORT_LIST_PLAYERS

CRACK_LIST_ONLY = {"cards": "virtual", "know": 0.8, "challenge": 0.15, "countdown": 0.05,
                   "mistake": 0.1}
"""The Crack List-only options and their defaults (they default to None, to tell one given)."""
SHORT_LIST_ONLY = {"host_quizmaster": False}
"""The Short List-only options and their defaults."""
SCATTERGORIES_ONLY = {"categories": 6, "spoken_answers": False}
"""The Scattergories-only options and their defaults."""
CRACK_WORD_ONLY = {"expert": False, "cards": "virtual"}
"""The Crack Word-only options and their defaults."""
GAME_OPTIONS: dict[str, tuple[str, dict[str, Any]]] = {
    "crack-list": ("Crack List", CRACK_LIST_ONLY),
    "short-list": ("Short List", SHORT_LIST_ONLY),
    "scattergories": ("Scattergories", SCATTERGORIES_ONLY),
    "crack-word": ("Crack Word", CRACK_WORD_ONLY),
}
"""Each game's title and its own options: another game's, given, is refused."""


def register(subparsers: Any) -> None:
    """Add the `simulate` sub-command."""
    parser = subparsers.add_parser(
        "simulate",
        help="let bot players play many games and report what happened",
        description="Bot players play complete games through the same rules model as real "
        "players, checking after every event that nothing is lost (Crack List: the 78 blue "
        "cards; Short List: the 50 blue and 15 orange crystals and the 8 It's my turn cards; "
        "Scattergories: every answer scored once, the totals, no letter twice; "
        "Crack Word: every card in one place, every row inside a word) "
        "and that the turn order is legal. Prints counts of every kind of event.",
    )
    parser.add_argument("game", choices=tuple(GAME_OPTIONS), help="which game")
    parser.add_argument("--games", type=int, default=100, help="how many games")
    parser.add_argument("--seed", type=int, default=0, help="random seed")
    parser.add_argument(
        "--players", type=int, default=4,
        help=f"bot players per game ({SEATS_RANGE}, as at the table, for Crack List; "
        f"{SHORT_LIST_PLAYERS} for Short List; {SCATTERGORIES_PLAYERS} for Scattergories; "
        f"{CRACK_WORD_PLAYERS} for Crack Word)",
    )
    parser.add_argument("--lang", choices=("en", "fr"),
                        help="the decks' language (default: en; Crack Word: fr)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    crack = parser.add_argument_group("Crack List only")
    crack.add_argument("--cards", choices=("virtual", "physical"),
                       help="the blue cards on screen or in hand (default: virtual; Crack Word "
                       "too: physical, the bots hold real cards and the host counts them)")
    crack.add_argument("--know", type=float, help="chance a bot knows an answer (default: 0.8)")
    crack.add_argument("--challenge", type=float, help="chance of a challenge (default: 0.15)")
    crack.add_argument("--countdown", type=float,
                       help="chance of calling the countdown (default: 0.05)")
    crack.add_argument("--mistake", type=float, help="chance of a mistake (default: 0.1)")
    short = parser.add_argument_group("Short List only")
    short.add_argument("--host-quizmaster", action="store_true", default=None,
                       help="the host is the quizmaster of every round; every bot guesses")
    scatter = parser.add_argument_group("Scattergories only")
    scatter.add_argument("--categories", type=int, choices=(6, 12),
                         help="categories answered a round (default: 6, the list's first six)")
    scatter.add_argument("--spoken-answers", action="store_true", default=None,
                         help="the paper-free variant: answers said, not written")
    word = parser.add_argument_group("Crack Word only")
    word.add_argument("--expert", action="store_true", default=None,
                      help="expert mode: every card of each colour's deck in play")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Simulate and print the report."""
    from host.core.protocols import SetupError
    from host.registry import find_game

    own = GAME_OPTIONS[args.game][1]
    given = [(name, title) for game, (title, options) in GAME_OPTIONS.items()
             if game != args.game for name in options
             if name not in own and getattr(args, name) is not None]
    if given:
        option = "--" + given[0][0].replace("_", "-")
        print(f"partyhost simulate: {option} is a {given[0][1]} option: leave it out for "
              f"{args.game}", file=sys.stderr)
        return 2
    args.lang = args.lang or find_game(args.game).default_lang
    runs = {"crack-list": _crack_list, "short-list": _short_list,
            "scattergories": _scattergories, "crack-word": _crack_word}
    try:
        report = runs[args.game](args)
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


def _option(args: argparse.Namespace, name: str, defaults: dict[str, Any]) -> Any:
    """An option's value, or its default when it was not given."""
    value = getattr(args, name)
    return defaults[name] if value is None else value


def _crack_list(args: argparse.Namespace) -> SimulationReport:
    """Bot games of Crack List."""
    from host.games.crack_list.bots import BotSkills
    from host.games.crack_list.checks import simulate_crack_list
    from host.games.crack_list.setup import category_cards
    from host.judge import Judge

    def option(name: str) -> Any:
        return _option(args, name, CRACK_LIST_ONLY)

    cards = category_cards(args.lang, [], adults=False)
    skills = BotSkills(know=option("know"), challenge=option("challenge"),
                       countdown=option("countdown"), mistake=option("mistake"))
    return simulate_crack_list(cards, Judge(lang=args.lang), games=args.games, seed=args.seed,
                               players=args.players, skills=skills, cards=option("cards"))


def _short_list(args: argparse.Namespace) -> SimulationReport:
    """Bot games of Short List."""
    from host.games.short_list.cards import question_cards
    from host.games.short_list.checks import simulate_short_list
    from host.judge import Judge

    questions = question_cards(args.lang)
    return simulate_short_list(
        questions, Judge(lang=args.lang), games=args.games, seed=args.seed,
        players=args.players, host_quizmaster=_option(args, "host_quizmaster", SHORT_LIST_ONLY),
    )


def _scattergories(args: argparse.Namespace) -> SimulationReport:
    """Bot games of Scattergories."""
    from host.games.scattergories.checks import simulate_scattergories
    from host.games.scattergories.lists import category_lists
    from host.judge import Judge

    def option(name: str) -> Any:
        return _option(args, name, SCATTERGORIES_ONLY)

    return simulate_scattergories(
        category_lists(args.lang), Judge(lang=args.lang), games=args.games, seed=args.seed,
        players=args.players, categories=option("categories"),
        spoken_answers=option("spoken_answers"),
    )


def _crack_word(args: argparse.Namespace) -> SimulationReport:
    """Bot games of Crack Word, on the language's real dictionary."""
    from host.core.protocols import SetupError
    from host.games.crack_word.checks import simulate_crack_word
    from host.games.crack_word.dictionary import MissingWordList, load_dictionary

    try:
        dictionary = load_dictionary(args.lang)
    except MissingWordList as err:
        raise SetupError(str(err)) from err
    return simulate_crack_word(dictionary, games=args.games, seed=args.seed,
                               players=args.players, lang=args.lang,
                               expert=_option(args, "expert", CRACK_WORD_ONLY),
                               cards=_option(args, "cards", CRACK_WORD_ONLY))
