"""The Crack List blue deck: letter and action cards, penalty values and the default mix."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain

CRACK_LIST = "CRACK_LIST"
JOKER = "JOKER"
STOP = "STOP"
REVERSE = "REVERSE"
SWAP = "SWAP"
HIDDEN = "?"
"""A card the host cannot see (physical cards: the players hold the real deck)."""

ACTIONS = (CRACK_LIST, JOKER, STOP, REVERSE, SWAP)
LETTERS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
BLUE_DECK_SIZE = 78

PENALTY: Mapping[str, int] = {
    **dict.fromkeys("FGLN", 1),
    **dict.fromkeys("JKVW", 2),
    **dict.fromkeys("QXYZ", 3),
}
"""Letters marked +1, +2, +3: the player hands out that many cards from the draw pile."""


def penalty_of(letter: str) -> int:
    """How many penalty cards a letter hands out (0 for an ordinary letter)."""
    return PENALTY.get(letter.upper(), 0)


def _default_counts() -> dict[str, int]:
    counts = dict.fromkeys("ADEHIORTU", 3)  # ordinary letters
    counts.update(dict.fromkeys("BCMPS", 4))  # the letters most answers start with
    counts.update(dict.fromkeys("FGLN", 2))  # +1
    counts.update(dict.fromkeys("JKVWQXYZ", 1))  # +2 and +3
    counts.update({CRACK_LIST: 4, JOKER: 3, STOP: 3, REVERSE: 3, SWAP: 2})
    return counts


@dataclass(frozen=True)
class BlueDeckMix:
    """How many of each card the blue deck holds; the default sums to 78."""

    counts: Mapping[str, int] = field(default_factory=_default_counts)

    def cards(self) -> list[str]:
        """Every card of the deck, in a fixed order (shuffle it with the game's Random)."""
        return [card for card, count in sorted(self.counts.items()) for _ in range(count)]

    def validate(self) -> None:
        """Raise ValueError when the mix names an unknown card or has no letters."""
        unknown = set(self.counts) - set(LETTERS) - set(ACTIONS)
        if unknown:
            raise ValueError(f"unknown blue cards: {', '.join(sorted(unknown))}")
        if any(n < 0 for n in self.counts.values()):
            raise ValueError("a blue card count is negative")
        if not any(self.counts.get(letter, 0) for letter in LETTERS):
            raise ValueError("the blue deck has no letter cards")

    @property
    def size(self) -> int:
        """How many cards the deck holds."""
        return sum(self.counts.values())


class DeckCheck:
    """Checks that a deal's piles still hold exactly the deck's cards, none lost, added or changed.

    The cheap check compares a multiset fingerprint: each kind of card has a fixed random 55-bit
    weight and the piles' weights are summed (below 2**62 for decks up to 128 cards, so sum()
    stays on machine integers); a change of cards goes unseen with odds of about 2**-55. Each
    pile's sum is reused while the pile still equals, card for card, a copy taken when it was
    summed (most events touch one or two piles), so the fingerprint is always that of the
    piles' actual cards. The exact check sorts every card.
    """

    def __init__(self, deck: Iterable[str]) -> None:
        self.sorted = sorted(deck)
        self.size = len(self.sorted)
        rng = random.Random("blue deck fingerprint")
        self._weights = {card: rng.getrandbits(55) for card in dict.fromkeys(self.sorted)}
        self._fingerprint = sum(map(self._weights.__getitem__, self.sorted))
        self._seen: list[tuple[list[str], int]] = []
        """Per pile position: a copy of the pile as last summed, and its sum."""

    def same_cards(self, piles: Sequence[list[str]], *, exact: bool = False) -> bool:
        """True when the piles together hold the deck's cards (card by card when `exact`)."""
        if exact:
            return sorted(chain.from_iterable(piles)) == self.sorted
        seen = self._seen
        if len(seen) != len(piles):
            seen[:] = [([], 0)] * len(piles)
        total = 0
        try:
            for i, pile in enumerate(piles):
                copy, weight = seen[i]
                if pile != copy:
                    weight = sum(map(self._weights.__getitem__, pile))
                    seen[i] = (pile.copy(), weight)
                total += weight
        except KeyError:  # a card that is not in this deck at all
            return False
        return total == self._fingerprint
