"""Set up a Scattergories table from options: the lists, the seats, the game, the session."""

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
from host.games.scattergories.announce import VOICE
from host.games.scattergories.config import ScattergoriesConfig
from host.games.scattergories.lists import category_lists
from host.games.scattergories.questions import ScattergoriesQuestions
from host.games.scattergories.rules import ScattergoriesGame
from host.games.scattergories.talk import ScattergoriesTalk
from host.judge import Judge

PLAY_OPTIONS = frozenset({"players", "teams", "first", "seed", "lang", "deck", "only_my_decks",
                          "list_number", "categories", "writing_seconds", "spoken_answers"})
"""The `partyhost play` options a Scattergories table is set up with (others are refused)."""


@dataclass(frozen=True)
class ScattergoriesOptions(TableBasics):
    """Everything needed to rebuild the same game (this is what the autosave stores); `first`
    is the first to roll the die."""

    list_number: int | None = None
    """The list played (1 to 12); None: chosen by the seed."""
    categories: int = ScattergoriesConfig.categories
    writing_seconds: float = ScattergoriesConfig.writing_seconds
    spoken_answers: bool = False


def options_from_args(args: argparse.Namespace) -> ScattergoriesOptions:
    """Table options from `partyhost play scattergories`'s command line."""
    return ScattergoriesOptions(
        **basics_from_args(args),
        list_number=args.list_number,
        categories=given(args.categories, ScattergoriesConfig.categories),
        writing_seconds=given(args.writing_seconds, ScattergoriesConfig.writing_seconds),
        spoken_answers=args.spoken_answers,
    )


def demo_options(players: Sequence[str], args: argparse.Namespace) -> ScattergoriesOptions:
    """The options of a spoken demo game (`partyhost demo scattergories`): spoken answers,
    since bots write nothing."""
    return ScattergoriesOptions(players=list(players), seed=args.seed, spoken_answers=True)


def build_game(options: ScattergoriesOptions) -> ScattergoriesGame:
    """A new game from the options (not started); SetupError saying what to change."""
    seats, first = options.seating()
    config = ScattergoriesConfig(
        seats,
        first=first,
        list_number=options.list_number,
        categories=options.categories,
        writing_seconds=options.writing_seconds,
        spoken_answers=options.spoken_answers,
        lang=options.lang,
    )
    lists = category_lists(options.lang, options.decks, shipped=options.shipped_decks)
    try:
        return ScattergoriesGame(config, lists, Judge(lang=options.lang).prepare(),
                                 random.Random(options.seed))
    except ValueError as err:
        raise SetupError(str(err)) from err


def build_session(options: ScattergoriesOptions, clock: Clock, save: Path | None,
                  events: Sequence[Any] = ()) -> Session:
    """A session for a new game, or for a saved one when `events` are given (replayed)."""
    game = build_game(options)
    autosave = saving(game, options, save, events)
    return Session(game, ScattergoriesTalk(game), ScattergoriesQuestions(game),
                   Phrasebook(options.lang, game=VOICE), clock, autosave=autosave)
