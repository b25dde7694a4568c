"""`simulate`: bot games through the real rules show every event kind and break no invariant."""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from host.core.events import Note, TimeUp, make_seats
from host.core.simulate import SimulationReport, play_one
from host.games.crack_list.bots import BotSkills, BotTable
from host.games.crack_list.checks import REQUIRED_KINDS, CrackListReferee, turn_violation
from host.games.crack_list.checks import simulate_crack_list as simulate
from host.games.crack_list.events import ChooseCategory, CrackListEvent
from host.games.crack_list.rules import CrackListConfig, CrackListGame, State
from host.games.crack_list.setup import category_cards
from host.judge import Judge


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
    game = _game()
    assert game.check_invariants(exact=False) == game.check_invariants() == []
    lost = game.draw_pile.pop()
    assert game.check_invariants(exact=False) == ["blue cards not conserved: 77 != 78"]
    assert game.check_invariants() == [
        "blue cards not conserved: 77 != 78",
        "the blue deck's cards changed",
    ]
    game.hands[0].append(game.hands[1][0])  # the same card twice, none lost
    assert game.check_invariants() == ["the blue deck's cards changed"]
    game.hands[0][-1] = lost
    assert game.check_invariants() == []
    other = next(c for c in game.draw_pile if c != lost)
    game.hands[0][-1] = other  # right count, wrong card
    assert game.check_invariants() == ["the blue deck's cards changed"]
    game.hands[0][-1] = "not a card"
    assert game.check_invariants() == ["the blue deck's cards changed"]
    game.hands[0][-1] = lost
    game.current, game.direction = 3, 2
    assert game.check_invariants(exact=False) == ["current seat 3 out of range", "bad direction 2"]


class _Saboteur(BotTable):
    """Bots that, at one event, corrupt the game's cards behind the rules' back."""

    def __init__(self, game: CrackListGame, at: int, corrupt: Callable[[CrackListGame], None]):
        super().__init__(game, BotSkills(), Random(3))
        self.at, self.corrupt, self.count = at, corrupt, 0

    def next_event(self) -> CrackListEvent:
        self.count += 1
        if self.count == self.at:
            self.corrupt(self.game)
        return super().next_event()


def _sabotaged(corrupt: Callable[[CrackListGame], None]) -> SimulationReport:
    config = CrackListConfig(make_seats(["Ann", "Bob", "Cat", "Dan"]))
    game = CrackListGame(config, category_cards("en", [], adults=False), Judge(), Random(5))
    report = SimulationReport()
    play_one(game, _Saboteur(game, 10, corrupt), CrackListReferee(game), report)
    return report


def _swap_a_card(game: CrackListGame) -> None:
    hand = next(h for h in game.hands if h)
    hand[0] = next(c for c in game.draw_pile if c != hand[0])  # a duplicate; count unchanged


def test_simulation_reports_a_lost_card_at_once_and_a_changed_card_by_the_round_end() -> None:
    lost = _sabotaged(lambda game: game.draw_pile.pop())
    assert lost.invariant_violations >= 1
    assert "blue cards not conserved: 77 != 78" in lost.violations[0]
    changed = _sabotaged(_swap_a_card)
    assert changed.invariant_violations >= 1
    assert changed.violations[0].endswith("the blue deck's cards changed")
    assert "round_won" in changed.events


def test_turn_check_catches_a_turn_given_to_the_wrong_player() -> None:
    game = _game()
    right = [Note("turn", {"player": "Bob", "how": "next"})]
    assert turn_violation(game, 0, 1, right) is None
    wrong = [Note("turn", {"player": "Cat", "how": "next"})]
    assert turn_violation(game, 0, 1, wrong) == "turn went to Cat, expected Bob"
    stopped = [Note("stop", {}), Note("turn", {"player": "Bob", "how": "skip"})]
    assert turn_violation(game, 0, 1, stopped) == "turn went to Bob, expected Cat"


def test_a_table_the_rules_cannot_deal_is_one_clear_line() -> None:
    import subprocess
    import sys

    for players in ("1", "10"):
        run = subprocess.run([sys.executable, "-m", "host", "simulate", "crack-list", "--games",
                              "1", "--players", players, "--json"],
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 2 and run.stdout == ""
        assert run.stderr.startswith("partyhost simulate: ") and len(run.stderr.splitlines()) == 1


def test_the_referee_reports_a_move_none_of_the_legal_ones_and_a_stale_time_up() -> None:
    game = _game()  # Ann chooses
    for event, legal in [(ChooseCategory("Bob", 1), False), (TimeUp(game.timer_token - 1), False),
                         (ChooseCategory("Ann", 1), True)]:
        referee = CrackListReferee(game)
        referee.watch()
        referee.see(event)  # as the simulator shows it every event a bot makes
        problems = referee.problems(game.handle(event))
        assert (f"{event} was none of the legal moves" in problems) is not legal, problems
    assert game.state is State.TURN
