"""Crack Word with physical cards, driven through game events: the host counts each hand and
pile, asks the cut and the starting letters, trusts the cards placed within each colour's
deck, and keeps the board, the scores and the end as with virtual cards."""

from __future__ import annotations

import random

import pytest

from host.core.events import Note, TimeUp, make_seats
from host.core.talk import Query
from host.games.crack_word.board import Tile
from host.games.crack_word.bots import BotSkills, BotTable
from host.games.crack_word.cards import ETOILE, PETARD, Card
from host.games.crack_word.checks import CrackWordReferee, table_problems
from host.games.crack_word.config import CrackWordConfig
from host.games.crack_word.events import Pass, Petard, Place, Show, Side
from host.games.crack_word.flow import State
from host.games.crack_word.hands import HIDDEN, CountedHands
from host.games.crack_word.notes import NoteKind, Refusal
from host.games.crack_word.questions import CrackWordQuestions
from host.games.crack_word.rules import CrackWordGame
from tests.games.crack_word.tables import NAMES, WORDS, kinds, param, refusal


def physical(players: int = 3, *, first: int | None = 0, expert: bool = False,
             lang: str = "fr") -> CrackWordGame:
    """A started game with physical cards, not opened yet."""
    config = CrackWordConfig(make_seats(NAMES[:players]), first=first, expert=expert,
                             cards="physical", lang=lang)
    game = CrackWordGame(config, WORDS, random.Random(1))
    game.start()
    return game


def opened(letters: str = "CRAO", players: int = 3) -> CrackWordGame:
    """A game with physical cards, Ann first, the starting letters turned and said."""
    game = physical(players)
    for number, letter in enumerate(letters):
        game.handle(Show(NAMES[number % players], letter))
    assert game.state is State.PLAYING
    return game


def counts(game: CrackWordGame) -> list[tuple[int, int]]:
    """Each seat's (hand, pile) count."""
    return [(game.held.in_hand(s), game.held.in_pile(s)) for s in range(len(game.seats))]


def own(game: CrackWordGame, row: int, text: str, seats: str) -> None:
    """Row `row` holds these letters, each of the seat given (a card of their colour)."""
    game.rows[row] = [[Tile(letter, game.colours[int(s)],
                            Card(letter, game.colours[int(s)], 500 + i))]
                      for i, (letter, s) in enumerate(zip(text, seats, strict=True))]


# ---------------------------------------------------------------- the table and the cut

@pytest.mark.parametrize(("players", "expert", "pile"), [(2, False, 40), (3, False, 30),
                                                         (4, False, 25), (2, True, 54)])
def test_the_host_counts_each_pile_and_hand(players: int, expert: bool, pile: int) -> None:
    game = physical(players, expert=expert)
    assert isinstance(game.held, CountedHands) and counts(game) == [(0, pile)] * players
    for number, letter in enumerate("RATE"):
        game.handle(Show(NAMES[number % players], letter))
    turned = [sum(1 for r in range(4) if r % players == s) for s in range(players)]
    assert counts(game) == [(8, pile - 8 - t) for t in turned]
    assert table_problems(game) == [] and game.cards_in_play() == game.shown_cards()
    assert {card.face for hand in game.hands for card in hand} == {HIDDEN}


def test_each_player_says_the_card_they_show_and_the_closest_to_a_starts() -> None:
    game = physical(3, first=None)
    assert game.state is State.CUT and game.expected_player() == "Ann"
    assert kinds(game.handle(Show("Ann", "R"))) == [NoteKind.ASK_CUT_NEXT]
    assert refusal(game.handle(Show("Ann", "A"))) == Refusal.ALREADY_SHOWN
    game.handle(Show("Cat", "E"))  # any order
    notes = game.handle(Show("Bob", PETARD))  # a special card ranks after Z
    assert param(notes, NoteKind.CUT, "shown") == {"Ann": "R", "Bob": PETARD, "Cat": "E"}
    assert param(notes, NoteKind.FIRST_PLAYER, "player") == "Cat"
    assert game.state is State.START and game.expected_player() == "Cat"
    assert param(notes, NoteKind.ASK_STARTING_LETTER, "row") == 0


