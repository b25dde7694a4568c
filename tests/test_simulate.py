"""`simulate`: bot games through the real rules show every event kind and break no invariant."""

from __future__ import annotations

from random import Random

from host.games.common import Note, make_seats
from host.games.crack_list import CrackListConfig, CrackListGame
from host.judge import Judge
from host.simulate import REQUIRED_KINDS, simulate, turn_violation
from host.table import category_cards


def test_a_few_hundred_bot_games_show_every_event_kind_and_no_violation() -> None:
    report = simulate(category_cards("en", [], adults=False), Judge(), games=200, seed=1)
    result = report.as_json()
    assert result["games"] == result["completed"] == 200
    assert result["invariant_violations"] == 0, result["first_violations"]
    assert result["missing_event_kinds"] == []
    assert all(result["events"][kind] > 0 for kind in REQUIRED_KINDS)


def test_physical_cards_and_two_players_also_play_through() -> None:
    report = simulate(
        category_cards("en", [], adults=False),
        Judge(),
        games=20,
        seed=2,
        players=2,
        cards="physical",
    )
    assert report.completed == 20 and report.invariant_violations == 0


def _game() -> CrackListGame:
    config = CrackListConfig(make_seats(["Ann", "Bob", "Cat"]))
    game = CrackListGame(config, category_cards("en", [], adults=False), Judge(), Random(5))
    game.start()
    return game


def test_invariant_checks_catch_a_lost_a_duplicated_and_a_changed_card() -> None:
    for exact in (False, True):
        game = _game()
        assert game.check_invariants(exact=exact) == []
        lost = game.draw_pile.pop()
        assert game.check_invariants(exact=exact)
        game.hands[0].append(game.hands[1][0])  # the same card twice, none lost
        assert game.check_invariants(exact=exact)
        game.hands[0][-1] = lost
        assert game.check_invariants(exact=exact) == []
        other = next(c for c in game.draw_pile if c != lost)
        game.hands[0][-1] = other  # right count, wrong card
        assert game.check_invariants(exact=exact) == ["the blue deck's cards changed"]
        game.hands[0][-1] = "not a card"
        assert game.check_invariants(exact=exact) == ["the blue deck's cards changed"]


def test_turn_check_catches_a_turn_given_to_the_wrong_player() -> None:
    game = _game()
    right = [Note("turn", {"player": "Bob", "how": "next"})]
    assert turn_violation(game, 0, 1, right) is None
    wrong = [Note("turn", {"player": "Cat", "how": "next"})]
    assert turn_violation(game, 0, 1, wrong) == "turn went to Cat, expected Bob"
    stopped = [Note("stop", {}), Note("turn", {"player": "Bob", "how": "skip"})]
    assert turn_violation(game, 0, 1, stopped) == "turn went to Bob, expected Cat"
