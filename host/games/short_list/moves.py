"""What each seat may do now in a Short List game: the one list the talk, the recognizer, the
companion pages, the bots and the simulator's referee all read.

A seat's legal moves come in four kinds. `moves` are said in set words (a pass): a page shows
them as buttons. `guesses` are the card's answers as that seat's guess: the recognizer is offered
them, no page shows them, and those not found yet are the quizmaster's secret (`secret`). Any
other words are a guess off the card, legal but impossible to list: `open_guess` says who may
make one, and how. Beside them, `calls` (the claim "It's my turn!" said alone, which gives the
claimer the floor) and `questions` for the host, as the talk parses them.
"""

from __future__ import annotations

from dataclasses import dataclass

from host.core.talk import CLAIM_TURN, Query
from host.decks import QuestionCard
from host.games.short_list.events import Answer, Jump, Move, Pass
from host.games.short_list.notes import NoteKind
from host.games.short_list.rules import ShortListGame

QUESTIONS = (NoteKind.ANSWERS_LEFT, NoteKind.QUESTION, NoteKind.SAID_SO_FAR, NoteKind.SCORE,
             NoteKind.SITUATION)
"""The questions anyone may ask the host, at any time (each answered by the note it names)."""
CLAIM = CLAIM_TURN
"""The core's query for "the next thing said is this seat's": the claim said alone."""

Guess = Answer | Jump


@dataclass(frozen=True, slots=True)
class OpenGuess:
    """A guess in the player's own words: legal whatever they are, so no list holds it."""

    player: str
    jump: bool
    """True for a guesser off turn, who jumps in with an "It's my turn" card."""

    def with_words(self, text: str) -> Guess:
        """The move this guess is, said in these words."""
        return Jump(self.player, text) if self.jump else Answer(self.player, text)


@dataclass(frozen=True)
class LegalMoves:
    """What one seat may do now: moves in set words, a guess in its own words (the card's
    answers among them), and the calls and questions beside them."""

    moves: tuple[Move, ...] = ()
    """Moves said in set words: a pass for the guesser on turn."""
    open_guess: OpenGuess | None = None
    """Who may guess in their own words now, and how (None: this seat may not guess)."""
    card_forms: tuple[str, ...] = ()
    """Every answer form on the card (canonical and aliases), when this seat may guess."""
    found_forms: frozenset[str] = frozenset()
    """The forms of the answers found this round: no secret any more."""
    calls: tuple[Query, ...] = ()
    """The claim said alone ("Cat: it's my turn"), for a guesser who may jump in."""
    questions: tuple[Query, ...] = ()
    """The questions for the host."""

    @property
    def guesses(self) -> tuple[Guess, ...]:
        """Every answer form on the card as this seat's guess, found ones too (a repeat is a
        move: it costs a crystal)."""
        guess = self.open_guess
        return () if guess is None else tuple(guess.with_words(f) for f in self.card_forms)

    @property
    def secret(self) -> frozenset[Guess]:
        """The guesses of answers not found yet: never shown, never said back unless heard."""
        return frozenset(g for g in self.guesses if g.text not in self.found_forms)

    def allows(self, move: Move) -> bool:
        """Whether this seat may make this move now (a guess in whatever words)."""
        guess = self.open_guess
        if isinstance(move, Answer | Jump):
            return guess is not None and move == guess.with_words(move.text)
        return move in self.moves


def legal_moves(game: ShortListGame, seat: int) -> LegalMoves:
    """What the player at `seat` may do now: the guesser on turn guesses or passes; a guesser
    off turn who holds an "It's my turn" card jumps in; anyone asks the host."""
    name = game.seats[seat].name
    questions = tuple(Query(kind, name) for kind in QUESTIONS)
    if game.over or game.card is None or seat == game.quizmaster or seat in game.out:
        return LegalMoves(questions=questions)
    if seat == game.guesser:
        moves: tuple[Move, ...] = (Pass(name),)
        calls: tuple[Query, ...] = ()
    elif game.its_my_turn[seat] > 0:
        moves, calls = (), (Query(CLAIM, name),)
    else:
        return LegalMoves(questions=questions)
    return LegalMoves(moves, OpenGuess(name, jump=bool(calls)), answer_forms(game.card),
                      found_forms(game), calls, questions)


def answer_forms(card: QuestionCard) -> tuple[str, ...]:
    """Every answer form of the card, canonical and aliases, once each, in the card's order."""
    return tuple(dict.fromkeys(form for entry in card.answers
                               for form in (entry.text, *entry.aliases)))


def found_forms(game: ShortListGame) -> frozenset[str]:
    """The forms of the card's answers found this round: no secret any more (the others are)."""
    card = game.card
    if card is None:
        return frozenset()
    found = set(game.given)
    return frozenset(form for entry in card.answers if entry.text in found
                     for form in (entry.text, *entry.aliases))

