"""`simulate`: bot games through the real rules show every event kind and break no invariant."""

from __future__ import annotations

from host.judge import Judge
from host.simulate import REQUIRED_KINDS, simulate
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
