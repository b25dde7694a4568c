"""The host's loop for a table, whatever the game: heard -> intent -> game event -> notes ->
lines. It owns the timers (deadlines, the spoken countdown), pause and resume, quitting,
repeating, asking back when unsure, and the autosave."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from rapidfuzz import fuzz

from host.clock import Clock
from host.core.autosave import Autosave
from host.core.events import ArmTimer, Note, TimeUp
from host.core.phrasebook import Phrasebook
from host.core.protocols import Game, Questions, Talk
from host.core.speaker import (
    NO,
    SAME_WORDS_RATIO,
    YES,
    Query,
    Unclear,
    answer_heard,
    carry_on,
    clean,
    core_phrases,
    named_variant,
    yes_no,
)
from host.speech.pronounce import likeness, sounds_alike


@dataclass(frozen=True)
class Line:
    """One thing the host says; `private_to` marks a line only one player should see."""

    text: str
    kind: str = ""
    private_to: str | None = None


class Heard(Protocol):
    """What a recognizer heard in one utterance (host.speech.ports.Transcript is one)."""

    @property
    def text(self) -> str:
        """One of the choices, or "" when it took none."""

    @property
    def unsure(self) -> bool:
        """The text (or else the free transcript) is on weak evidence."""

    @property
    def free(self) -> str:
        """What it heard decoding freely, when it took no choice or one unsure."""

    @property
    def free_confidence(self) -> float:
        """How sure it is of `free`, in [0, 1]."""

    @property
    def runners_up(self) -> tuple[str, ...]:
        """The next likeliest choices after `text`, likeliest first."""


def speaking_seconds(lines: Sequence[Line]) -> float:
    """How long the host takes to say these lines."""
    return sum(len(line.text.split()) for line in lines) / SPEAKING_WORDS_PER_SECOND


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
    confirming: str | None = None
    """What the host, unsure it heard right, asked back ("Egg timer?"): a yes plays it."""
    denied: list[str] = field(default_factory=list)
    """Guesses the players said no to, not offered to the recognizer again until a move."""
    next_speaker: str | None = None
    """Who said "my turn, Bob": their next utterance is theirs."""
    armed_unsaid: bool = False
    """A timer was armed by lines the host has not said yet: it starts once they are said."""
    half_heard: str | None = None
    """A secret choice heard unsure, with other words heard freely: the host asked for it
    again, and takes it when the next utterance is heard as the same choice."""


COUNTDOWN = "countdown"
"""The timer whose last seconds the host calls out loud."""
SPEAKING_WORDS_PER_SECOND = 2.5
"""How fast the host talks (150 words a minute): a running timer is held for as long as the
host takes to answer a question, so that asking never costs a player their turn."""
ALIKE_ASKED = 0.6
"""How alike (`likeness`) one of the likeliest choices must sound to the free transcript of an
utterance that was none of the choices for the host to ask it back. In the Crack List demo
(seeds 3 and 5), "pass" rejected and freely heard as "POSS" (0.67) and "Atole" as "at all"
(0.75, four times) were lost. Of the bench's 48 recorded words that are none of its 70
choices, rejected and compared with the four likeliest choices, one is asked back clean
("Tuesday" as "today", 0.6), two in 20 dB babble ("Monday" too), none in 10 dB (the next,
"Wednesday" and "yesterday", 0.43); of its 96 recordings of the choices, the one rejected in
10 dB babble ("nine" freely heard as "Nice", 0.67) is asked back right."""
FREE_GUESS_SURE = 0.5
FREE_GUESS_ASK = 0.2
"""How sure the engine must be of a free transcript (its mean token probability) to take it
as a move outright, or to ask it back. Measured with Whisper tiny.en on 270 Short List guesses
in 20 dB babble (Piper and three espeak-ng voices): at 0.5 no right answer was judged wrong,
and off-card guesses heard right scored 0.54 to 0.77; judging from 0.35, with choices also
rejected from -2.5 rather than -3, took twice as many off-card guesses outright but judged 1%
of the right answers wrong. Chatter such as "No way." scores 0.3 to 0.55."""
QUIT_YES = (*YES, "quit", "yes quit")
"""The replies to "really quit?" that end the game."""
HOLDING_QUERIES = frozenset({"pause", "resume", "quit", "speaker", "time_left"})
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
        self._timers_start: float | None = None
        """While a deadline fires: when it was due (the timers it leads to start then)."""

    # ------------------------------------------------------------------ driving

    def start(self, *, resumed: bool = False) -> list[Line]:
        """Open the game with a welcome (or pick up a game replayed from its save)."""
        if resumed:
            return self._remember(self._apply(self.game.resumed()))
        players = [seat.name for seat in self.game.seats]
        notes = self.game.start()
        if self.autosave:
            self.autosave.record_start()
        return self._remember([self._line("welcome", players=players), *self._apply(notes)])

    def hear(self, text: str, speaker: str | None = None) -> list[Line]:
        """Handle one utterance (typed or recognised), said by `speaker` if known."""
        if self.table.confirming_quit:
            return self._confirm_quit(text)
        if self.table.confirming is not None:
            return self._confirm_heard(text, speaker)
        claimed, self.table.next_speaker = self.table.next_speaker, None
        intent = self.talk.parse(text, speaker or claimed)
        if isinstance(intent, Query):
            return self._answer_query(intent)
        if isinstance(intent, Unclear):
            if intent.quiet:
                return []
            return self._remember([self._line("whose_voice" if intent.anonymous else "unclear")])
        if self.paused:
            return [self._line("paused")]
        return self.push(intent)

    def heard(self, heard: Heard) -> list[Line]:
        """What the recognizer heard: one of the choices (asked back when unsure), or none of
        them. Then, in a game whose moves may be none of its choices (talk.open_answers: a
        Short List guess off the card), the engine's free transcript is the move when the
        engine is sure of it, and is asked back when it is half sure (or unsure that it was
        none of the choices), unless the players said no to it already: a player's move is
        never judged on a mishearing (words that are no move, such as a claim without a name,
        get their reply at once). A game may also take a move from the free transcript
        instead of a choice heard unsure, or of none (talk.free_move: a Crack Word placement
        justified by a word no choice offers), always asked back. A secret choice heard unsure
        is never asked back: the host asks for it again instead (unless it heard other words
        clearly, which it asks back), and takes it when the next utterance is heard as that
        choice again. A choice not taken (`_not_taken`: a question for the host heard unsure
        or that decoding freely did not hear) gives way to the likeliest move after it, asked
        back; while the host asks whether to quit, it counts as not heard. A move said after
        a player's name whose name decoding freely heard as another word is that player's
        (`_named`: "and challenge." is Ann's), with the choice's sureness, asked back when no
        choice was taken. A sure choice that would cost its player (talk.confirm_first: a
        repeat) is asked back unless decoding freely heard its words too. When none was taken,
        a likely choice that sounds like the free transcript is asked back (in a game with
        open answers too, rather than the free transcript). While the
        host asks back, a no is taken however unsure (it costs only saying the move again), a
        yes heard unsure has the question asked again, and a move said instead is asked back
        unless decoding freely heard its words ("no" was heard as a sure "Nosy")."""
        text, unsure, free = heard.text, heard.unsure, heard.free
        named = self._named(text, free)
        if named:
            text, unsure = named, unsure or not text
        if text and not unsure and self.talk.confirm_first(text) \
                and not self._same_words(text, free):
            unsure = True
        if text and self.table.confirming is not None:
            answer = clean(text)
            if unsure and answer in YES:
                return self.ask_back(self.table.confirming)  # acting on a misheard yes costs
            if answer in NO:
                unsure = False
            elif answer not in YES and not self._same_words(text, free):
                unsure = True
        half_heard, self.table.half_heard = self.table.half_heard, None
        kept_secret = ""
        if text and unsure and not self.table.confirming_quit \
                and self._may_give_away(text, free):
            if text == half_heard:
                return self.hear(text)  # heard as the same secret twice running
            if heard.free_confidence < FREE_GUESS_SURE:
                self.table.half_heard = text
                return self._remember([self._line("unclear")])
            kept_secret, text = text, ""
        if text and self._not_taken(text, unsure, free):
            text = "" if self.table.confirming_quit else self._next_move(heard.runners_up)
            unsure = True
        instead = self._free_move(text or kept_secret, unsure, heard)
        if instead:
            return self.ask_back(instead)
        if text:
            return self.ask_back(text) if unsure else self.hear(text)
        alike = self._sounds_like_likeliest(heard)
        if alike:
            return self.ask_back(alike)
        if free and self.talk.open_answers and not self.asking and not self._denied(free) \
                and heard.free_confidence >= FREE_GUESS_ASK:
            sure = heard.free_confidence >= FREE_GUESS_SURE and not unsure
            unclear = isinstance(self.talk.parse(free), Unclear)  # asking it back would not help
            return self.hear(free) if sure or unclear else self.ask_back(free)
        return self.hear("")

    def _named(self, choice: str, free: str) -> str | None:
        """The move said after a player's name that decoding freely heard, when the choice (or
        none) is the same move without the name (`named_variant`: "and challenge." is Ann's)."""
        phrases = None if self.asking or not free else self._phrases_now()
        return named_variant(choice, free, phrases, self.phrases.lang) if phrases else None

    def _next_move(self, runners_up: Sequence[str]) -> str:
        """After a question the host did not take, the likeliest choice that is a move, to ask
        back ("pass" was heard first as "pause the game", and second as itself); "" when it
        is another question, a secret, or was denied, and in a game with open answers, where
        the free transcript is asked back instead."""
        if self.talk.open_answers:
            return ""
        for choice in runners_up:
            if not isinstance(self.talk.parse(choice), Query | Unclear):
                secret = bool(self.talk.secret(choice)) or self._denied(choice)
                return "" if secret else choice
        return ""

    def _free_move(self, choice: str, unsure: bool, heard: Heard) -> str | None:
        """The move the game takes from the free transcript instead of the choice heard unsure
        (or of none), to ask back; never instead of a sure choice."""
        if (choice and not unsure) or not heard.free or self.asking \
                or heard.free_confidence < FREE_GUESS_ASK:
            return None
        instead = self.talk.free_move(choice, heard.free)
        return None if instead is None or self._denied(instead) else instead

    def _sounds_like_likeliest(self, heard: Heard) -> str | None:
        """When no choice was taken, the likeliest of the likeliest choices that sounds like
        what decoding freely heard ("POSS" for "pass", "at all" for "Atole"; in a game with
        open answers, rather than the free transcript: "Canoe" for "Can you?"), to ask back;
        never a question for the host, a secret, or words denied."""
        if heard.text or not heard.free or self.asking:
            return None
        for choice in heard.runners_up:
            if isinstance(self.talk.parse(choice), Query) or self.talk.secret(choice) \
                    or self._denied(choice):
                continue
            if likeness(heard.free, choice, self.phrases.lang) >= ALIKE_ASKED:
                return choice
        return None

    def _not_taken(self, text: str, unsure: bool, free: str) -> bool:
        """Whether the choice heard is not taken. While the host asks whether to quit: any
        choice heard unsure (the game carries on), and a yes that decoding freely did not
        hear (a long French move was heard as "quit", then as "yes"). Else a question for the
        host heard unsure (it is as quick to ask again as to ask it back) or that decoding
        freely did not hear (in Short List, "repeat" won over guesses off the card)."""
        disowned = bool(free) and not self._same_words(text, free)
        if self.table.confirming_quit:
            return unsure or (disowned and clean(text) in QUIT_YES)
        return isinstance(self.talk.parse(text), Query) and (unsure or disowned)

    @staticmethod
    def _same_words(choice: str, free: str) -> bool:
        """Whether decoding freely heard the choice's words (perhaps among others: "yes,
        quit")."""
        return fuzz.token_set_ratio(clean(choice), clean(free)) >= SAME_WORDS_RATIO

    def _denied(self, free: str) -> bool:
        """Whether the players said no to these words (or nearly these: "your idols" after "your
        idol"), asked back since the last move: heard again, they are still not what was
        said."""
        return any(fuzz.ratio(clean(free), clean(guess)) >= SAME_WORDS_RATIO
                   for guess in self.table.denied)

    def _may_give_away(self, choice: str, free: str) -> bool:
        """Asking back a secret choice that is not what was heard would say it aloud (a Short
        List card's answer): the host asks back what it heard instead. It heard the choice
        when decoding freely wrote its words, or words that sound like its secret after the
        words the choice says first ("Celine or..." for "Celaeno"; "It's my turn, can't be"
        for "it's my turn Cat D")."""
        secret = self.talk.secret(choice)
        if not free or not secret or fuzz.ratio(clean(choice), clean(free)) >= SAME_WORDS_RATIO:
            return False
        return not sounds_alike(secret, answer_heard(choice, secret, free), self.phrases.lang)

    def ask_back(self, text: str) -> list[Line]:
        """The recognizer's best guess was weak: ask the table before acting on it."""
        self.table.confirming = text
        said = text.strip().rstrip(".!?,;:")
        return self._remember([self._line("did_you_say", said=said[:1].upper() + said[1:])])

    def push(self, event: Any) -> list[Line]:
        """Apply a game event directly (bots and tests), saving it and speaking the result."""
        notes = self.game.handle(event)
        self.table.denied = []
        refused = len(notes) == 1 and notes[0].kind == "refused"
        if not refused and self.autosave:
            self.autosave.record(event)
        if self.on_event:
            self.on_event(event, notes)
        return self._remember(self._apply(notes))

    def tick(self) -> list[Line]:
        """Say scheduled lines that are due and fire the game's deadline if it has passed."""
        if self.paused:
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

    def spoke(self, seconds: float) -> None:
        """The host has said its lines, which took `seconds`: a timer they armed starts after
        them (a Short List question read out must not eat the guess's time)."""
        if self.table.armed_unsaid:
            self.table.armed_unsaid = False
            self._hold(seconds)

    def seconds_to_next_tick(self) -> float | None:
        """How long the caller may wait for input before calling tick() again."""
        if self.paused:
            return None
        times = [item.at for item in self.table.scheduled]
        if self.table.deadline:
            times.append(self.table.deadline.at)
        return max(0.0, min(times) - self.clock.now()) if times else None

    def expected_phrases(self) -> list[str] | None:
        """What players may sensibly say now (the recognizer's choices); None: decode freely."""
        phrases = self._phrases_now()
        if self.table.confirming_quit:
            # A move said instead of the yes or no is heard as that move (it cancels the
            # quit), not forced into a yes that would end the game.
            answers = [*yes_no(self.phrases.lang), carry_on(self.phrases.lang)]
            return list(dict.fromkeys([*answers, *(phrases or [])]))
        if self.table.confirming is not None:
            if self.talk.open_answers:  # a "no" heard as another choice would be played
                return [*yes_no(self.phrases.lang), self.table.confirming]
            return list(dict.fromkeys([*yes_no(self.phrases.lang), *(phrases or [])]))
        return phrases

    def _phrases_now(self) -> list[str] | None:
        """The game's moves and the core commands (only these while paused)."""
        if self.paused:
            return core_phrases(self.phrases.lang, paused=True)
        phrases = self.talk.choices()
        if phrases is None:
            return None
        phrases = [phrase for phrase in phrases if phrase not in self.table.denied]
        return phrases + core_phrases(self.phrases.lang, paused=False)

    @property
    def asking(self) -> bool:
        """True while the host waits for a yes or a no to its own question."""
        return self.table.confirming_quit or self.table.confirming is not None

    @property
    def paused(self) -> bool:
        """True while the players have paused the game."""
        return self.table.paused_remaining is not None

    @property
    def finished(self) -> bool:
        """True when the game is over or the players quit."""
        return self.game.over or self.table.quit

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
        now = self.clock.now() if self._timers_start is None else self._timers_start
        self.table.deadline = Deadline(now + timer.seconds, timer.token, timer.name)
        self.table.armed_unsaid = True
        self.table.scheduled = []
        if timer.name == COUNTDOWN:
            whole = int(timer.seconds)
            self.table.scheduled = [
                Scheduled(now + i * timer.seconds / whole, self.phrases.countdown_tick(whole - i))
                for i in range(1, whole)
            ]

    def _line(self, key: str, **params: object) -> Line:
        return Line(self.phrases.line(key, **params), key)

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
            "speaker": self._claim_turn,
            "time_left": self._time_left,
        }
        handler = handlers.get(query.kind)
        if handler is not None:
            return self._remember(self._held(query, handler(query)))
        notes = self.questions.answer(query)
        lines = self._apply(list(notes or [])) or [self._line("unclear")]
        return self._remember(self._held(query, lines))

    def _held(self, query: Query, lines: list[Line]) -> list[Line]:
        """Hold the running timer while the host says these answer lines."""
        deadline = self.table.deadline
        if deadline is None or self.paused or query.kind in HOLDING_QUERIES:
            return lines
        self._hold(speaking_seconds(lines))
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
        remaining, self.table.paused_remaining = self.table.paused_remaining, None
        if remaining is not None and self.table.deadline:
            self.table.deadline.at = self.clock.now() + remaining
            self.table.scheduled = []
        return [self._line("resumed")]

    def _claim_turn(self, query: Query) -> list[Line]:
        self.table.next_speaker = query.player
        return [self._line("go_ahead", player=query.player)]

    def _quit(self, query: Query) -> list[Line]:
        # A misheard "quit" must not end a party: ask first.
        self.table.confirming_quit = True
        return [self._line("confirm_quit")]

    def _confirm_quit(self, text: str) -> list[Line]:
        self.table.confirming_quit = False
        words = clean(text)
        if words in QUIT_YES:
            self.table.quit = True
            return [self._line("quit")]
        if words in (*NO, "carry on", "continue", clean(carry_on(self.phrases.lang)), ""):
            return [self._line("quit_cancelled")]
        return [self._line("quit_cancelled"), *self.hear(text)]

    def _confirm_heard(self, text: str, speaker: str | None) -> list[Line]:
        heard, self.table.confirming = self.table.confirming, None
        answer = clean(text)
        if answer in YES:
            return self.hear(heard or "", speaker)
        if answer in NO:
            self.table.denied.append(heard or "")
            return [self._line("misheard")]
        return self.hear(text, speaker)  # they simply said their move again
