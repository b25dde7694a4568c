"""The JSON the companion pages render, whatever the game: a game's view.py fills these in."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NotRequired, TypedDict

Say = Callable[[Any], str]
"""How a player says a move (the game's Talk.say): a page's button sends exactly that text."""
Words = Callable[..., str]
"""A page's text by its key, filled in (Phrasebook.page: the [page] tables of
host/companion/lines and of the game's lines, in the table's language)."""


class Action(TypedDict):
    """A button on a seat's page: tapping it sends `say`, as if the player had said it; or,
    with `options`, opens a row of buttons to choose from (a card to swap, a penalty split)."""

    label: str
    say: str
    options: NotRequired[list[Action]]
    confirm: NotRequired[str]
    """A move that cannot be taken back (a pass, a whole hand swapped): the label of the second
    tap that sends it."""
    fill: NotRequired[str]
    """Instead of sending: the start of what to say, put in the text box for the player to
    finish (a letter card's "A, ", then the answer)."""


class Card(TypedDict):
    """A card shown on a page: its face, and its colour when the game has colours."""

    text: str
    colour: str
    tap: NotRequired[Action]
    """What tapping the card in the hand does (play it, or start saying how)."""
    under: NotRequired[str]
    """What the card covers on the board, shown small under its face ("on R")."""


class Score(TypedDict):
    """One seat's line on the scoreboard."""

    name: str
    score: int
    note: str
    """What else the table may see of that seat ("5 cards", "out")."""
    tags: NotRequired[list[str]]
    """Where the seat stands now ("quizmaster", "voted", "to vote", "challenged")."""
    waiting: NotRequired[bool]
    """The table waits for this seat besides the turn (a vote still to come)."""
    colour: NotRequired[str]
    """The seat's colour, in games where each player has one."""
    answer: NotRequired[str]
    """What the seat said for the category now (Scattergories' answer read)."""


class Section(TypedDict):
    """A titled list on the table's page (the answers found, the answers read)."""

    title: str
    items: list[str]


class PublicView(TypedDict, total=False):
    """What every screen at the table may show."""

    phase: str
    stage: str
    """What the table plays on, named ("Category", "Question", "Letter")."""
    headline: str
    """The category, the question, the letter: what the table plays on now."""
    detail: str
    """One more line under it (the round, the pending answer, the tally)."""
    turn: str | None
    turn_label: str
    """How the screen names the turn when it is not a plain turn ("Ann, your vote?")."""
    banner: str
    """What the whole table waits for, when it is not a plain turn (a vote, a challenge, a
    penalty to hand out, a category to choose)."""
    timer_label: str
    """What the running timer counts ("Turn", "Vote")."""
    timer_extra: float
    """Seconds the timer shown runs on after the game's timer (a turn timed in two parts is
    one countdown as the players see it)."""
    score_label: str
    """What the scores count ("rounds won", "points")."""
    scores: list[Score]
    sections: list[Section]
    board: list[list[Card]]
    """Crack Word's rows, left to right."""
    legend: list[Card]
    """Which colour is whose: a card of each colour, labelled."""


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
    acting: bool
    """Whether the table waits for this player now (their turn, their vote, their choice)."""
    acting_label: str
    """What the player's bar says when the table waits for them, if not "Your turn!"."""
    say_hint: str
    """The text box's placeholder: what this player would type now."""
    sheet: list[str]
    """Scattergories: the categories of the player's own sheet (written on their phone)."""
    sheet_round: str
    """Which round the sheet is for: a sheet kept for another round starts blank."""
    reading: int
    """At the reading: the index of the category being read when this player reads now, -1
    while the others do (absent outside the reading: no Read buttons)."""
    read_as: str
    """How an answer of the sheet is said when read ("my answer is {answer}")."""


def action(say: str, label: str | None = None, *, confirm: str = "") -> Action:
    """A button that says `say` (labelled with it, capitalised, unless `label` is given);
    with `confirm`, only on a second tap, so labelled."""
    button = Action(label=label or say[:1].upper() + say[1:], say=say)
    if confirm:
        button["confirm"] = confirm
    return button


def fill(text: str, label: str) -> Action:
    """A button that puts `text` in the text box, for the player to finish."""
    return Action(label=label, say="", fill=text)


def choice(label: str, options: list[Action]) -> Action:
    """A button that opens `options` (nothing is sent until one is tapped)."""
    return Action(label=label, say="", options=options)


def score(name: str, value: int, note: str = "", tags: list[str] | None = None, *,
          waiting: bool = False) -> Score:
    """One scoreboard line."""
    line = Score(name=name, score=value, note=note)
    if tags:
        line["tags"] = tags
    if waiting:
        line["waiting"] = True
    return line


def card(text: str, colour: str = "", tap: Action | None = None) -> Card:
    """One card as shown (`tap`: what tapping it in the hand does)."""
    shown = Card(text=text, colour=colour)
    if tap is not None:
        shown["tap"] = tap
    return shown


def cards_note(words: Words, count: int) -> str:
    """ "1 card", "5 cards", as a page says it."""
    return words("one_card") if count == 1 else words("cards", count=count)


def section(title: str, items: list[str]) -> Section:
    """A titled list for the table's page."""
    return Section(title=title, items=items)
