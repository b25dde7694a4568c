"""Scattergories' invariants for simulated games: every event one of the legal moves, every
answer scored once, the totals, the letters and the reading order, replayed from the notes."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from host.core.events import Note, Said, make_seats
from host.core.protocols import SetupError
from host.core.simulate import Bots, SimulationReport, illegal_event, simulate
from host.decks import CategoryList
from host.games.scattergories.bots import BotSkills, BotTable
from host.games.scattergories.config import ROUNDS, ScattergoriesConfig
from host.games.scattergories.events import ScattergoriesEvent
from host.games.scattergories.moves import legal_moves
from host.games.scattergories.notes import NoteKind
from host.games.scattergories.rules import SCORE_KINDS, LetterJudge, ScattergoriesGame

REQUIRED_KINDS = (
    "letter_rolled", "letter_rerolled", "wild_star", "timer_extended", "answer_scored_2",
    "answer_scored_1", "answer_duplicate_0", "answer_blank", "challenge", "vote_accepted",
    "vote_rejected", "tie_vote_without_challenged", "round_total", "tie_break_round",
    "game_won",
)
"""Every kind of note the issue asks a simulation to meet."""
FLOW_KINDS = (
    "letter_chosen", "writing_started", "more_time_asked", "more_time_agreed",
    "more_time_refused", "extra_time", "countdown", "pencils_down", "category", "turn",
    "answer_read", "category_read", "read_timeout", "challenge_settled", "vote",
    "answer_unfit_0", "answer_repeat_0", "category_scored", "game_over",
)
"""The other kinds a long enough simulation meets too (also required, so none goes missing).

