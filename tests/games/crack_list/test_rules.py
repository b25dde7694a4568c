"""Every Crack List rule, driven through game events (rule numbers follow the rule table)."""

from __future__ import annotations

from collections import Counter

import pytest

from host.core.events import ArmTimer, TimeUp
from host.games.crack_list import cards
from host.games.crack_list.cards import BlueDeckMix
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
from host.games.crack_list.rules import State
from tests.games.crack_list.conftest import FILMS, OPEN, PLANETS, Table, TableFactory


def timeout(t: Table) -> TimeUp:
    """The TimeUp for the game's current timer; on a turn, after its first half has run."""
    past_grace(t)
    return TimeUp(t.game.timer_token)


def past_grace(t: Table) -> None:
    """Let the player's own half of the turn run out (the countdown may be called after it)."""
    if t.game.timer_name == "turn_grace":
        t(TimeUp(t.game.timer_token))


# 1. Two decks ---------------------------------------------------------------------------------


def test_blue_deck_has_78_cards_with_letters_penalties_and_actions() -> None:
    deck = BlueDeckMix().cards()
    counts = Counter(deck)
    assert len(deck) == 78
    assert set(cards.LETTERS) <= set(counts)
    assert {cards.CRACK_LIST, cards.JOKER, cards.STOP, cards.REVERSE, cards.SWAP} <= set(counts)
    assert [cards.penalty_of(x) for x in "FGLN"] == [1] * 4
    assert [cards.penalty_of(x) for x in "JKVW"] == [2] * 4
    assert [cards.penalty_of(x) for x in "QXYZ"] == [3] * 4
    assert cards.penalty_of("A") == 0


def test_blue_deck_mix_is_configurable(table: TableFactory) -> None:
    mix = BlueDeckMix({**BlueDeckMix().counts, "A": 10})
    t = table(blue=mix)
    assert len(t.game.draw_pile) + sum(map(len, t.game.hands)) == 85
    with pytest.raises(ValueError, match="unknown blue cards"):
        BlueDeckMix({"A": 3, "BANANA": 1}).validate()


def test_category_card_offers_three_categories(table: TableFactory) -> None:
    t = table()
    offer = t.note("category_card")
    assert offer.params["player"] == "Ann"
    assert len(offer.params["titles"]) == 3


# 2. Dealing and the draw pile -------------------------------------------------------------------


def test_deal_eight_each_rest_is_draw_pile(table: TableFactory) -> None:
    t = table()
    assert [len(h) for h in t.game.hands] == [8, 8, 8]
    assert len(t.game.draw_pile) == 78 - 24
    assert not t.game.check_invariants()


