"""Random event streams, legal or not, never break a Crack List game."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host.core.events import TimeUp, make_seats
from host.decks import CategoryCard
from host.games.crack_list.events import (
    Answer,
    CallCountdown,
    Challenge,
    ChooseCategory,
    Pass,
    Penalise,
    PlayCrackList,
    PlayReverse,
    PlayStop,
    PlaySwap,
    Vote,
)
from host.games.crack_list.rules import CrackListConfig, CrackListGame
from host.judge import Judge

NAMES = ["Ann", "Bob", "Cat", "Zed"]  # Zed is not at the table
CARD_NAMES = ["A", "J", "Q", "Z", "JOKER", "SWAP", "STOP", "XX"]
WORDS = ["Jaws", "Mars", "Pluto", "", "the godfather", "Zodiac", "Venus", "Blah", "Quiz Show"]

name = st.sampled_from(NAMES)
events = st.one_of(
    st.builds(ChooseCategory, name, st.integers(-1, 4)),
    st.builds(
        Answer,
        name,
        st.sampled_from(WORDS),
        st.one_of(st.none(), st.sampled_from(["A", "J", "M", "V", "Q", "?"])),
        st.booleans(),
    ),
    st.builds(PlayCrackList, name),
    st.builds(PlayStop, name),
    st.builds(PlayReverse, name),
    st.builds(PlaySwap, name, name, st.one_of(st.none(), st.sampled_from(CARD_NAMES))),
    st.builds(Penalise, name, st.lists(st.tuples(name, st.integers(-1, 4)), max_size=4).map(tuple)),
    st.builds(Pass, name),
    st.builds(Challenge, name),
    st.builds(Vote, name, st.booleans()),
    st.builds(CallCountdown, name),
    st.builds(TimeUp, st.integers(0, 3)),
    st.just("current-timer"),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(stream=st.lists(events, max_size=80), seed=st.integers(0, 2**16), physical=st.booleans())
def test_any_event_stream_keeps_the_game_sound(
    red_cards: list[CategoryCard], judge: Judge, stream: list[object], seed: int, physical: bool
) -> None:
    config = CrackListConfig(make_seats(NAMES[:3]), cards="physical" if physical else "virtual")
    game = CrackListGame(config, red_cards, judge, random.Random(seed))
    game.start()
    for event in stream:
        if event == "current-timer":
            event = TimeUp(game.timer_token)
        before = snapshot(game)
        notes = game.handle(event)
        assert notes, "every event gets an answer"
        if notes[0].kind == "refused":
            assert len(notes) == 1 and notes[0].params["reason"]
            assert snapshot(game) == before, "a refused event changes nothing"
        assert game.check_invariants() == []
        assert game.check_last_round() == []


def snapshot(game: CrackListGame) -> tuple[object, ...]:
    """Everything a refused event must leave as it was."""
    return (
        game.state,
        [list(h) for h in game.hands],
        list(game.draw_pile),
        list(game.played),
        game.current,
        game.direction,
        game.pending,
        game.timer_token,
        list(game.given),
        dict(game.votes),
        game.category,
    )
