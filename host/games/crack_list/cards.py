"""The Crack List blue deck: letter and action cards, penalty values and the default mix."""

from __future__ import annotations

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


class BlueDeckError(ValueError):
    """A blue deck mix the game cannot be dealt from; the message names the cards."""


@dataclass(frozen=True)
class BlueDeckMix:
    """How many of each card the blue deck holds; the default sums to 78."""

    counts: Mapping[str, int] = field(default_factory=_default_counts)

    def cards(self) -> list[str]:
        """Every card of the deck, in a fixed order (shuffle it with the game's Random)."""
        return [card for card, count in sorted(self.counts.items()) for _ in range(count)]

    def problems(self) -> list[str]:
        """What is wrong with the mix, each naming the cards and what to write instead."""
        found = []
        unknown = sorted(set(self.counts) - set(LETTERS) - set(ACTIONS))
        if unknown:
            found.append(
                f"unknown blue cards: {', '.join(unknown)} (the blue cards are the letters "
                f"A to Z and {', '.join(ACTIONS)})"
            )
        negative = [f"{card} = {n}" for card, n in sorted(self.counts.items()) if n < 0]
        if negative:
            found.append(f"negative counts: {', '.join(negative)} (write 0 or more)")
        if not any(self.counts.get(letter, 0) > 0 for letter in LETTERS):
            found.append("no letter cards (give some letters a count, e.g. A = 3)")
        return found

    def validate(self) -> None:
        """Raise BlueDeckError when the mix names an unknown card or has no letters."""
        found = self.problems()
        if found:
            raise BlueDeckError("; ".join(found))

    @property
    def size(self) -> int:
        """How many cards the deck holds."""
        return sum(self.counts.values())


class DeckCheck:
    """Checks, card by card, that a deal's piles still hold exactly the deck's cards."""

    def __init__(self, deck: Iterable[str]) -> None:
        self.sorted = sorted(deck)
        self.size = len(self.sorted)

    def same_cards(self, piles: Sequence[list[str]]) -> bool:
        """True when the piles together hold the deck's cards, none lost, added or changed."""
        return sorted(chain.from_iterable(piles)) == self.sorted
