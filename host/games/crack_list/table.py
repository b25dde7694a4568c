"""A Crack List table: its settings, seats, cards, category and timers, and the questions the
rules ask of it.

The questions never change anything: the checks (the transitions' `prepare` callbacks) refuse a
move the rules do not allow by raising IllegalEvent, the conditions choose among a trigger's
rows. host.games.crack_list.CrackListGame makes the moves; host.games.crack_list.flow says which.
Challenges and votes have their checks, conditions and moves in host.games.crack_list.challenges.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

from rapidfuzz import fuzz

from host.core.events import ArmTimer, IllegalEvent, Note, Said, TimeUp
from host.core.talk import clean
from host.decks import Category, CategoryCard, CategoryKind
from host.games.crack_list import cards
from host.games.crack_list.cards import DeckCheck, penalty_of
from host.games.crack_list.config import CrackListConfig, JudgedAnswer, PendingAnswer
from host.games.crack_list.events import (
    Answer,
    CallCountdown,
    ChooseCategory,
    CrackListEvent,
    Pass,
    Penalise,
    PlayCrackList,
    PlayReverse,
    PlayStop,
    PlaySwap,
)
from host.games.crack_list.flow import PLAYING, State
from host.games.crack_list.notes import NoteKind, Refusal
from host.games.crack_list.played import card_keys
from host.judge import AnswerJudge, Reason, Verdict


def red_pile(
    cards: Sequence[CategoryCard], rng: random.Random, played: Sequence[str] = ()
) -> list[CategoryCard]:
    """The red cards shuffled into a pile drawn from its end: the box's cards first, then the
    expansion's, then those `played` names (what the memory knows the cards offered in the
    table's earlier games by, least recently first), so that a table that has been through the
    box gets fresh expansion lists."""
    box = [card for card in cards if not card.expansion]
    rng.shuffle(box)
    more = [card for card in cards if card.expansion]
    # Its own Random, seeded from the game's without drawing from it, keeps a seeded game's
    # hands what they were before the expansion.
    random.Random(hash(rng.getstate()[1])).shuffle(more)
    drawn = [*reversed(box), *reversed(more)]
    when = {key: i for i, key in enumerate(played)}

    def last(card: CategoryCard) -> int:
        """When the card was last offered (-1: never)."""
        return max((when[key] for key in card_keys(card) if key in when), default=-1)

    fresh = [card for card in drawn if last(card) < 0]
    again = sorted((card for card in drawn if last(card) >= 0), key=last)
    return [*reversed(fresh + again)]


class CrackListTable:
    """Everything on the table of one game, and the questions the rules ask of it."""

    state: State
    """Set by the machine that drives the game."""

    def __init__(
        self,
        config: CrackListConfig,
        category_cards: Sequence[CategoryCard],
        judge: AnswerJudge,
        rng: random.Random,
        played: Sequence[str] = (),
    ) -> None:
        config.validate()
        if not category_cards:
            raise ValueError("the category deck is empty")
        self.config = config
        self.seats = config.seats
        self.judge = judge
        self.rng = rng
        self.red_pile = red_pile(category_cards, rng, played)
        self.red_used: list[CategoryCard] = []
        self.offers: list[CategoryCard] = []
        """The red cards offered in this game, in order (the host remembers them for the
        table's next games)."""
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
        self.interrupted_timer = ""
        """The timer a vote interrupted, to start again when the answer stands."""
        self.timer_token = 0
        self.timer_name = ""
        self.winner: int | None = None
        self.last_round_piles: tuple[list[str], ...] = ()
        """The draw pile, played pile and hands as the last round ended (the next deal makes
        new lists), for check_last_round()."""
        self._notes: list[Said] = []
        self._judged: JudgedAnswer | None = None
        self._failed_draw: list[str] = []
        """The cards drawn by the last player who failed (a refusal overruled puts them back)."""
        self._seat_numbers = {seat.name.strip().lower(): i for i, seat in enumerate(self.seats)}
        self._deck = DeckCheck(config.blue.cards())
        self._physical = config.cards == "physical"

    # ----------------------------------------------------------------- reading the table

    def seat_index(self, name: str) -> int:
        """The index of the seat called `name` (case-insensitive), or IllegalEvent."""
        index = self._seat_numbers.get(name.strip().lower())
        if index is None:
            raise IllegalEvent(Refusal.UNKNOWN_PLAYER, player=name)
        return index

    def expected_player(self) -> str | None:
        """Who the host is waiting for, when it is one player."""
        if self.state is State.CHOOSING:
            return self._name(self.chooser)
        if self.state is State.TURN:
            return self._name(self.current)
        if self.state is State.ANSWERED and self.pending is not None:
            if self.pending.penalty_due or self.pending.refused:
                return self._name(self.pending.seat)  # their penalty, or their challenge
            return self._name(self._seat_on_turn())
        if self.state is State.VOTING and self.pending is not None and len(self.seats) == 2:
            return self._name(self._step(self.pending.seat, 1))  # the one player who votes
        return None

    @property
    def over(self) -> bool:
        """True once the game has a winner."""
        return self.state is State.OVER

    @property
    def winners(self) -> tuple[int, ...]:
        """The seat that won, once the game is over (named as the other games name theirs)."""
        return () if self.winner is None else (self.winner,)

    def current_timer(self) -> ArmTimer:
        """The timer running now (the turn's when none was armed yet)."""
        name = self.timer_name or "turn"
        return ArmTimer(name, self.config.timer_seconds(name), self.timer_token)

    def resumed(self) -> list[Said]:
        """Picking up a game replayed from its save: where we are, and the timer again."""
        return [Note(NoteKind.RESUMED_GAME, {"round": self.round_no}), self.current_timer(),
                *self.situation()]

    def situation(self) -> list[Note]:
        """What the table is waiting for, said whole: the category, then whose turn it is,
        the penalty to hand out, the last card's challenge window, or the vote and its tally."""
        notes = self.category_notes()
        pending = self.pending
        if self.state is State.VOTING and pending is not None:
            yes, no = self._vote_count()
            notes.append(self._vote_note(pending))
            notes.append(Note(NoteKind.VOTE_TALLY, {"yes": yes, "no": no}))
        elif self.state is State.ANSWERED and pending is not None:
            answerer = self._name(pending.seat)
            if pending.refused:
                notes.append(Note(NoteKind.REFUSAL_OPEN,
                                  {"player": answerer, "answer": pending.text}))
            elif pending.penalty_due:
                notes.append(self._ask_penalty_note(pending))
            elif not self.hands[pending.seat]:
                notes.append(Note(NoteKind.LAST_CARD_WINDOW, {"player": answerer}))
        expected = self.expected_player()
        if self.state in (State.TURN, State.ANSWERED) and expected is not None:
            seat = self.seat_index(expected)
            if seat != (pending.seat if pending else None):
                notes.append(Note(NoteKind.TURN, {"player": expected, "how": "again",
                                                  "cards": len(self.hands[seat])}))
        return notes

    def category_notes(self) -> list[Note]:
        """The category in play, or the card the chooser is choosing from."""
        if self.state is State.CHOOSING or self.category is None:
            titles = [c.title for c in self.offered.categories] if self.offered else []
            chooser = self._name(self.chooser)
            return [Note(NoteKind.CATEGORY_CARD,
                         {"player": chooser, "titles": titles, "physical": self._physical})]
        return [Note(NoteKind.CATEGORY, {"category": self.category.title})]

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
    # Each raises IllegalEvent, before anything changes.

    def check_choice(self, event: ChooseCategory) -> None:
        """Only the chooser picks, and only a category on the card (with physical cards, one
        read from their own red card too)."""
        index = self.seat_index(event.player)
        if index != self.chooser:
            raise IllegalEvent(Refusal.NOT_YOUR_CHOICE, player=self._name(index),
                               chooser=self._name(self.chooser))
        if event.title is not None and self._physical and event.title.strip():
            return
        if not 1 <= event.choice <= len(self._offered().categories):
            raise IllegalEvent(Refusal.NO_SUCH_CATEGORY, player=self._name(index),
                               choice=event.choice)

    def is_grace_over(self, event: TimeUp) -> bool:
        """The TimeUp ends the player's own share of the turn, not the turn."""
        return self.timer_name == "turn_grace"

    def check_timer(self, event: TimeUp) -> None:
        """Only the latest timer counts."""
        if event.token != self.timer_token:
            raise IllegalEvent(Refusal.STALE_TIMER)

    def check_turn(self, event: Answer | PlayCrackList | PlayStop | PlayReverse | PlaySwap | Pass
                   ) -> int:
        """Only the player on turn acts; returns their seat."""
        index = self.seat_index(event.player)
        on_turn = self._seat_on_turn()
        if index != on_turn:
            raise IllegalEvent(
                Refusal.NOT_YOUR_TURN, player=self._name(index), turn=self._name(on_turn)
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
            raise IllegalEvent(Refusal.NO_SUCH_CARD, player=self._name(seat), card=cards.JOKER)
        letter = None if event.joker else (event.letter.upper() if event.letter else None)
        if letter and not self._physical and letter not in hand:
            raise IllegalEvent(Refusal.NO_SUCH_CARD, player=self._name(seat), card=letter)
        if not event.text.strip():
            raise IllegalEvent(Refusal.CARD_ALONE, player=self._name(seat),
                               card=cards.JOKER if event.joker else letter)
        verdict = self.judge.judge(self._category(), event.text, letter=letter, given=self.given)
        card = cards.JOKER if event.joker else letter or self._card_for(hand, verdict)
        if verdict.accepted is not False and card is None:
            raise IllegalEvent(Refusal.NO_CARD_FOR_ANSWER, player=self._name(seat),
                               answer=event.text, letters="".join(verdict.letters))
        if verdict.accepted is False and not self._list_may_lack(verdict):
            card = None
        self._judged = JudgedAnswer(event, seat, verdict, card, _penalty(card, verdict))

    def check_crack_list_card(self, event: PlayCrackList) -> None:
        """A Crack List card in hand, and not the player's last."""
        seat = self._check_action_card(event, cards.CRACK_LIST)
        if len(self.hands[seat]) == 1:
            raise IllegalEvent(Refusal.CRACK_LIST_LAST_CARD, player=self._name(seat))

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
            raise IllegalEvent(Refusal.SWAP_SELF, player=self._name(seat))
        give = event.card.upper() if event.card else None
        if give is not None and not self._physical:
            needed = 2 if give == cards.SWAP else 1
            if self.hands[seat].count(give) < needed:
                raise IllegalEvent(Refusal.NO_SUCH_CARD, player=self._name(seat), card=give)
        self._check_action_card(event, cards.SWAP)

    def check_countdown(self, event: CallCountdown) -> None:
        """Another player calls the countdown, once a turn."""
        caller = self.seat_index(event.player)
        if caller == self.current:
            raise IllegalEvent(Refusal.OWN_COUNTDOWN, player=self._name(caller))
        if self.countdown_called:
            raise IllegalEvent(Refusal.COUNTDOWN_RUNNING)
        if self.timer_name == "turn_grace":
            raise IllegalEvent(Refusal.COUNTDOWN_TOO_SOON, player=self._name(self.current),
                               seconds=round(self.config.timer_seconds("turn_grace")))

    def check_penalty(self, event: Penalise | Answer) -> None:
        """The answerer hands out their penalty (said alone, or with the answer), split as
        their card allows."""
        pending = self._pending()
        seat = self.seat_index(event.player)
        if seat != pending.seat or not pending.penalty_due:
            raise IllegalEvent(Refusal.NO_PENALTY_TO_GIVE, player=self._name(seat))
        self._check_split(seat, pending.penalty, pending.optional_penalty,
                          self._penalty_targets(event, pending.penalty))

    def check_window_closes(
        self, event: Answer | PlayCrackList | PlayStop | PlayReverse | PlaySwap | Pass
    ) -> None:
        """Only the next player's act closes a last card's window, and not before the penalty
        is decided, nor while a refusal that ends the category may be challenged."""
        pending = self._pending()
        if pending.penalty_due:
            raise self._penalty_first(pending, self.seat_index(event.player))
        if pending.refused:
            raise IllegalEvent(Refusal.WAITING_FOR_CHALLENGE, player=self._name(pending.seat))
        next_seat = self._step(pending.seat, 1)
        if self.seat_index(event.player) != next_seat:
            raise IllegalEvent(
                Refusal.NOT_YOUR_TURN, player=event.player, turn=self._name(next_seat)
            )

    def _penalty_first(self, pending: PendingAnswer, speaker: int) -> IllegalEvent:
        """The penalty is decided before anything else: the one deciding is asked for it,
        anyone else told to wait."""
        if speaker == pending.seat:
            refusal = (Refusal.DECIDE_PENALTY_FIRST if pending.optional_penalty
                       else Refusal.GIVE_PENALTY_FIRST)
            return IllegalEvent(refusal, player=self._name(speaker), penalty=pending.penalty)
        refusal = (Refusal.WAITING_FOR_PENALTY_CHOICE if pending.optional_penalty
                   else Refusal.WAITING_FOR_PENALTY)
        return IllegalEvent(refusal, player=self._name(pending.seat))

    # ----------------------------------------------------------------- conditions

    def answer_is_wrong(self, event: Answer) -> bool:
        """The judge rejected the answer (wrong, or given already)."""
        return self._judgement().verdict.accepted is False

    def answer_has_penalty(self, event: Answer) -> bool:
        """The answer's card hands out penalty cards."""
        return self._judgement().penalty > 0

    def penalty_said_with_answer(self, event: Answer) -> bool:
        """The player said who takes the penalty with the answer, and that split is legal."""
        return event.penalty is not None and self._split_refusal(event) is None

    def penalty_is_due(self, event: TimeUp) -> bool:
        """The answerer has still to say who takes the penalty cards."""
        return self._pending().penalty_due

    def is_last_card(self, event: CrackListEvent) -> bool:
        """The player on turn is playing their last card."""
        return len(self.hands[self.current]) == 1

    def is_last_to_fail(self, event: CrackListEvent) -> bool:
        """Every other player has failed this category in a row, and now this one does."""
        return self.fails_in_row + 1 >= len(self.seats)

    def answerer_is_out(self, event: CrackListEvent) -> bool:
        """The player whose answer stands has no cards left."""
        return not self.hands[self._pending().seat]

    def game_is_decided(self, seat: int) -> bool:
        """The last round is over and one player has won the most rounds."""
        return self.round_no >= self.config.rounds and len(self._leaders()) == 1

    # ----------------------------------------------------------------- helpers

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
            raise IllegalEvent(Refusal.NOTHING_PENDING)
        return self.pending

    def _judgement(self) -> JudgedAnswer:
        assert self._judged is not None, "check_answer judges an answer first"
        return self._judged

    def _offered(self) -> CategoryCard:
        assert self.offered is not None, "a red card is offered while choosing"
        return self.offered

    def _category(self) -> Category:
        assert self.category is not None, "a category is in play on a turn"
        return self.category

    def _leaders(self) -> list[int]:
        best = max(self.rounds_won)
        return [i for i, won in enumerate(self.rounds_won) if won == best]

    def _vote_count(self) -> tuple[int, int]:
        yes = sum(self.votes.values())
        return yes, len(self.votes) - yes

    def _list_may_lack(self, verdict: Verdict) -> bool:
        """The answer was refused only for missing from a list that is not closed (a generated
        list, such as the capitals of countries, may lack a right answer)."""
        category = self._category()
        closed = category.kind is CategoryKind.LISTED and category.closed
        return verdict.reason is Reason.NOT_IN_LIST and not closed

    def _check_action_card(
        self, event: PlayCrackList | PlayStop | PlayReverse | PlaySwap, card: str
    ) -> int:
        seat = self.check_turn(event)
        if not self._physical and card not in self.hands[seat]:
            raise IllegalEvent(Refusal.NO_SUCH_CARD, player=self._name(seat), card=card)
        return seat

    def _card_for(self, hand: list[str], verdict: Verdict) -> str | None:
        """The letter card an answer is played with when the player did not name one."""
        if self._physical:
            return verdict.letters[0] if verdict.letters else None
        playable = [x for x in verdict.letters if x in hand]
        # With two playable letters (an article), spend the one that hurts the others most.
        return max(playable, key=penalty_of, default=None)

    def _check_split(self, seat: int, penalty: int, optional: bool,
                     targets: list[tuple[int, int]]) -> None:
        """Refuse a split of the penalty that the card does not allow, saying what is wrong."""
        if not targets and optional:
            return
        people = [target for target, _ in targets]
        counts = [count for _, count in targets]
        if seat in people:
            team = len(self.seats[seat].people) > 1
            raise IllegalEvent(Refusal.PENALTY_OWN_TEAM if team else Refusal.PENALTY_SELF,
                               player=self._name(seat))
        if len(set(people)) != len(people) or (counts and min(counts) < 1):
            raise IllegalEvent(Refusal.PENALTY_SPLIT, player=self._name(seat), penalty=penalty)
        if sum(counts) != penalty or len(people) > penalty:
            raise IllegalEvent(Refusal.PENALTY_TOTAL, player=self._name(seat), penalty=penalty,
                               total=sum(counts))

    def _penalty_targets(self, event: Penalise | Answer, penalty: int) -> list[tuple[int, int]]:
        """The (seat, cards) pairs named; those named without a number share what is left."""
        said = (event.penalty or ()) if isinstance(event, Answer) else event.targets
        targets = [(self.seat_index(name), count) for name, count in said]
        open_targets = [t for t, count in targets if count == 0]
        if not open_targets:
            return targets
        rest = penalty - sum(count for _, count in targets)
        share, extra = divmod(max(rest, 0), len(open_targets))
        shares = {t: share + (1 if i < extra else 0) for i, t in enumerate(open_targets)}
        return [(t, count or shares[t]) for t, count in targets]

    def _split_refusal(self, event: Answer) -> IllegalEvent | None:
        """Why the penalty said with this answer cannot be handed out as said (None: it can,
        or none was said)."""
        judged = self._judgement()
        if event.penalty is None:
            return None
        try:
            self._check_split(judged.seat, judged.penalty, judged.card == cards.JOKER,
                              self._penalty_targets(event, judged.penalty))
        except IllegalEvent as refusal:
            return refusal
        return None

    def _sole_taker(self, seat: int) -> int | None:
        """The one player who can take this seat's penalty cards, when two play."""
        return self._step(seat, 1) if len(self.seats) == 2 else None

    def _vote_note(self, pending: PendingAnswer) -> Note:
        """Asking the table to vote on the answer, or on the refusal (with two players, the
        other player alone)."""
        kind = NoteKind.VOTE_ON_REFUSAL if pending.refused else NoteKind.VOTE_OPEN
        params = {"answer": pending.text, "answerer": self._name(pending.seat)}
        voter = self._sole_taker(pending.seat)
        return Note(kind, params if voter is None else {**params, "voter": self._name(voter)})

    def _ask_penalty_note(self, pending: PendingAnswer) -> Note:
        """Asking the answerer who takes the penalty (with two players, a Joker's is offered to
        the other player)."""
        params = {"player": self._name(pending.seat), "penalty": pending.penalty,
                  "optional": pending.optional_penalty}
        taker = self._sole_taker(pending.seat)
        return Note(NoteKind.ASK_PENALTY, params if taker is None
                    else {**params, "target": self._name(taker)})

    def _as_said(self, verdict: Verdict, text: str) -> str:
        """The answer as the player said it, framing dropped, in the list's spelling of the
        name they said ("Hot chocolate", not "Cocoa", its entry's first name)."""
        said = verdict.answer or text
        entry = next((e for e in self._category().answers if e.text == verdict.matched), None)
        if entry is None:
            return said
        words = clean(said)
        return max((entry.text, *entry.aliases), key=lambda name: fuzz.ratio(clean(name), words))

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
