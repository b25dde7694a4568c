"""How a Scattergories game flows: its states, and its transitions declared as data.

Read TRANSITIONS from the top to learn the game. Each row is a `transitions` transition: the
`trigger` an event fires (TRIGGERS), the `source` state it may come from, the `dest` state it
leads to, the `conditions` that choose among rows sharing a trigger (tried in order, the first
that holds is taken), and the callbacks on the game
(host.games.scattergories.rules.ScattergoriesGame) that carry the rules: `prepare` checks refuse
an illegal move before anything changes, `after` callbacks make the move and say what happened.

`dest: None` keeps the state, or leaves it to a trigger a callback fires once the rules know
where the game goes (`wild_star_rolled` or `letter_called` after a roll, `all_have_read`,
`back_to_reading`, `next_category`, `end_round`); the machine is queued, so it runs once the
move in progress is done.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from host.core.events import TimeUp
from host.games.scattergories.events import (
    AgreeMoreTime,
    AskMoreTime,
    Challenge,
    ChooseLetter,
    ReadAnswer,
    Vote,
)

if TYPE_CHECKING:
    from transitions.core import TransitionConfigDict


class State(StrEnum):
    """Where the game stands (a StrEnum: each state is also its name as a string)."""

    ROLLING = "rolling"
    """A round begins: the host rolls the letter die for the roller."""
    CHOOSING_LETTER = "choosing_letter"
    """A wild star: the roller chooses the key letter."""
    WRITING = "writing"
    """The timer runs (its last seconds counted down); players write their answers."""
    READING = "reading"
    """Pencils down: the reader on turn reads their answer to the category being read."""
    REVIEW = "review"
    """Everyone has read the category: a last moment to challenge before it is scored."""
    VOTING = "voting"
    """An answer is challenged: every player votes on it."""
    OVER = "over"
    """The game has a winner (or winners sharing it)."""


TRIGGERS: dict[type, str] = {
    ChooseLetter: "choose_letter",
    AskMoreTime: "ask_more_time",
    AgreeMoreTime: "agree_more_time",
    ReadAnswer: "read_answer",
    Challenge: "challenge",
    Vote: "vote",
    TimeUp: "time_up",
}
"""The trigger each event fires."""


TRANSITIONS: list[TransitionConfigDict] = [
    # The roll (the host's, in the roller's name, when a round begins): a letter used already
    # in this game is rolled again; a wild star lets the roller choose any letter not used yet
    # (the host chooses one from the die when their time runs out).
    {"trigger": "wild_star_rolled", "source": State.ROLLING, "dest": State.CHOOSING_LETTER,
     "after": "await_choice"},
    {"trigger": "letter_called", "source": State.ROLLING, "dest": State.WRITING,
     "after": "start_writing"},
    {"trigger": "choose_letter", "source": State.CHOOSING_LETTER, "dest": State.WRITING,
     "prepare": "check_choice", "after": ["take_chosen_letter", "start_writing"]},
    {"trigger": "time_up", "source": State.CHOOSING_LETTER, "dest": State.WRITING,
     "prepare": "check_timer", "after": ["choose_for_roller", "start_writing"]},

    # The writing time: the timer runs, then its last seconds are counted down aloud. One
    # player asks for one more minute, every other player agrees (one "no" refuses it); the
    # timer is then turned over again when it runs out, as a sand timer is. Time up: pencils
    # down, and the reading of the first category begins.
    {"trigger": "ask_more_time", "source": State.WRITING, "dest": None,
     "prepare": "check_ask", "after": "open_request"},
    {"trigger": "agree_more_time", "source": State.WRITING, "dest": None,
     "prepare": "check_agreement", "conditions": "refuses_more_time",
     "after": "refuse_more_time"},
    {"trigger": "agree_more_time", "source": State.WRITING, "dest": None,
     "prepare": "check_agreement", "conditions": "everyone_agrees", "after": "extend_timer"},
    {"trigger": "agree_more_time", "source": State.WRITING, "dest": None,
     "prepare": "check_agreement", "after": "note_agreement"},
    {"trigger": "time_up", "source": State.WRITING, "dest": None,
     "prepare": "check_timer", "conditions": "countdown_is_next", "after": "start_countdown"},
    {"trigger": "time_up", "source": State.WRITING, "dest": None,
     "prepare": "check_timer", "conditions": "timer_turns_over", "after": "start_extra_time"},
    {"trigger": "time_up", "source": State.WRITING, "dest": State.READING,
     "prepare": "check_timer", "after": ["pencils_down", "open_category"]},

    # The reading: the category named, each player in turn from the roller reads their answer
    # (or a blank; silence until the time runs out is a blank); the host reads it back, and the
    # reader may correct a mishearing ("no, pelican") until the next reader has read (the last
    # reader, until the category is scored). Once all have read, a short last moment to
    # challenge, then the category is scored.
    {"trigger": "read_answer", "source": [State.READING, State.REVIEW], "dest": None,
     "prepare": "check_reader", "conditions": "is_correction", "after": "take_correction"},
    {"trigger": "read_answer", "source": State.READING, "dest": None,
     "prepare": "check_reader", "after": ["take_answer", "pass_turn"]},
    {"trigger": "time_up", "source": State.READING, "dest": None,
     "prepare": "check_timer", "after": ["read_blank", "pass_turn"]},
    {"trigger": "all_have_read", "source": State.READING, "dest": State.REVIEW,
     "after": "open_review"},

    # Challenges: anyone playing may challenge another's answer to the category being read,
    # once, until it is scored. The category's list settles an answer it knows (or one a
    # closed list rules out); anything else goes to a vote of every player, the challenged
    # one too.
    {"trigger": "challenge", "source": [State.READING, State.REVIEW], "dest": None,
     "prepare": "check_challenge", "conditions": "list_settles_it", "after": "settle_by_list"},
    {"trigger": "challenge", "source": [State.READING, State.REVIEW], "dest": State.VOTING,
     "prepare": "check_challenge", "after": "open_vote"},
    # The vote: settled once everyone has voted, or when its time runs out. The majority
    # decides; in a tie the challenged player's vote does not count; still tied, it stands.
    {"trigger": "vote", "source": State.VOTING, "dest": None,
     "prepare": "check_vote", "conditions": "is_last_vote", "after": ["take_vote",
                                                                      "settle_vote"]},
    {"trigger": "vote", "source": State.VOTING, "dest": None,
     "prepare": "check_vote", "after": "take_vote"},
    {"trigger": "time_up", "source": State.VOTING, "dest": None,
     "prepare": "check_timer", "after": "settle_vote"},
    {"trigger": "back_to_reading", "source": State.VOTING, "dest": State.READING,
     "conditions": "readers_left", "after": "resume_turn"},
    {"trigger": "back_to_reading", "source": State.VOTING, "dest": State.REVIEW,
     "after": "open_review"},

    # Scoring the category: every answer once (2, 1 or 0), then the next category; after the
    # last one, the round's totals. After two rounds the highest total wins; tied players play
    # one more round with a new key letter, the highest of that round winning, until one wins
    # or the tie-break rounds run out (then they share the victory).
    {"trigger": "time_up", "source": State.REVIEW, "dest": None,
     "prepare": "check_timer", "after": ["score_category", "move_on"]},
    {"trigger": "next_category", "source": State.REVIEW, "dest": State.READING,
     "after": "open_category"},
    {"trigger": "end_round", "source": State.REVIEW, "dest": State.OVER,
     "conditions": "game_is_decided", "after": "announce_end"},
    {"trigger": "end_round", "source": State.REVIEW, "dest": State.ROLLING,
     "after": "begin_next_round"},
]
"""Every move of the game; see the module docstring for how to read a row."""
