"""Bot players for Crack Word: they build words with the dictionary, as people would, mistakes,
passes and silences included.

Every random choice draws from one Dice, one draw per choice in a fixed order, so a seed always
plays the same game. With physical cards the host cannot see the hands: the bots hold real
cards of their own (RealCards), and tell the host what they show and place.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace

from host.core.events import TimeUp
from host.core.simulate import Dice
from host.games.crack_word.board import letters_of
from host.games.crack_word.cards import ETOILE, PETARD, Card, colour_deck
from host.games.crack_word.events import CrackWordEvent, Pass, Petard, Place, Show, Side
from host.games.crack_word.flow import State
from host.games.crack_word.moves import LegalMoves, Placement, legal_moves
from host.games.crack_word.rules import CrackWordGame

STAR_LETTERS = "EASIRNTOLU"
"""The letters a bot tries to name an Étoile (the commonest first)."""
BLUFF_CANDIDATES = 20
"""How many of the commonest words holding the row as it was a bluffing bot looks through."""


@dataclass(frozen=True)
class BotSkills:
    """How the table of bots behaves: each a chance of its own, tried in this order."""

    time_out: float = 0.02
    """Nothing said until the time runs out."""
    petard: float = 0.15
    """Playing a Pétard held on a row with an opponent's cards."""
    bluff: float = 0.05
    """Naming no real word (while the pile still has cards to draw)."""
    crack: float = 0.9
    """Calling Crack Word when a move makes one."""
    give_up: float = 0.03
    """Passing though a move is there."""

    def __post_init__(self) -> None:
        chances = (self.time_out, self.petard, self.bluff, self.crack, self.give_up)
        if not all(0 <= chance <= 1 for chance in chances):
            raise ValueError("the bots' chances must be between 0 and 1")


class RealCards:
    """The real cards of bots that play with physical cards: each colour's deck shuffled, the
    pile as it lies, and the hand, which is what left the pile and is not on the table (the
    host's count of each pile says how much left it)."""

    def __init__(self, game: CrackWordGame, rng: random.Random) -> None:
        self.game = game
        self.decks = [colour_deck(colour, game.config.lang) for colour in game.colours]
        for deck in self.decks:
            rng.shuffle(deck)
        self.piles = [deck[:game.config.pile_size] for deck in self.decks]
        """Each pile as it was dealt, the top card first (a special card turned for a
        starting letter goes under it)."""

    def taken(self, seat: int) -> int:
        """How many cards have left the seat's pile."""
        return self.game.config.pile_size - self.game.held.in_pile(seat)

    def hand(self, seat: int) -> list[Card]:
        """The cards the seat holds: those taken from their pile, less those of their colour
        shown on the table or in a score pile (the same faces: the host names its own)."""
        colour = self.game.colours[seat]
        shown = Counter(card.face for card in self.game.shown_cards() if card.colour == colour)
        hand = []
        for card in self.piles[seat][:self.taken(seat)]:
            if shown[card.face] > 0:
                shown[card.face] -= 1
            else:
                hand.append(card)
        return hand

    def turn_up(self, seat: int) -> Card:
        """The letter the seat turns for a starting letter: special cards on top go under."""
        taken, pile = self.taken(seat), self.piles[seat]
        rest = pile[taken:]
        first = next((i for i, card in enumerate(rest) if not card.special), 0)
        self.piles[seat] = pile[:taken] + rest[first:] + rest[:first]
        return self.piles[seat][taken]


