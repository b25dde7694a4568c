"""The languages the host speaks each game in: Crack List and Crack Word in English and French,
Short List and Scattergories in English only, said plainly rather than failing in French."""

from __future__ import annotations

from pathlib import Path

import pytest

from host.cli import main
from host.registry import find_game, spoken_languages
from tests.commandline import partyhost


def test_each_game_is_spoken_in_the_languages_of_its_phrasebook() -> None:
    assert spoken_languages(find_game("crack-list")) == ("en", "fr")
    assert spoken_languages(find_game("crack-word")) == ("en", "fr")
    assert spoken_languages(find_game("short-list")) == ("en",)
    assert spoken_languages(find_game("scattergories")) == ("en",)


@pytest.mark.parametrize(("game", "entries"), [("short-list", "questions"),
                                               ("scattergories", "lists")])
@pytest.mark.parametrize("command", [["play", "--text", "--players", "Ann", "Bob", "Cat"],
                                     ["rules"]])
def test_an_english_only_game_asked_in_french_says_so_in_one_line(
        game: str, entries: str, command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command[0], game, *command[1:], "--lang", "fr"]) == 2
    said = capsys.readouterr()
    assert f"is hosted in English only for now: its {entries} and the host's lines are in " \
        "English. Leave out --lang fr" in said.out + said.err


def test_crack_list_in_french_is_hosted_in_french(tmp_path: Path) -> None:
    played = partyhost("play", "crack-list", "--lang", "fr", "--text", "--players", "Ann", "Bob",
                       "--seed", "3", "--save", str(tmp_path / "game.json"),
                       stdin="un\nquitter\noui\n")
    assert played.returncode == 0, played.stderr
    assert "bienvenue" in played.stdout.lower() and "catégorie" in played.stdout
    assert "Merci d'avoir joué" in played.stdout
    assert "English" not in played.stdout + played.stderr
