"""How a Crack List game flows: its states, and its transitions declared as data.

Read TRANSITIONS from the top to learn the game. Each row is a `transitions` transition: the
`trigger` an event fires (TRIGGERS), the `source` state it may come from, the `dest` state it
leads to, the `conditions` that choose among rows sharing a trigger (tried in order, the first
that holds is taken), and the callbacks on the game (host.games.crack_list.CrackListGame) that
carry the rules: `prepare` checks refuse an illegal move before anything changes, `after`
callbacks make the move and say what happened.

`dest: None` keeps the state (an internal transition), or leaves it to the trigger that a
callback fires next: `end_round` or `settle_vote`. A trigger named as a callback fires that
trigger with the same event (`penalise` with an answer that says who takes its penalty); the
machine is queued, so it runs once the move in progress is done.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from host.core.events import TimeUp
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

if TYPE_CHECKING:
    from transitions.core import TransitionConfigDict


class State(StrEnum):
    """Where the game stands (a StrEnum: each state is also its name as a string)."""

    CHOOSING = "choosing"
    """The chooser picks one of the three categories on a red card."""
    TURN = "turn"
    """The current player has the turn timer running; the previous answer (or a refusal the
    list may be wrong about) may be challenged until they act."""
    ANSWERED = "answered"
    """A penalty letter waits for its targets, a last card for any challenge, or a refusal
    that ends the category for a challenge of it."""
    VOTING = "voting"
    """A challenged, unverifiable answer is being voted on."""
    OVER = "over"
    """The game has a winner."""


PLAYING = frozenset({State.TURN, State.ANSWERED, State.VOTING})
"""The states in which a category is in play."""

TRIGGERS: dict[type, str] = {
    ChooseCategory: "choose",
    Answer: "answer",
    PlayCrackList: "play_crack_list",
    PlayStop: "play_stop",
    PlayReverse: "play_reverse",
    PlaySwap: "play_swap",
    Pass: "pass_turn",
    CallCountdown: "call_countdown",
    Challenge: "challenge",
    Penalise: "penalise",
    Vote: "vote",
    TimeUp: "time_up",
}
"""The trigger each event fires."""

ACTS = ("answer", "play_crack_list", "play_stop", "play_reverse", "play_swap", "pass_turn")
"""What a player can do on their turn."""


def _next_player_acts(act: str) -> TransitionConfigDict:
    """In a last card's window, the next player's act closes it: the answerer, out of cards,
    wins the round (the act is not played). Not while a penalty or a refusal's window waits."""
    return {"trigger": act, "source": State.ANSWERED, "dest": None,
            "prepare": "check_window_closes", "after": ["close_window", "win_round"]}


