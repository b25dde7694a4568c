"""Bot-played games through the real rules, with the game's invariant checks, and a report."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from host.core.events import Note, Said, TimeUp
from host.core.protocols import Game

MAX_EVENTS_PER_GAME = 20_000
T = TypeVar("T")


class Dice:
    """The bots' chances, drawn from one random generator (one draw each, so a seed replays)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def index(self, count: int) -> int:
        """A random index below `count`."""
        return int(self.rng.random() * count)

    def pick(self, options: Sequence[T]) -> T:
        """One of `options` at random."""
        return options[self.index(len(options))]

    def happens(self, chance: float) -> bool:
        """Whether something that happens with probability `chance` happens this time."""
        return self.rng.random() < chance


class Bots(Protocol):
    """The bot players of one table."""

    def next_event(self) -> Any:
        """What the bots do next (a move, or the time running out)."""
        ...


class Referee(Protocol):
    """A game's invariant checks, run around every simulated event."""

    def watch(self) -> None:
        """Remember what the checks of the next event need (called before it)."""
        ...

    def see(self, event: Any) -> None:
        """Judge the event the bots made (one of its player's legal moves?) before the rules
        get it."""
        ...

    def problems(self, notes: list[Said]) -> list[str]:
        """What is wrong after the event that gave these notes (empty when all is well)."""
        ...


class Permits(Protocol):
    """A seat's legal moves of the moment, as far as a referee asks."""

    def allows(self, move: Any) -> bool:
        """Whether the seat may make this move now."""
        ...


def illegal_event(game: Any, event: Any, legal_moves: Callable[[Any, int], Permits]) -> str | None:
    """Describe this event if it is none of its player's legal moves now (nor the running
    timer's time-up): what every game's referee checks of every event a bot makes."""
    if isinstance(event, TimeUp):
        legal = event.token == game.timer_token
    else:
        seat = next((i for i, s in enumerate(game.seats) if s.name == event.player), None)
        legal = seat is not None and legal_moves(game, seat).allows(event)
    return None if legal else f"{event} was none of the legal moves"


@dataclass
class SimulationReport:
    """What a batch of simulated games did."""

    required: Sequence[str] = ()
    """Note kinds every long enough run should meet (missing ones are reported)."""
    games: int = 0
    completed: int = 0
    invariant_violations: int = 0
    events: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    violations: list[str] = field(default_factory=list)
    seconds: float = 0.0
    """Time spent playing the games."""
    warmup_seconds: float = 0.0
    """Time spent before them (the game's one-off work, such as a judge's indexes)."""
    handled: int = 0

    def as_json(self) -> dict[str, Any]:
        """The report as the JSON object `partyhost simulate --json` prints."""
        events = {kind: self.events.get(kind, 0) for kind in self.required}
        events.update(self.events)
        return {
            "games": self.games,
            "completed": self.completed,
            "invariant_violations": self.invariant_violations,
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
            "warmup_seconds": round(self.warmup_seconds, 2),
            "events_handled": self.handled,
            "events": dict(sorted(events.items())),
            "refused": dict(sorted(self.refused.items())),
            "missing_event_kinds": [k for k in self.required if not self.events.get(k)],
            "first_violations": self.violations[:10],
        }


def play_one(game: Game, bots: Bots, referee: Referee, report: SimulationReport) -> None:
    """Play one game to the end, counting notes and checking invariants after every event."""
    report.events.update(note.kind for note in game.start())
    handled = 0
    while not game.over and handled < MAX_EVENTS_PER_GAME:
        referee.watch()
        event = bots.next_event()
        referee.see(event)
        notes = game.handle(event)
        handled += 1
        report.events.update(note.kind for note in notes)
        refusal = notes[0] if len(notes) == 1 else None
        if isinstance(refusal, Note) and refusal.kind == "refused":
            report.refused[str(refusal.params["reason"])] += 1
        problems = referee.problems(notes)
        if problems:
            report.invariant_violations += len(problems)
            report.violations.extend(f"{event}: {problem}" for problem in problems)
    report.handled += handled
    report.completed += game.over


NewTable = Callable[[random.Random], tuple[Game, Bots, Referee]]
"""A fresh game, its bots and its referee, from one game's random generator."""


def simulate(new_table: NewTable, *, games: int, seed: int,
             required: Sequence[str] = ()) -> SimulationReport:
    """Play `games` bot games, each from its own seed, and report what happened."""
    report = SimulationReport(required)
    started = time.perf_counter()
    for number in range(games):
        game, bots, referee = new_table(random.Random(seed * 1_000_003 + number))
        play_one(game, bots, referee, report)
        report.games += 1
    report.seconds = time.perf_counter() - started
    return report
