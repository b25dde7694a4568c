"""Crack List's legal moves are the rules' own, and the talk is their grammar: over states the
simulator reaches, every legal move of every seat said in every way is read back to itself, a
move the rules refuse, said, is never read as a legal one, and the page's buttons are the legal
moves in set words."""

from __future__ import annotations

import functools
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host.companion.views import page_text
from host.core.events import IllegalEvent, TimeUp, make_seats
from host.core.legal import misread, ways_said
from host.core.talk import CLAIM_TURN, Query, clean
from host.decks import CategoryCard
from host.games.crack_list.announce import VOICE
from host.games.crack_list.bots import BotSkills, BotTable
from host.games.crack_list.cards import JOKER, STOP, SWAP
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
from host.games.crack_list.moves import LegalMoves, legal_moves, listing_of
from host.games.crack_list.rules import CrackListConfig, CrackListGame, State
from host.games.crack_list.setup import category_cards
from host.games.crack_list.talk import TABLE_CALLS, CrackListTalk
from host.games.crack_list.view import seat_view
from host.judge import Judge
from tests.games.crack_list.conftest import OPEN, TableFactory

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
WORDS = page_text(VOICE)
TEAMS = [["Ann", "Dan"], ["Bob", "Eve"], ["Cat", "Fay"]]
OWN_WORDS = ("Atlantis", "Narnia", "Gotham", "Camelot")
"""Words on no list: an answer in the player's own words."""
ANSWERS_SAID = 40
"""How many of a seat's listed answers each state says in every way (spread over the list)."""


@functools.cache
def shipped() -> list[CategoryCard]:
    """The shipped red cards (not a fixture: a failing example prints its arguments)."""
    return category_cards("en", [], adults=False)


def reached(judge: Judge, red: list[CategoryCard], seed: int, players: int, physical: bool,
            teams: bool, steps: int) -> CrackListGame:
    """The game the simulator's bots reach after `steps` events (or its end)."""
    seats = make_seats(teams=TEAMS) if teams else make_seats(NAMES[:players])
    config = CrackListConfig(seats, cards="physical" if physical else "virtual",
                             first=seed % len(seats))
    game = CrackListGame(config, red, judge, random.Random(seed))
    bots = BotTable(game, BotSkills(), random.Random(seed + 1))
    game.start()
    for _ in range(steps):
        if game.over:
            break
        game.handle(bots.next_event())
    return game


