"""Crack Word as the registry knows it: its name, lines, events and table set-up."""

from __future__ import annotations

import argparse

from host.core.protocols import GameKind, Option, Seating, SetupError, Simulation
from host.core.simulate import SimulationReport
from host.games.crack_word.announce import VOICE
from host.games.crack_word.bots import voice_bots
from host.games.crack_word.checks import simulate_crack_word
from host.games.crack_word.config import DEFAULT_LANG, MAX_SEATS, MIN_SEATS, PLAYERS_HELP
from host.games.crack_word.dictionary import MissingWordList, load_dictionary
from host.games.crack_word.events import CrackWordEvent
from host.games.crack_word.setup import (
    PLAY_OPTIONS,
    CrackWordOptions,
    build_session,
    demo_options,
    options_from_args,
)
from host.games.crack_word.talk import same_move

CARDS = {"choices": ("virtual", "physical")}


def simulate(args: argparse.Namespace) -> SimulationReport:
    """Bot games of Crack Word, on the language's real dictionary."""
    try:
        dictionary = load_dictionary(args.lang)
    except MissingWordList as err:
        raise SetupError(str(err)) from err
    return simulate_crack_word(dictionary, games=args.games, seed=args.seed,
                               players=args.players, lang=args.lang, expert=args.expert,
                               cards=args.cards)

CRACK_WORD = GameKind(
    name="crack-word",
    title="Crack Word",
    voice=VOICE,
    events=CrackWordEvent.__args__,
    options_from_args=options_from_args,
    options_from_json=CrackWordOptions.from_json,
    new_session=build_session,
    voice_bots=voice_bots,
    same_move=same_move,
    play_options=PLAY_OPTIONS,
    demo_options=demo_options,
    seating=Seating(MIN_SEATS, MAX_SEATS, PLAYERS_HELP, "the first to play"),
    table_options=(
        Option("--cards", "virtual: the host deals and knows the hands; physical: you hold the "
               "real cards and the host tracks how many each player has", "virtual", CARDS),
        Option("--turn-seconds", "time for each turn (default 90)", kwargs={"type": float}),
        Option("--expert", "expert mode, every card of each colour's deck in play", False,
               {"action": "store_true"}),
    ),
    simulation=Simulation(simulate, "every card in one place, every row inside a word", (
        Option("--cards", "physical: the bots hold real cards and the host counts them "
               "(default: virtual)", "virtual", CARDS),
        Option("--expert", "expert mode: every card of each colour's deck in play", False,
               {"action": "store_true"}),
    )),
    lobby_questions=("language", "cards"),
    default_lang=DEFAULT_LANG,
)
