"""Bot players for Crack List: they choose moves as people would, mistakes included.

Who may act, and how, is read from the legal moves (host.games.crack_list.moves): the chooser
chooses one of the categories offered, the player on turn (or next, closing a last card's
window) plays a card they may play or answers with one, the answerer hands out their penalty,
the others challenge, call the countdown and vote when they may. The words of an answer are the
bot's own knowledge (the category's list, made-up words), as a player's are.

Every random choice draws `rng.random()` (`_index`, `_pick`, `_happens`), one draw per choice
in a fixed order, so a seed always plays the same game.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Collection
from dataclasses import dataclass
from typing import TypeVar

from host.core.events import TimeUp
from host.core.simulate import Dice
from host.decks import Category
from host.games.crack_list import cards
from host.games.crack_list.events import (
    Answer,
    CallCountdown,
    Challenge,
    ChooseCategory,
    CrackListEvent,
    Move,
    Pass,
    Penalise,
    PlaySwap,
    Vote,
)
from host.games.crack_list.moves import PLAYS, LegalMoves, OpenAnswer, legal_moves
from host.games.crack_list.rules import CrackListGame, PendingAnswer, State

M = TypeVar("M", bound=Move)

NONSENSE = ("Xyzzy", "Blorptastic", "Quibbleflux", "Snergle", "Wompus")
"""Made-up words: wrong answers, and the endings of invented ones."""
ACTION_CARDS = frozenset({cards.STOP, cards.REVERSE, cards.SWAP, cards.CRACK_LIST})
"""The cards a bot plays instead of answering (the Joker is played with an answer)."""
LETTER_CARDS = frozenset(cards.LETTERS)
PRETEND_HAND = (*cards.LETTERS, cards.STOP, cards.REVERSE, cards.SWAP, cards.CRACK_LIST,
                cards.JOKER)
"""The cards a bot imagines holding when the host cannot see its hand."""

UNCHECKED_CHALLENGE_FACTOR = 3
"""How much likelier a challenge is when the host could not check the answer on its list."""
CHOOSE_TIMEOUT = 0.02
"""Chance that the chooser lets the time run out."""
NAME_THE_LETTER = 0.3
"""Chance that a bot says which letter card it plays with its answer."""
WAIT_AFTER_ANSWER = 0.2
"""Chance that, after an answer stands, the table waits for its window to close."""
PENALTY_TIMEOUT = 0.05
"""Chance that a bot owing a penalty lets the time run out."""
DECLINE_OPTIONAL_PENALTY = 0.3
"""Chance that a bot declines a penalty it may skip."""
VOTE_TIMEOUT = 0.05
"""Chance that the vote runs out of time before the next ballot."""
VOTE_TO_ACCEPT = 0.55
"""Chance that a voter accepts the challenged answer."""
PASS_WHEN_STUCK = 0.5
"""Below this roll a stuck bot passes; above it, it says nothing until the time runs out."""



@dataclass(frozen=True)
class ListedAnswer:
    """One of a category's listed answers, as the bots look it up."""

    text: str
    """The answer as listed."""
    lower: str
    """The answer in lower case, to compare with the answers given."""
    initial: str
    """The answer's upper-case first letter: the letter card it is played with."""

    @classmethod
    def of(cls, text: str) -> ListedAnswer:
        """The listed answer `text` with its lower-case form and initial."""
        return cls(text, text.lower(), text[0].upper())


@dataclass(frozen=True)
class KnownAnswers:
    """A category's listed answers as the bots search them, in the deck's order."""

    answers: tuple[ListedAnswer, ...]
    initials: frozenset[str]
    """Every letter some listed answer starts with."""

    @classmethod
    def of(cls, category: Category) -> KnownAnswers:
        """The listed answers of `category`."""
        answers = tuple(ListedAnswer.of(entry.text) for entry in category.answers)
        return cls(answers, frozenset(answer.initial for answer in answers))

    def first_not_given(self, letters: Collection[str], given: Collection[str],
                        start: int) -> str | None:
        """The first answer from index `start` round to it, starting with one of `letters`, whose
        lower-case form is not in `given`."""
        in_turn = self.answers[start:] + self.answers[:start]
        for answer in in_turn:
            if answer.initial in letters and answer.lower not in given:
                return answer.text
        return None