def spread(answers: tuple[Answer, ...]) -> tuple[Answer, ...]:
    """At most ANSWERS_SAID of these answers, spread over them (the lists are long)."""
    step = max(1, len(answers) // ANSWERS_SAID)
    return answers[::step]


def closes_window(game: CrackListGame, move: Move) -> bool:
    """Whether this is an act that would close a last card's window (not played)."""
    return game.state is State.ANSWERED and isinstance(
        move, Answer | PlayStop | PlayReverse | PlayCrackList | PlaySwap | Pass)


def rules_take(game: CrackListGame, move: Move) -> bool:
    """Whether the rules take this move now: its trigger leaves the state it is in, and its
    check raises nothing (the checks change nothing)."""
    state, pending, window = game.state, game.pending, closes_window(game, move)
    checks = {ChooseCategory: (State.CHOOSING, game.check_choice),
              Answer: (State.TURN, game.check_answer),
              PlayStop: (State.TURN, game.check_stop_card),
              PlayReverse: (State.TURN, game.check_reverse_card),
              PlayCrackList: (State.TURN, game.check_crack_list_card),
              PlaySwap: (State.TURN, game.check_swap), Pass: (State.TURN, game.check_turn),
              Penalise: (State.ANSWERED, game.check_penalty),
              Vote: (State.VOTING, game.check_vote),
              CallCountdown: (State.TURN, game.check_countdown)}
    source, check = (State.ANSWERED, game.check_window_closes) if window else \
        checks.get(type(move), (None, None))
    if isinstance(move, Challenge):
        source, check = state, game.check_challenge
        if state not in (State.TURN, State.ANSWERED):
            return False
    if state is not source or check is None:
        return False
    try:
        check(move)  # type: ignore[operator]
    except IllegalEvent:
        return False
    finally:
        game._judged = None  # what check_answer judged is no event of the game's
    return not (window and pending is None)


def candidates(game: CrackListGame, seat: int) -> list[Move]:
    """Moves this seat might try: one of every kind, and a few answers."""
    name = game.seats[seat].name
    others = [s.name for i, s in enumerate(game.seats) if i != seat]
    listed = [e.text for e in game.category.answers[:3]] if game.category else []
    return [Pass(name), PlayStop(name), PlayReverse(name), PlayCrackList(name), Challenge(name),
            CallCountdown(name), Vote(name, True), Vote(name, False), Penalise(name, ()),
            ChooseCategory(name, 1), ChooseCategory(name, 3),
            *(PlaySwap(name, other) for other in others[:2]),
            PlaySwap(name, others[0], STOP), PlaySwap(name, others[0], SWAP),
            *(Penalise(name, ((other, 0),)) for other in others[:2]),
            Penalise(name, ((others[0], 2),)),
            *(Answer(name, text) for text in [*listed, *OWN_WORDS[:1]]),
            *(Answer(name, text, text[0].upper()) for text in listed),
            *(Answer(name, text, joker=True) for text in listed[:1])]


states = dict(seed=st.integers(0, 2**16), players=st.integers(2, 6), physical=st.booleans(),
              teams=st.booleans(), steps=st.integers(0, 160))
SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@SETTINGS
@given(**states)
def test_every_legal_move_said_in_every_way_is_read_back_to_itself(
        judge: Judge, seed: int, players: int, physical: bool,
        teams: bool, steps: int) -> None:
    game = reached(judge, shipped(), seed, players, physical, teams, steps)
    talk = CrackListTalk(game)
    awaited = game.expected_player()
    listed = listing_of(game.category, game.judge).cleaned if game.category else frozenset()

    def answers(move: object) -> bool:
        """Whether this is the player on turn giving a listed answer."""
        return isinstance(move, Answer) and move.player == awaited and clean(move.text) in listed

    failures = []
    for seat in range(len(game.seats)):
        legal = legal_moves(game, seat)
        name = game.seats[seat].name
        moves = (*legal.moves, *spread(legal.answers), *legal.refused[:ANSWERS_SAID])
        for move in moves:
            # Said bare, a call anyone may make is its player's when their voice is known
            # (a claimed turn, a name typed); from an unknown voice it is the awaited one's.
            unnamed = move.player == awaited or not isinstance(move, TABLE_CALLS)
            failures += misread(talk, move, name, unnamed=unnamed)
            if not unnamed:
                failures += [f"{line!r} is no one's" for line in talk.variants(move)
                             if line != talk.say(move) and talk.parse(line) != move]
        for said in (*legal.calls, *legal.questions):
            # A question is a question, but for the listed answer of the player on turn
            # ("score" among slang words for money): a question can wait.
            heard = [(line, talk.parse(line, speaker)) for speaker in (name, None)
                     for line in (ways_said(talk, said, name) if speaker else
                                  talk.variants(said))]
            failures += [f"{line!r}: {move}" for line, move in heard
                         if move != said and not answers(move)
                         and (said.kind == CLAIM_TURN or not isinstance(move, Query))]
        if legal.open_answer is not None:
            for words in OWN_WORDS:
                answer = Answer(name, words)
                if legal.allows(answer):
                    failures += misread(talk, answer, name, unnamed=name == awaited)
    assert not failures


@SETTINGS
@given(**states)
def test_the_legal_moves_are_the_moves_the_rules_take(
        judge: Judge, seed: int, players: int, physical: bool,
        teams: bool, steps: int) -> None:
    game = reached(judge, shipped(), seed, players, physical, teams, steps)
    for seat in range(len(game.seats)):
        legal = legal_moves(game, seat)
        assert all(rules_take(game, move) for move in (*legal.moves, *spread(legal.answers)))
        assert not any(rules_take(game, move) for move in legal.refused[:ANSWERS_SAID])
        assert not set(legal.refused) & set(legal.moves)
        for move in candidates(game, seat):
            if not closes_window(game, move):  # any such act is taken: it is not played
                assert legal.allows(move) == rules_take(game, move), move


def words_of_the_moment(meant: Move, heard: Move, legal: LegalMoves) -> bool:
    """Whether the words of a move the rules refuse are, by design, another move now: on
    one's turn any words are an answer in one's own words ("the first one" is no choice);
    words like a title choose it ("reverse" may be "Things you can reverse"; with physical
    cards, any words are a title); while a penalty waits, an answer that names a player is
    the penalty handed to them ("Eve"), and at a table of two, "yes" gives it to the other."""
    return (isinstance(heard, Answer) and heard not in legal.answers) \
        or isinstance(heard, ChooseCategory) \
        or (isinstance(heard, Penalise) and isinstance(meant, Answer | Vote))


@SETTINGS
@given(**states)
def test_a_move_the_rules_refuse_said_is_never_read_as_a_legal_one(
        judge: Judge, seed: int, players: int, physical: bool,
        teams: bool, steps: int) -> None:
    game = reached(judge, shipped(), seed, players, physical, teams, steps)
    talk = CrackListTalk(game)
    legal = {seat.name: legal_moves(game, i) for i, seat in enumerate(game.seats)}
    # Read as itself (for the rules to refuse with their reason), as no move, or as the
    # words of another move now (words_of_the_moment): never as another legal move.
    for seat in range(len(game.seats)):
        name = game.seats[seat].name
        for move in candidates(game, seat):
            if legal[name].allows(move):
                continue
            for line in ways_said(talk, move, name):
                heard = talk.parse(line, name)
                player = getattr(heard, "player", None)
                if isinstance(heard, Query) or player not in legal:
                    continue  # no move: asked about, or not understood
                assert words_of_the_moment(move, heard, legal[player]) \
                    or not legal[player].allows(heard), (line, heard)


@SETTINGS
@given(**states)
def test_the_page_s_buttons_and_the_talk_agree(
        judge: Judge, seed: int, players: int, physical: bool,
        teams: bool, steps: int) -> None:
    game = reached(judge, shipped(), seed, players, physical, teams, steps)
    talk = CrackListTalk(game)
    for seat in range(len(game.seats)):
        legal = legal_moves(game, seat)
        person = game.seats[seat].people[0]
        buttons = seat_view(game, seat, talk.say, WORDS).get("actions", [])
        said = [option["say"] for button in buttons
                for option in button.get("options", [button])]
        sent = [talk.parse(f"{person}: {line}") for line in said]  # as the companion hears it
        assert all(isinstance(move, Query) or legal.allows(move) for move in sent), sent
        # Every legal move in set words has its button, once: a split of a penalty in one
        # order only ("one to Ann and two to Cat" is "two to Cat and one to Ann"), a penalty
        # given whole to one player by its count ("give two to Cat") as "All to Cat".
        whole = {move for move in legal.moves if isinstance(move, Penalise)
                 and len(move.targets) == 1 and move.targets[0][1]}
        assert {unordered(move) for move in sent} == \
            {unordered(move) for move in legal.moves if move not in whole}
        assert len(sent) == len({unordered(move) for move in sent})
        assert all(Penalise(move.player, ((move.targets[0][0], 0),)) in sent for move in whole)


def unordered(move: object) -> object:
    """A move, a penalty's split as who takes how many, in whatever order it is said."""
    if isinstance(move, Penalise) and len(move.targets) > 1:
        return move.player, frozenset(move.targets)
    return move


def test_the_answerer_may_challenge_a_refusal_and_nobody_their_own_answer(
        table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", OPEN))
    t.rig(1, ["C", "A"])
    t(Answer("Bob", "Cheating ref"))  # unverifiable: it stands, open to challenge
    assert Challenge("Bob") not in legal_moves(t.game, 1).moves
    assert Challenge("Bob") in legal_moves(t.game, 1).refused
    assert Challenge("Ann") in legal_moves(t.game, 0).moves


def test_the_countdown_is_refused_aloud_in_the_turn_s_own_share(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", 1))
    ann = legal_moves(t.game, 0)
    assert CallCountdown("Ann") in ann.refused and CallCountdown("Ann") not in ann.moves
    t(TimeUp(t.game.timer_token))  # the turn's own share is over
    assert CallCountdown("Ann") in legal_moves(t.game, 0).moves


def test_a_player_votes_once(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", OPEN))
    t.rig(1, ["C", "A"])
    t(Answer("Bob", "Cheating ref"))
    t(Challenge("Ann"))
    assert t.game.state is State.VOTING
    assert legal_moves(t.game, 1).moves == ()  # the answerer does not vote
    assert legal_moves(t.game, 0).moves == (Vote("Ann", True), Vote("Ann", False))


def test_only_the_joker_plays_an_answer_said_with_it(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", 1))  # Films
    t.rig(1, [JOKER, "A"])
    bob = legal_moves(t.game, 1)
    assert Answer("Bob", "Jaws", joker=True) in bob.answers and bob.allows(
        Answer("Bob", "Jaws", joker=True))
    assert Answer("Bob", "Jaws") in bob.refused and not bob.allows(Answer("Bob", "Jaws"))
    assert Answer("Bob", "Alien") in bob.answers and Answer("Bob", "Alien", "A") in bob.answers


def test_the_next_player_s_act_closes_a_last_card_s_window(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", 1))
    t.rig(1, ["A"])
    t(Answer("Bob", "Alien"))
    assert t.game.state is State.ANSWERED
    cat = legal_moves(t.game, 2)
    assert Pass("Cat") in cat.moves and cat.open_answer is not None
    assert legal_moves(t.game, 0).open_answer is None
    assert LegalMoves().allows(Pass("Cat")) is False
