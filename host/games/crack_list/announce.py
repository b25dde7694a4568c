"""How the host words Crack List's notes: which lines a note is said with, and how cards,
penalties and scores sound in the phrasebook's language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from host.core.events import Note
from host.core.phrasebook import GameVoice
from host.core.spoken import (
    AND,
    OR,
    agree,
    cards_phrase,
    in_lang,
    is_team,
    said_number,
    seat_name,
    seats_list,
    spoken_list,
    team_name,
    with_article,
)
from host.games.crack_list.cards import CRACK_LIST, JOKER, REVERSE, STOP, SWAP
from host.games.crack_list.notes import PENALTY_NOTES, NoteKind
from host.judge import JUDGE_LINES, Reason

CARD_NAMES = {
    "en": {CRACK_LIST: "Crack List", JOKER: "Joker", STOP: "Stop", REVERSE: "Reverse",
           SWAP: "Swap"},
    "fr": {CRACK_LIST: "Crack List", JOKER: "Joker", STOP: "Stop", REVERSE: "Inversion",
           SWAP: "Échange"},
}
"""The action cards as the host names them; a letter card is its letter."""
NO_CARDS = {"en": "none", "fr": "aucune"}
"""A hand with no card in it."""
NUMBERED = {"en": "{n}: {title}", "fr": "{n} : {title}"}
"""One category of a red card, said with its number."""
THEM = {"en": ("it", "them"), "fr": ("la", "les")}
"""The penalty cards as the lines take them up again: one, more ("who gets it?", "à qui la
donnes-tu ?")."""
TAKES = {"en": "takes", "fr": "prend"}
"""The verb of a seat taking penalty cards ("Bob takes one card", "Bob prend une carte")."""
DIRECTIONS = {
    "fr": {"clockwise": "dans le sens des aiguilles d'une montre",
           "anticlockwise": "dans le sens inverse des aiguilles d'une montre"},
}
"""Which way play goes, where the language says it otherwise than the note ("clockwise")."""


def card_name(card: str, lang: str = "en") -> str:
    """How a card is said: "J", "Joker", "Crack List", "Inversion"."""
    return CARD_NAMES.get(lang, CARD_NAMES["en"]).get(card, card)


def line_keys(note: Note) -> list[str]:
    """The lines a note is said with: its variant for the case, and a last-card warning; none
    for a card drawn (the line that made the seat draw says so: "take a card", "Ann takes 2
    cards")."""
    params, kind = note.params, note.kind
    if kind == NoteKind.DRAW:
        return []
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


def spoken_params(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """The spoken forms Crack List's lines use, in the book's language: cards as they are said
    (a hand, a card), the categories on offer numbered, penalty cards handed out, the score,
    letters, the direction of play."""
    if isinstance(params.get("cards"), list):
        params["cards_text"] = spoken_list([card_name(c, lang) for c in params["cards"]],
                                           in_lang(AND, lang)) or in_lang(NO_CARDS, lang)
    if isinstance(params.get("card"), str):
        params["card_name"] = card_name(params["card"], lang)
    if "titles" in params:
        numbered = [in_lang(NUMBERED, lang).format(n=said_number(i, lang), title=title)
                    for i, title in enumerate(params["titles"], 1)]
        params["titles_numbered"] = spoken_list(numbered, in_lang(OR, lang))
    if "penalty" in params:
        one, more = THEM.get(lang, THEM["en"])
        params["penalty_them"] = one if int(params["penalty"]) == 1 else more
    if "targets" in params:
        params.update(_targets_said(params["targets"], lang))
    if isinstance(params.get("score"), Mapping):
        params["score_text"] = _score_said(params["score"], lang)
    if "letters" in params:
        letters = list(params["letters"])
        params["letters_text"] = spoken_list(letters, in_lang(OR, lang))
        params["a_letter_list"] = spoken_list([with_article(letter, lang) for letter in letters],
                                              in_lang(OR, lang))
    if isinstance(params.get("direction"), str):
        params["direction"] = DIRECTIONS.get(lang, {}).get(params["direction"],
                                                           params["direction"])
    return params


def _targets_said(targets: Sequence[tuple[str, int]], lang: str) -> dict[str, str]:
    """A penalty handed out: who takes how many ("Ann takes one card and Bob takes 2 cards"),
    who takes them, and how many in all."""
    takes = in_lang(TAKES, lang)
    taking = [f"{seat_name(name, lang)} {agree(name, takes, lang)} {cards_phrase(n, lang)}"
              for name, n in targets]
    teams = any(is_team(name) for name, _ in targets)
    return {"target_list": spoken_list(taking, in_lang(AND, lang), serial=teams),
            "target_names": seats_list([name for name, _ in targets], lang),
            "target_cards": cards_phrase(sum(n for _, n in targets), lang)}


def _score_said(score: Mapping[str, int], lang: str) -> str:
    """The rounds won: "Ann 2, Bob 1 and Cat 0"; teams each named as one ("Team Ann and Bob
    1, and Team Cat and Dan 0")."""
    conjunction = in_lang(AND, lang)
    if any(is_team(name) for name in score):
        return spoken_list([f"{team_name(name, lang)} {won}" for name, won in score.items()],
                           conjunction, serial=True)
    return spoken_list([f"{name} {won}" for name, won in score.items()], conjunction)


PEOPLE = ("player", "chooser", "winner", "target", "skipped", "caller", "turn", "answerer",
          "voter")
"""The params of Crack List's notes and refusals that name a seat."""

VOICE = GameVoice("host.games.crack_list.lines", line_keys, spoken_params, PEOPLE,
                  shared=(JUDGE_LINES,))
