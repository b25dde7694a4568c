"""Scattergories as the registry knows it: its name, lines, events and table set-up."""

from __future__ import annotations

from host.core.protocols import GameKind
from host.games.scattergories.announce import VOICE
from host.games.scattergories.bots import voice_bots
from host.games.scattergories.events import ScattergoriesEvent
from host.games.scattergories.setup import (
    PLAY_OPTIONS,
    ScattergoriesOptions,
    build_session,
    demo_options,
    options_from_args,
)
from host.games.scattergories.talk import same_move

SCATTERGORIES = GameKind(
    name="scattergories",
    title="Scattergories",
    voice=VOICE,
    events=ScattergoriesEvent.__args__,
    options_from_args=options_from_args,
    options_from_json=ScattergoriesOptions.from_json,
    new_session=build_session,
    voice_bots=voice_bots,
    same_move=same_move,
    play_options=PLAY_OPTIONS,
    demo_options=demo_options,
)
