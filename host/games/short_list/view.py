"""Short List on the companion pages: the question and the answers found for the table; each
player's crystals and "It's my turn" cards for them (and the card itself for the quizmaster)."""

from __future__ import annotations

from host.companion.schema import (
    Action,
    PublicView,
    Say,
    SeatView,
    Words,
    action,
    score,
    section,
)
from host.games.short_list.events import Pass
from host.games.short_list.moves import legal_moves
from host.games.short_list.rules import ShortListGame


def public_view(game: ShortListGame, words: Words) -> PublicView:
    """The question, how many answers it has and which were found, who guesses, who is out,
    the quizmaster, the points and crystals."""
    card = game.card
    quizmaster = game.seats[game.quizmaster].name if game.quizmaster is not None \
        else words("the_host")
    detail = words("round", round=game.round_no, quizmaster=quizmaster)
    banner = words("found", found=len(game.given), count=len(card.answers)) \
        if card is not None else ""
    return PublicView(
        phase=str(game.state),
        stage=words("stage"),
        headline=card.question if card is not None else "",
        detail=detail,
        turn=game.expected_player(),
        banner=banner,
        timer_label=words("timer"),
        timer_extra=0.0,
        score_label=words("points"),
        scores=[score(name, points, words("crystals", blue=game.blue[i], orange=game.orange[i]),
                      _tags(game, i, words))
                for i, (name, points) in enumerate(game.points().items())],
        sections=[section(words("answers_found"), list(game.given))],
    )


def _tags(game: ShortListGame, seat: int, words: Words) -> list[str]:
    """Where a player stands this round."""
    if seat == game.quizmaster:
        return [words("quizmaster")]
    return [words("out")] if seat in game.out else []


def seat_view(game: ShortListGame, seat: int, say: Say, words: Words) -> SeatView:
    """Crystals and "It's my turn" cards; a pass on turn (asking for a second tap), the jump
    off turn. The quizmaster sees the card's answers, as they would holding the card."""
    facts = [[words("blue"), str(game.blue[seat])], [words("orange"), str(game.orange[seat])],
             [words("its_my_turn_cards"), str(game.its_my_turn[seat])]]
    on_turn = seat == game.guesser and not game.over and seat not in game.out
    view = SeatView(facts=facts, actions=_actions(game, seat, say, words),
                    hint=_hint(game, seat, words), acting=on_turn,
                    say_hint=words("say_guess") if on_turn else words("say"))
    if seat == game.quizmaster and game.card is not None:
        found = set(game.given)
        view["hand_title"] = words("the_card")
        view["hand"] = [{"text": entry.text, "colour": "found" if entry.text in found else ""}
                        for entry in game.card.answers]
    return view


def _actions(game: ShortListGame, seat: int, say: Say, words: Words) -> list[Action]:
    """The seat's legal moves in set words (a pass, asking for a second tap) and its calls
    ("It's my turn!"); never a guess: the card's answers are the quizmaster's secret, and a
    guess is the player's own."""
    legal = legal_moves(game, seat)
    return [*(action(say(move), words("pass"), confirm=words("confirm_pass"))
              if isinstance(move, Pass) else action(say(move)) for move in legal.moves),
            *(action(say(call), words("claim")) for call in legal.calls)]


def _hint(game: ShortListGame, seat: int, words: Words) -> str:
    """What this player may do now."""
    if game.over:
        return words("hint_over")
    if seat == game.quizmaster:
        return words("hint_quizmaster")
    if seat in game.out:
        return words("hint_out")
    if seat == game.guesser:
        return words("hint_turn")
    if game.its_my_turn[seat]:
        return words("hint_jump", player=game.seats[game.guesser].name)
    return words("hint_wait", player=game.seats[game.guesser].name)
