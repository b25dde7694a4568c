"""Short List's answers to questions about the table: answers left, the question, what has been
said, the score, whose turn it is, and who a name nobody at the table has may be."""

from __future__ import annotations

from collections.abc import Callable

from host.core.events import IllegalEvent, Note
from host.core.talk import Query
from host.decks import QuestionCard
from host.games.short_list.notes import NoteKind, Refusal
from host.games.short_list.rules import ShortListGame
from host.games.short_list.talk import WHO_IS, name_like


class ShortListQuestions:
    """Answers what players ask the host about a Short List game."""

    def __init__(self, game: ShortListGame) -> None:
        self.game = game

    def seconds_after_deadline(self) -> float:
        """No timer of this game runs on after its deadline."""
        return 0.0

    def answer(self, query: Query) -> list[Note] | None:
        """Notes answering the query, or None when it is not a Short List question."""
        round_notes: dict[str, Callable[[QuestionCard], Note]] = {
            "answers_left": self._answers_left, "question": self._question,
            "said_so_far": self._said_so_far,
        }
        if query.kind == "score":
            return [self._score()]
        if query.kind == "situation":
            return [self._situation()]
        if query.kind == WHO_IS:
            return [self._who_is(query.target or "")]
        note = round_notes.get(query.kind)
        if note is None:
            return None
        card = self.game.card
        if card is None or self.game.over:
            return [IllegalEvent(Refusal.GAME_OVER).note()]
        return [note(card)]

    def quizmaster(self) -> str | None:
        """The quizmaster's name; None when the host is the quizmaster."""
        seat = self.game.quizmaster
        return None if seat is None else self.game.seats[seat].name

    def _answers_left(self, card: QuestionCard) -> Note:
        game = self.game
        found = len(game.given)
        return Note(NoteKind.ANSWERS_LEFT, {
            "found": found, "answers": len(card.answers), "crystals": game.winner_crystals,
            "to_find": max(game.config.winner_crystals - found, 0),
        })

    def _question(self, card: QuestionCard) -> Note:
        """The question note again, as the round opened with it (host.games.short_list.rules)."""
        game = self.game
        return Note(NoteKind.QUESTION, {
            "round": game.round_no, "rounds": game.config.rounds,
            "quizmaster": self.quizmaster(), "question": card.question,
            "answers": len(card.answers), "crystals": game.winner_crystals,
        })

    def _said_so_far(self, card: QuestionCard) -> Note:
        """The answers found this round, and the wrong guesses."""
        return Note(NoteKind.SAID_SO_FAR, {"answers": list(self.game.given),
                                           "found": len(self.game.given),
                                           "wrong": list(self.game.wrong),
                                           "question": card.question})

    def _who_is(self, name: str) -> Note:
        """A name nobody at the table has: the player it may be a typo of, and who plays."""
        people = [person for seat in self.game.seats for person in seat.people]
        return Note(NoteKind.WHO_IS, {"name": name, "like": name_like(name, people),
                                      "people": people})

    def _score(self) -> Note:
        game = self.game
        names = [seat.name for seat in game.seats]
        return Note(NoteKind.SCORE, {
            "points": game.points(),
            "blue": dict(zip(names, game.blue, strict=True)),
            "orange": dict(zip(names, game.orange, strict=True)),
            "quizmaster": self.quizmaster(), "round": game.round_no,
            "rounds": game.config.rounds,
        })

    def _situation(self) -> Note:
        game = self.game
        out = [seat.name for index, seat in enumerate(game.seats) if index in game.out]
        return Note(NoteKind.SITUATION, {
            "player": game.expected_player(), "out": out, "quizmaster": self.quizmaster(),
            "round": game.round_no, "rounds": game.config.rounds, "game_over": game.over,
        })