class BotTable:
    """Chooses the next event for whoever should act in a game, among their legal moves
    (host.games.crack_word.moves): the bot's own cards (with physical cards, the real ones the
    host cannot see) and the dictionary say which."""

    def __init__(self, game: CrackWordGame, skills: BotSkills, rng: random.Random) -> None:
        self.game = game
        self.skills = skills
        self.real = RealCards(game, random.Random(rng.random())) if game.config.physical \
            else None
        """With physical cards, the bots' own cards (the host sees only counts)."""
        self.dice = Dice(rng)

    def next_event(self) -> CrackWordEvent:
        """The next thing the player on turn (or awaited) does."""
        game = self.game
        player = game.expected_player()
        assert player is not None
        legal = legal_moves(game, game.seat_index(player))
        if game.state in (State.CUT, State.START):
            return self._show(legal)
        if self.dice.happens(self.skills.time_out):
            return TimeUp(game.timer_token)
        if game.state is State.REFILL:
            return self._refill(legal)
        petard = self._petard(legal)
        if petard is not None:
            return petard
        moves = self._moves(legal)
        if not moves or self.dice.happens(self.skills.give_up):
            return next(move for move in legal.moves if isinstance(move, Pass))
        cracks = [placement for placement in moves if placement.cracks]
        if cracks and self.dice.happens(self.skills.crack):
            return replace(self.dice.pick(cracks).move, crack=True)
        return self._justify(legal, self.dice.pick(moves))

    # ----------------------------------------------------------------- the table

    def _hand(self) -> list[Card]:
        """The cards of the player on turn (with physical cards, their real ones)."""
        if self.real is not None:
            return self.real.hand(self.game.turn)
        return self.game.hands[self.game.turn]

    def _show(self, legal: LegalMoves) -> Show:
        """Physical cards: the card a bot shows at the cut (a random one of its deck), or the
        starting letter it turns."""
        game, real = self.game, self.real
        assert real is not None
        player = game.expected_player()
        assert player is not None
        seat = game.seat_index(player)
        card = self.dice.pick(real.decks[seat]) if game.state is State.CUT \
            else real.turn_up(seat)
        return next((show for show in legal.shows if show.face == card.face),
                    Show(player, card.face))  # none legal: the referee says so

    def _letters(self) -> list[str]:
        """The distinct letters of the hand (not the special cards), sorted."""
        return sorted({card.face for card in self._hand() if not card.special})

    def _holds(self, face: str) -> bool:
        """Whether the hand holds a card of this face."""
        return any(card.face == face for card in self._hand())

    # ----------------------------------------------------------------- moves

    def _refill(self, legal: LegalMoves) -> CrackWordEvent:
        """A card on the left of the emptied row: a letter, else an Étoile; holding only
        Pétards, the time runs out."""
        moves = [placement for letter in self._letters()
                 for placement in legal.placements_of(letter)
                 if placement.move.side is Side.LEFT]
        if not moves and self._holds(ETOILE):
            moves = [placement for letter in STAR_LETTERS
                     for placement in legal.placements_of(letter, star=True)
                     if placement.move.side is Side.LEFT]
        return self.dice.pick(moves).move if moves else TimeUp(self.game.timer_token)

    def _petard(self, legal: LegalMoves) -> Petard | None:
        """A Pétard on the row holding most of the opponents' cards, sometimes."""
        game = self.game
        petards = [move for move in legal.moves if isinstance(move, Petard)]
        if not petards or not self._holds(PETARD):
            return None
        mine = game.colours[game.turn]
        theirs = [sum(colour != mine for _, colour in row) for row in game.board]
        best = max(range(len(theirs)), key=lambda row: theirs[row])
        if theirs[best] == 0 or not self.dice.happens(self.skills.petard):
            return None
        return next(petard for petard in petards if petard.row == best)

    def _moves(self, legal: LegalMoves) -> list[Placement]:
        """Every placement the dictionary allows (letters first; an Étoile when no letter
        goes, on the left or the right, as one of the commonest letters)."""
        lexicon = self.game.lexicon

        def allowed(placement: Placement) -> bool:
            return not placement.needs_word or lexicon.contains(placement.formed)

        moves = [placement for letter in self._letters()
                 for placement in legal.placements_of(letter) if allowed(placement)]
        if not moves and self._holds(ETOILE):
            moves = [placement for letter in STAR_LETTERS
                     for placement in legal.placements_of(letter, star=True)
                     if placement.move.side is not Side.TOP and allowed(placement)]
        return moves

    def _justify(self, legal: LegalMoves, placement: Placement) -> Place:
        """The placement with a word that contains the row it forms (or a bluff), or its
        Crack Word when it makes one."""
        if placement.cracks:
            return replace(placement.move, crack=True)
        if not placement.needs_word:
            return placement.move
        word = None
        if self.game.held.in_pile(self.game.turn) and self.dice.happens(self.skills.bluff):
            word = self._bluff(placement)
        if word is None:
            word = self.dice.pick(legal.words(placement.formed))
        return placement.with_word(word)

    def _bluff(self, placement: Placement) -> str | None:
        """A word that does not justify the row: one that holds the row as it was but not the
        letters the card makes, as a player who misjudged would name; None when there is none
        (no player names a string of letters that is no word: "pour xqxq", said by the demo's
        bots, was heard as anything and cost 6 of seed 1's 18 misses)."""
        lexicon = self.game.lexicon
        letters = letters_of(self.game.rows[placement.move.row])
        words = [word for word in lexicon.words_containing(letters, BLUFF_CANDIDATES)
                 if placement.formed not in word]
        return lexicon.spelling(self.dice.pick(words)) if words else None


def voice_bots(game: CrackWordGame, rng: random.Random) -> BotTable:
    """Bots for the spoken demo: they never let the time run out (the demo moves time on
    itself)."""
    return BotTable(game, BotSkills(time_out=0.0), rng)
