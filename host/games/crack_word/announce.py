"""How the host words Crack Word's notes: which line a note is said with, rows said from one,
and the spoken forms of cards, lists and scores in each language (`<name>_fr`, `<name>_en`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from host.core.events import Note
from host.core.phrasebook import GameVoice, seat_name, spoken_list
from host.games.crack_word.cards import ETOILE, PETARD

LANGS = ("fr", "en")
AND = {"fr": "et", "en": "and"}
FACES = {"fr": {PETARD: "pétard", ETOILE: "étoile"}, "en": {PETARD: "Petard", ETOILE: "Star"}}
EMPTY = {"fr": "vide", "en": "empty"}
CARDS = {"fr": ("aucune carte", "une carte", "{n} cartes"),
         "en": ("no cards", "one card", "{n} cards")}


def line_keys(note: Note) -> list[str]:
    """The line a note is said with: its kind, "board_row_empty" for an empty row, and
    "board_row_colours" for a row read with whose card each letter is, and
    "justification_failed_no_word" for a row formed with no word named."""
    if note.kind == "board_row" and not note.params.get("letters"):
        return ["board_row_empty"]
    if note.kind == "justification_failed" and not note.params.get("word"):
        return ["justification_failed_no_word"]
    if note.kind == "board_row" and note.params.get("owners"):
        return ["board_row_colours"]
    return [str(note.kind)]


def face(card: str, lang: str) -> str:
    """How a card's face is said: its letter, or the special card's name."""
    return FACES[lang].get(card, card)


def cards_count(count: int, lang: str) -> str:
    """ "aucune carte", "une carte", "3 cartes" (or in English)."""
    forms = CARDS[lang]
    return forms[min(count, 2)].format(n=count)


def listed(items: Iterable[str], lang: str) -> str:
    """A list as the language says it: "Ann, Bob et Cat"."""
    return spoken_list([seat_name(item) for item in items], AND[lang])


def spoken_params(params: dict[str, Any]) -> dict[str, Any]:
    """Rows said from one, letters read one by one, and cards, lists and scores per language."""
    if isinstance(params.get("row"), int):
        params["row_number"] = params["row"] + 1
    letters = params.get("letters")
    if isinstance(letters, str | list):
        params["letters_said"] = ", ".join(letters)
    for lang in LANGS:
        _per_language(params, lang)
    return params


def _per_language(params: dict[str, Any], lang: str) -> None:
    """The spoken forms of one language, each named `<param>_<lang>`."""
    for name in ("cards", "bonus", "drew", "pile", "hand"):
        if isinstance(params.get(name), int) and not isinstance(params[name], bool):
            params[f"{name}_{lang}"] = cards_count(params[name], lang)
    if isinstance(params.get("card"), str):
        params[f"card_{lang}"] = face(params["card"], lang)
    if isinstance(params.get("cards"), list):
        params[f"cards_{lang}"] = ", ".join(face(c, lang) for c in params["cards"]) \
            or cards_count(0, lang)
    if isinstance(params.get("shown"), dict):
        colon = " : " if lang == "fr" else " "
        params[f"shown_{lang}"] = ", ".join(f"{seat_name(who)}{colon}{face(card, lang)}"
                                            for who, card in params["shown"].items())
    if isinstance(params.get("players"), str) and " and " in params["players"]:
        head, _, tail = params["players"].rpartition(" and ")
        params[f"players_{lang}"] = f"{head} {AND[lang]} {tail}"
    elif "players" in params:
        params[f"players_{lang}"] = params["players"]
    if isinstance(params.get("points"), dict):
        params[f"points_{lang}"] = listed([f"{seat_name(who)} {n}" for who, n
                                           in params["points"].items()], lang)
    if isinstance(params.get("owners"), list) and isinstance(letters := params.get("letters"),
                                                             list):
        params[f"row_{lang}"] = ", ".join(f"{letter} ({seat_name(who)})" for letter, who
                                          in zip(letters, params["owners"], strict=True))


PEOPLE = ("player", "turn")
"""The params of Crack Word's notes and refusals that name a seat."""

VOICE = GameVoice("host.games.crack_word.lines", line_keys, spoken_params, PEOPLE)
"""Crack Word's phrasebooks: fr.toml (the game's own language) and en.toml."""
