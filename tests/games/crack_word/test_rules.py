"""Every Crack Word rule, driven through game events on a small word list."""

from __future__ import annotations

import random

import pytest

from host.core.events import Note, TimeUp, make_seats
from host.games.crack_word.board import Tile, fold, has_majority
from host.games.crack_word.cards import ETOILE, PETARD
from host.games.crack_word.config import CrackWordConfig
from host.games.crack_word.events import Pass, Petard, Place, Side
from host.games.crack_word.flow import State
from host.games.crack_word.notes import NoteKind, Refusal
from host.games.crack_word.rules import CrackWordGame
from tests.games.crack_word.tables import (
    LEFT,
    MINUS,
    NAMES,
    RIGHT,
    WORDS,
    card,
    kinds,
    param,
    refusal,
    row,
)


def new_game(players: int = 3, *, seed: int = 3, first: int | None = 0,
             expert: bool = False) -> CrackWordGame:
    """A Crack Word game on the small word list, not started."""
    config = CrackWordConfig(make_seats(NAMES[:players]), first=first, expert=expert)
    return CrackWordGame(config, WORDS, random.Random(seed))


def rigged(hand: str, *rows: str, colours: tuple[str, ...] = ()) -> CrackWordGame:
    """A started 3-player game, Ann on turn holding `hand`, the rows as given."""
    game = new_game()
    game.start()
    game.hands[0] = [card(face) for face in hand]
    for number, text in enumerate(rows):
        game.rows[number] = row(text, colours[number] if colours else "")
    return game


# ---------------------------------------------------------------- rule 1: the table

@pytest.mark.parametrize(("players", "pile"), [(2, 40), (3, 30), (4, 25)])
def test_piles_by_table_size_one_colour_each(players: int, pile: int) -> None:
    game = new_game(players)
    assert len(game.cards_in_play()) == players * pile
    assert len(set(game.colours)) == players
    assert all(len(hand) == 8 for hand in game.hands)
    assert all({c.colour for c in game.hands[s] + game.piles[s]} == {game.colours[s]}
               for s in range(players))


def test_expert_mode_plays_every_card() -> None:
    assert len(new_game(2, expert=True).cards_in_play()) == 2 * 54


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players: int) -> None:
    config = CrackWordConfig(make_seats([f"P{i}" for i in range(players)]))
    with pytest.raises(ValueError, match="2 to 4 players"):
        CrackWordGame(config, WORDS, random.Random(1))


# ---------------------------------------------------------------- rules 2 and 3: the set-up

def test_the_letter_closest_to_a_starts_and_ties_cut_again() -> None:
    tie_seen = False
    for seed in range(40):
        game = new_game(4, seed=seed, first=None)
        notes = game.start()
        cuts = [n for n in notes if isinstance(n, Note) and n.kind == NoteKind.CUT]
        shown = cuts[-1].params["shown"]
        rank = {name: 26 if face in (PETARD, ETOILE) else ord(face) - 65 for name, face in
                shown.items()}
        starter = game.expected_player()
        assert starter is not None and rank[starter] == min(rank.values())
        tie_seen |= NoteKind.CUT_TIE in kinds(notes)
    assert tie_seen


def test_four_starting_letters_in_a_column_then_the_starter_plays() -> None:
    game = new_game(3, first=1)
    notes = game.start()
    starts = [n.params for n in notes if isinstance(n, Note) and n.kind == "starting_letter"]
    assert [s["player"] for s in starts] == ["Bob", "Cat", "Ann", "Bob"]
    assert [game.row_letters(r) for r in range(4)] == [s["letter"] for s in starts]
    assert all(len(r) == 1 and not r[0][0].card.special for r in game.rows)
    assert game.expected_player() == "Bob"
    assert kinds(notes)[-1] == "turn" and notes[-1].kind == "timer"


# ---------------------------------------------------------------- rule 4: a turn

def test_a_card_to_the_right_justified_by_a_word_containing_the_row() -> None:
    game = rigged("RX", "CHA", "A", "O", "U")
    notes = game.handle(Place("Ann", "R", 0, Side.RIGHT, "chariot"))
    assert kinds(notes)[:2] == ["card_placed_right", "justified"]
    assert game.row_letters(0) == "CHAR" and fold("X") == "X"
    assert [c.face for c in game.hands[0]] == ["X"]
    assert game.expected_player() == "Bob"


