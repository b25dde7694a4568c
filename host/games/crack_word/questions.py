"""Crack Word's answers to questions about the table: the board, a hand, the cards held, the
score."""

from __future__ import annotations

from enum import StrEnum

from host.core.events import Note
from host.core.talk import Query
from host.games.crack_word.announce import board_notes
from host.games.crack_word.rules import CrackWordGame


class Answer(StrEnum):
    """The note kinds the questions answer with (each a phrasebook key)."""

    BOARD_ROW = "board_row"
    """One row, card by card (`tiles`: whose each is, an Étoile, what it covers)."""
    HAND = "hand"
    HAND_PHYSICAL = "hand_physical"
    """With physical cards: how many cards the player holds, by the host's count."""
    HAND_COUNT = "hand_count"
    SCORE = "score"
    WHOSE_VOICE = "whose_voice"


class CrackWordQuestions:
    """Answers what players ask the host about a Crack Word game."""

    def __init__(self, game: CrackWordGame) -> None:
        self.game = game

    def seconds_after_deadline(self) -> float:
        """No timer of this game runs on after its deadline."""
        return 0.0

    def answer(self, query: Query) -> list[Note] | None:
        """Notes answering the query, or None when it is not a Crack Word question."""
        if query.kind in ("board", "board_colours"):
            return self.board()
        if query.kind == "hand":
            return [self.hand(query.player or self.game.expected_player())]
        if query.kind == "count":
            return self.counts(query.target)
        if query.kind == "score":
            return [Note(Answer.SCORE, {"points": self.game.points()})]
        return None

    def board(self) -> list[Note]:
        """The four rows, one note each, card by card: whose each is, an Étoile and the letter
        it stands for, and the cards it covers."""
        return board_notes(self.game.rows, self.game.owners())

    def hand(self, player: str | None) -> Note:
        """A player's hand, for them alone (private_to); with physical cards, how many they
        hold and have left to draw, for everyone."""
        if player is None:
            return Note(Answer.WHOSE_VOICE)
        game = self.game
        seat = game.seat_index(player)
        if game.config.physical:
            return Note(Answer.HAND_PHYSICAL, {"player": player, "hand": game.held.in_hand(seat),
                                               "pile": game.held.in_pile(seat)})
        return Note(Answer.HAND, {"player": player,
                                  "cards": sorted(c.face for c in game.hands[seat]),
                                  "private_to": player})

    def counts(self, player: str | None = None) -> list[Note]:
        """How many cards one player (or each) holds in hand and in their pile."""
        game = self.game
        return [Note(Answer.HAND_COUNT, {"player": seat.name, "hand": game.held.in_hand(i),
                                         "pile": game.held.in_pile(i)})
                for i, seat in enumerate(game.seats) if player in (None, seat.name)]
