"""Set up a Crack Word table from options: the dictionary, the seats, the game, the session."""

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
from host.games.crack_word.announce import VOICE
from host.games.crack_word.config import DEFAULT_LANG, CrackWordConfig
from host.games.crack_word.dictionary import MissingWordList, load_dictionary
from host.games.crack_word.questions import CrackWordQuestions
from host.games.crack_word.rules import CrackWordGame
from host.games.crack_word.talk import CrackWordTalk

PLAY_OPTIONS = frozenset({"players", "teams", "first", "seed", "lang", "expert", "turn_seconds",
                          "cards"})
"""The `partyhost play` options a Crack Word table is set up with (others are refused)."""


@dataclass(frozen=True)
class CrackWordOptions(TableBasics):
    """Everything needed to rebuild the same game (this is what the autosave stores); `first`
    starts (by default the cut of the cards decides)."""

    expert: bool = False
    turn_seconds: float = CrackWordConfig.turn_seconds
    cards: str = "virtual"
    """virtual, or physical: the players hold the real cards (CrackWordConfig.cards)."""


def options_from_args(args: argparse.Namespace) -> CrackWordOptions:
    """Table options from `partyhost play crack-word`'s command line."""
    return CrackWordOptions(**basics_from_args(args, default_lang=DEFAULT_LANG),
                            expert=args.expert,
                            turn_seconds=given(args.turn_seconds, CrackWordConfig.turn_seconds),
                            cards=args.cards)


def demo_options(players: Sequence[str], args: argparse.Namespace) -> CrackWordOptions:
    """The options of a spoken demo game (`partyhost demo crack-word`)."""
    return CrackWordOptions(players=list(players), seed=args.seed,
                            lang=getattr(args, "lang", None) or DEFAULT_LANG)


def build_game(options: CrackWordOptions) -> CrackWordGame:
    """A new game from the options (not started); SetupError saying what to change."""
    seats, first = options.seating()
    config = CrackWordConfig(seats, lang=options.lang, expert=options.expert,
                             first=first if options.first else None,
                             turn_seconds=options.turn_seconds,
                             cards="physical" if options.cards == "physical" else "virtual")
    try:
        dictionary = load_dictionary(options.lang)
        return CrackWordGame(config, dictionary, random.Random(options.seed))
    except (MissingWordList, ValueError) as err:
        raise SetupError(str(err)) from err


def build_session(options: CrackWordOptions, clock: Clock, save: Path | None,
                  events: Sequence[Any] = ()) -> Session:
    """A session for a new game, or for a saved one when `events` are given (replayed)."""
    game = build_game(options)
    autosave = saving(game, options, save, events)
    return Session(game, CrackWordTalk(game, options.lang), CrackWordQuestions(game),
                   Phrasebook(options.lang, game=VOICE), clock, autosave=autosave)
