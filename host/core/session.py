"""The host's loop for a table, whatever the game: heard -> intent -> game event -> notes ->
lines. It owns the timers (deadlines, the spoken countdown), pause and resume, quitting,
repeating, asking back what its ear (host.core.hearing) was unsure of, and the autosave."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from host.clock import Clock
from host.core.autosave import Autosave, resume_option
from host.core.events import ArmTimer, Note, TimeUp
from host.core.hearing import QUIT_YES, Heard, Memory, Moment, Verdict, decide
from host.core.legal import Offer, Offers, Stakes
from host.core.phrasebook import Phrasebook
from host.core.protocols import Game, Questions, Talk
from host.core.spoken import OR, in_lang, spoken_list
from host.core.talk import (
    CLAIM_TURN,
    NO,
    YES,
    Query,
    Speakers,
    Unclear,
    addressed_commands,
    carry_on,
    clean,
    core_phrases,
    free_seat_words,
    quit_word,
    seat_to_free,
    start_words,
    without_host_name,
    yes_no,
)

HINT_MOVES = 4
"""How many moves the host names when it did not catch one: as many as a listener holds at
once ("one, two or three", "yes or no"); for more, "help" says what may be said."""


@dataclass(frozen=True)
class Line:
    """One thing the host says; `private_to` marks a line only one player should see."""

    text: str
    kind: str = ""
    private_to: str | None = None


@dataclass
class Deadline:
    """When the game's current timer runs out."""

    at: float
    token: int
    name: str


@dataclass
class Scheduled:
    """A line to say at a given time (the countdown's "four, three, two, one")."""

    at: float
    text: str


@dataclass
class TableTalk:
    """What the session tracks besides the game: timers, pause, questions it asked."""

    deadline: Deadline | None = None
    scheduled: list[Scheduled] = field(default_factory=list)
    paused_remaining: float | None = None
    last_lines: list[Line] = field(default_factory=list)
    quit: bool = False
    confirming_quit: bool = False
    """The host asked "really quit?": only a yes ends the game."""
    quit_asked_at: float | None = None
    """When the host asked "really quit?" with the clock running: it stands still until the
    answer, so that a no costs nobody their turn."""
    confirming: str | None = None
    """What the host, unsure it heard right, asked back ("Egg timer?"): a yes plays it."""
    questions: int = 0
    """How many questions the host has asked ("really quit?", "Egg timer?"): the one open is
    known by its number (the companion page lets only who asked it answer it)."""
    denied: list[str] = field(default_factory=list)
    """Guesses the players said no to, not offered to the recognizer again until a move."""
    next_speaker: str | None = None
    """Who said "my turn, Bob": their next utterance is theirs."""
    timer_waits: bool = False
    """The running timer waits for lines the host has not said yet (lines that armed it, or
    answered a question): it runs on once they are said."""
    waiting: bool = False
    """The table waits for its players to join (the companion page): no timer runs until
    they all have, or someone says start (Session.begin)."""
    held: ArmTimer | None = None
    """The timer the game armed while the table waited: it runs in full from begin()."""

    @property
    def asking(self) -> bool:
        """True while the host waits for a yes or a no to its own question."""
        return self.confirming_quit or self.confirming is not None


class PageSeats(Protocol):
    """The seats taken on the companion page, as the host frees them ("free Cat's seat")."""

    def free_seat(self, seat: str) -> bool:
        """Free a seat (its page closes, the join page offers it again); False when no device
        held it."""
        ...

    def taken_seats(self) -> list[str]:
        """The seats a device holds."""
        ...


COUNTDOWN = "countdown"
"""The timer whose last seconds the host calls out loud."""
HOLDING_QUERIES = frozenset({"pause", "resume", "quit", CLAIM_TURN, "time_left"})
"""Queries that are not answered at length, or manage the clock themselves."""


