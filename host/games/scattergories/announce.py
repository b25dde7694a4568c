"""How the host words Scattergories' notes: which line a note is said with, and how lists,
scores, letters and times sound."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from host.core.events import Note
from host.core.phrasebook import GameVoice, is_team, seat_name, seats_list, spoken_list
from host.core.talk import number_word
from host.games.scattergories.notes import NoteKind
from host.judge import JUDGE_LINES

SPOKEN_VARIANT = frozenset({NoteKind.GAME_STARTED, NoteKind.WRITING_STARTED,
                            NoteKind.PENCILS_DOWN, NoteKind.CATEGORY})
"""The notes with a "spoken_answers" param: each has a "<kind>_spoken" line for the paper-free
variant (players say their answers, unwritten)."""
TIE_BREAK_VARIANT = frozenset({NoteKind.ROUND_STARTED, NoteKind.ROUND_TOTAL,
                               NoteKind.GAME_WON})
"""The notes with a "tie_break" param: each has a "<kind>_tie_break" line for a tie-break
round."""


def line_keys(note: Note) -> list[str]:
    """The line a note is said with: its kind, or a variant of it (see the sets above and
    `_variant`)."""
    params, kind = note.params, str(note.kind)
    if kind in SPOKEN_VARIANT and params.get("spoken_answers"):
        return [f"{kind}_spoken"]
    if kind in TIE_BREAK_VARIANT and params.get("tie_break"):
        return [f"{kind}_tie_break"]
    return [_variant(kind, params)]


def _variant(kind: str, params: Mapping[str, Any]) -> str:
    """The variant a note's params call for: a letter the host chose, a blank or an answer
    off the key letter read back, a challenge the list settles, an answer voted down, an
    empty answer to a question, no points yet, the situation of each moment."""
    if kind == NoteKind.SITUATION:
        return "situation_over" if params.get("game_over") else f"situation_{params['state']}"
    variants: dict[str, tuple[Callable[[], bool], str]] = {
        NoteKind.LETTER_CHOSEN: (lambda: bool(params.get("by_host")), "host"),
        NoteKind.ANSWER_READ: (lambda: bool(params.get("blank")), "blank"),
        NoteKind.CHALLENGE_SETTLED: (lambda: params.get("accepted") is False, "falls"),
        NoteKind.ANSWER_UNFIT_0: (lambda: params.get("reason") == "vote", "vote"),
        NoteKind.KEY_LETTER: (lambda: params.get("letter") is None, "none"),
        NoteKind.ANSWERS_SO_FAR: (lambda: not params.get("answers"), "none"),
        NoteKind.SCORE: (lambda: not any(dict(params.get("points") or {}).values()), "none"),
    }
    if kind == NoteKind.ANSWER_READ and params.get("letter_ok") is False \
            and not params.get("blank"):
        return f"{kind}_off_letter"
    applies, suffix = variants.get(kind, (lambda: False, ""))
    return f"{kind}_{suffix}" if applies() else kind


def points_text(points: Mapping[str, int]) -> str:
    """ "Ann 5, Bob 3 and Cat 1"; teams named as teams ("Team Ann and Bob 5, and Cat 3")."""
    if any(is_team(name) for name in points):
        return spoken_list([f"Team {seat_name(name)} {won}" for name, won in points.items()],
                           serial=True)
    return spoken_list([f"{name} {won}" for name, won in points.items()])


def seconds_text(seconds: float) -> str:
    """ "two and a half minutes", "one minute", "90 seconds", "10 seconds"."""
    whole = round(seconds)
    if whole >= 60 and whole % 30 == 0:
        minutes, half = divmod(whole, 60)
        count = "one minute" if minutes == 1 else f"{number_word(minutes)} minutes"
        if not half:
            return count
        return f"{number_word(minutes)} and a half minutes" if minutes > 1 else \
            "a minute and a half"
    return "one second" if whole == 1 else f"{whole} seconds"


def numbered(titles: list[str]) -> str:
    """ "one: Animals, two: Foods and three: Toys" (the list read out)."""
    return spoken_list([f"{number_word(i + 1)}: {title}" for i, title in enumerate(titles)])


def answers_text(answers: Mapping[str, str]) -> str:
    """ "Ann: Penguin, Bob: blank": the answers read so far, by player."""
    return spoken_list([f"{seat_name(name)}: {text or 'blank'}"
                        for name, text in answers.items()])


def spoken_params(params: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """Lists, scores and times as the lines say them (in English, the only language
    Scattergories is hosted in)."""
    for name in ("points", "totals"):
        if isinstance(params.get(name), dict):
            params[f"{name}_text"] = points_text(params[name])
    if isinstance(params.get("categories"), list):
        params["categories_text"] = numbered(params["categories"])
        params["count"] = len(params["categories"])
    if isinstance(params.get("answers"), dict):
        params["answers_text"] = answers_text(params["answers"])
    if isinstance(params.get("waiting"), list):
        params["waiting_text"] = seats_list(params["waiting"]) or "nobody"
    if isinstance(params.get("used"), list):
        params["used_text"] = spoken_list(params["used"]) or "none yet"
    seconds = params.get("seconds")
    if isinstance(seconds, int | float) and not isinstance(seconds, bool):
        params["seconds_text"] = seconds_text(seconds)
    return params


PEOPLE = ("player", "roller", "asker", "target", "first", "turn")
"""The params of Scattergories' notes and refusals that name a seat."""

VOICE = GameVoice("host.games.scattergories.lines", line_keys, spoken_params, PEOPLE,
                  shared=(JUDGE_LINES,))
