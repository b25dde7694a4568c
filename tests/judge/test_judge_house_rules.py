"""The judge's decisions are house rules of every game it judges for, after the game's own."""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from host.core.phrasebook import GameVoice, Phrasebook
from host.games.crack_list.announce import VOICE as CRACK_LIST
from host.games.scattergories.announce import VOICE as SCATTERGORIES
from host.games.short_list.announce import VOICE as SHORT_LIST
from host.judge import JUDGE_LINES


def judge_rules(lang: str) -> list[str]:
    text = resources.files(JUDGE_LINES).joinpath(f"{lang}.toml").read_text("utf-8")
    return list(tomllib.loads(text)["house_rules"]["rules"])


@pytest.mark.parametrize("voice", [CRACK_LIST, SHORT_LIST, SCATTERGORIES])
def test_the_judges_rules_follow_the_games_own(voice: GameVoice) -> None:
    rules = Phrasebook("en", game=voice).house_rules
    shared = judge_rules("en")
    assert rules[-len(shared):] == shared
    assert len(rules) > len(shared)
    assert any("2002 is not 2004" in rule for rule in rules)


def test_the_judges_rules_are_said_in_french_too() -> None:
    assert len(judge_rules("fr")) == len(judge_rules("en"))
    assert all("Je" in rule or "Les" in rule for rule in judge_rules("fr"))
