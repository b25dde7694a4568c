"""How a Crack Word game opens: the cut for who starts, the four starting letters, the hands
of 8. With virtual cards the host deals and does it all at once; with physical cards it cannot
see the cards, so each player says the card they show at the cut, then the starting letters as
they are turned.

Opening holds the set-up, and the checks and moves that host.games.crack_word.flow's CUT and
START rows name; CrackWordGame inherits them (both cuts rank faces with `face_rank`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from host.core.events import IllegalEvent
from host.games.crack_word.board import Row, Tile, fold
from host.games.crack_word.cards import ETOILE, PETARD, Card, colour_deck, cut_rank, face_rank
from host.games.crack_word.config import HAND_SIZE, ROWS, CrackWordConfig
from host.games.crack_word.events import CrackWordEvent, Show
from host.games.crack_word.hands import Hands, deck_count
from host.games.crack_word.notes import NoteKind, Refusal

CUT_RETRIES = 10
"""After ten ties in a row, the first of the tied players clockwise starts."""


class Opening:
    """The cut and the starting letters: dealt by the host, or said by the players who hold
    the real cards."""

    config: CrackWordConfig
    colours: tuple[str, ...]
    rng: random.Random
    held: Hands
    rows: list[Row]
    turn: int
    cut_tied: list[int]
    """The seats still cutting (all of them, then those tied)."""
    cut_shown: dict[int, str]
    """The face each of them has shown in this round of the cut."""
    cut_rounds: int
    cut_won: Callable[[CrackWordEvent], bool]
    letters_turned: Callable[[CrackWordEvent], bool]
    seat_index: Callable[[str], int]
    shown_cards: Callable[[], list[Card]]
    _name: Callable[[int], str]
    _say: Callable[..., None]
    _begin_turn: Callable[[int], None]

    def _open(self) -> None:
        """Ask for the cut, or (the first player given) for the first starting letter."""
        self.cut_tied, self.cut_shown, self.cut_rounds = list(range(len(self.colours))), {}, 0
        if self.config.first is None:
            self._say(NoteKind.ASK_CUT, players=[self._name(s) for s in self.cut_tied],
                      player=self._name(0))
        else:
            self.turn = self.config.first
            self.ask_starting_letter(None)

    def next_to_cut(self) -> int | None:
        """The first seat still to show their card at the cut."""
        return next((seat for seat in self.cut_tied if seat not in self.cut_shown), None)

    def next_row(self) -> int:
        """The row whose starting letter is turned next."""
        return next((number for number, row in enumerate(self.rows) if not row), ROWS)

    def turner(self) -> int:
        """The seat that turns the next starting letter (the starter first, clockwise)."""
        return (self.turn + self.next_row()) % len(self.colours)

    # ----------------------------------------------------------------- virtual cards

    def _set_up(self) -> None:
        """Cut for the first player, deal the piles, turn the four starting letters, take the
        hands of 8."""
        decks = [colour_deck(colour, self.config.lang) for colour in self.colours]
        self.turn = self._cut(decks) if self.config.first is None else self.config.first
        for seat, deck in enumerate(decks):
            self.rng.shuffle(deck)
            self.held.piles[seat][:] = deck[:self.config.pile_size]
        for row in range(ROWS):
            self._turn_starting_letter(row, (self.turn + row) % len(self.colours))
        for seat in range(len(self.colours)):
            self.held.draw(seat, HAND_SIZE)
        self._say(NoteKind.HANDS_DEALT, cards=HAND_SIZE, pile=self.config.pile_size)

    def _cut(self, decks: list[list[Card]]) -> int:
        """Each tied player shows a random card of their deck; the letter closest to A starts."""
        tied = list(range(len(self.colours)))
        for _ in range(CUT_RETRIES):
            shown = {seat: decks[seat][int(self.rng.random() * len(decks[seat]))]
                     for seat in tied}
            self._say(NoteKind.CUT, shown={self._name(s): c.face for s, c in shown.items()})
            best = min(cut_rank(card) for card in shown.values())
            tied = [seat for seat in tied if cut_rank(shown[seat]) == best]
            if len(tied) == 1:
                break
            self._say(NoteKind.CUT_TIE, players=[self._name(seat) for seat in tied])
        self._say(NoteKind.FIRST_PLAYER, player=self._name(tied[0]))
        return tied[0]

    def _turn_starting_letter(self, row: int, seat: int) -> None:
        """The seat turns its pile's top card into row `row`; a special card goes under."""
        card = self.held.turn_up(seat)
        self.rows[row] = [[Tile(card.face, card.colour, card)]]
        self._say(NoteKind.STARTING_LETTER, player=self._name(seat), row=row, letter=card.face)

    # ----------------------------------------------------------------- physical cards: the cut

    def check_cut(self, event: Show) -> None:
        """A player still cutting shows a card their deck holds."""
        seat = self.seat_index(event.player)
        if seat not in self.cut_tied or seat in self.cut_shown:
            raise IllegalEvent(Refusal.ALREADY_SHOWN, player=self._name(seat))
        self._check_face(event.face)

    def show_cut(self, event: Show) -> None:
        """The card is noted; once every player has shown theirs, the letter closest to A
        starts, and a tie cuts again among the tied players."""
        self.cut_shown[self.seat_index(event.player)] = self._face(event.face)
        seat = self.next_to_cut()
        if seat is not None:
            self._say(NoteKind.ASK_CUT_NEXT, player=self._name(seat))
            return
        shown = self.cut_shown
        self._say(NoteKind.CUT, shown={self._name(s): shown[s] for s in sorted(shown)})
        best = min(face_rank(face) for face in shown.values())
        tied = [s for s in self.cut_tied if face_rank(shown[s]) == best]
        self.cut_rounds += 1
        if len(tied) > 1 and self.cut_rounds < CUT_RETRIES:
            self.cut_tied, self.cut_shown = tied, {}
            self._say(NoteKind.CUT_TIE, players=[self._name(s) for s in tied])
            self._say(NoteKind.ASK_CUT, players=[self._name(s) for s in tied],
                      player=self._name(tied[0]))
            return
        self.turn = tied[0]
        self._say(NoteKind.FIRST_PLAYER, player=self._name(self.turn))
        self.cut_won(event)

    # ----------------------------------------------------------------- starting letters

    def ask_starting_letter(self, event: Show | None) -> None:
        """Ask the player on the next row to turn the top card of their pile."""
        self._say(NoteKind.ASK_STARTING_LETTER, player=self._name(self.turner()),
                  row=self.next_row())

    def check_starting_letter(self, event: Show) -> None:
        """The player whose turn it is to turn shows a letter their colour may still hold (a
        special card goes under the pile, and they turn the next)."""
        seat, turner = self.seat_index(event.player), self.turner()
        if seat != turner:
            raise IllegalEvent(Refusal.NOT_YOUR_TURN, player=self._name(seat),
                               turn=self._name(turner))
        face = self._check_face(event.face)
        if face in (PETARD, ETOILE):
            raise IllegalEvent(Refusal.SPECIAL_START, player=self._name(seat), card=face)
        self._starting_card(seat, face)

    def put_starting_letter(self, event: Show) -> None:
        """The letter starts its row; after the fourth, everyone takes a hand of 8."""
        seat, row = self.turner(), self.next_row()
        card = self.held.turn_up(seat, self._starting_card(seat, self._face(event.face)))
        self.rows[row] = [[Tile(card.face, card.colour, card)]]
        self._say(NoteKind.STARTING_LETTER, player=self._name(seat), row=row, letter=card.face)
        if row + 1 < ROWS:
            self.ask_starting_letter(event)
        else:
            self.letters_turned(event)

    def take_hands(self, event: Show) -> None:
        """Everyone takes the first 8 cards of their pile; the starter plays."""
        for seat in range(len(self.colours)):
            self.held.draw(seat, HAND_SIZE)
        self._say(NoteKind.HANDS_DEALT, cards=HAND_SIZE, pile=self.config.pile_size)
        self._begin_turn(self.turn)

    # ----------------------------------------------------------------- helpers

    def _starting_card(self, seat: int, face: str) -> Card:
        """A card of the seat's colour with this face that is not on the table yet."""
        card = self.held.unshown(seat, face, self.shown_cards())
        if card is None:
            raise IllegalEvent(Refusal.CARD_NOT_LEFT, player=self._name(seat), card=face)
        return card

    def _check_face(self, face: str) -> str:
        """A face some card of the deck has."""
        folded = self._face(face)
        if deck_count(folded, self.config.lang) == 0:
            raise IllegalEvent(Refusal.NO_SUCH_CARD, card=face)
        return folded

    @staticmethod
    def _face(face: str) -> str:
        """A face as the cards write it (capitals, or a special card's sign)."""
        return face if face in (PETARD, ETOILE) else fold(face)
