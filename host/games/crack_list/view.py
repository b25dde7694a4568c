"""Crack List on the companion pages: the table's view, and each seat's hand and buttons."""

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
from host.games.crack_list.cards import ACTIONS, HIDDEN, JOKER, SWAP, penalty_of
from host.games.crack_list.events import (
    CallCountdown,
    Challenge,
    ChooseCategory,
    Pass,
    Penalise,
    PlayCrackList,
    PlayReverse,
    PlayStop,
    PlaySwap,
    Vote,
)
from host.games.crack_list.moves import penalty_events
from host.games.crack_list.rules import CrackListGame, State

PLAYS = {"STOP": PlayStop, "REVERSE": PlayReverse, "CRACK_LIST": PlayCrackList}


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
        actions=[action(say(event)) for event in _moves(game, seat)]
        + _choices(game, seat, say) + _card_swaps(game, seat, say) + _splits(game, seat, say),
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


def _moves(game: CrackListGame, seat: int) -> list[object]:
    """The silent moves of this seat now: its action cards, a pass, a penalty to hand out,
    a vote, a challenge, the countdown."""
    name = game.seats[seat].name
    others = [s.name for i, s in enumerate(game.seats) if i != seat]
    hand = set(game.hands[seat])
    known = HIDDEN not in hand
    pending = game.pending
    moves: list[object] = []
    if game.state is State.TURN and game.current == seat:
        moves += [play(name) for face, play in PLAYS.items() if not known or face in hand]
        if not known or SWAP in hand:
            moves += [PlaySwap(name, other) for other in others]
        moves.append(Pass(name))
    if game.state is State.ANSWERED and pending is not None and pending.penalty_due \
            and pending.seat == seat:
        if pending.card == JOKER:
            moves.append(Penalise(name, ()))
        moves += [Penalise(name, ((other, 0),)) for other in others]
    if game.state is State.VOTING and (pending is None or pending.seat != seat) \
            and seat not in game.votes:
        moves += [Vote(name, True), Vote(name, False)]
    if game.state in (State.TURN, State.ANSWERED) and pending is not None \
            and pending.seat != seat and not pending.challenged:
        moves.append(Challenge(name))
    if game.state is State.TURN and game.current != seat and not game.countdown_called:
        moves.append(CallCountdown(name))
    return moves


def _choices(game: CrackListGame, seat: int, say: Say) -> list[Action]:
    """The chooser's three categories, as buttons."""
    if game.state is not State.CHOOSING or game.chooser != seat or game.offered is None:
        return []
    name = game.seats[seat].name
    return [action(say(ChooseCategory(name, n)), category.title)
            for n, category in enumerate(game.offered.categories, start=1)]


def _card_swaps(game: CrackListGame, seat: int, say: Say) -> list[Action]:
    """With a Swap card on turn: one card of the hand to give, for each other player."""
    hand = set(game.hands[seat])
    if game.state is not State.TURN or game.current != seat or SWAP not in hand \
            or HIDDEN in hand:
        return []
    name, cards = game.seats[seat].name, sorted(hand - {SWAP})
    return [choice(f"Swap one card with {other.name}",
                   [action(say(PlaySwap(name, other.name, c)), _card(c)["text"]) for c in cards])
            for i, other in enumerate(game.seats) if i != seat and cards]


def _splits(game: CrackListGame, seat: int, say: Say) -> list[Action]:
    """A penalty of two or three cards to hand out: every way to split it among the others."""
    pending = game.pending
    if game.state is not State.ANSWERED or pending is None or pending.seat != seat \
            or not pending.penalty_due or pending.penalty < 2:
        return []
    splits = [action(say(e)) for e in penalty_events(game)
              if isinstance(e, Penalise) and len(e.targets) > 1]
    return [choice(f"Split the {pending.penalty} cards", splits)] if splits else []


def _hint(game: CrackListGame, seat: int) -> str:
    """What this player may type now."""
    if game.state is State.TURN and game.current == seat:
        return "Your turn: type your answer (e.g. 'A, amaze' or 'joker quentin')"
    if game.state is State.CHOOSING and game.chooser == seat:
        return "Choose a category"
    return "Type anything you would say (e.g. 'challenge', 'my hand')"
