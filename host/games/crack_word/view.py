"""Crack Word on the companion pages: the board in its colours (with a legend of whose colour
is which) for the table, each player's hand for them: a card tapped on turn offers the places
it may go (its legal placements), then the word is typed or said."""

from __future__ import annotations

from dataclasses import replace

from host.companion.schema import (
    Action,
    PublicView,
    Say,
    Score,
    SeatView,
    Words,
    action,
    card,
    choice,
    fill,
    score,
)
from host.companion.schema import Card as Shown
from host.games.crack_word.board import Tile
from host.games.crack_word.cards import ETOILE, PETARD
from host.games.crack_word.events import Pass, Petard, Place, Side
from host.games.crack_word.moves import LegalMoves, Placement, legal_moves
from host.games.crack_word.rules import CrackWordGame, State

FACES = {PETARD: "Pétard", ETOILE: "Étoile"}
SIDES = {Side.LEFT: "left", Side.RIGHT: "right", Side.TOP: "top"}
"""Each side's key in the [page] table (a placement's label: "Row 2, on the right")."""


def public_view(game: CrackWordGame, words: Words) -> PublicView:
    """The four rows in their colours (an Étoile marked with its letter, a covering card with
    the letters it covers) and whose colour is which, whose turn, the placement waiting for
    its word, score piles and the cards each holds."""
    rows = [[_shown(stack, words) for stack in row] for row in game.rows]
    turn = game.expected_player()
    return PublicView(
        phase=str(game.state),
        stage=words("stage"),
        headline="",
        detail=words("refill") if game.state is State.REFILL else "",
        turn=turn,
        banner=_banner(game, words),
        timer_label=words("timer"),
        timer_extra=0.0,
        score_label=words("score_label"),
        scores=[_score(game, seat, words) for seat in range(len(game.seats))],
        board=rows,
        legend=[card(words("legend", player=game.seats[i].name, colour=words(f"colour_{colour}")),
                     colour) for i, colour in enumerate(game.colours)],
    )


def _score(game: CrackWordGame, seat: int, words: Words) -> Score:
    """A player's tile: their score pile, hand and draw pile, in their colour."""
    line = score(game.seats[seat].name, len(game.scores[seat]),
                 words("held", hand=len(game.hands[seat]), pile=len(game.piles[seat])))
    line["colour"] = game.colours[seat]
    return line


def _banner(game: CrackWordGame, words: Words) -> str:
    """The placement said without its word, waiting for it."""
    wanting = game.wanting
    if wanting is None:
        return ""
    formed = _formed(game, wanting)
    return words("wanting", player=wanting.player, letters=formed)


def _formed(game: CrackWordGame, move: Place) -> str:
    """How a row reads once this card is placed."""
    reads = game.row_letters(move.row)
    return move.letter + reads if move.side is Side.LEFT else \
        reads + move.letter if move.side is Side.RIGHT else reads


def seat_view(game: CrackWordGame, seat: int, say: Say, words: Words) -> SeatView:
    """This player's hand in their colour (on turn, a card tapped offers where it may go),
    their pass (asking for a second tap) and Pétards, and what to do now."""
    name = game.seats[seat].name
    legal = legal_moves(game, seat)
    hand = sorted(game.hands[seat], key=lambda c: (c.special, c.face))
    on_turn = game.expected_player() == name and game.state in (State.PLAYING, State.REFILL)
    petards = [action(say(m), words("row", row=m.row + 1)) for m in legal.moves
               if isinstance(m, Petard)]
    buttons = [action(say(m), words("pass"), confirm=words("confirm_pass"))
               for m in legal.moves if isinstance(m, Pass)]
    if petards:
        buttons.append(choice(words("petard_on"), petards))
    taps = {c.face: _tap(c.face, legal, say, words, petards) for c in hand} if on_turn else {}
    return SeatView(
        hand=[card(FACES.get(c.face, c.face), c.colour, taps.get(c.face)) for c in hand],
        facts=[[words("your_colour"), words(f"colour_{game.colours[seat]}")],
               [words("in_pile"), str(len(game.piles[seat]))],
               [words("score_pile"), str(len(game.scores[seat]))]],
        actions=buttons,
        hint=_hint(game, seat, legal, words),
        acting=game.expected_player() == name,
        say_hint=words("say_word" if legal.wanting else "say_place" if on_turn else "say"),
    )


def _tap(face: str, legal: LegalMoves, say: Say, words: Words,
         petards: list[Action]) -> Action | None:
    """What tapping a card does on turn: a letter lists the places it may go (each sent
    without its word, which the host then waits for; a Crack Word said with it), a Pétard
    the rows it may blow up, an Étoile starts the line to finish ("star, an S, …")."""
    if face == PETARD:
        return choice(words("petard_on"), petards) if petards else None
    if face == ETOILE:
        example = legal.placements_of("A", star=True)
        if not example:
            return None
        said = say(example[0].move)
        return fill(said.split(",", 1)[0] + ", ", FACES[ETOILE])
    options: list[Action] = []
    for placement in legal.placements_of(face):
        options.append(action(say(placement.move), _where(placement, words)))
        if placement.cracks:
            options.append(action(say(replace(placement.move, crack=True)),
                                  words("crack", where=_where(placement, words))))
    return choice(face, options) if options else None


def _where(placement: Placement, words: Words) -> str:
    """A placement's label: the row, the side, how the row then reads."""
    move = placement.move
    return words("place", row=move.row + 1, side=words(SIDES[move.side]),
                 letters=placement.formed)


def _hint(game: CrackWordGame, seat: int, legal: LegalMoves, words: Words) -> str:
    """What this player may do now."""
    name = game.seats[seat].name
    if game.state in (State.CUT, State.START):
        return words("hint_show") if legal.shows else words("hint_wait_show")
    if game.expected_player() != name:
        return words("hint_wait")
    if legal.wanting is not None:
        return words("hint_word", letters=legal.wanting.formed)
    if game.state is State.REFILL:
        return words("hint_refill")
    return words("hint_turn")


def _shown(stack: list[Tile], words: Words) -> Shown:
    """A place of a row as the pages show it, in its colour: "A★" for an Étoile standing for
    A; a card covering another says so under its face ("on R")."""
    top = stack[-1]
    shown = card(f"{top.letter}★" if top.star else top.letter, top.colour)
    if len(stack) > 1:
        shown["under"] = words("covers", under=", ".join(t.letter for t in reversed(stack[:-1])))
    return shown
