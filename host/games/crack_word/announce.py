"""How the host words Crack Word's notes: which line a note is said with, rows said from one,
and the spoken forms of cards, lists and scores in each language (`<name>_fr`, `<name>_en`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from host.core.events import Note
from host.core.phrasebook import GameVoice
from host.core.spoken import AND, cards_phrase, de, le, seat_name, spoken_list, with_article
from host.games.crack_word.cards import ETOILE, PETARD

FACES = {"fr": {PETARD: "pétard", ETOILE: "étoile"}, "en": {PETARD: "Petard", ETOILE: "Star"}}
EMPTY = {"fr": "vide", "en": "empty"}
UN = {PETARD: "un pétard", ETOILE: "une étoile"}


class Shown(NamedTuple):
    """A card of a row as the board is read: its letter, whose it is, whether it is an Étoile
    (standing for the letter), and the (letter, owner) cards it covers, lowest first."""

    letter: str
    owner: str
    star: bool = False
    covers: tuple[tuple[str, str], ...] = ()


def board_notes(rows: list[list[list[Any]]], owners: dict[str, str]) -> list[Note]:
    """The four rows read card by card (`rows`: places of Tiles, the visible card last;
    `owners`: colour -> the player's name), one "board_row" note each."""
    notes = []
    for number, row in enumerate(rows):
        tiles = [Shown(stack[-1].letter, owners[stack[-1].colour], stack[-1].star,
                       tuple((t.letter, owners[t.colour]) for t in stack[:-1]))
                 for stack in row]
        notes.append(Note("board_row", {"row": number, "letters": [t.letter for t in tiles],
                                        "tiles": tiles}))
    return notes


NOTHING = {"pass_draw": ("drew", "pass_draw_nothing"),
           "end_last_card": ("bonus", "end_last_card_no_bonus")}
"""A note said otherwise when this count of it is 0 ("aucune carte" is no object in French)."""
LAST = {"pass_draw": "pass_draw_last", "new_hand": "new_hand_last"}
"""A note said otherwise when it empties the pile."""


def line_keys(note: Note) -> list[str]:
    """The line a note is said with: its kind, "board_row_empty" for an empty row, and
    "board_row_colours" for a row read card by card (whose each is); a draw of nothing,
    a bonus of nothing, and a draw that empties the pile have lines of their own."""
    kind, params = str(note.kind), note.params
    if kind == "board_row" and not params.get("letters"):
        return ["board_row_empty"]
    if kind == "board_row" and params.get("tiles"):
        return ["board_row_colours"]
    if kind in NOTHING and params.get(NOTHING[kind][0]) == 0:
        return [NOTHING[kind][1]]
    if kind in LAST and params.get("pile") == 0:
        return [LAST[kind]]
    return [kind]


def face(card: str, lang: str) -> str:
    """How a card's face is said: its letter, or the special card's name."""
    return FACES[lang].get(card, card)


def listed(items: Iterable[str], lang: str) -> str:
    """A list as the language says it: "Ann, Bob et Cat"."""
    return spoken_list([seat_name(item) for item in items], AND[lang])


def spoken_params(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """Rows said from one, letters read one by one, and cards, lists and scores in the book's
    language (`<name>_fr` or `<name>_en`)."""
    if isinstance(params.get("row"), int):
        params["row_number"] = params["row"] + 1
    letters = params.get("letters")
    if isinstance(letters, str | list):
        params["letters_said"] = ", ".join(letters)
    _per_language(params, lang)
    return params


def _per_language(params: dict[str, Any], lang: str) -> None:
    """The spoken forms of one language, each named `<param>_<lang>`."""
    for name in ("cards", "bonus", "drew", "pile", "hand"):
        if isinstance(params.get(name), int) and not isinstance(params[name], bool):
            params[f"{name}_{lang}"] = cards_phrase(params[name], lang)
    if isinstance(params.get("card"), str):
        params[f"card_{lang}"] = face(params["card"], lang)
    if lang == "fr":
        _french_articles(params)
    if isinstance(params.get("cards"), list):
        params[f"cards_{lang}"] = ", ".join(face(c, lang) for c in params["cards"]) \
            or cards_phrase(0, lang)
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
    if isinstance(params.get("tiles"), list):
        params[f"row_{lang}"] = ", ".join(said_tile(Shown(*tile), lang)
                                          for tile in params["tiles"])


def said_tile(tile: Shown, lang: str) -> str:
    """A card of a row as the board is read: "C d'Ann", "étoile de Bob valant A", "R de Bob
    sur un R d'Ann" / "Ann's C", "Bob's star as A", "Bob's R over Ann's R"."""
    covered = [_owned(letter, who, lang, article=True) for letter, who in reversed(tile.covers)]
    said = _owned(tile.letter, tile.owner, lang, star=tile.star)
    if covered:
        said += (" sur " if lang == "fr" else " over ") + spoken_list(covered, AND[lang])
    return said


def _owned(letter: str, who: str, lang: str, *, star: bool = False,
           article: bool = False) -> str:
    """A card with its owner: "C d'Ann", "un R de Bob", "étoile d'Ann valant A" (French);
    "Ann's C", "Ann's star as A" (English)."""
    name = seat_name(who)
    if lang == "fr":
        card = f"étoile {de(name)} valant {letter}" if star else f"{letter} {de(name)}"
        return f"un {card}" if article and not star else card
    return f"{name}'s star as {letter}" if star else f"{name}'s {letter}"


def _french_articles(params: dict[str, Any]) -> None:
    """ "de", "le" and "un" elided or not before a player, a letter, a card."""
    for name in ("player", "letter"):
        if isinstance(params.get(name), str) and params[name]:
            params[f"de_{name}_fr"] = de(params[name])
    if isinstance(params.get("letter"), str) and params["letter"]:
        params["le_letter_fr"] = le(params["letter"])
    if isinstance(params.get("card"), str) and params["card"]:
        card = params["card"]
        params["de_card_fr"] = de(face(card, "fr"))
        params["un_card_fr"] = UN.get(card) or with_article(card, "fr")


PEOPLE = ("player", "turn")
"""The params of Crack Word's notes and refusals that name a seat."""

VOICE = GameVoice("host.games.crack_word.lines", line_keys, spoken_params, PEOPLE)
"""Crack Word's phrasebooks: fr.toml (the game's own language) and en.toml."""
