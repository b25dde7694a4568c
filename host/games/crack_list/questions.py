"""Crack List's questions about the table (the category, a hand, a count, the score), read in the
words of the game's grammar, and the host's answers to them."""

from __future__ import annotations

from collections.abc import Mapping

from host.core.events import IllegalEvent, Note
from host.core.talk import Query, match_query
from host.games.crack_list.cards import HIDDEN
from host.games.crack_list.grammar import Grammar
from host.games.crack_list.moves import COUNT
from host.games.crack_list.notes import NoteKind, Refusal
from host.games.crack_list.rules import CrackListGame


def asked(grammar: Grammar, words: str, speaker: str | None,
          people: Mapping[str, str]) -> Query | None:
    """The question these cleaned words ask, however it is asked (a leading "can you", a
    trailing "please"); `people` maps the table's names to their seats."""
    bare = grammar.asking.sub("", words, count=1)
    plain = grammar.question_tail.sub("", bare)
    for said in dict.fromkeys((words, bare, plain, grammar.asked_for.sub("", plain, count=1))):
        query = _count(grammar, said, speaker, people) \
            or match_query(said, speaker, grammar.question_patterns)
        if query is not None:
            return query
    return None


def _count(grammar: Grammar, words: str, speaker: str | None,
           people: Mapping[str, str]) -> Query | None:
    """How many cards someone holds: the asker, everyone, or a player named."""
    match = grammar.count.fullmatch(words)
    if not match:
        return None
    groups = match.groupdict()  # who, who2 ...: the one asked about, however asked
    named = groups.get("named")
    who = next((said for group, said in groups.items() if group.startswith("who") and said),
               named)
    if who in grammar.asker:
        return Query(COUNT, speaker)
    if who is None or who in grammar.everyone:
        return Query("counts", speaker)
    if who not in people and named:
        return None  # "how many cards X has": X must be someone
    return Query(COUNT, speaker, people.get(who, who.title()))


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
        if query.kind == COUNT:
            return self._count(query.target or query.player or self.game.expected_player())
        if query.kind == "counts":
            return [note for seat in self.game.seats for note in self._count(seat.name)]
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
