"""`partyhost simulate crack-word`: bot games on the real dictionaries, as a user runs it."""

from __future__ import annotations

import json

from tests.commandline import partyhost


def test_simulate_plays_on_the_french_dictionary_with_no_violation() -> None:
    run = partyhost("simulate", "crack-word", "--games", "20", "--seed", "3", "--json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["games"] == report["completed"] == 20
    assert report["invariant_violations"] == 0 and report["events"]["crack_word"] > 0


def test_english_and_the_table_s_limits() -> None:
    english = partyhost("simulate", "crack-word", "--games", "5", "--lang", "en", "--json")
    assert english.returncode == 0 and json.loads(english.stdout)["completed"] == 5
    five = partyhost("simulate", "crack-word", "--players", "5", "--games", "1")
    assert five.returncode == 2 and "2 to 4 players" in five.stderr
    other = partyhost("simulate", "crack-list", "--expert", "--games", "1")
    assert other.returncode == 2 and "Crack Word option" in other.stderr
