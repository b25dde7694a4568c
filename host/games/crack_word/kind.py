"""Crack Word as the registry knows it: its name, lines, events and table set-up."""

from __future__ import annotations

from host.core.protocols import GameKind
from host.games.crack_word.announce import VOICE
from host.games.crack_word.bots import voice_bots
from host.games.crack_word.config import DEFAULT_LANG
from host.games.crack_word.events import CrackWordEvent
from host.games.crack_word.setup import (
    PLAY_OPTIONS,
    CrackWordOptions,
    build_session,
    demo_options,
    options_from_args,
)
from host.games.crack_word.talk import same_move

CRACK_WORD = GameKind(
    name="crack-word",
    title="Crack Word",
    voice=VOICE,
    events=CrackWordEvent.__args__,
    options_from_args=options_from_args,
    options_from_json=CrackWordOptions.from_json,
    new_session=build_session,
    voice_bots=voice_bots,
    same_move=same_move,
    play_options=PLAY_OPTIONS,
    demo_options=demo_options,
    default_lang=DEFAULT_LANG,
)
