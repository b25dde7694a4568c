"""What can be said to the host in the lobby (start a game, resume, ask what it plays) and how
it is read back: one list of phrases for the recognizer, one parser, no I/O."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from host.core.talk import (
    FRENCH_NUMBER_WORDS,
    FRENCH_NUMBERS,
    HEARD_NUMBERS,
    HOST_NAMES,
    NUMBER_WORDS,
    clean,
    without_host_name,
)


@dataclass(frozen=True)
class Requests:
    """One language's requests to the lobby, as offered to the recognizer."""

    play: tuple[str, ...]
    """Start a game: "let's play {title}"."""
    with_players: str
    """Start a game for a number of players: "let's play {title} with {n} players"."""
    resume: tuple[str, ...]
    list_games: tuple[str, ...]
    number_words: tuple[str, ...]
    numbers: Mapping[str, int]
    """Number words as heard (cleaned), and digits."""


REQUESTS = {
    "en": Requests(
        play=("let's play {title}", "play {title}"),
        with_players="let's play {title} with {n} players",
        resume=("resume the game", "carry on with the game", "continue the game"),
        list_games=("what can we play", "what games can we play", "what games do you have"),
        number_words=NUMBER_WORDS, numbers=HEARD_NUMBERS),
    "fr": Requests(
        play=("on joue à {title}", "jouons à {title}"),
        with_players="on joue à {title} à {n}",
        resume=("on reprend la partie", "reprends la partie", "on continue la partie"),
        list_games=("à quoi on peut jouer", "à quoi on joue", "quels jeux tu connais"),
        number_words=FRENCH_NUMBER_WORDS, numbers=FRENCH_NUMBERS),
}
"""The lobby's requests in each language it listens in (`partyhost serve --lang`)."""


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


def bare_phrases(tables: Mapping[str, Table], lang: str = "en") -> list[str]:
    """The lobby's requests in `lang` without the host's name before them."""
    said = REQUESTS[lang]
    phrases = [verb.format(title=table.title) for table in tables.values() for verb in said.play]
    phrases += [said.with_players.format(title=table.title, n=said.number_words[n])
                for table in tables.values() for n in range(table.fewest, table.most + 1)
                if n < len(said.number_words)]
    return [*phrases, *said.resume, *said.list_games]


def lobby_phrases(tables: Mapping[str, Table], lang: str = "en") -> list[str]:
    """Every phrase offered to the recognizer in the lobby: each request, bare and after the
    host's name ("Party Host, let's play Crack List")."""
    bare = bare_phrases(tables, lang)
    return [*bare, *(f"{name}, {phrase}" for name in HOST_NAMES for phrase in bare)]


def _pattern(template: str) -> str:
    """A request's template as a pattern on cleaned words: the title and the number as
    groups ("let's play {title} with {n} players")."""
    marked = clean(template.replace("{title}", "GAMETITLE").replace("{n}", "PLAYERCOUNT"))
    return re.escape(marked).replace("gametitle", "(?P<title>.+?)").replace(
        "playercount", r"(?P<n>\w+)")


def parse(text: str, tables: Mapping[str, Table], lang: str = "en") -> LobbyIntent | None:
    """The request these words make in `lang`, or None when they make none."""
    said = REQUESTS[lang]
    words = clean(without_host_name(text))
    if words in map(clean, said.resume):
        return Resume()
    if words in map(clean, said.list_games):
        return ListGames()
    titles = {clean(table.title): table.name for table in tables.values()}
    for template in (said.with_players, *said.play):
        found = re.fullmatch(_pattern(template), words)
        if not found or found.group("title") not in titles:
            continue
        if "n" not in found.groupdict():
            return Start(titles[found.group("title")])
        if found.group("n") in said.numbers:
            return Start(titles[found.group("title")], said.numbers[found.group("n")])
    return None
