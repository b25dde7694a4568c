"""What players say, typed or heard, becomes the right game event or question."""

from __future__ import annotations

import pytest

from host.core.events import make_seats
from host.core.talk import Query, Unclear
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
from host.games.crack_list.parsing import IntentParser
from host.games.crack_list.talk import CrackListTalk
from tests.games.crack_list.conftest import TableFactory

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
        ("U", "turn", Answer("Ann", "", letter="U")),  # the card named, the answer not yet
        ("number four", "choosing", ChooseCategory("Ann", 4)),  # the rules say there are three
        ("the letter u", "turn", Answer("Ann", "", letter="U")),
        ("joker", "turn", Answer("Ann", "", joker=True)),
        ("stop", "turn", PlayStop("Ann")),
        ("reverse", "turn", PlayReverse("Ann")),
        ("crack list", "turn", PlayCrackList("Ann")),
        ("swap with Bob", "turn", PlaySwap("Ann", "Bob")),
        ("swap my J with Cat", "turn", PlaySwap("Ann", "Cat", "J")),
        ("give two to Cat", "answered", Penalise("Ann", (("Cat", 2),))),
        ("one to Bob and two to Cat", "answered", Penalise("Ann", (("Bob", 1), ("Cat", 2)))),
        ("give them all to Bob", "answered", Penalise("Ann", (("Bob", 0),))),
        ("no penalty", "answered", Penalise("Ann", ())),
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
        ("no", "turn", Vote("Ann", False)),  # a late vote: no answer "No", nothing to vote on
        ("Bob: yeah", "answered", Vote("Bob", True)),
        ("Y, yes", "turn", Answer("Ann", "yes", letter="Y")),  # named, it is an answer
    ],
)
def test_utterances_become_events(said: str, state: str, expected: object) -> None:
    assert PARSER.parse(said, state, "Ann")[1] == expected


def test_a_yes_or_no_alone_is_an_answer_only_on_the_list() -> None:
    """Said alone at a turn, "no" is a vote too late (the host says there is nothing to vote
    on) unless the category lists it: "Yes" among bands."""
    bands = IntentParser(make_seats(["Ann", "Bob", "Cat"]), lambda words: words == "yes")
    assert bands.parse("yes", "turn", "Ann")[1] == Answer("Ann", "yes")
    assert bands.parse("no", "turn", "Ann")[1] == Vote("Ann", False)


@pytest.mark.parametrize("state", ["turn", "answered", "choosing"])
def test_thinking_aloud_is_no_move_and_gets_no_reply_by_voice(state: str) -> None:
    """Not an answer, a card said alone, a penalty or a category read from one's own red card;
    a song called "Hang On" is an answer still."""
    said = "Hmm, hang on, let me think"
    assert PARSER.parse(said, state, "Ann", own_card=["Films"])[1] == Unclear(said, quiet=True)
    songs = IntentParser(make_seats(["Ann", "Bob"]), lambda words: words == "hang on")
    assert songs.parse("hang on", "turn", "Ann")[1] == Answer("Ann", "hang on")
    assert PARSER.parse("ok", "voting", "Bob")[1] == Vote("Bob", True)
    assert PARSER.parse("Um, well", "turn", "Ann")[1] == Unclear("Um, well")  # asked again


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
    assert PARSER.parse("my turn, Bob", "turn", "Ann")[1] == Query("claim_turn", "Bob")


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("Q, queen snake, all to Ann", Answer("Cat", "queen snake", "Q", penalty=(("Ann", 0),))),
        ("K king cobra give one to Ann and one to Bob",
         Answer("Cat", "king cobra", "K", penalty=(("Ann", 1), ("Bob", 1)))),
        ("joker zodiac, no penalty", Answer("Cat", "zodiac", joker=True, penalty=())),
        ("J, Jaws, two to Bob", Answer("Cat", "Jaws", "J", penalty=(("Bob", 2),))),
        ("Fly me to the moon", Answer("Cat", "Fly me to the moon")),
        ("A, amaze, all to Ann", Answer("Cat", "amaze, all to Ann", "A")),  # no penalty due
        ("F, For Your Eyes Only", Answer("Cat", "For Your Eyes Only", "F")),
    ],
)
def test_a_penalty_said_with_the_answer_is_the_answer_then_the_penalty(
    said: str, expected: Answer
) -> None:
    assert PARSER.parse(said, "turn", "Cat")[1] == expected


def test_an_answer_with_its_penalty_said_reads_back(table: TableFactory) -> None:
    talk = CrackListTalk(table().game)
    event = Answer("Bob", "queen snake", "Q", penalty=(("Ann", 1), ("Cat", 2)))
    assert PARSER.parse(talk.say(event, prefix="Bob"), "turn")[1] == event


def test_a_team_takes_a_penalty_by_its_first_player_s_name(table: TableFactory) -> None:
    """A team's name has an "and" in it, which would split the penalty's shares."""
    game = table(teams=[["Ann", "Dan"], ["Bob", "Eve"], ["Cat", "Fay"]]).game
    talk = CrackListTalk(game)
    event = Penalise("Ann and Dan", (("Bob and Eve", 1), ("Cat and Fay", 2)))
    assert talk.say(event) == "give one to Bob and two to Cat"
    parser = IntentParser(game.seats)
    assert parser.parse(talk.say(event, prefix="Ann"), "answered")[1] == event


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("capital cities", ChooseCategory("Ann", 0, title="Capital cities")),
        ("Things in a hen party bag", ChooseCategory("Ann", 0, title="Things in a hen party bag")),
        ("things to do on a rainy day",
         ChooseCategory("Ann", 0, title="things to do on a rainy day")),  # not choice "to"
        ("number two", ChooseCategory("Ann", 2)),
        ("the third one", ChooseCategory("Ann", 3)),
        ("four", ChooseCategory("Ann", 4)),  # no title: the rules say there are three
    ],
)
def test_with_physical_cards_the_chooser_may_read_their_own_red_card(
    said: str, expected: ChooseCategory
) -> None:
    known = ["Capital cities", "Types of bread"]
    assert PARSER.parse(said, "choosing", "Ann", own_card=known)[1] == expected
