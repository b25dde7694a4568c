"""What players say, typed or heard, becomes the right game event or question."""

from __future__ import annotations

import pytest

from host.core.events import make_seats
from host.games.crack_list.events import (
    Answer,
    CallCountdown,
    Challenge,
    ChooseCategory,
    Pass,
    Penalise,
    PlayCrackList,
    PlayReverse,
    PlayStop,
    PlaySwap,
    Vote,
)
from host.games.crack_list.talk import IntentParser, Query, Unclear, say_event

PARSER = IntentParser(make_seats(["Ann", "Bob", "Cat"]))


@pytest.mark.parametrize(
    ("said", "state", "expected"),
    [
        ("amaze", "turn", Answer("Ann", "amaze")),
        ("A amaze", "turn", Answer("Ann", "amaze", letter="A")),
        ("A, amaze", "turn", Answer("Ann", "amaze", letter="A")),
        ("bee, banana", "turn", Answer("Ann", "banana", letter="B")),
        ("a clockwork orange", "turn", Answer("Ann", "a clockwork orange")),
        ("G, The Godfather", "turn", Answer("Ann", "The Godfather", letter="G")),
        ("joker quentin", "turn", Answer("Ann", "quentin", joker=True)),
        ("stop", "turn", PlayStop("Ann")),
        ("reverse", "turn", PlayReverse("Ann")),
        ("crack list", "turn", PlayCrackList("Ann")),
        ("swap with Bob", "turn", PlaySwap("Ann", "Bob")),
        ("swap my J with Cat", "turn", PlaySwap("Ann", "Cat", "J")),
        ("give two to Cat", "turn", Penalise("Ann", (("Cat", 2),))),
        ("one to Bob and two to Cat", "turn", Penalise("Ann", (("Bob", 1), ("Cat", 2)))),
        ("give them all to Bob", "turn", Penalise("Ann", (("Bob", 0),))),
        ("no penalty", "turn", Penalise("Ann", ())),
        ("I don't know", "turn", Pass("Ann")),
        ("pass", "turn", Pass("Ann")),
        ("Bob: challenge", "turn", Challenge("Bob")),
        ("Bob challenge", "turn", Challenge("Bob")),
        ("Cat: crack on", "turn", CallCountdown("Cat")),
        ("Cat: 5 4 3 2 1", "turn", CallCountdown("Cat")),
        ("the second one", "choosing", ChooseCategory("Ann", 2)),
        ("number three", "choosing", ChooseCategory("Ann", 3)),
        ("Bob: yes", "voting", Vote("Bob", True)),
        ("Cat: no", "voting", Vote("Cat", False)),
    ],
)
def test_utterances_become_events(said: str, state: str, expected: object) -> None:
    assert PARSER.parse(said, state, "Ann")[1] == expected


def test_category_is_chosen_by_name_too() -> None:
    titles = ["Types of bread", "Means of transport", "Famous landmarks"]
    assert PARSER.parse("landmarks", "choosing", "Ann", titles)[1] == ChooseCategory("Ann", 3)


def test_an_answer_starting_with_a_players_name_is_not_a_prefix() -> None:
    assert PARSER.parse("Bob Marley", "turn", "Ann")[1] == Answer("Ann", "Bob Marley")


@pytest.mark.parametrize(
    ("said", "kind", "target"),
    [
        ("repeat", "repeat", None),
        ("what's the category", "category", None),
        ("my hand", "hand", None),
        ("how many cards has Cat got", "count", "Cat"),
        ("score", "score", None),
        ("pause", "pause", None),
        ("pause the game", "pause", None),
        ("hold on", "pause", None),
        ("resume", "resume", None),
        ("quit", "quit", None),
        ("help", "help", None),
    ],
)
def test_questions_to_the_host(said: str, kind: str, target: str | None) -> None:
    assert PARSER.parse(said, "turn", "Ann")[1] == Query(kind, "Ann", target)


def test_nothing_sensible_is_unclear() -> None:
    assert isinstance(PARSER.parse("", "turn", "Ann")[1], Unclear)
    assert isinstance(PARSER.parse("mumble", "choosing", "Ann")[1], Unclear)
    assert isinstance(PARSER.parse("maybe", "voting", "Ann")[1], Unclear)


@pytest.mark.parametrize(
    "event",
    [
        Answer("Bob", "Amaze", letter="A"),
        Answer("Bob", "Quentin", joker=True),
        PlaySwap("Bob", "Cat", "JOKER"),
        PlaySwap("Bob", "Cat", "CRACK_LIST"),
        Penalise("Bob", (("Ann", 1), ("Cat", 2))),
        Penalise("Bob", ()),
        Vote("Bob", True),
        ChooseCategory("Bob", 2),
        Challenge("Bob"),
        CallCountdown("Bob"),
    ],
)
def test_what_bots_say_reads_back_as_the_same_event(event: object) -> None:
    state = {ChooseCategory: "choosing", Vote: "voting"}.get(type(event), "turn")
    assert PARSER.parse(say_event(event, prefix="Bob"), state)[1] == event


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("my turn, Bob: challenge", Challenge("Bob")),
        ("my turn Cat crack on", CallCountdown("Cat")),
        ("it's my turn, Bob, challenge", Challenge("Bob")),
    ],
)
def test_my_turn_names_who_speaks(said: str, expected: object) -> None:
    assert PARSER.parse(said, "turn", "Ann")[1] == expected


def test_my_turn_alone_claims_the_next_utterance() -> None:
    assert PARSER.parse("my turn, Bob", "turn", "Ann")[1] == Query("speaker", "Bob")