def test_a_card_to_the_left_of_the_row() -> None:
    game = rigged("A", "RT", "A", "O", "U")
    notes = game.handle(Place("Ann", "a", 0, Side.LEFT, "Tarte"))
    assert kinds(notes)[:2] == ["card_placed_left", "justified"]
    assert game.row_letters(0) == "ART"


def test_a_card_on_top_of_an_identical_letter_needs_no_word() -> None:
    game = rigged("A", "RAT", "E", "O", "U", colours=("111", "1", "1", "1"))
    notes = game.handle(Place("Ann", "A", 0, Side.TOP))
    assert kinds(notes)[0] == "card_placed_on_top" and "justified" not in kinds(notes)
    assert game.board[0] == [("R", RIGHT), ("A", MINUS), ("T", RIGHT)]
    assert len(game.rows[0][1]) == 2


def test_on_top_only_of_the_same_letter() -> None:
    game = rigged("R", "RAT", "E", "O", "U")
    assert refusal(game.handle(Place("Ann", "R", 0, Side.TOP, at=1))) == \
        Refusal.NOT_AN_IDENTICAL_LETTER
    assert refusal(game.handle(Place("Ann", "R", 2, Side.TOP))) == \
        Refusal.NOT_AN_IDENTICAL_LETTER


def test_refused_placements_change_nothing() -> None:
    game = rigged("R", "CHA", "E", "O", "U")
    board, hand = game.board, list(game.hands[0])
    assert refusal(game.handle(Place("Bob", "R", 0, Side.RIGHT, "char"))) == \
        Refusal.NOT_YOUR_TURN
    assert refusal(game.handle(Place("Ann", "Z", 0, Side.RIGHT, "char"))) == \
        Refusal.CARD_NOT_IN_HAND
    assert refusal(game.handle(Place("Ann", "R", 7, Side.RIGHT, "char"))) == Refusal.NO_SUCH_ROW
    assert refusal(game.handle(Place("Ann", "RR", 0, Side.RIGHT, "char"))) == Refusal.NOT_A_LETTER
    assert refusal(game.handle(Place("Zed", "R", 0, Side.RIGHT))) == Refusal.UNKNOWN_PLAYER
    assert refusal(game.handle(Petard("Ann", 0))) == Refusal.CARD_NOT_IN_HAND
    assert game.board == board and game.hands[0] == hand and game.expected_player() == "Ann"


# ---------------------------------------------------------------- rule 5: draw and pass

def test_a_player_who_will_not_play_draws_and_passes() -> None:
    game = new_game()
    game.start()
    pile = len(game.piles[0])
    notes = game.handle(Pass("Ann"))
    assert kinds(notes)[0] == "pass_draw" and param(notes, "pass_draw", "drew") == 1
    assert len(game.hands[0]) == 9 and len(game.piles[0]) == pile - 1
    assert game.expected_player() == "Bob"


def test_time_up_draws_and_passes_and_a_stale_timer_is_refused() -> None:
    game = new_game()
    game.start()
    token = game.current_timer().token
    notes = game.handle(TimeUp(token))
    assert kinds(notes)[:2] == ["timeout", "pass_draw"]
    assert refusal(game.handle(TimeUp(token))) == Refusal.STALE_TIMER
    assert game.current_timer().seconds == 90.0


# ---------------------------------------------------------------- rule 6: justification

@pytest.mark.parametrize("word", ["rat", "chart", "CHAQ"])
def test_no_word_holding_the_row_the_card_goes_back_a_draw_a_pass(word: str) -> None:
    game = rigged("R", "CHA", "E", "O", "U")
    pile = len(game.piles[0])
    notes = game.handle(Place("Ann", "R", 0, Side.RIGHT, word))
    assert kinds(notes)[:2] == ["justification_failed", "pass_draw"]
    assert game.row_letters(0) == "CHA" and "R" in [c.face for c in game.hands[0]]
    assert len(game.piles[0]) == pile - 1 and game.expected_player() == "Bob"


def test_a_placement_said_without_its_word_is_asked_for_it_not_punished() -> None:
    game = rigged("R", "CHA", "E", "O", "U")
    pile, timer = len(game.piles[0]), game.timer_token
    notes = game.handle(Place("Ann", "R", 0, Side.RIGHT))
    assert notes == [Note(NoteKind.WORD_NEEDED, {"player": "Ann", "letters": "CHAR"})]
    assert game.row_letters(0) == "CHA" and len(game.piles[0]) == pile
    assert game.expected_player() == "Ann" and game.timer_token == timer  # the clock runs on
    assert game.wanting == Place("Ann", "R", 0, Side.RIGHT)
    notes = game.handle(Place("Ann", "R", 0, Side.RIGHT, "chariot"))
    assert kinds(notes)[:2] == ["card_placed_right", "justified"] and game.wanting is None


