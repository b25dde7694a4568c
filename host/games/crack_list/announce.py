"""How the host words Crack List's notes: which lines a note is said with, and how cards sound."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from host.core.events import Note
from host.core.phrasebook import (
    GameVoice,
    agree,
    cards_phrase,
    is_team,
    seat_name,
    seats_list,
    spoken_list,
    with_article,
)
from host.core.talk import number_word
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
    """The spoken forms Crack List's lines use: cards as they are said (a hand, a card), the
    categories on offer numbered, penalty cards handed out, the score, letters."""
    if isinstance(params.get("cards"), list):
        params["cards_text"] = spoken_list([card_name(c) for c in params["cards"]]) or "none"
    if isinstance(params.get("card"), str):
        params["card_name"] = card_name(params["card"])
    if "titles" in params:
        numbered = [f"{number_word(i)}: {title}" for i, title in enumerate(params["titles"], 1)]
        params["titles_numbered"] = spoken_list(numbered, "or")
    if "penalty" in params:
        params["penalty_them"] = "it" if int(params["penalty"]) == 1 else "them"
    if "targets" in params:
        params.update(_targets_said(params["targets"]))
    if isinstance(params.get("score"), Mapping):
        params["score_text"] = _score_said(params["score"])
    if "letters" in params:
        letters = list(params["letters"])
        params["letters_text"] = spoken_list(letters, "or")
        params["a_letter_list"] = spoken_list([with_article(letter) for letter in letters], "or")
    return params


def _targets_said(targets: Sequence[tuple[str, int]]) -> dict[str, str]:
    """A penalty handed out: who takes how many ("Ann takes one card and Bob takes 2 cards"),
    who takes them, and how many in all."""
    taking = [f"{seat_name(name)} {agree(name, 'takes')} {cards_phrase(n)}"
              for name, n in targets]
    teams = any(is_team(name) for name, _ in targets)
    return {"target_list": spoken_list(taking, serial=teams),
            "target_names": seats_list([name for name, _ in targets]),
            "target_cards": cards_phrase(sum(n for _, n in targets))}


def _score_said(score: Mapping[str, int]) -> str:
    """The rounds won: "Ann 2, Bob 1 and Cat 0"; teams each named as one."""
    if any(is_team(name) for name in score):
        return spoken_list([f"Team {seat_name(name)} {won}" for name, won in score.items()],
                           serial=True)
    return spoken_list([f"{name} {won}" for name, won in score.items()])


PEOPLE = ("player", "chooser", "winner", "target", "skipped", "caller", "turn", "answerer",
          "voter")
"""The params of Crack List's notes and refusals that name a seat."""

VOICE = GameVoice("host.games.crack_list.lines", line_keys, spoken_params, PEOPLE,
                  shared=(JUDGE_LINES,))
