"""Short List's invariants for simulated games: crystals and cards counted, the turn order, and
every event one of the legal moves."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from host.core.events import Note, Said, make_seats
from host.core.protocols import SetupError
from host.core.simulate import Bots, SimulationReport, illegal_event, simulate
from host.decks import QuestionCard
from host.games.short_list.bots import BotSkills, BotTable
from host.games.short_list.config import ShortListConfig
from host.games.short_list.events import ShortListEvent
from host.games.short_list.moves import legal_moves
from host.games.short_list.notes import NoteKind
from host.games.short_list.rules import AnswerJudge, ShortListGame

REQUIRED_KINDS = (
    "answer_right", "answer_wrong", "answer_repeat", "pass", "jump", "timeout",
    "crystal_to_quizmaster", "crystal_from_stock", "crystal_returned", "exchange_orange",
    "round_quizmaster_takes", "round_seven_found", "round_no_crystals", "unfound_answers",
    "game_won", "game_shared", "tie_broken_by_cards",
)
"""Every kind of note a long enough simulation must meet."""
HOST_QUIZMASTER_KINDS = (*REQUIRED_KINDS, "host_pile_returned")
"""The same with the host as quizmaster, whose own pile goes back into a stockpile run short.

Not required: `break_orange` (a guesser who owes a crystal, holds orange and no blue, while the
stockpile holds five blue to break it with; an exchange goes to the richest player, who rarely
falls to no blue afterwards: 2 in 2000 bot games with the host as quizmaster, none with a
rotating one; the rule tests cover it), and
`stock_dry` (the stockpile giving no winner crystal at all, which the host's pile and the
exchanges keep from happening in a game of the usual length)."""
OUT_OF_ROUND = frozenset({NoteKind.ANSWER_WRONG, NoteKind.ANSWER_REPEAT, NoteKind.PASS,
                          NoteKind.TIMEOUT})
"""Notes that put the guesser who acted out of the round."""


def table_problems(game: ShortListGame) -> list[str]:
    """What is wrong with the table: crystals or cards not conserved, a negative count, a
    guesser on turn who may not guess."""
    config = game.config
    problems: list[str] = []
    blue, orange = game.crystals_in_play()
    if (blue, orange) != (config.blue_crystals, config.orange_crystals):
        problems.append(f"crystals not conserved: {blue} blue and {orange} orange, not "
                        f"{config.blue_crystals} and {config.orange_crystals}")
    cards = sum(game.its_my_turn) + game.cards_in_box
    if cards != config.its_my_turn_cards:
        problems.append(f"It's my turn cards not conserved: {cards} != "
                        f"{config.its_my_turn_cards}")
    problems += [f"{what} is negative ({count})" for what, count in _counts(game)
                 if count < 0]
    if not 0 <= game.winner_crystals <= config.winner_crystals:
        problems.append(f"{game.winner_crystals} winner crystals set aside")
    if game.quizmaster is not None and game.host_blue:
        problems.append("the host has a pile though a player is the quizmaster")
    if not game.over and (game.guesser == game.quizmaster or game.guesser in game.out):
        problems.append(f"{game.seats[game.guesser].name} is on turn but may not guess")
    return problems


def _counts(game: ShortListGame) -> list[tuple[str, int]]:
    """Every count on the table, named."""
    counts = [("the stockpile's blue", game.stock_blue),
              ("the stockpile's orange", game.stock_orange),
              ("the host's pile", game.host_blue), ("the box's cards", game.cards_in_box)]
    for seat, name in enumerate(seat.name for seat in game.seats):
        counts += [(f"{name}'s blue", game.blue[seat]), (f"{name}'s orange", game.orange[seat]),
                   (f"{name}'s cards", game.its_my_turn[seat])]
    return counts


class ShortListReferee:
    """Checks one game after every event: that the event was one of the legal moves (seen
    before the rules get it), the table's counts, and that each turn goes where the rules say
    (replayed from the notes, not asked of the game)."""

    def __init__(self, game: ShortListGame) -> None:
        self.game = game
        self.guesser = game.guesser
        self.out: frozenset[int] = frozenset()
        self.quizmaster = game.quizmaster
        self.illegal: str | None = None
        """What was wrong with the event the bots made since `watch`."""


    def watch(self) -> None:
        """Remember who is on turn, who is out and who the quizmaster is before the event."""
        game = self.game
        self.guesser, self.out, self.quizmaster = game.guesser, frozenset(game.out), \
            game.quizmaster
        self.illegal = None

    def see(self, event: ShortListEvent) -> None:
        """Judge the event the bots made, before the rules get it."""
        self.illegal = self.illegal_event(event)

    def problems(self, notes: list[Said]) -> list[str]:
        """What is wrong after the event that gave these notes."""
        problems = table_problems(self.game)
        if self.illegal:
            problems.append(self.illegal)
        wrong_turn = self.turn_violation(notes)
        if wrong_turn:
            problems.append(wrong_turn)
        return problems

    def illegal_event(self, event: ShortListEvent) -> str | None:
        """Describe this event, if it is none of its player's legal moves now (nor the running
        timer's time-up)."""
        return illegal_event(self.game, event, legal_moves)

    def turn_violation(self, notes: Sequence[Said]) -> str | None:
        """Describe an illegal turn (or quizmaster) in these notes, if any."""
        game = self.game
        actor: int | None = self.guesser
        out, quizmaster = set(self.out), self.quizmaster
        for note in notes:
            if not isinstance(note, Note):
                continue
            if note.kind == NoteKind.JUMP:
                actor = game.seat_index(note.params["player"])
            elif note.kind in OUT_OF_ROUND and actor is not None:
                out.add(actor)
            elif note.kind == NoteKind.QUESTION:
                problem = self._quizmaster_violation(note, quizmaster)
                if problem:
                    return problem
                quizmaster = None if quizmaster is None else self._left(quizmaster)
                actor, out = None, set()
                opener = self._opener(note, quizmaster)
            elif note.kind == NoteKind.TURN:
                expected = opener if actor is None else self._next_in(actor, out, quizmaster)
                if note.params["player"] != game.seats[expected].name:
                    return (f"turn went to {note.params['player']}, expected "
                            f"{game.seats[expected].name}")
                actor = expected
        return None

    def _quizmaster_violation(self, question: Note, old: int | None) -> str | None:
        """A new round's quizmaster who is not the last one's left neighbour (the host stays)."""
        said = question.params["quizmaster"]
        expected = None if old is None else self.game.seats[self._left(old)].name
        if said != expected:
            return f"the quizmaster is {said}, expected {expected}"
        return None

    def _opener(self, question: Note, quizmaster: int | None) -> int:
        """The first guesser of the round the question opens."""
        if quizmaster is not None:
            return self._left(quizmaster)
        first = self.game.config.first + int(question.params["round"]) - 1
        return first % len(self.game.seats)

    def _next_in(self, actor: int, out: set[int], quizmaster: int | None) -> int:
        """The next seat to the left of `actor` still in the round (the actor themselves
        when nobody else is)."""
        seat = actor
        for _ in range(len(self.game.seats)):
            seat = self._left(seat)
            if seat != quizmaster and seat not in out:
                return seat
        return actor

    def _left(self, seat: int) -> int:
        return (seat + 1) % len(self.game.seats)



