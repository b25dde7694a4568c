"""Issue 11 as a user meets it: nothing lost (a new game keeps an unfinished save) and bad options
refused in one line that names the file, the entry and what to do, with exit code 2."""

from __future__ import annotations

import functools
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from host.cli import main
from host.console import run_console
from host.core.events import make_seats
from host.games.crack_list.config import PLAYERS_HELP, SEATS_RANGE, CrackListConfig
from tests.commandline import RULES_DECK, partyhost

TABLE = ["--deck", RULES_DECK, "--only-my-decks"]


def refusal(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run the command in-process; it must refuse with exit 2 and one line on stderr."""
    code = main(list(args))
    err = capsys.readouterr().err
    assert code == 2, err
    assert len(err.splitlines()) == 1 and err.startswith("partyhost"), err
    assert "Traceback" not in err
    return err


# 6. A new game never destroys an unfinished one -------------------------------------------------


def test_a_new_game_keeps_the_unfinished_one_and_says_how_to_resume_it(tmp_path: Path) -> None:
    save = tmp_path / "g2.json"
    common = ["play", "crack-list", "--text", "--save", str(save), *TABLE]
    first = partyhost(*common, "--players", "Ann", "Bob", "Cat", "--seed", "4", stdin="Ann: 1\n")
    assert first.returncode == 0, first.stderr
    played = json.loads(save.read_text())["events"]
    assert played and played[0]["type"] == "ChooseCategory"

    second = partyhost(*common, "--players", "Dan", "Eve", stdin="quit\nyes\n")
    assert second.returncode == 0, second.stderr
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("g2.unfinished-")]
    assert len(kept) == 1 and re.fullmatch(r"g2\.unfinished-\d{4}-\d\d-\d\d-\d{6}\.json",
                                            kept[0].name)
    assert json.loads(kept[0].read_text())["events"] == played
    said = [line for line in second.stderr.splitlines() if str(kept[0]) in line]
    assert len(said) == 1 and f"--resume --save {kept[0]}" in said[0]
    assert json.loads(save.read_text())["options"]["players"] == ["Dan", "Eve"]

    # The command it gave carries the old game on, as it was.
    again = partyhost("play", "crack-list", "--text", "--resume", "--save", str(kept[0]),
                      stdin="what's the category\n")
    assert again.returncode == 0, again.stderr
    assert "Welcome back" in again.stdout and "Films" in again.stdout


def test_a_french_table_is_told_in_french_what_became_of_its_unfinished_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The lines around a French game are French: the unfinished game kept, and the text
    console played for want of a microphone (a machine without one, as this one)."""
    import host.play

    monkeypatch.setattr(host.play, "microphone_problem",
                        lambda args: "No sound input device is available on this machine.")
    save = tmp_path / "g.json"
    common = ["play", "crack-list", "--lang", "fr", "--save", str(save), "--players", "Ann",
              "Bob"]
    for typed in ("Ann: un\n", "quitter\noui\n"):
        monkeypatch.setattr(host.play, "run_console",
                            functools.partial(run_console, stream=io.StringIO(typed)))
        assert main(common) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0] == ("Pas de micro utilisable (No sound input device is available on this "
                      "machine) : la partie se joue dans la console texte (`partyhost doctor` "
                      "dit quoi réparer).")
    kept = next(p for p in tmp_path.iterdir() if p.name.startswith("g.unfinished-"))
    assert f"La partie inachevée qui était dans {save} est gardée dans {kept} ; pour la " \
           f"reprendre plus tard : partyhost play crack-list --resume --save {kept}" in err


