"""Scattergories' answers to questions about the table: the key letter, the list, the category
being read, the answers read so far, the score, whose turn it is.

"How much time?" is the session's to answer, from its own deadline (host.core.session):
`seconds_after_deadline` says how much of the writing time lies beyond the deadline running.
"""

from __future__ import annotations

from collections.abc import Callable

from host.core.events import Note
from host.core.talk import Query
from host.games.scattergories.config import ROUNDS
from host.games.scattergories.flow import State
from host.games.scattergories.notes import NoteKind
from host.games.scattergories.rules import READING_STATES, ScattergoriesGame


class ScattergoriesQuestions:
    """Answers what players ask the host about a Scattergories game."""

    def __init__(self, game: ScattergoriesGame) -> None:
        self.game = game

    def answer(self, query: Query) -> list[Note] | None:
        """Notes answering the query, or None when it is not a Scattergories question."""
        notes: dict[str, Callable[[], Note]] = {
            "letter": self._letter, "list": self._list, "category": self._category,
            "answers": self._answers, "score": self._score, "situation": self.game.where_we_are,
        }
        note = notes.get(query.kind)
        return None if note is None else [note()]

    def seconds_after_deadline(self) -> float:
        """The writing time still to come once the session's deadline is reached: the
        countdown after the main stretch, and the extra minute when the table agreed to it."""
        game, config = self.game, self.game.config
        if game.state is not State.WRITING:
            return 0.0
        extra = config.extension_seconds if game.extension_due else 0.0
        after = 0.0 if game.timer_name == "countdown" else config.countdown_seconds
        return after + extra

    def _letter(self) -> Note:
        game = self.game
        return Note(NoteKind.KEY_LETTER, {
            "letter": game.letter, "round": game.round_no, "used": list(game.used_letters),
            "roller": game.seats[game.roller].name,
            "choosing": game.state is State.CHOOSING_LETTER,
        })

    def _list(self) -> Note:
        game = self.game
        return Note(NoteKind.CATEGORY_LIST, {
            "list": game.list_number, "categories": game.category_titles(),
            "letter": game.letter, "round": game.round_no,
        })

    def _category(self) -> Note:
        """The category note again, as its reading opened with it (rules: _category_note);
        before and after the reading, the list."""
        game = self.game
        if game.state not in READING_STATES:
            return self._list()
        first = game.seats[game.order[0]].name if game.order else None
        return Note(NoteKind.CATEGORY, {
            "number": game.category_index + 1, "of": len(game.categories),
            "category": game.categories[game.category_index].title, "letter": game.letter,
            "first": first, "spoken_answers": game.config.spoken_answers,
        })

    def _answers(self) -> Note:
        """The answers read so far to the category being read ("" for a blank)."""
        game = self.game
        reading = game.state in READING_STATES
        title = game.categories[game.category_index].title if reading else None
        answers = game.answers_so_far().get(title, {}) if title else {}
        return Note(NoteKind.ANSWERS_SO_FAR, {
            "category": title, "number": game.category_index + 1, "answers": dict(answers),
        })

    def _score(self) -> Note:
        game = self.game
        return Note(NoteKind.SCORE, {
            "points": self._points_so_far(), "round": game.round_no, "rounds": ROUNDS,
            "round_scores": game.round_scores(), "game_over": game.over,
        })

    def _points_so_far(self) -> dict[str, int]:
        """The game totals with the points announced so far in a first or second round not
        added up yet (each category is scored once read)."""
        game = self.game
        points = game.points()
        if game.round_no > ROUNDS or len(game.round_points) >= game.round_no:
            return points
        for category in game.scores:
            for seat, won in category.items():
                points[game.seats[seat].name] += won
        return points
