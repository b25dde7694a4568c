"""Short List games for tests: a started table on the shipped question cards (the Germany card
unless told), and a random move someone at the table might make."""

from __future__ import annotations

import random

from host.core.events import Seat, TimeUp, make_seats
from host.decks import QuestionCard, load_game_decks
from host.games.short_list.config import ShortListConfig
from host.games.short_list.events import Answer, Jump, Pass, ShortListEvent
from host.games.short_list.rules import ShortListGame
from host.judge import Judge

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
GERMANY = "sl-en-001"
"""Name a country that shares a land border with Germany: 9 answers, Netherlands | Holland."""

JUDGE = Judge()
CARDS = [card for deck in load_game_decks("short-list") for card in deck.questions]


def card(card_id: str = GERMANY) -> QuestionCard:
    """One shipped question card."""
    return next(c for c in CARDS if c.id == card_id)


def new_game(cards: list[QuestionCard] | None = None, players: int = 4, *, seed: int = 1,
             host_quizmaster: bool = False, seats: tuple[Seat, ...] | None = None
             ) -> ShortListGame:
    """A started game (Ann the first quizmaster, Bob on turn), every question the given cards."""
    config = ShortListConfig(seats or make_seats(NAMES[:players]),
                             host_quizmaster=host_quizmaster)
    game = ShortListGame(config, cards or [card()], JUDGE, random.Random(seed))
    game.start()
    return game


def random_move(game: ShortListGame, rng: random.Random) -> ShortListEvent:
    """A move someone at the table might make: right, repeated, wrong, a pass, a jump, silence."""
    assert game.card is not None
    forms = [f for e in game.card.answers for f in (e.text, *e.aliases)]
    wrong = rng.choice(CARDS).answers[0].text
    text = rng.choice([rng.choice(forms), rng.choice(forms), wrong,
                       *(game.given[-1:] or [wrong])])
    jumpers = [i for i in range(len(game.seats)) if i not in game.out
               and i not in (game.quizmaster, game.guesser) and game.its_my_turn[i] > 0]
    roll = rng.random()
    if jumpers and roll < 0.15:
        return Jump(game.seats[rng.choice(jumpers)].name, text)
    guesser = game.seats[game.guesser].name
    if roll < 0.25:
        return Pass(guesser)
    if roll < 0.3:
        return TimeUp(game.timer_token)
    return Answer(guesser, text)