def test_a_tie_at_the_cut_cuts_again_among_the_tied() -> None:
    game = physical(3, first=None)
    for name, face in (("Ann", "B"), ("Bob", "B"), ("Cat", "C")):
        notes = game.handle(Show(name, face))
    assert kinds(notes)[-2:] == [NoteKind.CUT_TIE, NoteKind.ASK_CUT]
    assert refusal(game.handle(Show("Cat", "A"))) == Refusal.ALREADY_SHOWN  # not in the tie
    game.handle(Show("Ann", "D"))
    assert param(game.handle(Show("Bob", "A")), NoteKind.FIRST_PLAYER, "player") == "Bob"


def test_a_card_no_deck_holds_is_refused_and_moves_wait_for_the_cut() -> None:
    game = physical(2, first=None)
    assert refusal(game.handle(Show("Ann", "K"))) == Refusal.NO_SUCH_CARD  # no K in French
    assert refusal(game.handle(Pass("Ann"))) == Refusal.NOT_NOW_CUT
    assert refusal(game.handle(TimeUp(game.timer_token))) == Refusal.STALE_TIMER
    assert physical(2, first=None, lang="en").handle(Show("Ann", "K"))[0].kind == \
        NoteKind.ASK_CUT_NEXT


# ---------------------------------------------------------------- the starting letters

def test_the_starting_letters_are_said_clockwise_from_the_starter() -> None:
    game = physical(3, first=1)
    assert game.state is State.START and game.expected_player() == "Bob"
    assert refusal(game.handle(Show("Ann", "R"))) == Refusal.NOT_YOUR_TURN
    assert refusal(game.handle(Place("Bob", "R", 0, Side.LEFT))) == Refusal.NOT_NOW_START
    game.handle(Show("Bob", "C"))
    game.handle(Show("Cat", "A"))
    game.handle(Show("Ann", "R"))
    notes = game.handle(Show("Bob", "T"))
    assert [game.row_letters(r) for r in range(4)] == ["C", "A", "R", "T"]
    assert kinds(notes)[-3:] == [NoteKind.STARTING_LETTER, NoteKind.HANDS_DEALT, NoteKind.TURN]
    assert game.expected_player() == "Bob" and notes[-1].kind == "timer"
    assert refusal(game.handle(Show("Bob", "E"))) == Refusal.NOT_NOW_SHOW


def test_a_special_card_turned_goes_under_the_pile() -> None:
    game = physical(2)
    for special in (PETARD, ETOILE):
        assert refusal(game.handle(Show("Ann", special))) == Refusal.SPECIAL_START
    assert counts(game) == [(0, 40), (0, 40)] and game.rows[0] == []


def test_a_letter_beyond_the_colour_s_deck_is_refused() -> None:
    game = physical(2)  # Ann turns rows one and three: her colour holds one Z
    game.handle(Show("Ann", "Z"))
    game.handle(Show("Bob", "Z"))
    assert refusal(game.handle(Show("Ann", "Z"))) == Refusal.CARD_NOT_LEFT


# ---------------------------------------------------------------- placing what the host trusts

def test_any_letter_the_colour_may_hold_is_trusted() -> None:
    game = opened("CHAO")
    notes = game.handle(Place("Ann", "H", 0, Side.RIGHT, "chat"))
    assert kinds(notes)[:2] == [NoteKind.CARD_PLACED_RIGHT, NoteKind.JUSTIFIED]
    assert game.row_letters(0) == "CH" and counts(game)[0] == (7, 20)
    assert refusal(game.handle(Place("Bob", "K", 1, Side.RIGHT))) == Refusal.NO_SUCH_CARD


def test_the_board_and_the_dictionary_still_refuse() -> None:
    game = opened("CHAO")
    assert refusal(game.handle(Place("Ann", "R", 0, Side.TOP))) == \
        Refusal.NOT_AN_IDENTICAL_LETTER
    notes = game.handle(Place("Ann", "R", 0, Side.RIGHT, "xyz"))
    assert kinds(notes)[:2] == [NoteKind.JUSTIFICATION_FAILED, NoteKind.PASS_DRAW]
    assert game.row_letters(0) == "C" and counts(game)[0] == (9, 19)  # card back, one drawn


