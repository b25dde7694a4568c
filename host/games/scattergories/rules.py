"""Scattergories rules as a pure model driven by a `transitions` state machine.

The game receives events (host.games.scattergories.events) and returns notes
(host.core.events.Note) that the host speaks. It never sleeps, reads files or plays audio:
randomness (the die, the list) comes in as a `random.Random`, time comes in as `TimeUp` events
for the timers it asks for with `ArmTimer`. How the game flows is declared as data in
host.games.scattergories.flow.TRANSITIONS; the checks (`prepare`), conditions and moves
(`after`) its rows name are the methods below, and, for the reading, the challenges, the votes
and the scoring, those of host.games.scattergories.reading.ReadingRules.

Where the rulebook is silent, the host decides:
- the host rolls the die for the roller, who is the first player in round one and the next
  player to the left each round after (in a tie-break round, the next tied player);
- after a wild star the roller may choose any letter of the alphabet not used yet in this game,
  and when their time runs out the host rolls it for them from the die's unused letters;
- one player asks for more time and every other player must agree; a single "no" refuses it,
  and a request still open when the time runs out lapses; agreed, the timer is turned over
  again for one more minute when it runs out (once a round, by default);
- every category is read from the roller, clockwise; a reader silent until their time runs out
  reads a blank;
- an answer may be challenged from its reading until its category is scored, once, by any
  other player; an answer the category's list knows stands, and one a closed list does not
  know falls, without a vote;
- a player who has not voted when the vote's time runs out does not count; a vote still tied
  once the challenged player's vote is left out lets the answer stand;
- two answers are the same when the judge says so (plurals, articles, aliases, misspellings),
  whatever each of them scores, and both score 0;
- an answer voted down, or ruled off a closed list, scores 0;
- a player's answer that repeats their own answer to an earlier category of the round (the
  same words, plural and article aside) scores 0, the first keeping its score;
- a tie-break round is won by the highest score of that round; up to three are played, and
  players still tied after them share the victory.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from host.core.events import ArmTimer, IllegalEvent, Note, Said, TimeUp
from host.core.machine import MachineRules
from host.decks import Category, CategoryList
from host.games.scattergories.config import ROUNDS, WILD, ScattergoriesConfig
from host.games.scattergories.events import (
    AgreeMoreTime,
    AskMoreTime,
    ChooseLetter,
    ScattergoriesEvent,
)
from host.games.scattergories.flow import TRANSITIONS, TRIGGERS, State
from host.games.scattergories.notes import NOT_NOW, NoteKind, Refusal
from host.games.scattergories.reading import SCORE_KINDS, ReadingRules
from host.judge import Verdict

READING_STATES = (State.READING, State.REVIEW, State.VOTING)
"""The states in which the categories are read out, one after another."""

__all__ = [
    "SCORE_KINDS", "TRANSITIONS", "LetterJudge", "ScattergoriesConfig", "ScattergoriesGame",
    "State",
]


class LetterJudge(Protocol):
    """What Scattergories needs from the judge (host.judge.Judge, or a stand-in in a test):
    its ruling with the article rule off ("The Godfather" plays G only)."""

    def judge(self, category: Category, answer: str, *, letter: str | None = None,
              given: Sequence[str] = (), article_letter: bool = True) -> Verdict:
        """Decide whether an answer counts in a category."""
        ...


class ScattergoriesGame(ReadingRules, MachineRules):
    """One game of Scattergories: call start(), then handle() each event."""

    triggers = TRIGGERS
    not_now = NOT_NOW

    state: State
    # Attached by the machine (transitions): fire a trigger by name, and the inner triggers.
    trigger: Callable[..., bool]
    wild_star_rolled: Callable[[ScattergoriesEvent | None], bool]
    letter_called: Callable[[ScattergoriesEvent | None], bool]
    all_have_read: Callable[[ScattergoriesEvent], bool]
    back_to_reading: Callable[[ScattergoriesEvent], bool]
    next_category: Callable[[ScattergoriesEvent], bool]
    end_round: Callable[[ScattergoriesEvent], bool]

    def __init__(self, config: ScattergoriesConfig, lists: Sequence[CategoryList],
                 judge: LetterJudge, rng: random.Random) -> None:
        config.validate()
        if not lists:
            raise ValueError("the deck has no category list")
        self.config = config
        self.seats = config.seats
        self.judge = judge
        self.rng = rng
        number = config.list_number or rng.randrange(len(lists)) + 1
        if number > len(lists):
            raise ValueError(f"list {number} does not exist: choose 1 to {len(lists)}")
        if len(lists[number - 1].categories) < config.categories:
            raise ValueError(f"list {number} has {len(lists[number - 1].categories)} "
                             f"categories, not the {config.categories} a round needs")
        self.lists = tuple(lists)
        """Every list of the deck (the bots take their words from all of them)."""
        self.list_number = number
        """The list played, numbered from 1."""
        self.categories: tuple[Category, ...] = lists[number - 1].categories[:config.categories]
        """The categories answered each round, in the list's order."""
        self.used_letters: list[str] = []
        """The key letters of this game so far, the current one last."""
        self.letter: str | None = None
        """The key letter of the round (None while it is being chosen)."""
        self.round_no = 0
        self.roller = config.first
        self.playing: tuple[int, ...] = tuple(range(len(self.seats)))
        """The seats that play this round (in a tie-break round, the tied players)."""
        self.round_points: list[dict[int, int]] = []
        """Each round's points by seat, tie-break rounds included."""
        self.totals = [0] * len(self.seats)
        """The game's totals: the sum of the two rounds' points."""
        self.winners: tuple[int, ...] = ()
        self.timer_token = 0
        self.timer_name = ""
        self._notes: list[Said] = []
        self._seat_numbers = {seat.name.strip().lower(): i for i, seat in enumerate(self.seats)}
        self._reset_round()
        self._start_machine(State, TRANSITIONS, State.ROLLING)

    def _reset_round(self) -> None:
        """A round's clean sheet: the answers, their verdicts, challenges and the timer."""
        self.extensions_left = self.config.extensions
        self.extension_due = False
        self.request: set[int] | None = None
        """While more time is asked: the asker and the players who agreed."""
        self.asker: int | None = None
        self.category_index = 0
        self.order: tuple[int, ...] = ()
        self.reader_pos = 0
        self.sheet: list[dict[int, str]] = [{} for _ in self.categories]
        """Each category's answers read this round, by seat ("" for a blank)."""
        self.verdicts: dict[tuple[int, int], Verdict] = {}
        self.challenged: set[tuple[int, int]] = set()
        self.rejected: set[tuple[int, int]] = set()
        """The (category, seat) answers voted down."""
        self.scores: list[dict[int, int]] = [{} for _ in self.categories]
        """Each category's points by seat, once it is scored."""
        self.target: int | None = None
        self.votes: dict[int, bool] = {}

    # ----------------------------------------------------------------- public API

    def start(self) -> list[Said]:
        """Say the table and the list, and roll the first round's letter."""
        self._say(NoteKind.GAME_STARTED, players=self._names(self.playing),
                  list=self.list_number, categories=self.category_titles(),
                  rounds=ROUNDS, spoken_answers=self.config.spoken_answers)
        self._begin_round(None)
        return self._flush()

    @property
    def over(self) -> bool:
        """True once the game has a winner."""
        return self.state is State.OVER

    @property
    def category(self) -> Category | None:
        """The category being read or scored (None before the reading)."""
        if self.state in (State.READING, State.REVIEW, State.VOTING):
            return self.categories[self.category_index]
        return None

    def category_titles(self) -> list[str]:
        """The titles of the categories in play, in order."""
        return [category.title for category in self.categories]

    def expected_player(self) -> str | None:
        """The roller choosing a letter, the reader on turn, or the voter called; else None
        (anyone may speak)."""
        if self.state is State.CHOOSING_LETTER:
            return self._name(self.roller)
        if self.state is State.READING:
            return self._name(self.reader())
        voter = self.voter() if self.state is State.VOTING else None
        return None if voter is None else self._name(voter)

    def current_timer(self) -> ArmTimer:
        """The timer running now."""
        name = self.timer_name or "writing"
        return ArmTimer(name, self.config.timer_seconds(name), self.timer_token)

    def resumed(self) -> list[Said]:
        """Picking up a game replayed from its save: where we are, and the timer again (the
        writing time whole, said as when the letter was chosen)."""
        if self.state is State.WRITING:
            return [self._writing_note(), self.current_timer()]
        situation = self.situation()
        return [*situation, self.current_timer()] if situation else []

    def situation(self) -> list[Note]:
        """The letter to choose, the answers being written, or the category read and whose
        answer is next; nothing while the die is rolled."""
        if self.state in (State.OVER, State.ROLLING):
            return []
        notes: list[Note] = []
        if self.state is State.CHOOSING_LETTER:
            notes.append(Note(NoteKind.WILD_STAR, {"player": self._name(self.roller),
                                                   "used": list(self.used_letters)}))
        elif self.state is State.WRITING:
            notes.append(self.where_we_are())
        else:
            notes.append(self._category_note())
            if self.state is State.READING:
                notes.append(self._turn_note())
        return notes

    def where_we_are(self) -> Note:
        """The answer to "whose turn is it?": the round, the letter, and what the table is
        doing (rolling, choosing, writing, reading whose answer to which category, voting)."""
        reading = self.state in READING_STATES
        target = self.target
        return Note(NoteKind.SITUATION, {
            "state": self.state.value, "player": self.expected_player(),
            "roller": self._name(self.roller), "round": self.round_no, "rounds": ROUNDS,
            "letter": self.letter,
            "category": self.categories[self.category_index].title if reading else None,
            "number": self.category_index + 1, "of": len(self.categories),
            "target": None if target is None else self._name(target),
            "game_over": self.over,
        })

    def answers_so_far(self) -> dict[str, dict[str, str]]:
        """The answers read this round: category title -> player -> answer ("" for a blank)."""
        return {self.categories[i].title: {self._name(seat): text for seat, text in read.items()}
                for i, read in enumerate(self.sheet) if read}

    def points(self) -> dict[str, int]:
        """Each player's game total so far (the two rounds; the round in play once scored)."""
        return {self._name(seat): total for seat, total in enumerate(self.totals)}

    def round_scores(self) -> list[dict[str, int]]:
        """Each round's points by player, tie-break rounds included."""
        return [{self._name(seat): pts for seat, pts in points.items()}
                for points in self.round_points]

    def seat_index(self, name: str) -> int:
        """The index of the seat called `name` (case-insensitive), or IllegalEvent."""
        index = self._seat_numbers.get(name.strip().lower())
        if index is None:
            raise IllegalEvent(Refusal.UNKNOWN_PLAYER, player=name)
        return index

    # ----------------------------------------------------------------- checks (prepare)
    # Each raises IllegalEvent, before anything changes.

    def check_player(self, event: ScattergoriesEvent) -> int:
        """A player of this round (in a tie-break round, a tied one); their seat."""
        index = self.seat_index(getattr(event, "player", ""))
        if index not in self.playing:
            raise IllegalEvent(Refusal.NOT_PLAYING, player=self._name(index))
        return index

    def check_choice(self, event: ChooseLetter) -> None:
        """The roller chooses one letter not used yet in this game."""
        if self.check_player(event) != self.roller:
            raise IllegalEvent(Refusal.NOT_ROLLER, player=event.player,
                               roller=self._name(self.roller))
        letter = event.letter.strip().upper()
        if len(letter) != 1 or letter not in string.ascii_uppercase:
            raise IllegalEvent(Refusal.NOT_A_LETTER, letter=event.letter)
        if letter in self.used_letters:
            raise IllegalEvent(Refusal.LETTER_USED, letter=letter)

    def check_ask(self, event: AskMoreTime) -> None:
        """A player asks for more time: one request at a time, while the round has some."""
        self.check_player(event)
        if self.request is not None:
            raise IllegalEvent(Refusal.MORE_TIME_PENDING, asker=self._name(self._asker()))
        if self.extensions_left < 1:
            raise IllegalEvent(Refusal.NO_MORE_EXTENSIONS)

    def check_agreement(self, event: AgreeMoreTime) -> None:
        """Each other player answers an open request once."""
        seat = self.check_player(event)
        if self.request is None:
            raise IllegalEvent(Refusal.NO_MORE_TIME_ASKED)
        if seat == self.asker:
            raise IllegalEvent(Refusal.OWN_REQUEST, player=self._name(seat))
        if seat in self.request:
            raise IllegalEvent(Refusal.ALREADY_AGREED, player=self._name(seat))

    def check_timer(self, event: TimeUp) -> None:
        """Only the latest timer counts."""
        if event.token != self.timer_token:
            raise IllegalEvent(Refusal.STALE_TIMER)

    # ----------------------------------------------------------------- conditions

    def refuses_more_time(self, event: AgreeMoreTime) -> bool:
        """The player says no to more time."""
        return not event.agree

    def everyone_agrees(self, event: AgreeMoreTime) -> bool:
        """With this yes, every player of the round has agreed."""
        return self.request is not None and len(self.request) + 1 == len(self.playing)

    def countdown_is_next(self, event: TimeUp) -> bool:
        """The timer ran down to its last seconds (not the countdown itself)."""
        return self.timer_name != "countdown"

    def timer_turns_over(self, event: TimeUp) -> bool:
        """The countdown ended and the table agreed to more time."""
        return self.extension_due

    def game_is_decided(self, event: ScattergoriesEvent) -> bool:
        """Two rounds (and any tie-break round) played, and one leader, or no tie-break left."""
        if self.round_no < ROUNDS:
            return False
        return len(self._leaders()) == 1 or self.round_no - ROUNDS >= self.config.tie_break_rounds

    # ----------------------------------------------------------------- moves (after)

    def await_choice(self, event: ScattergoriesEvent | None) -> None:
        """A wild star: the roller's time to choose."""
        self._arm("choose")

    def take_chosen_letter(self, event: ChooseLetter) -> None:
        """The roller's letter is the key letter."""
        self._set_letter(event.letter.strip().upper(), by_host=False)

    def choose_for_roller(self, event: TimeUp) -> None:
        """The roller's time ran out: the host rolls one of the die's unused letters."""
        left = [face for face in self.config.die if face != WILD and face not in self.used_letters]
        self._set_letter(self.rng.choice(left), by_host=True)

    def start_writing(self, event: ScattergoriesEvent | None) -> None:
        """The letter is called: the timer starts."""
        self._notes.append(self._writing_note())
        self._arm("writing")

    def open_request(self, event: AskMoreTime) -> None:
        """A player asks for one more minute; the others are asked."""
        self.asker = self.seat_index(event.player)
        self.request = {self.asker}
        self._say(NoteKind.MORE_TIME_ASKED, player=event.player, waiting=self._waiting(),
                  seconds=self.config.extension_seconds)

    def refuse_more_time(self, event: AgreeMoreTime) -> None:
        """One "no" refuses the request (another may be made)."""
        self._say(NoteKind.MORE_TIME_REFUSED, player=self._name(self.seat_index(event.player)),
                  asker=self._name(self._asker()))
        self.request = None

    def extend_timer(self, event: AgreeMoreTime) -> None:
        """Everyone agreed: the timer is turned over again when it runs out."""
        self._say(NoteKind.TIMER_EXTENDED, asker=self._name(self._asker()),
                  seconds=self.config.extension_seconds)
        self.request = None
        self.extensions_left -= 1
        self.extension_due = True

    def note_agreement(self, event: AgreeMoreTime) -> None:
        """One more yes; some players still have to answer."""
        assert self.request is not None
        self.request.add(self.seat_index(event.player))
        self._say(NoteKind.MORE_TIME_AGREED, player=self._name(self.seat_index(event.player)),
                  waiting=self._waiting())

    def start_countdown(self, event: TimeUp) -> None:
        """The last seconds, counted down aloud."""
        self._say(NoteKind.COUNTDOWN, seconds=self.config.countdown_seconds)
        self._arm("countdown")

    def start_extra_time(self, event: TimeUp) -> None:
        """The timer is turned over again: the extra minute."""
        self.extension_due = False
        self._say(NoteKind.EXTRA_TIME, seconds=self.config.extension_seconds)
        self._arm("extra")

    def pencils_down(self, event: TimeUp) -> None:
        """Time is up: everyone stops writing (a request still open lapses)."""
        if self.request is not None:
            self._say(NoteKind.MORE_TIME_LAPSED, asker=self._name(self._asker()))
            self.request = None
        self._say(NoteKind.PENCILS_DOWN, letter=self.letter,
                  spoken_answers=self.config.spoken_answers)

    def move_on(self, event: TimeUp) -> None:
        """The next category; after the last, the round's totals and the end of the round."""
        if self.category_index + 1 < len(self.categories):
            self.category_index += 1
            self.next_category(event)
            return
        self._total_round()
        self.end_round(event)

    def begin_next_round(self, event: ScattergoriesEvent) -> None:
        """Round two; after it, a tie-break round for the players tied at the top."""
        if self.round_no >= ROUNDS:
            self.playing = self._leaders()
            points = self.totals if self.round_no == ROUNDS else self.round_points[-1]
            self._say(NoteKind.TIE_BREAK_ROUND, players=self._names(self.playing),
                      points=points[self.playing[0]], round=self.round_no + 1)
        self.roller = self._next_roller()
        self._begin_round(event)

    def announce_end(self, event: ScattergoriesEvent) -> None:
        """The highest total wins (in a tie-break round, the highest of that round); players
        still tied after the last tie-break round share the victory."""
        self.timer_token += 1  # any timer still running is stale
        self.winners = self._leaders()
        self._say(NoteKind.GAME_OVER, totals=self._by_name(dict(enumerate(self.totals))),
                  rounds=self.round_scores())
        names = self._names(self.winners)
        best = self.totals[self.winners[0]]
        tie_break = self.round_no > ROUNDS
        if len(self.winners) == 1:
            self._say(NoteKind.GAME_WON, player=names[0], points=best, tie_break=tie_break)
        else:
            self._say(NoteKind.GAME_SHARED, players=names, points=best)

    # ----------------------------------------------------------------- helpers

    def _begin_round(self, event: ScattergoriesEvent | None) -> None:
        """A new round: a clean column, then the roll."""
        self.round_no += 1
        self.letter = None
        self._reset_round()
        self._say(NoteKind.ROUND_STARTED, round=self.round_no, roller=self._name(self.roller),
                  players=self._names(self.playing), tie_break=self.round_no > ROUNDS)
        self._roll(event)

    def _roll(self, event: ScattergoriesEvent | None) -> None:
        """Roll until a letter not used yet in this game, or the wild star, comes up."""
        roller = self._name(self.roller)
        while True:
            face = self.rng.choice(self.config.die)
            if face == WILD:
                self._say(NoteKind.WILD_STAR, player=roller, used=list(self.used_letters))
                self.wild_star_rolled(event)
                return
            if face not in self.used_letters:
                self.used_letters.append(face)
                self.letter = face
                self._say(NoteKind.LETTER_ROLLED, player=roller, letter=face,
                          round=self.round_no)
                self.letter_called(event)
                return
            self._say(NoteKind.LETTER_REROLLED, player=roller, letter=face)

    def _set_letter(self, letter: str, *, by_host: bool) -> None:
        self.used_letters.append(letter)
        self.letter = letter
        self._say(NoteKind.LETTER_CHOSEN, player=self._name(self.roller), letter=letter,
                  by_host=by_host, round=self.round_no)

    def _total_round(self) -> None:
        """Add up the round: its points by seat, and the game totals in the first two rounds."""
        points = {seat: sum(category.get(seat, 0) for category in self.scores)
                  for seat in self.playing}
        self.round_points.append(points)
        if self.round_no <= ROUNDS:
            for seat, pts in points.items():
                self.totals[seat] += pts
        self._say(NoteKind.ROUND_TOTAL, round=self.round_no, points=self._by_name(points),
                  totals=self._by_name(dict(enumerate(self.totals))),
                  tie_break=self.round_no > ROUNDS)

    def _leaders(self) -> tuple[int, ...]:
        """The seats at the top: by the game totals after round two, by the last round's
        points after a tie-break round."""
        tie_break = self.round_no > ROUNDS
        points = self.round_points[-1] if tie_break else dict(enumerate(self.totals))
        best = max(points[seat] for seat in self.playing)
        return tuple(seat for seat in self.playing if points[seat] == best)

    def _next_roller(self) -> int:
        """The next seat to the left of the last roller that plays this round."""
        for steps in range(1, len(self.seats) + 1):
            seat = (self.roller + steps) % len(self.seats)
            if seat in self.playing:
                return seat
        return self.roller

    def _from(self, first: int) -> list[int]:
        """The seats playing this round, clockwise from `first`."""
        count = len(self.seats)
        return [(first + k) % count for k in range(count) if (first + k) % count in self.playing]

    def _writing_note(self) -> Note:
        return Note(NoteKind.WRITING_STARTED, {
            "round": self.round_no, "letter": self.letter, "list": self.list_number,
            "seconds": self.config.writing_seconds, "categories": self.category_titles(),
            "spoken_answers": self.config.spoken_answers})

    def _waiting(self) -> list[str]:
        """The players who have not answered the request for more time yet."""
        agreed = self.request or set()
        return self._names(tuple(seat for seat in self.playing if seat not in agreed))

    def _asker(self) -> int:
        assert self.asker is not None
        return self.asker

    def _target(self) -> int:
        assert self.target is not None
        return self.target

    def _by_name(self, points: dict[int, int]) -> dict[str, int]:
        return {self._name(seat): pts for seat, pts in points.items()}

    def _names(self, seats: Sequence[int]) -> list[str]:
        return [self._name(seat) for seat in seats]

    def _name(self, seat: int) -> str:
        return self.seats[seat].name

    def _say(self, kind: NoteKind, **params: Any) -> None:
        self._notes.append(Note(kind, params))
