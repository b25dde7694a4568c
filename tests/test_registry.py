"""The registry is the one game list: every command, the lobby and the deck loader read it, so a
fifth game is its package, its tests and one registry line."""

from __future__ import annotations

import argparse
import re
from dataclasses import replace
from pathlib import Path

import pytest

from host import registry
from host.cli import build_parser, main
from host.commands.play import EVERY_TABLE
from host.core.protocols import GameKind, Option, SetupError, Simulation
from host.core.simulate import SimulationReport
from host.decks import parse_deck, schema
from host.games.short_list.kind import SHORT_LIST
from host.lobby.tables import setups

HOST = Path(__file__).resolve().parents[1] / "host"


def fake_run(args: argparse.Namespace) -> SimulationReport:
    """The fake game's simulation: it cannot deal, and says with which options."""
    raise SetupError(f"no fake table (bluff {args.bluff}, lang {args.lang})")


FAKE = replace(
    SHORT_LIST, name="fake-game", title="Fake Game", default_lang="fr",
    seating=replace(SHORT_LIST.seating, fewest=5, most=7, players_help="5 to 7 fakers",
                    first="the first to fib"),
    table_options=(Option("--fibs", "how many fibs a player may tell", 2, {"type": int}),),
    play_options=SHORT_LIST.play_options | {"fibs"},
    simulation=Simulation(fake_run, "every fib told once",
                          (Option("--bluff", "chance of a bluff (default: 0.5)", 0.5,
                                  {"type": float}),)),
    lobby_questions=("language",),
)
"""A fifth game, as its one registry line would make it (its rules borrowed from Short List)."""


@pytest.fixture
def fifth_game(monkeypatch: pytest.MonkeyPatch) -> GameKind:
    """The registry with the fake game added."""
    monkeypatch.setitem(registry.GAMES, FAKE.name, FAKE)
    return FAKE


def sub_commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """`partyhost`'s sub-commands' parsers, by name ("decks list" for a nested one)."""
    found: dict[str, argparse.ArgumentParser] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                found[name] = child
                found.update({f"{name} {sub}": p for sub, p in sub_commands(child).items()})
    return found


def game_choices(parser: argparse.ArgumentParser) -> tuple[str, ...] | None:
    """The games a parser offers, positional or --game; None when it names no game."""
    for action in parser._actions:
        if action.dest == "game" and action.choices is not None:
            return tuple(action.choices)
    return None


def test_every_command_offers_the_games_of_the_registry() -> None:
    offered = {name: game_choices(p) for name, p in sub_commands(build_parser()).items()}
    naming = {name: games for name, games in offered.items() if games is not None}
    assert {"play", "simulate", "rules", "demo", "decks list"} <= set(naming)
    for name, games in naming.items():
        if name != "judge":  # judges a word as Crack Word does: one game's own rule
            assert games == tuple(registry.GAMES), name


def test_a_fifth_game_in_the_registry_is_offered_everywhere(fifth_game: GameKind) -> None:
    parsers = sub_commands(build_parser())
    for name in ("play", "simulate", "rules", "demo", "decks list"):
        assert "fake-game" in (game_choices(parsers[name]) or ()), name
    play = " ".join(parsers["play"].format_help().split())
    assert "Fake Game: 5 to 7 fakers" in play and "in Fake Game the first to fib" in play
    assert "Fake Game: how many fibs a player may tell (default: 2)" in play
    assert "Fake Game: fr" in play
    simulate = " ".join(parsers["simulate"].format_help().split())
    assert "Fake Game: every fib told once" in simulate and "Fake Game: 5 to 7 fakers" in simulate
    assert "Fake Game: chance of a bluff (default: 0.5)" in simulate
    assert "Fake Game" in (build_parser().description or "")


