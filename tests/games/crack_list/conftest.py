"""A Crack List table for rule tests: a real TOML deck, the real judge, rigged hands."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from host.core.events import Note, make_seats
from host.decks import CategoryCard, load_deck
from host.games.crack_list.rules import CrackListConfig, CrackListGame
from host.judge import Judge

DECK = Path(__file__).parents[2] / "data" / "decks" / "crack-list-rules.toml"
FILMS, PLANETS, OPEN = 1, 2, 3


@pytest.fixture(scope="session")
def red_cards() -> list[CategoryCard]:
    """Five red cards, each offering Films, Planets and an open category in that order."""
    card = load_deck(DECK).cards[0]
    return [CategoryCard(f"rules-{i}", card.categories) for i in range(5)]


@pytest.fixture(scope="session")
def judge() -> Judge:
    """The real judge."""
    return Judge()


class Table:
    """A started game plus helpers to rig hands and read notes."""

    def __init__(self, game: CrackListGame) -> None:
        self.game = game
        self.notes: list[Note] = game.start()

    def __call__(self, event: Any) -> list[Note]:
        """Handle an event, remembering its notes."""
        self.notes = self.game.handle(event)
        return self.notes

    def kinds(self) -> list[str]:
        """Kinds of the last notes."""
        return [note.kind for note in self.notes]

    def note(self, kind: str) -> Any:
        """The last notes' first note (or timer) of this kind."""
        return next(note for note in self.notes if note.kind == kind)

    def rig(self, seat: int, cards: Sequence[str]) -> None:
        """Give a seat exactly these cards, swapping with the draw pile so cards are conserved."""
        rig(self.game, seat, cards)

    def hand(self, seat: int) -> list[str]:
        """A seat's cards."""
        return self.game.hands[seat]


def rig(game: CrackListGame, seat: int, cards: Sequence[str]) -> None:
    """Give a seat exactly these cards, swapping with the draw pile so cards are conserved."""
    pool = game.draw_pile + [c for i, h in enumerate(game.hands) if i != seat for c in h]
    hand = game.hands[seat]
    game.draw_pile.extend(hand)
    hand.clear()
    for card in cards:
        source = (
            game.draw_pile
            if card in game.draw_pile
            else next(h for h in game.hands if card in h)
        )
        source.remove(card)
        if source is not game.draw_pile:
            source.append(game.draw_pile.pop(0))
        hand.append(card)
    assert card in pool or not cards
    assert not game.check_invariants(), game.check_invariants()


TableFactory = Callable[..., Table]


@pytest.fixture
def table(red_cards: list[CategoryCard], judge: Judge) -> TableFactory:
    """Factory: table(players=..., **config) -> a started Table with Ann choosing."""

    def make(
        players: Sequence[str] = ("Ann", "Bob", "Cat"),
        seed: int = 7,
        teams: list[list[str]] | None = None,
        **config: Any,
    ) -> Table:
        seats = make_seats(list(players), teams)
        game = CrackListGame(
            CrackListConfig(seats, **config), red_cards, judge, random.Random(seed)
        )
        return Table(game)

    return make
