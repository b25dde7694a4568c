"""The phrases that make sense at this moment of a Crack List game: the recognizer's choices."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import permutations, product

from host.core.speaker import CORE_PHRASES, LETTER_NAMES, number_word
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
from host.games.crack_list.rules import CrackListGame, State
from host.judge.text import answer_letters

QUESTIONS = (*CORE_PHRASES, "what's the category", "my hand", "score")
TABLE_CALLS = ("challenge", "crack on")


def _people(game: CrackListGame) -> list[str]:
    return [person for seat in game.seats for person in seat.people]


def _answers(game: CrackListGame) -> list[str]:
    category = game.category
    if category is None:
        return []
    return [text for entry in category.answers for text in (entry.text, *entry.aliases)]


def choosing_phrases(game: CrackListGame) -> list[str]:
    """Choosing a category: numbers and the titles on offer."""
    numbers = [number_word(n) for n in (1, 2, 3)]
    phrases = [f"number {word}" for word in numbers]
    phrases += [*numbers, "the first one", "the second one", "the third one"]
    if game.offered:
        phrases += [category.title for category in game.offered.categories]
    return phrases


def turn_phrases(game: CrackListGame) -> list[str]:
    """A turn: answers (plain, with their letter, with the Joker) and actions. With virtual
    cards the host knows the hand, so only moves the player can make are expected."""
    hand = set(game.hands[game.current]) if game.state is State.TURN else set()
    known = bool(hand) and HIDDEN not in hand
    answers = _answers(game)
    letters = _playable_letters(game, answers)
    playable = [t for t in answers if not known or JOKER in hand or letters[t] & hand]
    phrases = list(playable)
    phrases += [
        f"{letter}, {t}"
        for t in playable
        for letter in sorted(letters[t])
        if not known or letter in hand
    ]
    if not known or JOKER in hand:
        phrases += [f"joker {t}" for t in answers]
    phrases += game.given  # a repeat must be heard for the host to call it out
    names = [n for n in _people(game) if n != game.seats[game.current].name]
    actions = {STOP: "stop", REVERSE: "reverse", CRACK_LIST: "crack list"}
    phrases += [said for card, said in actions.items() if not known or card in hand]
    phrases.append("pass")
    if not known or SWAP in hand:
        phrases += [f"swap with {name}" for name in names]
        cards = sorted(hand - {SWAP}) if known else [*LETTERS, *ACTIONS]
        phrases += [
            f"swap my {card.replace('_', ' ').lower() if card in ACTIONS else card} with {name}"
            for card in cards
            for name in names
        ]
    return phrases


def _playable_letters(game: CrackListGame, answers: list[str]) -> dict[str, set[str]]:
    """The letter cards each answer can be played with, by the judge's own rule (articles,
    people's first or last names)."""
    lang = getattr(game.judge, "lang", "en")
    people = game.category is not None and game.category.people
    return {t: set(answer_letters(t, lang, people)) for t in answers}


def penalty_phrases(game: CrackListGame) -> list[str]:
    """Handing out the pending penalty: every legal split of its cards among the other seats'
    people, in either order ("give one to Ann and two to Cat"), and "all to Ann"."""
    phrases = ["no penalty"]
    pending = game.pending
    if pending is None or not pending.penalty:
        return phrases
    others = [seat.people for i, seat in enumerate(game.seats) if i != pending.seat]
    for split in _splits(pending.penalty, len(others)):
        for seats in permutations(range(len(others)), len(split)):
            for people in product(*(others[i] for i in seats)):
                shares = zip(split, people, strict=True)
                parts = [f"{number_word(n)} to {who}" for n, who in shares]
                phrases.append("give " + " and ".join(parts))
    phrases += [f"all to {who}" for people in others for who in people]
    return phrases


def _penaliser(game: CrackListGame) -> list[str]:
    """Who may hand out the pending penalty (the people of the seat that answered)."""
    pending = game.pending
    return list(game.seats[pending.seat].people) if pending and pending.penalty else []


def _splits(cards: int, seats: int) -> list[tuple[int, ...]]:
    """The ordered ways to split `cards` into shares of at least one, among at most `seats`."""
    if cards == 0:
        return [()]
    return [(first, *rest) for first in range(1, cards + 1)
            for rest in _splits(cards - first, seats - 1) if seats > 0]


def prefixed(names: Iterable[str], calls: Iterable[str]) -> list[str]:
    """Calls said by a named player: "Bob challenge"."""
    return [f"{name} {call}" for name in names for call in calls]


def phrases_now(game: CrackListGame) -> list[str]:
    """Every phrase the host expects now, without duplicates, in a stable order."""
    names = _people(game)
    if game.state is State.CHOOSING:
        phrases = choosing_phrases(game)
    elif game.state is State.VOTING:
        phrases = ["yes", "no", *prefixed(names, ("yes", "no"))]
    elif game.state is State.ANSWERED:
        penalties = penalty_phrases(game)
        # After a Joker the host waits for the next player too, so the penaliser may say
        # their name first: "Ann give one to Bob".
        phrases = penalties + prefixed(_penaliser(game), penalties)
        phrases += prefixed(names, TABLE_CALLS)
    else:
        phrases = turn_phrases(game) + list(TABLE_CALLS) + prefixed(names, TABLE_CALLS)
    phrases += list(QUESTIONS) + [f"how many cards has {name} got" for name in names]
    phrases += [f"my turn {name}" for name in names]
    return list(dict.fromkeys(phrases))


__all__ = ["LETTER_NAMES", "phrases_now"]
