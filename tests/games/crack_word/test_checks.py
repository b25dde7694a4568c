"""Crack Word's bots, referee and simulation: bot games through the real rules show every event
kind and break no invariant; a corrupted table is caught."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from host.core.events import make_seats
from host.core.protocols import SetupError
from host.games.crack_word.board import Lexicon, Tile, WordSet
from host.games.crack_word.bots import BotSkills, BotTable, voice_bots
from host.games.crack_word.checks import (
    REQUIRED_KINDS,
    CrackWordReferee,
    simulate_crack_word,
    table_problems,
)
from host.games.crack_word.config import CrackWordConfig
from host.games.crack_word.dictionary import load_dictionary
from host.games.crack_word.events import Pass
from host.games.crack_word.hands import CountedHands
from host.games.crack_word.rules import CrackWordGame

FRENCH = Path("/usr/share/dict/french")


@pytest.fixture(scope="module")
def lexicon() -> WordSet:
    """The system's French words of 3 to 6 letters (lower-case: no proper nouns), in memory:
    about 26,000 words indexed in 0.2 s."""
    assert FRENCH.exists(), "no /usr/share/dict/french: scripts/setup installs wfrench"
    with FRENCH.open(encoding="utf-8") as lines:
        return WordSet(word.strip() for word in lines
                       if 3 <= len(word.strip()) <= 6 and word[:1].islower())


def new_game(lexicon: WordSet, players: int = 3, seed: int = 4) -> CrackWordGame:
    """A Crack Word game on the French word list, not started."""
    config = CrackWordConfig(make_seats(["Ann", "Bob", "Cat", "Dan"][:players]))
    return CrackWordGame(config, lexicon, random.Random(seed))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_meet_every_kind_and_break_nothing(lexicon: WordSet, players: int) -> None:
    report = simulate_crack_word(lexicon, games=35, seed=7, players=players)
    data = report.as_json()
    assert data["invariant_violations"] == 0, data["first_violations"]
    assert data["completed"] == 35
    assert data["missing_event_kinds"] == []
    assert not data["refused"]
    assert set(REQUIRED_KINDS) <= set(data["events"])


def test_expert_and_english_tables_play_through(lexicon: WordSet) -> None:
    report = simulate_crack_word(lexicon, games=3, seed=2, players=2, expert=True)
    assert report.completed == 3 and report.invariant_violations == 0
    english = WordSet(["cat", "cart", "art", "tar", "star", "rat", "ten", "net", "tent"])
    report = simulate_crack_word(english, games=3, seed=2, players=2, lang="en")
    assert report.completed == 3 and report.invariant_violations == 0


def test_a_table_that_cannot_play_is_a_setup_error(lexicon: WordSet) -> None:
    with pytest.raises(SetupError, match="2 to 4 players"):
        simulate_crack_word(lexicon, games=1, seed=1, players=5)


def test_the_referee_catches_a_lost_card(lexicon: WordSet) -> None:
    game = new_game(lexicon)
    game.start()
    assert table_problems(game) == []
    game.hands[0].pop()
    assert any("not conserved" in problem for problem in table_problems(game))


def test_the_referee_catches_a_doubled_card_and_a_row_no_word_holds(lexicon: WordSet) -> None:
    game = new_game(lexicon)
    game.start()
    card = game.hands[1][0]
    game.scores[0].append(card)
    game.rows[0] = [[Tile(letter, "minus", card)] for letter in "QXW"]
    problems = table_problems(game)
    assert any("two places" in problem for problem in problems)
    assert any("QXW is in no word" in problem for problem in problems)


def test_the_referee_catches_a_turn_out_of_order_and_wrong_scores(lexicon: WordSet) -> None:
    game = new_game(lexicon)
    referee = CrackWordReferee(game)
    game.start()
    referee.watch()
    player = game.expected_player()
    assert player is not None
    notes = game.handle(Pass(player))
    assert referee.problems(notes) == []
    referee.turn = (game.turn + 1) % 3  # as if the pass had gone to another seat
    assert any("turn went to" in problem for problem in referee.problems(notes[-2:]))
    referee.turn = 2  # as if Ann's pass had come on Cat's turn
    assert any("on Cat's turn" in problem for problem in referee.problems(notes[:1]))


def test_voice_bots_never_let_the_time_run_out(lexicon: WordSet) -> None:
    game = new_game(lexicon)
    game.start()
    bots = voice_bots(game, random.Random(1))
    assert bots.skills.time_out == 0
    with pytest.raises(ValueError, match="between 0 and 1"):
        BotTable(game, BotSkills(crack=2.0), random.Random(1))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_real_dictionary_fits_the_lexicon_the_rules_ask(lang: str) -> None:
    real: Lexicon = load_dictionary(lang)  # scripts/setup installs both word lists
    report = simulate_crack_word(real, games=8, seed=3, players=3, lang=lang)
    assert report.completed == 8 and report.invariant_violations == 0
    assert not report.refused


def test_a_seed_replays_the_same_games(lexicon: WordSet) -> None:
    first = simulate_crack_word(lexicon, games=3, seed=11, players=2).as_json()
    again = simulate_crack_word(lexicon, games=3, seed=11, players=2).as_json()
    assert first["events"] == again["events"] and first["events_handled"] > 0


@pytest.mark.parametrize("players", [2, 4])
def test_physical_bot_games_meet_every_kind_and_break_nothing(lexicon: WordSet,
                                                             players: int) -> None:
    report = simulate_crack_word(lexicon, games=35, seed=7, players=players, cards="physical")
    data = report.as_json()
    assert data["invariant_violations"] == 0, data["first_violations"]
    assert data["completed"] == 35 and data["missing_event_kinds"] == []
    assert not data["refused"]
    assert {"ask_cut", "ask_starting_letter", "first_player"} <= set(data["events"])


def test_the_referee_catches_a_count_that_loses_a_card(lexicon: WordSet) -> None:
    config = CrackWordConfig(make_seats(["Ann", "Bob"]), cards="physical", first=0)
    game = CrackWordGame(config, lexicon, random.Random(1))
    game.start()
    assert table_problems(game) == []
    assert isinstance(game.held, CountedHands)
    game.held.held[0] += 1
    assert any("minus has 41 cards" in problem for problem in table_problems(game))
