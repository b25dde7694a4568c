"""Random event streams, legal or not, never break a Short List game."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host.core.events import TimeUp, make_seats
from host.decks import QuestionCard
from host.games.short_list.cards import question_cards
from host.games.short_list.checks import ShortListReferee, table_problems
from host.games.short_list.config import ShortListConfig
from host.games.short_list.events import Answer, Jump, Pass, ShortListEvent
from host.games.short_list.rules import ShortListGame
from host.judge import Judge

NAMES = ["Ann", "Bob", "Cat", "Dan", "Zed"]  # Zed is not at the table
PLAYERS = [*NAMES, "@turn", "@turn", "@turn"]
"""Who acts: "@turn" the guesser on turn (so that streams get on), else a name."""
TEXTS = ["@right", "@alias", "@found", "Atlantis", "", "Denmark", "the", "Paris"]
"""What is said: "@right" one of the card's answers, "@alias" one of its aliases (or an
answer), "@found" one found already this round (or an answer); the others as they are."""
TOKENS = ["current", "stale", "future"]

Spec = tuple[str, str, str, int]
"""An event to build against the game as it stands: kind, player, text, a pick."""

specs = st.tuples(st.sampled_from(["answer", "pass", "jump", "time_up"]),
                  st.sampled_from(PLAYERS), st.sampled_from(TEXTS + TOKENS),
                  st.integers(0, 30))


@pytest.fixture(scope="module")
def questions() -> list[QuestionCard]:
    """A few shipped cards (every game sees them all, the judge's index stays small)."""
    return question_cards()[:12]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(stream=st.lists(specs, min_size=10, max_size=150), seed=st.integers(0, 2**16),
       players=st.integers(3, 4), host=st.booleans())
def test_any_event_stream_keeps_the_game_sound(
        judge: Judge, questions: list[QuestionCard], stream: list[Spec], seed: int,
        players: int, host: bool) -> None:
    config = ShortListConfig(make_seats(NAMES[:players]), first=seed % players,
                             host_quizmaster=host, host_rounds=3 if host else None)
    game = ShortListGame(config, questions, judge, random.Random(seed))
    referee = ShortListReferee(game)
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
        assert table_problems(game) == []


def build(game: ShortListGame, spec: Spec) -> ShortListEvent:
    """The event `spec` describes, its text and timer taken from the game as it stands."""
    kind, player, text, pick = spec
    if player == "@turn":
        player = game.expected_player() or "Ann"
    if kind == "time_up":
        offset = {"current": 0, "stale": -1 - pick % 3, "future": 1 + pick % 3}.get(text, 0)
        return TimeUp(game.timer_token + offset)
    if kind == "pass":
        return Pass(player)
    said = say(game, text, pick)
    return Jump(player, said) if kind == "jump" else Answer(player, said)


def say(game: ShortListGame, text: str, pick: int) -> str:
    """The words `text` stands for on the card in play."""
    card = game.card
    if card is None or not text.startswith("@"):
        return text
    entry = card.answers[pick % len(card.answers)]
    if text == "@alias" and entry.aliases:
        return entry.aliases[pick % len(entry.aliases)]
    if text == "@found" and game.given:
        return game.given[pick % len(game.given)].upper()
    return entry.text


def snapshot(game: ShortListGame) -> tuple[object, ...]:
    """Everything a refused event must leave as it was."""
    return (
        game.state, list(game.blue), list(game.orange), list(game.its_my_turn),
        game.cards_in_box, game.stock_blue, game.stock_orange, game.winner_crystals,
        game.host_blue, game.round_no, game.quizmaster, game.card, game.guesser,
        set(game.out), list(game.given), game.timer_token, [card.id for card in game.pile],
        game.winners,
    )
