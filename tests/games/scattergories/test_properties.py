"""Random event streams, legal or not, never break a Scattergories game."""

from __future__ import annotations

import random
from copy import deepcopy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host.core.events import TimeUp, make_seats
from host.decks import CategoryList
from host.games.scattergories.checks import ScattergoriesReferee
from host.games.scattergories.config import ScattergoriesConfig
from host.games.scattergories.events import (
    AgreeMoreTime,
    AskMoreTime,
    Challenge,
    ChooseLetter,
    ReadAnswer,
    ScattergoriesEvent,
    Vote,
)
from host.games.scattergories.lists import category_lists
from host.games.scattergories.rules import ScattergoriesGame
from host.judge import Judge

NAMES = ["Ann", "Bob", "Cat", "Dan", "Zed"]  # Zed is not at the table
PLAYERS = [*NAMES, "@turn", "@turn", "@turn"]
"""Who acts: "@turn" the player the game awaits (so that streams get on), else a name."""
TEXTS = ["@known", "@other", "@copy", "Plorbix", "", "the", "Paris", "P", "*", "q"]
"""What is said: "@known" a known answer with the key letter, "@other" one of the category's
answers, "@copy" an answer read already to this category; the others as they are."""
TOKENS = ["current", "current", "stale", "future"]
KINDS = ["choose", "ask", "agree", "read", "read", "challenge", "vote", "time_up", "time_up"]

Spec = tuple[str, str, str, int]
"""An event to build against the game as it stands: kind, player, text, a pick."""

specs = st.tuples(st.sampled_from(KINDS), st.sampled_from(PLAYERS),
                  st.sampled_from(TEXTS + TOKENS), st.integers(0, 30))


@pytest.fixture(scope="module")
def judge() -> Judge:
    """The real judge."""
    return Judge()


@pytest.fixture(scope="module")
def lists() -> list[CategoryList]:
    """The shipped English lists."""
    return category_lists()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(stream=st.lists(specs, min_size=10, max_size=200), seed=st.integers(0, 2**16),
       players=st.integers(2, 4), twelve=st.booleans())
def test_any_event_stream_keeps_the_game_sound(
        judge: Judge, lists: list[CategoryList], stream: list[Spec], seed: int,
        players: int, twelve: bool) -> None:
    config = ScattergoriesConfig(make_seats(NAMES[:players]), first=seed % players,
                                 categories=12 if twelve else 6, tie_break_rounds=1)
    game = ScattergoriesGame(config, lists, judge, random.Random(seed))
    referee = ScattergoriesReferee(game)
    game.start()
    for spec in stream:
        event = build(game, spec)
        referee.watch()
        before = snapshot(game)
        notes = game.handle(event)
        assert notes, "every event gets an answer"
        if notes[0].kind == "refused":
            assert len(notes) == 1 and notes[0].params["reason"]
            assert snapshot(game) == before, "a refused event changes nothing"
        assert referee.problems(notes) == []


def build(game: ScattergoriesGame, spec: Spec) -> ScattergoriesEvent:
    """The event `spec` describes, its text and timer taken from the game as it stands."""
    kind, player, text, pick = spec
    if player == "@turn":
        player = game.expected_player() or game.seats[pick % len(game.seats)].name
    if kind == "time_up":
        offset = {"stale": -1 - pick % 3, "future": 1 + pick % 3}.get(text, 0)
        return TimeUp(game.timer_token + offset)
    if kind == "choose":
        return ChooseLetter(player, text or "B")
    if kind == "ask":
        return AskMoreTime(player)
    if kind == "agree":
        return AgreeMoreTime(player, pick % 4 != 0)
    if kind == "vote":
        return Vote(player, pick % 2 == 0)
    if kind == "challenge":
        return Challenge(player, game.seats[pick % len(game.seats)].name)
    return ReadAnswer(player, say(game, text, pick))


def say(game: ScattergoriesGame, text: str, pick: int) -> str:
    """The words `text` stands for in the category being read."""
    category = game.category
    if category is None or not text.startswith("@"):
        return text
    answers = [entry.text for entry in category.answers] or ["Pangolin", "Pizza", "Tiger"]
    if text == "@known":
        keyed = [a for a in answers if a[0] == game.letter] or answers
        return keyed[pick % len(keyed)]
    read = [a for a in game.sheet[game.category_index].values() if a]
    if text == "@copy" and read:
        return read[pick % len(read)].upper()
    return answers[pick % len(answers)]


def snapshot(game: ScattergoriesGame) -> tuple[object, ...]:
    """Everything a refused event must leave as it was."""
    return deepcopy((
        game.state, game.letter, game.used_letters, game.round_no, game.roller, game.playing,
        game.totals, game.round_points, game.timer_token, game.timer_name, game.request,
        game.asker, game.extension_due, game.extensions_left, game.category_index, game.order,
        game.reader_pos, game.sheet, game.challenged, game.rejected, game.scores, game.target,
        game.votes, game.winners, game.rng.getstate(),
    ))
