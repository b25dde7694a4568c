"""Short List on the companion pages: the question and the answers found for the table; each
player's crystals and "It's my turn" cards for them (and the card itself for the quizmaster)."""

from __future__ import annotations

from host.companion.schema import Action, PublicView, Say, SeatView, action, score, section
from host.games.short_list.moves import legal_moves
from host.games.short_list.rules import ShortListGame

CLAIM_LABEL = "It's my turn!"
"""The claim's button (it sends the claim as the talk says it; the answer follows by voice)."""


def public_view(game: ShortListGame) -> PublicView:
    """The question, how many answers it has and which were found, who guesses, who is out."""
    card = game.card
    out = ", ".join(game.seats[i].name for i in sorted(game.out))
    quizmaster = game.seats[game.quizmaster].name if game.quizmaster is not None else "the host"
    detail = f"Round {game.round_no} · quizmaster: {quizmaster}"
    if card is not None:
        detail += f" · {len(card.answers) - len(game.given)} of {len(card.answers)} answers left"
    if out:
        detail += f" · out: {out}"
    notes = {game.seats[i].name: "out" if i in game.out else
             "quizmaster" if i == game.quizmaster else "" for i in range(len(game.seats))}
    return PublicView(
        phase=str(game.state),
        headline=card.question if card is not None else "",
        detail=detail,
        turn=game.expected_player(),
        scores=[score(name, points, notes[name]) for name, points in game.points().items()],
        sections=[section("Answers found", list(game.given))],
    )


def seat_view(game: ShortListGame, seat: int, say: Say) -> SeatView:
    """Crystals and "It's my turn" cards; a pass on turn, the jump off turn. The quizmaster
    sees the card's answers, as they would holding the card."""
    facts = [["Blue crystals", str(game.blue[seat])], ["Orange crystals", str(game.orange[seat])],
             ["It's my turn cards", str(game.its_my_turn[seat])]]
    view = SeatView(facts=facts, actions=_actions(game, seat, say), hint=_hint(game, seat))
    if seat == game.quizmaster and game.card is not None:
        found = set(game.given)
        view["hand_title"] = "The card's answers (you are the quizmaster)"
        view["hand"] = [{"text": entry.text, "colour": "found" if entry.text in found else ""}
                        for entry in game.card.answers]
    return view


def _actions(game: ShortListGame, seat: int, say: Say) -> list[Action]:
    """The seat's legal moves in set words (a pass) and its calls ("It's my turn!"); never a
    guess: the card's answers are the quizmaster's secret, and a guess is the player's own."""
    legal = legal_moves(game, seat)
    return [*(action(say(move)) for move in legal.moves),
            *(action(say(call), CLAIM_LABEL) for call in legal.calls)]


def _hint(game: ShortListGame, seat: int) -> str:
    """What this player may type now."""
    if game.over:
        return "The game is over"
    if seat == game.quizmaster:
        return "You are the quizmaster: the host judges, you listen"
    if seat in game.out:
        return "You are out of this round"
    if seat == game.guesser:
        return "Your turn: type your answer"
    return "Type an answer to jump in with an It's my turn card"
