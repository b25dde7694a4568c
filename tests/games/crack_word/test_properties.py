"""Random event streams, legal or not, never break a Crack Word game, with virtual or physical
cards: nothing raises, the table stays sound, and a refused event changes nothing."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host.core.events import Note, TimeUp, make_seats
from host.games.crack_word.board import WordSet, fold, letters_of
from host.games.crack_word.cards import ETOILE, PETARD
from host.games.crack_word.checks import CrackWordReferee, table_problems
from host.games.crack_word.config import CrackWordConfig
from host.games.crack_word.events import CrackWordEvent, Pass, Petard, Place, Show, Side
from host.games.crack_word.flow import State
from host.games.crack_word.rules import CrackWordGame

WORDS = WordSet(["chat", "chateau", "char", "chariot", "rat", "rate", "art", "arbre", "tarte",
                 "carte", "cartes", "ami", "amie", "mie", "pomme", "ours", "sur", "rue", "une",
                 "nue", "tenir", "tire", "rire", "sel", "les", "ile", "lire", "dire", "idee"])
NAMES = ["Ann", "Bob", "Cat", "Dan", "Zed"]  # Zed is not at the table
PLAYERS = [*NAMES, "@turn", "@turn", "@turn", "@turn"]
LETTERS = ["@hand", "@hand", "@hand", "A", "e", "Z", "", "QU"]
WORD_SPECS = ["@good", "@good", "", "xyz", "chat", "Château"]

COMMON = "EASRTINOULCH"
"""The letters tried first when the host cannot see the hand (physical cards)."""
Spec = tuple[str, str, str, int, str, str, bool, bool]
specs = st.tuples(st.sampled_from(["place", "place", "place", "petard", "pass", "time_up",
                                   "show", "show"]),
                  st.sampled_from(PLAYERS), st.sampled_from(LETTERS), st.integers(-1, 5),
                  st.sampled_from(list(Side)), st.sampled_from(WORD_SPECS), st.booleans(),
                  st.booleans())


def build(game: CrackWordGame, spec: Spec) -> CrackWordEvent:
    """The event a spec describes, against the game as it stands."""
    kind, player, letter, row, side, word, star, crack = spec
    if player == "@turn":
        player = game.seats[game.turn].name
    opening = game.state in (State.CUT, State.START)
    if kind == "show" or (opening and kind != "time_up" and side is not Side.LEFT):
        return shown(game, spec)
    if kind == "time_up":
        return TimeUp(game.timer_token - (row % 2))
    if kind == "pass":
        return Pass(player)
    if kind == "petard":
        return Petard(player, row)
    faces = game.faces(game.turn)  # physical cards: every face the colour may hold
    hand = [face for face in COMMON if face in faces] if len(faces) > 12 else \
        sorted(face for face in faces if face not in (PETARD, ETOILE))
    if letter == "@hand":
        letter = hand[row % len(hand)] if hand else "E"
    if word == "@good" and 0 <= row < 4:
        letters = letters_of(game.rows[row])
        formed = fold(letter) + letters if side is Side.LEFT else letters + fold(letter)
        found = WORDS.words_containing(formed)
        word = found[0] if found else ""
    return Place(player, letter, row, Side(side), word, star and row % 2 == 0, crack=crack)


def shown(game: CrackWordGame, spec: Spec) -> Show:
    """A card shown at the cut or turned (physical cards): mostly by the player awaited and a
    letter their colour holds, sometimes a special card, a K, or another player."""
    _, player, letter, row, _, _, star, crack = spec
    who = player if crack and player != "@turn" else game.expected_player() or "Ann"
    if star:
        return Show(who, [PETARD, ETOILE, "Z", "K"][row % 4])
    return Show(who, "AERST"[row % 5] if letter in ("@hand", "") else letter)


def snapshot(game: CrackWordGame) -> tuple[Any, ...]:
    """Everything an event may change."""
    return (game.board, [list(h) for h in game.hands], [list(p) for p in game.piles],
            [list(s) for s in game.scores], game.turn, game.state, set(game.out),
            game.timer_token, game.emptied, dict(game.cut_shown), list(game.cut_tied))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(stream=st.lists(specs, min_size=10, max_size=200), seed=st.integers(0, 2**16),
       players=st.integers(2, 4), cards=st.sampled_from(["virtual", "physical"]),
       cut=st.booleans(), opened=st.booleans())
def test_any_event_stream_keeps_the_game_sound(stream: list[Spec], seed: int, players: int,
                                               cards: str, cut: bool, opened: bool) -> None:
    config = CrackWordConfig(make_seats(NAMES[:players]), first=None if cut else seed % players,
                             cards="physical" if cards == "physical" else "virtual")
    game = CrackWordGame(config, WORDS, random.Random(seed))
    referee = CrackWordReferee(game)
    game.start()
    if opened:  # physical cards: the stream starts once the cards are cut and turned
        stream = [("show", "@turn", letter, 0, Side.TOP, "", False, False)
                  for letter in "BCDERATE"[4 - players if cut else 4:]] + stream
    for spec in stream:
        event = build(game, spec)
        before = snapshot(game)
        referee.watch()
        notes = game.handle(event)
        if len(notes) == 1 and isinstance(notes[0], Note) and notes[0].kind == "refused":
            assert snapshot(game) == before, (event, notes)
        else:
            assert referee.problems(notes) == [], (event, notes)
        assert table_problems(game) == []
