"""Bot players for Crack List: they choose moves as people would, mistakes included.

Every random choice draws `rng.random()` (`_index`, `_pick`, `_happens`), one draw per choice
in a fixed order, so a seed always plays the same game.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Collection
from dataclasses import dataclass

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
    Pass,
    Penalise,
    PlayCrackList,
    PlayReverse,
    PlayStop,
    PlaySwap,
    Vote,
)
from host.games.crack_list.rules import CrackListGame, PendingAnswer, State

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

    def next_event(self) -> CrackListEvent:
        """The next thing someone at the table does."""
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

    def _someone_else(self, seat: int) -> str:
        """The name of a random player other than the one at `seat`."""
        return self._name(self.dice.pick(self._others(seat)))

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
        offered = self.game.offered
        count = len(offered.categories) if offered else 3
        return ChooseCategory(self._name(self.game.chooser), 1 + self.dice.index(count))

    def _hurry(self) -> CrackListEvent | None:
        """Someone challenges the answer still standing or calls the countdown on the player
        on turn; None when nobody does."""
        pending = self.game.pending
        if pending is not None:
            challenge = self._challenge(pending)
            if challenge is not None:
                return challenge
        if not self.game.countdown_called and self.dice.happens(self.skills.countdown):
            return CallCountdown(self._someone_else(self.game.current))
        return None

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
        if pending.refused:
            return Challenge(self._name(pending.seat))
        return Challenge(self._someone_else(pending.seat))

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
        votes, pending = self.game.votes, self.game.pending
        answerer = pending.seat if pending is not None else None
        voters = [seat for seat in range(len(self.game.seats))
                  if seat not in votes and seat != answerer]
        if not voters or self.dice.happens(VOTE_TIMEOUT):
            return self._timeout()
        return Vote(self._name(self.dice.pick(voters)), accept=self.dice.happens(VOTE_TO_ACCEPT))

    # ----------------------------------------------------------------- a player's turn

    def _play(self, seat: int) -> CrackListEvent:
        """The move of the player at `seat`: an action card, an answer, or what a stuck
        player does."""
        hand = self._hand(seat)
        if not ACTION_CARDS.isdisjoint(hand):
            action = self._action(seat, hand)
            if action is not None:
                return action
        answer = self._answer(seat, hand)
        if answer is not None:
            return answer
        return self._stuck(seat)

    def _action(self, seat: int, hand: list[str]) -> CrackListEvent | None:
        """An action card from `hand`, or None when the bot answers instead."""
        if hand == [cards.SWAP] and self.dice.happens(self.skills.mistake):
            # A slip: a Swap as the last card hands the round to the other player.
            return PlaySwap(self._name(seat), self._someone_else(seat))
        if not self.dice.happens(self.skills.action):
            return None
        card = self.dice.pick([card for card in hand if card in ACTION_CARDS])
        player = self._name(seat)
        if card == cards.STOP:
            return PlayStop(player)
        if card == cards.REVERSE:
            return PlayReverse(player)
        if len(hand) == 1:  # a Crack List or Swap card is never played as the last card
            return None
        if card == cards.CRACK_LIST:
            return PlayCrackList(player)
        return self._swap(seat, hand)

    def _swap(self, seat: int, hand: list[str]) -> PlaySwap:
        """A Swap card with another player: the whole hand when theirs is smaller than this
        one will be, else one card of `hand`."""
        target = self.dice.pick(self._others(seat))
        player, other = self._name(seat), self._name(target)
        if len(self.game.hands[target]) < len(hand) - 1:
            return PlaySwap(player, other)
        give = self.dice.pick([card for card in hand if card != cards.SWAP] or [cards.SWAP])
        return PlaySwap(player, other, give)

    def _answer(self, seat: int, hand: list[str]) -> Answer | None:
        """A listed answer on a letter in `hand` or on the Joker, or an invented one; None when
        the bot has none."""
        if not self.dice.happens(self.skills.know):
            return None
        known = self._known_answers()
        player = self._name(seat)
        text = self._answer_not_given(known, known.initials.intersection(hand))
        if text is not None:
            named = text[0].upper() if self.dice.happens(NAME_THE_LETTER) else None
            return Answer(player, text, letter=named)
        if cards.JOKER in hand:
            text = self._answer_not_given(known, known.initials)
            if text is not None:
                return Answer(player, text, joker=True)
        return self._invented(seat, hand)

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

    def _invented(self, seat: int, hand: list[str]) -> Answer | None:
        """A made-up answer on a letter in `hand` (one the host cannot verify), or None."""
        letters = sorted(LETTER_CARDS.intersection(hand))
        if not letters or not self.dice.happens(self.skills.invent):
            return None
        letter = self.dice.pick(letters)
        word = letter + self.dice.pick(NONSENSE).lower()[1:]
        return Answer(self._name(seat), word, letter=letter)

    def _stuck(self, seat: int) -> CrackListEvent:
        """With no answer: a repeated or made-up one (the mistakes), a pass, or silence."""
        player = self._name(seat)
        roll = self.rng.random()
        if roll < self.skills.mistake and self.game.given:
            return Answer(player, self.dice.pick(self.game.given))
        if roll < 2 * self.skills.mistake and self.skills.nonsense:
            return Answer(player, self.dice.pick(NONSENSE))
        return Pass(player) if roll < PASS_WHEN_STUCK else self._timeout()

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
