"""Scattergories' bots, referee and simulation: bot games through the real rules show every
event kind and break no invariant; a corrupted game is caught."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from host.cli import main
from host.core.events import Note, TimeUp, make_seats
from host.core.protocols import SetupError
from host.core.simulate import SimulationReport, play_one
from host.decks import CategoryList
from host.games.scattergories.bots import BotSkills, BotTable, deck_words, voice_bots
from host.games.scattergories.checks import (
    FLOW_KINDS,
    REQUIRED_KINDS,
    ScattergoriesReferee,
    simulate_scattergories,
)
from host.games.scattergories.config import ScattergoriesConfig
from host.games.scattergories.events import ReadAnswer, ScattergoriesEvent
from host.games.scattergories.flow import State
from host.games.scattergories.lists import category_lists
from host.games.scattergories.notes import NoteKind
from host.games.scattergories.rules import ScattergoriesGame
from host.judge import Judge

NAMES = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture(scope="module")
def judge() -> Judge:
    """The real judge."""
    return Judge()


@pytest.fixture(scope="module")
def lists() -> list[CategoryList]:
    """The shipped English lists."""
    return category_lists()


def new_game(judge: Judge, lists: list[CategoryList], *, seed: int = 5,
             **options: object) -> ScattergoriesGame:
    config = ScattergoriesConfig(make_seats(NAMES), **options)  # type: ignore[arg-type]
    game = ScattergoriesGame(config, lists, judge, random.Random(seed))
    game.start()
    return game


# Whole simulated games --------------------------------------------------------------------------


def test_two_hundred_bot_games_meet_every_kind_and_break_no_invariant(
        judge: Judge, lists: list[CategoryList]) -> None:
    report = simulate_scattergories(lists, judge, games=200, seed=1)
    result = report.as_json()
    assert result["games"] == result["completed"] == 200
    assert result["invariant_violations"] == 0, result["first_violations"]
    assert result["refused"] == {}
    assert result["missing_event_kinds"] == []
    met = {kind for kind, count in result["events"].items() if count}
    assert set(REQUIRED_KINDS) | set(FLOW_KINDS) <= met


@pytest.mark.parametrize(("players", "categories", "spoken"), [(2, 12, False), (6, 6, True)])
def test_the_smallest_and_the_largest_tables_play_through(
        judge: Judge, lists: list[CategoryList], players: int, categories: int,
        spoken: bool) -> None:
    report = simulate_scattergories(lists, judge, games=20, seed=players, players=players,
                                    categories=categories, spoken_answers=spoken)
    assert report.completed == 20 and report.invariant_violations == 0, report.violations


def test_a_seed_replays_the_same_games(judge: Judge, lists: list[CategoryList]) -> None:
    first = simulate_scattergories(lists, judge, games=10, seed=4).as_json()
    again = simulate_scattergories(lists, judge, games=10, seed=4).as_json()
    assert first["events"] == again["events"]


def test_a_table_the_rules_cannot_seat_is_a_setup_error(judge: Judge,
                                                        lists: list[CategoryList]) -> None:
    with pytest.raises(SetupError, match="2 to 6 players, not 7"):
        simulate_scattergories(lists, judge, games=1, seed=0, players=7)


# The referee ------------------------------------------------------------------------------------


class Saboteur(BotTable):
    """Bots that, at the `at`-th event of the reading, corrupt the game behind the rules'
    back."""

    def __init__(self, game: ScattergoriesGame, at: int,
                 corrupt: Callable[[ScattergoriesGame], None]) -> None:
        super().__init__(game, BotSkills(), random.Random(3))
        self.at, self.corrupt, self.count = at, corrupt, 0

    def next_event(self) -> ScattergoriesEvent:
        if self.game.state is State.READING:
            self.count += 1
            if self.count == self.at:
                self.corrupt(self.game)
        return super().next_event()


def sabotaged(judge: Judge, lists: list[CategoryList], at: int,
              corrupt: Callable[[ScattergoriesGame], None]) -> SimulationReport:
    config = ScattergoriesConfig(make_seats(NAMES), list_number=1)
    game = ScattergoriesGame(config, lists, judge, random.Random(2))
    report = SimulationReport()
    play_one(game, Saboteur(game, at, corrupt), ScattergoriesReferee(game), report)
    return report


def add_points(game: ScattergoriesGame) -> None:
    game.totals[1] += 3


def reuse_a_letter(game: ScattergoriesGame) -> None:
    game.used_letters.insert(0, "Z")


def forget_a_score(game: ScattergoriesGame) -> None:
    original = game._score

    def score(index: int, seat: int) -> int:
        return 0 if seat == 2 else original(index, seat)

    game._score = score  # type: ignore[method-assign]


def skip_a_reader(game: ScattergoriesGame) -> None:
    game.reader_pos += 1


@pytest.mark.parametrize(("at", "corrupt", "says"), [
    (1, add_points, "the game's totals"),
    (1, reuse_a_letter, "the game's letters ['Z'"),
    (1, forget_a_score, "category 1 points"),
    (2, skip_a_reader, "read for category 1, expected Bob"),
])
def test_the_referee_catches_a_corrupted_game(judge: Judge, lists: list[CategoryList], at: int,
                                              corrupt: Callable[[ScattergoriesGame], None],
                                              says: str) -> None:
    report = sabotaged(judge, lists, at, corrupt)
    assert report.invariant_violations > 0
    assert says in report.violations[0]


def referee_of(judge: Judge, lists: list[CategoryList]) -> ScattergoriesReferee:
    game = new_game(judge, lists)
    referee = ScattergoriesReferee(game)
    referee.watch()
    return referee


def test_the_referee_catches_a_letter_twice(judge: Judge, lists: list[CategoryList]) -> None:
    referee = referee_of(judge, lists)
    letter = referee.game.used_letters[0]
    assert referee.check(Note(NoteKind.LETTER_ROLLED, {"letter": letter})) == \
        f"letter {letter} used twice in a game"


def test_the_referee_catches_an_answer_scored_twice_or_never_read(
        judge: Judge, lists: list[CategoryList]) -> None:
    referee = referee_of(judge, lists)
    referee.check(Note(NoteKind.CATEGORY, {"number": 1}))
    assert referee.check(Note(NoteKind.ANSWER_READ, {"player": "Ann"})) is None
    score = Note(NoteKind.ANSWER_SCORED_2, {"player": "Ann", "round": 1, "number": 1,
                                           "points": 2})
    assert referee.check(score) is None
    assert referee.check(score) == "(1, 1, 'Ann') scored twice"
    bob = Note(NoteKind.ANSWER_SCORED_1, {"player": "Bob", "round": 1, "number": 1,
                                         "points": 2})
    assert referee.check(bob) == "(1, 1, 'Bob') scored but never read"
    assert referee.check(Note(NoteKind.TURN, {"player": "Dan"})) == \
        "turn to read went to Dan, expected Bob"


def test_the_referee_catches_a_roller_out_of_turn(judge: Judge,
                                                  lists: list[CategoryList]) -> None:
    referee = referee_of(judge, lists)
    note = Note(NoteKind.ROUND_STARTED, {"round": 2, "roller": "Cat", "players": NAMES})
    assert referee.check(note) == "round 2 rolled by Cat, expected Bob"


class Cheat(BotTable):
    """Bots that, at one event, make a move that is none of the legal moves."""

    def __init__(self, game: ScattergoriesGame, at: int,
                 cheat: Callable[[ScattergoriesGame], ScattergoriesEvent]) -> None:
        super().__init__(game, BotSkills(), random.Random(3))
        self.at, self.cheat, self.count = at, cheat, 0

    def next_event(self) -> ScattergoriesEvent:
        self.count += 1
        return self.cheat(self.game) if self.count == self.at else super().next_event()


def read_off_turn(game: ScattergoriesGame) -> ScattergoriesEvent:
    return ReadAnswer(game.seats[(game.reader() + 1) % len(game.seats)].name, "Penguin")


def stale_time_up(game: ScattergoriesGame) -> ScattergoriesEvent:
    return TimeUp(game.timer_token - 1)


@pytest.mark.parametrize(("cheat", "says"), [
    (read_off_turn, "ReadAnswer(player='Cat', text='Penguin') was none of the legal moves"),
    (stale_time_up, "was none of the legal moves"),
])
def test_the_referee_reports_an_event_that_was_none_of_the_legal_moves(
        judge: Judge, lists: list[CategoryList],
        cheat: Callable[[ScattergoriesGame], ScattergoriesEvent], says: str) -> None:
    config = ScattergoriesConfig(make_seats(NAMES), list_number=1)
    game = ScattergoriesGame(config, lists, judge, random.Random(2))
    referee = ScattergoriesReferee(game)
    report = SimulationReport()
    play_one(game, Cheat(game, 4, cheat), referee, report)
    assert report.invariant_violations == 1
    assert says in report.violations[0]


# The bots ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["know", "invent"])
def test_bots_answer_with_real_words_of_the_key_letter(judge: Judge, lists: list[CategoryList],
                                                      kind: str) -> None:
    """A known answer of the category; a bluff is a real word the category does not know."""
    game = new_game(judge, lists, list_number=1)
    answers = {"know": 0.0, "other_letter": 0.0, "copy": 0.0, "repeat_own": 0.0, "invent": 0.0,
               "blank": 0.0, kind: 1.0}
    skills = BotSkills(**answers, read_timeout=0.0, challenge=0.0, ask_time=0.0)
    bots = BotTable(game, skills, random.Random(1))
    while game.state is not State.READING:
        game.handle(bots.next_event())
    event = bots.next_event()
    assert isinstance(event, ReadAnswer) and event.player == game.expected_player()
    animals = {entry.text for entry in game.categories[0].answers}
    assert event.text in deck_words(lists)[game.letter or ""]
    assert (event.text in animals) == (kind == "know")


def test_the_bots_chances_are_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        BotSkills(know=-0.1)


def test_voice_bots_never_let_a_reading_or_a_vote_time_out(judge: Judge,
                                                           lists: list[CategoryList]) -> None:
    game = new_game(judge, lists, seed=9)
    bots = voice_bots(game, random.Random(4))
    for _ in range(2000):
        if game.over:
            break
        timed = game.state in (State.READING, State.VOTING, State.CHOOSING_LETTER)
        event = bots.next_event()
        assert not (timed and isinstance(event, TimeUp))
        notes = game.handle(event)
        assert notes[0].kind != "refused", notes
    assert game.over


# `partyhost simulate scattergories` -------------------------------------------------------------


def test_the_command_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "scattergories", "--games", "3", "--seed", "1", "--json",
                 "--players", "3", "--categories", "12", "--spoken-answers"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == result["completed"] == 3
    assert result["invariant_violations"] == 0


@pytest.mark.parametrize(("args", "says"), [
    (["scattergories", "--players", "7"], "Scattergories is for 2 to 6 players, not 7"),
    (["scattergories", "--host-quizmaster"], "--host-quizmaster is a Short List option"),
    (["scattergories", "--know", "0.5"], "--know is a Crack List option"),
    (["short-list", "--categories", "12"], "--categories is a Scattergories option"),
    (["crack-list", "--spoken-answers"], "--spoken-answers is a Scattergories option"),
])
def test_the_command_refuses_a_bad_table(capsys: pytest.CaptureFixture[str], args: list[str],
                                         says: str) -> None:
    assert main(["simulate", *args, "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.splitlines()) == 1