class Session:
    """Hosts one game: feed it what players say and clock ticks; it returns the host's lines."""

    def __init__(
        self,
        game: Game,
        talk: Talk,
        questions: Questions,
        phrasebook: Phrasebook,
        clock: Clock,
        *,
        autosave: Autosave | None = None,
        on_event: Callable[[Any, list[Note | ArmTimer]], None] | None = None,
    ) -> None:
        self.game = game
        self.talk = talk
        self.questions = questions
        self.phrases = phrasebook
        self.clock = clock
        self.autosave = autosave
        self.on_event = on_event
        self.table = TableTalk()
        self.ear = Memory()
        """What the ear keeps between utterances (host.core.hearing.decide)."""
        self.verdict = Verdict()
        """What the ear decided about the last utterance heard."""
        self._timers_start: float | None = None
        """While a deadline fires: when it was due (the timers it leads to start then)."""
        self.page_seats: PageSeats | None = None
        """The companion page's seats, while it is open: the host frees one when asked."""

    # ------------------------------------------------------------------ driving

    def start(self, *, resumed: bool = False) -> list[Line]:
        """Open the game with a welcome (or pick up a game replayed from its save)."""
        if resumed:
            return self.pick_up()
        players = [seat.name for seat in self.game.seats]
        notes = self.game.start()
        if self.autosave:
            self.autosave.record_start()
        return self._remember([self._line("welcome", players=players), *self._apply(notes)])

    def pick_up(self) -> list[Line]:
        """Carry on where the game is, said whole ("Welcome back! We're in round 1.", the
        category, whose turn it is), its timer running again: a game replayed from its save,
        or one paused while the sound was lost. "And we're back!" when the game has nothing
        more to say of where it is."""
        self._unpause()
        return self._remember(self._apply(self.game.resumed()) or [self._line("resumed")])

    def hear_words(self, text: str, speaker: str | None = None, *,
                   typed: bool = False) -> list[Line]:
        """Handle one utterance (typed or recognised), said by `speaker` if known. Words the
        host keeps quiet about by voice (table talk while the players write) get, `typed`,
        where the game is ("Round 1, letter W: you're writing…"): typed words are meant for
        the host, and a typist who gets no answer cannot tell they were read."""
        text = without_host_name(text)
        if self.table.confirming_quit:
            return self._confirm_quit(text)
        if self.table.confirming is not None:
            return self._confirm_heard(text, speaker)
        if self.table.waiting and self._says_start(text):
            self.begin()
            return self._remember([self._line("start_now")])
        freed = self._free_seat(text)
        if freed is not None:
            return freed
        claimed, self.table.next_speaker = self.table.next_speaker, None
        intent = self.talk.parse(text, speaker or claimed)
        if isinstance(intent, Query):
            return self._answer_query(intent)
        if isinstance(intent, Unclear):
            if intent.quiet:
                return self._apply(list(self.game.situation())) if typed else []
            return self._remember([self._line("whose_voice") if intent.anonymous
                                   else self._unclear()])
        if self.paused:
            return [self._line("paused")]
        return self.push(intent)

    def hear_speech(self, heard: Heard) -> list[Line]:
        """What the recognizer heard, as the host's ear decides (host.core.hearing.decide):
        played, asked back when unsure, or asked for again."""
        verdict, self.ear = decide(heard, self.moment(), self.ear)
        self.verdict = verdict
        if verdict.again:
            return self._remember([self._unclear()])
        return self.ask_back(verdict.text) if verdict.ask_back else self.hear_words(verdict.text)

    def ask_back(self, text: str) -> list[Line]:
        """The recognizer's best guess was weak: ask the table before acting on it."""
        self.table.confirming = text
        self.table.questions += 1
        said = text.strip().rstrip(".!?,;:")
        return self._remember([self._line("did_you_say", said=said[:1].upper() + said[1:])])

    def push(self, event: Any) -> list[Line]:
        """Apply a game event directly (bots and tests), saving it and speaking the result."""
        notes = self.game.handle(event)
        refused = len(notes) == 1 and notes[0].kind == "refused"
        if not refused:  # a move made: what the players said no to may be said now
            self.table.denied = []
        if not refused and self.autosave:
            self.autosave.record(event)
        if self.on_event:
            self.on_event(event, notes)
        return self._remember(self._apply(notes))

    def tick(self) -> list[Line]:
        """Say scheduled lines that are due and fire the game's deadline if it has passed."""
        if self.paused or self.table.confirming_quit:
            return []
        now = self.clock.now()
        due = [item for item in self.table.scheduled if item.at <= now]
        self.table.scheduled = [item for item in self.table.scheduled if item.at > now]
        lines = [Line(item.text, "countdown_tick") for item in due]
        deadline = self.table.deadline
        while deadline and deadline.at <= now:
            self.table.deadline = None
            self.table.confirming = None  # a yes after time's up must not play a stale move
            self._timers_start = deadline.at  # a timer the game arms now follows on from it
            try:
                lines += self.push(TimeUp(deadline.token))
            finally:
                self._timers_start = None
            deadline = self.table.deadline
        return lines

    def wait_for_players(self) -> None:
        """Hold every timer the game arms until begin(): the players are still joining (the
        companion page), and a turn must not run out before they can see it."""
        self.table.waiting = True

    def begin(self) -> None:
        """The table is ready (everyone joined, or someone said start): the timer the game
        armed while it waited runs in full from now, once the host's next lines are said."""
        held, self.table.held = self.table.held, None
        self.table.waiting = False
        if held is None or self.finished:
            return
        paused = self.paused
        self._arm(held)
        if paused:  # it runs in full from the resume
            self.table.paused_remaining = held.seconds

    @property
    def waiting(self) -> bool:
        """True while the table waits for its players (no timer runs)."""
        return self.table.waiting

    def spoke(self, seconds: float) -> None:
        """The host has said its lines, which took `seconds`: a timer they armed starts after
        them (a Short List question read out must not eat the guess's time), and a timer
        running while they answered a question is held for as long (asking never costs a
        player their turn). Lines only shown (the text console) hold nothing."""
        if self.table.timer_waits:
            self.table.timer_waits = False
            self._hold(seconds)

    def seconds_to_next_tick(self) -> float | None:
        """How long the caller may wait for input before calling tick() again."""
        if self.paused or self.table.confirming_quit:
            return None
        times = [item.at for item in self.table.scheduled]
        if self.table.deadline:
            times.append(self.table.deadline.at)
        return max(0.0, min(times) - self.clock.now()) if times else None

    def moment(self) -> Moment:
        """What the host is doing now, as its ear weighs an utterance: the phrases offered
        with their stakes, what it asked, what the players denied."""
        table = self.table
        return Moment(self.offers_now(), self.talk.parse, self.phrases.lang,
                      asked_back=table.confirming, quitting=table.confirming_quit,
                      denied=tuple(table.denied))

    def expected_phrases(self) -> list[str] | None:
        """What players may sensibly say now (the recognizer's choices); None: decode freely."""
        return self.offers_now().phrases()

    def offers_now(self) -> Offers:
        """The phrases players may sensibly say now, with what acting on each misheard would
        cost: the game's legal moves less those denied, and the core commands (only these
        while paused); while the host asks, the yes and the no first."""
        lang = self.phrases.lang
        yes, no = yes_no(lang)
        # The yes, or "quit" said again, is an ordinary move: the question was the check, and
        # a game quit is saved for --resume. Offered as a command, "quit" would end the game
        # heard as surely as a question needs.
        again = quit_word(lang)
        quit_answers = (Offer(yes, yes), *_undoing([no, carry_on(lang)]), Offer(again, again))
        if self.paused:  # "quit" may be said while paused: its yes or no too
            commands = _commands([*core_phrases(lang, paused=True), *self._free_phrases(),
                                  *addressed_commands(lang, paused=True)])
            return Offers((*quit_answers, *commands) if self.table.confirming_quit
                          else commands)
        game = self.talk.offers()
        if game.choices is None and not self.asking:
            return game
        denied = self.table.denied
        # A no denies the move, in every way of saying it ("pass", "Ann pass").
        refused = [offer.move for offer in game.choices or () if offer.phrase in denied]
        moves = tuple(offer for offer in game.choices or () if offer.move not in refused)
        start = start_words(lang)[:1] if self.table.waiting else ()
        commands = _commands([*start, *core_phrases(lang, paused=False),
                              *self._free_phrases(), *addressed_commands(lang, paused=False)])
        if self.table.confirming_quit:
            # A move said instead of the yes or no is heard as that move (it cancels the
            # quit), not forced into a yes that would end the game.
            return replace(game, choices=(*quit_answers, *moves, *commands))
        confirming = self.table.confirming
        if confirming is not None:
            answers = (Offer(yes, yes), *_undoing([no]))
            if game.open:  # a "no" heard as another choice would be played
                return replace(game, choices=(*answers, Offer(confirming, confirming,
                                                               game.stakes(confirming))))
            return replace(game, choices=(*answers, *moves, *commands))
        return replace(game, choices=(*moves, *commands))

    @property
    def asking(self) -> bool:
        """True while the host waits for a yes or a no to its own question."""
        return self.table.asking

    @property
    def paused(self) -> bool:
        """True while the players have paused the game."""
        return self.table.paused_remaining is not None

    @property
    def finished(self) -> bool:
        """True when the game is over or the players quit."""
        return self.game.over or self.table.quit

    @property
    def resume_option(self) -> str:
        """How to carry this game on: `--resume`, with `--save FILE` when the game is saved
        somewhere other than its usual file."""
        return resume_option(self.autosave.path) if self.autosave else "--resume"

    # ------------------------------------------------------------------ notes to lines

    def _apply(self, notes: list[Note | ArmTimer]) -> list[Line]:
        lines = []
        for note in notes:
            if isinstance(note, ArmTimer):
                self._arm(note)
                continue
            text = self.phrases.render(note)
            if text:
                lines.append(Line(text, note.kind, note.params.get("private_to")))
        return lines

    def _arm(self, timer: ArmTimer) -> None:
        if self.table.waiting:  # kept for begin(); a timer armed before is dropped
            self.table.held = timer
            self.table.deadline, self.table.scheduled = None, []
            return
        now = self.clock.now() if self._timers_start is None else self._timers_start
        self.table.deadline = Deadline(now + timer.seconds, timer.token, timer.name)
        self.table.timer_waits = True
        self.table.scheduled = []
        if timer.name == COUNTDOWN:
            whole = int(timer.seconds)
            self.table.scheduled = [
                Scheduled(now + i * timer.seconds / whole, self.phrases.countdown_tick(whole - i))
                for i in range(1, whole)
            ]

    def _line(self, key: str, **params: object) -> Line:
        return Line(self.phrases.line(key, **params), key)

    def _unclear(self) -> Line:
        """Sorry, not caught; with what may be said now when that is a short list ("You can
        say number one, number two or number three")."""
        moves = self._few_moves()
        if not moves:
            return self._line("unclear")
        listed = spoken_list(moves, in_lang(OR, self.phrases.lang))
        return Line(self.phrases.line("unclear_hint", moves=listed), "unclear")

    def _few_moves(self) -> list[str]:
        """The game's moves of the moment as said, when they are all offered and two to
        HINT_MOVES; else none: naming "pass" alone where an answer off the card or a card's
        secret answer may be said would tell the player those are all there is."""
        if self.paused:
            return []
        offers = self.talk.offers()
        if offers.open or offers.choices is None:
            return []
        moves = [offer for offer in offers.choices if offer.stakes >= Stakes.MOVE]
        if any(offer.stakes is Stakes.SECRET for offer in moves):
            return []
        said = dict.fromkeys(self.talk.say(offer.move) for offer in moves)
        return list(said) if 1 < len(said) <= HINT_MOVES else []

    def _remember(self, lines: list[Line]) -> list[Line]:
        """Keep what the table heard, for "repeat"; a "Sorry, I didn't catch that" is not
        worth repeating: "repeat" after it says again what came before."""
        spoken = [line for line in lines if line.private_to is None and line.kind != "unclear"]
        if spoken:
            self.table.last_lines = spoken
        if self.game.over:
            self.table.deadline = None
            if self.autosave:
                self.autosave.finish()
        return lines

    # ------------------------------------------------------------------ questions

    def _answer_query(self, query: Query) -> list[Line]:
        if query.kind == "repeat":
            return self._held(query, list(self.table.last_lines) or [self._line("unclear")])
        handlers: dict[str, Callable[[Query], list[Line]]] = {
            "help": lambda q: [self._line("help")],
            "rules": lambda q: [Line(rule, "rules") for rule in self.phrases.house_rules],
            "pause": self._pause,
            "resume": self._resume,
            "quit": self._quit,
            CLAIM_TURN: self._claim_turn,
            "time_left": self._time_left,
        }
        handler = handlers.get(query.kind)
        if handler is not None:
            return self._remember(self._held(query, handler(query)))
        notes = self.questions.answer(query)
        lines = self._apply(list(notes or [])) or [self._line("unclear")]
        return self._remember(self._held(query, lines))

    def _held(self, query: Query, lines: list[Line]) -> list[Line]:
        """Hold the running timer while the host says these answer lines (`spoke`)."""
        if self.table.deadline is not None and not self.paused \
                and query.kind not in HOLDING_QUERIES:
            self.table.timer_waits = True
        return lines

    def _hold(self, seconds: float) -> None:
        """Put the running timer (and its countdown) back by `seconds`."""
        if self.table.deadline is not None:
            self.table.deadline.at += seconds
        for item in self.table.scheduled:
            item.at += seconds

    def _time_left(self, query: Query) -> list[Line]:
        """How long the running timer has left, in whole seconds (or that none runs)."""
        deadline = self.table.deadline
        if deadline is None:
            return [self._line("no_timer")]
        remaining = self.table.paused_remaining if self.paused else \
            deadline.at - self.clock.now()
        remaining = (remaining or 0.0) + self.questions.seconds_after_deadline()
        return [self._line("time_left", seconds=max(0, math.ceil(remaining)))]

    def _pause(self, query: Query) -> list[Line]:
        if not self.paused:
            deadline = self.table.deadline
            self.table.paused_remaining = (
                max(0.0, deadline.at - self.clock.now()) if deadline else 0.0
            )
        return [self._line("paused")]

    def _resume(self, query: Query) -> list[Line]:
        """On again, with where the game is said once more (the time left kept, and held
        while it is said)."""
        self._unpause()
        if self.table.deadline is not None:
            self.table.timer_waits = True
        return [self._line("resumed"), *self._apply(list(self.game.situation()))]

    def _unpause(self) -> None:
        """The clock runs again: the timer paused gets the time it had left."""
        remaining, self.table.paused_remaining = self.table.paused_remaining, None
        if remaining is not None and self.table.deadline:
            self.table.deadline.at = self.clock.now() + remaining
            self.table.scheduled = []

    def _says_start(self, text: str) -> bool:
        """Whether these words say start (after a speaker's name, as a page sends it)."""
        _, words = Speakers(self.game.seats, lambda words: False).split(text)
        return clean(words) in start_words(self.phrases.lang)

    def _free_seat(self, text: str) -> list[Line] | None:
        """Free a seat taken on the companion page ("free Cat's seat", by voice or at the
        console); None when the words ask nothing of the kind or no page is open."""
        if self.page_seats is None:
            return None
        speakers = Speakers(self.game.seats, lambda words: False)
        seat = seat_to_free(speakers.split(text)[1], speakers)
        if seat is None:
            return None
        if not seat:
            example = free_seat_words(self.phrases.lang, self.game.seats[0].name)
            return [self._line("seat_whose", example=example)]
        freed = self.page_seats.free_seat(seat)
        return self._remember([self._line("seat_freed" if freed else "seat_not_taken",
                                          player=seat)])

    def _free_phrases(self) -> list[str]:
        """"free Cat's seat" for each seat taken on the companion page (offered to the ear)."""
        taken = self.page_seats.taken_seats() if self.page_seats is not None else []
        return [free_seat_words(self.phrases.lang, seat) for seat in taken]

    def _claim_turn(self, query: Query) -> list[Line]:
        self.table.next_speaker = query.player
        return [self._line("go_ahead", player=query.player)]

    def _quit(self, query: Query) -> list[Line]:
        # A misheard "quit" must not end a party: ask first.
        self.table.confirming_quit = True
        self.table.quit_asked_at = None if self.paused else self.clock.now()
        self.table.questions += 1
        return [self._line("confirm_quit")]

    def _confirm_quit(self, text: str) -> list[Line]:
        self.table.confirming_quit = False
        asked_at, self.table.quit_asked_at = self.table.quit_asked_at, None
        if asked_at is not None:  # the clock stood still while the table answered
            self._hold(self.clock.now() - asked_at)
        words = clean(text)
        if words in QUIT_YES:
            self.table.quit = True
            return [self._line("quit", resume=self.resume_option)]
        if self.paused and words in (*NO, ""):  # the game stays paused: say so, not "on we go"
            return [self._line("quit_cancelled_paused")]
        if self.paused:  # "carry on" while paused means resume: the command says so itself
            return self.hear_words(text)
        if words in (*NO, "carry on", "continue", clean(carry_on(self.phrases.lang)), ""):
            return [self._line("quit_cancelled")]
        return [self._line("quit_cancelled"), *self.hear_words(text)]

    def _confirm_heard(self, text: str, speaker: str | None) -> list[Line]:
        heard, self.table.confirming = self.table.confirming, None
        answer = clean(text)
        if answer in YES:
            return self.hear_words(heard or "", speaker)
        if answer in NO:
            self.table.denied.append(heard or "")
            return [self._line("misheard")]
        return self.hear_words(text, speaker)  # they simply said their move again


def _commands(phrases: list[str]) -> tuple[Offer, ...]:
    """Core commands and answers to the host as offered: as quick to say again as to confirm."""
    return tuple(Offer(phrase, phrase, Stakes.ASK) for phrase in phrases)


def _undoing(phrases: list[str]) -> tuple[Offer, ...]:
    """Replies to the host's own question that only hold the game back (a no)."""
    return tuple(Offer(phrase, phrase, Stakes.UNDO) for phrase in phrases)