def test_petards_and_etoiles_beyond_the_colour_s_two_are_refused() -> None:
    game = opened("CHAO")
    own(game, 0, "CHA", "111")
    game.scores[0] += [game.held.unshown(0, PETARD, game.shown_cards()) or Card("", "", 0)]
    game.scores[0] += [game.held.unshown(0, PETARD, game.shown_cards()) or Card("", "", 0)]
    assert refusal(game.handle(Petard("Ann", 0))) == Refusal.CARD_NOT_LEFT
    for row, letter in ((0, "T"), (2, "R")):
        game.turn = 0
        game.handle(Place("Ann", letter, row, Side.RIGHT, "chat" if row == 0 else "tarte",
                          star=True))
    game.turn = 0
    assert refusal(game.handle(Place("Ann", "E", 3, Side.LEFT, star=True))) == \
        Refusal.CARD_NOT_LEFT


def test_a_petard_gives_the_letters_back_the_counts_grow() -> None:
    game = opened("CHAO")
    own(game, 0, "RATE", "0120")
    before = counts(game)
    notes = game.handle(Petard("Ann", 0))
    assert kinds(notes).count(NoteKind.CARDS_RETURNED) == 3
    assert counts(game) == [(before[0][0] - 1 + 2, 20), (9, 21), (9, 21)]
    assert [c.face for c in game.scores[0]] == [PETARD] and game.state is State.REFILL


def test_a_pass_and_a_new_hand_only_change_the_counts() -> None:
    game = opened("CHAO")
    game.handle(Pass("Ann"))
    assert counts(game)[0] == (9, 19)
    game.held.held[1] = 1  # Bob's last card, on top of the A: a new hand of 8
    assert refusal(game.handle(Place("Bob", "H", 1, Side.TOP))) == Refusal.CARD_NOT_LEFT
    notes = game.handle(Place("Bob", "A", 2, Side.TOP))  # his one H started row two
    assert NoteKind.NEW_HAND in kinds(notes) and counts(game)[1] == (8, 13)


# ---------------------------------------------------------------- the end from the board

def test_the_last_card_with_nothing_to_draw_ends_with_the_bonus_from_the_board() -> None:
    game = opened("CHAO")
    own(game, 0, "CHA", "001")
    game.held.held[0], game.held.left[0] = 1, 0
    notes = game.handle(Place("Ann", "R", 0, Side.RIGHT, "chariot"))
    assert param(notes, NoteKind.END_LAST_CARD, "bonus") == 4  # C, H, R and her O
    assert game.over and game.points()["Ann"] == 4


def test_everyone_out_for_good_ends_the_game() -> None:
    game = opened("CHAO")
    game.held.left[:] = [0, 0, 0]
    notes = [note for name in ("Ann", "Bob", "Cat") for note in game.handle(Pass(name))]
    assert NoteKind.END_ALL_PASSED in kinds(notes) and game.over


# ---------------------------------------------------------------- questions

def test_my_hand_is_the_count_and_one_player_s_count_is_asked_by_name() -> None:
    game = opened("CHAO")
    questions = CrackWordQuestions(game)
    assert questions.answer(Query("hand", "Bob")) == \
        [Note("hand_physical", {"player": "Bob", "hand": 8, "pile": 21})]
    assert questions.answer(Query("count", "Ann", "Cat")) == \
        [Note("hand_count", {"player": "Cat", "hand": 8, "pile": 21})]
    assert len(questions.answer(Query("count", "Ann")) or []) == 3


# ---------------------------------------------------------------- bots and invariants

@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_hold_real_cards_the_host_counts(players: int) -> None:
    config = CrackWordConfig(make_seats(NAMES[:players]), cards="physical")
    for seed in range(3):
        game = CrackWordGame(config, WORDS, random.Random(seed))
        bots, referee = BotTable(game, BotSkills(petard=0.4), random.Random(seed)), \
            CrackWordReferee(game)
        game.start()
        steps = 0
        while not game.over and steps < 3000:
            referee.watch()
            notes = game.handle(bots.next_event())
            assert referee.problems(notes) == [], notes
            assert bots.real is not None
            assert [len(bots.real.hand(s)) for s in range(players)] == \
                [game.held.in_hand(s) for s in range(players)]
            steps += 1
        assert game.over
