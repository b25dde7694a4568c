"""Scattergories' legal moves are the rules' own, and the talk is their grammar: over states the
simulator reaches, every legal move said in every way is read back to itself, a move the rules
refuse, said, is never read as a legal one, and each seat's page offers its legal moves."""

from __future__ import annotations

import random
import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host.companion.views import page_text
from host.core.events import IllegalEvent, Note, make_seats
from host.core.legal import misread, ways_said
from host.core.talk import Query, Unclear
from host.games.scattergories.announce import VOICE
from host.games.scattergories.bots import BotSkills, BotTable
from host.games.scattergories.config import ScattergoriesConfig
from host.games.scattergories.events import (
    AgreeMoreTime,
    AskMoreTime,
    Challenge,
    ChooseLetter,
    Move,
    ReadAnswer,
    Vote,
)
from host.games.scattergories.flow import State
from host.games.scattergories.moves import LegalMoves, OpenAnswer, legal_moves
from host.games.scattergories.rules import ScattergoriesGame
from host.games.scattergories.talk import ScattergoriesTalk
from host.games.scattergories.view import seat_view
from tests.games.scattergories.tables import DECK, JUDGE, new_game, to_reading

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Gus"]
WORDS = page_text(VOICE)
PARTNERS = ["Zoe", "Max", "Liv", "Kim", "Ola", "Ray"]
"""Each player's team-mate, when the table plays in teams."""
OWN_WORDS = ["Atlantis", "pass", "score", "the letter P", "one more minute", "Cat Stevens",
             "challenge Bob", "no way", "Um Bongo", "I wrote it"]
"""Answers in a reader's own words, some that sound like something else."""
FORMS_CHECKED = 40
"""Likely forms of the reader's answer said back, at most, a state (a category may know
hundreds)."""


def reached(seed: int, players: int, twelve: bool, steps: int) -> ScattergoriesGame:
    """The game the simulator's bots reach after `steps` events (or its end); they challenge
    and ask for more time more often than the defaults, to meet every moment. An odd seed
    seats teams of two."""
    teams = [[name, partner] for name, partner in zip(NAMES, PARTNERS, strict=True)]
    seats = make_seats(teams=teams[:players]) if seed % 2 else make_seats(NAMES[:players])
    config = ScattergoriesConfig(seats, first=seed % players,
                                 list_number=1 + seed % len(DECK), categories=12 if twelve else 6)
    game = ScattergoriesGame(config, DECK, JUDGE, random.Random(seed))
    bots = BotTable(game, BotSkills(ask_time=0.6, challenge=0.2, choose_timeout=0.0),
                    random.Random(seed + 1))
    game.start()
    for _ in range(steps):
        if game.over:
            break
        game.handle(bots.next_event())
    return game


CHECKS = {ChooseLetter: "check_choice", AskMoreTime: "check_ask",
          AgreeMoreTime: "check_agreement", ReadAnswer: "check_reader",
          Challenge: "check_challenge", Vote: "check_vote"}
"""Each move's check in the rules (flow's `prepare`), which refuses it before anything
changes."""


def rules_take(game: ScattergoriesGame, move: Move) -> bool:
    """Whether the rules let this move be made now (its trigger in this state, then its
    check; nothing changes)."""
    if game.triggers[type(move)] not in game.machine.get_triggers(game.state):
        return False
    try:
        getattr(game, CHECKS[type(move)])(move)
    except IllegalEvent:
        return False
    return True


def candidates(game: ScattergoriesGame, seat: int) -> list[Move]:
    """Moves this seat might try: a few letters, more time and its answers, an answer, a
    blank, a correction, a challenge of every seat, the votes."""
    name = game.seats[seat].name
    read = game.sheet[game.category_index].get(seat, "") if game.category else ""
    return [*(ChooseLetter(name, letter) for letter in "APZ"), AskMoreTime(name),
            AgreeMoreTime(name, True), AgreeMoreTime(name, False), ReadAnswer(name, "Penguin"),
            ReadAnswer(name, ""), *([ReadAnswer(name, f"{read}s")] if read else []),
            *(Challenge(name, other.name) for other in game.seats), Vote(name, True),
            Vote(name, False)]


