"""Bot players for Crack List: they choose moves as people would, mistakes included."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain
from typing import TypeVar

from host.core.events import TimeUp
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
from host.games.crack_list.rules import CrackListGame, State

NONSENSE = ("Xyzzy", "Blorptastic", "Quibbleflux", "Snergle", "Wompus")
ACTIONS = (cards.STOP, cards.REVERSE, cards.SWAP, cards.CRACK_LIST)
ACTION_SET = frozenset(ACTIONS)
LETTER_CARDS = frozenset(cards.LETTERS)
PRETEND_HAND = (*cards.LETTERS, *ACTIONS, cards.JOKER)
"""The cards a bot imagines holding when the host cannot see its hand."""
_T = TypeVar("_T")

_TURN, _CHOOSING, _ANSWERED = State.TURN, State.CHOOSING, State.ANSWERED
"""States read in the hot loop, as module globals (an Enum member lookup costs more)."""


@dataclass(frozen=True)
class KnownAnswers:
    """A category's listed answers as the bots search them, in the deck's order."""

    texts: tuple[str, ...]
    """Each answer as listed."""
    lowers: tuple[str, ...]
    """Each answer in lower case."""
    first_letters: str
    """Each answer's upper-case initial, in one string (a scan reads one small buffer rather
    than an object per answer)."""
    initials: frozenset[str]
    """Every initial in `first_letters`."""


NO_ANSWERS = KnownAnswers((), (), "", frozenset())
_KNOWN: dict[int, tuple[Category, KnownAnswers]] = {}


def known_answers(category: Category) -> KnownAnswers:
    """The category's answers for bots, built once per category and shared by every game."""
    cached = _KNOWN.get(id(category))
    if cached is None or cached[0] is not category:
        texts = tuple(e.text for e in category.answers)
        firsts = "".join(text[0].upper() for text in texts)
        if len(_KNOWN) >= 4096:
            _KNOWN.clear()
        cached = _KNOWN[id(category)] = (
            category,
            KnownAnswers(texts, tuple(t.lower() for t in texts), firsts, frozenset(firsts)),
        )
    return cached[1]


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
        self._random = rng.random
        self._physical = game.config.cards == "physical"
        self._given_ref: list[str] | None = None
        self._given_len = 0
        self._given_set: set[str] = set()
        self._known: tuple[Category | None, KnownAnswers] = (None, NO_ANSWERS)
        self._names = [seat.name for seat in game.seats]
        seats = range(len(self._names))
        self._other_seats = [[i for i in seats if i != seat] for seat in seats]

    def next_event(self) -> CrackListEvent:
        """The next thing someone at the table does."""
        state = self.game.state
        if state is _TURN:
            return self._turn(self.game.current, True)
        if state is _CHOOSING:
            return self._choose()
        if state is _ANSWERED:
            return self._after_answer()
        return self._vote()

    def _pick(self, options: Sequence[_T]) -> _T:
        """One of `options` at random (rng.random() is C code; rng.choice is not)."""
        return options[int(self._random() * len(options))]

    def _timeout(self) -> TimeUp:
        return TimeUp(self.game.timer_token)

    def _choose(self) -> CrackListEvent:
        if self._random() < 0.02:
            return self._timeout()
        offered = self.game.offered
        count = len(offered.categories) if offered else 3
        return ChooseCategory(self._names[self.game.chooser], 1 + int(self._random() * count))

    def _turn(self, seat: int, may_hurry: bool = False) -> CrackListEvent:
        game, random = self.game, self._random
        if may_hurry:
            pending = game.pending
            if pending is not None and not pending.challenged:
                chance = self.skills.challenge * (3 if pending.verdict.accepted is None else 1)
                if random() < chance:
                    return Challenge(self._names[self._pick(self._other_seats[pending.seat])])
            if not game.countdown_called and random() < self.skills.countdown:
                return CallCountdown(self._names[self._pick(self._other_seats[seat])])
        hand = game.hands[seat]
        if self._physical:
            hand = self._pretend(len(hand))
        if not ACTION_SET.isdisjoint(hand):  # with no action card there is no action to play
            action = self._action(seat, hand)
            if action is not None:
                return action
        return self._answer(seat, hand) or self._stuck(seat)

    def _pretend(self, size: int) -> list[str]:
        """With physical cards the host can't see a bot's hand, so the bot holds a plausible
        hand of its own."""
        return self.rng.sample(PRETEND_HAND, min(size, len(PRETEND_HAND)))

    def _action(self, seat: int, hand: list[str]) -> CrackListEvent | None:
        if len(hand) == 1 and hand[0] == cards.SWAP and self._random() < self.skills.mistake:
            return PlaySwap(self._names[seat], self._names[self._pick(self._other_seats[seat])])
        if self._random() >= self.skills.action:
            return None
        card = self._pick([c for c in hand if c in ACTION_SET])
        player = self._names[seat]
        if card == cards.STOP:
            return PlayStop(player)
        if card == cards.REVERSE:
            return PlayReverse(player)
        if card == cards.CRACK_LIST:
            return PlayCrackList(player) if len(hand) > 1 else None
        if len(hand) == 1:
            return None
        target = self._pick(self._other_seats[seat])
        if len(self.game.hands[target]) < len(hand) - 1:
            return PlaySwap(player, self._names[target])
        give = self._pick([c for c in hand if c != cards.SWAP] or [cards.SWAP])
        return PlaySwap(player, self._names[target], give)

    def _answer(self, seat: int, hand: list[str]) -> CrackListEvent | None:
        if self._random() >= self.skills.know:
            return None
        category = self.game.category
        assert category is not None
        player = self._names[seat]
        text = self._known_answer(category, hand)
        if text is not None:
            named = text[0].upper() if self._random() < 0.3 else None
            return Answer(player, text, named)
        if cards.JOKER in hand:
            text = self._known_answer(category, None)
            if text is not None:
                return Answer(player, text, joker=True)
        letters = LETTER_CARDS.intersection(hand)
        if letters and self._random() < self.skills.invent:
            letter = self._pick(sorted(letters))
            return Answer(player, f"{letter}{self._pick(NONSENSE).lower()[1:]}", letter=letter)
        return None

    def _known_answer(self, category: Category, hand: list[str] | None) -> str | None:
        """A listed answer not given yet, starting with a letter card in `hand` (any when
        None)."""
        if self._known[0] is not category:
            self._known = (category, known_answers(category))
        known = self._known[1]
        texts = known.texts
        letters = None if hand is None else known.initials.intersection(hand)
        if not texts or (letters is not None and not letters):
            return None
        given = self.game.given
        if given is not self._given_ref or len(given) != self._given_len:
            self._catch_up(given)
        seen = self._given_set
        firsts, lowers = known.first_letters, known.lowers
        count = len(texts)
        start = int(self._random() * count)
        for i in chain(range(start, count), range(start)):  # from a random answer, round
            if (letters is None or firsts[i] in letters) and lowers[i] not in seen:
                return texts[i]
        return None

    def _catch_up(self, given: list[str]) -> None:
        """Bring the lower-cased set of answers given in this category up to date."""
        if given is self._given_ref and len(given) == self._given_len + 1:
            self._given_set.add(given[-1].lower())  # one more answer given
        else:
            self._given_set = {g.lower() for g in given}
        self._given_ref, self._given_len = given, len(given)

    def _stuck(self, seat: int) -> CrackListEvent:
        player = self._names[seat]
        roll = self._random()
        if roll < self.skills.mistake and self.game.given:
            return Answer(player, self._pick(self.game.given))
        if roll < 2 * self.skills.mistake and self.skills.nonsense:
            return Answer(player, self._pick(NONSENSE))
        return Pass(player) if roll < 0.5 else self._timeout()

    def _after_answer(self) -> CrackListEvent:
        game, random = self.game, self._random
        pending = game.pending
        assert pending is not None
        chance = self.skills.challenge * (3 if pending.verdict.accepted is None else 1)
        if not pending.challenged and random() < chance:
            return Challenge(self._names[self._pick(self._other_seats[pending.seat])])
        if pending.penalty:
            return self._penalise(pending.seat, pending.penalty, pending.optional_penalty)
        if random() < 0.2 or not game.hands[pending.seat]:
            return self._timeout()
        return self._turn((pending.seat + game.direction) % len(game.seats))

    def _penalise(self, seat: int, penalty: int, optional: bool) -> CrackListEvent:
        if self._random() < 0.05:
            return self._timeout()
        if optional and self._random() < 0.3:
            return Penalise(self._names[seat], ())
        pool = self._other_seats[seat].copy()
        people = [
            pool.pop(int(self._random() * len(pool)))
            for _ in range(1 + int(self._random() * min(penalty, len(pool))))
        ]
        shares = [1] * len(people)
        for _ in range(penalty - len(people)):
            shares[int(self._random() * len(people))] += 1
        return Penalise(
            self._names[seat],
            tuple((self._names[p], n) for p, n in zip(people, shares, strict=True)),
        )

    def _vote(self) -> CrackListEvent:
        voters = [i for i in range(len(self.game.seats)) if i not in self.game.votes]
        if not voters or self._random() < 0.05:
            return self._timeout()
        return Vote(self._names[self._pick(voters)], self._random() < 0.55)
