"""Crack Word's legal moves are the rules' own, and the talk is their grammar: over states the
simulator reaches (French and English, virtual and physical cards, a placement waiting for its
word), every legal move said in every way is read back to itself, a move the rules refuse said
is never read as a legal one, every phrase offered is read as the move it is offered for, and
each seat's page buttons are its moves in set words."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host.companion.views import page_text
from host.core.events import IllegalEvent, TimeUp, make_seats
from host.core.legal import Stakes, misread, ways_said
from host.core.talk import Query
from host.games.crack_word.announce import VOICE
from host.games.crack_word.board import Lexicon, WordSet
from host.games.crack_word.bots import BotSkills, BotTable
from host.games.crack_word.cards import ETOILE, PETARD
from host.games.crack_word.checks import CrackWordReferee
from host.games.crack_word.config import CrackWordConfig
from host.games.crack_word.dictionary import load_dictionary
from host.games.crack_word.events import Move, Pass, Petard, Place, Show, Side
from host.games.crack_word.flow import State
from host.games.crack_word.moves import LegalMoves, legal_moves
from host.games.crack_word.rules import CrackWordGame
from host.games.crack_word.talk import CrackWordTalk
from host.games.crack_word.view import seat_view
from tests.games.crack_word.tables import new_game, with_hand

NAMES = ["Ann", "Bob", "Cat", "Dan"]
LEXICONS: dict[str, Lexicon] = {}


def lexicon(lang: str) -> Lexicon:
    """The game dictionary of the language, loaded once."""
    if lang not in LEXICONS:
        LEXICONS[lang] = load_dictionary(lang)
    return LEXICONS[lang]


def reached(lang: str, cards: str, players: int, seed: int, steps: int,
            waiting: bool) -> CrackWordGame:
    """The game the simulator's bots reach after `steps` events (or its end); `waiting`: then
    the next placement the bots name a word for is said without it, and waits for it."""
    config = CrackWordConfig(make_seats(NAMES[:players]), lang=lang,
                             cards="physical" if cards == "physical" else "virtual")
    game = CrackWordGame(config, lexicon(lang), random.Random(seed))
    bots = BotTable(game, BotSkills(), random.Random(seed + 1))
    game.start()
    for step in range(steps + (20 if waiting else 0)):
        if game.over:
            break
        event = bots.next_event()
        if step >= steps and isinstance(event, Place) and event.word:
            game.handle(replace(event, word=""))
            break
        game.handle(event)
    return game


def rules_take(game: CrackWordGame, move: Move) -> bool:
    """Whether the rules' own checks let this move be made now, in the state the game is in
    (host.games.crack_word.flow: nothing changes)."""
    if game.over:
        return False
    opening = game.state in (State.CUT, State.START)
    try:
        if isinstance(move, Show):
            if not opening:
                return False
            check = game.check_cut if game.state is State.CUT else game.check_starting_letter
            check(move)
        elif opening:
            return False
        elif isinstance(move, Place):
            (game.check_refill if game.state is State.REFILL else game.check_place)(move)
        elif game.state is not State.PLAYING:
            return False
        elif isinstance(move, Petard):
            game.check_petard(move)
        else:
            game.check_pass(move)
    except IllegalEvent:
        return False
    return True


def candidates(game: CrackWordGame, seat: int) -> list[Move]:
    """Moves this seat might say, legal or not: a pass, a Pétard on each row, a few cards
    shown, and a few letters (in hand or not, as an Étoile too) at each place of each row,
    with a word, without, and calling Crack Word."""
    name = game.seats[seat].name
    moves: list[Move] = [Pass(name), *(Petard(name, row) for row in range(4)),
                         *(Show(name, face) for face in ("A", "E", "K", PETARD, ETOILE))]
    hand = sorted(face for face in game.faces(game.turn) if face not in (PETARD, ETOILE))
    for letter in {*hand[:3], "E", "Q"}:
        for row in range(4):
            for side in Side:
                for star in (False, True):
                    place = Place(name, letter, row, side, star=star)
                    moves += [place, replace(place, word="chat"), replace(place, crack=True)]
    return moves


states = dict(lang=st.sampled_from(["fr", "en"]), cards=st.sampled_from(["virtual", "physical"]),
              players=st.integers(2, 4), seed=st.integers(0, 2**16), steps=st.integers(0, 150),
              waiting=st.booleans())
checked = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def said_moves(legal: LegalMoves) -> list[Move]:
    """Every legal move of a seat the talk offers or a player may say in set words: the cards
    shown, every placement as offered, each alone too, and one named with a word that does not
    justify its row (a bluff), the pass and the Pétards, the word alone for one waiting."""
    bluffs = [placement.with_word(word) for placement in legal.placements[:8]
              if placement.needs_word for word in legal.words("CHA")[:1]]
    return [*legal.shows, *legal.offered, *(placement.move for placement in legal.placements),
            *bluffs, *legal.moves, *legal.completions]


@checked
@given(**states)
def test_every_legal_move_said_in_every_way_is_read_back_to_itself(
        lang: str, cards: str, players: int, seed: int, steps: int, waiting: bool) -> None:
    game = reached(lang, cards, players, seed, steps, waiting)
    talk = CrackWordTalk(game)
    offers = talk.offers().choices or ()
    moved = {offer.phrase for offer in offers if not isinstance(offer.move, Query)}
    failures = []
    for seat in range(len(game.seats)):
        legal = legal_moves(game, seat)
        name = game.seats[seat].name
        for move in (*said_moves(legal), *legal.sent_back):
            failures += misread(talk, move, name)
        for question in legal.questions:
            if moved & set(talk.variants(question)):
                continue  # also a word offered for the placement waiting for it: that word
            failures += misread(talk, question, name, unnamed=False)
            assert all(isinstance(talk.parse(line), Query) for line in talk.variants(question))
    assert not failures, failures[:5]


@checked
@given(**states)
def test_every_phrase_offered_is_read_as_the_legal_move_it_is_offered_for(
        lang: str, cards: str, players: int, seed: int, steps: int, waiting: bool) -> None:
    game = reached(lang, cards, players, seed, steps, waiting)
    talk = CrackWordTalk(game)
    offers = talk.offers()
    assert offers.choices is not None and not offers.open
    by_player = {seat.name: legal_moves(game, i) for i, seat in enumerate(game.seats)}
    for phrase in offers.phrases() or []:
        offer, heard = offers.offer(phrase), talk.parse(phrase)
        assert offer is not None
        if isinstance(heard, Query):  # once the game is over, nobody's unless named
            asker = game.expected_player()
            assert heard == replace(offer.move, player=asker), offer
            assert offer.stakes is Stakes.ASK
            continue
        assert heard == offer.move, offer
        legal = by_player[heard.player]
        assert offer.stakes is Stakes.MOVE, offer
        assert legal.allows(heard) or heard in legal.sent_back, offer


@checked
@given(**states)
def test_the_legal_moves_are_the_moves_the_rules_take(
        lang: str, cards: str, players: int, seed: int, steps: int, waiting: bool) -> None:
    game = reached(lang, cards, players, seed, steps, waiting)
    for seat in range(len(game.seats)):
        legal = legal_moves(game, seat)
        assert all(rules_take(game, move) for move in said_moves(legal)), seat
        assert not any(rules_take(game, move) for move in legal.sent_back)
        for move in candidates(game, seat):
            assert legal.allows(move) == rules_take(game, move), move


@checked
@given(**states)
def test_a_move_the_rules_refuse_said_is_never_read_as_a_legal_one(
        lang: str, cards: str, players: int, seed: int, steps: int, waiting: bool) -> None:
    game = reached(lang, cards, players, seed, steps, waiting)
    talk = CrackWordTalk(game)
    for seat in range(len(game.seats)):
        legal, name = legal_moves(game, seat), game.seats[seat].name
        for move in candidates(game, seat):
            if legal.allows(move):
                continue
            for line in ways_said(talk, move, name):
                heard = talk.parse(line, name)
                if not isinstance(heard, Place | Pass | Petard | Show):
                    continue  # no move: a question, or not understood
                assert heard.player == name, (line, heard)
                assert not legal.allows(heard), (line, heard)


@checked
@given(**states)
def test_each_button_of_a_seat_s_page_is_one_of_its_moves_in_set_words(
        lang: str, cards: str, players: int, seed: int, steps: int, waiting: bool) -> None:
    game = reached(lang, cards, players, seed, steps, waiting)
    talk = CrackWordTalk(game)
    for seat in range(len(game.seats)):
        person = game.seats[seat].people[0]
        buttons = seat_view(game, seat, talk.say, page_text(VOICE, game.config.lang)).get(
            "actions", [])
        sent = [talk.parse(f"{person}: {option['say']}")  # as the companion hears a button
                for button in buttons for option in button.get("options", [button])]
        assert sent == list(legal_moves(game, seat).moves)


def test_only_the_player_on_turn_moves_and_anyone_asks() -> None:
    game = reached("fr", "virtual", 3, 1, 0, waiting=False)
    on_turn = legal_moves(game, game.turn)
    other = legal_moves(game, (game.turn + 1) % 3)
    assert on_turn.placements and Pass(game.seats[game.turn].name) in on_turn.moves
    assert not other.placements and not other.moves and not other.shows
    assert Query("board", other.questions[0].player) in other.questions


def test_a_placement_takes_any_word_and_is_offered_with_the_dictionary_s() -> None:
    game = with_hand(new_game(), "RA*", "CHA", "", "ARA")
    legal = legal_moves(game, 0)
    placement = legal.placement(Place("Ann", "R", 0, Side.RIGHT))
    assert placement is not None and placement.formed == "CHAR" and placement.needs_word
    assert legal.forms(placement) == (placement.with_word("char"),
                                      placement.with_word("chariot"),
                                      replace(placement.move, crack=True))  # Ann's CHA
    assert legal.allows(placement.with_word("pomme"))  # a bluff is a legal move
    assert not legal.allows(replace(placement.move, player="Bob"))
    empty = legal.placement(Place("Ann", "R", 1, Side.LEFT))
    assert empty is not None and not empty.needs_word and legal.forms(empty) == (empty.move,)
    on_top = legal.placement(Place("Ann", "A", 2, Side.TOP))  # the leftmost A
    assert on_top is not None and on_top.move.at == 0 and not on_top.needs_word
    assert legal.placement(Place("Ann", "A", 2, Side.TOP, at=1)) is None  # an R
    assert legal.placement(Place("Ann", "Z", 0, Side.LEFT, star=True)) is not None
    assert legal.placement(Place("Ann", "Z", 0, Side.LEFT)) is None  # no Z in hand


def test_a_word_offered_for_the_placement_waiting_for_it_is_that_word_not_a_question() -> None:
    game = with_hand(new_game(), "G", "RE")
    game.lexicon = WordSet(["règles", "chat"])
    game.handle(Place("Ann", "G", 0, Side.RIGHT))  # REG: which word?
    talk = CrackWordTalk(game)
    waiting = Place("Ann", "G", 0, Side.RIGHT, "règles")
    assert "règles" in talk.choices() and talk.parse("règles") == waiting
    assert talk.parse("explique les règles") == Query("rules", "Ann")
    assert talk.parse("Bob: règles") == Query("rules", "Bob")  # not his placement


@pytest.mark.parametrize("cards", ["virtual", "physical"])
def test_the_referee_reports_a_move_that_is_none_of_the_legal_moves(cards: str) -> None:
    game = reached("en", cards, 3, 2, 30, waiting=False)
    referee = CrackWordReferee(game)
    off_turn = game.seats[(game.turn + 1) % 3].name
    assert referee.illegal_event(Pass(off_turn)) == f"{Pass(off_turn)} was none of the legal moves"
    assert referee.illegal_event(TimeUp(game.timer_token - 1)) is not None
    assert referee.illegal_event(TimeUp(game.timer_token)) is None
