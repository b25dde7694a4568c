"""A Colours session for the core's tests: the game, its talk, questions and lines, on a fake
clock, saved when a file is given."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from host.clock import FakeClock
from host.core.autosave import SavedOptions, saving
from host.core.events import make_seats
from host.core.phrasebook import GameVoice, Phrasebook, spoken_list
from host.core.session import Line, Session
from tests.core.fakegame.rules import ColourGame
from tests.core.fakegame.talk import ColourQuestions, ColourTalk


def spoken_params(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """The score as the lines say it ("Ann 1, Bob 0 and Cat 0")."""
    score = params.get("score")
    if isinstance(score, dict):
        params["score_text"] = spoken_list([f"{name} {won}" for name, won in score.items()])
    return params


VOICE = GameVoice("tests.core.fakegame", derive=spoken_params, people=("player", "caller"))


@dataclass(frozen=True)
class ColourOptions(SavedOptions):
    """A Colours table: who plays, the secret colour, and whether any colour may be named."""

    players: list[str] = field(default_factory=lambda: ["Ann", "Bob", "Cat"])
    secret: str = "gold"
    open_palette: bool = True


class ColourSession(Session):
    """The core session, its game and questions known to be Colours'."""

    game: ColourGame
    questions: ColourQuestions


def new_session(clock: FakeClock | None = None, *, options: ColourOptions | None = None,
                save: Path | None = None, events: Sequence[Any] = ()) -> ColourSession:
    """A Colours session (saved in `save` when given, replaying `events` first), not started."""
    options = options or ColourOptions()
    game = ColourGame(make_seats(options.players), secret=options.secret,
                      open_palette=options.open_palette)
    return ColourSession(game, ColourTalk(game), ColourQuestions(game),
                   Phrasebook(rng=random.Random(1), game=VOICE), clock or FakeClock(),
                   autosave=saving(game, options, save, events))


def started(clock: FakeClock | None = None, **options: Any) -> ColourSession:
    """A started Colours session: Ann on turn, her 20 seconds running."""
    session = new_session(clock, options=ColourOptions(**options))
    session.start()
    return session


def texts(lines: Sequence[Line]) -> str:
    """The host's lines as one string."""
    return " | ".join(line.text for line in lines)


def kinds(lines: Sequence[Line]) -> list[str]:
    """The kinds of the host's lines."""
    return [line.kind for line in lines]
