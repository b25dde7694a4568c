"""What Scattergories says and refuses, by name: every kind of note its game emits (NoteKind)
and every reason it refuses an event for (Refusal).

Each value is the key of the line the host will say it with (a StrEnum: a member is the very
string the phrasebook, the saves and the simulation reports read).
"""

from __future__ import annotations

from enum import StrEnum

from host.games.scattergories.events import (
    AgreeMoreTime,
    AskMoreTime,
    Challenge,
    ChooseLetter,
    ReadAnswer,
    Vote,
)


class NoteKind(StrEnum):
    """Every kind of note the Scattergories game says (host.core.events.Note.kind)."""

    # The table, the rounds and the key letter.
    GAME_STARTED = "game_started"
    ROUND_STARTED = "round_started"
    LETTER_ROLLED = "letter_rolled"
    LETTER_REROLLED = "letter_rerolled"
    """The die showed a letter used already in this game: it is rolled again."""
    WILD_STAR = "wild_star"
    LETTER_CHOSEN = "letter_chosen"
    """After a wild star: the roller's letter (or the host's, when their time ran out)."""
    # The writing time.
    WRITING_STARTED = "writing_started"
    MORE_TIME_ASKED = "more_time_asked"
    MORE_TIME_AGREED = "more_time_agreed"
    """One more player agrees; others still have to."""
    MORE_TIME_REFUSED = "more_time_refused"
    TIMER_EXTENDED = "timer_extended"
    """Everyone agreed: the timer will be turned over again when it runs out."""
    EXTRA_TIME = "extra_time"
    """The timer ran out and is turned over again: the extra minute starts."""
    MORE_TIME_LAPSED = "more_time_lapsed"
    """The time ran out before everyone agreed to more."""
    COUNTDOWN = "countdown"
    PENCILS_DOWN = "pencils_down"
    # The reading.
    CATEGORY = "category"
    TURN = "turn"
    ANSWER_READ = "answer_read"
    CATEGORY_READ = "category_read"
    """Everyone has read the category: its answers, and a last moment to challenge."""
    READ_TIMEOUT = "read_timeout"
    """The reader said nothing in time: a blank."""
    CHALLENGE = "challenge"
    CHALLENGE_SETTLED = "challenge_settled"
    """The category's list settles the challenge: no vote."""
    VOTE = "vote"
    VOTER = "voter"
    """The host calls the next player to vote (seat order)."""
    TIE_VOTE_WITHOUT_CHALLENGED = "tie_vote_without_challenged"
    VOTE_ACCEPTED = "vote_accepted"
    VOTE_REJECTED = "vote_rejected"
    # Scoring a category: one note per answer, then the category's points.
    ANSWER_SCORED_2 = "answer_scored_2"
    ANSWER_SCORED_1 = "answer_scored_1"
    ANSWER_DUPLICATE_0 = "answer_duplicate_0"
    ANSWER_UNFIT_0 = "answer_unfit_0"
    """The judge ruled it off the category (a closed list), or the table voted it down."""
    ANSWER_REPEAT_0 = "answer_repeat_0"
    """The player gave the same answer to an earlier category this round."""
    ANSWER_BLANK = "answer_blank"
    CATEGORY_SCORED = "category_scored"
    # The end of a round, and of the game.
    ROUND_TOTAL = "round_total"
    TIE_BREAK_ROUND = "tie_break_round"
    GAME_OVER = "game_over"
    GAME_WON = "game_won"
    GAME_SHARED = "game_shared"
    """Still tied after the last tie-break round: the victory is shared."""
    # Answers to the players' questions (host.games.scattergories.questions).
    KEY_LETTER = "key_letter"
    CATEGORY_LIST = "category_list"
    ANSWERS_SO_FAR = "answers_so_far"
    SCORE = "score"
    SITUATION = "situation"
    WHOSE_VOICE = "whose_voice"


class Refusal(StrEnum):
    """Every reason the Scattergories game refuses an event for (IllegalEvent)."""

    # Said with the core lines.
    GAME_OVER = "game_over"
    STALE_TIMER = "stale_timer"
    """A timer's late TimeUp: not said at all."""
    UNKNOWN_PLAYER = "unknown_player"
    # An event the game does not take in its state (host.games.scattergories.flow), by event.
    NOT_NOW_CHOOSELETTER = "not_now_chooseletter"
    NOT_NOW_ASKMORETIME = "not_now_askmoretime"
    NOT_NOW_AGREEMORETIME = "not_now_agreemoretime"
    NOT_NOW_READANSWER = "not_now_readanswer"
    NOT_NOW_CHALLENGE = "not_now_challenge"
    NOT_NOW_VOTE = "not_now_vote"
    UNKNOWN_EVENT = "unknown_event"
    """Something that is not a Scattergories move (a bug of the caller's, never a player's)."""
    NOT_PLAYING = "not_playing"
    """A player out of a tie-break round: only the tied players play it."""
    # The letter after a wild star.
    NOT_ROLLER = "not_roller"
    NOT_A_LETTER = "not_a_letter"
    LETTER_USED = "letter_used"
    # More time.
    NO_MORE_EXTENSIONS = "no_more_extensions"
    MORE_TIME_PENDING = "more_time_pending"
    NO_MORE_TIME_ASKED = "no_more_time_asked"
    OWN_REQUEST = "own_request"
    ALREADY_AGREED = "already_agreed"
    # The reading.
    NOT_YOUR_TURN = "not_your_turn"
    ANSWER_CHALLENGED = "answer_challenged"
    """A challenged answer is not corrected: it is judged as it was read."""
    ANSWER_FIXED = "answer_fixed"
    """A "correction" unlike the answer read back: a new answer, and an answer is fixed once
    read (only a mishearing is corrected)."""
    # Challenges and votes.
    OWN_CHALLENGE = "own_challenge"
    NOTHING_TO_CHALLENGE = "nothing_to_challenge"
    """The player has not read an answer to this category yet, or read a blank."""
    ALREADY_CHALLENGED = "already_challenged"
    ALREADY_VOTED = "already_voted"


NOT_NOW: dict[type, Refusal] = {
    ChooseLetter: Refusal.NOT_NOW_CHOOSELETTER,
    AskMoreTime: Refusal.NOT_NOW_ASKMORETIME,
    AgreeMoreTime: Refusal.NOT_NOW_AGREEMORETIME,
    ReadAnswer: Refusal.NOT_NOW_READANSWER,
    Challenge: Refusal.NOT_NOW_CHALLENGE,
    Vote: Refusal.NOT_NOW_VOTE,
}
"""The refusal of a player's event the game does not take in its state (a late TimeUp is a
stale timer)."""
