"""`partyhost judge` and `partyhost decks`: real files in, JSON and clear lines out."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from host.commands import decks_cmd, judge_cmd

DATA = Path(__file__).resolve().parents[1] / "data"
MINI = DATA / "decks" / "crack-list-mini.toml"


def run(argv: list[str]) -> int:
    """Parse argv with just these two commands registered and run it."""
    parser = argparse.ArgumentParser(prog="partyhost")
    subparsers = parser.add_subparsers()
    decks_cmd.register(subparsers)
    judge_cmd.register(subparsers)
    args = parser.parse_args(argv)
    return int(args.func(args))


def verdict(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, object]:
    assert run(["judge", *argv]) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


def test_judge_deck_category(capsys: pytest.CaptureFixture[str]) -> None:
    got = verdict(capsys, ["--deck", str(MINI), "--category", "films", "--letter", "G",
                           "the godfather"])
    assert got == {"accepted": True, "matched": "The Godfather", "letters": ["T", "G"],
                   "reason": "ok", "answer": "the godfather"}
    got = verdict(capsys, ["--deck", str(MINI), "-c", "Films", "--given", "The Godfather",
                           "--given", "Jaws", "Godfather"])
    assert got["reason"] == "duplicate" and got["accepted"] is False
    got = verdict(capsys, ["--deck", str(MINI), "-c", "things-that-are-yellow", "Pineapple"])
    assert got == {"accepted": None, "matched": None, "letters": ["P"], "reason": "needs_vote",
                   "answer": "Pineapple"}


def test_judge_answers_file(capsys: pytest.CaptureFixture[str]) -> None:
    planets = DATA / "judge" / "planets.txt"
    assert verdict(capsys, ["--answers", str(planets), "Jupiter"])["matched"] == "Jupiter"
    assert verdict(capsys, ["--answers", str(planets), "the earth"])["matched"] == "Earth"
    assert verdict(capsys, ["--answers", str(planets), "Pluto"])["reason"] == "not_in_list"
    assert verdict(capsys, ["--answers", str(planets), "--letter", "V", "Mars"])["reason"] == (
        "wrong_letter")
    assert verdict(capsys, ["--answers", str(planets), " "])["reason"] == "empty"


def test_judge_generator(capsys: pytest.CaptureFixture[str]) -> None:
    assert verdict(capsys, ["--generator", "rhymes", "--param", "word=haze", "amaze"])[
        "accepted"] is True
    assert verdict(capsys, ["--generator", "rhymes", "--param", "word=haze", "noise"])[
        "reason"] == "not_in_list"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--deck", "no-such-deck", "-c", "x", "y"], "no deck file or installed deck"),
        (["--deck", str(MINI), "y"], "--deck needs --category"),
        (["--deck", str(MINI), "-c", "nope", "y"], "has no category 'nope'"),
        (["--answers", "/nonexistent/list.txt", "y"], "cannot read the file"),
        (["--letter", "77", "y"], "give one letter"),
        (["--generator", "rhymes", "y"], "rhymes needs params.word"),
        (["--deck", str(DATA / "decks" / "broken-empty-answers.toml"), "-c", "x", "y"],
         "entry 'en-003/fruits' field 'answers': empty list"),
    ],
)
def test_judge_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str],
                         message: str) -> None:
    assert run(["judge", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and err.count("\n") == 1


def test_decks_check(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # The tests' mini deck is too thin to play for real: checked, it is refused, entry named.
    assert run(["decks", "check", str(MINI)]) == 1
    out = capsys.readouterr().out
    assert "entry 'mini-001/things-that-are-yellow' field 'answers': answers start with 9 " \
        "letter(s), a category needs 12" in out
    assert "entry 'mini-002/famous-painters' field 'answers': 8 answers, a list the table " \
        "may extend needs 25" in out
    assert run(["decks", "check", str(DATA / "decks")]) == 1
    out = capsys.readouterr().out
    assert "broken-empty-answers.toml: entry 'en-003/fruits' field 'answers': empty list" in out
    assert "broken-syntax.toml: not valid TOML" in out


def test_decks_check_content(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["decks", "check", str(DATA / "decks" / "content")]) == 1
    out = capsys.readouterr().out
    expected = [
        "entry 'c-1/rhymes-with-haze' field 'answers': answer 'Noise' is not known to "
        "generator rhymes {'word': 'haze'}",
        "entry 'c-1/four-letter-names' field 'answers': answer 'Johnny' has 6 letters, "
        "the category wants 4",
        "entry 'c-1/states' field 'answers': answer 'Ontario' is not known to generator "
        "us_states",
        "entry 'c-1/states' field 'answers': closed list lacks 49 of generator us_states: "
        "Alabama, Alaska",
        "warning: ",
        "entry 'c-2/elements' field 'answers': answer 'Kryptonite' is not known to "
        "generator elements",
    ]
    for line in expected:
        assert line in out, line
    assert "'Texas'" not in out and "'Amaze'" not in out


def test_decks_list_and_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["decks", "list", "--deck", str(MINI)]) == 0
    assert "Mini test deck" in capsys.readouterr().out
    assert run(["decks", "list", "--game", "crack-word", "--deck",
                str(DATA / "decks" / "broken-syntax.toml")]) == 0
    assert "BROKEN" in capsys.readouterr().out
    assert run(["decks", "schema"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "Party Host deck"


def test_shipped_decks_pass_the_structure_check() -> None:
    from host.decks import find_decks, parse_deck

    for path in find_decks():
        _deck, errors, _warnings = parse_deck(path)
        assert not errors, "\n".join(map(str, errors))


def test_judge_short_list_question(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deck = tmp_path / "q.toml"
    deck.write_text('[deck]\ngame = "short-list"\nlang = "en"\nname = "Q"\n[[questions]]\n'
                    'id = "q-1"\nquestion = "Name a planet."\nanswers = ["Mercury", "Venus", '
                    '"Earth", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune"]\n', "utf-8")
    assert verdict(capsys, ["--deck", str(deck), "-c", "q-1", "Jupitor"])["matched"] == "Jupiter"
    assert verdict(capsys, ["--deck", str(deck), "-c", "q-1", "Pluto"])["reason"] == (
        "not_in_list")
