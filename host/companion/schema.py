"""The JSON the companion pages render, whatever the game: a game's view.py fills these in."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NotRequired, TypedDict

Say = Callable[[Any], str]
"""How a player says a move (the game's Talk.say): a page's button sends exactly that text."""


class Action(TypedDict):
    """A button on a seat's page: tapping it sends `say`, as if the player had said it; or,
    with `options`, opens a row of buttons to choose from (a card to swap, a penalty split)."""

    label: str
    say: str
    options: NotRequired[list[Action]]


class Card(TypedDict):
    """A card shown on a page: its face, and its colour when the game has colours."""

    text: str
    colour: str


class Score(TypedDict):
    """One seat's line on the scoreboard."""

    name: str
    score: int
    note: str
    """What else the table may see of that seat ("5 cards", "out")."""


class Section(TypedDict):
    """A titled list on the table's page (the answers found, the answers read)."""

    title: str
    items: list[str]


class PublicView(TypedDict, total=False):
    """What every screen at the table may show."""

    phase: str
    headline: str
    """The category, the question, the letter: what the table plays on now."""
    detail: str
    """One more line under it (the round, the pending answer, the tally)."""
    turn: str | None
    scores: list[Score]
    sections: list[Section]
    board: list[list[Card]]
    """Crack Word's rows, left to right."""


class SeatView(TypedDict, total=False):
    """What only one seat's page shows: its hand and what it may do silently."""

    hand: list[Card]
    hand_title: str
    """What the hand is called, when it is not the player's cards ("The card's answers")."""
    facts: list[list[str]]
    """[label, value] pairs: crystals, a colour, cards left."""
    actions: list[Action]
    hint: str
    """What this player may type or say now."""
    sheet: list[str]
    """Scattergories: the categories of the player's own sheet (kept on their phone)."""
    read_as: str
    """How an answer of the sheet is said when read ("my answer is {answer}")."""


def action(say: str, label: str | None = None) -> Action:
    """A button that says `say` (labelled with it, capitalised, unless `label` is given)."""
    return Action(label=label or say[:1].upper() + say[1:], say=say)


def choice(label: str, options: list[Action]) -> Action:
    """A button that opens `options` (nothing is sent until one is tapped)."""
    return Action(label=label, say="", options=options)


def score(name: str, value: int, note: str = "") -> Score:
    """One scoreboard line."""
    return Score(name=name, score=value, note=note)


def card(text: str, colour: str = "") -> Card:
    """One card as shown."""
    return Card(text=text, colour=colour)


def section(title: str, items: list[str]) -> Section:
    """A titled list for the table's page."""
    return Section(title=title, items=items)
