"""DeckCheck: its card-by-card check always agrees with counting the cards afresh."""

from __future__ import annotations

import random
from collections import Counter

from host.games.crack_list.cards import BlueDeckMix, DeckCheck


def _mutate(rng: random.Random, piles: list[list[str]], deck: list[str]) -> None:
    """One random move, lawful (cards change piles) or not (lost, doubled, changed, foreign)."""
    source, target = rng.choice(piles), rng.choice(piles)
    roll = rng.random()
    if roll < 0.6 and source:
        target.append(source.pop(rng.randrange(len(source))))
    elif roll < 0.7 and source:
        source.pop()
    elif roll < 0.8 and source:
        target.append(rng.choice(source))
    elif roll < 0.9 and source:
        source[rng.randrange(len(source))] = rng.choice(deck)
    elif roll < 0.95:
        rng.shuffle(source)
    else:
        target.append("NOT A CARD")


def test_deck_check_agrees_with_a_fresh_count_through_random_moves() -> None:
    deck = BlueDeckMix().cards()
    outcomes: Counter[bool] = Counter()
    for seed in range(20):
        rng = random.Random(seed)
        cards = deck.copy()
        rng.shuffle(cards)
        piles = [cards[:30], cards[30:40], *(cards[40 + 8 * i : 48 + 8 * i] for i in range(4)),
                 cards[72:]]
        check = DeckCheck(deck)
        for _ in range(200):
            truth = Counter(c for pile in piles for c in pile) == Counter(deck)
            assert check.same_cards(piles) == truth
            outcomes[truth] += 1
            if not truth and rng.random() < 0.5:  # deal the whole deck again, in place
                for pile in piles:
                    pile.clear()
                for card in rng.sample(deck, len(deck)):
                    rng.choice(piles).append(card)
            _mutate(rng, piles, deck)
    assert outcomes[True] > 500 and outcomes[False] > 500
