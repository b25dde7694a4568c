"""Crack List rules as a pure model driven by a `transitions` state machine.

The game receives events (host.games.crack_list_events) and returns notes (host.games.common.Note)
that the host speaks. It never sleeps, reads files or plays audio: randomness comes in as a
`random.Random`, time comes in as `TimeUp` events for the timers it asks for in "timer" notes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import partial
from typing import Any, Literal, Protocol

from host.decks import Category, CategoryCard
from host.games import crack_list_cards as cards
from host.games.common import IllegalEvent, Note, RulesMachine, Seat, TimeUp
from host.games.crack_list_cards import PENALTY, BlueDeckMix, DeckCheck
from host.games.crack_list_events import (
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
from host.judge import Reason, Verdict


class State(Enum):
    """Where the game stands."""

    CHOOSING = "choosing"
    """The chooser picks one of the three categories on a red card."""
    TURN = "turn"
    """The current player has the turn timer running; the previous answer may be challenged
    until they act."""
    ANSWERED = "answered"
    """A penalty letter waits for its targets, or a last card for any challenge."""
    VOTING = "voting"
    """A challenged, unverifiable answer is being voted on."""
    OVER = "over"
    """The game has a winner."""

    # Members are singletons compared by identity: hash them by identity too, in C (Enum's
    # own __hash__ is Python code, and the game looks states up on every event).
    __hash__ = object.__hash__


S = State
_PLAYING = frozenset((S.TURN, S.ANSWERED, S.VOTING))
# Module constants for the hot paths: reading State.TURN goes through the Enum metaclass
# (some 100 ns a time), a module global does not.
_CHOOSING, _TURN, _ANSWERED, _VOTING, _OVER = S.CHOOSING, S.TURN, S.ANSWERED, S.VOTING, S.OVER
_PENALTY_KINDS = ("penalty_0", "penalty_1", "penalty_2", "penalty_3")
TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "to_turn", "source": [S.CHOOSING, S.TURN, S.ANSWERED, S.VOTING], "dest": S.TURN},
    {"trigger": "to_answered", "source": [S.TURN, S.VOTING], "dest": S.ANSWERED},
    {"trigger": "to_voting", "source": [S.TURN, S.ANSWERED], "dest": S.VOTING},
    {
        "trigger": "to_choosing",
        "source": [S.TURN, S.ANSWERED, S.VOTING, S.CHOOSING],
        "dest": S.CHOOSING,
    },
    {"trigger": "to_over", "source": [S.TURN, S.ANSWERED, S.VOTING, S.CHOOSING], "dest": S.OVER},
]


# One machine drives every game: building a Machine per game costs more than a whole turn.
_MACHINE = RulesMachine(
    model=None,
    states=State,
    transitions=TRANSITIONS,
    initial=State.CHOOSING,
    auto_transitions=False,
    queued=True,
)


class AnswerJudge(Protocol):
    """What the game needs from the judge (host.judge.Judge)."""

    def judge(
        self,
        category: Category,
        answer: str,
        *,
        letter: str | None = None,
        given: Sequence[str] = (),
    ) -> Verdict:
        """Decide whether an answer counts in a category."""
        ...


@dataclass(frozen=True)
class CrackListConfig:
    """Table settings; the defaults are the rulebook's."""

    seats: tuple[Seat, ...]
    cards: Literal["virtual", "physical"] = "virtual"
    hand_size: int = 8
    rounds: int = 3
    first: int = 0
    """Seat index of the player who chooses the first category (the youngest)."""
    turn_seconds: float = 20.0
    countdown_seconds: float = 5.0
    challenge_seconds: float = 5.0
    vote_seconds: float = 20.0
    choose_seconds: float = 30.0
    penalty_seconds: float = 15.0
    blue: BlueDeckMix = field(default_factory=BlueDeckMix)

    def timer_seconds(self, name: str) -> float:
        """How long the timer called `name` runs ("turn", "choose", "vote", ...)."""
        seconds = {
            "turn": self.turn_seconds,
            "choose": self.choose_seconds,
            "vote": self.vote_seconds,
            "penalty": self.penalty_seconds,
            "countdown": self.countdown_seconds,
            "challenge": self.challenge_seconds,
        }
        return seconds.get(name, self.turn_seconds)

    def validate(self) -> None:
        """Raise ValueError when the table cannot play."""
        names = [seat.name.lower() for seat in self.seats]
        if not 2 <= len(self.seats) <= 10:
            raise ValueError("Crack List needs 2 to 10 players or teams")
        if len(set(names)) != len(names):
            raise ValueError("every player needs a different name")
        if sum(len(seat.people) for seat in self.seats) > 20:
            raise ValueError("at most 20 people can play, in teams of 2 or 3")
        if any(len(seat.members) > 3 for seat in self.seats):
            raise ValueError("teams have 2 or 3 people")
        if not 0 <= self.first < len(self.seats):
            raise ValueError("the first chooser must be one of the players")
        if self.rounds < 1 or self.hand_size < 1:
            raise ValueError("rounds and hand size must be at least 1")
        self.blue.validate()
        if self.blue.size <= self.hand_size * len(self.seats):
            raise ValueError("the blue deck is too small to deal to every player")


