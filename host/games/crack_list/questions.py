"""Crack List's answers to questions about the table: the category, a hand, a count, the score."""

from __future__ import annotations

import re
from collections.abc import Mapping

from host.core.events import IllegalEvent, Note
from host.core.talk import Query, match_query
from host.games.crack_list.cards import HIDDEN
from host.games.crack_list.notes import NoteKind, Refusal
from host.games.crack_list.rules import CrackListGame

QUESTIONS: tuple[tuple[str, str], ...] = (
    (r"(?:(?:what|which)(?:'?s| is| was)? )?(?:the )?category"
     r"(?: is it| is this| are we (?:on|doing|playing|in)| is| was)?"
     r"|(?:what'?s |what is )?the topic|what are we (?:on|doing|playing)|remind me", "category"),
    (r"(?:(?:what|which)(?:'?s| is| are| were) )?(?:in )?(?:my|our) (?:hand|cards|letters)"
     r"(?: left)?"
     r"|(?:what|which) (?:cards|letters) (?:do|have|did) (?:i|we)(?: got| have| hold| left)*"
     r"|(?:what|which) (?:cards|letters) (?:i|we)(?:'ve)? (?:have|hold|got|have got)(?: left)?"
     r"|what (?:have|do) (?:i|we)(?: got| have| hold)*(?: in (?:my|our) hand| left)?", "hand"),
    (r"(?:(?:what'?s|what is) )?(?:the )?scores?(?: so far)?|who'?s winning|who is winning"
     r"|who'?s (?:ahead|leading|in the lead)|how many rounds(?: (?:have|has) \w+ won)?", "score"),
    (r"whose (?:turn|go)(?: is it)?|who'?s (?:next|turn|up|on)|who is (?:next|up|on)"
     r"|is it (?:my|our) turn|what now|what are we waiting for|who are we waiting for"
     r"|where are we", "situation"),
    (r"(?:what are )?(?:the |your )?(?:house )?rules", "rules"),
    (r"help (?:me|us)|i need (?:some )?help|what (?:do|can) (?:i|we) (?:say|do)"
     r"|how (?:do (?:i|we) play|does (?:this|it) work)(?: this)?|what are my options", "help"),
    (r"how much time (?:do|have) (?:i|we)(?: got| have)*(?: left)?", "time_left"),
)
"""Crack List's own questions for the host, as asked once the asking is taken off (the core
ones are in host.core.talk)."""
ASKING = re.compile(
    r"(?:(?:hey|ok|okay|so|um|erm|er|sorry|excuse me|host|please|and|but) )*"
    r"(?:(?:can|could|would|will|may) (?:i|you|we) (?:please )?(?:just )?)?"
)
"""How a question may begin before it asks ("sorry, could you ...")."""
ASKED_FOR = re.compile(
    r"(?:see|check|hear|have|get|know|look at|show|read|list|tell|remind|give|say)"
    r"(?: me| us)?(?: out| of)? "
)
"""What a question may ask the host to do with what it asks about ("show me my cards")."""
TAIL = re.compile(r"(?: (?:please|again|now|host|then|right now))+$")
"""Words a question may end on that change nothing ("the category again, please")."""
COUNT = re.compile(
    r"how many (?:cards|letters)(?: (?:do|does|have|has|is|are|did) (?P<who>.+?))?"
    r"(?: (?:got|have|has|hold|holds|holding|left|still|now|each|in \w+ hands?))*"
    r"|how many (?:cards|letters) (?P<named>.+?)(?: has| holds| has got| have| got| left)+"
    r"|how many (?:do|does|have|has) (?P<who2>.+?)(?: got| have| hold| left)+"
)
"""How many cards someone holds (nobody named: everyone, as in Crack Word)."""
ASKER = frozenset({"i", "me", "we", "us"})
EVERYONE = frozenset({"everyone", "everybody", "every player", "each player", "all of us",
                      "the others", "everyone else", "we all", "people", "you all", "left",
                      "there", "you"})


def asked(words: str, speaker: str | None, people: Mapping[str, str]) -> Query | None:
    """The question these cleaned words ask, however it is asked (a leading "can you", a
    trailing "please"); `people` maps the table's names to their seats."""
    bare = ASKING.sub("", words, count=1)
    plain = TAIL.sub("", bare)
    for said in dict.fromkeys((words, bare, plain, ASKED_FOR.sub("", plain, count=1))):
        query = _count(said, speaker, people) or match_query(said, speaker, QUESTIONS)
        if query is not None:
            return query
    return None


def _count(words: str, speaker: str | None, people: Mapping[str, str]) -> Query | None:
    match = COUNT.fullmatch(words)
    if not match:
        return None
    named = match.group("named")
    who = match.group("who") or match.group("who2") or named
    if who in ASKER:
        return Query("count", speaker)
    if who is None or who in EVERYONE:
        return Query("counts", speaker)
    if who not in people and named:
        return None  # "how many cards X has": X must be someone
    return Query("count", speaker, people.get(who, who.title()))


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
