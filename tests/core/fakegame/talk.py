"""Colours' talk (its legal moves as said, read back, and offered with their stakes) and its
answers to the table's questions."""

from __future__ import annotations

from collections.abc import Callable

from host.core.events import Note
from host.core.legal import Offers, Stakes, no_free_move, offered
from host.core.talk import (
    CLAIM_TURN,
    NO,
    YES,
    Query,
    Speakers,
    Unclear,
    clean,
    match_query,
    trimmed,
)
from tests.core.fakegame.rules import PALETTE, ColourGame, Hurry, Name, Pass

QUESTIONS = {"score": "score", "whose_turn": "whose turn is it", "hint": "hint"}
"""The game's questions, by kind, as offered to the recognizer."""
QUESTION_PATTERNS = (
    (r"(what'?s the )?score", "score"),
    (r"whose turn( is it)?", "whose_turn"),
    (r"(give (me|us) a )?hint", "hint"),
)
SHADES = ("light", "dark")
"""A shade of a palette colour is no choice: read from the free transcript (Offers.free_move)."""
CALLS = ("pass", "hurry up")
"""What a player may say after their bare name ("Ann hurry up")."""

Spoken = Name | Pass | Hurry | Query


class ColourTalk:
    """Colours' grammar at one table: parse, say, variants and offers."""

    def __init__(self, game: ColourGame) -> None:
        self.game = game
        self.speakers = Speakers(game.seats, lambda words: words in CALLS)

    def parse(self, text: str, speaker: str | None = None) -> Spoken | Unclear:
        """A move, a question, or Unclear; a move without a speaker is the player on turn's,
        a bare "hurry up" the next player's."""
        prefixed, rest = self.speakers.split(text)
        who, words = prefixed or speaker, clean(rest)
        if prefixed and not words:
            return Query(CLAIM_TURN, prefixed)
        query = match_query(words, who, QUESTION_PATTERNS) if words else None
        on_turn = self.game.expected_player()
        if query is not None:
            return query
        if words == "hurry up":
            return Hurry(who or self.game.next_player())
        if not words or on_turn is None or words in (*YES, *NO) or len(words.split()) > 2:
            return Unclear(text)
        if words == "pass":
            return Pass(who or on_turn)
        return Name(who or on_turn, trimmed(rest))

    def say(self, event: Spoken, prefix: str | None = None) -> str:
        """How a player says it (`prefix`: their name first)."""
        if isinstance(event, Name):
            words = event.colour
        elif isinstance(event, Pass):
            words = "pass"
        elif isinstance(event, Hurry):
            words = "hurry up" if prefix else f"{event.player} hurry up"
        else:
            words = QUESTIONS.get(event.kind, "")
        return f"{prefix}: {words}" if prefix and words else words

    def variants(self, said: Spoken) -> tuple[str, ...]:
        """Every way the recognizer is offered it: a call also after the caller's name, and
        the bare "hurry up" as the next player's."""
        if isinstance(said, Pass):
            return ("pass", f"{said.player} pass")
        if isinstance(said, Hurry):
            bare = ("hurry up",) if said.player == self.game.next_player() else ()
            return (f"{said.player} hurry up", *bare)
        return (self.say(said),)

    def offers(self) -> Offers:
        """The player on turn's colours (one named already is a costly repeat, the secret
        colour a secret), their pass, the others' hurry, then the questions."""
        game = self.game
        questions = offered(self, [Query(kind) for kind in QUESTIONS], lambda _: Stakes.ASK)
        on_turn = game.expected_player()
        if on_turn is None:
            return Offers(questions)
        colours = [Name(on_turn, colour) for colour in (*PALETTE, game.secret)]
        hurries = [] if game.hurried else [
            Hurry(seat.name) for seat in game.seats if seat.name != on_turn]
        moves = (*offered(self, colours, self._stakes, self._secret),
                 *offered(self, [Pass(on_turn), *hurries]))
        free_move = self._shade if game.open_palette else no_free_move
        return Offers((*moves, *questions), open=game.open_palette, free_move=free_move)

    def _stakes(self, move: Name) -> Stakes:
        if move.colour == self.game.secret:
            return Stakes.SECRET
        return Stakes.COSTLY if move.colour in self.game.named else Stakes.MOVE

    def _secret(self, move: Name) -> str:
        return move.colour if move.colour == self.game.secret else ""

    def _shade(self, choice: str, free: str) -> str | None:
        """A shade of a palette colour freely heard ("light blue"), as said; None else."""
        words = clean(free).split()
        if len(words) == 2 and words[0] in SHADES and words[1] in PALETTE:
            return " ".join(words)
        return None


class ColourQuestions:
    """Answers the score, whose turn it is, and a hint only the player on turn sees."""

    def __init__(self, game: ColourGame) -> None:
        self.game = game
        self.after_deadline = 0.0
        """What `seconds_after_deadline` says (a test may set it)."""

    def answer(self, query: Query) -> list[Note] | None:
        """The notes answering a Colours question, or None for another."""
        answers: dict[str, Callable[[], Note]] = {
            "score": lambda: Note("score", {"score": dict(self.game.scores)}),
            "whose_turn": lambda: Note("turn", {"player": self.game.expected_player()}),
            "hint": lambda: Note("hint", {"letter": self.game.secret[0].upper(),
                                          "private_to": self.game.expected_player()}),
        }
        answer = answers.get(query.kind)
        return [answer()] if answer else None

    def seconds_after_deadline(self) -> float:
        """How long the clock runs on after the running timer's deadline."""
        return self.after_deadline