def said_moves(legal: LegalMoves) -> list[Move]:
    """A seat's legal moves to say: in set words, the likely forms of an answer (some), a few
    in the reader's own words, and a correction."""
    moves = [*legal.moves, *legal.answers[:FORMS_CHECKED]]
    if legal.answer is not None:
        moves += [legal.answer.with_words(words) for words in OWN_WORDS]
    correction = legal.correction
    if correction is not None and correction.corrects is not None:
        moves += [correction.with_words(words) for words in
                  (correction.corrects, f"{correction.corrects}s" if correction.corrects else "")
                  if correction.allows(words)]
    return moves


states = dict(seed=st.integers(0, 2**16), players=st.integers(2, 6), twelve=st.booleans(),
              steps=st.integers(0, 400))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**states)
def test_every_legal_move_said_in_every_way_is_read_back_to_itself(
        seed: int, players: int, twelve: bool, steps: int) -> None:
    game = reached(seed, players, twelve, steps)
    talk = ScattergoriesTalk(game)
    awaited = game.expected_player()
    failures = []
    for seat in range(len(game.seats)):
        legal = legal_moves(game, seat)
        name = game.seats[seat].name
        for move in said_moves(legal):
            failures += misread(talk, move, name)
            for line in talk.unnamed(move):  # their own from a voice the host knows only
                unknown = talk.parse(line)
                if talk.parse(line, name) != move or not (
                        unknown == Unclear(line, anonymous=True)
                        or getattr(unknown, "player", None) == awaited):
                    failures.append(f"{line!r} unnamed, {move}: {unknown}")
        for question in legal.questions:
            answer = name == awaited and game.state is State.READING
            for line in ways_said(talk, question, name):
                heard = talk.parse(line, name)
                if heard != question and not (answer and talk.listed(line)):
                    failures.append(f"{line!r} by {name}: {heard}, not {question}")
            assert all(isinstance(talk.parse(line), Query) or talk.listed(line)
                       for line in talk.variants(question))
    assert not failures


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**states)
def test_the_legal_moves_are_the_moves_the_rules_take(seed: int, players: int, twelve: bool,
                                                      steps: int) -> None:
    game = reached(seed, players, twelve, steps)
    for seat in range(len(game.seats)):
        legal = legal_moves(game, seat)
        assert all(rules_take(game, move) for move in said_moves(legal)), legal
        for move in candidates(game, seat):
            assert legal.allows(move) == rules_take(game, move), move


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**states)
def test_a_move_the_rules_refuse_said_is_never_read_as_a_legal_one(
        seed: int, players: int, twelve: bool, steps: int) -> None:
    game = reached(seed, players, twelve, steps)
    talk = ScattergoriesTalk(game)
    kinds = {type(move) for moves in talk.legal() for move in moves.moves}
    for seat in range(len(game.seats)):
        legal, name = legal_moves(game, seat), game.seats[seat].name
        for move in candidates(game, seat):
            if legal.allows(move) or type(move) not in kinds | {ReadAnswer}:
                continue  # a move of another moment means another one now ("yes")
            for line in ways_said(talk, move, name):
                heard = talk.parse(line, name)
                if isinstance(heard, Query | Unclear):
                    continue  # no move: asked about, or not understood
                assert heard == move, (line, heard)  # for the rules to refuse, with a reason


def buttons_heard(game: ScattergoriesGame, seat: int, talk: ScattergoriesTalk) -> list[object]:
    """What each button of a seat's page sends, as the companion hears it (with the seat's
    name first unless the talk put it there), a choice's options in turn."""
    seat_ = game.seats[seat]
    buttons = seat_view(game, seat, talk.say, WORDS).get("actions", [])
    sent = [option["say"] for button in buttons
            for option in (button.get("options") or [button])]
    return [talk.parse(said if talk.speakers.split(said)[0] == seat_.name
                       else f"{seat_.people[0]}: {said}") for said in sent]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**states)
