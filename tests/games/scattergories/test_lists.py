"""The category lists a Scattergories table plays: the shipped deck, the players' own, and the
errors that say what to fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from host.core.protocols import SetupError
from host.games.scattergories.lists import category_lists, pick_list

CATEGORIES = "\n".join(f"""
[[lists.categories]]
id = "own-{i}"
title = "Own category {i}"
""" for i in range(1, 13))
OWN_DECK = f"""\
[deck]
game = "scattergories"
lang = "en"
name = "Our own"

[[lists]]
id = "own-list"
{CATEGORIES}
"""


def test_the_shipped_deck_gives_twelve_lists_of_twelve() -> None:
    lists = category_lists()
    assert len(lists) == 12
    assert [lst.id for lst in lists] == [f"list-{n:02d}" for n in range(1, 13)]
    assert all(len(lst.categories) == 12 for lst in lists)
    assert lists[0].categories[0].title == "Animals"


def test_an_extra_deck_file_or_folder_adds_its_lists(tmp_path: Path) -> None:
    (tmp_path / "own.toml").write_text(OWN_DECK)
    with_file = category_lists("en", [str(tmp_path / "own.toml")])
    with_folder = category_lists("en", [str(tmp_path)])
    assert len(with_file) == len(with_folder) == 13
    assert with_file[12].id == "own-list"
    only_own = category_lists("en", [str(tmp_path)], shipped=False)
    assert [lst.id for lst in only_own] == ["own-list"]


def test_a_missing_path_is_named_with_what_to_do(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.toml"
    with pytest.raises(SetupError, match=r"nowhere\.toml: no such deck file or folder: check"):
        category_lists("en", [str(missing)])


def test_a_broken_deck_file_names_the_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text(OWN_DECK.replace('id = "own-list"', 'id = ["own-list"'))
    with pytest.raises(SetupError, match=r"broken\.toml") as caught:
        category_lists("en", [str(broken)])
    assert "fix the deck" in str(caught.value)


def test_a_list_without_twelve_categories_is_a_broken_deck(tmp_path: Path) -> None:
    short = tmp_path / "short.toml"
    short.write_text(OWN_DECK.split("[[lists.categories]]\nid = \"own-7\"")[0])
    with pytest.raises(SetupError, match=r"short\.toml.*6 categories, a list has 12"):
        category_lists("en", [str(short)])


def test_a_path_without_a_scattergories_deck_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "french.toml"
    other.write_text(OWN_DECK.replace('lang = "en"', 'lang = "fr"'))
    with pytest.raises(SetupError, match=r"french\.toml: no Scattergories deck in 'en' there"):
        category_lists("en", [str(other)])


def test_no_lists_at_all_is_refused() -> None:
    with pytest.raises(SetupError, match="no Scattergories lists found for language 'en'"):
        category_lists("en", [], shipped=False)


def test_a_list_is_picked_by_its_number() -> None:
    lists = category_lists()
    assert pick_list(lists, 12).id == "list-12"
    with pytest.raises(SetupError, match="there is no list 13: choose a list from 1 to 12"):
        pick_list(lists, 13)
    with pytest.raises(SetupError, match="there is no list 0"):
        pick_list(lists, 0)
