"""Crack List's answers to questions about the table: the category, a hand, a count, the score."""

from __future__ import annotations

from host.core.events import IllegalEvent, Note
from host.core.speaker import Query
from host.games.crack_list.cards import HIDDEN
from host.games.crack_list.kinds import NoteKind, Refusal
from host.games.crack_list.rules import CrackListGame


class CrackListQuestions:
    """Answers what players ask the host about a Crack List game."""

    def __init__(self, game: CrackListGame) -> None:
        self.game = game

    def seconds_after_deadline(self) -> float:
        """No timer of this game runs on after its deadline."""
        return 0.0

    def answer(self, query: Query) -> list[Note] | None:
        """Notes answering the query, or None when it is not a Crack List question."""
        if query.kind == "category":
            return self.game.category_notes()
        if query.kind == "situation":
            return self.game.situation()
        if query.kind == "hand":
            return self._hand(query.player or self.game.expected_player())
        if query.kind == "count":
            return self._count(query.target or query.player or self.game.expected_player())
        if query.kind == "score":
            game = self.game
            return [Note(NoteKind.SCORE, {"score": game.score(), "round": game.round_no,
                                   "rounds": game.config.rounds})]
        return None

    def _hand(self, player: str | None) -> list[Note]:
        if player is None:
            return [Note(NoteKind.WHOSE_VOICE)]
        hand = self.game.hands[self.game.seat_index(player)]
        if self.game.config.cards == "physical" or HIDDEN in hand:
            return [Note(NoteKind.HAND_PHYSICAL, {"player": player, "count": len(hand)})]
        return [Note(NoteKind.HAND,
                     {"player": player, "cards": sorted(hand), "private_to": player})]

    def _count(self, target: str | None) -> list[Note]:
        if target is None:
            return [Note(NoteKind.UNCLEAR)]
        try:
            count = len(self.game.hands[self.game.seat_index(target)])
        except IllegalEvent:
            return [IllegalEvent(Refusal.UNKNOWN_PLAYER, player=target).note()]
        return [Note(NoteKind.COUNT, {"player": target, "count": count})]
