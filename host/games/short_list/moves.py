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

from host.core.speaker import Query
from host.decks import QuestionCard
from host.games.short_list.events import Answer, Jump, Move, Pass
from host.games.short_list.kinds import NoteKind
from host.games.short_list.rules import ShortListGame

QUESTIONS = (NoteKind.ANSWERS_LEFT, NoteKind.QUESTION, NoteKind.SAID_SO_FAR, NoteKind.SCORE,
             NoteKind.SITUATION)
"""The questions anyone may ask the host, at any time (each answered by the note it names)."""
CLAIM = "speaker"
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
    """What one seat may do now: moves in set words, the card's answers as its guess, a guess
    in its own words, and the calls and questions beside them."""

    moves: tuple[Move, ...] = ()
    """Moves said in set words: a pass for the guesser on turn."""
    guesses: tuple[Guess, ...] = ()
    """Every answer form on the card (canonical and aliases) as this seat's guess, found ones
    too (a repeat is a move: it costs a crystal)."""
    secret: frozenset[Guess] = frozenset()
    """The guesses of answers not found yet: never shown, never said back unless heard."""
    open_guess: OpenGuess | None = None
    """Who may guess in their own words now, and how (None: this seat may not guess)."""
    calls: tuple[Query, ...] = ()
    """The claim said alone ("Cat: it's my turn"), for a guesser who may jump in."""
    questions: tuple[Query, ...] = ()
    """The questions for the host."""

    def allows(self, move: Move) -> bool:
        """Whether this seat may make this move now (a guess in any words it may make)."""
        if move in self.moves or move in self.guesses:
            return True
        guess = self.open_guess
        return isinstance(move, Answer | Jump) and guess is not None \
            and move == guess.with_words(move.text)


def legal_moves(game: ShortListGame, seat: int) -> LegalMoves:
    """What the player at `seat` may do now: the guesser on turn guesses or passes; a guesser
    off turn who holds an "It's my turn" card jumps in; anyone asks the host."""
    name = game.seats[seat].name
    questions = tuple(Query(kind, name) for kind in QUESTIONS)
    if game.over or game.card is None or seat == game.quizmaster or seat in game.out:
        return LegalMoves(questions=questions)
    forms = answer_forms(game.card)
    if seat == game.guesser:
        guesses: tuple[Guess, ...] = tuple(Answer(name, form) for form in forms)
        moves: tuple[Move, ...] = (Pass(name),)
        calls: tuple[Query, ...] = ()
        jump = False
    elif game.its_my_turn[seat] > 0:
        guesses, moves, calls, jump = tuple(Jump(name, form) for form in forms), (), \
            (Query(CLAIM, name),), True
    else:
        return LegalMoves(questions=questions)
    found = found_forms(game)
    return LegalMoves(moves, guesses, frozenset(g for g in guesses if g.text not in found),
                      OpenGuess(name, jump), calls, questions)


def answer_forms(card: QuestionCard) -> list[str]:
    """Every answer form of the card, canonical and aliases, once each, in the card's order."""
    return list(dict.fromkeys(form for entry in card.answers
                              for form in (entry.text, *entry.aliases)))


def found_forms(game: ShortListGame) -> frozenset[str]:
    """The forms of the card's answers found this round: no secret any more (the others are)."""
    card = game.card
    if card is None:
        return frozenset()
    found = set(game.given)
    return frozenset(form for entry in card.answers if entry.text in found
                     for form in (entry.text, *entry.aliases))