TRANSITIONS: list[TransitionConfigDict] = [
    # Choosing a category. The chooser picks one of the three on the red card (with physical
    # cards, any category read from their own red card), or the host picks when time is up.
    # The next player has the first turn; after an abandoned category, whoever was to play next.
    {"trigger": "choose", "source": State.CHOOSING, "dest": State.TURN,
     "prepare": "check_choice", "after": ["take_chosen_category", "begin_first_turn"]},
    {"trigger": "time_up", "source": State.CHOOSING, "dest": State.TURN,
     "prepare": "check_timer", "after": ["take_random_category", "begin_first_turn"]},

    # A turn: the player answers with a letter card or the Joker. A wrong or repeated answer
    # draws a card, as a pass or running out of time does; when every player in a row has
    # failed, the category is abandoned and the same chooser picks a new one. An answer
    # refused as not on a list that may lack it (not a closed list) may be challenged until
    # the next player acts; when it ends the category, in a short window first.
    {"trigger": "answer", "source": State.TURN, "dest": State.ANSWERED,
     "prepare": "check_answer",
     "conditions": ["answer_is_wrong", "is_last_to_fail", "refusal_may_be_challenged"],
     "after": ["say_answer_is_wrong", "fail", "hold_refusal", "open_challenge_window"]},
    {"trigger": "answer", "source": State.TURN, "dest": State.CHOOSING,
     "prepare": "check_answer", "conditions": ["answer_is_wrong", "is_last_to_fail"],
     "after": ["say_answer_is_wrong", "fail", "abandon_category"]},
    {"trigger": "answer", "source": State.TURN, "dest": State.TURN,
     "prepare": "check_answer", "conditions": ["answer_is_wrong", "refusal_may_be_challenged"],
     "after": ["say_answer_is_wrong", "fail", "hold_refusal", "next_turn"]},
    {"trigger": "answer", "source": State.TURN, "dest": State.TURN,
     "prepare": "check_answer", "conditions": "answer_is_wrong",
     "after": ["say_answer_is_wrong", "fail", "next_turn"]},
    # A right answer stands, and may be challenged until the next player acts. On a penalty
    # letter (or the Joker on one) the player then says who takes the penalty cards, unless
    # they said so with the answer ("Q, queen snake, all to Ann"); on their last card the
    # others get a last chance to challenge it; otherwise play moves on.
    {"trigger": "answer", "source": State.TURN, "dest": State.ANSWERED,
     "prepare": "check_answer", "conditions": ["answer_has_penalty", "penalty_said_with_answer"],
     "after": ["play_answer", "penalise"]},
    {"trigger": "answer", "source": State.TURN, "dest": State.ANSWERED,
     "prepare": "check_answer", "conditions": "answer_has_penalty",
     "after": ["play_answer", "ask_for_penalty"]},
    {"trigger": "answer", "source": State.TURN, "dest": State.ANSWERED,
     "prepare": "check_answer", "conditions": "is_last_card",
     "after": ["play_answer", "open_last_card_window"]},
    {"trigger": "answer", "source": State.TURN, "dest": State.TURN,
     "prepare": "check_answer", "after": ["play_answer", "next_turn"]},
    {"trigger": "pass_turn", "source": State.TURN, "dest": State.CHOOSING,
     "prepare": "check_turn", "conditions": "is_last_to_fail",
     "after": ["say_pass", "fail", "abandon_category"]},
    {"trigger": "pass_turn", "source": State.TURN, "dest": State.TURN,
     "prepare": "check_turn", "after": ["say_pass", "fail", "next_turn"]},
    {"trigger": "time_up", "source": State.TURN, "dest": None,
     "prepare": "check_timer", "conditions": "is_grace_over", "after": "run_rest_of_turn"},
    {"trigger": "time_up", "source": State.TURN, "dest": State.CHOOSING,
     "prepare": "check_timer", "conditions": "is_last_to_fail",
     "after": ["say_time_is_up", "fail", "abandon_category"]},
    {"trigger": "time_up", "source": State.TURN, "dest": State.TURN,
     "prepare": "check_timer", "after": ["say_time_is_up", "fail", "next_turn"]},

    # An action card instead of an answer. A Crack List card lets its player choose a new
    # category (never as their last card); Stop skips the next player; Reverse turns play
    # around; Swap trades the whole hand or one card. A last card wins the round, except that
    # a last Swap hands the victory to the other player.
    {"trigger": "play_crack_list", "source": State.TURN, "dest": State.CHOOSING,
     "prepare": "check_crack_list_card", "after": ["play_crack_list_card", "offer_category"]},
    {"trigger": "play_stop", "source": State.TURN, "dest": None,
     "prepare": "check_stop_card", "conditions": "is_last_card",
     "after": ["play_stop_card", "win_round"]},
    {"trigger": "play_stop", "source": State.TURN, "dest": State.TURN,
     "prepare": "check_stop_card", "after": ["play_stop_card", "skip_next_turn"]},
    {"trigger": "play_reverse", "source": State.TURN, "dest": None,
     "prepare": "check_reverse_card", "conditions": "is_last_card",
     "after": ["play_reverse_card", "win_round"]},
    {"trigger": "play_reverse", "source": State.TURN, "dest": State.TURN,
     "prepare": "check_reverse_card", "after": ["play_reverse_card", "next_turn"]},
    {"trigger": "play_swap", "source": State.TURN, "dest": None,
     "prepare": "check_swap", "conditions": "is_last_card", "after": "swap_last_card"},
    {"trigger": "play_swap", "source": State.TURN, "dest": State.TURN,
     "prepare": "check_swap", "after": ["swap", "next_turn"]},

    # The time challenge: another player calls "5, 4, 3, 2, 1... Crack On!" and the turn timer
    # becomes the countdown.
    {"trigger": "call_countdown", "source": State.TURN, "dest": None,
     "prepare": "check_countdown", "after": "start_countdown"},

    # A challenge to the answer that stands, or to a refusal the list may be wrong about (once
    # each): an answer on the category's list is upheld at once and the interrupted timer
    # starts again (a last card, its penalty handed out, has no window left: the round is
    # won); any other goes to a vote.
    {"trigger": "challenge", "source": State.ANSWERED, "dest": None,
     "prepare": "check_challenge", "conditions": ["answer_is_on_the_list", "answerer_is_out"],
     "unless": "penalty_is_due",
     "after": ["say_challenge", "settle_by_the_list", "close_window", "win_round"]},
    {"trigger": "challenge", "source": [State.TURN, State.ANSWERED], "dest": None,
     "prepare": "check_challenge", "conditions": "answer_is_on_the_list",
     "after": ["say_challenge", "settle_by_the_list", "rearm_timer"]},
    {"trigger": "challenge", "source": [State.TURN, State.ANSWERED], "dest": State.VOTING,
     "prepare": "check_challenge", "before": "open_vote",
     "after": ["say_challenge", "ask_for_votes"]},

    # A penalty letter's answer. The answerer names who takes the penalty cards (a Joker's
    # penalty may be declined); when time is up, the next player takes them all (a Joker's
    # lapses). Then play moves on, the answer still open to challenge until the next player
    # acts; or, out of cards, the answerer's last card gets its window for a challenge (none
    # if it was challenged already: the round is won).
    {"trigger": "penalise", "source": State.ANSWERED, "dest": None,
     "prepare": "check_penalty", "conditions": ["answerer_is_out", "answer_was_challenged"],
     "after": ["hand_out_penalty", "close_window", "win_round"]},
    {"trigger": "penalise", "source": State.ANSWERED, "dest": State.ANSWERED,
     "prepare": "check_penalty", "conditions": "answerer_is_out",
     "after": ["hand_out_penalty", "open_last_card_window"]},
    {"trigger": "penalise", "source": State.ANSWERED, "dest": State.TURN,
     "prepare": "check_penalty", "after": ["hand_out_penalty", "next_turn"]},
    {"trigger": "time_up", "source": State.ANSWERED, "dest": None, "prepare": "check_timer",
     "conditions": ["penalty_is_due", "answerer_is_out", "answer_was_challenged"],
     "after": ["penalty_time_is_up", "close_window", "win_round"]},
    {"trigger": "time_up", "source": State.ANSWERED, "dest": State.ANSWERED,
     "prepare": "check_timer", "conditions": ["penalty_is_due", "answerer_is_out"],
     "after": ["penalty_time_is_up", "open_last_card_window"]},
    {"trigger": "time_up", "source": State.ANSWERED, "dest": State.TURN,
     "prepare": "check_timer", "conditions": "penalty_is_due",
     "after": ["penalty_time_is_up", "next_turn"]},
    # A refusal that ended the category: unchallenged in its window, the category goes.
    {"trigger": "time_up", "source": State.ANSWERED, "dest": State.CHOOSING,
     "prepare": "check_timer", "conditions": "holds_a_refusal",
     "after": ["close_window", "abandon_category"]},
    # A last card's window: unchallenged, the round is won (when time is up, or as the next
    # player acts: _next_player_acts).
    {"trigger": "time_up", "source": State.ANSWERED, "dest": None,
     "prepare": "check_timer", "after": ["close_window", "win_round"]},
    *[_next_player_acts(act) for act in ACTS],

    # A vote on a challenged answer the judge cannot verify, or on a refusal: every player but
    # the answerer votes once, and the vote is settled as soon as its result can no longer
    # change, or when time is up.
    {"trigger": "vote", "source": State.VOTING, "dest": None,
     "prepare": "check_vote", "conditions": "vote_is_decided",
     "after": ["record_vote", "settle_vote"]},
    {"trigger": "vote", "source": State.VOTING, "dest": None,
     "prepare": "check_vote", "after": "record_vote"},
    {"trigger": "time_up", "source": State.VOTING, "dest": None,
     "prepare": "check_timer", "after": "settle_vote"},
    # Settling a vote on a refusal. A majority for the answer overrules the host: the card
    # drawn goes back, the answer is played as if accepted (its penalty, its last card) and
    # play moves on from the answerer; a tie or a majority against keeps the refusal, and play
    # resumes where the challenge stopped it.
    {"trigger": "settle_vote", "source": State.VOTING, "dest": State.ANSWERED,
     "conditions": ["challenged_a_refusal", "vote_overrules", "reinstated_answer_has_penalty"],
     "after": ["reinstate_answer", "ask_for_penalty"]},
    {"trigger": "settle_vote", "source": State.VOTING, "dest": State.ANSWERED,
     "conditions": ["challenged_a_refusal", "vote_overrules", "reinstated_answer_is_last"],
     "after": ["reinstate_answer", "close_window", "win_round"]},
    {"trigger": "settle_vote", "source": State.VOTING, "dest": State.TURN,
     "conditions": ["challenged_a_refusal", "vote_overrules"],
     "after": ["reinstate_answer", "next_turn"]},
    {"trigger": "settle_vote", "source": State.VOTING, "dest": State.TURN,
     "conditions": ["challenged_a_refusal", "vote_began_on_a_turn"],
     "after": ["keep_refusal", "restart_turn_timer"]},
    {"trigger": "settle_vote", "source": State.VOTING, "dest": State.CHOOSING,
     "conditions": "challenged_a_refusal", "after": ["keep_refusal", "abandon_category"]},
    # Settling a vote on an answer. A majority for the answer, or a tie, lets it stand, and
    # play resumes where the challenge stopped it (a last card, its penalty handed out, wins
    # the round). A majority against takes the card back (and any penalty cards it gave) and
    # the answerer draws, as for a wrong answer; a vote during the next player's turn leaves
    # them their turn.
    {"trigger": "settle_vote", "source": State.VOTING, "dest": State.TURN,
     "conditions": ["vote_upholds", "vote_began_on_a_turn"],
     "after": ["uphold_answer", "restart_turn_timer"]},
    {"trigger": "settle_vote", "source": State.VOTING, "dest": State.ANSWERED,
     "conditions": ["vote_upholds", "answerer_is_out"],
     "unless": ["vote_began_on_a_turn", "penalty_is_due"],
     "after": ["uphold_answer", "close_window", "win_round"]},
    {"trigger": "settle_vote", "source": State.VOTING, "dest": State.ANSWERED,
     "conditions": "vote_upholds", "after": ["uphold_answer", "restart_timer"]},
    {"trigger": "settle_vote", "source": State.VOTING, "dest": State.CHOOSING,
     "conditions": ["vote_began_on_a_turn", "rejection_is_last_to_fail"],
     "after": ["take_answer_back", "abandon_category_mid_turn"]},
    {"trigger": "settle_vote", "source": State.VOTING, "dest": State.TURN,
     "conditions": "vote_began_on_a_turn", "after": ["take_answer_back", "restart_turn_timer"]},
    {"trigger": "settle_vote", "source": State.VOTING, "dest": State.CHOOSING,
     "conditions": "rejection_is_last_to_fail",
     "after": ["take_answer_back", "abandon_category"]},
    {"trigger": "settle_vote", "source": State.VOTING, "dest": State.TURN,
     "after": ["take_answer_back", "next_turn"]},

    # The end of a round, once its winning move is done (fired with the winner's seat). After
    # the last round, the one player with most rounds won wins the game; before it, or on a
    # tie, the round's winner chooses the first category of a new deal.
    {"trigger": "end_round", "source": [State.TURN, State.ANSWERED], "dest": State.OVER,
     "conditions": "game_is_decided", "after": "announce_winner"},
    {"trigger": "end_round", "source": [State.TURN, State.ANSWERED], "dest": State.CHOOSING,
     "after": "deal_next_round"},
]
"""Every move of the game; see the module docstring for how to read a row."""
