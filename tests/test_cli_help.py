"""Every sub-command's --help: defaults told once and only when there is one, and the same
option names for the same thing (`say --tts`, as `play --tts`)."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest

from host.cli import build_parser
from host.commands import HelpFormatter


def untold(default: object) -> bool:
    """A default that says nothing: no "(default: None)" after a help text."""
    return default is None or isinstance(default, bool) or default in ([], (), "")


def parsers(parser: argparse.ArgumentParser, name: str = "partyhost"
            ) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """The parser and every sub-command's, recursively."""
    yield name, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub, child in action.choices.items():
                yield from parsers(child, f"{name} {sub}")


ALL = dict(parsers(build_parser()))


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wide terminal, so that help texts are not wrapped (argparse breaks at hyphens)."""
    monkeypatch.setenv("COLUMNS", "1000")


def test_every_sub_command_is_checked() -> None:
    assert {"partyhost play", "partyhost say", "partyhost decks check",
            "partyhost bench speech", "partyhost models fetch"} <= set(ALL)


@pytest.mark.parametrize("name", list(ALL))
def test_help_tells_a_default_once_and_only_when_there_is_one(name: str) -> None:
    parser = ALL[name]
    shown = " ".join(parser.format_help().split())
    for told in ("(default: None)", "(default: [])", "(default: False)", "(default: True)"):
        assert told not in shown
    for action in parser._actions:
        if not action.help or "%" in action.help or action.help is argparse.SUPPRESS:
            continue
        text = " ".join(action.help.split())
        assert text in shown
        if "default" in text or untold(action.default):
            assert f"{text} (default:" not in shown, (name, action.option_strings)


def test_a_real_default_is_told() -> None:
    shown = " ".join(ALL["partyhost play"].format_help().split())
    assert "speech synthesis engine (default: auto)" in shown


def test_the_formatter_on_its_own() -> None:
    parser = argparse.ArgumentParser(formatter_class=HelpFormatter)
    parser.add_argument("--seed", type=int, help="shuffle seed")
    parser.add_argument("--rounds", type=int, default=3, help="rounds")
    parser.add_argument("--save", default="x.json", help="file (default: ~/x.json)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    shown = " ".join(parser.format_help().split())
    assert "shuffle seed --rounds" in shown and "rounds (default: 3)" in shown
    assert "file (default: ~/x.json) --json" in shown and shown.endswith("print JSON")


def test_say_takes_tts_like_play_and_keeps_engine() -> None:
    parser = build_parser()
    assert parser.parse_args(["say", "hi", "--tts", "espeak"]).tts == "espeak"
    assert parser.parse_args(["say", "hi", "--engine", "espeak"]).tts == "espeak"
    assert parser.parse_args(["say", "hi"]).tts == "auto"
    assert parser.parse_args(["play", "crack-list", "--tts", "espeak"]).tts == "espeak"
    assert parser.parse_args(["bench", "speech", "--stt", "sphinx"]).engines == ["sphinx"]
    assert parser.parse_args(["bench", "speech", "--engine", "vosk"]).engines == ["vosk"]
