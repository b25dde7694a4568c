"""The host's loop for a table: heard -> intent -> game event -> notes -> lines; owns timers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from host.autosave import Autosave
from host.clock import Clock
from host.games.common import IllegalEvent, Note, TimeUp
from host.games.crack_list import CrackListGame, State
from host.games.crack_list_cards import HIDDEN
from host.games.crack_list_events import CrackListEvent, Penalise
from host.intents import IntentParser, Query, Unclear, clean
from host.phrasebook import Phrasebook
from host.vocabulary import phrases_now

YES = ("yes", "yeah", "yep")
NO = ("no", "nope")


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
class SessionState:
    """What the session tracks besides the game."""

    deadline: Deadline | None = None
    scheduled: list[Scheduled] = field(default_factory=list)
    paused_remaining: float | None = None
    last_lines: list[Line] = field(default_factory=list)
    finished: bool = False
    quit: bool = False
    confirming_quit: bool = False
    """The host asked "really quit?": only a yes ends the game."""
    confirming: str | None = None
    """What the host, unsure it heard right, asked back ("Egg timer?"): a yes plays it."""
    denied: list[str] = field(default_factory=list)
    """Guesses the players said no to, not offered to the recognizer again until a move."""
    next_speaker: str | None = None
    """Who said "my turn, Bob": their next utterance is theirs."""


class CrackListSession:
    """Hosts one Crack List game: feed it what players say and clock ticks; it returns lines."""

    def __init__(
        self,
        game: CrackListGame,
        phrasebook: Phrasebook,
        clock: Clock,
        *,
        autosave: Autosave | None = None,
        on_event: Callable[[CrackListEvent, list[Note]], None] | None = None,
    ) -> None:
        self.game = game
        self.parser = IntentParser(game.seats)
        self.phrases = phrasebook
        self.clock = clock
        self.autosave = autosave
        self.on_event = on_event
        self.s = SessionState()

    # ------------------------------------------------------------------ driving

    def start(self, *, resumed: bool = False) -> list[Line]:
        """Open the game: welcome and the first category card (or pick up a resumed game)."""
        if resumed:
            lines = [self._line("resumed_game", round=self.game.round_no)]
            return lines + self._rearm_current()
        players = [seat.name for seat in self.game.seats]
        notes = self.game.start()
        if self.autosave:
            self.autosave.record_start()
        return self._remember([self._line("welcome", players=players), *self._apply(notes)])

    def hear(self, text: str, speaker: str | None = None) -> list[Line]:
        """Handle one utterance (typed or recognised), said by `speaker` if known."""
        state = self.game.state.value
        expected = self.game.expected_player()
        offered = self.game.offered
        titles = [c.title for c in offered.categories] if offered and state == "choosing" else []
        if self.s.confirming_quit:
            return self._confirm_quit(text)
        if self.s.confirming is not None:
            return self._confirm_heard(text, speaker)
        claimed, self.s.next_speaker = self.s.next_speaker, None
        who, intent = self.parser.parse(text, state, speaker or claimed or expected, titles)
        if isinstance(intent, Penalise) and not (speaker or claimed):
            intent = self._from_penaliser(intent, text)
        if isinstance(intent, Query):
            return self._answer_query(intent)
        if isinstance(intent, Unclear):
            key = "whose_voice" if who is None and expected is None else "unclear"
            return self._remember([self._line(key)])
        if self.s.paused_remaining is not None:
            return [self._line("paused")]
        return self.push(intent)

    def ask_back(self, text: str) -> list[Line]:
        """The recognizer's best guess was weak: ask the table before acting on it."""
        self.s.confirming = text
        return self._remember([self._line("did_you_say", said=text[:1].upper() + text[1:])])

    def _confirm_heard(self, text: str, speaker: str | None) -> list[Line]:
        heard, self.s.confirming = self.s.confirming, None
        answer = clean(text)
        if answer in YES:
            return self.hear(heard or "", speaker)
        if answer in NO:
            self.s.denied.append(heard or "")
            return [self._line("misheard")]
        return self.hear(text, speaker)  # they simply said their move again

    def _from_penaliser(self, penalty: Penalise, text: str) -> Penalise:
        """A penalty handed out without a name is the penaliser's: nobody else may give it
        (after a Joker the host is also waiting for the next player, who is not)."""
        pending = self.game.pending
        if pending is None or self.parser.split_speaker(text)[0] is not None:
            return penalty
        return replace(penalty, player=self.game.seats[pending.seat].name)

    def push(self, event: CrackListEvent) -> list[Line]:
        """Apply a game event directly (bots and tests), saving it and speaking the result."""
        notes = self.game.handle(event)
        self.s.denied = []
        refused = len(notes) == 1 and notes[0].kind == "refused"
        if not refused and self.autosave:
            self.autosave.record(event)
        if self.on_event:
            self.on_event(event, notes)
        return self._remember(self._apply(notes))

    def tick(self) -> list[Line]:
        """Say scheduled lines that are due and fire the game's deadline if it has passed."""
        if self.s.paused_remaining is not None:
            return []
        now = self.clock.now()
        lines = [Line(item.text, "countdown_tick") for item in self.s.scheduled if item.at <= now]
        self.s.scheduled = [item for item in self.s.scheduled if item.at > now]
        deadline = self.s.deadline
        if deadline and deadline.at <= now:
            self.s.deadline = None
            self.s.confirming = None  # a yes after time's up must not play a stale move
            lines += self.push(TimeUp(deadline.token))
        return lines

    def seconds_to_next_tick(self) -> float | None:
        """How long the caller may wait for input before calling tick() again."""
        if self.s.paused_remaining is not None:
            return None
        times = [item.at for item in self.s.scheduled]
        if self.s.deadline:
            times.append(self.s.deadline.at)
        return max(0.0, min(times) - self.clock.now()) if times else None

    def expected_phrases(self) -> list[str]:
        """What players may sensibly say now (the recognizer's choices)."""
        phrases = phrases_now(self.game, confirming_quit=self.s.confirming_quit)
        phrases = [phrase for phrase in phrases if phrase not in self.s.denied]
        if self.s.confirming is not None:
            return list(dict.fromkeys(["yes", "no", *phrases]))
        return phrases

    @property
    def paused(self) -> bool:
        """True while the players have paused the game."""
        return self.s.paused_remaining is not None

    @property
    def finished(self) -> bool:
        """True when the game is over or the players quit."""
        return self.game.state is State.OVER or self.s.quit

    # ------------------------------------------------------------------ notes to lines

    def _apply(self, notes: list[Note]) -> list[Line]:
        lines = []
        for note in notes:
            if note.kind == "timer":
                self._arm(note)
                continue
            text = self.phrases.render(note)
            if text:
                lines.append(Line(text, note.kind))
        return lines

    def _arm(self, note: Note) -> None:
        now = self.clock.now()
        seconds = float(note.params["seconds"])
        self.s.deadline = Deadline(
            now + seconds, int(note.params["token"]), str(note.params["name"])
        )
        self.s.scheduled = []
        if note.params["name"] == "countdown":
            whole = int(seconds)
            self.s.scheduled = [
                Scheduled(
                    now + i * seconds / whole,
                    self.phrases.countdown_tick(whole - i),
                )
                for i in range(1, whole)
            ]

    def _rearm_current(self) -> list[Line]:
        name = self.game.timer_name or "turn"
        seconds = self.game.config.timer_seconds(name)
        self._arm(Note("timer", {"name": name, "seconds": seconds, "token": self.game.timer_token}))
        return self._answer_query(Query("category"))

    def _line(self, key: str, **params: object) -> Line:
        return Line(self.phrases.line(key, **params), key)

    def _remember(self, lines: list[Line]) -> list[Line]:
        spoken = [line for line in lines if line.private_to is None]
        if spoken:
            self.s.last_lines = spoken
        if self.game.state is State.OVER:
            self.s.finished = True
            self.s.deadline = None
            if self.autosave:
                self.autosave.finish()
        return lines

    # ------------------------------------------------------------------ questions

    def _answer_query(self, query: Query) -> list[Line]:
        handlers: dict[str, Callable[[Query], list[Line]]] = {
            "repeat": lambda q: list(self.s.last_lines) or [self._line("unclear")],
            "category": self._say_category,
            "hand": self._say_hand,
            "count": self._say_count,
            "score": lambda q: [
                self._line(
                    "score",
                    score=self.game.score(),
                    round=self.game.round_no,
                    rounds=self.game.config.rounds,
                )
            ],
            "help": lambda q: [self._line("help")],
            "rules": lambda q: [
                Line(rule, "rules") for rule in self.phrases.house_rules.get("crack-list", [])
            ],
            "pause": self._pause,
            "resume": self._resume,
            "quit": self._quit,
            "speaker": self._claim_turn,
        }
        lines = handlers[query.kind](query)
        return lines if query.kind == "repeat" else self._remember(lines)

    def _say_category(self, query: Query) -> list[Line]:
        if self.game.state is State.CHOOSING or self.game.category is None:
            offered = self.game.offered
            titles = [c.title for c in offered.categories] if offered else []
            chooser = self.game.seats[self.game.chooser].name
            return [self._line("category_card", player=chooser, titles=titles)]
        return [self._line("category", category=self.game.category.title)]

    def _say_hand(self, query: Query) -> list[Line]:
        player = query.player or self.game.expected_player()
        if player is None:
            return [self._line("whose_voice")]
        hand = self.game.hands[self.game.seat_index(player)]
        if self.game.config.cards == "physical" or HIDDEN in hand:
            return [self._line("hand_physical", player=player, count=len(hand))]
        return [Line(self.phrases.line("hand", player=player, cards=sorted(hand)), "hand", player)]

    def _say_count(self, query: Query) -> list[Line]:
        target = query.target or query.player or self.game.expected_player()
        if target is None:
            return [self._line("unclear")]
        try:
            count = len(self.game.hands[self.game.seat_index(target)])
        except IllegalEvent:
            return [self._line("unknown_player", player=target)]
        return [self._line("count", player=target, count=count)]

    def _pause(self, query: Query) -> list[Line]:
        if self.s.paused_remaining is None and self.s.deadline:
            self.s.paused_remaining = max(0.0, self.s.deadline.at - self.clock.now())
        elif self.s.paused_remaining is None:
            self.s.paused_remaining = 0.0
        return [self._line("paused")]

    def _resume(self, query: Query) -> list[Line]:
        remaining = self.s.paused_remaining
        self.s.paused_remaining = None
        if remaining is not None and self.s.deadline:
            self.s.deadline.at = self.clock.now() + remaining
            self.s.scheduled = []
        return [self._line("resumed")]

    def _claim_turn(self, query: Query) -> list[Line]:
        self.s.next_speaker = query.player
        return [self._line("go_ahead", player=query.player)]

    def _quit(self, query: Query) -> list[Line]:
        # A misheard "quit" must not end a party: ask first.
        self.s.confirming_quit = True
        return [self._line("confirm_quit")]

    def _confirm_quit(self, text: str) -> list[Line]:
        self.s.confirming_quit = False
        words = clean(text)
        if words in (*YES, "quit", "yes quit"):
            self.s.quit = True
            return [self._line("quit")]
        if words in (*NO, "carry on", "continue", ""):
            return [self._line("quit_cancelled")]
        return [self._line("quit_cancelled"), *self.hear(text)]
