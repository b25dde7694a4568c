"""How a Crack Word game flows: its states, and its transitions declared as data.

Each row is a `transitions` transition: the `trigger` an event fires (TRIGGERS), the `source`
state, the `dest` state, the `conditions` that choose among rows sharing a trigger (the first
that holds is taken), `prepare` checks that refuse an illegal move before anything changes, and
`after` callbacks on host.games.crack_word.rules.CrackWordGame that make the move. `end_game`
is the trigger the callbacks fire when the game is over (the machine is queued).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from host.core.events import TimeUp
from host.games.crack_word.events import Pass, Petard, Place, Show

if TYPE_CHECKING:
    from transitions.core import TransitionConfigDict


class State(StrEnum):
    """Where the game stands."""

    CUT = "cut"
    """Physical cards: each player cuts their deck and says the card they show."""
    START = "start"
    """Physical cards: the players turn the four starting letters and say them."""
    PLAYING = "playing"
    """The player on turn places a card, plays a Pétard or passes."""
    REFILL = "refill"
    """After a Crack Word or a Pétard: the same player places a card on the emptied row."""
    OVER = "over"


TRIGGERS: dict[type, str] = {
    Place: "place",
    Petard: "petard",
    Pass: "pass_turn",
    Show: "show",
    TimeUp: "time_up",
}
"""The trigger each event fires."""

TRANSITIONS: list[TransitionConfigDict] = [
    # Physical cards: the host asks what it cannot see. Each player says the card they show
    # at the cut (the letter closest to A starts; a tie cuts again), then the four starting
    # letters as they are turned; then everyone takes a hand of 8. (Virtual cards: the host
    # deals, cuts and turns them itself, and the game starts in PLAYING.)
    {"trigger": "show", "source": State.CUT, "dest": None,
     "prepare": "check_cut", "after": "show_cut"},
    {"trigger": "cut_won", "source": State.CUT, "dest": State.START,
     "after": "ask_starting_letter"},
    {"trigger": "show", "source": State.START, "dest": None,
     "prepare": "check_starting_letter", "after": "put_starting_letter"},
    {"trigger": "letters_turned", "source": State.START, "dest": State.PLAYING,
     "after": "take_hands"},
    # A card on a row, justified by a real word containing the row (said without its word,
    # the host asks for the word and the placement waits); unjustified, the card goes back to
    # the hand, the player draws and passes. Crack Word takes the word into the score pile,
    # and the player then places a card on the emptied row.
    {"trigger": "place", "source": State.PLAYING, "dest": None,
     "prepare": "check_place", "conditions": "lacks_word", "after": "ask_word"},
    {"trigger": "place", "source": State.PLAYING, "dest": None,
     "prepare": "check_place", "conditions": "justification_fails",
     "after": ["say_failed", "draw_and_pass"]},
    {"trigger": "place", "source": State.PLAYING, "dest": State.REFILL,
     "prepare": "check_place", "conditions": "calls_crack",
     "after": ["put_card", "capture_word", "ready_to_refill"]},
    {"trigger": "place", "source": State.PLAYING, "dest": None,
     "prepare": "check_place", "after": ["put_card", "settle_hand"]},
    {"trigger": "place", "source": State.REFILL, "dest": State.PLAYING,
     "prepare": "check_refill", "after": ["put_card", "settle_hand"]},
    # A Pétard sends its row back to the players who placed it, and scores for its player.
    {"trigger": "petard", "source": State.PLAYING, "dest": State.REFILL,
     "prepare": "check_petard", "after": ["blow_row", "ready_to_refill"]},
    # A pass draws a card; with nothing left to draw, the player is out for good. Time up is
    # a pass; time up on the emptied row leaves it empty.
    {"trigger": "pass_turn", "source": State.PLAYING, "dest": None,
     "prepare": "check_pass", "after": ["say_pass", "draw_and_pass"]},
    {"trigger": "time_up", "source": State.PLAYING, "dest": None,
     "prepare": "check_timer", "after": ["say_timeout", "draw_and_pass"]},
    {"trigger": "time_up", "source": State.REFILL, "dest": State.PLAYING,
     "prepare": "check_timer", "after": ["say_timeout", "leave_row_empty"]},
    {"trigger": "end_game", "source": [State.PLAYING, State.REFILL], "dest": State.OVER,
     "after": "announce_end"},
]
"""Every move of the game."""
