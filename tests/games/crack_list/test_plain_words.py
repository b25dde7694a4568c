"""What the host says is right and plain: the letter a refusal is about, the answer as it was
said, penalty splits as players say them, the rules for this table, how to resume this save."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from host.clock import FakeClock
from host.core.events import make_seats
from host.core.phrasebook import Phrasebook
from host.core.session import Session
from host.decks import CategoryCard
from host.games.crack_list.announce import VOICE
from host.games.crack_list.events import Penalise
from host.games.crack_list.parsing import IntentParser
from host.games.crack_list.setup import TableOptions, build_session
from tests.games.crack_list.conftest import rig
from tests.games.crack_list.sessions import game_of, kinds, playing, said


def teams_playing_car_makes() -> Session:
    """Teams Ann and Dan, Bob and Eve, Cat and Fay: Bob and Eve on turn in Car makes, with a
    V (a +2 letter)."""
    session = build_session(TableOptions(teams=[["Ann", "Dan"], ["Bob", "Eve"], ["Cat", "Fay"]],
                                         seed=5), FakeClock(), None)
    session.start()
    game = game_of(session)
    red = (*game.red_pile, *game.red_used)
    category = next(c for card in red for c in card.categories if c.id == "car-makes")
    game.offered = CategoryCard("the table's", (category,))
    session.hear_words("Ann: one")
    rig(game, 1, ["V", "A", "B"])
    return session


def test_a_wrong_letter_refusal_names_the_letter_the_answer_starts_with() -> None:
    session, _ = playing("car-makes", {1: ["W", "V", "A", "B"]})
    lines = session.hear_words("W, Volkswagen")
    assert "Volkswagen starts with V, not W" in said(lines)
    assert kinds(lines)[:2] == ["answer_wrong", "turn"]


@pytest.mark.parametrize("answer", ["hot chocolate", "I think it's hot chocolate"])
def test_an_accepted_answer_is_echoed_as_the_player_said_it(answer: str) -> None:
    session, _ = playing("drinks", {1: ["H", "C", "A"]})
    lines = session.hear_words(answer)
    assert "Hot chocolate" in said(lines) and "Cocoa" not in said(lines)
    assert game_of(session).given == ["Cocoa"]  # "cocoa" is a repeat now


def test_a_challenge_settled_by_the_list_names_the_answer_as_said() -> None:
    session, _ = playing("drinks", {1: ["H", "C", "A"]})
    session.hear_words("hot chocolate")
    lines = session.hear_words("Ann: challenge")
    assert "Hot chocolate" in said(lines) and "Cocoa" not in said(lines)


def test_a_penalty_split_with_commas_is_understood() -> None:
    parser = IntentParser(make_seats(["Ann", "Bob", "Cat", "Eve"]))
    heard = parser.parse("one to Cat, two to Eve", "answered", "Bob")[1]
    assert heard == Penalise("Bob", (("Cat", 1), ("Eve", 2)))
    session, _ = playing("car-makes", {1: ["Z", "A", "B"]}, players=("Ann", "Bob", "Cat", "Eve"))
    session.hear_words("Zastava")
    lines = session.hear_words("one to Cat, two to Eve")
    assert "Cat takes one card and Eve takes 2 cards" in said(lines)


@pytest.mark.parametrize(("lang", "taking"), [("en", "Ann takes"), ("fr", "Ann prend")])
def test_a_penalty_is_said_once_who_takes_how_many(lang: str, taking: str) -> None:
    """Issue 45: "Ann draws 2 cards. Bob hands out two cards: Ann takes 2 cards." said it
    twice; the cards drawn are said by the line that made them drawn (the table speaks
    English, the host's lines are in `lang`)."""
    session, _ = playing("car-makes", {1: ["V", "A", "B"]})
    session.phrases = Phrasebook(lang, rng=random.Random(1), game=VOICE)
    session.hear_words("Volvo")
    lines = session.hear_words("two to Ann")
    assert kinds(lines) == ["penalty_2", "turn"], said(lines)
    assert said(lines).count("Ann") == 1 and taking in said(lines), said(lines)
    assert len(game_of(session).hands[0]) == 10


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_wrong_answer_says_take_a_card_once(lang: str) -> None:
    session, _ = playing("car-makes", {1: ["W", "V", "A", "B"]})
    session.phrases = Phrasebook(lang, rng=random.Random(1), game=VOICE)
    lines = session.hear_words("W, Volkswagen")
    assert kinds(lines) == ["answer_wrong", "turn"], said(lines)
    assert said(lines).count("Bob") == 1, said(lines)


def test_a_split_that_hands_out_too_many_cards_says_so() -> None:
    session, _ = playing("car-makes", {1: ["V", "A", "B"]}, players=("Ann", "Bob", "Cat", "Eve"))
    session.hear_words("Volvo")
    lines = session.hear_words("one to Cat, two to Eve")
    assert said(lines) == "That makes 3 cards, Bob: hand out exactly 2 cards."


def test_a_split_to_ones_own_team_is_refused_for_that_reason() -> None:
    session = teams_playing_car_makes()
    session.hear_words("Volvo")
    lines = session.hear_words("one to Cat, one to Eve")
    assert "your own team" in said(lines), said(lines)
    lines = session.hear_words("two to Eve")
    assert "your own team" in said(lines), said(lines)


def test_a_split_said_with_the_answer_that_is_refused_says_why_before_asking_again() -> None:
    session = teams_playing_car_makes()
    lines = session.hear_words("Volvo, two to Eve")
    assert kinds(lines)[:3] == ["answer_accepted", "refused", "ask_penalty"], said(lines)
    assert "your own team" in said(lines)


def test_with_two_players_the_penalty_goes_to_the_other_player_unasked() -> None:
    session, _ = playing("car-makes", {1: ["V", "A", "B"]}, players=("Ann", "Bob"))
    lines = session.hear_words("Volvo")
    assert "who" not in said(lines).lower(), said(lines)
    assert "Ann takes 2 cards" in said(lines)
    assert len(game_of(session).hands[0]) == 10 and game_of(session).expected_player() == "Ann"


def test_with_two_players_a_jokers_penalty_is_offered_to_the_other_player() -> None:
    session, _ = playing("car-makes", {1: ["JOKER", "A", "B"]}, players=("Ann", "Bob"))
    lines = session.hear_words("joker Zastava")
    assert "Ann" in said(lines) and "who" not in said(lines).lower(), said(lines)
    lines = session.hear_words("give them")
    assert "Ann takes 3 cards" in said(lines), said(lines)


@pytest.mark.parametrize(("turn", "after"), [(20, "10"), (30, "15"), (9, "4.5")])
def test_the_rules_say_when_the_countdown_may_be_called_for_this_turn_length(
    turn: float, after: str
) -> None:
    session = build_session(TableOptions(players=["Ann", "Bob"], turn_seconds=turn),
                            FakeClock(), None)
    session.start()
    rules = said(session.hear_words("rules"))
    assert f"half their turn ({after} of the {turn} seconds)" in rules


def test_the_quit_line_names_the_save_file_given(tmp_path: Path) -> None:
    save = tmp_path / "party night.json"
    session = build_session(TableOptions(players=["Ann", "Bob"]), FakeClock(), save)
    session.start()
    session.hear_words("quit")
    assert f"--resume --save '{save}'" in said(session.hear_words("yes"))


def test_with_two_players_the_vote_asks_the_other_player_and_takes_an_unnamed_yes() -> None:
    session, _ = playing("excuses-for-being-late", {1: ["T", "A"]}, players=("Ann", "Bob"))
    session.hear_words("traffic")
    lines = session.hear_words("Ann: challenge")
    assert "up to Ann" in said(lines) and "Everyone" not in said(lines), said(lines)
    lines = session.hear_words("no")
    assert kinds(lines)[:2] == ["vote", "vote_rejected"], said(lines)


def test_with_two_players_the_recognizer_expects_the_jokers_give_them() -> None:
    session, _ = playing("car-makes", {1: ["JOKER", "A", "B"]}, players=("Ann", "Bob"))
    session.hear_words("joker Zastava")
    assert "give them" in (session.talk.choices() or [])


def test_a_player_named_twice_is_refused_for_that_not_for_the_sum() -> None:
    session, _ = playing("car-makes", {1: ["V", "A", "B"]}, players=("Ann", "Bob", "Cat", "Eve"))
    session.hear_words("Volvo")
    lines = session.hear_words("one to Cat and one to Cat")
    assert said(lines) == "Bob, name each player once, with at least one card each: 2 cards in all."
