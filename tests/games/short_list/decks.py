"""Short List decks written for tests (to a temporary file, as --deck reads them)."""

from __future__ import annotations

GERMANY = '''[deck]
game = "short-list"
lang = "en"
name = "One card"

[[questions]]
id = "t-001"
question = "Name a country that shares a land border with Germany."
answers = ["Denmark", "Poland", "Czech Republic | Czechia", "Austria", "Switzerland", "France",
           "Luxembourg", "Belgium", "Netherlands | Holland | The Netherlands"]
'''
"""One card: the countries that share a land border with Germany."""
