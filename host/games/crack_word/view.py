"""Crack Word on the companion pages: the board for the table, each player's hand for them."""

from __future__ import annotations

from host.companion.schema import Card as Shown
from host.companion.schema import PublicView, Say, SeatView, action, card, score
from host.games.crack_word.board import Tile
from host.games.crack_word.cards import ETOILE, PETARD, Card
from host.games.crack_word.moves import legal_moves
from host.games.crack_word.rules import CrackWordGame, State

FACES = {PETARD: "Pétard", ETOILE: "Étoile"}


def public_view(game: CrackWordGame) -> PublicView:
    """The four rows in their colours (an Étoile marked with its letter, a covering card with
    the letters it covers), whose turn, score piles and the cards each holds."""
    rows = [[card(_shown(stack), stack[-1].colour) for stack in row] for row in game.rows]
    notes = {game.seats[i].name: f"{_colour(colour)} · {len(game.hands[i])} in hand, "
             f"{len(game.piles[i])} in pile" for i, colour in enumerate(game.colours)}
    return PublicView(
        phase=str(game.state),
        headline=" · ".join(game.row_letters(i) or "—" for i in range(len(game.rows))),
        detail="Refill the emptied row" if game.state is State.REFILL else "",
        turn=game.expected_player(),
        scores=[score(name, points, notes[name]) for name, points in game.points().items()],
        board=rows,
    )


def seat_view(game: CrackWordGame, seat: int, say: Say) -> SeatView:
    """This player's hand in their colour, and their legal moves in set words: a pass and a
    Pétard on each row with cards (placements are said or typed: "R on the right of row two,
    word char")."""
    name = game.seats[seat].name
    hand = sorted(game.hands[seat], key=lambda c: (c.special, c.face))
    on_turn = game.expected_player() == name
    return SeatView(
        hand=[_card(c) for c in hand],
        facts=[["Your colour", _colour(game.colours[seat])],
               ["In your pile", str(len(game.piles[seat]))],
               ["Score pile", str(len(game.scores[seat]))]],
        actions=[action(say(move)) for move in legal_moves(game, seat).moves],
        hint="Your turn: say or type your card, e.g. 'R on the right of row two, word char'"
        if on_turn else "Wait for your turn (you may ask 'read the board')",
    )


def _shown(stack: list[Tile]) -> str:
    """A place of a row as the table's page shows it: "A★" for an Étoile standing for A,
    "R (on R)" for a card covering another."""
    top = stack[-1]
    text = f"{top.letter}★" if top.star else top.letter
    return f"{text} (on {', '.join(t.letter for t in reversed(stack[:-1]))})" \
        if len(stack) > 1 else text


def _card(c: Card) -> Shown:
    """A card of the hand as shown."""
    return card(FACES.get(c.face, c.face), c.colour)


def _colour(colour: str) -> str:
    """A colour as the page names it ("hole right": the cards' tactile mark)."""
    return colour.replace("_", " ")
