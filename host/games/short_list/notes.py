"""What Short List says and refuses, by name: every kind of note its game emits (NoteKind) and
every reason it refuses an event for (Refusal).

Each value is the key of the line the host will say it with (a StrEnum: a member is the very
string the phrasebook, the saves and the simulation reports read).
"""

from __future__ import annotations

from enum import StrEnum

from host.games.short_list.events import Answer, Jump, Pass


class NoteKind(StrEnum):
    """Every kind of note the Short List game says (host.core.events.Note.kind)."""

    # The table and the question rounds.
    GAME_STARTED = "game_started"
    QUESTION = "question"
    TURN = "turn"
    # Answers and passes.
    ANSWER_RIGHT = "answer_right"
    ANSWER_WRONG = "answer_wrong"
    ANSWER_REPEAT = "answer_repeat"
    CRYSTAL_TO_QUIZMASTER = "crystal_to_quizmaster"
    CRYSTAL_FROM_STOCK = "crystal_from_stock"
    PASS = "pass"
    JUMP = "jump"
    TIMEOUT = "timeout"
    CRYSTAL_RETURNED = "crystal_returned"
    # The end of a question round, and of the game.
    ROUND_QUIZMASTER_TAKES = "round_quizmaster_takes"
    ROUND_SEVEN_FOUND = "round_seven_found"
    ROUND_NO_CRYSTALS = "round_no_crystals"
    GAME_OVER = "game_over"
    GAME_WON = "game_won"
    TIE_BROKEN_BY_CARDS = "tie_broken_by_cards"
    GAME_SHARED = "game_shared"
    STOCK_DRY = "stock_dry"
    """The stockpile gave no winner crystal for the next round: the game ends early."""
    # Crystals changed at the stockpile: five blue for one orange, or one orange back into
    # five blue for a guesser who owes a crystal and has no blue.
    EXCHANGE_ORANGE = "exchange_orange"
    BREAK_ORANGE = "break_orange"
    HOST_PILE_RETURNED = "host_pile_returned"
    """With the host as quizmaster: the host's own pile goes back into a stockpile run short."""
    # Turning the card at the end of a question round: the answers nobody found.
    UNFOUND_ANSWERS = "unfound_answers"
    # Answers to the players' questions (host.games.short_list.questions).
    ANSWERS_LEFT = "answers_left"
    SAID_SO_FAR = "said_so_far"
    SCORE = "score"
    SITUATION = "situation"
    WHOSE_VOICE = "whose_voice"
    WHO_IS = "who_is"
    """A line that starts with a name nobody at the table has: asked about, costs nothing."""


class Refusal(StrEnum):
    """Every reason the Short List game refuses an event for (host.core.events.IllegalEvent)."""

    # Said with the core lines.
    GAME_OVER = "game_over"
    STALE_TIMER = "stale_timer"
    """A timer's late TimeUp: not said at all."""
    UNKNOWN_PLAYER = "unknown_player"
    # An event the game does not take in its state (host.games.short_list.flow), by event.
    NOT_NOW_ANSWER = "not_now_answer"
    NOT_NOW_PASS = "not_now_pass"
    NOT_NOW_JUMP = "not_now_jump"
    UNKNOWN_EVENT = "unknown_event"
    """Something that is not a Short List move (a bug of the caller's, never a player's)."""
    # A guess: whose turn it is.
    NOT_YOUR_TURN = "not_your_turn"
    QUIZMASTER_GUESSES = "quizmaster_guesses"
    """The quizmaster holds the card: they do not guess."""
    OUT_OF_ROUND = "out_of_round"
    """A guesser who answered wrong or passed is out until the next question round."""
    # "It's my turn!"
    NO_ITS_MY_TURN_CARD = "no_its_my_turn_card"
    JUMP_ON_OWN_TURN = "jump_on_own_turn"
    """The guesser on turn just answers: there is nobody to jump over."""


NOT_NOW: dict[type, Refusal] = {
    Answer: Refusal.NOT_NOW_ANSWER,
    Pass: Refusal.NOT_NOW_PASS,
    Jump: Refusal.NOT_NOW_JUMP,
}
"""The refusal of a player's event the game does not take in its state (a late TimeUp is a
stale timer)."""
