"""Short List's bots, referee and simulation: bot games through the real rules show the event
kinds and break no invariant; a corrupted table is caught."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from host.cli import main
from host.core.events import Note, TimeUp, make_seats
from host.core.protocols import SetupError
from host.core.simulate import SimulationReport, play_one
from host.decks import QuestionCard
from host.games.short_list.bots import BotSkills, BotTable, voice_bots
from host.games.short_list.checks import (
    HOST_QUIZMASTER_KINDS,
    REQUIRED_KINDS,
    ShortListReferee,
    simulate_short_list,
    table_problems,
)
from host.games.short_list.config import ShortListConfig
from host.games.short_list.events import Answer, Jump, Pass, ShortListEvent
from host.games.short_list.notes import NoteKind
from host.games.short_list.rules import ShortListGame
from host.judge import Judge, Reason

RARE = {"crystal_from_stock", "game_shared", "tie_broken_by_cards", "break_orange"}
"""Kinds a couple of hundred games may miss (a couple of thousand meet them)."""


def new_game(judge: Judge, questions: list[QuestionCard], *, host: bool = False,
             seed: int = 5) -> ShortListGame:
    config = ShortListConfig(make_seats(["Ann", "Bob", "Cat", "Dan"]), host_quizmaster=host)
    game = ShortListGame(config, questions, judge, random.Random(seed))
    game.start()
    return game


# Whole simulated games --------------------------------------------------------------------------


@pytest.mark.parametrize("host", [False, True])
def test_two_hundred_bot_games_break_no_invariant(judge: Judge, questions: list[QuestionCard],
                                                   host: bool) -> None:
    report = simulate_short_list(questions, judge, games=200, seed=1, host_quizmaster=host)
    result = report.as_json()
    assert result["games"] == result["completed"] == 200
    assert result["invariant_violations"] == 0, result["first_violations"]
    assert result["refused"] == {}
    assert set(result["missing_event_kinds"]) <= RARE
    required = HOST_QUIZMASTER_KINDS if host else REQUIRED_KINDS
    assert set(required) - RARE <= {kind for kind, count in result["events"].items() if count}


@pytest.mark.parametrize("players", [3, 8])
def test_the_smallest_and_the_largest_tables_play_through(
        judge: Judge, questions: list[QuestionCard], players: int) -> None:
    for host in (False, True):
        report = simulate_short_list(questions, judge, games=20, seed=players, players=players,
                                     host_quizmaster=host)
        assert report.completed == 20 and report.invariant_violations == 0, report.violations


def test_a_table_the_rules_cannot_seat_is_a_setup_error(judge: Judge,
                                                        questions: list[QuestionCard]) -> None:
    with pytest.raises(SetupError, match="3 to 8 players, not 9"):
        simulate_short_list(questions, judge, games=1, seed=0, players=9)


# The referee ------------------------------------------------------------------------------------


class Saboteur(BotTable):
    """Bots that, at one event, corrupt the table behind the rules' back."""

    def __init__(self, game: ShortListGame, at: int,
                 corrupt: Callable[[ShortListGame], None]) -> None:
        super().__init__(game, BotSkills(), random.Random(3))
        self.at, self.corrupt, self.count = at, corrupt, 0

    def next_event(self) -> ShortListEvent:
        self.count += 1
        if self.count == self.at:
            self.corrupt(self.game)
        return super().next_event()


def sabotaged(judge: Judge, questions: list[QuestionCard],
              corrupt: Callable[[ShortListGame], None]) -> SimulationReport:
    config = ShortListConfig(make_seats(["Ann", "Bob", "Cat", "Dan"]))
    game = ShortListGame(config, questions, judge, random.Random(2))
    report = SimulationReport()
    play_one(game, Saboteur(game, 5, corrupt), ShortListReferee(game), report)
    return report


def lose_a_crystal(game: ShortListGame) -> None:
    game.stock_blue -= 1


def lose_a_card(game: ShortListGame) -> None:
    game.cards_in_box -= 1


def give_the_host_a_pile(game: ShortListGame) -> None:
    game.host_blue += 1
    game.stock_blue -= 1


@pytest.mark.parametrize(("corrupt", "says"), [
    (lose_a_crystal, "crystals not conserved: 49 blue and 15 orange, not 50 and 15"),
    (lose_a_card, "It's my turn cards not conserved: 7 != 8"),
    (give_the_host_a_pile, "the host has a pile though a player is the quizmaster"),
])
def test_the_referee_catches_a_corrupted_table(judge: Judge, questions: list[QuestionCard],
                                               corrupt: Callable[[ShortListGame], None],
                                               says: str) -> None:
    report = sabotaged(judge, questions, corrupt)
    assert report.invariant_violations > 0
    assert says in report.violations[0]


def test_the_referee_catches_a_negative_count(judge: Judge,
                                              questions: list[QuestionCard]) -> None:
    game = new_game(judge, questions)
    game.blue[1], game.blue[2] = -1, 7  # four of Bob's to Cat: none lost
    assert table_problems(game) == ["Bob's blue is negative (-1)"]


