"""Crack List as the registry knows it: its name, lines, events and table set-up."""

from __future__ import annotations

from host.core.protocols import GameKind
from host.games.crack_list.announce import VOICE
from host.games.crack_list.bots import voice_bots
from host.games.crack_list.events import CrackListEvent
from host.games.crack_list.setup import (
    PLAY_OPTIONS,
    TableOptions,
    build_session,
    demo_options,
    options_from_args,
)
from host.games.crack_list.talk import same_move

CRACK_LIST = GameKind(
    name="crack-list",
    title="Crack List",
    voice=VOICE,
    events=CrackListEvent.__args__,
    options_from_args=options_from_args,
    options_from_json=TableOptions.from_json,
    new_session=build_session,
    voice_bots=voice_bots,
    same_move=same_move,
    play_options=PLAY_OPTIONS,
    demo_options=demo_options,
)
