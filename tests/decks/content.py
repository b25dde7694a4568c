"""Checks shared by the deck content tests."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def repeated_answers(categories: Iterable[dict[str, Any]]) -> list[tuple[str, str]]:
    """(category id, answer) for each answer or alias said twice in one category, any case."""
    dupes = []
    for cat in categories:
        seen: set[str] = set()
        for answer in cat.get("answers", []):
            for text in answer.split(" | "):
                key = text.strip().casefold()
                if key in seen:
                    dupes.append((cat["id"], text))
                seen.add(key)
    return dupes
