"""How the host words Short List's notes: which line a note is said with, and how lists sound."""

from __future__ import annotations

from typing import Any

from host.core.events import Note
from host.core.phrasebook import GameVoice, agree, is_team, seat_name, spoken_list
from host.core.talk import number_word
from host.games.short_list.notes import NoteKind
from host.judge import JUDGE_LINES

TIMES = {1: "once", 2: "twice", 3: "three times"}
QUIZMASTER_NOTES = frozenset({
    NoteKind.GAME_STARTED, NoteKind.QUESTION, NoteKind.CRYSTAL_TO_QUIZMASTER,
    NoteKind.CRYSTAL_FROM_STOCK, NoteKind.ROUND_QUIZMASTER_TAKES, NoteKind.ROUND_SEVEN_FOUND,
    NoteKind.ROUND_NO_CRYSTALS, NoteKind.SCORE, NoteKind.SITUATION,
})
"""The notes that name the quizmaster ("quizmaster" param): each has a "<kind>_host" line for
when the host is the quizmaster (the param is None)."""


def line_keys(note: Note) -> list[str]:
    """The line a note is said with: its kind; "said_so_far_none" before any answer is found,
    followed by "said_wrong" once a guess was wrong, "situation_over" once the game is over,
    "who_is_like" for a name that looks like a player's, and "<kind>_host" for a note naming
    the quizmaster when the host is the quizmaster (the variant)."""
    params, kind = note.params, str(note.kind)
    if kind == NoteKind.SAID_SO_FAR:
        found = "said_so_far" if params.get("answers") else "said_so_far_none"
        return [found, "said_wrong"] if params.get("wrong") else [found]
    if kind == NoteKind.WHO_IS and params.get("like"):
        return ["who_is_like"]
    if kind == NoteKind.SITUATION and params.get("game_over"):
        return ["situation_over"]
    if kind in QUIZMASTER_NOTES and params.get("quizmaster", "") is None:
        return [f"{kind}_host"]
    return [kind]


def crystals_phrase(count: int) -> str:
    """ "no crystals", "one crystal", "3 crystals"."""
    if count == 0:
        return "no crystals"
    return "one crystal" if count == 1 else f"{count} crystals"


def its_my_turn_cards(count: int) -> str:
    """ "no It's my turn card", "one It's my turn card", "2 It's my turn cards"."""
    if count == 0:
        return "no It's my turn card"
    return "one It's my turn card" if count == 1 else f"{count} It's my turn cards"


def exchanges_text(exchanges: dict[str, int]) -> str:
    """ "Ann swaps five blue crystals for an orange one, and so does Bob"; "Ann swaps ten blue
    crystals for two orange ones, and Bob five for one"."""
    (first, orange), *others = exchanges.items()
    got = "an orange one" if orange == 1 else f"{number_word(orange)} orange ones"
    said = f"{seat_name(first)} {agree(first, 'swaps')} {number_word(5 * orange)} blue " \
           f"crystals for {got}"
    if not others:
        return said
    if all(count == orange for _, count in others):
        names = [seat_name(name) for name, _ in others]
        does = "does" if len(names) == 1 and not is_team(others[0][0]) else "do"
        return f"{said}, and so {does} {spoken_list(names)}"
    return spoken_list([said, *(f"{seat_name(name)} {number_word(5 * count)} for "
                                f"{number_word(count)}" for name, count in others)], serial=True)


def points_text(points: dict[str, int]) -> str:
    """ "Ann 5, Bob 3 and Cat 1": each player's points, in seat order."""
    return spoken_list([f"{seat_name(name)} {won}" for name, won in points.items()])


def spoken_params(params: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """Lists and counts as the lines say them: answers, players out, points, crystals (in
    English, the only language Short List is hosted in)."""
    answers = params.get("answers")
    if isinstance(answers, list):
        params["answers_text"] = spoken_list(answers)
    if isinstance(params.get("wrong"), list):
        params["wrong_text"] = spoken_list(params["wrong"])
    if isinstance(params.get("exchanges"), dict):
        params["exchanges_text"] = exchanges_text(params["exchanges"])
    if isinstance(params.get("people"), list):
        params["people_text"] = spoken_list(params["people"], "or")
    if isinstance(params.get("points"), dict):
        params["points_text"] = points_text(params["points"])
    if isinstance(params.get("out"), list):
        params["out_text"] = spoken_list([seat_name(n) for n in params["out"]]) or "nobody yet"
    if isinstance(params.get("tied"), list):
        params["tied_text"] = spoken_list([seat_name(n) for n in params["tied"]])
    for name in ("crystals", "left"):
        if isinstance(params.get(name), int):
            params[f"{name}_text"] = crystals_phrase(params[name])
    if isinstance(params.get("cards"), int):
        params["cards_text"] = its_my_turn_cards(params["cards"])
    if isinstance(params.get("times"), int):
        params["times_text"] = TIMES.get(params["times"], f"{params['times']} times")
    return params


PEOPLE = ("player", "quizmaster", "over", "turn")
"""The params of Short List's notes and refusals that name a seat."""

VOICE = GameVoice("host.games.short_list.lines", line_keys, spoken_params, PEOPLE,
                  shared=(JUDGE_LINES,))
