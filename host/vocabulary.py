"""The phrases that make sense at this moment of a Crack List game: the recognizer's choices."""

from __future__ import annotations

from collections.abc import Iterable

from host.games.crack_list import CrackListGame, State
from host.games.crack_list_cards import ACTIONS, LETTERS
from host.intents import LETTER_NAMES, SPOKEN_NUMBERS

QUESTIONS = ("repeat", "what's the category", "my hand", "score", "help", "rules", "pause",
             "resume", "quit")
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
    phrases = [f"number {word}" for word in SPOKEN_NUMBERS.values()]
    phrases += list(SPOKEN_NUMBERS.values()) + ["the first one", "the second one", "the third one"]
    if game.offered:
        phrases += [category.title for category in game.offered.categories]
    return phrases


def turn_phrases(game: CrackListGame) -> list[str]:
    """A turn: answers (plain, with their letter, with the Joker), actions, penalties."""
    answers = _answers(game)
    phrases = list(answers)
    phrases += [f"{text[0].upper()}, {text}" for text in answers if text[:1].isalpha()]
    phrases += [f"joker {text}" for text in answers]
    names = _people(game)
    phrases += ["stop", "reverse", "crack list", "pass"]
    phrases += [f"swap with {name}" for name in names]
    cards = [*LETTERS, *(action.replace("_", " ").lower() for action in ACTIONS)]
    phrases += [f"swap my {card} with {name}" for card in cards for name in names]
    phrases += penalty_phrases(names)
    return phrases


def penalty_phrases(names: list[str]) -> list[str]:
    """Handing out penalty cards."""
    phrases = ["no penalty"]
    for name in names:
        phrases += [f"give {n} to {name}" for n in SPOKEN_NUMBERS.values()]
        phrases.append(f"all to {name}")
        for other in names:
            if other != name:
                phrases += [f"give one to {name} and one to {other}",
                            f"give one to {name} and two to {other}"]
    return phrases


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
    else:
        phrases = turn_phrases(game) + prefixed(names, TABLE_CALLS)
    phrases += list(QUESTIONS) + [f"how many cards has {name} got" for name in names]
    return list(dict.fromkeys(phrases))


__all__ = ["LETTER_NAMES", "phrases_now"]