def simulate_short_list(
    questions: Sequence[QuestionCard],
    judge: AnswerJudge,
    *,
    games: int,
    seed: int,
    players: int = 4,
    skills: BotSkills | None = None,
    host_quizmaster: bool = False,
) -> SimulationReport:
    """Play `games` bot games of Short List; SetupError when the table cannot be set up."""
    names = [f"Bot{i + 1}" for i in range(players)]
    config = ShortListConfig(make_seats(names), host_quizmaster=host_quizmaster)
    try:
        config.validate()
    except ValueError as err:
        raise SetupError(str(err)) from err  # it says how many were given and the range

    def new_table(rng: random.Random) -> tuple[ShortListGame, Bots, ShortListReferee]:
        game = ShortListGame(config, questions, judge, rng)
        bots = BotTable(game, skills or BotSkills(), random.Random(rng.random()))
        referee = ShortListReferee(game)
        return game, bots, referee

    started = time.perf_counter()
    prepare = getattr(judge, "prepare", None)
    if prepare is not None:  # the judge's one-off work (indexes), before the games
        prepare(card.category for card in questions)
    warmup = time.perf_counter() - started
    required = HOST_QUIZMASTER_KINDS if host_quizmaster else REQUIRED_KINDS
    report = simulate(new_table, games=games, seed=seed, required=required)
    report.warmup_seconds = warmup
    return report
