"""Crack List's invariants for simulated games: cards counted, turn order, each round's deck, and
every event the bots made one of the legal moves."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from host.core.events import Note, Said, make_seats
from host.core.protocols import SetupError
from host.core.simulate import Bots, SimulationReport, illegal_event, simulate
from host.decks import CategoryCard
from host.games.crack_list.bots import BotSkills, BotTable
from host.games.crack_list.events import CrackListEvent
from host.games.crack_list.moves import legal_moves
from host.games.crack_list.rules import AnswerJudge, CrackListConfig, CrackListGame, State

REQUIRED_KINDS = (
    "answer_accepted", "answer_wrong", "answer_duplicate", "timeout", "draw",
    "penalty_1", "penalty_2", "penalty_3", "joker", "stop", "reverse", "swap_hand",
    "swap_card", "swap_last_card_victory", "crack_list_card", "category_abandoned",
    "challenge", "vote", "countdown", "reshuffle", "round_won", "game_won",
)
"""Every kind of note a long enough simulation must meet."""
ROTATION_RESETS = frozenset({"category_abandoned", "crack_list_card", "round_won", "vote_upheld"})
"""Notes after which the next turn no longer follows from the last one."""


def turn_violation(game: CrackListGame, actor: int, direction: int,
                   notes: Sequence[Said]) -> str | None:
    """Describe an illegal turn order in these notes, if any, replaying the rotation rules."""
    steps = 1
    for note in notes:
        if not isinstance(note, Note):
            continue
        if note.kind in ROTATION_RESETS:
            return None
        if note.kind == "reverse":
            direction = -direction
        elif note.kind == "stop":
            steps = 2
        elif note.kind == "turn" and note.params["how"] not in ("after_choice", "again"):
            actor = (actor + direction * steps) % len(game.seats)
            expected = game.seats[actor].name
            if note.params["player"] != expected:
                return f"turn went to {note.params['player']}, expected {expected}"
            steps = 1
    return None


class CrackListReferee:
    """Checks one game after every event: that the event was one of the legal moves (seen
    before the rules get it), the cards (counted; each finished round card by card against the
    deck) and the turn order."""

    def __init__(self, game: CrackListGame) -> None:
        self.game = game
        self.actor: int | None = None
        self.direction = game.direction
        self.round_no = game.round_no
        self.illegal: str | None = None
        """What was wrong with the event the bots made since `watch`."""
        self.seen = False
        """Whether the bots' event since `watch` was shown to this referee."""


    def see(self, event: CrackListEvent) -> None:
        """Judge the event the bots made, before the rules get it."""
        self.illegal, self.seen = self.illegal_event(event), True

    def illegal_event(self, event: CrackListEvent) -> str | None:
        """Describe this event, if it is none of its player's legal moves now (nor the running
        timer's time-up)."""
        return illegal_event(self.game, event, legal_moves)

    def watch(self) -> None:
        """Remember whose act the next turn counts from: the player on turn, or the answerer."""
        game = self.game
        if game.state is State.TURN:
            self.actor = game.current
        else:
            self.actor = game.pending.seat if game.pending is not None else None
        self.direction, self.round_no = game.direction, game.round_no
        self.illegal, self.seen = None, False

    def problems(self, notes: list[Said]) -> list[str]:
        """What is wrong after the event that gave these notes."""
        game = self.game
        problems = game.check_invariants(exact=False)
        if self.illegal:
            problems.append(self.illegal)
        refusal = notes[0] if len(notes) == 1 else None
        if self.seen and not self.illegal and isinstance(refusal, Note) \
                and refusal.kind == "refused":  # legal_moves and the rules disagree
            problems.append(f"a legal move was refused ({refusal.params['reason']})")
        if game.round_no != self.round_no or game.winner is not None:
            problems += game.check_last_round()
        if self.actor is not None:
            wrong_turn = turn_violation(game, self.actor, self.direction, notes)
            if wrong_turn:
                problems.append(wrong_turn)
        return problems



def simulate_crack_list(
    category_cards: Sequence[CategoryCard],
    judge: AnswerJudge,
    *,
    games: int,
    seed: int,
    players: int = 4,
    skills: BotSkills | None = None,
    cards: str = "virtual",
) -> SimulationReport:
    """Play `games` bot games of Crack List; SetupError when the table cannot be dealt."""
    names = [f"Bot{i + 1}" for i in range(players)]
    config = CrackListConfig(make_seats(names), cards=cards)  # type: ignore[arg-type]
    try:
        config.validate()
    except ValueError as err:
        raise SetupError(str(err)) from err  # it says how many were given and the range

    def new_table(rng: random.Random) -> tuple[CrackListGame, Bots, CrackListReferee]:
        game = CrackListGame(config, category_cards, judge, rng)
        bots = BotTable(game, skills or BotSkills(), random.Random(rng.random()))
        referee = CrackListReferee(game)
        return game, bots, referee

    started = time.perf_counter()
    prepare = getattr(judge, "prepare", None)
    if prepare is not None:  # the judge's one-off work (indexes, word lists), before the games
        prepare(category for card in category_cards for category in card.categories)
    warmup = time.perf_counter() - started
    report = simulate(new_table, games=games, seed=seed, required=REQUIRED_KINDS)
    report.warmup_seconds = warmup
    return report