def test_each_button_of_a_seat_s_page_is_one_of_its_legal_moves(
        seed: int, players: int, twelve: bool, steps: int) -> None:
    game = reached(seed, players, twelve, steps)
    talk = ScattergoriesTalk(game)
    for seat in range(len(game.seats)):
        moves = legal_moves(game, seat).moves
        letters = [move for move in moves if isinstance(move, ChooseLetter)]
        assert buttons_heard(game, seat, talk) == \
            [*(move for move in moves if move not in letters), *letters]


def test_the_challenged_player_s_page_has_the_votes_and_a_tap_is_a_legal_vote() -> None:
    """The rules let the challenged player vote ("every player of the round votes once, the
    challenged one too"): their page shows the thumbs, and a tap is their vote."""
    game = to_reading(new_game())
    game.handle(ReadAnswer("Ann", "Pingu"))  # no known animal: the table votes
    game.handle(Challenge("Cat", "Ann"))
    assert game.state is State.VOTING and game.target == 0
    talk = ScattergoriesTalk(game)
    assert legal_moves(game, 0).moves == (Vote("Ann", True), Vote("Ann", False))
    buttons = seat_view(game, 0, talk.say, WORDS)["actions"]
    assert [button["label"] for button in buttons] == ["Thumbs up: it counts", "Thumbs down"]
    heard = buttons_heard(game, 0, talk)
    assert heard == [Vote("Ann", True), Vote("Ann", False)]
    assert talk.parse("Ann thumbs up") == Vote("Ann", True)
    notes = game.handle(heard[1])
    assert next(note.kind for note in notes if isinstance(note, Note)) == "vote"
    assert legal_moves(game, 0).moves == ()  # once each
    assert seat_view(game, 0, talk.say, WORDS).get("actions", []) == []


def test_the_roller_chooses_a_letter_not_used_on_the_page() -> None:
    game = new_game("*")
    assert game.state is State.CHOOSING_LETTER
    legal = legal_moves(game, 0)
    left = [letter for letter in string.ascii_uppercase if letter not in game.used_letters]
    assert legal.moves == tuple(ChooseLetter("Ann", letter) for letter in left)
    talk = ScattergoriesTalk(game)
    [button] = seat_view(game, 0, talk.say, WORDS)["actions"]
    assert button["label"] == "Choose the letter"
    assert [option["label"] for option in button["options"]] == left
    assert legal_moves(game, 1).moves == ()


def test_the_reader_reads_in_any_words_and_the_last_reader_corrects_what_sounds_alike() -> None:
    game = to_reading(new_game())
    reader = legal_moves(game, 0)
    assert reader.answer == OpenAnswer("Ann")
    assert reader.allows(ReadAnswer("Ann", "Atlantis")) and ReadAnswer("Ann", "") in reader.moves
    assert ReadAnswer("Ann", "Penguin") in reader.answers
    game.handle(ReadAnswer("Ann", "Penguin"))
    last = legal_moves(game, 0)
    assert last.answer is None and last.correction == OpenAnswer("Ann", "Penguin")
    assert last.allows(ReadAnswer("Ann", "Pengwin")) and not last.allows(ReadAnswer("Ann", "Tiger"))
    assert legal_moves(game, 2).moves == (Challenge("Cat", "Ann"),)


def test_more_time_is_asked_once_a_request_and_answered_by_the_others() -> None:
    game = new_game()
    assert all(legal_moves(game, seat).moves == (AskMoreTime(name),)
               for seat, name in enumerate(["Ann", "Bob", "Cat"]))
    game.handle(AskMoreTime("Bob"))
    assert legal_moves(game, 1).moves == ()
    assert legal_moves(game, 0).moves == (AgreeMoreTime("Ann", True), AgreeMoreTime("Ann", False))
    assert [query.kind for query in legal_moves(game, 0).questions] == \
        ["time_left", "letter", "list"]
    talk = ScattergoriesTalk(game)
    assert talk.unnamed(AgreeMoreTime("Ann", True)) == ("yes",)  # Ann and Cat may answer
    game.handle(AgreeMoreTime("Ann", True))
    assert talk.unnamed(AgreeMoreTime("Cat", True)) == ()
    assert "yes" in talk.variants(AgreeMoreTime("Cat", True))  # only Cat's now
