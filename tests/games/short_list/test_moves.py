"""Short List's legal moves are the rules' own, and the talk is their grammar: over states the
simulator reaches, every legal move said in every way is read back to itself, and a move the
rules refuse, said, is never read as a legal one."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host.companion.views import page_text
from host.core.events import IllegalEvent, make_seats
from host.core.legal import misread, ways_said
from host.core.talk import Query
from host.decks import QuestionCard
from host.games.short_list.announce import VOICE
from host.games.short_list.bots import BotSkills, BotTable, other_answers
from host.games.short_list.config import ShortListConfig
from host.games.short_list.events import Answer, Jump, Move, Pass
from host.games.short_list.moves import CLAIM, LegalMoves, OpenGuess, legal_moves
from host.games.short_list.rules import ShortListGame
from host.games.short_list.talk import ShortListTalk
from host.games.short_list.view import seat_view
from host.judge import Judge, Reason

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
WORDS = page_text(VOICE)


def reached(judge: Judge, questions: list[QuestionCard], seed: int, players: int,
            host: bool, steps: int) -> ShortListGame:
    """The game the simulator's bots reach after `steps` events (or its end)."""
    config = ShortListConfig(make_seats(NAMES[:players]), first=seed % players,
                             host_quizmaster=host)
    game = ShortListGame(config, questions, judge, random.Random(seed))
    bots = BotTable(game, BotSkills(), random.Random(seed + 1))
    game.start()
    for _ in range(steps):
        if game.over:
            break
        game.handle(bots.next_event())
    return game


def rules_take(game: ShortListGame, move: Move) -> bool:
    """Whether the rules' own checks let this move be made now (nothing changes)."""
    if game.over:
        return False
    try:
        if isinstance(move, Jump):
            game.check_jump(move)
        elif isinstance(move, Answer):
            game.check_answer(move)
        else:
            game.check_turn(move)
    except IllegalEvent:
        return False
    return True


def candidates(game: ShortListGame, seat: int) -> list[Move]:
    """Moves this seat might try: a pass, and a few of the card's answers, on turn or jumping."""
    name = game.seats[seat].name
    forms = [entry.text for entry in game.card.answers][:3] if game.card else ["Paris"]
    return [Pass(name), *(Answer(name, form) for form in forms),
            *(Jump(name, form) for form in forms)]


def off_card(game: ShortListGame, questions: list[QuestionCard], judge: Judge) -> list[str]:
    """A few real words the judge rules off the card in play."""
    if game.card is None:
        return []
    category = game.card.category
    words = other_answers(questions[:40])
    return [word for word in words if judge.judge(category, word).reason
            is Reason.NOT_IN_LIST][:3]


states = dict(seed=st.integers(0, 2**16), players=st.integers(3, 8), host=st.booleans(),
              steps=st.integers(0, 120))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**states)
def test_every_legal_move_said_in_every_way_is_read_back_to_itself(
        judge: Judge, questions: list[QuestionCard], seed: int, players: int, host: bool,
        steps: int) -> None:
    game = reached(judge, questions, seed, players, host, steps)
    talk = ShortListTalk(game)
    failures = []
    for seat in range(len(game.seats)):
        legal = legal_moves(game, seat)
        name = game.seats[seat].name
        for move in (*legal.moves, *legal.guesses, *legal.calls):
            failures += misread(talk, move, name)
        for question in legal.questions:
            failures += misread(talk, question, name, unnamed=False)
            assert all(isinstance(talk.parse(line), Query) for line in talk.variants(question))
        if legal.open_guess is not None:
            for words in off_card(game, questions, judge):
                guess = legal.open_guess.with_words(words)
                failures += misread(talk, guess, name, unnamed=isinstance(guess, Jump))
    assert not failures


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**states)
def test_the_legal_moves_are_the_moves_the_rules_take(
        judge: Judge, questions: list[QuestionCard], seed: int, players: int, host: bool,
        steps: int) -> None:
    game = reached(judge, questions, seed, players, host, steps)
    for seat in range(len(game.seats)):
        legal = legal_moves(game, seat)
        assert all(rules_take(game, move) for move in (*legal.moves, *legal.guesses))
        for move in candidates(game, seat):
            assert legal.allows(move) == rules_take(game, move), move


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**states)
def test_a_move_the_rules_refuse_said_is_never_read_as_a_legal_one(
        judge: Judge, questions: list[QuestionCard], seed: int, players: int, host: bool,
        steps: int) -> None:
    game = reached(judge, questions, seed, players, host, steps)
    talk = ShortListTalk(game)
    legal = [legal_moves(game, seat) for seat in range(len(game.seats))]
    for seat in range(len(game.seats)):
        name = game.seats[seat].name
        for move in candidates(game, seat):
            if legal[seat].allows(move):
                continue
            for line in ways_said(talk, move, name):
                heard = talk.parse(line, name)
                if not isinstance(heard, Answer | Jump | Pass):
                    continue  # no move: asked about, or not understood
                assert heard.player == name, (line, heard)
                # Read as itself, for the rules to refuse with their reason; an answer off
                # turn is the jump the rulebook makes of it ("It's my turn!"), and a jump by the
                # guesser on turn their answer.
                jump = isinstance(move, Answer) and heard == Jump(name, move.text)
                own_turn = isinstance(move, Jump) and name == game.expected_player() \
                    and heard == Answer(name, move.text)
                assert heard == move or jump or own_turn, (line, heard)
                assert jump or own_turn or not legal[seat].allows(heard), (line, heard)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**states)
def test_each_button_of_a_seat_s_page_is_one_of_its_legal_moves_or_calls(
        judge: Judge, questions: list[QuestionCard], seed: int, players: int, host: bool,
        steps: int) -> None:
    game = reached(judge, questions, seed, players, host, steps)
    talk = ShortListTalk(game)
    for seat in range(len(game.seats)):
        legal = legal_moves(game, seat)
        person = game.seats[seat].people[0]
        sent = [talk.parse(f"{person}: {button['say']}")  # as the companion hears a button
                for button in seat_view(game, seat, talk.say, WORDS).get("actions", [])]
        assert sent == [*legal.moves, *legal.calls]


def test_a_guesser_may_pass_or_guess_in_any_words_and_the_card_s_answers_are_secret(
        judge: Judge, questions: list[QuestionCard]) -> None:
    game = reached(judge, questions, 0, 4, False, 0)  # Ann quizmaster, Bob on turn
    on_turn, jumper, quizmaster = (legal_moves(game, seat) for seat in (1, 2, 0))
    assert on_turn.moves == (Pass("Bob"),)
    assert on_turn.open_guess == OpenGuess("Bob", jump=False)
    assert on_turn.allows(Answer("Bob", "Atlantis")) and not on_turn.allows(Jump("Bob", "x"))
    assert on_turn.secret == frozenset(on_turn.guesses)  # nothing found yet
    assert jumper.calls == (Query(CLAIM, "Cat"),) and jumper.open_guess == OpenGuess("Cat", True)
    assert quizmaster == LegalMoves(questions=quizmaster.questions)


def test_an_answer_found_is_no_secret_but_still_a_guess(judge: Judge,
                                                       questions: list[QuestionCard]) -> None:
    game = reached(judge, questions, 0, 4, False, 0)  # Ann quizmaster, Bob on turn
    assert game.card is not None
    entry = game.card.answers[0]
    game.handle(Answer("Bob", entry.text))
    legal = legal_moves(game, game.guesser)
    name = game.seats[game.guesser].name
    assert Answer(name, entry.text) in legal.guesses
    assert Answer(name, entry.text) not in legal.secret
