"""Short List as the registry knows it: its name, lines, events and table set-up."""

from __future__ import annotations

from host.core.protocols import GameKind
from host.games.short_list.announce import VOICE
from host.games.short_list.bots import voice_bots
from host.games.short_list.events import Answer, Jump, ShortListEvent
from host.games.short_list.kinds import NoteKind
from host.games.short_list.rules import ShortListGame
from host.games.short_list.setup import (
    PLAY_OPTIONS,
    ShortListOptions,
    build_session,
    demo_options,
    options_from_args,
)
from host.games.short_list.talk import same_move


def answer_is_right(move: object, game: ShortListGame) -> bool:
    """The move is a guess the rules would take as right now (on the card, not found yet)."""
    return isinstance(move, Answer | Jump) and game.answer_is_right(move)


SHORT_LIST = GameKind(
    name="short-list",
    title="Short List",
    voice=VOICE,
    events=ShortListEvent.__args__,
    options_from_args=options_from_args,
    options_from_json=ShortListOptions.from_json,
    new_session=build_session,
    voice_bots=voice_bots,
    same_move=same_move,
    play_options=PLAY_OPTIONS,
    demo_options=demo_options,
    answer_is_right=answer_is_right,
    costly=frozenset({NoteKind.ANSWER_WRONG, NoteKind.ANSWER_REPEAT, NoteKind.PASS}),
    rewarding=frozenset({NoteKind.ANSWER_RIGHT}),
)