def test_the_referee_catches_a_turn_out_of_order(judge: Judge,
                                                 questions: list[QuestionCard]) -> None:
    game = new_game(judge, questions)
    referee = ShortListReferee(game)
    referee.watch()  # Ann is the quizmaster, Bob on turn
    turn = NoteKind.TURN
    assert referee.turn_violation([Note(turn, {"player": "Cat"})]) is None
    assert referee.turn_violation([Note(turn, {"player": "Dan"})]) == \
        "turn went to Dan, expected Cat"
    jumped = [Note(NoteKind.JUMP, {"player": "Dan", "over": "Bob"}), Note(turn, {"player": "Bob"})]
    assert referee.turn_violation(jumped) is None  # the jumper's left, past the quizmaster
    passed = [Note(NoteKind.PASS, {"player": "Bob"}), Note(turn, {"player": "Cat"})]
    assert referee.turn_violation(passed) is None
    new_round = [Note(NoteKind.QUESTION, {"quizmaster": "Cat", "round": 2}),
                 Note(turn, {"player": "Dan"})]
    assert referee.turn_violation(new_round) == "the quizmaster is Cat, expected Bob"


def test_the_referee_knows_the_variants_rotating_opener(judge: Judge,
                                                        questions: list[QuestionCard]) -> None:
    game = new_game(judge, questions, host=True)
    referee = ShortListReferee(game)
    referee.watch()
    round_two = [Note(NoteKind.QUESTION, {"quizmaster": None, "round": 2})]
    assert referee.turn_violation([*round_two, Note(NoteKind.TURN, {"player": "Bob"})]) is None
    assert referee.turn_violation([*round_two, Note(NoteKind.TURN, {"player": "Cat"})]) == \
        "turn went to Cat, expected Bob"


class Cheat(BotTable):
    """Bots that, at one event, make a move that is none of the legal moves."""

    def __init__(self, game: ShortListGame, at: int,
                 cheat: Callable[[ShortListGame], ShortListEvent]) -> None:
        super().__init__(game, BotSkills(), random.Random(3))
        self.at, self.cheat, self.count = at, cheat, 0

    def next_event(self) -> ShortListEvent:
        self.count += 1
        return self.cheat(self.game) if self.count == self.at else super().next_event()


def pass_off_turn(game: ShortListGame) -> ShortListEvent:
    return Pass(game.seats[game.quizmaster or 0].name)


def stale_time_up(game: ShortListGame) -> ShortListEvent:
    return TimeUp(game.timer_token - 1)


@pytest.mark.parametrize(("cheat", "says"), [
    (pass_off_turn, "Pass(player='Ann') was none of the legal moves"),
    (stale_time_up, "was none of the legal moves"),
])
def test_the_referee_reports_an_event_that_was_none_of_the_legal_moves(
        judge: Judge, questions: list[QuestionCard],
        cheat: Callable[[ShortListGame], ShortListEvent], says: str) -> None:
    config = ShortListConfig(make_seats(["Ann", "Bob", "Cat", "Dan"]))
    game = ShortListGame(config, questions, judge, random.Random(2))
    referee = ShortListReferee(game)
    report = SimulationReport()
    play_one(game, Cheat(game, 5, cheat), referee, report)
    assert report.invariant_violations == 1
    assert says in report.violations[0]


# The bots ---------------------------------------------------------------------------------------


def test_bots_say_right_answers_from_the_card_and_real_wrong_words_off_it(
        judge: Judge, questions: list[QuestionCard]) -> None:
    game = new_game(judge, questions)
    bots = BotTable(game, BotSkills(know=0.5, repeat=0.0, wrong=0.5, pass_turn=0.0,
                                    time_out=0.0, jump=0.0), random.Random(1))
    words = {entry.text for card in questions for entry in card.answers}
    card = game.card
    assert card is not None
    verdicts = []
    for _ in range(60):
        event = bots.next_event()
        assert isinstance(event, Answer) and event.player == "Bob"
        verdict = judge.judge(card.category, event.text)
        verdicts.append(verdict.accepted)
        if not verdict.accepted:
            assert verdict.reason is Reason.NOT_IN_LIST
            assert event.text in words  # a real answer, of another card
    assert True in verdicts and False in verdicts


def test_bots_jump_with_a_card_and_time_out_on_the_running_timer(
        judge: Judge, questions: list[QuestionCard]) -> None:
    game = new_game(judge, questions)
    bots = BotTable(game, BotSkills(jump=1.0), random.Random(2))
    event = bots.next_event()
    assert isinstance(event, Jump) and event.player in ("Cat", "Dan")
    silent = BotTable(game, BotSkills(know=0.0, repeat=0.0, wrong=0.0, pass_turn=0.0,
                                      time_out=1.0, jump=0.0), random.Random(2))
    assert silent.next_event() == TimeUp(game.timer_token)
    with pytest.raises(ValueError, match="positive"):
        BotSkills(know=-0.1)


def test_voice_bots_never_let_the_time_run_out(judge: Judge,
                                               questions: list[QuestionCard]) -> None:
    game = new_game(judge, questions, seed=9)
    bots = voice_bots(game, random.Random(4))
    for _ in range(300):
        if game.over:
            break
        event = bots.next_event()
        assert not isinstance(event, TimeUp)
        notes = game.handle(event)
        assert notes[0].kind != "refused", notes


# `partyhost simulate short-list` ----------------------------------------------------------------


def test_the_command_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "short-list", "--games", "3", "--seed", "1", "--json",
                 "--host-quizmaster", "--players", "5"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == result["completed"] == 3
    assert result["invariant_violations"] == 0


@pytest.mark.parametrize(("args", "says"), [
    (["short-list", "--players", "2"], "Short List is for 3 to 8 players, not 2"),
    (["short-list", "--know", "0.5"], "--know is a Crack List option"),
    (["crack-list", "--host-quizmaster"], "--host-quizmaster is a Short List option"),
])
def test_the_command_refuses_a_bad_table(capsys: pytest.CaptureFixture[str], args: list[str],
                                         says: str) -> None:
    assert main(["simulate", *args, "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.splitlines()) == 1