def test_nothing_to_keep_means_no_backup_and_no_word(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    common = ["play", "crack-list", "--text", "--save", str(save), *TABLE]
    for _ in range(2):  # set up, no move played: the next game replaces it
        run = partyhost(*common, "--players", "Ann", "Bob", stdin="quit\nyes\n")
        assert run.returncode == 0 and run.stderr == "", run.stderr
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert kept == ["crack-list-played.json", "g.json"]  # the save and the lists offered


def test_a_game_saved_before_its_first_move_resumes_with_the_same_deal(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    common = ["play", "crack-list", "--text", "--save", str(save), *TABLE]
    new = partyhost(*common, "--players", "Ann", "Bob", "--seed", "3", stdin="Ann: my hand\n")
    again = partyhost(*common, "--resume", stdin="Ann: my hand\n")
    assert again.returncode == 0, again.stderr
    hand = [line for line in new.stdout.splitlines() if "(for Ann only)" in line]
    assert hand and hand == [line for line in again.stdout.splitlines() if "(for Ann only)" in line]


# 8. Bad options ---------------------------------------------------------------------------------


def test_a_missing_deck_file_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = str(tmp_path / "nope.toml")
    err = refusal(capsys, "play", "crack-list", "--text", "--players", "Ann", "Bob",
                  "--deck", missing, "--save", str(tmp_path / "s.json"))
    assert missing in err and "--deck" in err
    assert not (tmp_path / "s.json").exists()


def test_a_deck_of_another_game_is_refused(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    other = tmp_path / "other.toml"
    other.write_text('[deck]\ngame = "short-list"\nlang = "en"\nname = "x"\n')
    err = refusal(capsys, "play", "crack-list", "--text", "--players", "Ann", "Bob",
                  "--deck", str(other), "--save", str(tmp_path / "s.json"))
    assert "other.toml" in err and "no Crack List deck" in err


@pytest.mark.parametrize("seconds", ["0", "-5", "nan"])
def test_a_turn_must_last_some_time(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                    seconds: str) -> None:
    err = refusal(capsys, "play", "crack-list", "--text", "--players", "Ann", "Bob",
                  f"--turn-seconds={seconds}", "--save", str(tmp_path / "s.json"))
    assert "--turn-seconds 20" in err


def test_a_shorter_game_deals_the_hand_size_asked_and_resumes_with_it(tmp_path: Path) -> None:
    save = str(tmp_path / "s.json")
    played = partyhost("play", "crack-list", "--text", "--players", "Ann", "Bob", "--seed", "2",
                       "--hand-size", "3", "--save", save, *TABLE,
                       stdin="one\nhow many cards does Ann have\nquit\nyes\n")
    assert played.returncode == 0, played.stderr
    dealt, held = played.stdout.splitlines()[1], played.stdout.splitlines()[5]
    assert "3 cards" in dealt and "Ann" in held and "3 cards" in held, played.stdout
    resumed = partyhost("play", "crack-list", "--text", "--resume", "--save", save,
                        stdin="how many cards does Ann have\nwhat are the rules\nquit\nyes\n")
    lines = resumed.stdout.splitlines()
    assert any("Ann" in line and "3 cards" in line for line in lines), resumed.stdout
    assert "Each round everyone is dealt 3 cards (the rulebook deals 8" in resumed.stdout


def test_a_hand_must_hold_a_card(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    err = refusal(capsys, "play", "crack-list", "--text", "--players", "Ann", "Bob",
                  "--hand-size", "0", "--save", str(tmp_path / "s.json"))
    assert "--hand-size 8" in err


def test_first_must_name_a_player(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    err = refusal(capsys, "play", "crack-list", "--text", "--players", "Ann", "Bob",
                  "--first", "Zed", "--save", str(tmp_path / "s.json"))
    assert "--first Zed" in err and "Ann, Bob" in err


def test_players_and_teams_together_are_refused(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    err = refusal(capsys, "play", "crack-list", "--text", "--players", "Ann", "Bob",
                  "--teams", "Cat,Dan", "Eve,Fay", "--save", str(tmp_path / "s.json"))
    assert "--players or --teams" in err


def test_new_players_with_resume_are_refused_not_ignored(capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    save.write_text(json.dumps({
        "version": 1, "finished": False, "events": [],
        "options": {"players": ["Ann", "Bob", "Cat"], "seed": 4, "turn_seconds": 20.0},
    }))
    err = refusal(capsys, "play", "crack-list", "--text", "--resume", "--save", str(save),
                  "--players", "Dan", "Eve")
    assert "--players" in err and "Ann, Bob, Cat" in err and str(save) in err
    err = refusal(capsys, "play", "crack-list", "--text", "--resume", "--save", str(save),
                  "--turn-seconds", "30")
    assert err.startswith("partyhost: --turn-seconds:")


def test_the_same_players_with_resume_are_fine(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    common = ["play", "crack-list", "--text", "--save", str(save), *TABLE]
    partyhost(*common, "--players", "Ann", "Bob", "--seed", "4", stdin="Ann: 1\n")
    again = partyhost(*common, "--players", "Ann", "Bob", "--seed", "4", "--resume",
                      stdin="score\n")
    assert again.returncode == 0 and again.stderr == "", again.stderr
    assert "Welcome back" in again.stdout


def test_one_player_range_everywhere(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rulebook = Path("/work/shared/rules/crack-list.txt")
    if rulebook.exists():
        assert f"FOR {SEATS_RANGE} PLAYERS".upper() in rulebook.read_text()
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    play_help = " ".join(capsys.readouterr().out.split())
    assert PLAYERS_HELP in play_help
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert PLAYERS_HELP in " ".join(capsys.readouterr().out.split())
    names = [f"P{i}" for i in range(1, 11)]
    for count in (2, 8):
        CrackListConfig(make_seats(names[:count])).validate()
    for count in (1, 9, 10):
        err = refusal(capsys, "simulate", "crack-list", "--games", "1", "--players", str(count))
        assert PLAYERS_HELP in err
        err = refusal(capsys, "play", "crack-list", "--text", "--players", *names[:count],
                      "--save", str(tmp_path / "s.json"))
        assert PLAYERS_HELP in err
    big_teams = [",".join(f"T{t}{m}" for m in range(3 if t < 4 else 2)) for t in range(8)]
    CrackListConfig(make_seats([], [team.split(",") for team in big_teams])).validate()  # 20


@pytest.mark.parametrize(
    ("mix", "says"),
    [
        ('[blue]\nA = "three"\n', "A = 'three' is not a number of cards"),
        ("[blue]\nA = 40\nZZ = 2\n", "unknown blue cards: ZZ"),
        ("[blue]\nA = 40\nC = -1\n", "C = -1"),
        ("[blue]\nA = 3\n", "holds 3 cards"),
        ("[red]\nA = 3\n", "no [blue] table"),
        ("[blue\n", "not valid TOML"),
    ],
)
def test_a_broken_blue_deck_names_the_file_and_the_card(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, mix: str, says: str
) -> None:
    path = tmp_path / "mix.toml"
    path.write_text(mix)
    err = refusal(capsys, "play", "crack-list", "--text", "--players", "Ann", "Bob",
                  "--blue-deck", str(path), "--save", str(tmp_path / "s.json"))
    assert f"partyhost: {path}: " in err and says in err


def test_every_problem_of_a_blue_deck_in_one_line(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    path = tmp_path / "mix.toml"
    path.write_text('[blue]\nA = "three"\nZZ = 2\nB = 3\n')
    err = refusal(capsys, "play", "crack-list", "--text", "--players", "Ann", "Bob",
                  "--blue-deck", str(path), "--save", str(tmp_path / "s.json"))
    assert "A = 'three'" in err and "ZZ" in err


@pytest.mark.parametrize("command", [["decks", "schema"], ["decks", "list"],
                                     ["rules", "crack-list"]])
def test_a_closed_stdout_ends_quietly(command: list[str]) -> None:
    read, write = os.pipe()
    os.close(read)  # `partyhost ... | head` once head has gone
    try:
        run = subprocess.run([sys.executable, "-m", "host", *command], stdout=write,
                             stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write)
    assert run.stderr == ""
    assert run.returncode == 141  # 128 + SIGPIPE, as a shell reports `yes | head`
