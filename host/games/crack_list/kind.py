"""Crack List as the registry knows it: its name, lines, events and table set-up."""

from __future__ import annotations

import argparse

from host.core.protocols import GameKind, Option, Seating, Simulation
from host.core.simulate import SimulationReport
from host.games.crack_list.announce import VOICE
from host.games.crack_list.bots import BotSkills, voice_bots
from host.games.crack_list.checks import simulate_crack_list
from host.games.crack_list.config import MAX_SEATS, MIN_SEATS, PLAYERS_HELP
from host.games.crack_list.events import CrackListEvent
from host.games.crack_list.setup import (
    PLAY_OPTIONS,
    TableOptions,
    build_session,
    category_cards,
    demo_options,
    options_from_args,
)
from host.games.crack_list.talk import same_move

CARDS = {"choices": ("virtual", "physical")}


def simulate(args: argparse.Namespace) -> SimulationReport:
    """Bot games of Crack List."""
    from host.judge import Judge

    skills = BotSkills(know=args.know, challenge=args.challenge, countdown=args.countdown,
                       mistake=args.mistake)
    return simulate_crack_list(category_cards(args.lang, [], adults=False),
                               Judge(lang=args.lang), games=args.games, seed=args.seed,
                               players=args.players, skills=skills, cards=args.cards)


CRACK_LIST = GameKind(
    name="crack-list",
    title="Crack List",
    voice=VOICE,
    events=CrackListEvent.__args__,
    options_from_args=options_from_args,
    options_from_json=TableOptions.from_json,
    new_session=build_session,
    voice_bots=voice_bots,
    same_move=same_move,
    play_options=PLAY_OPTIONS,
    demo_options=demo_options,
    seating=Seating(MIN_SEATS, MAX_SEATS, PLAYERS_HELP, "who chooses the first category",
                    teams=True),
    table_options=(
        Option("--cards", "virtual: the host deals and knows the hands; physical: you hold the "
               "real cards and the host tracks how many each player has", "virtual", CARDS),
        Option("--turn-seconds", "time for each turn (default 20)", kwargs={"type": float}),
        Option("--rounds", "rounds in a game (default 3)", kwargs={"type": int}),
        Option("--hand-size", "cards dealt to each player (default 8, the rulebook's; fewer "
               "for a shorter game)", kwargs={"type": int}),
        Option("--adults", "include adults-only categories", False, {"action": "store_true"}),
        Option("--blue-deck", "a blue deck mix: a [blue] table of card = count",
               kwargs={"metavar": "TOML"}),
    ),
    simulation=Simulation(simulate, "the 78 blue cards", (
        Option("--cards", "the blue cards on screen or in hand (default: virtual)", "virtual",
               CARDS),
        Option("--know", "chance a bot knows an answer (default: 0.8)", 0.8, {"type": float}),
        Option("--challenge", "chance of a challenge (default: 0.15)", 0.15, {"type": float}),
        Option("--countdown", "chance of calling the countdown (default: 0.05)", 0.05,
               {"type": float}),
        Option("--mistake", "chance of a mistake (default: 0.1)", 0.1, {"type": float}),
    )),
    lobby_questions=("cards",),
    deck_entries="cards",
)
