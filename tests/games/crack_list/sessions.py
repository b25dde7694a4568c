"""Crack List sessions on a fake clock for the tests that play it through the core: the
rule-test deck, Films chosen, a turn past its grace; or the shipped decks, a category chosen
and the hands rigged."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from host.clock import FakeClock
from host.core.phrasebook import Phrasebook
from host.core.session import Line, Session
from host.decks import CategoryCard
from host.games.crack_list.announce import VOICE
from host.games.crack_list.rules import CrackListGame
from host.games.crack_list.setup import TableOptions, build_session
from tests.games.crack_list.conftest import rig

RULES_DECK = str(Path(__file__).parents[2] / "data" / "decks" / "crack-list-rules.toml")


def options(**changes: object) -> TableOptions:
    """A three-player table playing only the rule-test deck."""
    base = TableOptions(
        players=["Ann", "Bob", "Cat"], seed=5, decks=[RULES_DECK], shipped_decks=False
    )
    return TableOptions(**{**base.as_json(), **changes})


def texts(lines: Sequence[Line]) -> str:
    """The host's lines as one string."""
    return " | ".join(line.text for line in lines)


def started(clock: FakeClock, tmp_path: Path | None = None) -> Session:
    """A started three-player session (saved in tmp_path when given)."""
    save = tmp_path / "save.json" if tmp_path else None
    session = build_session(options(), clock, save)
    session.phrases = Phrasebook(rng=random.Random(1), game=VOICE)
    session.start()
    return session


def past_grace(session: Session, clock: FakeClock) -> None:
    """Let the first half of the turn run: the countdown may be called after it."""
    clock.advance(10)
    session.tick()


def choose_films(session: Session) -> None:
    """The chooser picks Films (or the first category when Films is not offered)."""
    offered = session.game.offered
    assert offered is not None
    titles = [c.title for c in offered.categories]
    chooser = session.game.expected_player()
    number = titles.index("Films") + 1 if "Films" in titles else 1
    session.hear_words(f"{chooser}: {['one', 'two', 'three'][number - 1]}")


def other_than_turn(session: Session) -> str:
    """A player who is not on turn."""
    turn = session.game.expected_player()
    return next(s.name for s in session.game.seats if s.name != turn)


def calls_open(clock: FakeClock) -> tuple[Session, list[object]]:
    """A turn past its grace, not Ann's, so anyone may call the countdown; and the list of the
    moves the host makes from then on."""
    session = started(clock)
    choose_films(session)
    past_grace(session, clock)
    assert session.game.expected_player() != "Ann"
    moves: list[object] = []
    session.on_event = lambda event, notes: moves.append(event)
    return session, moves


def playing(category_id: str, hands: dict[int, Sequence[str]] | None = None, *,
            players: Sequence[str] = ("Ann", "Bob", "Cat"),
            physical: bool = False) -> tuple[Session, FakeClock]:
    """A session on the shipped decks where Ann has chosen `category_id` and Bob is on turn,
    the seats holding `hands` (with virtual cards)."""
    clock = FakeClock()
    options = TableOptions(players=list(players), seed=5,
                           cards="physical" if physical else "virtual")
    session = build_session(options, clock, None)
    session.phrases = Phrasebook(rng=random.Random(1), game=VOICE)
    session.start()
    game = session.game
    assert isinstance(game, CrackListGame)
    red = (*game.red_pile, *game.red_used)
    category = next(c for card in red for c in card.categories if c.id == category_id)
    game.offered = CategoryCard("the table's", (category,))
    session.hear_words("Ann: one")
    for seat, hand in (hands or {}).items():
        rig(game, seat, hand)
    return session, clock


def said(lines: list[Line]) -> str:
    """The host's lines as one string."""
    return " | ".join(line.text for line in lines)


def game_of(session: Session) -> CrackListGame:
    """The session's Crack List game."""
    game = session.game
    assert isinstance(game, CrackListGame)
    return game


def kinds(lines: list[Line]) -> list[str]:
    """The kinds of the host's lines."""
    return [line.kind for line in lines]
