"""How a Short List game flows: its states, and its transitions declared as data.

Read TRANSITIONS from the top to learn the game. Each row is a `transitions` transition: the
`trigger` an event fires (TRIGGERS), the `source` state it may come from, the `dest` state it
leads to, the `conditions` that choose among rows sharing a trigger (tried in order, the first
that holds is taken), and the callbacks on the game (host.games.short_list.rules.ShortListGame)
that carry the rules: `prepare` checks refuse an illegal move before anything changes, `after`
callbacks make the move and say what happened.

`dest: None` keeps the state, or leaves it to `end_round`, the trigger the `move_on` callback
fires when a question round is over (and `stock_runs_dry`, the one `begin_next_round` fires
when the stockpile gives no winner crystal); the machine is queued, so it runs once the move
in progress is done.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from host.core.events import TimeUp
from host.games.short_list.events import Answer, Jump, Pass

if TYPE_CHECKING:
    from transitions.core import TransitionConfigDict


class State(StrEnum):
    """Where the game stands (a StrEnum: each state is also its name as a string)."""

    GUESSING = "guessing"
    """A question round: the guesser on turn answers or passes."""
    OVER = "over"
    """The last question round has ended (or the stockpile ran dry)."""


TRIGGERS: dict[type, str] = {
    Answer: "answer",
    Pass: "pass_turn",
    Jump: "jump",
    TimeUp: "time_up",
}
"""The trigger each event fires."""


TRANSITIONS: list[TransitionConfigDict] = [
    # A guess. A right answer (on the card, and not given before in this round) earns a winner
    # crystal. A wrong answer, or a repeat, costs the guesser a personal crystal, which goes to
    # the quizmaster (from the stockpile when the guesser has none), and puts them out of the
    # round. Either way play moves to the left, or the round ends.
    {"trigger": "answer", "source": State.GUESSING, "dest": None,
     "prepare": "check_answer", "conditions": "answer_is_right",
     "after": ["take_winner_crystal", "move_on"]},
    {"trigger": "answer", "source": State.GUESSING, "dest": None,
     "prepare": "check_answer", "after": ["say_answer_is_wrong", "pay_quizmaster", "drop_out",
                                          "move_on"]},
    # A pass puts the guesser out of the round, and one winner crystal goes back to the
    # stockpile: nobody can win it this round. A guesser whose time is up passes (the host's
    # rule: the rulebook has no time limit).
    {"trigger": "pass_turn", "source": State.GUESSING, "dest": None,
     "prepare": "check_turn", "after": ["say_pass", "return_winner_crystal", "drop_out",
                                        "move_on"]},
    {"trigger": "time_up", "source": State.GUESSING, "dest": None,
     "prepare": "check_timer", "after": ["say_time_is_up", "return_winner_crystal", "drop_out",
                                         "move_on"]},

    # "It's my turn!": a guesser still in the round who holds an "It's my turn" card answers
    # in place of the guesser on turn and hands them the card (who keeps it for later). The
    # answer is judged as usual, and play continues to the jumper's left: the guessers jumped
    # over miss their turn. Several jumps in a row are allowed; the first claim heard wins.
    {"trigger": "jump", "source": State.GUESSING, "dest": None,
     "prepare": "check_jump", "conditions": "answer_is_right",
     "after": ["hand_over_card", "take_winner_crystal", "move_on"]},
    {"trigger": "jump", "source": State.GUESSING, "dest": None,
     "prepare": "check_jump", "after": ["hand_over_card", "say_answer_is_wrong",
                                        "pay_quizmaster", "drop_out", "move_on"]},

    # The end of a question round: the quizmaster takes the winner crystals left when every
    # guesser is out, nothing when seven answers were found or no winner crystal is left; the
    # card goes to the bottom of the pile and the quizmaster's left neighbour reads the next,
    # until every player has been quizmaster as often as the table's size says.
    {"trigger": "end_round", "source": State.GUESSING, "dest": State.OVER,
     "conditions": "is_last_round", "after": ["settle_round", "announce_end"]},
    {"trigger": "end_round", "source": State.GUESSING, "dest": State.GUESSING,
     "after": ["settle_round", "begin_next_round"]},
    # A stockpile that gives not one winner crystal for the next round, even after the
    # exchanges, ends the game early (the host's rule): nothing is left to win, only crystals to
    # lose. A stockpile that gives fewer than seven plays the round with what it gives.
    {"trigger": "stock_runs_dry", "source": State.GUESSING, "dest": State.OVER,
     "after": ["say_stock_is_dry", "announce_end"]},
]
"""Every move of the game; see the module docstring for how to read a row."""
