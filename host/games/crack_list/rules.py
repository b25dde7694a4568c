"""Crack List rules as a pure model driven by a `transitions` state machine.

The game receives events (host.games.crack_list.events) and returns notes (host.core.events.Note)
that the host speaks. It never sleeps, reads files or plays audio: randomness comes in as a
`random.Random`, time comes in as `TimeUp` events for the timers it asks for in "timer" notes.
How the game flows is declared as data in host.games.crack_list.flow.TRANSITIONS. The callbacks
its rows name that make the moves are below; the checks and conditions, which only read the
table, are in host.games.crack_list.table; those of challenges and votes, moves included, in
host.games.crack_list.challenges.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Literal

from host.core.events import Note, Said, TimeUp
from host.core.machine import MachineRules
from host.decks import Category, CategoryCard
from host.games.crack_list import cards
from host.games.crack_list.challenges import ChallengeRules
from host.games.crack_list.config import CrackListConfig, PendingAnswer
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
    Vote,
)
from host.games.crack_list.flow import TRANSITIONS, TRIGGERS, State
from host.games.crack_list.notes import NOT_NOW, PENALTY_NOTES, NoteKind
from host.judge import AnswerJudge, Reason

__all__ = [
    "TRANSITIONS",
    "AnswerJudge",
    "CrackListConfig",
    "CrackListGame",
    "PendingAnswer",
    "State",
]

class CrackListGame(MachineRules, ChallengeRules):
    """One game of Crack List: call start(), then handle() each event."""

    triggers = TRIGGERS
    not_now = NOT_NOW

    # Attached by the machine (transitions): fire a trigger by name, the end of a round, and
    # a penalty handed out.
    trigger: Callable[..., bool]
    end_round: Callable[[int], bool]
    penalise: Callable[[Penalise], bool]

    def __init__(
        self,
        config: CrackListConfig,
        category_cards: Sequence[CategoryCard],
        judge: AnswerJudge,
        rng: random.Random,
        played: Sequence[str] = (),
    ) -> None:
        super().__init__(config, category_cards, judge, rng, played)
        self._start_machine(State, TRANSITIONS, State.CHOOSING)

    # ----------------------------------------------------------------- public API

    def start(self) -> list[Said]:
        """Deal the first round and offer the first category card."""
        self._start_round()
        return self._flush()

    def _new_event(self) -> None:
        """Forget the last event's judgement."""
        self._judged = None

    # ----------------------------------------------------------------- callbacks (after)
    # Each makes a move; the checks made sure it is allowed.

    def take_chosen_category(self, event: ChooseCategory) -> None:
        """The chooser's pick becomes the category: on the card offered, or read from their own
        red card (one the decks hold, else an open category the table votes on)."""
        if event.title is None or not self._physical:
            self._take_category(self._offered().categories[event.choice - 1])
            return
        title = event.title.strip()
        known = (c for card in (*self.red_pile, *self.red_used) for c in card.categories)
        category = next((c for c in known if c.title.casefold() == title.casefold()), None)
        self._take_category(category or Category(f"said:{title.casefold()}", title))

    def take_random_category(self, event: TimeUp) -> None:
        """The chooser ran out of time: the host picks."""
        self._say(NoteKind.CHOOSE_TIMEOUT, player=self._name(self.chooser))
        categories = self._offered().categories
        self._take_category(categories[self.rng.randrange(len(categories))])

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
        self._say(NoteKind.PASS, player=self._name(self.current))

    def say_time_is_up(self, event: TimeUp) -> None:
        """The turn's time (or the countdown) ran out."""
        if self.countdown_called:
            self._say(NoteKind.COUNTDOWN_EXPIRED, player=self._name(self.current))
        self._say(NoteKind.TIMEOUT, player=self._name(self.current))

    def fail(self, event: CrackListEvent) -> None:
        """The player on turn failed the category: they draw a card."""
        self.pending = None
        self._failed_draw = self._draw(self.current, 1)
        self.fails_in_row += 1

    def start_countdown(self, event: CallCountdown) -> None:
        """The turn timer becomes the countdown."""
        self.countdown_called = True
        caller = self.seat_index(event.player)
        self._say(NoteKind.COUNTDOWN, caller=self._name(caller), player=self._name(self.current))
        self._arm("countdown")

    def say_answer_is_wrong(self, event: Answer) -> None:
        """The answer is wrong (on the letter named: which letters it starts with) or was
        given already."""
        verdict = self._judgement().verdict
        kind = (NoteKind.ANSWER_DUPLICATE if verdict.reason is Reason.DUPLICATE
                else NoteKind.ANSWER_WRONG)
        self._say(kind, player=self._name(self.current), answer=self._as_said(verdict, event.text),
                  reason=verdict.reason.value, letter=event.letter, letters=verdict.letters)

    def play_answer(self, event: Answer) -> None:
        """The answer's card is played and the answer stands, open to challenge."""
        judged = self._judgement()
        card, seat, verdict = judged.card, judged.seat, judged.verdict
        assert card is not None
        self._play(seat, card)
        said = self._as_said(verdict, event.text)
        self.given.append(verdict.matched or said)
        if card == cards.JOKER:
            self._say(NoteKind.JOKER, player=self._name(seat), answer=said)
        self.pending = PendingAnswer(seat, said, verdict, card, judged.penalty,
                                     card == cards.JOKER, penalty_due=judged.penalty > 0,
                                     fails_before=self.fails_in_row)
        self.fails_in_row = 0
        self._say(
            NoteKind.ANSWER_ACCEPTED,
            player=self._name(seat),
            answer=said,
            card=card,
            unverified=verdict.accepted is None,
            penalty=judged.penalty,
            cards=len(self.hands[seat]),
        )

    def ask_for_penalty(self, event: Answer | Vote | TimeUp) -> None:
        """The answerer is asked who takes the penalty cards (after saying why the split said
        with the answer cannot be); with two players, the other takes them unasked (a Joker's
        is offered)."""
        pending = self._pending()
        refusal = self._split_refusal(event) if isinstance(event, Answer) else None
        if refusal is not None:
            self._notes.append(refusal.note())
        taker = self._sole_taker(pending.seat)
        if taker is not None and not pending.optional_penalty:
            self.penalise(Penalise(self._name(pending.seat), ((self._name(taker), 0),)))
            return
        self._notes.append(self._ask_penalty_note(pending))
        self._arm("penalty")

    def open_last_card_window(self, event: Answer) -> None:
        """A last card's answer may still be challenged before the round is won."""
        self._say(NoteKind.LAST_CARD_WINDOW, player=self._name(self._pending().seat))
        self._arm("challenge")

    def hand_out_penalty(self, event: Penalise | Answer) -> None:
        """The penalty cards go where the answerer said (or nowhere: a declined Joker's)."""
        pending = self._pending()
        targets = self._penalty_targets(event, pending.penalty)
        pending.penalty_due = False
        for target, count in targets:
            pending.penalised.append((target, self._draw(target, count, penalty=True)))
        if targets:
            self._say(
                PENALTY_NOTES[pending.penalty],
                player=self._name(pending.seat),
                targets=[(self._name(t), n) for t, n in targets],
            )
        else:
            self._say(NoteKind.PENALTY_DECLINED, player=self._name(pending.seat))

    def penalty_time_is_up(self, event: TimeUp) -> None:
        """Time is up: a penalty owed goes, all of it, to the next player; a Joker's lapses."""
        pending = self._pending()
        pending.penalty_due = False
        if pending.optional_penalty:
            self._say(NoteKind.PENALTY_LAPSED, player=self._name(pending.seat))
            return
        target = self._step(pending.seat, 1)
        pending.penalised.append((target, self._draw(target, pending.penalty, penalty=True)))
        self._say(
            PENALTY_NOTES[pending.penalty],
            player=self._name(pending.seat),
            targets=[(self._name(target), pending.penalty)],
            automatic=True,
        )

    def close_window(self, event: CrackListEvent) -> None:
        """The answer can no longer be challenged."""
        self.pending = None

    def play_crack_list_card(self, event: PlayCrackList) -> None:
        """The player will choose the new category."""
        self._play(self.current, cards.CRACK_LIST)
        self._say(NoteKind.CRACK_LIST_CARD, player=self._name(self.current))
        self.chooser = self.current

    def play_stop_card(self, event: PlayStop) -> None:
        """The next player will miss their turn."""
        self._play(self.current, cards.STOP)
        skipped = self._step(self.current, 1)
        self._say(NoteKind.STOP, player=self._name(self.current), skipped=self._name(skipped))

    def play_reverse_card(self, event: PlayReverse) -> None:
        """The direction of play flips."""
        self._play(self.current, cards.REVERSE)
        self.direction = -self.direction
        self._say(
            NoteKind.REVERSE,
            player=self._name(self.current),
            direction="clockwise" if self.direction == 1 else "anticlockwise",
        )

    def swap(self, event: PlaySwap) -> None:
        """The player swaps their hand, or one card, with another player."""
        seat, target = self.current, self.seat_index(event.target)
        self._play(seat, cards.SWAP)
        if not event.card:
            self._swap_hands(seat, target)
            self._say(NoteKind.SWAP_HAND, player=self._name(seat), target=self._name(target))
        else:
            self._swap_card(seat, target, event.card.upper())

    def swap_last_card(self, event: PlaySwap) -> None:
        """A Swap as the last card: the other player gets an empty hand and wins the round."""
        seat, target = self.current, self.seat_index(event.target)
        self._play(seat, cards.SWAP)
        self._swap_hands(seat, target)
        self._say(NoteKind.SWAP_LAST_CARD_VICTORY, player=self._name(seat),
                  winner=self._name(target))
        self._win_round(target)

    def win_round(self, event: CrackListEvent) -> None:
        """The player on turn (or whose answer stood) played their last card."""
        self._win_round(self.current)

    def announce_winner(self, seat: int) -> None:
        """The game is over."""
        self.winner = self._leaders()[0]
        self._say(NoteKind.GAME_WON, player=self._name(self.winner), score=self.score())

    def deal_next_round(self, seat: int) -> None:
        """A new deal; the round's winner chooses its first category (a tie plays on)."""
        if self.round_no >= self.config.rounds:
            self._say(NoteKind.TIE_BREAK, players=[self._name(i) for i in self._leaders()])
        self.chooser = seat
        self._start_round()

    # ----------------------------------------------------------------- helpers

    def _begin_turn(self, how: str) -> None:
        self.countdown_called = False
        self._say(NoteKind.TURN, player=self._name(self.current), how=how,
                  cards=len(self.hands[self.current]))
        self._arm("turn_grace")

    def run_rest_of_turn(self, event: TimeUp) -> None:
        """The player's own share of the turn is over: the rest runs, and the countdown may
        now be called."""
        self._arm("turn")

    def _take_category(self, category: Category) -> None:
        self.category = category
        self.given = []
        self.fails_in_row = 0
        self._say(NoteKind.CATEGORY_CHOSEN, player=self._name(self.chooser),
                  category=self.category.title)

    def _offer_category(self, after: Literal["next", "resume"]) -> None:
        if not self.red_pile:
            self.red_pile, self.red_used = self.red_used, []
            self.rng.shuffle(self.red_pile)
            self._say(NoteKind.RED_RESHUFFLE)
        self.offered = self.red_pile.pop()
        self.red_used.append(self.offered)
        self.offers.append(self.offered)
        self.after_choice = after
        self.pending = None
        self.countdown_called = False
        titles = [category.title for category in self.offered.categories]
        self._say(NoteKind.CATEGORY_CARD, player=self._name(self.chooser), titles=titles,
                  physical=self._physical)
        self._arm("choose")

    def _abandon_category(self, *, resume_with: int) -> None:
        self._say(
            NoteKind.CATEGORY_ABANDONED,
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
            NoteKind.ROUND_STARTED,
            round=self.round_no,
            rounds=self.config.rounds,
            hand_size=size,
            chooser=self._name(self.chooser),
        )
        self._offer_category("next")

    def _win_round(self, seat: int) -> None:
        self.last_round_piles = (self.draw_pile, self.played, *self.hands)
        self.rounds_won[seat] += 1
        self._say(NoteKind.ROUND_WON, player=self._name(seat), round=self.round_no,
                  score=self.score())
        self.end_round(seat)

    def _say(self, kind: NoteKind, **params: Any) -> None:
        self._notes.append(Note(kind, params))

    def _play(self, seat: int, card: str) -> None:
        """The card leaves the hand for the played pile; the last answer can no longer be
        challenged."""
        self.pending = None
        self.hands[seat].remove(cards.HIDDEN if self._physical else card)
        self.played.append(card)

    def _draw(self, seat: int, count: int, *, penalty: bool = False) -> list[str]:
        """The seat draws `count` cards (fewer if the piles run out); returns them."""
        hand = self.hands[seat]
        drawn = []
        for _ in range(count):
            if not self.draw_pile and not self._reshuffle():
                self._say(NoteKind.DRAW_PILE_EMPTY)
                break
            drawn.append(self.draw_pile.pop())
        hand += drawn
        if drawn:
            self._say(NoteKind.DRAW, player=self._name(seat), count=len(drawn), penalty=penalty,
                      cards=len(hand))
        return drawn

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
        self._say(NoteKind.RESHUFFLE, cards=len(pile))
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
        self._say(NoteKind.SWAP_CARD, player=self._name(seat), target=self._name(target), card=give)
