"""The players' hands and draw piles as the host knows them: every card with virtual cards
(the host deals them), only how many with physical cards (the players hold real ones).

The rules ask a Hands for the card a player places, move cards between piles, hands and the
table through it, and never ask which kind of cards the table plays.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable

from host.games.crack_word.cards import LETTERS, SPECIALS, Card, colour_deck

HIDDEN = "?"
"""The face of a card the host cannot see (a physical card in a player's hand or pile)."""


def deck_count(face: str, lang: str) -> int:
    """How many cards of this face one colour's deck holds (0: none, as K in French)."""
    return SPECIALS.get(face) or LETTERS[lang].get(face, 0)


class Hands(ABC):
    """Each seat's hand and draw pile (seat i plays colour i)."""

    def __init__(self, colours: tuple[str, ...], lang: str) -> None:
        self.colours = colours
        self.lang = lang
        self._decks = [colour_deck(colour, lang) for colour in colours]

    @property
    @abstractmethod
    def hands(self) -> list[list[Card]]:
        """Each seat's hand as the host sees it (physical cards: one HIDDEN card each held)."""

    @property
    @abstractmethod
    def piles(self) -> list[list[Card]]:
        """Each seat's draw pile as the host sees it, the top card first."""

    @abstractmethod
    def in_hand(self, seat: int) -> int:
        """How many cards the seat holds in hand."""

    @abstractmethod
    def in_pile(self, seat: int) -> int:
        """How many cards are left in the seat's pile."""

    @abstractmethod
    def card(self, seat: int, face: str, shown: Iterable[Card]) -> Card | None:
        """The card of this face the seat places from their hand, or None when they cannot
        hold one (`shown`: every card on the table and in the score piles)."""

    @abstractmethod
    def faces(self, seat: int, shown: Iterable[Card]) -> set[str]:
        """The faces the seat may place from their hand (`shown` as for `card`)."""

    @abstractmethod
    def play(self, seat: int, card: Card) -> None:
        """The card leaves the seat's hand for the table."""

    @abstractmethod
    def take_back(self, seat: int, cards: list[Card]) -> None:
        """Cards of the seat's colour come back into their hand (a Pétard)."""

    @abstractmethod
    def draw(self, seat: int, count: int) -> int:
        """Up to `count` cards from the top of the seat's pile into their hand; how many."""

    @abstractmethod
    def turn_up(self, seat: int, said: Card | None = None) -> Card:
        """The card the seat turns from their pile for a starting letter: the one the player
        says (`said`, physical cards), else the pile's top letter card."""

    @abstractmethod
    def known(self) -> list[Card]:
        """The cards in hands and piles the host knows one by one."""

    @abstractmethod
    def untracked(self, seat: int) -> int:
        """How many of the seat's cards the host only counts (in their hand and pile)."""

    def left_in_deck(self, seat: int, face: str, shown: Iterable[Card]) -> int:
        """How many cards of this face the seat's colour holds beyond those shown."""
        colour = self.colours[seat]
        seen = sum(1 for card in shown if card.colour == colour and card.face == face)
        return deck_count(face, self.lang) - seen

    def unshown(self, seat: int, face: str, shown: Iterable[Card]) -> Card | None:
        """A card of this face of the seat's colour that is neither on the table nor in a
        score pile (the first in the deck's order), or None."""
        taken = set(shown)
        return next((card for card in self._decks[seat]
                     if card.face == face and card not in taken), None)


class DealtHands(Hands):
    """Virtual cards: the host deals each pile and knows every card of every hand."""

    def __init__(self, colours: tuple[str, ...], lang: str, piles: list[list[Card]]) -> None:
        super().__init__(colours, lang)
        self._piles = piles
        self._hands: list[list[Card]] = [[] for _ in colours]

    @property
    def hands(self) -> list[list[Card]]:
        """Each seat's hand (the lists themselves: a test may deal a hand of its own)."""
        return self._hands

    @property
    def piles(self) -> list[list[Card]]:
        """Each seat's draw pile, the top card first."""
        return self._piles

    def in_hand(self, seat: int) -> int:
        """How many cards the seat holds."""
        return len(self._hands[seat])

    def in_pile(self, seat: int) -> int:
        """How many cards are left in the seat's pile."""
        return len(self._piles[seat])

    def card(self, seat: int, face: str, shown: Iterable[Card]) -> Card | None:
        """A card of this face in the seat's hand."""
        return next((card for card in self._hands[seat] if card.face == face), None)

    def faces(self, seat: int, shown: Iterable[Card]) -> set[str]:
        """The faces in the seat's hand."""
        return {card.face for card in self._hands[seat]}

    def play(self, seat: int, card: Card) -> None:
        """The card leaves the hand."""
        self._hands[seat].remove(card)

    def take_back(self, seat: int, cards: list[Card]) -> None:
        """The cards join the hand."""
        self._hands[seat] += cards

    def draw(self, seat: int, count: int) -> int:
        """The top cards of the pile join the hand."""
        drawn, self._piles[seat] = self._piles[seat][:count], self._piles[seat][count:]
        self._hands[seat] += drawn
        return len(drawn)

    def turn_up(self, seat: int, said: Card | None = None) -> Card:
        """The pile's top letter card, turned for a starting letter (a special card on top
        goes under the pile first)."""
        pile = self._piles[seat]
        for _ in range(len(pile)):
            if not pile[0].special:
                break
            pile.append(pile.pop(0))
        return pile.pop(0)

    def known(self) -> list[Card]:
        """Every card of every hand and pile."""
        return [card for cards in (*self._piles, *self._hands) for card in cards]

    def untracked(self, seat: int) -> int:
        """None: the host sees every card."""
        return 0


class CountedHands(Hands):
    """Physical cards: the players hold the real ones; the host counts each hand and pile,
    and trusts the face a player says they place while their colour may still hold one."""

    def __init__(self, colours: tuple[str, ...], lang: str, pile_size: int) -> None:
        super().__init__(colours, lang)
        self.held = [0 for _ in colours]
        self.left = [pile_size for _ in colours]

    @property
    def hands(self) -> list[list[Card]]:
        """One HIDDEN card for each card held."""
        return [self._hidden(seat, count) for seat, count in enumerate(self.held)]

    @property
    def piles(self) -> list[list[Card]]:
        """One HIDDEN card for each card left in the pile."""
        return [self._hidden(seat, count) for seat, count in enumerate(self.left)]

    def _hidden(self, seat: int, count: int) -> list[Card]:
        return [Card(HIDDEN, self.colours[seat], -1 - i) for i in range(count)]

    def in_hand(self, seat: int) -> int:
        """The count of the seat's hand."""
        return self.held[seat]

    def in_pile(self, seat: int) -> int:
        """The count of the seat's pile."""
        return self.left[seat]

    def card(self, seat: int, face: str, shown: Iterable[Card]) -> Card | None:
        """A card of the colour's deck with this face that is not on the table nor in a
        score pile; None when the hand is empty or every such card is shown."""
        return self.unshown(seat, face, shown) if self.held[seat] else None

    def faces(self, seat: int, shown: Iterable[Card]) -> set[str]:
        """Every face the seat's colour holds beyond those shown (none with an empty hand)."""
        if not self.held[seat]:
            return set()
        left = Counter(card.face for card in self._decks[seat])
        left.subtract(card.face for card in shown if card.colour == self.colours[seat])
        return {face for face, count in left.items() if count > 0}

    def play(self, seat: int, card: Card) -> None:
        """One card fewer in hand."""
        self.held[seat] -= 1

    def take_back(self, seat: int, cards: list[Card]) -> None:
        """More cards in hand."""
        self.held[seat] += len(cards)

    def draw(self, seat: int, count: int) -> int:
        """Cards counted from the pile into the hand."""
        drawn = min(count, self.left[seat])
        self.left[seat] -= drawn
        self.held[seat] += drawn
        return drawn

    def turn_up(self, seat: int, said: Card | None = None) -> Card:
        """The card the player says they turned: one card fewer in the pile."""
        if said is None:
            raise ValueError("with physical cards, the player says the card they turn")
        self.left[seat] -= 1
        return said

    def known(self) -> list[Card]:
        """None: the host only counts."""
        return []

    def untracked(self, seat: int) -> int:
        """Every card the seat holds or has left to draw."""
        return self.held[seat] + self.left[seat]