@dataclass(slots=True)
class PendingAnswer:
    """The answer that stands while others may challenge it."""

    seat: int
    text: str
    verdict: Verdict
    card: str
    penalty: int
    optional_penalty: bool
    challenged: bool = False


class CrackListGame:
    """One game of Crack List: call start(), then handle() each event."""

    state: State
    # Triggers the shared state machine attaches to every game (see TRANSITIONS).
    to_turn: Callable[[], bool]
    to_answered: Callable[[], bool]
    to_voting: Callable[[], bool]
    to_choosing: Callable[[], bool]
    to_over: Callable[[], bool]

    def __init__(
        self,
        config: CrackListConfig,
        category_cards: Sequence[CategoryCard],
        judge: AnswerJudge,
        rng: random.Random,
    ) -> None:
        config.validate()
        if not category_cards:
            raise ValueError("the category deck is empty")
        self.config = config
        self.seats = config.seats
        self.judge = judge
        self.rng = rng
        self.red_pile = list(category_cards)
        rng.shuffle(self.red_pile)
        self.red_used: list[CategoryCard] = []
        self.draw_pile: list[str] = []
        self.played: list[str] = []
        self.hands: list[list[str]] = [[] for _ in self.seats]
        self.rounds_won = [0] * len(self.seats)
        self.round_no = 0
        self.current = 0
        self.direction = 1
        self.chooser = config.first
        self.after_choice: Literal["next", "resume"] = "next"
        self.offered: CategoryCard | None = None
        self.category: Category | None = None
        self.given: list[str] = []
        self.fails_in_row = 0
        self.countdown_called = False
        self.pending: PendingAnswer | None = None
        self.votes: dict[int, bool] = {}
        self.vote_from = State.ANSWERED
        self.timer_token = 0
        self.timer_name = ""
        self.winner: int | None = None
        self.last_round_piles: tuple[list[str], ...] = ()
        """The draw pile, played pile and hands as the last round ended (the next deal makes
        new lists), for check_last_round()."""
        self._notes: list[Note] = []
        # index + 1, so that a found seat is never falsy
        self._seat_by_name = {seat.name: i + 1 for i, seat in enumerate(self.seats)}
        self._seat_by_name.update({seat.name.lower(): i + 1 for i, seat in enumerate(self.seats)})
        self._seat_exact = {seat.name: i for i, seat in enumerate(self.seats)}
        self._deck = DeckCheck(config.blue.cards())
        self._deck_size = self._deck.size
        self._seat_count = len(self.seats)
        self._names = [seat.name for seat in self.seats]
        self._physical = config.cards == "physical"
        self._virtual = config.cards == "virtual"
        self._handlers = self._handler_table()
        _MACHINE.add_model(self, initial=State.CHOOSING)

    def close(self) -> None:
        """Detach the game from the shared state machine (call when done with many games).

        The handler table and the triggers the machine attached hold the game itself: they are
        dropped too, so a closed game is freed as soon as it is let go, not at the next
        garbage collection (a simulation plays thousands of games).
        """
        _MACHINE.remove_model(self)
        self._handlers = {}
        for name, value in list(vars(self).items()):
            if isinstance(value, partial) and any(arg is self for arg in value.args):
                delattr(self, name)

    # ----------------------------------------------------------------- public API

    def start(self) -> list[Note]:
        """Deal the first round and offer the first category card."""
        self._start_round()
        return self._flush()

    def handle(self, event: CrackListEvent) -> list[Note]:
        """Apply an event; a refused event yields one "refused" note and changes nothing."""
        pending = self.pending
        try:
            handler = self._handlers.get((self.state, type(event)))
            if handler is None:
                handler = self._handler(event)
            handler(event)
        except IllegalEvent as refusal:
            # Refusals are raised before anything moves, except that an act by the next player
            # closes the challenge window: a refused act must not.
            self.pending = pending
            self._notes.clear()
            return [refusal.note()]
        notes, self._notes = self._notes, []
        return notes

    def push(self, event: CrackListEvent) -> list[Note]:
        """Apply an event, raising IllegalEvent when the rules refuse it."""
        self._handler(event)(event)
        return self._flush()

    def seat_index(self, name: str) -> int:
        """The index of the seat called `name` (case-insensitive), or IllegalEvent."""
        index = self._seat_by_name.get(name) or self._seat_by_name.get(name.strip().lower())
        if index is None:
            raise IllegalEvent("unknown_player", player=name)
        return index - 1

    def expected_player(self) -> str | None:
        """Who the host is waiting for, when it is one player."""
        if self.state is _CHOOSING:
            return self.seats[self.chooser].name
        if self.state is _TURN:
            return self.seats[self.current].name
        if self.state is _ANSWERED and self.pending is not None:
            if self.pending.penalty and not self.pending.optional_penalty:
                return self.seats[self.pending.seat].name
            return self.seats[self._step(self.current, 1)].name
        return None

    def hand_sizes(self) -> dict[str, int]:
        """How many cards each seat holds."""
        return {seat.name: len(hand) for seat, hand in zip(self.seats, self.hands, strict=True)}

    def check_invariants(self, *, exact: bool = True) -> list[str]:
        """Return what is wrong with the game's state (empty when all is well).

        Always O(seats): the blue cards are counted (78 across hands, draw and played piles),
        the turn and direction are checked. When `exact`, the cards themselves are compared
        with the deck, card by card (in virtual play).
        """
        total = len(self.draw_pile) + len(self.played) + sum(map(len, self.hands))
        if (
            total == self._deck_size
            and not exact
            and 0 <= self.current < self._seat_count
            and (self.direction == 1 or self.direction == -1)
            and (self.category is not None or self.state not in _PLAYING)
        ):
            return []  # the common case, checked in one breath
        problems = self._card_problems((self.draw_pile, self.played, *self.hands), exact)
        if not 0 <= self.current < len(self.seats):
            problems.append(f"current seat {self.current} out of range")
        if self.direction != 1 and self.direction != -1:
            problems.append(f"bad direction {self.direction}")
        if self.category is None and self.state in _PLAYING:
            problems.append("playing without a category")
        return problems

    def check_last_round(self) -> list[str]:
        """What was wrong, card by card, with the piles as the last round ended (before the
        next deal replaced them); empty when all was well or no round has ended."""
        return self._card_problems(self.last_round_piles, exact=True)

    def _card_problems(self, piles: Sequence[list[str]], exact: bool) -> list[str]:
        total = sum(map(len, piles))
        problems = []
        if piles and total != self._deck.size:
            problems.append(f"blue cards not conserved: {total} != {self._deck.size}")
        if exact and piles and self._virtual and not self._deck.same_cards(piles):
            problems.append("the blue deck's cards changed")
        return problems

    # ----------------------------------------------------------------- dispatch

    def _handler_table(self) -> dict[tuple[State, type], Callable[[Any], None]]:
        return {
            (S.CHOOSING, ChooseCategory): self._on_choose,
            (S.CHOOSING, TimeUp): self._on_choose_timeout,
            (S.TURN, Answer): self._on_answer,
            (S.TURN, PlayCrackList): self._on_crack_list,
            (S.TURN, PlayStop): self._on_stop,
            (S.TURN, PlayReverse): self._on_reverse,
            (S.TURN, PlaySwap): self._on_swap,
            (S.TURN, Pass): self._on_pass,
            (S.TURN, CallCountdown): self._on_countdown,
            (S.TURN, TimeUp): self._on_turn_timeout,
            (S.TURN, Challenge): self._on_challenge,
            (S.ANSWERED, Challenge): self._on_challenge,
            (S.ANSWERED, Penalise): self._on_penalise,
            (S.ANSWERED, TimeUp): self._on_window_timeout,
            (S.VOTING, Vote): self._on_vote,
            (S.VOTING, TimeUp): self._on_vote_timeout,
        }

    def _handler(self, event: CrackListEvent) -> Callable[[Any], None]:
        handler = self._handlers.get((self.state, type(event)))
        if handler is not None:
            return handler
        if self.state is _OVER:
            raise IllegalEvent("game_over")
        if self.state is _ANSWERED and isinstance(
            event, (Answer, PlayCrackList, PlayStop, PlayReverse, PlaySwap, Pass)
        ):
            return self._on_next_player_acts
        if isinstance(event, TimeUp):
            raise IllegalEvent("stale_timer")
        raise IllegalEvent(f"not_now_{type(event).__name__.lower()}", state=self.state.value)

    def _flush(self) -> list[Note]:
        notes, self._notes = self._notes, []
        return notes

    def _say(self, kind: str, **params: Any) -> None:
        self._notes.append(Note(kind, params))

    def _arm(self, name: str, seconds: float) -> None:
        self.timer_token += 1
        self.timer_name = name
        self._notes.append(
            Note("timer", {"name": name, "seconds": seconds, "token": self.timer_token})
        )

    def _check_timer(self, event: TimeUp) -> None:
        if event.token != self.timer_token:
            raise IllegalEvent("stale_timer")

    def _seat_of(self, name: str) -> int:
        index = self._seat_exact.get(name)
        return self.seat_index(name) if index is None else index

    def _require_turn(self, player: str) -> int:
        """Check it is their turn; once they act, the last answer can no longer be challenged."""
        index = self._seat_of(player)
        if index != self.current:
            raise IllegalEvent(
                "not_your_turn", player=self._names[index], turn=self._names[self.current]
            )
        if self.state is _TURN:
            self.pending = None
        return index

    def _step(self, index: int, steps: int) -> int:
        return (index + self.direction * steps) % len(self.seats)

    # ----------------------------------------------------------------- rounds and categories

    def _start_round(self) -> None:
        self.round_no += 1
        deck = self.config.blue.cards()
        self.rng.shuffle(deck)
        if self._physical:
            deck = [cards.HIDDEN] * len(deck)
        size = self.config.hand_size
        self.hands = [deck[i * size : (i + 1) * size] for i in range(len(self.seats))]
        self.draw_pile = deck[size * len(self.seats) :]
        self.played = []
        self.direction = 1
        self._say(
            "round_started",
            round=self.round_no,
            rounds=self.config.rounds,
            hand_size=size,
            chooser=self._names[self.chooser],
        )
        self._offer_category("next")

    def _offer_category(self, after: Literal["next", "resume"]) -> None:
        if not self.red_pile:
            self.red_pile, self.red_used = self.red_used, []
            self.rng.shuffle(self.red_pile)
            self._say("red_reshuffle")
        self.offered = self.red_pile.pop()
        self.red_used.append(self.offered)
        self.after_choice = after
        self.pending = None
        self.countdown_called = False
        if self.state is not _CHOOSING:
            self.to_choosing()
        titles = [category.title for category in self.offered.categories]
        self._say("category_card", player=self._names[self.chooser], titles=titles)
        self._arm("choose", self.config.choose_seconds)

    def _on_choose(self, event: ChooseCategory) -> None:
        index = self._seat_of(event.player)
        if index != self.chooser:
            raise IllegalEvent(
                "not_your_choice", player=self._names[index], chooser=self._names[self.chooser]
            )
        assert self.offered is not None
        if not 1 <= event.choice <= len(self.offered.categories):
            raise IllegalEvent("no_such_category", choice=event.choice)
        self._choose(event.choice - 1)

    def _on_choose_timeout(self, event: TimeUp) -> None:
        self._check_timer(event)
        assert self.offered is not None
        self._say("choose_timeout", player=self._names[self.chooser])
        self._choose(self.rng.randrange(len(self.offered.categories)))

    def _choose(self, position: int) -> None:
        assert self.offered is not None
        self.category = self.offered.categories[position]
        self.given = []
        self.fails_in_row = 0
        self._say("category_chosen", player=self._names[self.chooser], category=self.category.title)
        if self.after_choice == "next":
            self.current = self._step(self.chooser, 1)
        self._begin_turn("after_choice")

    def _begin_turn(self, how: str, keep_pending: bool = False) -> None:
        self.countdown_called = False
        if not keep_pending:
            self.pending = None
        if self.state is not _TURN:
            self.to_turn()
        current = self.current
        self._notes.append(
            Note("turn", {"player": self._names[current], "how": how,
                          "cards": len(self.hands[current])})
        )
        self._arm("turn", self.config.turn_seconds)

    def _next_turn(self, steps: int = 1, keep_pending: bool = False) -> None:
        self.current = self._step(self.current, steps)
        self._begin_turn("skip" if steps == 2 else "next", keep_pending)

    # ----------------------------------------------------------------- answers

    def _on_answer(self, event: Answer) -> None:
        seat = self._require_turn(event.player)
        assert self.category is not None
        hand = self.hands[seat]
        physical = self._physical
        if event.joker and not physical and cards.JOKER not in hand:
            raise IllegalEvent("no_such_card", card="Joker")
        letter = None if event.joker else (event.letter.upper() if event.letter else None)
        if letter and not physical and letter not in hand:
            raise IllegalEvent("no_such_card", card=letter)
        verdict = self.judge.judge(self.category, event.text, letter=letter, given=self.given)
        if verdict.accepted is False:
            self._answer_fails(seat, event.text, verdict)
            return
        if event.joker or letter:
            card: str | None = cards.JOKER if event.joker else letter
        else:
            card = self._card_for(hand, verdict, physical)
        if card is None:
            raise IllegalEvent(
                "no_card_for_answer", answer=event.text, letters="".join(verdict.letters)
            )
        self._play(seat, card)
        self.given.append(verdict.matched or event.text)
        self.fails_in_row = 0
        self._stand(seat, event.text, verdict, card)

    @staticmethod
    def _card_for(hand: list[str], verdict: Verdict, physical: bool) -> str | None:
        """The letter card an answer is played with when the player did not name one."""
        if physical:
            return verdict.letters[0] if verdict.letters else None
        playable = [x for x in verdict.letters if x in hand]
        if len(playable) < 2:
            return playable[0] if playable else None
        # With two playable letters (an article), spend the one that hurts the others most.
        return max(playable, key=cards.penalty_of)

    def _play(self, seat: int, card: str) -> None:
        hand = self.hands[seat]
        hand.remove(cards.HIDDEN if self._physical else card)
        self.played.append(card)

    def _stand(self, seat: int, text: str, verdict: Verdict, card: str) -> None:
        if card == cards.JOKER:
            penalty = max(map(cards.penalty_of, verdict.letters), default=0)
            self._say("joker", player=self._names[seat], answer=text)
        else:
            penalty = PENALTY.get(card, 0)  # cards are upper case
        self.pending = PendingAnswer(seat, text, verdict, card, penalty, card == cards.JOKER)
        self._notes.append(
            Note("answer_accepted", {
                "player": self._names[seat],
                "answer": verdict.matched or text,
                "card": card,
                "unverified": verdict.accepted is None,
                "penalty": penalty,
                "cards": len(self.hands[seat]),
            })
        )
        if penalty:
            self.to_answered()
            self._say(
                "ask_penalty",
                player=self._names[seat],
                penalty=penalty,
                optional=card == cards.JOKER,
            )
            self._arm("penalty", self.config.penalty_seconds)
        elif not self.hands[seat]:
            self.to_answered()
            self._say("last_card_window", player=self._names[seat])
            self._arm("challenge", self.config.challenge_seconds)
        else:
            self._next_turn(1, True)

    def _answer_fails(self, seat: int, text: str, verdict: Verdict) -> None:
        kind = "answer_duplicate" if verdict.reason is Reason.DUPLICATE else "answer_wrong"
        self._say(kind, player=self._names[seat], answer=text, reason=verdict.reason.value)
        self._fail(seat)

    def _fail(self, seat: int) -> None:
        """The player failed the category: they draw a card, and the table may be stuck."""
        self._draw(seat, 1)
        self.fails_in_row += 1
        if not self._abandon_if_stuck(self._step(seat, 1)):
            self.current = seat
            self._next_turn()

    def _abandon_if_stuck(self, resume_with: int) -> bool:
        """When every player has failed in a row, drop the category; True if it was dropped."""
        if self.fails_in_row < len(self.seats):
            return False
        self._say(
            "category_abandoned",
            category=self.category.title if self.category else "",
            chooser=self._names[self.chooser],
        )
        self.current = resume_with
        self._offer_category("resume")
        return True

    def _on_pass(self, event: Pass) -> None:
        seat = self._require_turn(event.player)
        self._say("pass", player=self._names[seat])
        self._fail(seat)

    def _on_turn_timeout(self, event: TimeUp) -> None:
        self._check_timer(event)
        if self.countdown_called:
            self._say("countdown_expired", player=self._names[self.current])
        self._say("timeout", player=self._names[self.current])
        self._fail(self.current)

    def _on_countdown(self, event: CallCountdown) -> None:
        caller = self._seat_of(event.player)
        if caller == self.current:
            raise IllegalEvent("own_countdown", player=self._names[caller])
        if self.countdown_called:
            raise IllegalEvent("countdown_running")
        self.countdown_called = True
        self._say("countdown", caller=self._names[caller], player=self._names[self.current])
        self._arm("countdown", self.config.countdown_seconds)

    # ----------------------------------------------------------------- penalties

    def _on_penalise(self, event: Penalise) -> None:
        pending = self._pending()
        seat = self._seat_of(event.player)
        if seat != pending.seat or not pending.penalty:
            raise IllegalEvent("no_penalty_to_give", player=self._names[seat])
        targets = self._share_rest(
            pending.penalty, [(self._seat_of(name), count) for name, count in event.targets]
        )
        self._validate_penalty(seat, pending, targets)
        for target, count in targets:
            self._draw(target, count, True)
        if targets:
            self._say(
                _PENALTY_KINDS[pending.penalty],
                player=self._names[seat],
                targets=[(self._names[t], n) for t, n in targets],
            )
        else:
            self._say("penalty_declined", player=self._names[seat])
        pending.penalty = 0
        self._close_window()

    @staticmethod
    def _share_rest(penalty: int, targets: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Targets named without a number ("all to Cat") share what the others leave."""
        open_targets = [t for t, count in targets if count == 0]
        if not open_targets:
            return targets
        rest = penalty - sum(count for _, count in targets)
        share, extra = divmod(max(rest, 0), len(open_targets))
        shares = {t: share + (1 if i < extra else 0) for i, t in enumerate(open_targets)}
        return [(t, count or shares[t]) for t, count in targets]

    def _validate_penalty(
        self, seat: int, pending: PendingAnswer, targets: list[tuple[int, int]]
    ) -> None:
        if not targets and pending.optional_penalty:
            return
        people = [target for target, _ in targets]
        counts = [count for _, count in targets]
        total = sum(counts)
        if seat in people:
            raise IllegalEvent("penalty_self")
        if len(set(people)) != len(people) or (counts and min(counts) < 1):
            raise IllegalEvent("penalty_split", penalty=pending.penalty)
        if total != pending.penalty or len(people) > pending.penalty:
            raise IllegalEvent("penalty_total", penalty=pending.penalty, total=total)

    def _pending(self) -> PendingAnswer:
        if self.pending is None:
            raise IllegalEvent("nothing_pending")
        return self.pending

    def _on_window_timeout(self, event: TimeUp) -> None:
        self._check_timer(event)
        pending = self._pending()
        if pending.penalty and not pending.optional_penalty:
            target = self._step(pending.seat, 1)
            self._draw(target, pending.penalty, True)
            self._say(
                _PENALTY_KINDS[pending.penalty],
                player=self._names[pending.seat],
                targets=[(self._names[target], pending.penalty)],
                automatic=True,
            )
        self._close_window()

    def _on_next_player_acts(
        self, event: Answer | PlayCrackList | PlayStop | PlayReverse | PlaySwap | Pass
    ) -> None:
        pending = self._pending()
        if pending.penalty and not pending.optional_penalty:
            raise IllegalEvent("waiting_for_penalty", player=self._names[pending.seat])
        if self._seat_of(event.player) != self._step(pending.seat, 1):
            raise IllegalEvent(
                "not_your_turn", player=event.player, turn=self._names[self._step(pending.seat, 1)]
            )
        self._close_window()
        if self.state is _TURN:
            self._handler(event)(event)

    def _close_window(self) -> None:
        pending = self._pending()
        self.pending = None
        if not self.hands[pending.seat]:
            self._win_round(pending.seat)
        else:
            self.current = pending.seat
            self._next_turn()

    # ----------------------------------------------------------------- challenges

    def _on_challenge(self, event: Challenge) -> None:
        pending = self._pending()
        challenger = self._seat_of(event.player)
        if challenger == pending.seat:
            raise IllegalEvent("own_challenge")
        if pending.challenged:
            raise IllegalEvent("already_challenged")
        pending.challenged = True
        self._say(
            "challenge",
            player=self._names[challenger],
            answerer=self._names[pending.seat],
            answer=pending.text,
        )
        if pending.verdict.accepted:
            self._say("challenge_settled_by_list", answer=pending.verdict.matched or pending.text)
            self._rearm()
            return
        self.votes = {}
        self.vote_from = self.state
        self.to_voting()
        self._say("vote_open", answer=pending.text, answerer=self._names[pending.seat])
        self._arm("vote", self.config.vote_seconds)

    def _rearm(self) -> None:
        """Restart the timer of the state the game is in (after a challenge interrupted it)."""
        self._arm(self.timer_name, self.config.timer_seconds(self.timer_name))

    def _on_vote(self, event: Vote) -> None:
        voter = self._seat_of(event.player)
        if voter in self.votes:
            raise IllegalEvent("already_voted", player=self._names[voter])
        self.votes[voter] = event.accept
        self._say("vote", player=self._names[voter], accept=event.accept)
        if len(self.votes) == len(self.seats):
            self._settle_vote()

    def _on_vote_timeout(self, event: TimeUp) -> None:
        self._check_timer(event)
        self._settle_vote()

    def _settle_vote(self) -> None:
        pending = self._pending()
        yes = sum(self.votes.values())
        no = len(self.votes) - yes
        # A tied vote lets the answer stand: the table could not agree it was wrong.
        if yes >= no:
            self._say("vote_upheld", answer=pending.text, yes=yes, no=no)
            self._back_from_vote()
            return
        self._say(
            "vote_rejected", answer=pending.text, player=self._names[pending.seat], yes=yes, no=no
        )
        self._unplay(pending)
        self.pending = None
        if self.vote_from is _ANSWERED:
            self._fail(pending.seat)
            return
        self._draw(pending.seat, 1)
        self.fails_in_row += 1
        if not self._abandon_if_stuck(self.current):
            self._back_from_vote()

    def _back_from_vote(self) -> None:
        if self.vote_from is _TURN:
            self.to_turn()
            self._arm("turn", self.config.turn_seconds)
        else:
            self.to_answered()
            self._rearm()

    def _unplay(self, pending: PendingAnswer) -> None:
        card = self.played.pop()
        self.hands[pending.seat].append(cards.HIDDEN if self._physical else card)
        given = pending.verdict.matched or pending.text
        if given in self.given:
            self.given.remove(given)

    # ----------------------------------------------------------------- action cards

    def _play_action(self, player: str, card: str) -> int:
        seat = self._require_turn(player)
        if self._virtual and card not in self.hands[seat]:
            raise IllegalEvent("no_such_card", card=card)
        if card == cards.CRACK_LIST and len(self.hands[seat]) == 1:
            raise IllegalEvent("crack_list_last_card")
        self._play(seat, card)
        return seat

    def _on_crack_list(self, event: PlayCrackList) -> None:
        seat = self._play_action(event.player, cards.CRACK_LIST)
        self._say("crack_list_card", player=self._names[seat])
        self.chooser = seat
        self.current = seat
        self._offer_category("next")

    def _on_stop(self, event: PlayStop) -> None:
        seat = self._play_action(event.player, cards.STOP)
        skipped = self._step(seat, 1)
        self._say("stop", player=self._names[seat], skipped=self._names[skipped])
        self._after_action(seat, steps=2)

    def _on_reverse(self, event: PlayReverse) -> None:
        seat = self._play_action(event.player, cards.REVERSE)
        self.direction = -self.direction
        self._say(
            "reverse",
            player=self._names[seat],
            direction="clockwise" if self.direction == 1 else "anticlockwise",
        )
        self._after_action(seat, steps=1)

    def _after_action(self, seat: int, steps: int) -> None:
        if not self.hands[seat]:
            self._win_round(seat)
        else:
            self._next_turn(steps)

    def _on_swap(self, event: PlaySwap) -> None:
        seat = self._seat_of(event.player)
        target = self._seat_of(event.target)
        if target == seat:
            raise IllegalEvent("swap_self")
        give = event.card.upper() if event.card else None
        self._check_swap_card(seat, give)
        self._play_action(event.player, cards.SWAP)
        hand = self.hands[seat]
        if not hand:
            self._swap_hands(seat, target)
            self._say(
                "swap_last_card_victory", player=self._names[seat], winner=self._names[target]
            )
            self._win_round(target)
            return
        if give is None:
            self._swap_hands(seat, target)
            self._say("swap_hand", player=self._names[seat], target=self._names[target])
        else:
            self._swap_card(seat, target, give)
        self._next_turn()

    def _check_swap_card(self, seat: int, give: str | None) -> None:
        if give is None or self._physical:
            return
        hand = self.hands[seat]
        needed = 2 if give == cards.SWAP else 1
        if hand.count(give) < needed:
            raise IllegalEvent("no_such_card", card=give)

    def _swap_hands(self, seat: int, target: int) -> None:
        self.hands[seat], self.hands[target] = self.hands[target], self.hands[seat]

    def _swap_card(self, seat: int, target: int, give: str) -> None:
        theirs = self.hands[target]
        taken = theirs.pop(self.rng.randrange(len(theirs))) if theirs else None
        mine = self.hands[seat]
        mine.remove(cards.HIDDEN if self._physical else give)
        theirs.append(cards.HIDDEN if self._physical else give)
        if taken is not None:
            mine.append(taken)
        self._say("swap_card", player=self._names[seat], target=self._names[target], card=give)

    # ----------------------------------------------------------------- drawing and winning

    def _draw(self, seat: int, count: int, penalty: bool = False) -> None:
        hand = self.hands[seat]
        drawn = 0
        for _ in range(count):
            if not self.draw_pile and not self._reshuffle():
                self._say("draw_pile_empty")
                break
            hand.append(self.draw_pile.pop())
            drawn += 1
        if drawn:
            self._notes.append(Note("draw", {
                "player": self._names[seat],
                "count": drawn,
                "penalty": penalty,
                "cards": len(hand),
            }))

    def _reshuffle(self) -> bool:
        """Shuffle the played cards, all but the top one, into a new draw pile."""
        if len(self.played) < 2:
            return False
        top = self.played.pop()
        pile = self.played
        if self._physical:
            pile = [cards.HIDDEN] * len(pile)
        self.rng.shuffle(pile)
        self.draw_pile, self.played = pile, [top]
        self._say("reshuffle", cards=len(pile))
        return True

    def _win_round(self, seat: int) -> None:
        self.last_round_piles = (self.draw_pile, self.played, *self.hands)
        self.rounds_won[seat] += 1
        self._say("round_won", player=self._names[seat], round=self.round_no, score=self.score())
        best = max(self.rounds_won)
        leaders = [i for i, won in enumerate(self.rounds_won) if won == best]
        if self.round_no >= self.config.rounds and len(leaders) == 1:
            self.winner = leaders[0]
            self._say("game_won", player=self._names[leaders[0]], score=self.score())
            self.to_over()
            return
        if self.round_no >= self.config.rounds:
            self._say("tie_break", players=[self._names[i] for i in leaders])
        self.chooser = seat
        self._start_round()

    def score(self) -> dict[str, int]:
        """Rounds won by each seat."""
        return {seat.name: won for seat, won in zip(self.seats, self.rounds_won, strict=True)}
