"""Crack List's answers to questions about the table: the category, a hand, a count, the score."""

from __future__ import annotations

from host.core.events import IllegalEvent, Note
from host.core.speaker import Query
from host.games.crack_list.cards import HIDDEN
from host.games.crack_list.rules import CrackListGame


class CrackListQuestions:
    """Answers what players ask the host about a Crack List game."""

    def __init__(self, game: CrackListGame) -> None:
        self.game = game

    def answer(self, query: Query) -> list[Note] | None:
        """Notes answering the query, or None when it is not a Crack List question."""
        if query.kind == "category":
            return self.game.category_notes()
        if query.kind == "hand":
            return self._hand(query.player or self.game.expected_player())
        if query.kind == "count":
            return self._count(query.target or query.player or self.game.expected_player())
        if query.kind == "score":
            game = self.game
            return [Note("score", {"score": game.score(), "round": game.round_no,
                                   "rounds": game.config.rounds})]
        return None

    def _hand(self, player: str | None) -> list[Note]:
        if player is None:
            return [Note("whose_voice")]
        hand = self.game.hands[self.game.seat_index(player)]
        if self.game.config.cards == "physical" or HIDDEN in hand:
            return [Note("hand_physical", {"player": player, "count": len(hand)})]
        return [Note("hand", {"player": player, "cards": sorted(hand), "private_to": player})]

    def _count(self, target: str | None) -> list[Note]:
        if target is None:
            return [Note("unclear")]
        try:
            count = len(self.game.hands[self.game.seat_index(target)])
        except IllegalEvent:
            return [Note("unknown_player", {"player": target})]
        return [Note("count", {"player": target, "count": count})]
