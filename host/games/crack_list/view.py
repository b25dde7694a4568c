"""Crack List on the companion pages: the table's view, and each seat's hand and buttons (its
legal moves in set words, host.games.crack_list.moves)."""

from __future__ import annotations

from host.companion.schema import (
    Action,
    Card,
    PublicView,
    Say,
    SeatView,
    action,
    card,
    choice,
    score,
    section,
)
from host.games.crack_list.cards import ACTIONS, HIDDEN, penalty_of
from host.games.crack_list.events import ChooseCategory, Penalise, PlaySwap
from host.games.crack_list.moves import legal_moves
from host.games.crack_list.rules import CrackListGame, State


def public_view(game: CrackListGame) -> PublicView:
    """The category (or the card being chosen from), whose turn, the answers given, the
    rounds won and the cards each seat holds."""
    if game.state is State.CHOOSING or game.category is None:
        titles = [c.title for c in game.offered.categories] if game.offered else []
        headline = f"{game.seats[game.chooser].name} chooses a category"
        sections = [section("On the red card", titles)] if titles else []
    else:
        headline = game.category.title
        sections = [section("Answers given", list(game.given))]
    sizes = game.hand_sizes()
    return PublicView(
        phase=str(game.state),
        headline=headline,
        detail=_detail(game),
        turn=game.expected_player(),
        scores=[score(name, won, f"{sizes[name]} cards") for name, won in game.score().items()],
        sections=sections,
    )


def _detail(game: CrackListGame) -> str:
    """The round, and the answer that stands open to challenge or is voted on."""
    detail = f"Round {game.round_no} of {game.config.rounds}"
    pending = game.pending
    if pending is not None and game.state in (State.ANSWERED, State.VOTING, State.TURN):
        who = game.seats[pending.seat].name
        detail += f" · {who}: {pending.text}" + (" (refused)" if pending.refused else "")
    if game.state is State.VOTING:
        yes = sum(game.votes.values())
        detail += f" · vote: {yes} yes, {len(game.votes) - yes} no"
    return detail


def seat_view(game: CrackListGame, seat: int, say: Say) -> SeatView:
    """This seat's hand, and the moves it may make without a word (answers are typed)."""
    hand = sorted(game.hands[seat], key=lambda c: (c in ACTIONS, c))
    return SeatView(
        hand=[_card(c) for c in hand],
        facts=[["Rounds won", str(game.rounds_won[seat])], ["Cards", str(len(hand))]],
        actions=_actions(game, seat, say),
        hint=_hint(game, seat),
    )


def _card(face: str) -> Card:
    """A blue card as shown: a letter (marked with its penalty), an action, or one unseen."""
    if face == HIDDEN:
        return card("?", "hidden")
    if face in ACTIONS:
        return card(face.replace("_", " ").title(), "action")
    penalty = penalty_of(face)
    return card(f"{face} +{penalty}" if penalty else face, "penalty" if penalty else "")


def _actions(game: CrackListGame, seat: int, say: Say) -> list[Action]:
    """The seat's legal moves in set words, each a button: a category by its title, the
    cards to swap with each player in a row of their own, the ways to split a penalty in
    another. A penalty given whole to one player by its count ("give two to Cat") is the
    button "All to Cat". Answers are typed or said: the list is the host's."""
    buttons: list[Action] = []
    card_swaps: dict[str, list[Action]] = {}
    splits: list[Action] = []
    for move in legal_moves(game, seat).moves:
        if isinstance(move, ChooseCategory) and game.offered is not None:
            buttons.append(action(say(move), game.offered.categories[move.choice - 1].title))
        elif isinstance(move, PlaySwap) and move.card is not None:
            card_swaps.setdefault(move.target, []).append(
                action(say(move), _card(move.card)["text"]))
        elif isinstance(move, Penalise) and len(move.targets) > 1:
            splits.append(action(say(move)))
        elif not (isinstance(move, Penalise) and move.targets and move.targets[0][1]):
            buttons.append(action(say(move)))
    buttons += [choice(f"Swap one card with {target}", options)
                for target, options in card_swaps.items()]
    if splits and game.pending is not None:
        buttons.append(choice(f"Split the {game.pending.penalty} cards", splits))
    return buttons


def _hint(game: CrackListGame, seat: int) -> str:
    """What this player may type now."""
    if game.state is State.TURN and game.current == seat:
        return "Your turn: type your answer (e.g. 'A, amaze' or 'joker quentin')"
    if game.state is State.CHOOSING and game.chooser == seat:
        return "Choose a category"
    return "Type anything you would say (e.g. 'challenge', 'my hand')"
