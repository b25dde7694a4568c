"""Rule holes found at a real table (issue 11), played again as the players played them: typed
to the session on the shipped decks, or as the game's events on the rule-test deck."""

from __future__ import annotations

import random

import pytest

from host.clock import FakeClock
from host.core.phrasebook import Phrasebook
from host.core.session import Line, Session
from host.games.crack_list import cards
from host.games.crack_list.announce import VOICE
from host.games.crack_list.events import Answer, Challenge, ChooseCategory, Penalise, Vote
from host.games.crack_list.rules import State
from host.games.crack_list.setup import TableOptions, build_session
from tests.games.crack_list.conftest import FILMS, OPEN, PLANETS, TableFactory
from tests.games.crack_list.sessions import game_of, kinds, playing, said


def wait(session: Session, clock: FakeClock, seconds: float) -> list[Line]:
    clock.advance(seconds)
    return session.tick()


# 1. A named letter is the card played: the answer must fit it by the judge's rule -------------


def test_a_named_letter_that_does_not_fit_the_answer_makes_it_wrong() -> None:
    session, _ = playing("breads", {1: ["T", "B", "A"]})
    lines = session.hear_words("T, banana")
    assert kinds(lines)[:2] == ["answer_wrong", "turn"], said(lines)
    assert "T" in game_of(session).hands[1]  # the card stays; a card is drawn


def test_a_named_letter_that_fits_a_surname_plays_that_card() -> None:
    session, _ = playing("film-stars", {1: ["P", "B", "A"]})
    lines = session.hear_words("P, brad pitt")
    assert kinds(lines)[0].startswith("answer_"), said(lines)
    assert kinds(lines)[0] != "answer_wrong" and "P" not in game_of(session).hands[1]
    assert game_of(session).played[-1] == "P"


# 2. The challenge window stays open through the penalty; a last card always gets its window --


def test_an_answer_can_be_challenged_once_its_penalty_is_handed_out() -> None:
    session, _ = playing("reptiles-and-amphibians", {1: ["K", "A", "B"]})
    game = game_of(session)
    session.hear_words("Bob: K, kobold")
    assert "Cat" in said(session.hear_words("Bob: all to Cat"))
    assert len(game.hands[2]) == 10 and game.state is State.TURN
    assert "Everyone but Bob" in said(session.hear_words("Ann: challenge"))
    session.hear_words("Ann: no")
    lines = said(session.hear_words("Cat: no"))
    assert "rejects kobold" in lines and "Cat, put the penalty cards back" in lines
    assert len(game.hands[2]) == 8  # the penalty cards went back on the pile
    assert "K" in game.hands[1] and len(game.hands[1]) == 4  # the K back, and a card drawn
    assert game.expected_player() == "Cat" and not game.check_invariants()


def test_the_window_closes_when_the_next_player_acts_after_the_penalty() -> None:
    session, _ = playing("reptiles-and-amphibians", {1: ["K", "A", "B"]})
    session.hear_words("Bob: K, kobold")
    session.hear_words("Bob: all to Cat")
    session.hear_words("Cat: pass")
    assert said(session.hear_words("Ann: challenge")) == "There's nothing to challenge right now."


def test_a_last_card_after_a_jokers_penalty_gets_its_window_then_wins() -> None:
    session, clock = playing("reptiles-and-amphibians", {1: [cards.JOKER]})
    game = game_of(session)
    session.hear_words("Bob: joker kevin bacon")
    lines = said(session.hear_words("Bob: two to Cat"))
    assert "That's Bob's last card! Any challenge?" in lines
    assert game.state is State.ANSWERED and game.round_no == 1
    assert "round_won" in kinds(wait(session, clock, 5.1))
    assert game.rounds_won == [0, 1, 0] and game.round_no == 2


def test_a_last_card_challenged_after_its_penalty_takes_the_penalty_back() -> None:
    session, _ = playing("reptiles-and-amphibians", {1: [cards.JOKER]})
    game = game_of(session)
    session.hear_words("Bob: joker kevin bacon")
    session.hear_words("Bob: two to Cat")
    session.hear_words("Cat: challenge")
    session.hear_words("Ann: no")
    session.hear_words("Cat: no")
    assert game.hands[1][0] == cards.JOKER and len(game.hands[1]) == 2
    assert len(game.hands[2]) == 8 and game.rounds_won == [0, 0, 0]
    assert game.expected_player() == "Cat" and not game.check_invariants()


def test_a_penalty_letter_as_last_card_gets_its_window(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, ["J"])
    t(Answer("Bob", "Jaws"))
    t(Penalise("Bob", (("Cat", 2),)))
    assert "last_card_window" in t.kinds() and "round_won" not in t.kinds()


# 3. A Joker's penalty is its player's decision, awaited, and said when it lapses -----------------


