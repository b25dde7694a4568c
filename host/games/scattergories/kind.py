"""Scattergories as the registry knows it: its name, lines, events and table set-up."""

from __future__ import annotations

import argparse

from host.core.protocols import GameKind, Option, Seating, Simulation
from host.core.simulate import SimulationReport
from host.games.scattergories.announce import VOICE
from host.games.scattergories.bots import voice_bots
from host.games.scattergories.checks import simulate_scattergories
from host.games.scattergories.config import MAX_SEATS, MIN_SEATS, PLAYERS_HELP
from host.games.scattergories.events import ScattergoriesEvent
from host.games.scattergories.lists import category_lists
from host.games.scattergories.setup import (
    PLAY_OPTIONS,
    ScattergoriesOptions,
    build_session,
    demo_options,
    options_from_args,
)
from host.games.scattergories.talk import same_move

CATEGORIES = {"type": int, "choices": (6, 12)}


def simulate(args: argparse.Namespace) -> SimulationReport:
    """Bot games of Scattergories."""
    from host.judge import Judge

    return simulate_scattergories(
        category_lists(args.lang), Judge(lang=args.lang), games=args.games, seed=args.seed,
        players=args.players, categories=args.categories, spoken_answers=args.spoken_answers,
    )

SCATTERGORIES = GameKind(
    name="scattergories",
    title="Scattergories",
    voice=VOICE,
    events=ScattergoriesEvent.__args__,
    options_from_args=options_from_args,
    options_from_json=ScattergoriesOptions.from_json,
    new_session=build_session,
    voice_bots=voice_bots,
    same_move=same_move,
    play_options=PLAY_OPTIONS,
    demo_options=demo_options,
    seating=Seating(MIN_SEATS, MAX_SEATS, PLAYERS_HELP, "the first to roll the die"),
    table_options=(
        Option("--list", "the category list played, 1 to 12 (default: chosen by the seed)",
               kwargs={"dest": "list_number", "type": int, "metavar": "N"}),
        Option("--categories", "categories answered a round (default 6, the list's first six, "
               "as in the junior rulebook)", kwargs=CATEGORIES),
        Option("--writing-seconds", "the writing time (default 150, the sand timer)",
               kwargs={"type": float}),
        Option("--spoken-answers", "no paper; each player says their answers to the host after "
               "the time is up", False, {"action": "store_true"}),
    ),
    simulation=Simulation(
        simulate, "every answer scored once, the totals, no letter twice", (
            Option("--categories", "categories answered a round (default: 6, the list's first "
                   "six)", 6, CATEGORIES),
            Option("--spoken-answers", "the paper-free variant: answers said, not written",
                   False, {"action": "store_true"}),
        )),
    lobby_questions=("answers",),
    deck_entries="lists",
    categories_repeat=True,
)
