"""How the host words Crack List's notes: which lines a note is said with, and how cards sound."""

from __future__ import annotations

from typing import Any

from host.core.events import Note
from host.core.phrasebook import GameVoice, spoken_list
from host.games.crack_list.cards import ACTIONS
from host.games.crack_list.notes import PENALTY_NOTES, NoteKind
from host.judge import JUDGE_LINES, Reason


def card_name(card: str) -> str:
    """How a card is said: "J", "Joker", "Crack List"."""
    return card.replace("_", " ").title() if card in ACTIONS else card


def line_keys(note: Note) -> list[str]:
    """The lines a note is said with: its variant for the case, and a last-card warning."""
    params, kind = note.params, note.kind
    key = kind
    if kind == NoteKind.ANSWER_ACCEPTED and params.get("unverified"):
        key = "answer_unverified"
    elif kind == NoteKind.ASK_PENALTY and params.get("optional"):
        key = "ask_penalty_offered" if params.get("target") else "ask_penalty_optional"
    elif kind == NoteKind.ANSWER_WRONG and params.get("reason") == Reason.WRONG_LETTER \
            and params.get("letters") and params.get("letter"):
        key = "answer_wrong_letter"
    elif kind in PENALTY_NOTES.values() and params.get("automatic"):
        key = "penalty_auto"
    elif kind in (NoteKind.VOTE_OPEN, NoteKind.VOTE_ON_REFUSAL) and params.get("voter"):
        key = f"{kind}_one"
    elif kind == NoteKind.CATEGORY_CARD and params.get("physical"):
        key = "category_card_physical"
    if kind == NoteKind.ANSWER_ACCEPTED and params.get("cards") == 1:
        return [key, "last_card"]
    return [key]


def spoken_params(params: dict[str, Any]) -> dict[str, Any]:
    """Cards as they are said, for the lines that read a hand or name a card."""
    if isinstance(params.get("cards"), list):
        params["cards_text"] = spoken_list([card_name(c) for c in params["cards"]]) or "none"
    if isinstance(params.get("card"), str):
        params["card_name"] = card_name(params["card"])
    return params


PEOPLE = ("player", "chooser", "winner", "target", "skipped", "caller", "turn", "answerer",
          "voter")
"""The params of Crack List's notes and refusals that name a seat."""

VOICE = GameVoice("host.games.crack_list.lines", line_keys, spoken_params, PEOPLE,
                  shared=(JUDGE_LINES,))