def test_the_host_waits_for_the_jokers_player_and_says_when_the_penalty_lapses() -> None:
    session, clock = playing("reptiles-and-amphibians", {1: [cards.JOKER, "A", "B"]})
    game = game_of(session)
    prompt = session.hear_words("Bob: joker komodo dragon")[-1]
    assert prompt.kind == "ask_penalty" and "Bob" in prompt.text and "Cat" not in prompt.text
    assert game.expected_player() == "Bob"
    wait_for_bob = said(session.hear_words("Cat: python"))
    assert wait_for_bob == "Wait! Bob still has to decide on the Joker's penalty."
    assert wait(session, clock, 14.9) == []
    lines = said(wait(session, clock, 0.2))
    assert "Time's up, Bob: the Joker's penalty lapses" in lines and "Cat" in lines
    assert [len(hand) for hand in game.hands] == [8, 2, 8] and game.expected_player() == "Cat"


def test_a_penalty_said_without_a_name_after_a_joker_is_its_players() -> None:
    session, _ = playing("reptiles-and-amphibians", {1: [cards.JOKER, "A", "B"]})
    game = game_of(session)
    session.hear_words("Bob: joker komodo dragon")
    session.hear_words("two to Ann")
    assert len(game.hands[0]) == 10 and game.expected_player() == "Cat"


# 5. Votes: closed once decided, the answerer does not vote ----------------------------------


def test_a_vote_closes_as_soon_as_its_result_can_no_longer_change(table: TableFactory) -> None:
    t = table(players=("Ann", "Bob", "Cat", "Dan"))
    t(ChooseCategory("Ann", OPEN))
    t.rig(1, ["B", "A"])
    t(Answer("Bob", "Blind as a bat"))
    t(Challenge("Cat"))
    t(Vote("Ann", False))
    assert t.game.state is State.VOTING
    t(Vote("Cat", False))  # 0 to 2, and Dan's vote cannot make it a tie
    assert "vote_rejected" in t.kinds() and t.game.state is State.TURN
    t(Vote("Dan", True))
    assert t.note("refused").params["reason"] == "not_now_vote"