def test_empty_draw_pile_reshuffles_played_cards_keeping_the_top_one(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    game = t.game
    top = game.draw_pile[:3]
    game.played.extend(game.draw_pile[3:])
    del game.draw_pile[3:]
    game.draw_pile[:] = []
    game.played[:0] = top
    t(Pass("Bob"))
    assert "reshuffle" in t.kinds()
    assert len(game.played) == 1
    assert not game.check_invariants()


# 3. Choosing the category -----------------------------------------------------------------------


def test_chooser_picks_by_position_and_next_player_starts(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", PLANETS))
    assert t.note("category_chosen").params["category"] == "Planets of the solar system"
    assert t.game.state is State.TURN
    assert t.game.expected_player() == "Bob"


def test_only_the_chooser_chooses(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Bob", 1))
    assert t.note("refused").params["reason"] == "not_your_choice"
    t(ChooseCategory("Ann", 4))
    assert t.note("refused").params["reason"] == "no_such_category"


def test_first_chooser_can_be_chosen(table: TableFactory) -> None:
    t = table(first=2)
    assert t.note("category_card").params["player"] == "Cat"


def test_choose_timeout_picks_for_the_player(table: TableFactory) -> None:
    t = table()
    t(timeout(t))
    assert "choose_timeout" in t.kinds() and t.game.state is State.TURN


# 4. Turns and the timer -------------------------------------------------------------------------


def test_turns_go_clockwise_with_a_20_second_timer(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    assert t.note("timer") == ArmTimer("turn_grace", 10, t.game.timer_token)
    t(TimeUp(t.game.timer_token))
    assert t.note("timer") == ArmTimer("turn", 10, t.game.timer_token)
    t.rig(1, ["J", "A", "B"])
    t(Answer("Bob", "Jaws"))
    assert t.note("answer_accepted").params["card"] == "J"
    t(Penalise("Bob", (("Cat", 2),)))
    assert t.game.expected_player() == "Cat"


def test_turn_time_is_configurable(table: TableFactory) -> None:
    t = table(turn_seconds=45)
    t(ChooseCategory("Ann", FILMS))
    assert t.note("timer").seconds == 22.5
    t(TimeUp(t.game.timer_token))
    assert t.note("timer").seconds == 22.5


def test_the_countdown_waits_for_the_first_half_of_the_turn(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t(CallCountdown("Cat"))
    refusal = t.note("refused")
    assert refusal.params["reason"] == "countdown_too_soon" and refusal.params["seconds"] == 10
    past_grace(t)
    t(CallCountdown("Cat"))
    assert t.note("timer") == ArmTimer("countdown", 5.0, t.game.timer_token)


def test_out_of_turn_answer_is_refused(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t(Answer("Cat", "Jaws"))
    assert t.note("refused").params["reason"] == "not_your_turn"


# 5. Wrong, repeated, too slow: draw a card ------------------------------------------------------


def test_wrong_answer_draws_a_card(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", PLANETS))
    t.rig(1, ["P", "A", "B"])
    t(Answer("Bob", "Pluto"))
    assert t.kinds()[:2] == ["answer_wrong", "draw"]
    assert len(t.hand(1)) == 4
    assert t.game.expected_player() == "Cat"


def test_repeated_answer_draws_a_card(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", PLANETS))
    t.rig(1, ["M", "A", "B"])
    t.rig(2, ["M", "C", "D"])
    t(Answer("Bob", "Mars"))
    t(Answer("Cat", "mars"))
    assert "answer_duplicate" in t.kinds()
    assert len(t.hand(2)) == 4


def test_running_out_of_time_draws_a_card(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t(timeout(t))
    assert t.kinds()[:2] == ["timeout", "draw"]
    assert len(t.hand(1)) == 9


def test_stale_timer_is_refused(table: TableFactory) -> None:
    t = table()
    old = timeout(t)
    t(ChooseCategory("Ann", FILMS))
    t(old)
    assert t.note("refused").params["reason"] == "stale_timer"


# 6. Articles ------------------------------------------------------------------------------------


@pytest.mark.parametrize("letter", ["T", "G"])
def test_the_godfather_plays_with_t_or_g(table: TableFactory, letter: str) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, [letter, "A", "B"])
    t(Answer("Bob", "The Godfather"))
    assert t.note("answer_accepted").params["card"] == letter


# 7. Crack List card -----------------------------------------------------------------------------


def test_crack_list_card_new_category_then_next_player_answers(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, [cards.CRACK_LIST, "A"])
    t(PlayCrackList("Bob"))
    assert t.note("category_card").params["player"] == "Bob"
    t(ChooseCategory("Bob", PLANETS))
    assert t.game.expected_player() == "Cat"


def test_crack_list_cannot_be_the_last_card(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, [cards.CRACK_LIST])
    t(PlayCrackList("Bob"))
    assert t.note("refused").params["reason"] == "crack_list_last_card"


# 8. Joker ---------------------------------------------------------------------------------------


def test_joker_answers_with_any_letter(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", PLANETS))
    t.rig(1, [cards.JOKER, "A"])
    t(Answer("Bob", "Earth", joker=True))
    assert t.kinds()[:2] == ["joker", "answer_accepted"]
    assert t.hand(1) == ["A"]


def test_joker_on_a_penalty_letter_may_penalise(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, [cards.JOKER, "A"])
    t(Answer("Bob", "Quiz Show", joker=True))
    assert t.note("ask_penalty").params == {"player": "Bob", "penalty": 3, "optional": True}
    t(Penalise("Bob", (("Ann", 2), ("Cat", 1))))
    assert t.note("penalty_3").params["targets"] == [("Ann", 2), ("Cat", 1)]
    assert [len(h) for h in t.game.hands] == [10, 1, 9]


def test_joker_penalty_can_be_declined(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, [cards.JOKER, "A"])
    t(Answer("Bob", "Zodiac", joker=True))
    t(Penalise("Bob", ()))
    assert "penalty_declined" in t.kinds()
    assert t.game.expected_player() == "Cat"


# 9. Stop, Reverse, Swap -------------------------------------------------------------------------


def test_stop_skips_the_next_player(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, [cards.STOP, "A"])
    t(PlayStop("Bob"))
    assert t.note("stop").params["skipped"] == "Cat"
    assert t.game.expected_player() == "Ann"


def test_reverse_flips_the_direction(table: TableFactory) -> None:
    t = table(players=("Ann", "Bob", "Cat", "Dan"))
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, [cards.REVERSE, "A"])
    t(PlayReverse("Bob"))
    assert t.game.expected_player() == "Ann"
    t(Pass("Ann"))
    assert t.game.expected_player() == "Dan"


def test_swap_whole_hand(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, [cards.SWAP, "A", "B"])
    cat_hand = list(t.hand(2))
    t(PlaySwap("Bob", "Cat"))
    assert "swap_hand" in t.kinds()
    assert t.hand(1) == cat_hand and sorted(t.hand(2)) == ["A", "B"]


def test_swap_one_card(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, [cards.SWAP, "Q", "B"])
    t(PlaySwap("Bob", "Cat", "Q"))
    assert "swap_card" in t.kinds()
    assert "Q" in t.hand(2) and len(t.hand(1)) == 2 and len(t.hand(2)) == 8
    assert not t.game.check_invariants()


def test_ending_on_a_swap_hands_victory_to_the_other_player(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, [cards.SWAP])
    t(PlaySwap("Bob", "Cat"))
    assert "swap_last_card_victory" in t.kinds()
    assert t.note("round_won").params["player"] == "Cat"


def test_cannot_swap_a_card_you_do_not_hold(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, [cards.SWAP, "A"])
    t(PlaySwap("Bob", "Cat", "Z"))
    assert t.note("refused").params["reason"] == "no_such_card"


# 10. Penalty letters ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "letter", "targets"),
    [
        ("Fargo", "F", (("Cat", 1),)),
        ("Vertigo", "V", (("Cat", 1), ("Ann", 1))),
        ("Vertigo", "V", (("Ann", 2),)),
        ("X-Men", "X", (("Ann", 1), ("Cat", 2))),
        ("Yentl", "Y", (("Cat", 3),)),
    ],
)
def test_penalty_letters_hand_out_cards(
    table,
    answer: str,
    letter: str,
    targets: tuple[tuple[str, int], ...],
) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, [letter, "A"])
    t(Answer("Bob", answer))
    t(Penalise("Bob", targets))
    penalty = cards.penalty_of(letter)
    assert t.note(f"penalty_{penalty}").params["targets"] == list(targets)
    expected = {"Ann": 8, "Cat": 8}
    for name, n in targets:
        expected[name] += n
    assert len(t.hand(0)) == expected["Ann"] and len(t.hand(2)) == expected["Cat"]


@pytest.mark.parametrize(
    ("letter", "targets", "reason"),
    [
        ("F", (("Cat", 2),), "penalty_total"),
        ("F", (("Ann", 1), ("Cat", 1)), "penalty_total"),
        ("J", (("Bob", 2),), "penalty_self"),
        ("Q", (("Cat", 1), ("Cat", 2)), "penalty_split"),
    ],
)
def test_bad_penalty_splits_are_refused(
    table: TableFactory, letter: str, targets, reason: str
) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, [letter, "A"])
    t(Answer("Bob", {"F": "Fargo", "J": "Jaws", "Q": "Quiz Show"}[letter]))
    t(Penalise("Bob", targets))
    assert t.note("refused").params["reason"] == reason


def test_unassigned_penalty_goes_to_the_next_player_when_time_runs_out(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, ["K", "A"])
    t(Answer("Bob", "King Kong"))
    t(timeout(t))
    assert t.note("penalty_2").params == {
        "player": "Bob",
        "targets": [("Cat", 2)],
        "automatic": True,
    }


# 11. Everyone stuck ------------------------------------------------------------------------------


def test_everyone_stuck_abandons_the_category_and_the_chooser_chooses_again(
    table: TableFactory,
) -> None:
    t = table()
    t(ChooseCategory("Ann", PLANETS))
    t(Pass("Bob"))
    t(timeout(t))
    t(Pass("Ann"))
    assert "category_abandoned" in t.kinds()
    assert t.note("category_card").params["player"] == "Ann"
    t(ChooseCategory("Ann", FILMS))
    assert t.game.expected_player() == "Bob"


def test_a_pass_an_answer_voted_down_and_a_pass_abandon_the_category(
    table: TableFactory,
) -> None:
    t = table()
    t(ChooseCategory("Ann", OPEN))
    t(Pass("Bob"))
    t.rig(2, ["B", "A"])
    t(Answer("Cat", "Blind as a bat"))
    t(Challenge("Ann"))
    t(Vote("Ann", False))
    t(Vote("Bob", False))
    assert "vote_rejected" in t.kinds() and t.game.expected_player() == "Ann"
    t(Pass("Ann"))
    assert "category_abandoned" in t.kinds()
    assert t.game.state is State.CHOOSING


def test_an_answer_voted_down_after_two_passes_abandons_the_category_at_once(
    table: TableFactory,
) -> None:
    t = table(teams=[["Ann", "Dan"], ["Bob", "Eve"], ["Cat", "Fay"]])
    team_ann, team_bob, team_cat = (seat.name for seat in t.game.seats)
    t(ChooseCategory(team_ann, OPEN))
    t(Pass(team_bob))
    t(Pass(team_cat))
    t.rig(0, ["B", "A"])
    t(Answer(team_ann, "Blind as a bat"))
    t(Challenge(team_bob))
    t(Vote(team_bob, False))
    t(Vote(team_cat, False))
    assert "vote_rejected" in t.kinds() and "category_abandoned" in t.kinds()
    assert t.game.state is State.CHOOSING


# 12. Rounds and the game -------------------------------------------------------------------------


def test_last_card_wins_the_round_and_the_winner_chooses_next(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", PLANETS))
    t.rig(1, ["M"])
    t(Answer("Bob", "Mars"))
    assert "last_card_window" in t.kinds()
    t(timeout(t))
    assert t.note("round_won").params["player"] == "Bob"
    assert t.note("round_started").params["round"] == 2
    assert t.note("category_card").params["player"] == "Bob"
    assert [len(h) for h in t.game.hands] == [8, 8, 8]


def test_a_last_card_challenged_and_upheld_wins_the_round_at_once(table: TableFactory) -> None:
    """Each answer is challenged once: once its challenge fails, no window is left to wait."""
    t = table()
    t(ChooseCategory("Ann", PLANETS))
    t.rig(1, ["M"])
    t(Answer("Bob", "Mars"))
    t(Challenge("Cat"))
    assert t.kinds()[:3] == ["challenge", "challenge_settled_by_list", "round_won"]
    t(ChooseCategory("Bob", OPEN))
    t.rig(2, ["B"])
    t(Answer("Cat", "Blind as a bat"))
    t(Challenge("Ann"))
    t(Vote("Ann", True))  # Bob's vote can no longer change it: a tie lets an answer stand
    assert t.kinds()[1:3] == ["vote_upheld", "round_won"]
    assert t.note("round_won").params["player"] == "Cat"


def test_a_last_card_challenged_before_its_penalty_waits_for_the_penalty(
        table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", PLANETS))
    t.rig(1, ["N"])
    t(Answer("Bob", "Neptune"))
    t(Challenge("Cat"))
    assert "round_won" not in t.kinds() and t.game.pending is not None
    t(Penalise("Bob", (("Cat", 1),)))
    assert t.note("round_won").params["player"] == "Bob"


def test_most_rounds_wins_after_three_rounds(table: TableFactory) -> None:
    t = table(rounds=3)
    for winner in ("Bob", "Cat", "Bob"):
        win_round(t, winner)
    assert t.note("game_won").params["player"] == "Bob"
    assert t.game.state is State.OVER
    t(Pass("Bob"))
    assert t.note("refused").params["reason"] == "game_over"


def test_a_tie_after_the_last_round_plays_a_deciding_round(table: TableFactory) -> None:
    t = table(rounds=2)
    win_round(t, "Bob")
    win_round(t, "Cat")
    assert "tie_break" in t.kinds() and t.game.state is State.CHOOSING
    win_round(t, "Cat")
    assert t.note("game_won").params["player"] == "Cat"


def win_round(t: Table, winner: str) -> None:
    """Let `winner` play their last card in the current round."""
    game = t.game
    if game.state is State.CHOOSING:
        t(ChooseCategory(game.seats[game.chooser].name, PLANETS))
    seat = game.seat_index(winner)
    while game.expected_player() != winner:
        t(Pass(game.expected_player()))
        if game.state is State.CHOOSING:
            t(ChooseCategory(game.seats[game.chooser].name, PLANETS))
    planet = next(p for p in ("Mars", "Venus", "Earth", "Saturn") if p not in game.given)
    t.rig(seat, [planet[0]])
    t(Answer(winner, planet))
    t(timeout(t))


# 13. Challenges ----------------------------------------------------------------------------------


def test_challenge_on_a_listed_answer_is_settled_by_the_list(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", PLANETS))
    t.rig(1, ["M", "A"])
    t(Answer("Bob", "Mars"))
    t(Challenge("Ann"))
    assert t.kinds()[:2] == ["challenge", "challenge_settled_by_list"]
    assert t.game.state is State.TURN and t.game.expected_player() == "Cat"


def test_unverifiable_answer_goes_to_a_majority_vote(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", OPEN))
    t.rig(1, ["B", "A"])
    t(Answer("Bob", "Blind as a bat"))
    assert t.note("answer_accepted").params["unverified"] is True
    t(Challenge("Cat"))
    assert t.game.state is State.VOTING
    t(Vote("Ann", False))
    t(Vote("Cat", False))
    assert t.kinds()[-4:] == ["vote_rejected", "draw", "turn", "timer"]  # back to Cat, told so
    assert t.note("turn").params["player"] == "Cat"
    assert {"A", "B"} <= set(t.hand(1))
    assert len(t.hand(1)) == 3  # card back, plus one drawn
    assert t.game.expected_player() == "Cat"
    assert not t.game.check_invariants()


def test_a_tied_vote_lets_the_answer_stand(table: TableFactory) -> None:
    t = table(players=("Ann", "Bob", "Cat", "Dan", "Eve"))
    t(ChooseCategory("Ann", OPEN))
    t.rig(1, ["B", "A"])
    t(Answer("Bob", "Blind as a bat"))
    t(Challenge("Cat"))
    for name, accept in (("Ann", True), ("Cat", False), ("Dan", False), ("Eve", True)):
        t(Vote(name, accept))
    assert t.note("vote_upheld").params == {"answer": "Blind as a bat", "yes": 2, "no": 2}
    assert t.hand(1) == ["A"]


def test_closed_list_rejects_unlisted_answers_outright(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", PLANETS))
    t.rig(1, ["P", "A"])
    t(Answer("Bob", "Pluto"))
    assert t.note("answer_wrong").params["reason"] == "not_in_list"


def test_cannot_challenge_own_answer_or_after_the_next_player_acted(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", PLANETS))
    t.rig(1, ["M", "A"])
    t(Answer("Bob", "Mars"))
    t(Challenge("Bob"))
    assert t.note("refused").params["reason"] == "own_challenge"
    t(Pass("Cat"))
    t(Challenge("Ann"))
    assert t.note("refused").params["reason"] == "nothing_pending"


# 14. Time challenge -------------------------------------------------------------------------------


def test_countdown_forces_a_card_when_it_runs_out(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    past_grace(t)
    t(CallCountdown("Cat"))
    assert t.note("timer") == ArmTimer("countdown", 5.0, t.game.timer_token)
    t(timeout(t))
    assert t.kinds()[:3] == ["countdown_expired", "timeout", "draw"]


def test_an_answer_in_time_beats_the_countdown(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, ["J", "A"])
    past_grace(t)
    t(CallCountdown("Cat"))
    t(Answer("Bob", "Jaws"))
    assert "answer_accepted" in t.kinds()


def test_you_cannot_count_yourself_down(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t(CallCountdown("Bob"))
    assert t.note("refused").params["reason"] == "own_countdown"


# 15. Two players and teams ------------------------------------------------------------------------


def test_two_players_same_rules(table: TableFactory) -> None:
    t = table(players=("Ann", "Bob"))
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, [cards.STOP, "A"])
    t(PlayStop("Bob"))
    assert t.game.expected_player() == "Bob"


def test_teams_share_a_hand_and_a_turn(table: TableFactory) -> None:
    t = table(players=(), teams=[["Ann", "Bob"], ["Cat", "Dan", "Eve"]])
    names = [seat.name for seat in t.game.seats]
    assert names == ["Ann and Bob", "Cat and Dan and Eve"]
    assert [len(h) for h in t.game.hands] == [8, 8]


def test_too_many_people_is_refused(table: TableFactory) -> None:
    teams = [[f"P{i}{j}" for j in range(3)] for i in range(7)]
    with pytest.raises(ValueError, match="at most 20 people"):
        table(players=(), teams=teams)


# 16. Virtual and physical cards -------------------------------------------------------------------


def test_virtual_cards_refuse_a_letter_not_in_hand(table: TableFactory) -> None:
    t = table()
    t(ChooseCategory("Ann", FILMS))
    t.rig(1, ["A", "B"])
    t(Answer("Bob", "Jaws", letter="J"))
    assert t.note("refused").params["reason"] == "no_such_card"


def test_physical_cards_trust_the_letter_and_track_counts(table: TableFactory) -> None:
    t = table(cards="physical")
    assert set(t.hand(0)) == {cards.HIDDEN}
    t(ChooseCategory("Ann", FILMS))
    t(Answer("Bob", "Jaws"))
    assert t.note("answer_accepted").params["card"] == "J"
    assert len(t.hand(1)) == 7
    t(Penalise("Bob", (("Cat", 2),)))
    assert len(t.hand(2)) == 10
    t(Answer("Cat", "Pluto"))  # not a known film: it stands unless challenged
    assert t.note("answer_accepted").params["unverified"] is True
    assert not t.game.check_invariants()


# House rules ----------------------------------------------------------------------------------


def test_house_rules_describe_the_default_blue_deck() -> None:
    from host.core.phrasebook import Phrasebook
    from host.games.crack_list.announce import VOICE

    text = Phrasebook(game=VOICE).house_rules[0]
    counts = BlueDeckMix().counts
    letters = sum(counts[x] for x in cards.LETTERS)
    assert f"{sum(counts.values())} cards: {letters} letters" in text
    for action, said in (
        ("CRACK_LIST", "Crack List"),
        ("JOKER", "Joker"),
        ("STOP", "Stop"),
        ("REVERSE", "Reverse"),
        ("SWAP", "Swap"),
    ):
        assert f"{counts[action]} {said}" in text
