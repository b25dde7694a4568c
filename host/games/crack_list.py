"""Crack List rules as a pure model driven by a `transitions` state machine.

The game receives events (host.games.crack_list_events) and returns notes (host.games.common.Note)
that the host speaks. It never sleeps, reads files or plays audio: randomness comes in as a
`random.Random`, time comes in as `TimeUp` events for the timers it asks for in "timer" notes.
How the game flows is declared as data in host.games.crack_list_flow.TRANSITIONS; the methods
below are the checks, conditions and callbacks its rows name.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from transitions import Machine

from host.decks import Category, CategoryCard
from host.games import crack_list_cards as cards
from host.games.common import IllegalEvent, Note, Seat, TimeUp
from host.games.crack_list_cards import BlueDeckMix, DeckCheck, penalty_of
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
from host.games.crack_list_flow import PLAYING, TRANSITIONS, TRIGGERS, State
from host.judge import Reason, Verdict

__all__ = [
    "TRANSITIONS",
    "AnswerJudge",
    "CrackListConfig",
    "CrackListGame",
    "PendingAnswer",
    "State",
]

_MACHINE = Machine(
    model=None,
    states=State,
    transitions=TRANSITIONS,
    initial=State.CHOOSING,
    auto_transitions=False,
    queued=True,
)
"""One machine drives every game, each added as a model (a Machine of its own would take
about 0.6 ms to build: a fifth of a whole simulated game)."""

_LEGAL = {state: frozenset(_MACHINE.get_triggers(state)) for state in State}
"""The triggers declared from each state."""


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


@dataclass(frozen=True, slots=True)
class _JudgedAnswer:
    """An answer checked and judged, before it is played (or failed)."""

    event: Answer
    seat: int
    verdict: Verdict
    card: str | None
    """The card it is played with; None for a wrong answer."""
    penalty: int


class CrackListGame:
    """One game of Crack List: call start(), then handle() each event."""

    state: State
    # Attached by the machine (transitions): fire a trigger by name, and the end of a round.
    trigger: Callable[..., bool]
    end_round: Callable[[int], bool]

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
        self._judged: _JudgedAnswer | None = None
        self._seat_numbers = {seat.name.strip().lower(): i for i, seat in enumerate(self.seats)}
        self._deck = DeckCheck(config.blue.cards())
        self._physical = config.cards == "physical"
        own = set(vars(self))
        _MACHINE.add_model(self, initial=State.CHOOSING)
        self._attached = set(vars(self)) - own - {"state"}
        """What the machine attached (triggers, may_ and is_ helpers), for close()."""

    def close(self) -> None:
        """Detach the game from the machine, so that it is freed without the garbage collector.

        The triggers the machine attached hold the game itself; a simulation plays thousands
        of games.
        """
        _MACHINE.remove_model(self)
        for name in self._attached:
            delattr(self, name)
        self._attached = set()

    # ----------------------------------------------------------------- public API

    def start(self) -> list[Note]:
        """Deal the first round and offer the first category card."""
        self._start_round()
        return self._flush()

    def handle(self, event: CrackListEvent) -> list[Note]:
        """Apply an event; a refused event yields one "refused" note and changes nothing."""
        try:
            return self.push(event)
        except IllegalEvent as refusal:
            return [refusal.note()]

    def push(self, event: CrackListEvent) -> list[Note]:
        """Apply an event, raising IllegalEvent when the rules refuse it."""
        trigger = TRIGGERS.get(type(event))
        if trigger is None or trigger not in _LEGAL[self.state]:
            raise self._not_now(event)
        self._judged = None
        try:
            self.trigger(trigger, event)
        except IllegalEvent:
            self._notes = []
            raise
        return self._flush()

    def seat_index(self, name: str) -> int:
        """The index of the seat called `name` (case-insensitive), or IllegalEvent."""
        index = self._seat_numbers.get(name.strip().lower())
        if index is None:
            raise IllegalEvent("unknown_player", player=name)
        return index

    def expected_player(self) -> str | None:
        """Who the host is waiting for, when it is one player."""
        if self.state is State.CHOOSING:
            return self._name(self.chooser)
        if self.state is State.TURN:
            return self._name(self.current)
        if self.state is State.ANSWERED and self.pending is not None:
            if self.pending.penalty and not self.pending.optional_penalty:
                return self._name(self.pending.seat)
            return self._name(self._step(self.current, 1))
        return None

    def hand_sizes(self) -> dict[str, int]:
        """How many cards each seat holds."""
        return {seat.name: len(hand) for seat, hand in zip(self.seats, self.hands, strict=True)}

    def score(self) -> dict[str, int]:
        """Rounds won by each seat."""
        return {seat.name: won for seat, won in zip(self.seats, self.rounds_won, strict=True)}

    def check_invariants(self, *, exact: bool = True) -> list[str]:
        """Return what is wrong with the game's state (empty when all is well).

        The blue cards are counted (all of the deck across hands, draw and played piles), the
        turn and direction checked; when `exact`, the cards themselves are compared with the
        deck, card by card (in virtual play).
        """
        problems = self._card_problems((self.draw_pile, self.played, *self.hands), exact=exact)
        if not 0 <= self.current < len(self.seats):
            problems.append(f"current seat {self.current} out of range")
        if self.direction not in (1, -1):
            problems.append(f"bad direction {self.direction}")
        if self.category is None and self.state in PLAYING:
            problems.append("playing without a category")
        return problems

    def check_last_round(self) -> list[str]:
        """What was wrong, card by card, with the piles as the last round ended (before the
        next deal replaced them); empty when all was well or no round has ended."""
        return self._card_problems(self.last_round_piles, exact=True)

    # ----------------------------------------------------------------- checks (prepare)
    # Each raises IllegalEvent before anything changes.

    def check_choice(self, event: ChooseCategory) -> None:
        """Only the chooser picks, and only a category on the card."""
        index = self.seat_index(event.player)
        if index != self.chooser:
            raise IllegalEvent(
                "not_your_choice", player=self._name(index), chooser=self._name(self.chooser)
            )
        if not 1 <= event.choice <= len(self._offered().categories):
            raise IllegalEvent("no_such_category", choice=event.choice)

    def check_timer(self, event: TimeUp) -> None:
        """Only the latest timer counts."""
        if event.token != self.timer_token:
            raise IllegalEvent("stale_timer")

    def check_turn(self, event: Answer | PlayCrackList | PlayStop | PlayReverse | PlaySwap | Pass
                   ) -> int:
        """Only the player on turn acts; returns their seat."""
        index = self.seat_index(event.player)
        on_turn = self._seat_on_turn()
        if index != on_turn:
            raise IllegalEvent(
                "not_your_turn", player=self._name(index), turn=self._name(on_turn)
            )
        return index

    def check_answer(self, event: Answer) -> None:
        """The player holds the card they name, and a right answer has a card to play; the
        answer is judged here, once."""
        if self._judged is not None and self._judged.event is event:
            return
        seat = self.check_turn(event)
        hand = self.hands[seat]
        if event.joker and not self._physical and cards.JOKER not in hand:
            raise IllegalEvent("no_such_card", card="Joker")
        letter = None if event.joker else (event.letter.upper() if event.letter else None)
        if letter and not self._physical and letter not in hand:
            raise IllegalEvent("no_such_card", card=letter)
        verdict = self.judge.judge(self._category(), event.text, letter=letter, given=self.given)
        card = None
        if verdict.accepted is not False:
            card = cards.JOKER if event.joker else letter or self._card_for(hand, verdict)
            if card is None:
                raise IllegalEvent(
                    "no_card_for_answer", answer=event.text, letters="".join(verdict.letters)
                )
        self._judged = _JudgedAnswer(event, seat, verdict, card, _penalty(card, verdict))

    def check_crack_list_card(self, event: PlayCrackList) -> None:
        """A Crack List card in hand, and not the player's last."""
        seat = self._check_action_card(event, cards.CRACK_LIST)
        if len(self.hands[seat]) == 1:
            raise IllegalEvent("crack_list_last_card")

    def check_stop_card(self, event: PlayStop) -> None:
        """A Stop card in hand."""
        self._check_action_card(event, cards.STOP)

    def check_reverse_card(self, event: PlayReverse) -> None:
        """A Reverse card in hand."""
        self._check_action_card(event, cards.REVERSE)

    def check_swap(self, event: PlaySwap) -> None:
        """A swap with another player, of a card in hand, and a Swap card to play it with."""
        seat = self.seat_index(event.player)
        if self.seat_index(event.target) == seat:
            raise IllegalEvent("swap_self")
        give = event.card.upper() if event.card else None
        if give is not None and not self._physical:
            needed = 2 if give == cards.SWAP else 1
            if self.hands[seat].count(give) < needed:
                raise IllegalEvent("no_such_card", card=give)
        self._check_action_card(event, cards.SWAP)

    def check_countdown(self, event: CallCountdown) -> None:
        """Another player calls the countdown, once a turn."""
        caller = self.seat_index(event.player)
        if caller == self.current:
            raise IllegalEvent("own_countdown", player=self._name(caller))
        if self.countdown_called:
            raise IllegalEvent("countdown_running")

    def check_challenge(self, event: Challenge) -> None:
        """An answer stands, challenged once, by someone else."""
        pending = self._pending()
        if self.seat_index(event.player) == pending.seat:
            raise IllegalEvent("own_challenge")
        if pending.challenged:
            raise IllegalEvent("already_challenged")

    def check_penalty(self, event: Penalise) -> None:
        """The answerer hands out their penalty, split as their card allows."""
        pending = self._pending()
        seat = self.seat_index(event.player)
        if seat != pending.seat or not pending.penalty:
            raise IllegalEvent("no_penalty_to_give", player=self._name(seat))
        targets = self._penalty_targets(event)
        if not targets and pending.optional_penalty:
            return
        people = [target for target, _ in targets]
        counts = [count for _, count in targets]
        if seat in people:
            raise IllegalEvent("penalty_self")
        if len(set(people)) != len(people) or (counts and min(counts) < 1):
            raise IllegalEvent("penalty_split", penalty=pending.penalty)
        if sum(counts) != pending.penalty or len(people) > pending.penalty:
            raise IllegalEvent("penalty_total", penalty=pending.penalty, total=sum(counts))

    def check_window_closes(
        self, event: Answer | PlayCrackList | PlayStop | PlayReverse | PlaySwap | Pass
    ) -> None:
        """Only the next player's act closes the answer's window, and not before a penalty
        that must be handed out."""
        pending = self._pending()
        if pending.penalty and not pending.optional_penalty:
            raise IllegalEvent("waiting_for_penalty", player=self._name(pending.seat))
        next_seat = self._step(pending.seat, 1)
        if self.seat_index(event.player) != next_seat:
            raise IllegalEvent("not_your_turn", player=event.player, turn=self._name(next_seat))

    def check_vote(self, event: Vote) -> None:
        """Each player votes once."""
        voter = self.seat_index(event.player)
        if voter in self.votes:
            raise IllegalEvent("already_voted", player=self._name(voter))

    # ----------------------------------------------------------------- conditions

    def answer_is_wrong(self, event: Answer) -> bool:
        """The judge rejected the answer (wrong, or given already)."""
        return self._judgement().verdict.accepted is False

    def answer_has_penalty(self, event: Answer) -> bool:
        """The answer's card hands out penalty cards."""
        return self._judgement().penalty > 0

    def is_last_card(self, event: CrackListEvent) -> bool:
        """The player on turn is playing their last card."""
        return len(self.hands[self.current]) == 1

    def is_last_to_fail(self, event: CrackListEvent) -> bool:
        """Every other player has failed this category in a row, and now this one does."""
        return self.fails_in_row + 1 >= len(self.seats)

    def answer_is_on_the_list(self, event: Challenge) -> bool:
        """The challenged answer is on the category's list, so the challenge fails."""
        return bool(self._pending().verdict.accepted)

    def answerer_is_out(self, event: CrackListEvent) -> bool:
        """The player whose answer stands has no cards left."""
        return not self.hands[self._pending().seat]

    def is_last_vote(self, event: Vote) -> bool:
        """Everyone else has voted."""
        return len(self.votes) + 1 == len(self.seats)

    def vote_upholds(self, event: Vote | TimeUp) -> bool:
        """The answer has as many votes for it as against (a tie lets it stand)."""
        yes, no = self._vote_count()
        return yes >= no

    def vote_began_on_a_turn(self, event: Vote | TimeUp) -> bool:
        """The challenge came during the next player's turn."""
        return self.vote_from is State.TURN

    def game_is_decided(self, seat: int) -> bool:
        """The last round is over and one player has won the most rounds."""
        return self.round_no >= self.config.rounds and len(self._leaders()) == 1

    # ----------------------------------------------------------------- callbacks: categories

    def take_chosen_category(self, event: ChooseCategory) -> None:
        """The chooser's pick becomes the category."""
        self._take_category(event.choice - 1)

    def take_random_category(self, event: TimeUp) -> None:
        """The chooser ran out of time: the host picks."""
        self._say("choose_timeout", player=self._name(self.chooser))
        self._take_category(self.rng.randrange(len(self._offered().categories)))

    def begin_first_turn(self, event: ChooseCategory | TimeUp) -> None:
        """The first turn of a category: the chooser's next player's, or the interrupted one."""
        if self.after_choice == "next":
            self.current = self._step(self.chooser, 1)
        self._begin_turn("after_choice")

    def offer_category(self, event: PlayCrackList) -> None:
        """The player of a Crack List card draws a red card to choose from."""
        self._offer_category("next")

    def abandon_category(self, event: CrackListEvent) -> None:
        """Everyone failed in a row: a new category, then the failing player's next plays."""
        self._abandon_category(resume_with=self._step(self.current, 1))

    def abandon_category_mid_turn(self, event: Vote | TimeUp) -> None:
        """Everyone failed in a row: a new category, then the player on turn plays."""
        self._abandon_category(resume_with=self.current)

    # ----------------------------------------------------------------- callbacks: turns

    def next_turn(self, event: CrackListEvent) -> None:
        """Play moves on to the next player."""
        self.current = self._step(self.current, 1)
        self._begin_turn("next")

    def skip_next_turn(self, event: PlayStop) -> None:
        """Play moves on past the next player."""
        self.current = self._step(self.current, 2)
        self._begin_turn("skip")

    def say_pass(self, event: Pass) -> None:
        """The player gives up this turn."""
        self._say("pass", player=self._name(self.current))

    def say_time_is_up(self, event: TimeUp) -> None:
        """The turn's time (or the countdown) ran out."""
        if self.countdown_called:
            self._say("countdown_expired", player=self._name(self.current))
        self._say("timeout", player=self._name(self.current))

    def fail(self, event: CrackListEvent) -> None:
        """The player on turn failed the category: they draw a card."""
        self.pending = None
        self._draw(self.current, 1)
        self.fails_in_row += 1

    def start_countdown(self, event: CallCountdown) -> None:
        """The turn timer becomes the countdown."""
        self.countdown_called = True
        caller = self.seat_index(event.player)
        self._say("countdown", caller=self._name(caller), player=self._name(self.current))
        self._arm("countdown")

    # ----------------------------------------------------------------- callbacks: answers

    def say_answer_is_wrong(self, event: Answer) -> None:
        """The answer is wrong or was given already."""
        verdict = self._judgement().verdict
        kind = "answer_duplicate" if verdict.reason is Reason.DUPLICATE else "answer_wrong"
        self._say(kind, player=self._name(self.current), answer=event.text,
                  reason=verdict.reason.value)

    def play_answer(self, event: Answer) -> None:
        """The answer's card is played and the answer stands, open to challenge."""
        judged = self._judgement()
        card, seat, verdict = judged.card, judged.seat, judged.verdict
        assert card is not None
        self._play(seat, card)
        self.given.append(verdict.matched or event.text)
        self.fails_in_row = 0
        if card == cards.JOKER:
            self._say("joker", player=self._name(seat), answer=event.text)
        self.pending = PendingAnswer(
            seat, event.text, verdict, card, judged.penalty, card == cards.JOKER
        )
        self._say(
            "answer_accepted",
            player=self._name(seat),
            answer=verdict.matched or event.text,
            card=card,
            unverified=verdict.accepted is None,
            penalty=judged.penalty,
            cards=len(self.hands[seat]),
        )

    def ask_for_penalty(self, event: Answer) -> None:
        """The answerer is asked who takes the penalty cards."""
        pending = self._pending()
        self._say(
            "ask_penalty",
            player=self._name(pending.seat),
            penalty=pending.penalty,
            optional=pending.card == cards.JOKER,
        )
        self._arm("penalty")

    def open_last_card_window(self, event: Answer) -> None:
        """A last card's answer may still be challenged before the round is won."""
        self._say("last_card_window", player=self._name(self._pending().seat))
        self._arm("challenge")

    def hand_out_penalty(self, event: Penalise) -> None:
        """The penalty cards go where the answerer said (or nowhere: a declined Joker's)."""
        pending = self._pending()
        targets = self._penalty_targets(event)
        for target, count in targets:
            self._draw(target, count, penalty=True)
        if targets:
            self._say(
                f"penalty_{pending.penalty}",
                player=self._name(pending.seat),
                targets=[(self._name(t), n) for t, n in targets],
            )
        else:
            self._say("penalty_declined", player=self._name(pending.seat))

    def give_penalty_to_next_player(self, event: TimeUp) -> None:
        """Time is up: a penalty still owed goes, all of it, to the next player."""
        pending = self._pending()
        if not pending.penalty or pending.optional_penalty:
            return
        target = self._step(pending.seat, 1)
        self._draw(target, pending.penalty, penalty=True)
        self._say(
            f"penalty_{pending.penalty}",
            player=self._name(pending.seat),
            targets=[(self._name(target), pending.penalty)],
            automatic=True,
        )

    def close_window(self, event: CrackListEvent) -> None:
        """The answer can no longer be challenged."""
        self.pending = None

    # ----------------------------------------------------------------- callbacks: challenges

    def say_challenge(self, event: Challenge) -> None:
        """Someone challenges the answer that stands."""
        pending = self._pending()
        pending.challenged = True
        self._say(
            "challenge",
            player=self._name(self.seat_index(event.player)),
            answerer=self._name(pending.seat),
            answer=pending.text,
        )

    def settle_by_the_list(self, event: Challenge) -> None:
        """The list has the answer: it stands, and the interrupted timer starts again."""
        pending = self._pending()
        self._say("challenge_settled_by_list", answer=pending.verdict.matched or pending.text)
        self.restart_timer(event)

    def open_vote(self, event: Challenge) -> None:
        """A vote begins, remembering where play stopped."""
        self.votes = {}
        self.vote_from = self.state

    def ask_for_votes(self, event: Challenge) -> None:
        """The table is asked to vote on the answer."""
        pending = self._pending()
        self._say("vote_open", answer=pending.text, answerer=self._name(pending.seat))
        self._arm("vote")

    def record_vote(self, event: Vote) -> None:
        """A player's vote counts."""
        voter = self.seat_index(event.player)
        self.votes[voter] = event.accept
        self._say("vote", player=self._name(voter), accept=event.accept)

    def uphold_answer(self, event: Vote | TimeUp) -> None:
        """The vote lets the answer stand."""
        yes, no = self._vote_count()
        self._say("vote_upheld", answer=self._pending().text, yes=yes, no=no)

    def take_answer_back(self, event: Vote | TimeUp) -> None:
        """The vote rejects the answer: its card goes back to the answerer, who draws one."""
        pending = self._pending()
        yes, no = self._vote_count()
        self._say(
            "vote_rejected", answer=pending.text, player=self._name(pending.seat), yes=yes, no=no
        )
        card = self.played.pop()
        self.hands[pending.seat].append(cards.HIDDEN if self._physical else card)
        given = pending.verdict.matched or pending.text
        if given in self.given:
            self.given.remove(given)
        self.pending = None
        self._draw(pending.seat, 1)
        self.fails_in_row += 1

    def restart_turn_timer(self, event: Vote | TimeUp) -> None:
        """The turn timer starts again, from the top."""
        self._arm("turn")

    def restart_timer(self, event: CrackListEvent) -> None:
        """The timer that was running starts again, from the top."""
        self._arm(self.timer_name)

    # ----------------------------------------------------------------- callbacks: action cards

    def play_crack_list_card(self, event: PlayCrackList) -> None:
        """The player will choose the new category."""
        self._play(self.current, cards.CRACK_LIST)
        self._say("crack_list_card", player=self._name(self.current))
        self.chooser = self.current

    def play_stop_card(self, event: PlayStop) -> None:
        """The next player will miss their turn."""
        self._play(self.current, cards.STOP)
        skipped = self._step(self.current, 1)
        self._say("stop", player=self._name(self.current), skipped=self._name(skipped))

    def play_reverse_card(self, event: PlayReverse) -> None:
        """The direction of play flips."""
        self._play(self.current, cards.REVERSE)
        self.direction = -self.direction
        self._say(
            "reverse",
            player=self._name(self.current),
            direction="clockwise" if self.direction == 1 else "anticlockwise",
        )

    def swap(self, event: PlaySwap) -> None:
        """The player swaps their hand, or one card, with another player."""
        seat, target = self.current, self.seat_index(event.target)
        self._play(seat, cards.SWAP)
        if not event.card:
            self._swap_hands(seat, target)
            self._say("swap_hand", player=self._name(seat), target=self._name(target))
        else:
            self._swap_card(seat, target, event.card.upper())

    def swap_last_card(self, event: PlaySwap) -> None:
        """A Swap as the last card: the other player gets an empty hand and wins the round."""
        seat, target = self.current, self.seat_index(event.target)
        self._play(seat, cards.SWAP)
        self._swap_hands(seat, target)
        self._say("swap_last_card_victory", player=self._name(seat), winner=self._name(target))
        self._win_round(target)

    # ----------------------------------------------------------------- callbacks: rounds

    def win_round(self, event: CrackListEvent) -> None:
        """The player on turn (or whose answer stood) played their last card."""
        self._win_round(self.current)

    def announce_winner(self, seat: int) -> None:
        """The game is over."""
        self.winner = self._leaders()[0]
        self._say("game_won", player=self._name(self.winner), score=self.score())

    def deal_next_round(self, seat: int) -> None:
        """A new deal; the round's winner chooses its first category (a tie plays on)."""
        if self.round_no >= self.config.rounds:
            self._say("tie_break", players=[self._name(i) for i in self._leaders()])
        self.chooser = seat
        self._start_round()

    # ----------------------------------------------------------------- helpers

    def _flush(self) -> list[Note]:
        notes, self._notes = self._notes, []
        return notes

    def _say(self, kind: str, **params: Any) -> None:
        self._notes.append(Note(kind, params))

    def _arm(self, name: str) -> None:
        """Ask the session for the timer `name`; its TimeUp must bring the new token."""
        self.timer_token += 1
        self.timer_name = name
        seconds = self.config.timer_seconds(name)
        self._say("timer", name=name, seconds=seconds, token=self.timer_token)

    def _not_now(self, event: object) -> IllegalEvent:
        if self.state is State.OVER:
            return IllegalEvent("game_over")
        if isinstance(event, TimeUp):
            return IllegalEvent("stale_timer")
        return IllegalEvent(f"not_now_{type(event).__name__.lower()}", state=self.state.value)

    def _name(self, seat: int) -> str:
        return self.seats[seat].name

    def _step(self, seat: int, steps: int) -> int:
        return (seat + self.direction * steps) % len(self.seats)

    def _seat_on_turn(self) -> int:
        """Whose turn it is; while an answer stands, the next player's (they may act)."""
        if self.state is State.ANSWERED:
            return self._step(self.current, 1)
        return self.current

    def _pending(self) -> PendingAnswer:
        if self.pending is None:
            raise IllegalEvent("nothing_pending")
        return self.pending

    def _judgement(self) -> _JudgedAnswer:
        assert self._judged is not None, "check_answer judges an answer first"
        return self._judged

    def _offered(self) -> CategoryCard:
        assert self.offered is not None, "a red card is offered while choosing"
        return self.offered

    def _category(self) -> Category:
        assert self.category is not None, "a category is in play on a turn"
        return self.category

    def _check_action_card(
        self, event: PlayCrackList | PlayStop | PlayReverse | PlaySwap, card: str
    ) -> int:
        seat = self.check_turn(event)
        if not self._physical and card not in self.hands[seat]:
            raise IllegalEvent("no_such_card", card=card)
        return seat

    def _card_for(self, hand: list[str], verdict: Verdict) -> str | None:
        """The letter card an answer is played with when the player did not name one."""
        if self._physical:
            return verdict.letters[0] if verdict.letters else None
        playable = [x for x in verdict.letters if x in hand]
        if len(playable) < 2:
            return playable[0] if playable else None
        # With two playable letters (an article), spend the one that hurts the others most.
        return max(playable, key=penalty_of)

    def _penalty_targets(self, event: Penalise) -> list[tuple[int, int]]:
        """The (seat, cards) pairs named; those named without a number share what is left."""
        penalty = self._pending().penalty
        targets = [(self.seat_index(name), count) for name, count in event.targets]
        open_targets = [t for t, count in targets if count == 0]
        if not open_targets:
            return targets
        rest = penalty - sum(count for _, count in targets)
        share, extra = divmod(max(rest, 0), len(open_targets))
        shares = {t: share + (1 if i < extra else 0) for i, t in enumerate(open_targets)}
        return [(t, count or shares[t]) for t, count in targets]

    def _vote_count(self) -> tuple[int, int]:
        yes = sum(self.votes.values())
        return yes, len(self.votes) - yes

    def _leaders(self) -> list[int]:
        best = max(self.rounds_won)
        return [i for i, won in enumerate(self.rounds_won) if won == best]

    def _begin_turn(self, how: str) -> None:
        self.countdown_called = False
        self._say("turn", player=self._name(self.current), how=how,
                  cards=len(self.hands[self.current]))
        self._arm("turn")

    def _take_category(self, position: int) -> None:
        self.category = self._offered().categories[position]
        self.given = []
        self.fails_in_row = 0
        self._say("category_chosen", player=self._name(self.chooser), category=self.category.title)

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
        titles = [category.title for category in self.offered.categories]
        self._say("category_card", player=self._name(self.chooser), titles=titles)
        self._arm("choose")

    def _abandon_category(self, *, resume_with: int) -> None:
        self._say(
            "category_abandoned",
            category=self.category.title if self.category else "",
            chooser=self._name(self.chooser),
        )
        self.current = resume_with
        self._offer_category("resume")

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
            chooser=self._name(self.chooser),
        )
        self._offer_category("next")

    def _win_round(self, seat: int) -> None:
        self.last_round_piles = (self.draw_pile, self.played, *self.hands)
        self.rounds_won[seat] += 1
        self._say("round_won", player=self._name(seat), round=self.round_no, score=self.score())
        self.end_round(seat)

    def _play(self, seat: int, card: str) -> None:
        """The card leaves the hand for the played pile; the last answer can no longer be
        challenged."""
        self.pending = None
        self.hands[seat].remove(cards.HIDDEN if self._physical else card)
        self.played.append(card)

    def _draw(self, seat: int, count: int, *, penalty: bool = False) -> None:
        hand = self.hands[seat]
        drawn = 0
        for _ in range(count):
            if not self.draw_pile and not self._reshuffle():
                self._say("draw_pile_empty")
                break
            hand.append(self.draw_pile.pop())
            drawn += 1
        if drawn:
            self._say("draw", player=self._name(seat), count=drawn, penalty=penalty,
                      cards=len(hand))

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
        self._say("swap_card", player=self._name(seat), target=self._name(target), card=give)

    def _card_problems(self, piles: Sequence[list[str]], *, exact: bool) -> list[str]:
        total = sum(map(len, piles))
        problems = []
        if piles and total != self._deck.size:
            problems.append(f"blue cards not conserved: {total} != {self._deck.size}")
        if exact and piles and not self._physical and not self._deck.same_cards(piles):
            problems.append("the blue deck's cards changed")
        return problems


def _penalty(card: str | None, verdict: Verdict) -> int:
    """How many penalty cards an answer hands out: its card's, or with the Joker, the most of
    the letters the answer starts with."""
    if card == cards.JOKER:
        return max(map(penalty_of, verdict.letters), default=0)
    return penalty_of(card) if card else 0
