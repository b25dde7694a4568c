"""Short List as the registry knows it: its name, lines, events and table set-up."""

from __future__ import annotations

import argparse

from host.core.protocols import GameKind, Option, Seating, Simulation
from host.core.simulate import SimulationReport
from host.games.short_list.announce import VOICE
from host.games.short_list.bots import voice_bots
from host.games.short_list.cards import question_cards
from host.games.short_list.checks import simulate_short_list
from host.games.short_list.config import MAX_SEATS, MIN_SEATS, PLAYERS_HELP
from host.games.short_list.events import Answer, Jump, ShortListEvent
from host.games.short_list.notes import NoteKind
from host.games.short_list.rules import ShortListGame
from host.games.short_list.setup import (
    PLAY_OPTIONS,
    ShortListOptions,
    build_session,
    demo_options,
    options_from_args,
)
from host.games.short_list.talk import same_move


def answer_is_right(move: object, game: ShortListGame) -> bool:
    """The move is a guess the rules would take as right now (on the card, not found yet)."""
    return isinstance(move, Answer | Jump) and game.answer_is_right(move)


def simulate(args: argparse.Namespace) -> SimulationReport:
    """Bot games of Short List."""
    from host.judge import Judge

    return simulate_short_list(question_cards(args.lang), Judge(lang=args.lang),
                               games=args.games, seed=args.seed, players=args.players,
                               host_quizmaster=args.host_quizmaster)


SHORT_LIST = GameKind(
    name="short-list",
    title="Short List",
    voice=VOICE,
    events=ShortListEvent.__args__,
    options_from_args=options_from_args,
    options_from_json=ShortListOptions.from_json,
    new_session=build_session,
    voice_bots=voice_bots,
    same_move=same_move,
    play_options=PLAY_OPTIONS,
    demo_options=demo_options,
    seating=Seating(MIN_SEATS, MAX_SEATS, PLAYERS_HELP, "the first quizmaster"),
    table_options=(
        Option("--rounds", "rounds in a game, only with --host-quizmaster (default as many as "
               "the rulebook's game)", kwargs={"type": int}),
        Option("--guess-seconds", "time for each guess (default 30; time up is a pass)",
               kwargs={"type": float}),
        Option("--host-quizmaster", "the host is the quizmaster of every round and every "
               "player guesses", False, {"action": "store_true"}),
    ),
    simulation=Simulation(
        simulate, "the 50 blue and 15 orange crystals and the 8 It's my turn cards",
        (Option("--host-quizmaster", "the host is the quizmaster of every round; every bot "
                "guesses", False, {"action": "store_true"}),)),
    lobby_questions=("quizmaster",),
    deck_entries="questions",
    answer_is_right=answer_is_right,
    costly=frozenset({NoteKind.ANSWER_WRONG, NoteKind.ANSWER_REPEAT, NoteKind.PASS}),
    rewarding=frozenset({NoteKind.ANSWER_RIGHT}),
)
