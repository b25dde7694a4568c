"""The moves that make sense now in a Crack List game, as events: what the recognizer is offered
(each said by the talk) and what the round-trip test parses back."""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

from host.games.crack_list.cards import (
    ACTIONS,
    CRACK_LIST,
    HIDDEN,
    JOKER,
    LETTERS,
    REVERSE,
    STOP,
    SWAP,
)
from host.games.crack_list.events import (
    Answer,
    CallCountdown,
    Challenge,
    ChooseCategory,
    Move,
    Pass,
    Penalise,
    PlayCrackList,
    PlayReverse,
    PlayStop,
    PlaySwap,
    Vote,
)
from host.games.crack_list.rules import CrackListGame, State
from host.judge.text import answer_letters

ACTION_EVENTS: dict[str, Callable[[str], Move]] = {
    STOP: PlayStop, REVERSE: PlayReverse, CRACK_LIST: PlayCrackList}


def legal_events(game: CrackListGame) -> list[Move]:
    """Every move someone may sensibly make now, in a stable order (the rules may still refuse
    one: a wrong answer is a move too)."""
    if game.state is State.CHOOSING:
        return [ChooseCategory(game.seats[game.chooser].name, n) for n in (1, 2, 3)]
    if game.state is State.VOTING:
        answerer = game.pending.seat if game.pending is not None else None
        return [Vote(seat.name, accept) for i, seat in enumerate(game.seats) if i != answerer
                for accept in (True, False)]
    if game.state is State.ANSWERED:
        return [*penalty_events(game), *table_calls(game)]
    if game.state is State.TURN:
        return [*turn_events(game), *table_calls(game)]
    return []


def table_calls(game: CrackListGame) -> list[Move]:
    """Challenges and countdowns anyone at the table may call."""
    seats = [seat.name for seat in game.seats]
    return [*(Challenge(name) for name in seats), *(CallCountdown(name) for name in seats)]


def turn_events(game: CrackListGame) -> list[Move]:
    """A turn: answers (plain, with their letter, with the Joker), actions, a pass. With
    virtual cards the host knows the hand, so only moves the player can make are offered."""
    player = game.seats[game.current].name
    hand = set(game.hands[game.current])
    known = bool(hand) and HIDDEN not in hand
    answers = _answers(game)
    letters = _playable_letters(game, answers)
    playable = [t for t in answers if not known or JOKER in hand or letters[t] & hand]
    events: list[Move] = [Answer(player, t) for t in playable]
    events += [Answer(player, t, letter) for t in playable for letter in sorted(letters[t])
               if not known or letter in hand]
    if not known or JOKER in hand:
        events += [Answer(player, t, joker=True) for t in answers]
    events += [Answer(player, t) for t in game.given]  # a repeat must be heard to be called out
    events += [event(player) for card, event in ACTION_EVENTS.items()
               if not known or card in hand]
    events.append(Pass(player))
    if not known or SWAP in hand:
        others = [seat.name for i, seat in enumerate(game.seats) if i != game.current]
        events += [PlaySwap(player, target) for target in others]
        cards = sorted(hand - {SWAP}) if known else [*LETTERS, *ACTIONS]
        events += [PlaySwap(player, target, card) for card in cards for target in others]
    return events


def penalty_events(game: CrackListGame) -> list[Move]:
    """Handing out the pending penalty: no penalty, every legal split of its cards among the
    other seats in either order ("give one to Ann and two to Cat"), and all to one seat."""
    pending = game.pending
    if pending is None or not pending.penalty_due:
        return []
    player = game.seats[pending.seat].name
    events: list[Move] = [Penalise(player, ())]
    if not pending.penalty:
        return events
    others = [seat.name for i, seat in enumerate(game.seats) if i != pending.seat]
    for split in _splits(pending.penalty, len(others)):
        for targets in permutations(others, len(split)):
            events.append(Penalise(player, tuple(zip(targets, split, strict=True))))
    events += [Penalise(player, ((target, 0),)) for target in others]
    return events


def _answers(game: CrackListGame) -> list[str]:
    category = game.category
    if category is None:
        return []
    return [text for entry in category.answers for text in (entry.text, *entry.aliases)]


def _playable_letters(game: CrackListGame, answers: list[str]) -> dict[str, set[str]]:
    """The letter cards each answer can be played with, by the judge's own rule (articles,
    people's first or last names)."""
    lang = getattr(game.judge, "lang", "en")
    people = game.category is not None and game.category.people
    return {t: set(answer_letters(t, lang, people)) for t in answers}


def _splits(cards: int, seats: int) -> list[tuple[int, ...]]:
    """The ordered ways to split `cards` into shares of at least one, among at most `seats`."""
    if cards == 0:
        return [()]
    return [(first, *rest) for first in range(1, cards + 1)
            for rest in _splits(cards - first, seats - 1) if seats > 0]
