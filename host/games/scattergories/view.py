"""Scattergories on the companion pages: the letter, the category read and the answers heard
for the table; each player's own sheet (kept on their phone) and their calls for them."""

from __future__ import annotations

from host.companion.schema import (
    Action,
    PublicView,
    Say,
    SeatView,
    action,
    choice,
    score,
    section,
)
from host.games.scattergories.events import ChooseLetter
from host.games.scattergories.grammar import EN, GRAMMARS
from host.games.scattergories.moves import legal_moves
from host.games.scattergories.rules import ScattergoriesGame, State


def public_view(game: ScattergoriesGame) -> PublicView:
    """The key letter, the category being read and what each player read for it, the totals."""
    category = game.category
    letter = game.letter or "?"
    headline = f"{letter} · {category.title}" if category is not None else f"Letter {letter}"
    sections = []
    if category is not None:
        read = game.sheet[game.category_index]
        sections.append(section("Answers read", [f"{game.seats[s].name}: {text or '(blank)'}"
                                                 for s, text in read.items()]))
    else:
        sections.append(section(f"List {game.list_number}", game.category_titles()))
    return PublicView(
        phase=str(game.state),
        headline=headline,
        detail=f"Round {game.round_no}" + (" · voting" if game.state is State.VOTING else ""),
        turn=game.expected_player(),
        scores=[score(name, points) for name, points in game.points().items()],
        sections=sections,
    )


def seat_view(game: ScattergoriesGame, seat: int, say: Say) -> SeatView:
    """The sheet's categories (the answers are written on the phone, never sent until read),
    the answers this player has read, and their moves in set words: the letter, more time,
    yes or no, blank, challenge, vote."""
    mine = [f"{game.categories[i].title}: {read[seat] or '(blank)'}"
            for i, read in enumerate(game.sheet) if seat in read]
    return SeatView(
        sheet=game.category_titles(),
        read_as=f"{GRAMMARS.get(game.config.lang, EN).filler_said} {{answer}}",
        facts=[["Letter", game.letter or "?"], ["Points", str(game.totals[seat])],
               *([["Read so far", "; ".join(mine)]] if mine else [])],
        actions=_actions(game, seat, say),
        hint=_hint(game, seat),
    )


def _button(said: str) -> Action:
    """A button saying `said`, labelled without the name the talk puts first ("Bob: yes")."""
    words = said.split(": ", 1)[-1]
    return action(said, words[:1].upper() + words[1:])


def _actions(game: ScattergoriesGame, seat: int, say: Say) -> list[Action]:
    """The seat's legal moves in set words (legal_moves): the letters left as one choice, the
    others a button each; never an answer, which is the player's own (their sheet's)."""
    moves = legal_moves(game, seat).moves
    letters = [move for move in moves if isinstance(move, ChooseLetter)]
    buttons = [_button(say(move)) for move in moves if not isinstance(move, ChooseLetter)]
    if letters:
        buttons.append(choice("Choose the letter", [action(say(move), move.letter)
                                                    for move in letters]))
    return buttons


def _hint(game: ScattergoriesGame, seat: int) -> str:
    """What this player may do now."""
    if game.state is State.CHOOSING_LETTER and game.roller == seat:
        return "Choose the letter: tap it, or type it (e.g. 'P')"
    if game.state is State.WRITING:
        return "Write your answers below: they stay on this phone until you read them"
    if game.state is State.READING and game.reader() == seat:
        return "Your turn: read your answer (tap it below, or type it)"
    return ""
