"""A whole three-round Crack List game played through the session as typed text."""

from __future__ import annotations

import random

from host.clock import FakeClock
from host.core.events import TimeUp
from host.games.crack_list.bots import BotSkills, BotTable
from host.games.crack_list.rules import State
from host.games.crack_list.setup import TableOptions, build_session


def test_bots_type_a_complete_game_and_the_host_understands_every_move() -> None:
    clock = FakeClock()
    session = build_session(
        TableOptions(players=["Ann", "Bob", "Cat", "Dan"], seed=11), clock, save=None
    )
    heard: list[object] = []
    session.on_event = lambda event, notes: heard.append(event)
    session.start()
    bots = BotTable(session.game, BotSkills(), random.Random(3))
    typed = understood = 0
    for _ in range(5000):
        if session.finished:
            break
        event = bots.next_event()
        if isinstance(event, TimeUp):
            clock.advance(session.seconds_to_next_tick() or 0.0)
            session.tick()
            continue
        speaker = event.player
        prefix = None if speaker == session.game.expected_player() else speaker
        before = len(heard)
        session.hear_words(session.talk.say(event, prefix=prefix))
        typed += 1
        understood += heard[before : before + 1] == [event]
    assert session.game.state is State.OVER
    assert session.game.round_no >= 3
    assert understood / typed > 0.97, (understood, typed)
