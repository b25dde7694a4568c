"""The user's folders follow the XDG base directories, each under partyhost/."""

from pathlib import Path

import pytest

from host.core.autosave import default_path
from host.decks import user_decks_dir
from host.dirs import user_dir
from host.speech.hearing_corpus import cache_dir


def test_each_kind_is_under_its_xdg_variable(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    for variable in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(variable, str(tmp_path / variable))
    assert cache_dir() == tmp_path / "XDG_CACHE_HOME" / "partyhost" / "hearing"
    assert user_decks_dir() == tmp_path / "XDG_CONFIG_HOME" / "partyhost" / "decks"
    assert user_dir("data", "models") == tmp_path / "XDG_DATA_HOME" / "partyhost" / "models"
    assert default_path("crack-list") == (
        tmp_path / "XDG_STATE_HOME" / "partyhost" / "crack-list.json")


def test_unset_or_empty_variables_fall_back_to_the_home_folder(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("XDG_STATE_HOME", "")
    assert user_dir("cache") == tmp_path / ".cache" / "partyhost"
    assert default_path("short-list") == tmp_path / ".local/state/partyhost/short-list.json"
