"""Set up a Crack List table from options: decks, blue-deck mix, seats, game and session."""

from __future__ import annotations

import argparse
import random
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from host.clock import Clock
from host.core.autosave import saving
from host.core.phrasebook import Phrasebook
from host.core.protocols import SetupError
from host.core.session import Session
from host.core.table import TableBasics, basics_from_args, given, table_decks
from host.decks import CategoryCard, no_decks_hint
from host.games.crack_list.announce import VOICE
from host.games.crack_list.cards import BlueDeckError, BlueDeckMix
from host.games.crack_list.played import RememberingAutosave, memory_path, read_played
from host.games.crack_list.questions import CrackListQuestions
from host.games.crack_list.rules import CrackListConfig, CrackListGame
from host.games.crack_list.talk import CrackListTalk
from host.judge import Judge


@dataclass(frozen=True)
class TableOptions(TableBasics):
    """Everything needed to rebuild the same game (this is what the autosave stores); `first`
    chooses the first category."""

    cards: str = "virtual"
    turn_seconds: float = CrackListConfig.turn_seconds
    rounds: int = CrackListConfig.rounds
    hand_size: int = CrackListConfig.hand_size
    adults: bool = False
    blue_deck: str | None = None
    played: list[str] | None = None
    """What the red cards the table was offered in earlier games are remembered by (their
    categories' ids), least recently first: read from the memory beside the save when a new
    game is set up (None until then), and saved so that a resumed game deals what it dealt."""


PLAY_OPTIONS = frozenset({"players", "teams", "first", "cards", "turn_seconds", "rounds",
                          "hand_size", "seed", "lang", "deck", "only_my_decks", "adults",
                          "blue_deck"})
"""The `partyhost play` options a Crack List table is set up with (others are refused)."""


def demo_options(players: Sequence[str], args: argparse.Namespace) -> TableOptions:
    """The options of a spoken demo game (`partyhost demo crack-list`)."""
    return TableOptions(players=list(players), seed=args.seed, lang=args.lang,
                        rounds=given(args.rounds, TableOptions.rounds),
                        hand_size=given(args.hand_size, TableOptions.hand_size))


def options_from_args(args: argparse.Namespace) -> TableOptions:
    """Table options from the command line."""
    return TableOptions(
        **basics_from_args(args),
        cards=args.cards,
        turn_seconds=given(args.turn_seconds, TableOptions.turn_seconds),
        rounds=given(args.rounds, TableOptions.rounds),
        hand_size=given(args.hand_size, TableOptions.hand_size),
        adults=args.adults,
        blue_deck=args.blue_deck,
    )


BLUE_FIX = "expected a [blue] table of card = count, e.g. A = 3, JOKER = 3"


def load_blue_mix(path: str | None) -> BlueDeckMix:
    """The blue deck mix from a TOML file ([blue] A = 3 ... JOKER = 3), or the default;
    SetupError naming the file, every wrong entry and what to write instead."""
    if path is None:
        return BlueDeckMix()
    try:
        data = tomllib.loads(Path(path).read_text("utf-8"))
    except FileNotFoundError:
        raise SetupError(f"{path}: no such file: check the path given with --blue-deck") from None
    except OSError as err:
        raise SetupError(f"{path}: cannot read it ({err.strerror}): check --blue-deck") from None
    except UnicodeDecodeError:
        raise SetupError(f"{path}: not UTF-8 text: save the blue deck as UTF-8") from None
    except tomllib.TOMLDecodeError as err:
        raise SetupError(f"{path}: not valid TOML ({err}): {BLUE_FIX}") from None
    table = data.get("blue")
    if not isinstance(table, dict) or not table:
        raise SetupError(f"{path}: no [blue] table: {BLUE_FIX}")
    problems: list[str] = []
    counts: dict[str, int] = {}
    for key, value in table.items():
        card = str(key).upper()
        if isinstance(value, bool) or not isinstance(value, int):
            problems.append(
                f"{key} = {value!r} is not a number of cards (write a whole number, "
                f"e.g. {key} = 3)"
            )
        elif card in counts:
            problems.append(f"{card} is given twice (give each card once)")
        else:
            counts[card] = value
    problems += BlueDeckMix(counts).problems() if counts else []
    if problems:
        raise SetupError(f"{path}: [blue] {'; '.join(problems)}")
    return BlueDeckMix(counts)


def category_cards(
    lang: str, extra: Sequence[str], *, adults: bool, shipped: bool = True
) -> list[CategoryCard]:
    """Every red card of the installed Crack List decks (or only of `extra` when not `shipped`),
    adults-only categories removed unless asked for; SetupError for a deck given in `extra`
    that is missing, broken or holds no Crack List deck in `lang`."""
    decks = table_decks("crack-list", "Crack List", lang, extra, shipped=shipped)
    result = []
    for deck in decks:
        for card in deck.cards:
            kept = tuple(c for c in card.categories if adults or not c.adult)
            if kept:
                result.append(replace(card, categories=kept))
    if not result:
        raise SetupError(
            f"no Crack List categories found for language '{lang}': {no_decks_hint()}"
        )
    return result


def build_game(options: TableOptions) -> CrackListGame:
    """A new game from the options (not started)."""
    seats, first = options.seating()
    try:
        config = CrackListConfig(
            seats,
            cards=options.cards,  # type: ignore[arg-type]
            turn_seconds=options.turn_seconds,
            rounds=options.rounds,
            hand_size=options.hand_size,
            first=first,
            blue=load_blue_mix(options.blue_deck),
        )
        cards = category_cards(
            options.lang, options.decks, adults=options.adults, shipped=options.shipped_decks
        )
        judge = Judge(lang=options.lang).prepare()
        return CrackListGame(config, cards, judge, random.Random(options.seed),
                             options.played or ())
    except BlueDeckError as err:
        where = f"{options.blue_deck}: " if options.blue_deck else ""
        raise SetupError(f"{where}{err}") from err
    except ValueError as err:
        raise SetupError(str(err)) from err


def build_session(
    options: TableOptions, clock: Clock, save: Path | None, events: Sequence[Any] = ()
) -> Session:
    """A session for a new game, or for a saved one when `events` are given (replayed); a saved
    game remembers beside its save the red cards it offers, and a new one deals the cards not
    offered in earlier games first."""
    if options.played is None:
        # A game saved before the table's memory was kept dealt as if it was empty.
        earlier = read_played(memory_path(save), options.lang) if save and not events else []
        options = replace(options, played=earlier)
    game = build_game(options)
    saved = saving(game, options, save, events)
    autosave = RememberingAutosave(saved, options.lang, lambda: game.offers) if saved else None
    phrases = Phrasebook(options.lang, game=VOICE)
    if options.cards == "physical":
        phrases.use("with_physical_cards")
    phrases.rule_figures.update(
        turn_seconds=f"{options.turn_seconds:g}", hand_size=options.hand_size,
        countdown_after=f"{game.config.timer_seconds('turn_grace'):g}")
    return Session(game, CrackListTalk(game, options.lang), CrackListQuestions(game), phrases,
                   clock, autosave=autosave)
