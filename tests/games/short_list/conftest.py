"""Short List test fixtures: the real judge, and the shipped English question cards."""

from __future__ import annotations

import pytest

from host.games.short_list.cards import QuestionCard, question_cards
from host.judge import Judge


@pytest.fixture(scope="module")
def judge() -> Judge:
    """The real judge."""
    return Judge()


@pytest.fixture(scope="module")
def questions() -> list[QuestionCard]:
    """The shipped English question cards (a test module may take fewer)."""
    return question_cards()
