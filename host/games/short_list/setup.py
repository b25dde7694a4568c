"""Set up a Short List table from options: the question decks, the seats, the game, the session."""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from host.clock import Clock
from host.core.autosave import saving
from host.core.phrasebook import Phrasebook
from host.core.protocols import SetupError
from host.core.session import Session
from host.core.table import TableBasics, basics_from_args, given
from host.games.short_list.announce import VOICE
from host.games.short_list.cards import question_cards
from host.games.short_list.config import ShortListConfig
from host.games.short_list.questions import ShortListQuestions
from host.games.short_list.rules import ShortListGame
from host.games.short_list.talk import ShortListTalk
from host.judge import Judge

PLAY_OPTIONS = frozenset({"players", "teams", "first", "seed", "lang", "deck", "only_my_decks",
                          "guess_seconds", "host_quizmaster", "rounds"})
"""The `partyhost play` options a Short List table is set up with (others are refused)."""


@dataclass(frozen=True)
class ShortListOptions(TableBasics):
    """Everything needed to rebuild the same game (this is what the autosave stores); `first`
    is the first quizmaster, or with the host as quizmaster the first guesser."""

    guess_seconds: float = ShortListConfig.guess_seconds
    host_quizmaster: bool = False
    rounds: int | None = None
    """With the host as quizmaster, how many question rounds (None: the rulebook's count)."""


def options_from_args(args: argparse.Namespace) -> ShortListOptions:
    """Table options from `partyhost play short-list`'s command line."""
    if args.rounds is not None and not args.host_quizmaster:
        raise SetupError(
            "--rounds: in Short List every player is the quizmaster as often as the rulebook "
            "says for the table (thrice with 3 to 4 players, twice with 5 to 6, once with 7 "
            "to 8); choose the number of rounds with --host-quizmaster"
        )
    return ShortListOptions(
        **basics_from_args(args),
        guess_seconds=given(args.guess_seconds, ShortListConfig.guess_seconds),
        host_quizmaster=args.host_quizmaster,
        rounds=args.rounds,
    )


def demo_options(players: Sequence[str], args: argparse.Namespace) -> ShortListOptions:
    """The options of a spoken demo game (`partyhost demo short-list`)."""
    return ShortListOptions(players=list(players), seed=args.seed,
                            host_quizmaster=args.host_quizmaster,
                            rounds=args.rounds if args.host_quizmaster else None)


def build_game(options: ShortListOptions) -> ShortListGame:
    """A new game from the options (not started); SetupError saying what to change."""
    seats, first = options.seating()
    config = ShortListConfig(
        seats,
        first=first,
        guess_seconds=options.guess_seconds,
        host_quizmaster=options.host_quizmaster,
        host_rounds=options.rounds,
    )
    cards = question_cards(options.lang, options.decks, shipped=options.shipped_decks)
    try:
        judge = Judge(lang=options.lang).prepare()
        return ShortListGame(config, cards, judge, random.Random(options.seed))
    except ValueError as err:
        raise SetupError(str(err)) from err


def build_session(options: ShortListOptions, clock: Clock, save: Path | None,
                  events: Sequence[Any] = ()) -> Session:
    """A session for a new game, or for a saved one when `events` are given (replayed)."""
    game = build_game(options)
    autosave = saving(game, options, save, events)
    return Session(game, ShortListTalk(game), ShortListQuestions(game),
                   Phrasebook(options.lang, game=VOICE), clock, autosave=autosave)
