"""The Crack List transitions as data: every name they use exists, every state is reached."""

from __future__ import annotations

import typing
from collections.abc import Iterator

from host.games.crack_list import cards
from host.games.crack_list.events import (
    Answer,
    ChooseCategory,
    CrackListEvent,
    Penalise,
    PlayStop,
)
from host.games.crack_list.flow import ACTS, TRANSITIONS, TRIGGERS
from host.games.crack_list.rules import CrackListGame, State
from tests.games.crack_list.conftest import FILMS, TableFactory

CALLBACK_KEYS = ("prepare", "conditions", "unless", "before", "after")


def callbacks() -> Iterator[str]:
    """Every callback name the transitions give."""
    for row in TRANSITIONS:
        for key in CALLBACK_KEYS:
            names = row.get(key) or []
            yield from [names] if isinstance(names, str) else names


def test_every_callback_is_a_method_of_the_game_or_a_trigger() -> None:
    triggers = {row["trigger"] for row in TRANSITIONS}
    missing = {name for name in callbacks() if name not in triggers}
    missing -= {name for name in missing if callable(getattr(CrackListGame, name, None))}
    assert not missing


def test_every_event_fires_a_declared_trigger() -> None:
    events = set(typing.get_args(CrackListEvent))
    assert set(TRIGGERS) == events
    triggers = {row["trigger"] for row in TRANSITIONS}
    assert set(TRIGGERS.values()) <= triggers
    assert set(ACTS) <= triggers


def test_every_state_is_reached_and_all_but_the_end_hear_the_clock() -> None:
    dests = {row["dest"] for row in TRANSITIONS}
    assert set(State) - {State.CHOOSING} <= dests  # CHOOSING is also where a game starts
    for state in set(State) - {State.OVER}:
        assert any(
            row["trigger"] == "time_up" and row["source"] == state for row in TRANSITIONS
        ), state
    assert not any(State.OVER in _sources(row["source"]) for row in TRANSITIONS)


def _sources(source: object) -> list[object]:
    return list(source) if isinstance(source, list) else [source]


def test_the_next_player_waits_for_a_jokers_penalty_decision(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, [cards.JOKER, "A"])
    t(Answer("Bob", "Quiz Show", joker=True))  # an optional penalty: Bob's decision
    game = t.game
    token = game.timer_token
    assert game.expected_player() == "Bob"
    t.rig(2, ["A", "B"])
    t(Answer("Cat", "Alien"))
    assert t.note("refused").params == {"reason": "waiting_for_penalty_choice", "player": "Bob"}
    assert game.state is State.ANSWERED and game.timer_token == token
    assert game.pending is not None and game.pending.seat == 1
    t(Penalise("Bob", ()))
    assert t.kinds()[:3] == ["penalty_declined", "turn", "timer"]
    t(Answer("Cat", "Alien"))
    assert "answer_accepted" in t.kinds() and game.expected_player() == "Ann"


def test_whoever_owes_a_penalty_is_asked_for_it_and_the_others_wait(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, ["F", "A"])
    t(Answer("Bob", "Frozen"))  # a plus letter: Bob hands out the penalty
    t(Answer("Bob", "for Annie"))  # a penalty to nobody at the table
    assert t.note("refused").params == {"reason": "give_penalty_first", "player": "Bob",
                                        "penalty": 1}
    t(Answer("Cat", "Alien"))
    assert t.note("refused").params == {"reason": "waiting_for_penalty", "player": "Bob"}


def test_a_letter_said_alone_is_asked_for_its_answer_and_costs_nothing(
        table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, ["U", "A"])
    game = t.game
    token = game.timer_token
    t(Answer("Bob", "", letter="U"))
    assert t.note("refused").params == {"reason": "card_alone", "player": "Bob",
                                        "card": "U"}
    assert game.state is State.TURN and game.timer_token == token
    assert sorted(game.hands[1]) == ["A", "U"]
    t(Answer("Bob", "Up", letter="U"))
    assert "answer_accepted" in t.kinds()


def test_a_fourth_category_is_refused_with_how_many_there_are(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", 4))
    assert t.note("refused").params == {"reason": "no_such_category", "player": "Ann",
                                        "choice": 4}
    assert t.game.state is State.CHOOSING


def test_a_move_out_of_its_moment_is_refused_to_the_one_who_made_it(table: TableFactory) -> None:
    t = table()
    t(PlayStop("Bob"))  # Ann is still choosing the category
    assert t.note("refused").params == {"reason": "not_now_playstop", "state": "choosing",
                                        "player": "Bob"}