def test_a_yes_that_assures_the_tie_upholds_the_answer_at_once(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", OPEN))
    t.rig(1, ["B", "A"])
    t(Answer("Bob", "Blind as a bat"))
    t(Challenge("Cat"))
    t(Vote("Cat", True))  # 1 to 0 with Ann to vote: at worst a tie, which lets it stand
    assert "vote_upheld" in t.kinds() and t.hand(1) == ["A"]


def test_the_answerer_does_not_vote_on_their_own_answer(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", OPEN))
    t.rig(1, ["B", "A"])
    t(Answer("Bob", "Blind as a bat"))
    t(Challenge("Cat"))
    t(Vote("Bob", True))
    assert t.note("refused").params == {"reason": "own_vote", "player": "Bob"}
    assert t.game.votes == {}


# 5. An alias of an answer given is a repeat -------------------------------------------------


@pytest.mark.parametrize(("first", "again"), [("naan", "nan bread"), ("nan bread", "Naan")])
def test_an_alias_of_an_answer_given_is_a_repeat(first: str, again: str) -> None:
    session, _ = playing("breads", {1: ["N", "A"], 2: ["N", "B"]})
    session.hear_words(f"Bob: {first}")
    session.hear_words("Bob: one to Ann")
    lines = said(session.hear_words(f"Cat: {again}"))
    assert "already" in lines and len(game_of(session).hands[2]) == 3  # N, B and one drawn


# 5. A penalty said with the answer: the answer, then the penalty ----------------------------


def test_a_penalty_said_with_the_answer_is_handed_out_after_it() -> None:
    session, _ = playing("reptiles-and-amphibians", {1: ["Q", "A"]})
    game = game_of(session)
    lines = said(session.hear_words("Bob: Q, queen snake, all to Ann"))
    assert game.given == ["Queen snake"] and "Ann" in lines
    assert len(game.hands[0]) == 11 and game.expected_player() == "Cat"
    assert game.pending is not None and game.pending.text == "Queen snake"  # as listed


def test_a_penalty_said_with_the_answer_that_does_not_add_up_is_asked_again() -> None:
    session, _ = playing("reptiles-and-amphibians", {1: ["Q", "A"]})
    game = game_of(session)
    lines = said(session.hear_words("Bob: Q, queen snake, two to Ann"))
    assert game.given == ["Queen snake"] and "Bob, who" in lines
    assert game.state is State.ANSWERED and game.expected_player() == "Bob"


def test_a_joker_declined_in_the_same_breath(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, [cards.JOKER, "A"])
    t(Answer("Bob", "Zodiac", joker=True, penalty=()))
    assert "penalty_declined" in t.kinds() and t.game.expected_player() == "Cat"


# 5. A refusal on a list that may lack the answer can be challenged, with a vote ------------


def test_a_refused_capital_can_be_challenged_and_the_table_overrules() -> None:
    session, _ = playing("capital-cities", {1: ["E", "A", "B"]})
    game = game_of(session)
    lines = session.hear_words("Bob: E, Edinburgh")
    assert kinds(lines)[:2] == ["answer_wrong", "refusal_open"]
    assert len(game.hands[1]) == 4 and game.expected_player() == "Cat"
    assert "Everyone but Bob" in said(session.hear_words("Bob: challenge"))
    session.hear_words("Ann: yes")
    lines = said(session.hear_words("Cat: yes"))
    assert "overrules me, 2 to 0: Edinburgh counts" in lines
    assert sorted(game.hands[1]) == ["A", "B"] and game.played[-1] == "E"
    assert game.given[-1] == "Edinburgh" and game.expected_player() == "Cat"
    assert not game.check_invariants()


def test_a_tied_vote_keeps_the_refusal() -> None:
    session, _ = playing("capital-cities", {1: ["C", "A", "B"]})
    game = game_of(session)
    session.hear_words("Bob: C, Cardiff")
    session.hear_words("Ann: challenge")
    session.hear_words("Ann: yes")
    assert "My ruling stands, 1 to 1" in said(session.hear_words("Cat: no"))
    assert len(game.hands[1]) == 4 and "C" in game.hands[1]
    assert game.expected_player() == "Cat" and game.pending is None


def test_an_overruled_refusal_on_a_penalty_letter_hands_out_its_penalty() -> None:
    session, _ = playing("capital-cities", {1: ["W", "A"]})
    game = game_of(session)
    session.hear_words("Bob: W, Washington")
    session.hear_words("Bob: challenge")
    session.hear_words("Ann: yes")
    assert kinds(session.hear_words("Cat: yes")) == ["vote", "vote_overrules", "ask_penalty"]
    assert game.state is State.ANSWERED and game.expected_player() == "Bob"
    session.hear_words("Bob: two to Cat")
    assert len(game.hands[2]) == 10 and game.hands[1] == ["A"]
    assert game.expected_player() == "Cat"


def test_a_refusal_that_ends_the_category_waits_for_a_challenge_first() -> None:
    session, clock = playing("capital-cities", {0: ["B", "A"]})
    game = game_of(session)
    session.hear_words("Bob: pass")
    session.hear_words("Cat: pass")
    assert "may be missing it" in said(session.hear_words("Ann: B, Belfast"))
    assert game.state is State.ANSWERED and game.expected_player() == "Ann"
    assert "category_abandoned" in kinds(wait(session, clock, 5.1))
    assert game.state is State.CHOOSING


def test_a_refusal_that_ends_the_category_overruled_saves_it() -> None:
    session, _ = playing("capital-cities", {0: ["B", "A"]})
    game = game_of(session)
    session.hear_words("Bob: pass")
    session.hear_words("Cat: pass")
    session.hear_words("Ann: B, Belfast")
    session.hear_words("Ann: challenge")
    session.hear_words("Bob: yes")
    session.hear_words("Cat: yes")
    assert game.state is State.TURN and game.category is not None
    assert game.category.id == "capital-cities" and game.expected_player() == "Bob"
    assert game.hands[0] == ["A"] and game.fails_in_row == 0


def test_a_refusal_on_a_closed_list_cannot_be_challenged(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", PLANETS))
    t.rig(1, ["P", "A"])
    t(Answer("Bob", "Pluto"))
    assert "refusal_open" not in t.kinds()
    t(Challenge("Bob"))
    assert t.note("refused").params["reason"] == "nothing_pending"


# With physical cards the chooser may choose from the red card in their hand ----------------


def test_with_physical_cards_the_chooser_reads_a_category_from_their_own_red_card() -> None:
    clock = FakeClock()
    options = TableOptions(players=["Ann", "Bob", "Cat"], seed=5, cards="physical")
    session = build_session(options, clock, None)
    session.phrases = Phrasebook(rng=random.Random(1), game=VOICE)
    opening = said(session.start())
    assert "Ann, draw a red card and read me the category you choose" in opening
    assert session.talk.choices() is None  # any title: the recognizer decodes freely
    assert "Capital cities" in said(session.hear_words("Ann: capital cities"))
    game = game_of(session)
    assert game.category is not None and game.category.id == "capital-cities"


def test_a_category_no_deck_knows_is_played_as_an_open_category() -> None:
    session = build_session(TableOptions(players=["Ann", "Bob"], seed=5, cards="physical"),
                            FakeClock(), None)
    session.start()
    session.hear_words("Ann: things you find in a hen party bag")
    game = game_of(session)
    assert game.category is not None and not game.category.verifiable
    assert game.category.title == "things you find in a hen party bag"
    session.hear_words("Bob: tiara")
    assert game.given == ["tiara"]


def test_with_physical_cards_a_number_still_picks_from_the_hosts_card() -> None:
    session = build_session(TableOptions(players=["Ann", "Bob"], seed=5, cards="physical"),
                            FakeClock(), None)
    session.start()
    game = game_of(session)
    assert game.offered is not None
    second = game.offered.categories[1]
    session.hear_words("Ann: number two")
    assert game.category is second
