"""What can be said to the host in the lobby (start a game, resume, ask what it plays) and how
it is read back: one list of phrases for the recognizer, one parser, no I/O."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from host.core.talk import HEARD_NUMBERS, clean, number_word

HOST_NAMES = ("party host", "hey party host")
"""The host's name, said before a start phrase or not."""
PLAY_VERBS = ("let's play", "play")
RESUME_PHRASES = ("resume the game", "carry on with the game", "continue the game")
LIST_PHRASES = ("what can we play", "what games can we play", "what games do you have")


@dataclass(frozen=True)
class Start:
    """Start a new game, for this many players when it was said."""

    game: str
    players: int | None = None


@dataclass(frozen=True)
class Resume:
    """Carry on with the stopped game."""


@dataclass(frozen=True)
class ListGames:
    """Say which games the host plays."""


LobbyIntent = Start | Resume | ListGames


@dataclass(frozen=True)
class Table:
    """What the lobby needs to know of one game: its spoken name and its number of seats."""

    name: str
    title: str
    fewest: int
    most: int


def bare_phrases(tables: Mapping[str, Table]) -> list[str]:
    """The lobby's requests without the host's name before them."""
    phrases = [f"{verb} {table.title}" for table in tables.values() for verb in PLAY_VERBS]
    phrases += [f"let's play {table.title} with {number_word(n)} players"
                for table in tables.values() for n in range(table.fewest, table.most + 1)]
    return [*phrases, *RESUME_PHRASES, *LIST_PHRASES]


def lobby_phrases(tables: Mapping[str, Table]) -> list[str]:
    """Every phrase offered to the recognizer in the lobby: each request, bare and after the
    host's name ("Party Host, let's play Crack List")."""
    bare = bare_phrases(tables)
    return [*bare, *(f"{name}, {phrase}" for name in HOST_NAMES for phrase in bare)]


def parse(text: str, tables: Mapping[str, Table]) -> LobbyIntent | None:
    """The request these words make, or None when they make none."""
    words = clean(text)
    for name in sorted(HOST_NAMES, key=len, reverse=True):
        if words.startswith(name + " "):
            words = words[len(name) + 1:]
            break
    if words in map(clean, RESUME_PHRASES):
        return Resume()
    if words in map(clean, LIST_PHRASES):
        return ListGames()
    match = re.fullmatch(r"(?:let'?s )?play (.+?)(?: with (\w+) players)?", words)
    if not match:
        return None
    game = next((t.name for t in tables.values() if clean(t.title) == match.group(1)), None)
    if game is None:
        return None
    players = HEARD_NUMBERS.get(match.group(2) or "")
    return Start(game, players if match.group(2) else None)
