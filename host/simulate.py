"""Bot-played Crack List games through the real rules model, with invariant checks and counts."""

from __future__ import annotations

import gc
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from host.bots import BotSkills, BotTable
from host.decks import CategoryCard
from host.games.common import Note, make_seats
from host.games.crack_list import AnswerJudge, CrackListConfig, CrackListGame, State
from host.table import SetupError

REQUIRED_KINDS = (
    "answer_accepted",
    "answer_wrong",
    "answer_duplicate",
    "timeout",
    "draw",
    "penalty_1",
    "penalty_2",
    "penalty_3",
    "joker",
    "stop",
    "reverse",
    "swap_hand",
    "swap_card",
    "swap_last_card_victory",
    "crack_list_card",
    "category_abandoned",
    "challenge",
    "vote",
    "countdown",
    "reshuffle",
    "round_won",
    "game_won",
)
MAX_EVENTS_PER_GAME = 20_000
GAMES_PER_COLLECTION = 50

_TURN, _OVER = State.TURN, State.OVER
"""States read in the hot loop, as module globals (an Enum member lookup costs more)."""


@dataclass
class SimulationReport:
    """What a batch of simulated games did."""

    games: int = 0
    completed: int = 0
    invariant_violations: int = 0
    events: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    violations: list[str] = field(default_factory=list)
    seconds: float = 0.0
    warmup_seconds: float = 0.0
    handled: int = 0

    def as_json(self) -> dict[str, Any]:
        """The report as the JSON object `partyhost simulate --json` prints."""
        events = {kind: self.events.get(kind, 0) for kind in REQUIRED_KINDS}
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
            "missing_event_kinds": [k for k in REQUIRED_KINDS if not self.events.get(k)],
            "first_violations": self.violations[:10],
        }


_KIND = attrgetter("kind")
ROTATION_RESETS = frozenset({"category_abandoned", "crack_list_card", "round_won", "vote_upheld"})
"""Notes after which the next turn no longer follows from the last one."""
_ROTATION_KINDS = ROTATION_RESETS | {"reverse", "stop", "turn"}


def turn_violation(
    game: CrackListGame, actor: int | None, direction: int, notes: list[Note]
) -> str | None:
    """Describe an illegal turn order in these notes, if any, replaying the rotation rules."""
    if actor is None:
        return None
    steps = 1
    seats = game.seats
    for note in notes:
        kind = note.kind
        if kind not in _ROTATION_KINDS:
            continue
        if kind in ROTATION_RESETS:
            return None
        if kind == "reverse":
            direction = -direction
        elif kind == "stop":
            steps = 2
        elif kind == "turn" and note.params["how"] != "after_choice":
            actor = (actor + direction * steps) % len(seats)
            expected = seats[actor].name
            if note.params["player"] != expected:
                return f"turn went to {note.params['player']}, expected {expected}"
            steps = 1
    return None


def play_one(game: CrackListGame, bots: BotTable, report: SimulationReport) -> None:
    """Play one game to the end, counting notes and checking invariants after every event.

    Every event gets the O(seats) checks (cards counted, seat and direction in range) and the
    turn-order check; when a round ends, its last cards are compared with the deck card by card.
    """
    said = list(map(_KIND, game.start()))
    handle, next_event, check = game.handle, bots.next_event, game.check_invariants
    handled = 0
    while game.state is not _OVER and handled < MAX_EVENTS_PER_GAME:
        # the seat whose act the next turn counts from: the player on turn, or the answerer
        actor = game.current if game.state is _TURN else _answerer(game)
        direction, round_no = game.direction, game.round_no
        event = next_event()
        notes = handle(event)
        handled += 1
        said += map(_KIND, notes)
        if notes[0].kind == "refused":  # a refusal is the only note
            report.refused[str(notes[0].params["reason"])] += 1
        problems = check(exact=False)
        if game.round_no != round_no or game.winner is not None:
            problems += game.check_last_round()
        if actor is not None and (wrong_turn := turn_violation(game, actor, direction, notes)):
            problems.append(wrong_turn)
        if problems:
            report.invariant_violations += len(problems)
            report.violations.extend(f"{event}: {p}" for p in problems)
    report.events.update(said)  # counted in C, once a game
    report.handled += handled
    if game.state is _OVER:
        report.completed += 1


def _answerer(game: CrackListGame) -> int | None:
    """The seat of the answer that stands, if any."""
    return game.pending.seat if game.pending is not None else None


def simulate(
    category_cards: Sequence[CategoryCard],
    judge: AnswerJudge,
    *,
    games: int,
    seed: int,
    players: int = 4,
    skills: BotSkills | None = None,
    cards: str = "virtual",
) -> SimulationReport:
    """Play `games` bot games and report what happened; SetupError when the table cannot
    be dealt."""
    report = SimulationReport()
    names = [f"Bot{i + 1}" for i in range(players)]
    config = CrackListConfig(make_seats(names), cards=cards)  # type: ignore[arg-type]
    try:
        config.validate()  # before the warm-up: a table the rules cannot deal fails at once
    except ValueError as err:
        raise SetupError(f"{err} ({players} players)") from err
    started = time.perf_counter()
    prepare = getattr(judge, "prepare", None)
    if prepare is not None:
        prepare(category for card in category_cards for category in card.categories)
    # The warm-up's indexes and word lists stay for the whole run: frozen out of the
    # collector's sight. Play makes many short-lived objects and few cycles (a finished game
    # and its machine triggers), so the collector runs between games rather than inside them.
    gc.collect()
    gc.freeze()
    collecting = gc.isenabled()
    gc.disable()
    report.warmup_seconds = time.perf_counter() - started
    started = time.perf_counter()
    try:
        for number in range(games):
            rng = random.Random(seed * 1_000_003 + number)
            game = CrackListGame(config, category_cards, judge, rng)
            bots = BotTable(game, skills or BotSkills(), random.Random(rng.random()))
            play_one(game, bots, report)
            game.close()
            report.games += 1
            if number % GAMES_PER_COLLECTION == GAMES_PER_COLLECTION - 1:
                gc.collect(1)
    finally:
        gc.unfreeze()
        if collecting:
            gc.enable()
    report.seconds = time.perf_counter() - started
    return report