def test_a_word_said_with_its_accents_justifies() -> None:
    game = rigged("T", "CHA", "E", "O", "U")
    notes = game.handle(Place("Ann", "T", 0, Side.RIGHT, "Château"))
    assert param(notes, "justified", "word") == "Château"


def test_a_row_of_one_letter_needs_no_word() -> None:
    game = rigged("T", "CHA", "E", "O", "U")
    game.rows[1] = []
    notes = game.handle(Place("Ann", "T", 1, Side.RIGHT))
    assert kinds(notes)[0] == "card_starts_row" and "justified" not in kinds(notes)


# ---------------------------------------------------------------- rule 7: Crack Word

def test_crack_word_captures_the_row_then_a_card_on_the_emptied_row() -> None:
    game = rigged("TEA", "CHA", "E", "O", "U", colours=("001", "1", "1", "1"))
    notes = game.handle(Place("Ann", "T", 0, Side.RIGHT, crack=True))
    assert "crack_word" in kinds(notes) and param(notes, "crack_word", "word") == "CHAT"
    assert len(game.scores[0]) == 4 and game.rows[0] == [] and game.state is State.REFILL
    assert game.expected_player() == "Ann"
    assert refusal(game.handle(Place("Ann", "E", 1, Side.RIGHT, "rue"))) == \
        Refusal.NOT_THE_EMPTIED_ROW
    assert refusal(game.handle(Pass("Ann"))) == Refusal.NOT_NOW_PASS
    notes = game.handle(Place("Ann", "E", 0, Side.LEFT))
    assert kinds(notes)[0] == "card_starts_row" and game.row_letters(0) == "E"
    assert game.expected_player() == "Bob" and game.points()["Ann"] == 4


@pytest.mark.parametrize(("rows", "colours", "why"), [
    (("CHA",), ("111",), Refusal.CRACK_NO_MAJORITY),  # CHAT is Bob's
    (("CH",), ("00",), Refusal.CRACK_NOT_A_WORD),     # CHT is no word
])
def test_a_refused_crack_word_says_which_condition_failed(
        rows: tuple[str], colours: tuple[str], why: Refusal) -> None:
    game = rigged("T", *rows, "E", "O", "U", colours=(*colours, "1", "1", "1"))
    assert refusal(game.handle(Place("Ann", "T", 0, Side.RIGHT, crack=True))) == why
    assert game.scores[0] == []


def test_crack_word_needs_three_letters() -> None:
    game = rigged("I", "AM", "E", "O", "U", colours=("00", "1", "1", "1"))
    assert WORDS.is_word("AMI")
    game.rows[0] = row("M", "0")
    game.hands[0] = [card("A")]
    assert refusal(game.handle(Place("Ann", "A", 0, Side.LEFT, crack=True))) == \
        Refusal.CRACK_TOO_SHORT


def test_crack_word_on_top_takes_the_covered_cards_too() -> None:
    game = rigged("A", "RAT", "E", "O", "U", colours=("011", "1", "1", "1"))
    game.handle(Place("Ann", "A", 0, Side.TOP, crack=True))
    assert len(game.scores[0]) == 4


def test_time_up_on_the_emptied_row_leaves_it_empty() -> None:
    game = rigged("TE", "CHA", "E", "O", "U", colours=("001", "1", "1", "1"))
    game.handle(Place("Ann", "T", 0, Side.RIGHT, crack=True))
    notes = game.handle(TimeUp(game.timer_token))
    assert "row_left_empty" in kinds(notes) and game.rows[0] == []
    assert game.expected_player() == "Bob"


# ---------------------------------------------------------------- rule 8: a new hand

def test_the_last_card_of_a_hand_takes_a_new_hand_of_eight() -> None:
    game = rigged("R", "CHA", "E", "O", "U")
    pile = len(game.piles[0])
    notes = game.handle(Place("Ann", "R", 0, Side.RIGHT, "char"))
    assert "new_hand" in kinds(notes) and len(game.hands[0]) == 8
    assert len(game.piles[0]) == pile - 8 and game.expected_player() == "Bob"


# ---------------------------------------------------------------- rule 9: Pétard

