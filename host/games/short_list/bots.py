"""Bot players for Short List: they guess as people would, mistakes, passes and jumps included.

Who may act, and how, is read from the legal moves (host.games.short_list.moves): the guesser
on turn passes or guesses, a guesser who may jump in jumps; the words of a guess are the bot's
own knowledge (the card, the answers found, the other cards), as a player's are.

Every random choice draws `rng.random()` (`_index`, `_pick`, `_happens`), one draw per choice
in a fixed order, so a seed always plays the same game. A wrong answer is always a real word:
an answer of another question card that the judge rules off this one.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from host.core.events import TimeUp
from host.core.simulate import Dice
from host.decks import QuestionCard
from host.games.short_list.events import Jump, Pass, ShortListEvent
from host.games.short_list.moves import LegalMoves, OpenGuess, legal_moves
from host.games.short_list.rules import ShortListGame
from host.judge import Reason

SAID_ALOUD = re.compile(r"[^\W_](?:[\w' .,-]*[^\W_])?\.?")
"""An alias a player says as it is written: words, not symbols ("AB positive", not "AB+")."""
WRONG_TRIES = 20
"""Random words tried from the other cards before searching them in turn for one off the card."""
SPARE_WORDS = ("Atlantis", "Narnia", "Gotham", "Camelot")
"""Real words for a deck too small to give a wrong answer from its other cards."""


@dataclass(frozen=True)
class BotSkills:
    """How the table of bots behaves. The guesser on turn does one of five things, in
    proportion to `know`, `repeat`, `wrong`, `pass_turn` and `time_out` (chances when they sum
    to 1, as the defaults do); `jump` and `alias` are chances of their own."""

    know: float = 0.56
    """A right answer, not found yet this round."""
    repeat: float = 0.07
    """An answer already found this round (a repeat: wrong)."""
    wrong: float = 0.22
    """A real word that is not on the card."""
    pass_turn: float = 0.1
    """A pass."""
    time_out: float = 0.05
    """Nothing said until the time runs out."""
    jump: float = 0.1
    """Chance, before each move, that a guesser off turn plays an "It's my turn" card."""
    alias: float = 0.2
    """Chance that a right answer is said by one of its aliases."""

    def __post_init__(self) -> None:
        weights = (self.know, self.repeat, self.wrong, self.pass_turn, self.time_out)
        if min(weights) < 0 or sum(weights) <= 0:
            raise ValueError("the bots' chances must be positive numbers, some above zero")


class BotTable:
    """Chooses the next event for whoever should act in a game."""

    def __init__(self, game: ShortListGame, skills: BotSkills, rng: random.Random) -> None:
        self.game = game
        self.skills = skills
        self.rng = rng
        self.dice = Dice(rng)
        cards = [*game.pile, *([game.card] if game.card else [])]
        self._words = [*other_answers(cards), *SPARE_WORDS]
        """Every card's answers: the wrong answers are taken from them."""

    def next_event(self) -> ShortListEvent:
        """The next thing someone at the table does."""
        legal = [legal_moves(self.game, seat) for seat in range(len(self.game.seats))]
        jumpers = [moves.open_guess for moves in legal
                   if moves.open_guess is not None and moves.open_guess.jump]
        if jumpers and self.dice.happens(self.skills.jump):
            return self._jump(self.dice.pick(jumpers))
        on_turn = next(moves for moves in legal
                       if moves.open_guess is not None and not moves.open_guess.jump)
        return self._guess(on_turn)

    # ----------------------------------------------------------------- the table

    def _card(self) -> QuestionCard:
        """The question card in play."""
        card = self.game.card
        assert card is not None
        return card

    # ----------------------------------------------------------------- moves

    def _jump(self, guess: OpenGuess) -> Jump:
        """A guesser jumps in: someone that eager mostly knows a right answer."""
        text = self._right() if self.dice.happens(self.skills.know) else None
        move = guess.with_words(text or self._wrong())
        assert isinstance(move, Jump)
        return move

    def _guess(self, legal: LegalMoves) -> ShortListEvent:
        """The guesser on turn answers right, repeats, answers wrong, passes or stays silent."""
        guess = legal.open_guess
        assert guess is not None
        skills = self.skills
        weights = (skills.know, skills.repeat, skills.wrong, skills.pass_turn)
        roll = self.rng.random() * (sum(weights) + skills.time_out)
        if roll < weights[0]:
            return guess.with_words(self._right() or self._wrong())
        if roll < sum(weights[:2]) and self.game.given:
            return guess.with_words(self.dice.pick(self.game.given))
        if roll < sum(weights[:3]):
            return guess.with_words(self._wrong())
        if roll < sum(weights):
            return next(move for move in legal.moves if isinstance(move, Pass))
        return TimeUp(self.game.timer_token)

    def _right(self) -> str | None:
        """A right answer not found yet this round (sometimes an alias), or None."""
        given = set(self.game.given)
        left = [entry for entry in self._card().answers if entry.text not in given]
        if not left:
            return None
        entry = self.dice.pick(left)
        aliases = [alias for alias in entry.aliases if SAID_ALOUD.fullmatch(alias)]
        if aliases and self.dice.happens(self.skills.alias):
            return self.dice.pick(aliases)
        return entry.text

    def _wrong(self) -> str:
        """A real word off the card: another card's answer the judge rules not on this one."""
        for _ in range(WRONG_TRIES):
            word = self.dice.pick(self._words)
            if self._off_card(word):
                return word
        start = self.dice.index(len(self._words))
        in_turn = self._words[start:] + self._words[:start]
        return next((word for word in in_turn if self._off_card(word)), SPARE_WORDS[0])

    def _off_card(self, word: str) -> bool:
        """Whether the judge rules `word` not on the card in play."""
        verdict = self.game.judge.judge(self._card().category, word)
        return verdict.accepted is False and verdict.reason is Reason.NOT_IN_LIST


def other_answers(cards: Sequence[QuestionCard]) -> list[str]:
    """Every canonical answer of `cards`, once each, in the cards' order."""
    return list(dict.fromkeys(entry.text for card in cards for entry in card.answers))


def voice_bots(game: ShortListGame, rng: random.Random) -> BotTable:
    """Bots for the spoken demo: they never let the time run out (the demo moves time on
    itself), and every wrong answer is a real word from another card."""
    return BotTable(game, BotSkills(time_out=0.0), rng)
