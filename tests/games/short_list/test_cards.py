"""The question cards a Short List table plays: the shipped decks, the players' own, and the
errors that say what to fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from host.core.protocols import SetupError
from host.games.short_list.cards import question_cards

OWN_DECK = """\
[deck]
game = "short-list"
lang = "en"
name = "Our own"

[[questions]]
id = "own-001"
question = "Name a day of the week."
answers = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
"""


def test_the_shipped_deck_gives_its_190_questions() -> None:
    cards = question_cards()
    assert len(cards) == 190
    assert len({card.id for card in cards}) == 190
    assert all(len(card.answers) >= 7 for card in cards)


def test_an_extra_deck_file_or_folder_adds_its_questions(tmp_path: Path) -> None:
    (tmp_path / "own.toml").write_text(OWN_DECK)
    with_file = question_cards("en", [str(tmp_path / "own.toml")])
    with_folder = question_cards("en", [str(tmp_path)])
    assert len(with_file) == len(with_folder) == 191
    only_own = question_cards("en", [str(tmp_path)], shipped=False)
    assert [card.id for card in only_own] == ["own-001"]


def test_a_missing_path_is_named_with_what_to_do(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.toml"
    with pytest.raises(SetupError, match=r"nowhere\.toml: no such deck file or folder: check"):
        question_cards("en", [str(missing)])


def test_a_broken_deck_file_names_the_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text(OWN_DECK.replace('answers = ["Monday"', 'answers = "Monday"\nx = ["'))
    with pytest.raises(SetupError, match=r"broken\.toml") as caught:
        question_cards("en", [str(broken)])
    assert "fix the deck" in str(caught.value)


def test_a_path_without_a_short_list_deck_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "french.toml"
    other.write_text(OWN_DECK.replace('lang = "en"', 'lang = "fr"'))
    with pytest.raises(SetupError, match=r"french\.toml: no Short List deck in 'en' there"):
        question_cards("en", [str(other)])


def test_no_questions_at_all_is_refused() -> None:
    with pytest.raises(SetupError, match="no Short List questions found for language 'en'"):
        question_cards("en", [], shipped=False)