NO_ANSWERS = KnownAnswers((), frozenset())


@functools.lru_cache(maxsize=1024)
def known_answers(category: Category) -> KnownAnswers:
    """The listed answers of `category`, built once and shared by every game that plays it."""
    return KnownAnswers.of(category)


@dataclass(frozen=True)
class BotSkills:
    """How the table of bots behaves; each number is a probability per opportunity."""

    know: float = 0.8
    """Chance of knowing a right answer for a letter in hand."""
    invent: float = 0.15
    """Chance of offering an unlisted answer the host cannot verify."""
    action: float = 0.3
    """Chance of playing an action card instead of answering."""
    challenge: float = 0.15
    """Chance that someone challenges an answer."""
    countdown: float = 0.05
    """Chance that someone calls the countdown on a slow player."""
    mistake: float = 0.1
    """Chance of a wrong answer, a repeat, a pass or a silence when stuck."""
    nonsense: bool = True
    """Whether wrong answers may be made-up words (spoken bots keep to real words)."""


class BotTable:
    """Chooses the next event for whoever should act in a game."""

    def __init__(self, game: CrackListGame, skills: BotSkills, rng: random.Random) -> None:
        self.game = game
        self.skills = skills
        self.rng = rng
        self.dice = Dice(rng)
        self._searched: Category | None = None
        """The category last searched for an answer."""
        self._known = NO_ANSWERS
        """The listed answers of `_searched`."""
        self._legal_now: dict[int, LegalMoves] = {}
        """The seats' legal moves read for the event being chosen."""

    def next_event(self) -> CrackListEvent:
        """The next thing someone at the table does."""
        self._legal_now = {}
        match self.game.state:
            case State.CHOOSING:
                return self._choose()
            case State.TURN:
                return self._hurry() or self._play(self.game.current)
            case State.ANSWERED:
                return self._after_answer()
            case _:
                return self._vote()

    # ----------------------------------------------------------------- the table

    def _name(self, seat: int) -> str:
        """The name of the player at `seat`."""
        return self.game.seats[seat].name

    def _others(self, seat: int) -> list[int]:
        """Every seat but `seat`."""
        return [other for other in range(len(self.game.seats)) if other != seat]

    def _moves(self, seat: int) -> LegalMoves:
        """The legal moves of the player at `seat` now."""
        if seat not in self._legal_now:
            self._legal_now[seat] = legal_moves(self.game, seat)
        return self._legal_now[seat]

    def _legal(self, seat: int, kind: type[M]) -> list[M]:
        """The legal moves of one kind of the player at `seat` now, in set words."""
        return [move for move in self._moves(seat).moves if isinstance(move, kind)]

    def _timeout(self) -> TimeUp:
        """The time of the running timer runs out."""
        return TimeUp(self.game.timer_token)

    def _hand(self, seat: int) -> list[str]:
        """The cards the player at `seat` plays from: with physical cards the host cannot see
        them, so the bot imagines a plausible hand of the same size."""
        hand = self.game.hands[seat]
        if self.game.config.cards != "physical":
            return hand
        return self.rng.sample(PRETEND_HAND, min(len(hand), len(PRETEND_HAND)))

    # ----------------------------------------------------------------- moves by state

    def _choose(self) -> CrackListEvent:
        """The chooser picks a category from the red card, or lets the time run out."""
        if self.dice.happens(CHOOSE_TIMEOUT):
            return self._timeout()
        choices = self._legal(self.game.chooser, ChooseCategory)
        return self.dice.pick(choices) if choices else self._timeout()

    def _hurry(self) -> CrackListEvent | None:
        """Someone challenges the answer still standing or calls the countdown on the player
        on turn; None when nobody does."""
        pending = self.game.pending
        if pending is not None:
            challenge = self._challenge(pending)
            if challenge is not None:
                return challenge
        if self.game.countdown_called or not self.dice.happens(self.skills.countdown):
            return None
        callers = [move for seat in self._others(self.game.current)
                   for move in self._legal(seat, CallCountdown)]
        return self.dice.pick(callers) if callers else None  # none in the turn's own share

    def _challenge(self, pending: PendingAnswer) -> Challenge | None:
        """Another player challenges the answer standing (its player, a refusal of it); None
        when nobody does or someone already has."""
        if pending.challenged:
            return None
        chance = self.skills.challenge
        if pending.verdict.accepted is None:
            chance *= UNCHECKED_CHALLENGE_FACTOR
        if not self.dice.happens(chance):
            return None
        if pending.refused:  # the answerer challenges the refusal of their answer
            return next(iter(self._legal(pending.seat, Challenge)), None)
        challengers = [move for seat in self._others(pending.seat)
                       for move in self._legal(seat, Challenge)]
        return self.dice.pick(challengers) if challengers else None

    def _after_answer(self) -> CrackListEvent:
        """After an answer stands: a challenge, the penalty handed out, or the next move."""
        pending = self.game.pending
        assert pending is not None
        challenge = self._challenge(pending)
        if challenge is not None:
            return challenge
        if pending.penalty_due:
            return self._penalise(pending)
        if pending.refused or self.dice.happens(WAIT_AFTER_ANSWER):
            return self._timeout()  # a refusal's window, or the table waits for the window
        if not self.game.hands[pending.seat]:
            return self._timeout()
        return self._play((pending.seat + self.game.direction) % len(self.game.seats))

    def _vote(self) -> CrackListEvent:
        """Someone who has not voted yet (never the answerer) votes, or the vote's time runs
        out."""
        voters = [seat for seat in range(len(self.game.seats)) if self._legal(seat, Vote)]
        if not voters or self.dice.happens(VOTE_TIMEOUT):
            return self._timeout()
        ballot = self._legal(self.dice.pick(voters), Vote)
        accept = self.dice.happens(VOTE_TO_ACCEPT)
        return next(vote for vote in ballot if vote.accept == accept)

    # ----------------------------------------------------------------- a player's turn

    def _play(self, seat: int) -> CrackListEvent:
        """The move of the player at `seat`: an action card, an answer, or what a stuck
        player does."""
        legal, hand = self._moves(seat), self._hand(seat)
        if not ACTION_CARDS.isdisjoint(hand):
            action = self._action(legal, hand)
            if action is not None:
                return action
        answer = self._answer(legal, hand)
        if answer is not None:
            return answer
        return self._stuck(legal, hand)

    def _action(self, legal: LegalMoves, hand: list[str]) -> CrackListEvent | None:
        """An action card from `hand`, or None when the bot answers instead."""
        if hand == [cards.SWAP] and self.dice.happens(self.skills.mistake):
            # A slip: a Swap as the last card hands the round to the other player.
            return self.dice.pick([move for move in legal.moves
                                   if isinstance(move, PlaySwap) and move.card is None])
        if not self.dice.happens(self.skills.action):
            return None
        card = self.dice.pick([card for card in hand if card in ACTION_CARDS])
        if card != cards.SWAP and (len(hand) > 1 or card != cards.CRACK_LIST):
            return next((move for move in legal.moves if type(move) is PLAYS[card]), None)
        if len(hand) == 1:  # a Crack List or Swap card is never played as the last card
            return None
        return self._swap(legal, hand)

    def _swap(self, legal: LegalMoves, hand: list[str]) -> PlaySwap:
        """A Swap card with another player: the whole hand when theirs is smaller than this
        one will be, else one card of `hand`."""
        swaps = [move for move in legal.moves if isinstance(move, PlaySwap) and move.card is None]
        swap = self.dice.pick(swaps)
        if len(self.game.hands[self.game.seat_index(swap.target)]) < len(hand) - 1:
            return swap
        give = self.dice.pick([card for card in hand if card != cards.SWAP] or [cards.SWAP])
        return PlaySwap(swap.player, swap.target, give)

    def _answer(self, legal: LegalMoves, hand: list[str]) -> Answer | None:
        """A listed answer on a letter in `hand` or on the Joker, or an invented one; None when
        the bot has none."""
        if not self.dice.happens(self.skills.know):
            return None
        answer = legal.open_answer
        assert answer is not None, "a player who may act may answer"
        known = self._known_answers()
        text = self._answer_not_given(known, known.initials.intersection(hand))
        if text is not None:
            named = text[0].upper() if self.dice.happens(NAME_THE_LETTER) else None
            return Answer(answer.player, text, letter=named)
        if cards.JOKER in hand:
            text = self._answer_not_given(known, known.initials)
            if text is not None:
                return Answer(answer.player, text, joker=True)
        return self._invented(answer, hand)

    def _known_answers(self) -> KnownAnswers:
        """The listed answers of the category in play."""
        category = self.game.category
        assert category is not None
        if category is not self._searched:
            self._searched, self._known = category, known_answers(category)
        return self._known

    def _answer_not_given(self, known: KnownAnswers, letters: Collection[str]) -> str | None:
        """A random listed answer starting with one of `letters` that nobody has given yet in
        this category."""
        if not letters:
            return None
        given = {text.lower() for text in self.game.given}
        return known.first_not_given(letters, given, start=self.dice.index(len(known.answers)))

    def _invented(self, answer: OpenAnswer, hand: list[str]) -> Answer | None:
        """A made-up answer on a letter in `hand` (one the host cannot verify), or None."""
        letters = sorted(LETTER_CARDS.intersection(hand))
        if not letters or not self.dice.happens(self.skills.invent):
            return None
        letter = self.dice.pick(letters)
        word = letter + self.dice.pick(NONSENSE).lower()[1:]
        return Answer(answer.player, word, letter=letter)

    def _stuck(self, legal: LegalMoves, hand: list[str]) -> CrackListEvent:
        """With no answer: a repeated or made-up one (the mistakes), a pass, or silence."""
        player = next(move.player for move in legal.moves if isinstance(move, Pass))
        roll = self.rng.random()
        if roll < self.skills.mistake and self.game.given:
            return Answer(player, self.dice.pick(self.game.given))
        if roll < 2 * self.skills.mistake and self.skills.nonsense:
            made_up = self._made_up(legal, hand)
            if made_up is not None:
                return made_up
        return Pass(player) if roll < PASS_WHEN_STUCK else self._timeout()

    def _made_up(self, legal: LegalMoves, hand: list[str]) -> Answer | None:
        """A made-up word said plainly where the rules judge it wrong; where a right answer
        would need a card the hand lacks, said on a letter held (a wrong letter), or None."""
        answer = legal.open_answer
        assert answer is not None, "a player who may act may answer"
        word = Answer(answer.player, self.dice.pick(NONSENSE))
        if legal.allows(word):
            return word
        letters = sorted(LETTER_CARDS.intersection(hand))
        return Answer(word.player, word.text, letters[0]) if letters else None

    # ----------------------------------------------------------------- penalties

    def _penalise(self, pending: PendingAnswer) -> CrackListEvent:
        """The player whose answer stands hands out its penalty cards, declines an optional
        penalty, or lets the time run out."""
        if self.dice.happens(PENALTY_TIMEOUT):
            return self._timeout()
        player = self._name(pending.seat)
        if pending.optional_penalty and self.dice.happens(DECLINE_OPTIONAL_PENALTY):
            return Penalise(player, ())
        return Penalise(player, self._share_out(pending.seat, pending.penalty))

    def _share_out(self, seat: int, penalty: int) -> tuple[tuple[str, int], ...]:
        """`penalty` cards shared among 1 to `penalty` random other players, at least one each."""
        others = self._others(seat)
        count = 1 + self.dice.index(min(penalty, len(others)))
        people = [others.pop(self.dice.index(len(others))) for _ in range(count)]
        shares = [1] * count
        for _ in range(penalty - count):
            shares[self.dice.index(count)] += 1
        return tuple((self._name(person), share) for person, share in zip(people, shares,
                                                                           strict=True))


def voice_bots(game: CrackListGame, rng: random.Random) -> BotTable:
    """Bots for a game by voice: they never invent answers nor talk nonsense, which a closed
    grammar cannot hear."""
    return BotTable(game, BotSkills(invent=0.0, nonsense=False), rng)
