"""Short List rules as a pure model driven by a `transitions` state machine.

The game receives events (host.games.short_list.events) and returns notes (host.core.events.Note)
that the host speaks. It never sleeps, reads files or plays audio: randomness comes in as a
`random.Random`, time comes in as `TimeUp` events for the timers it asks for with `ArmTimer`.
How the game flows is declared as data in host.games.short_list.flow.TRANSITIONS; the checks
(`prepare`), conditions and moves (`after`) its rows name are the methods below.

The table: each player's personal crystals (blue and orange) and "It's my turn" cards, the
general stockpile, the winner crystals set aside for the question round, the question pile;
in the variant where the host is the quizmaster (ShortListConfig.host_quizmaster), the host's
own pile of blue crystals too, which counts for nobody.

Where the rulebook is silent, the host decides:
- a round whose stockpile, even after the exchanges of five blue for an orange, gives fewer
  than seven winner crystals is played with what it gives; one that gives none at all ends the
  game early (there is nothing left to win, only crystals to lose), on the points as they stand;
- a wrong guesser with no crystal of their own when the stockpile is empty pays nothing;
- with the host as quizmaster, the host's own pile goes back into the stockpile when a new
  round finds it short of the winner crystals, before any player exchanges five blue for an
  orange.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from host.core.events import ArmTimer, IllegalEvent, Note, Said, TimeUp
from host.core.machine import MachineRules
from host.decks import QuestionCard
from host.games.short_list.config import ORANGE_VALUE, ShortListConfig
from host.games.short_list.events import Answer, Jump, Pass, ShortListEvent
from host.games.short_list.flow import TRANSITIONS, TRIGGERS, State
from host.games.short_list.notes import NOT_NOW, NoteKind, Refusal
from host.judge import AnswerJudge, Reason, Verdict

__all__ = ["TRANSITIONS", "AnswerJudge", "ShortListConfig", "ShortListGame", "State"]


class ShortListGame(MachineRules):
    """One game of Short List: call start(), then handle() each event."""

    triggers = TRIGGERS
    not_now = NOT_NOW

    state: State
    # Attached by the machine (transitions): fire a trigger by name, and the end of a round.
    trigger: Callable[..., bool]
    end_round: Callable[[ShortListEvent], bool]
    stock_runs_dry: Callable[[ShortListEvent], bool]

    def __init__(
        self,
        config: ShortListConfig,
        questions: Sequence[QuestionCard],
        judge: AnswerJudge,
        rng: random.Random,
    ) -> None:
        config.validate()
        if not questions:
            raise ValueError("the question deck is empty")
        self.config = config
        self.seats = config.seats
        self.judge = judge
        self.rng = rng
        # Set-up: the question cards shuffled; one "It's my turn" card and three blue crystals
        # each; the other cards back in the box, the other crystals in the stockpile.
        self.pile = list(questions)
        rng.shuffle(self.pile)
        players = len(self.seats)
        self.its_my_turn = [1] * players
        self.cards_in_box = config.its_my_turn_cards - players
        self.blue = [config.personal_crystals] * players
        self.orange = [0] * players
        self.stock_blue = config.blue_crystals - config.personal_crystals * players
        self.stock_orange = config.orange_crystals
        self.host_blue = 0
        """The host's own pile, when the host is the quizmaster: it counts for nobody."""
        # The question round.
        self.round_no = 0
        self.quizmaster: int | None = None if config.host_quizmaster else config.first
        """The quizmaster's seat; None when the host is the quizmaster of every round."""
        self.card: QuestionCard | None = None
        self.winner_crystals = 0
        self.guesser = config.first
        self.out: set[int] = set()
        self.given: list[str] = []
        """The answers found this round (canonical), so a repeat is judged as one."""
        self.wrong: list[str] = []
        """The wrong guesses this round, as said (what has been said lists them too)."""
        self.winners: tuple[int, ...] = ()
        """The seats that won, once the game is over (more than one share the victory)."""
        self.timer_token = 0
        self.timer_name = ""
        self._notes: list[Said] = []
        self._verdict: tuple[Answer | Jump, Verdict] | None = None
        self._seat_numbers = {seat.name.strip().lower(): i for i, seat in enumerate(self.seats)}
        self._start_machine(State, TRANSITIONS, State.GUESSING)

    # ----------------------------------------------------------------- public API

    def start(self) -> list[Said]:
        """Say the table and open the first question round."""
        times = None if self.quizmaster is None else self.config.times_as_quizmaster
        self._say(NoteKind.GAME_STARTED, players=[seat.name for seat in self.seats],
                  rounds=self.config.rounds, times=times, quizmaster=self._quizmaster_name())
        self._begin_round(self._take_from_stock(self.config.winner_crystals))
        return self._flush()

    def _new_event(self) -> None:
        """Forget the last event's judgement."""
        self._verdict = None

    @property
    def over(self) -> bool:
        """True once the last question round has ended."""
        return self.state is State.OVER

    def expected_player(self) -> str | None:
        """The guesser on turn, while a question round is played."""
        return None if self.over else self._name(self.guesser)

    def current_timer(self) -> ArmTimer:
        """The timer running now."""
        name = self.timer_name or "guess"
        return ArmTimer(name, self.config.timer_seconds(name), self.timer_token)

    def resumed(self) -> list[Said]:
        """Picking up a game replayed from its save: the question again, and the timer."""
        situation = self.situation()
        return [*situation, self.current_timer()] if situation else []

    def situation(self) -> list[Note]:
        """The question in play and whose guess it is."""
        if self.over or self.card is None:
            return []
        return [self._question_note(), Note(NoteKind.TURN, {"player": self._name(self.guesser)})]

    def points(self) -> dict[str, int]:
        """Each player's personal points: blue 1, orange 5."""
        return {self._name(i): self._points(i) for i in range(len(self.seats))}

    def crystals_in_play(self) -> tuple[int, int]:
        """All blue and orange crystals on the table (the box's, whatever was exchanged), the
        host's pile included."""
        blue = self.stock_blue + self.winner_crystals + sum(self.blue) + self.host_blue
        return blue, self.stock_orange + sum(self.orange)

    def seat_index(self, name: str) -> int:
        """The index of the seat called `name` (case-insensitive), or IllegalEvent."""
        index = self._seat_numbers.get(name.strip().lower())
        if index is None:
            raise IllegalEvent(Refusal.UNKNOWN_PLAYER, player=name)
        return index

    # ----------------------------------------------------------------- checks (prepare)
    # Each raises IllegalEvent, before anything changes.

    def check_guesser(self, event: Answer | Pass | Jump) -> int:
        """A guesser still in the round (not the quizmaster, not one who is out); their seat."""
        index = self.seat_index(event.player)
        if index == self.quizmaster:
            raise IllegalEvent(Refusal.QUIZMASTER_GUESSES, player=self._name(index))
        if index in self.out:
            raise IllegalEvent(Refusal.OUT_OF_ROUND, player=self._name(index))
        return index

    def check_turn(self, event: Answer | Pass) -> int:
        """Only the guesser on turn acts (not the quizmaster, not a guesser who is out)."""
        index = self.check_guesser(event)
        if index != self.guesser:
            raise IllegalEvent(Refusal.NOT_YOUR_TURN, player=self._name(index),
                               turn=self._name(self.guesser))
        return index

    def check_answer(self, event: Answer) -> None:
        """The guesser on turn answers; the answer is judged here, once, against the card and
        the answers found this round."""
        self.check_turn(event)
        self._judge(event)

    def check_jump(self, event: Jump) -> None:
        """A guesser still in the round, not on turn, who holds an "It's my turn" card jumps
        in; the answer is judged here, once."""
        index = self.check_guesser(event)
        if index == self.guesser:
            raise IllegalEvent(Refusal.JUMP_ON_OWN_TURN, player=self._name(index))
        if self.its_my_turn[index] < 1:
            raise IllegalEvent(Refusal.NO_ITS_MY_TURN_CARD, player=self._name(index))
        self._judge(event)

    def check_timer(self, event: TimeUp) -> None:
        """Only the latest timer counts."""
        if event.token != self.timer_token:
            raise IllegalEvent(Refusal.STALE_TIMER)

    # ----------------------------------------------------------------- conditions

    def answer_is_right(self, event: Answer | Jump) -> bool:
        """The answer is on the card and was not given before this round."""
        return self._judged(event).accepted is True

    def is_last_round(self, event: ShortListEvent) -> bool:
        """Every player has been the quizmaster as often as the table's size says."""
        return self.round_no >= self.config.rounds

    # ----------------------------------------------------------------- moves (after)

    def hand_over_card(self, event: Jump) -> None:
        """The jumper puts their card before the guesser on turn, who keeps it; the jumper is
        the guesser now, so play continues to their left."""
        jumper = self.seat_index(event.player)
        self.its_my_turn[jumper] -= 1
        self.its_my_turn[self.guesser] += 1
        self._say(NoteKind.JUMP, player=self._name(jumper), over=self._name(self.guesser))
        self.guesser = jumper

    def take_winner_crystal(self, event: Answer | Jump) -> None:
        """A right answer: the guesser takes one of the winner crystals."""
        verdict = self._judged(event)
        answer = verdict.matched or event.text
        self.given.append(answer)
        self.winner_crystals -= 1
        self.blue[self.guesser] += 1
        self._say(NoteKind.ANSWER_RIGHT, player=self._name(self.guesser), answer=answer,
                  found=len(self.given), left=self.winner_crystals)

    def say_answer_is_wrong(self, event: Answer | Jump) -> None:
        """A wrong answer, or one already given this round."""
        verdict = self._judged(event)
        kind = NoteKind.ANSWER_REPEAT if verdict.reason is Reason.DUPLICATE else \
            NoteKind.ANSWER_WRONG
        if kind is NoteKind.ANSWER_WRONG:
            self.wrong.append(event.text)
        self._say(kind, player=self._name(self.guesser), answer=verdict.matched or event.text)

    def pay_quizmaster(self, event: Answer | Jump) -> None:
        """The wrong guesser gives a personal blue crystal to the quizmaster (the host's pile
        in the variant); with none, the quizmaster takes one from the stockpile (nothing when
        the stockpile is empty too)."""
        guesser, quizmaster = self._name(self.guesser), self._quizmaster_name()
        if self.blue[self.guesser] == 0 and self.orange[self.guesser] > 0 \
                and self.stock_blue >= ORANGE_VALUE:
            self.orange[self.guesser] -= 1
            self.stock_orange += 1
            self.blue[self.guesser] += ORANGE_VALUE
            self.stock_blue -= ORANGE_VALUE
            self._say(NoteKind.BREAK_ORANGE, player=guesser)
        if self.blue[self.guesser] > 0:
            self.blue[self.guesser] -= 1
            self._quizmaster_gains(1)
            self._say(NoteKind.CRYSTAL_TO_QUIZMASTER, player=guesser, quizmaster=quizmaster)
        elif self._take_from_stock(1):
            self._quizmaster_gains(1)
            self._say(NoteKind.CRYSTAL_FROM_STOCK, player=guesser, quizmaster=quizmaster)

    def say_pass(self, event: Pass) -> None:
        """The guesser on turn passes."""
        self._say(NoteKind.PASS, player=self._name(self.guesser))

    def say_time_is_up(self, event: TimeUp) -> None:
        """The guesser on turn let the time run out: a pass (the host's rule)."""
        self._say(NoteKind.TIMEOUT, player=self._name(self.guesser))

    def return_winner_crystal(self, event: Pass | TimeUp) -> None:
        """A pass: one winner crystal goes back to the stockpile, for nobody to win."""
        if self.winner_crystals > 0:
            self.winner_crystals -= 1
            self.stock_blue += 1
            self._say(NoteKind.CRYSTAL_RETURNED, left=self.winner_crystals)

    def drop_out(self, event: ShortListEvent) -> None:
        """The guesser is out of this question round."""
        self.out.add(self.guesser)

    def move_on(self, event: ShortListEvent) -> None:
        """The round ends when seven answers were found, no winner crystal is left or every
        guesser is out; else the next guesser to the left who is still in has the turn."""
        if self.winner_crystals == 0 or self._next_guesser() is None:
            self.end_round(event)
            return
        self._begin_turn(self._step_to_guesser())

    def settle_round(self, event: ShortListEvent) -> None:
        """Seven found or no winner crystal left: the quizmaster goes empty-handed. Every guesser
        out: the quizmaster (the host's pile in the variant) takes the winner crystals left.
        The answers nobody found are read out, and the card goes under the pile."""
        quizmaster = self._quizmaster_name()
        if len(self.given) >= self.config.winner_crystals:
            self._say(NoteKind.ROUND_SEVEN_FOUND, quizmaster=quizmaster)
        elif self.winner_crystals == 0:
            self._say(NoteKind.ROUND_NO_CRYSTALS, quizmaster=quizmaster)
        else:
            self._say(NoteKind.ROUND_QUIZMASTER_TAKES, quizmaster=quizmaster,
                      crystals=self.winner_crystals)
            self._quizmaster_gains(self.winner_crystals)
            self.winner_crystals = 0
        self._say_unfound()
        self.pile.append(self._card())
        self.card = None

    def begin_next_round(self, event: ShortListEvent) -> None:
        """The quizmaster's left neighbour is the new quizmaster (the host stays, in the
        variant, and puts its own pile back into a stockpile short of the winner crystals) and
        sets the winner crystals aside; a stockpile that gives none, even after the exchanges,
        ends the game early."""
        if self.quizmaster is not None:
            self.quizmaster = self._step(self.quizmaster, 1)
        if self.stock_blue < self.config.winner_crystals and self.host_blue > 0:
            self._return_host_pile()
        crystals = self._take_from_stock(self.config.winner_crystals)
        if crystals == 0:
            self.stock_runs_dry(event)
            return
        self._begin_round(crystals)

    def say_stock_is_dry(self, event: ShortListEvent) -> None:
        """The stockpile gave no winner crystal: nothing is left to win, so the game ends."""
        self._say(NoteKind.STOCK_DRY, round=self.round_no, rounds=self.config.rounds)

    def announce_end(self, event: ShortListEvent) -> None:
        """The last question round is over: the most points win (blue 1, orange 5); a tie goes
        to the most "It's my turn" cards; still tied, the victory is shared."""
        self.timer_token += 1  # any timer still running is stale
        self._say(NoteKind.GAME_OVER, points=self.points())
        seats = range(len(self.seats))
        best = max(self._points(i) for i in seats)
        tied = [i for i in seats if self._points(i) == best]
        most_cards = max(self.its_my_turn[i] for i in tied)
        self.winners = tuple(i for i in tied if self.its_my_turn[i] == most_cards)
        names = [self._name(i) for i in self.winners]
        if len(tied) == 1:
            self._say(NoteKind.GAME_WON, player=names[0], points=best)
        elif len(self.winners) == 1:
            self._say(NoteKind.TIE_BROKEN_BY_CARDS, player=names[0], points=best,
                      cards=most_cards, tied=[self._name(i) for i in tied])
        else:
            self._say(NoteKind.GAME_SHARED, players=names, points=best, cards=most_cards)

    # ----------------------------------------------------------------- helpers

    def _begin_round(self, crystals: int) -> None:
        """The winner crystals aside, the top card read out with how many answers it has;
        every player but the quizmaster guesses, from the quizmaster's left (in the variant,
        everyone, from the round's first guesser)."""
        self.round_no += 1
        self.card = self.pile.pop(0)
        self.out = set()
        self.given = []
        self.wrong = []
        self.winner_crystals = crystals
        self._notes.append(self._question_note())
        self._begin_turn(self.first_guesser())

    def first_guesser(self) -> int:
        """The seat that guesses first this round: the quizmaster's left neighbour; in the
        variant, the seat `first + round - 1` clockwise, so the opening turn goes round."""
        if self.quizmaster is None:
            return self._step(self.config.first, max(self.round_no, 1) - 1)
        return self._step(self.quizmaster, 1)

    def _say_unfound(self) -> None:
        """The card's answers nobody found this round, in the card's order (none: no note)."""
        card = self._card()
        found = set(self.given)
        unfound = [entry.text for entry in card.answers if entry.text not in found]
        if unfound:
            self._say(NoteKind.UNFOUND_ANSWERS, answers=unfound, question=card.question)

    def _quizmaster_gains(self, crystals: int) -> None:
        """Blue crystals to the quizmaster's personal points, or to the host's own pile."""
        if self.quizmaster is None:
            self.host_blue += crystals
        else:
            self.blue[self.quizmaster] += crystals

    def _quizmaster_name(self) -> str | None:
        """The quizmaster's name; None when the host is the quizmaster."""
        return None if self.quizmaster is None else self._name(self.quizmaster)

    def _question_note(self) -> Note:
        card = self._card()
        return Note(NoteKind.QUESTION, {
            "round": self.round_no, "rounds": self.config.rounds,
            "quizmaster": self._quizmaster_name(), "question": card.question,
            "answers": len(card.answers), "crystals": self.winner_crystals,
        })

    def _begin_turn(self, seat: int) -> None:
        self.guesser = seat
        self._say(NoteKind.TURN, player=self._name(seat))
        self._arm("guess")

    def _take_from_stock(self, wanted: int) -> int:
        """Blue crystals out of the stockpile. When it runs short of blue, the player with the
        most blue (the first from the quizmaster's seat clockwise among equals; in the variant,
        from the seat that opened the round in play, or just ended) exchanges five of theirs for
        an orange, as long as one holds five and orange is left (announced once, in one note:
        how many orange each player got); then as many as wanted, or as it holds."""
        head = self.first_guesser() if self.quizmaster is None else self.quizmaster
        exchanges: dict[str, int] = {}
        while self.stock_blue < wanted and self.stock_orange > 0:
            order = [self._step(head, k) for k in range(len(self.seats))]
            richest = max(order, key=lambda seat: self.blue[seat])
            if self.blue[richest] < ORANGE_VALUE:
                break
            self.blue[richest] -= ORANGE_VALUE
            self.stock_blue += ORANGE_VALUE
            self.orange[richest] += 1
            self.stock_orange -= 1
            exchanges[self._name(richest)] = exchanges.get(self._name(richest), 0) + 1
        if exchanges:
            self._say(NoteKind.EXCHANGE_ORANGE, exchanges=exchanges)
        taken = min(wanted, self.stock_blue)
        self.stock_blue -= taken
        return taken

    def _return_host_pile(self) -> None:
        """The host's own pile back into the stockpile: it counts for nobody, and a stockpile
        running short should not end a game the host's winnings could keep going."""
        self._say(NoteKind.HOST_PILE_RETURNED, crystals=self.host_blue)
        self.stock_blue += self.host_blue
        self.host_blue = 0

    def _points(self, seat: int) -> int:
        return self.blue[seat] + ORANGE_VALUE * self.orange[seat]

    def _next_guesser(self) -> int | None:
        """The next seat to the left of the guesser that is still in the round."""
        seat = self.guesser
        for _ in range(len(self.seats)):
            seat = self._step(seat, 1)
            if seat != self.quizmaster and seat not in self.out:
                return seat
        return None

    def _step_to_guesser(self) -> int:
        seat = self._next_guesser()
        assert seat is not None
        return seat

    def _judge(self, event: Answer | Jump) -> Verdict:
        verdict = self.judge.judge(self._card().category, event.text, given=self.given)
        self._verdict = (event, verdict)
        return verdict

    def _judged(self, event: Answer | Jump) -> Verdict:
        """The verdict the check gave this event."""
        if self._verdict is not None and self._verdict[0] is event:
            return self._verdict[1]
        return self._judge(event)

    def _card(self) -> QuestionCard:
        assert self.card is not None
        return self.card

    def _name(self, seat: int) -> str:
        return self.seats[seat].name

    def _step(self, seat: int, steps: int) -> int:
        """The seat `steps` places to the left (clockwise)."""
        return (seat + steps) % len(self.seats)

    def _say(self, kind: NoteKind, **params: Any) -> None:
        self._notes.append(Note(kind, params))