def test_a_petard_sends_the_row_back_and_scores() -> None:
    game = rigged("!E", "RATE", "E", "O", "U", colours=("0120", "1", "1", "1"))
    hands = [len(hand) for hand in game.hands]
    notes = game.handle(Petard("Ann", 0))
    assert kinds(notes)[0] == "petard" and kinds(notes).count("cards_returned") == 3
    assert [len(hand) for hand in game.hands] == [hands[0] - 1 + 2, hands[1] + 1, hands[2] + 1]
    assert [c.face for c in game.scores[0]] == [PETARD] and game.state is State.REFILL
    game.handle(Place("Ann", "E", 0, Side.RIGHT))
    assert game.row_letters(0) == "E" and game.expected_player() == "Bob"


def test_a_petard_needs_a_row_with_cards() -> None:
    game = rigged("!", "RAT", "E", "O", "U")
    game.rows[2] = []
    assert refusal(game.handle(Petard("Ann", 2))) == Refusal.EMPTY_ROW


# ---------------------------------------------------------------- rule 10: Étoile

def test_an_etoile_is_a_letter_named_when_played_and_never_covered() -> None:
    game = rigged("*", "CHA", "E", "O", "U")
    notes = game.handle(Place("Ann", "T", 0, Side.RIGHT, "chat", star=True))
    assert kinds(notes)[:2] == ["card_placed_right", "etoile"]
    assert game.board[0][-1] == ("T", MINUS) and game.rows[0][-1][-1].star
    game.turn, game.hands[1] = 1, [card("T", RIGHT)]
    assert refusal(game.handle(Place("Bob", "T", 0, Side.TOP))) == \
        Refusal.NOT_AN_IDENTICAL_LETTER


def test_in_a_tie_of_colours_the_etoile_counts_double() -> None:
    tied = row("RATE", "0011")
    assert not has_majority(tied, MINUS)
    star = card(ETOILE)
    tied[0] = [Tile("R", MINUS, star)]
    assert has_majority(tied, MINUS) and not has_majority(tied, RIGHT)
    assert has_majority(row("RAT", "001"), MINUS)


# ---------------------------------------------------------------- rules 11 and 12: the end

def test_a_pass_with_nothing_to_draw_is_out_for_good() -> None:
    game = rigged("X", "CHA", "E", "O", "U")
    game.piles[0] = []
    notes = game.handle(Pass("Ann"))
    assert "out_for_good" in kinds(notes) and game.out == {0}
    game.handle(Pass("Bob"))
    game.handle(Pass("Cat"))
    assert game.expected_player() == "Bob"


def test_the_last_card_with_nothing_to_draw_ends_with_a_bonus() -> None:
    game = rigged("R", "CHA", "E", "O", "U", colours=("001", "0", "1", "1"))
    game.piles[0] = []
    notes = game.handle(Place("Ann", "R", 0, Side.RIGHT, "chariot"))
    assert param(notes, "end_last_card", "bonus") == 4  # C, H, R and E
    assert game.over and game.winners == (0,) and kinds(notes)[-1] == "game_won"
    assert refusal(game.handle(Pass("Bob"))) == Refusal.GAME_OVER


def test_when_everyone_has_passed_for_good_the_biggest_pile_wins() -> None:
    game = rigged("X", "CHA", "E", "O", "U")
    for seat in range(3):
        game.piles[seat] = []
    game.scores[1] = [card("A", RIGHT)]
    notes = [note for name in ["Ann", "Bob", "Cat"] for note in game.handle(Pass(name))]
    assert "end_all_passed" in kinds(notes) and param(notes, "game_won", "player") == "Bob"
    assert game.expected_player() is None and game.resumed() == []


def test_equal_biggest_piles_share_the_victory() -> None:
    game = rigged("X", "CHA", "E", "O", "U")
    for seat in range(3):
        game.piles[seat] = []
    game.scores[0], game.scores[2] = [card("A")], [card("B", LEFT)]
    notes = [note for name in ["Ann", "Bob", "Cat"] for note in game.handle(Pass(name))]
    assert param(notes, "game_shared", "players") == ["Ann", "Cat"]


def test_resumed_recaps_the_board_then_says_whose_turn_it_is_and_the_timer() -> None:
    game = new_game()
    game.start()
    said = game.resumed()
    assert kinds(said) == ["game_resumed", *["board_row"] * 4, "turn"]
    assert isinstance(said[-2], Note) and said[-2].params["player"] == "Ann"
    assert said[-1] == game.current_timer()
