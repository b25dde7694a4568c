"""Bot-played Crack List games through the real rules model, with invariant checks and counts."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from host.bots import BotSkills, BotTable
from host.decks import CategoryCard
from host.games.common import Note, make_seats
from host.games.crack_list import AnswerJudge, CrackListConfig, CrackListGame, State

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


def turn_violation(
    game: CrackListGame, actor: int | None, direction: int, notes: list[Note]
) -> str | None:
    """Describe an illegal turn order in these notes, if any, replaying the rotation rules."""
    steps = 1
    names = [seat.name for seat in game.seats]
    for note in notes:
        if actor is None:
            return None
        if note.kind in ("category_abandoned", "crack_list_card", "round_won", "vote_upheld"):
            return None
        if note.kind == "reverse":
            direction = -direction
        elif note.kind == "stop":
            steps = 2
        elif note.kind == "turn" and note.params["how"] != "after_choice":
            expected = names[(actor + direction * steps) % len(names)]
            if note.params["player"] != expected:
                return f"turn went to {note.params['player']}, expected {expected}"
            actor, steps = names.index(expected), 1
    return None


def play_one(game: CrackListGame, bots: BotTable, report: SimulationReport) -> None:
    """Play one game to the end, counting notes and checking invariants after every event."""
    for note in game.start():
        report.events[note.kind] += 1
    for _ in range(MAX_EVENTS_PER_GAME):
        if game.state is State.OVER:
            report.completed += 1
            return
        actor = (
            game.current
            if game.state is State.TURN
            else (game.pending.seat if game.pending is not None else None)
        )
        direction = game.direction
        event = bots.next_event()
        notes = game.handle(event)
        report.handled += 1
        for note in notes:
            report.events[note.kind] += 1
            if note.kind == "refused":
                report.refused[str(note.params["reason"])] += 1
        round_over = any(note.kind == "round_won" for note in notes)
        problems = game.check_invariants(exact=round_over)
        if not (len(notes) == 1 and notes[0].kind == "refused"):
            wrong_turn = turn_violation(game, actor, direction, notes)
            if wrong_turn:
                problems.append(wrong_turn)
        if problems:
            report.invariant_violations += len(problems)
            report.violations.extend(f"{event}: {p}" for p in problems)


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
    """Play `games` bot games and report what happened."""
    report = SimulationReport()
    names = [f"Bot{i + 1}" for i in range(players)]
    config = CrackListConfig(make_seats(names), cards=cards)  # type: ignore[arg-type]
    started = time.perf_counter()
    warm = getattr(judge, "index", None)
    for card in category_cards if warm else ():
        for category in card.categories:
            warm(category)  # type: ignore[misc]
    report.warmup_seconds = time.perf_counter() - started
    started = time.perf_counter()
    for number in range(games):
        rng = random.Random(seed * 1_000_003 + number)
        game = CrackListGame(config, category_cards, judge, rng)
        play_one(game, BotTable(game, skills or BotSkills(), random.Random(rng.random())), report)
        game.close()
        report.games += 1
    report.seconds = time.perf_counter() - started
    return report