def test_a_fifth_game_is_simulated_with_its_own_options(
        fifth_game: GameKind, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "fake-game", "--games", "1"]) == 2
    assert "no fake table (bluff 0.5, lang fr)" in capsys.readouterr().err
    assert main(["simulate", "fake-game", "--bluff", "0.25"]) == 2
    assert "bluff 0.25" in capsys.readouterr().err
    assert main(["simulate", "short-list", "--bluff", "0.25"]) == 2
    assert "--bluff is a Fake Game option: leave it out for short-list" in capsys.readouterr().err
    assert main(["simulate", "fake-game", "--know", "0.5"]) == 2
    assert "--know is a Crack List option" in capsys.readouterr().err


def test_a_fifth_game_is_refused_another_games_table_option(
        fifth_game: GameKind, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["play", "fake-game", "--text", "--expert", "--save",
                 str(tmp_path / "s.json")]) == 2
    assert "--expert: not a Fake Game option" in capsys.readouterr().err
    assert main(["play", "crack-list", "--text", "--fibs", "3", "--save",
                 str(tmp_path / "s.json")]) == 2
    assert "--fibs: not a Crack List option" in capsys.readouterr().err


def test_a_fifth_game_has_a_table_in_the_lobby(fifth_game: GameKind) -> None:
    setup = setups(registry.GAMES)["fake-game"]
    assert (setup.table.title, setup.table.fewest, setup.table.most) == ("Fake Game", 5, 7)
    assert [question.key for question in setup.questions] == ["ask_language"]
    assert not setup.teams and setups(registry.GAMES)["crack-list"].teams


def test_a_fifth_game_has_decks(fifth_game: GameKind, tmp_path: Path) -> None:
    assert "fake-game" in schema()["properties"]["deck"]["properties"]["game"]["enum"]
    path = tmp_path / "fake.toml"
    answers = ", ".join(f'"Answer {n}"' for n in range(1, 8))
    path.write_text('[deck]\ngame = "fake-game"\nlang = "en"\nname = "F"\n[[questions]]\n'
                    f'id = "q-1"\nquestion = "Name seven answers"\nanswers = [{answers}]\n')
    deck, errors, _ = parse_deck(path)
    assert errors == [] and deck is not None and len(deck.questions) == 1
    path.write_text('[deck]\ngame = "fake-game"\nlang = "en"\nname = "F"\n[[cards]]\n'
                    'id = "c-1"\n[[cards.categories]]\nid = "a"\ntitle = "A"\n')
    _, errors, _ = parse_deck(path)
    assert "a fake-game deck has no cards" in [e.message for e in errors]


def test_the_deck_schema_names_the_games_of_the_registry() -> None:
    assert schema()["properties"]["deck"]["properties"]["game"]["enum"] == list(registry.GAMES)


def test_each_games_table_options_are_its_own_and_the_common_ones() -> None:
    for kind in registry.GAMES.values():
        own = {option.dest for option in kind.table_options}
        assert own <= kind.play_options, kind.name
        assert kind.play_options <= own | set(EVERY_TABLE), kind.name


def test_two_games_sharing_an_option_declare_it_alike() -> None:
    shared = list(registry.merged_options({"A": (Option("--cards", "a", "virtual"),),
                                           "B": (Option("--cards", "b", "virtual"),),
                                           "C": (Option("--cards", "a", "virtual"),)}))
    assert [text for _, text in shared] == ["A, C: a; B: b"]
    with pytest.raises(ValueError, match="--cards is declared twice, differently"):
        list(registry.merged_options({"A": (Option("--cards", "a", "virtual"),),
                                      "B": (Option("--cards", "b", "physical"),)}))


GAME_WORDS = {name: re.compile(rf"""["']{name}["']|host\.games\.{name.replace('-', '_')}\b""")
              for name in registry.GAMES}
"""A game named in code: its command-line name quoted, or its package."""


def test_no_module_outside_the_games_and_the_registry_lists_the_games() -> None:
    listing = {}
    for path in sorted(HOST.rglob("*.py")):
        inside = path.relative_to(HOST)
        if inside.parts[0] == "games" or inside == Path("registry.py"):
            continue
        text = path.read_text("utf-8")
        named = [name for name, word in GAME_WORDS.items() if word.search(text)]
        if len(named) > 1:
            listing[str(inside)] = named
    assert listing == {}