Not required: `more_time_lapsed` (a request still open when the time runs out: the bots answer
a request at once) and `game_shared` (players still tied after three tie-break rounds: the rule
tests cover both)."""
ScoreKey = tuple[int, int, str]
"""(round, category number, player)."""


class ScattergoriesReferee:
    """Checks one game after every event: that the event was one of its player's legal moves
    (seen before the rules get it), and, replaying its notes, each answer read once by the
    reader on turn and scored once, the round and game totals, no letter twice, the roller."""

    def __init__(self, game: ScattergoriesGame) -> None:
        self.game = game
        self.synced = False
        self.letters: list[str] = []
        self.round_no = 0
        self.roller = game.config.first
        self.playing: list[str] = []
        self.order: list[str] = []
        self.pos = 0
        self.number = 0
        self.read: set[ScoreKey] = set()
        self.scored: dict[ScoreKey, int] = {}
        self.round_totals: dict[int, dict[str, int]] = {}
        self.illegal: str | None = None
        """What was wrong with the event the bots made since `watch`."""


    def see(self, event: ScattergoriesEvent) -> None:
        """Judge the event the bots made, before the rules get it."""
        self.illegal = self.illegal_event(event)

    def illegal_event(self, event: ScattergoriesEvent) -> str | None:
        """Describe this event, if it is none of its player's legal moves now (nor the running
        timer's time-up)."""
        return illegal_event(self.game, event, legal_moves)

    def watch(self) -> None:
        """Forget the last event's legality; before the first event, catch up with what
        start() said (the first roll)."""
        self.illegal = None
        if not self.synced:
            game = self.game
            self.synced = True
            self.letters = list(game.used_letters)
            self.round_no, self.roller = game.round_no, game.roller
            self.playing = [game.seats[seat].name for seat in game.playing]

    def problems(self, notes: list[Said]) -> list[str]:
        """What is wrong after the event that gave these notes."""
        problems: list[str] = []
        for note in notes:
            if isinstance(note, Note):
                problem = self.check(note)
                if problem:
                    problems.append(problem)
        problems += self._state_problems()
        if self.illegal:
            problems.append(self.illegal)
        return problems

    def check(self, note: Note) -> str | None:
        """The problem this note shows, if any (and remember what it says)."""
        kind, params = note.kind, note.params
        if kind in SCORE_KINDS:
            return self._scored(NoteKind(kind), params)
        checks: dict[str, Callable[[Mapping[str, Any]], str | None]] = {
            NoteKind.ROUND_STARTED: self._round_started,
            NoteKind.LETTER_ROLLED: self._letter, NoteKind.LETTER_CHOSEN: self._letter,
            NoteKind.CATEGORY: self._category, NoteKind.TURN: self._turn,
            NoteKind.ANSWER_READ: self._answer_read,
            NoteKind.CATEGORY_SCORED: self._category_scored,
            NoteKind.ROUND_TOTAL: self._round_total,
            NoteKind.GAME_WON: self._game_won,
        }
        check = checks.get(kind)
        return check(params) if check else None

    # ----------------------------------------------------------------- the notes

    def _round_started(self, params: Mapping[str, Any]) -> str | None:
        game = self.game
        names = [seat.name for seat in game.seats]
        players = list(params["players"])
        expected = names[game.config.first]
        if params["round"] > 1:
            steps = range(1, len(names) + 1)
            after = (names[(self.roller + k) % len(names)] for k in steps)
            expected = next(name for name in after if name in players)
        self.round_no, self.playing = int(params["round"]), players
        self.roller = names.index(params["roller"])
        if params["roller"] != expected:
            return f"round {self.round_no} rolled by {params['roller']}, expected {expected}"
        return None

    def _letter(self, params: Mapping[str, Any]) -> str | None:
        letter = params["letter"]
        if letter in self.letters:
            return f"letter {letter} used twice in a game"
        self.letters.append(letter)
        return None

    def _category(self, params: Mapping[str, Any]) -> str | None:
        names = [seat.name for seat in self.game.seats]
        count = len(names)
        clockwise = [names[(self.roller + k) % count] for k in range(count)]
        self.order = [name for name in clockwise if name in self.playing]
        self.pos, self.number = 0, int(params["number"])
        return None

    def _turn(self, params: Mapping[str, Any]) -> str | None:
        expected = self.order[self.pos] if self.pos < len(self.order) else None
        if params["player"] != expected:
            return f"turn to read went to {params['player']}, expected {expected}"
        return None

    def _answer_read(self, params: Mapping[str, Any]) -> str | None:
        if params.get("corrected"):
            last = self.order[self.pos - 1] if self.pos > 0 else None
            return None if params["player"] == last else \
                f"{params['player']} corrected an answer, but {last} read last"
        expected = self.order[self.pos] if self.pos < len(self.order) else None
        self.pos += 1
        key = (self.round_no, self.number, params["player"])
        if params["player"] != expected or key in self.read:
            return f"{params['player']} read for category {self.number}, expected {expected}"
        self.read.add(key)
        return None

    def _scored(self, kind: NoteKind, params: Mapping[str, Any]) -> str | None:
        key = (int(params["round"]), int(params["number"]), str(params["player"]))
        if key not in self.read:
            return f"{key} scored but never read"
        if key in self.scored:
            return f"{key} scored twice"
        self.scored[key] = int(params["points"])
        if params["points"] != SCORE_KINDS[kind]:
            return f"{key} {kind} gives {params['points']} points"
        return None

    def _category_scored(self, params: Mapping[str, Any]) -> str | None:
        number = int(params["number"])
        mine = {name: self.scored.get((self.round_no, number, name)) for name in self.order}
        if mine != dict(params["points"]):
            return f"category {number} points {params['points']}, the answers gave {mine}"
        return None

    def _round_total(self, params: Mapping[str, Any]) -> str | None:
        categories = len(self.game.categories)
        missing = [(self.round_no, n, name) for n in range(1, categories + 1)
                   for name in self.playing if (self.round_no, n, name) not in self.scored]
        if missing:
            return f"answers never scored: {missing}"
        sums = {name: sum(self.scored[(self.round_no, n, name)]
                          for n in range(1, categories + 1)) for name in self.playing}
        self.round_totals[self.round_no] = sums
        if sums != dict(params["points"]):
            return f"round {self.round_no} totals {params['points']}, the answers sum to {sums}"
        totals = self._game_totals()
        if totals != dict(params["totals"]):
            return f"game totals {params['totals']}, the rounds sum to {totals}"
        return None

    def _game_won(self, params: Mapping[str, Any]) -> str | None:
        last = self.round_totals[self.round_no] if self.round_no > ROUNDS else \
            self._game_totals()
        best = max(last[name] for name in self.playing)
        if last[params["player"]] != best:
            return f"{params['player']} won with {last[params['player']]}, the best is {best}"
        return None

    # ----------------------------------------------------------------- the game's state

    def _game_totals(self) -> dict[str, int]:
        """Each player's sum of the first two rounds' totals."""
        return {seat.name: sum(self.round_totals.get(r, {}).get(seat.name, 0)
                               for r in range(1, ROUNDS + 1)) for seat in self.game.seats}

    def _state_problems(self) -> list[str]:
        game = self.game
        problems = []
        if game.points() != self._game_totals():
            problems.append(f"the game's totals {game.points()} are not the rounds' sums")
        if game.used_letters != self.letters:
            problems.append(f"the game's letters {game.used_letters}, said {self.letters}")
        return problems



def simulate_scattergories(
    lists: Sequence[CategoryList],
    judge: LetterJudge,
    *,
    games: int,
    seed: int,
    players: int = 4,
    skills: BotSkills | None = None,
    categories: int = 6,
    spoken_answers: bool = False,
) -> SimulationReport:
    """Play `games` bot games of Scattergories (each on a list its seed chooses); SetupError
    when the table cannot be set up."""
    names = [f"Bot{i + 1}" for i in range(players)]
    config = ScattergoriesConfig(make_seats(names), categories=categories,
                                 spoken_answers=spoken_answers)
    try:
        config.validate()
    except ValueError as err:
        raise SetupError(str(err)) from err  # it says how many were given and the range

    def new_table(rng: random.Random) -> tuple[ScattergoriesGame, Bots, ScattergoriesReferee]:
        game = ScattergoriesGame(config, lists, judge, rng)
        bots = BotTable(game, skills or BotSkills(), random.Random(rng.random()))
        referee = ScattergoriesReferee(game)
        return game, bots, referee

    started = time.perf_counter()
    prepare = getattr(judge, "prepare", None)
    if prepare is not None:  # the judge's one-off work (indexes), before the games
        prepare(category for lst in lists for category in lst.categories)
    warmup = time.perf_counter() - started
    report = simulate(new_table, games=games, seed=seed,
                      required=(*REQUIRED_KINDS, *FLOW_KINDS))
    report.warmup_seconds = warmup
    return report
