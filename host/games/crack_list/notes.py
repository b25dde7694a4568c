"""What Crack List says and refuses, by name: every kind of note its game emits (NoteKind) and
every reason it refuses an event for (Refusal).

Each value is the key of the line the host says it with (host/games/crack_list/lines/<lang>.toml,
over host/core/lines/<lang>.toml): a StrEnum, so a member is the very string the phrasebook, the
saves and the simulation reports read, and a misspelt member is an error before the game runs.
"""

from __future__ import annotations

from enum import StrEnum

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


class NoteKind(StrEnum):
    """Every kind of note the Crack List game says (host.core.events.Note.kind)."""

    # A round: the deal, choosing the category, turns, winning.
    ROUND_STARTED = "round_started"
    CATEGORY_CARD = "category_card"
    CHOOSE_TIMEOUT = "choose_timeout"
    CATEGORY_CHOSEN = "category_chosen"
    RED_RESHUFFLE = "red_reshuffle"
    CATEGORY_ABANDONED = "category_abandoned"
    TURN = "turn"
    ROUND_WON = "round_won"
    TIE_BREAK = "tie_break"
    GAME_WON = "game_won"
    # Answers, passes and time.
    ANSWER_ACCEPTED = "answer_accepted"
    ANSWER_WRONG = "answer_wrong"
    ANSWER_DUPLICATE = "answer_duplicate"
    REFUSAL_OPEN = "refusal_open"
    JOKER = "joker"
    LAST_CARD_WINDOW = "last_card_window"
    PASS = "pass"
    TIMEOUT = "timeout"
    COUNTDOWN = "countdown"
    COUNTDOWN_EXPIRED = "countdown_expired"
    # Cards drawn, penalties.
    DRAW = "draw"
    DRAW_PILE_EMPTY = "draw_pile_empty"
    RESHUFFLE = "reshuffle"
    ASK_PENALTY = "ask_penalty"
    PENALTY_1 = "penalty_1"
    PENALTY_2 = "penalty_2"
    PENALTY_3 = "penalty_3"
    PENALTY_DECLINED = "penalty_declined"
    PENALTY_LAPSED = "penalty_lapsed"
    PENALTY_RETURNED = "penalty_returned"
    # Challenges and votes.
    CHALLENGE = "challenge"
    CHALLENGE_SETTLED_BY_LIST = "challenge_settled_by_list"
    VOTE_OPEN = "vote_open"
    VOTE_ON_REFUSAL = "vote_on_refusal"
    VOTE = "vote"
    VOTE_TALLY = "vote_tally"
    VOTE_UPHELD = "vote_upheld"
    VOTE_REJECTED = "vote_rejected"
    VOTE_OVERRULES = "vote_overrules"
    VOTE_KEEPS_REFUSAL = "vote_keeps_refusal"
    # Action cards.
    CRACK_LIST_CARD = "crack_list_card"
    STOP = "stop"
    REVERSE = "reverse"
    SWAP_HAND = "swap_hand"
    SWAP_CARD = "swap_card"
    SWAP_LAST_CARD_VICTORY = "swap_last_card_victory"
    # The table: a game picked up from its save, and the category in play.
    RESUMED_GAME = "resumed_game"
    CATEGORY = "category"
    # Answers to the players' questions (host.games.crack_list.questions); WHOSE_VOICE and
    # UNCLEAR are said with the core lines.
    SCORE = "score"
    HAND = "hand"
    HAND_PHYSICAL = "hand_physical"
    COUNT = "count"
    WHOSE_VOICE = "whose_voice"
    UNCLEAR = "unclear"


PENALTY_NOTES: dict[int, NoteKind] = {
    1: NoteKind.PENALTY_1,
    2: NoteKind.PENALTY_2,
    3: NoteKind.PENALTY_3,
}
"""The note of penalty cards handed out, by how many the letter gives (+1, +2, +3)."""


class Refusal(StrEnum):
    """Every reason the Crack List game refuses an event for (host.core.events.IllegalEvent)."""

    # Said with the core lines.
    GAME_OVER = "game_over"
    STALE_TIMER = "stale_timer"
    """A timer's late TimeUp: not said at all."""
    UNKNOWN_PLAYER = "unknown_player"
    # An event the game does not take in its state (host.games.crack_list.flow), by event.
    NOT_NOW_CHOOSECATEGORY = "not_now_choosecategory"
    NOT_NOW_ANSWER = "not_now_answer"
    NOT_NOW_PLAYCRACKLIST = "not_now_playcracklist"
    NOT_NOW_PLAYSTOP = "not_now_playstop"
    NOT_NOW_PLAYREVERSE = "not_now_playreverse"
    NOT_NOW_PLAYSWAP = "not_now_playswap"
    NOT_NOW_PENALISE = "not_now_penalise"
    NOT_NOW_PASS = "not_now_pass"
    NOT_NOW_CHALLENGE = "not_now_challenge"
    NOT_NOW_VOTE = "not_now_vote"
    NOT_NOW_CALLCOUNTDOWN = "not_now_callcountdown"
    # Choosing the category.
    NOT_YOUR_CHOICE = "not_your_choice"
    NO_SUCH_CATEGORY = "no_such_category"
    # A turn: whose it is, and the cards played on it.
    NOT_YOUR_TURN = "not_your_turn"
    NO_SUCH_CARD = "no_such_card"
    NO_CARD_FOR_ANSWER = "no_card_for_answer"
    CARD_ALONE = "card_alone"
    CRACK_LIST_LAST_CARD = "crack_list_last_card"
    SWAP_SELF = "swap_self"
    # The countdown.
    OWN_COUNTDOWN = "own_countdown"
    COUNTDOWN_RUNNING = "countdown_running"
    COUNTDOWN_TOO_SOON = "countdown_too_soon"
    # Challenges and votes.
    NOTHING_PENDING = "nothing_pending"
    OWN_CHALLENGE = "own_challenge"
    ALREADY_CHALLENGED = "already_challenged"
    ALREADY_VOTED = "already_voted"
    OWN_VOTE = "own_vote"
    WAITING_FOR_CHALLENGE = "waiting_for_challenge"
    # Penalties.
    NO_PENALTY_TO_GIVE = "no_penalty_to_give"
    PENALTY_SELF = "penalty_self"
    PENALTY_OWN_TEAM = "penalty_own_team"
    PENALTY_SPLIT = "penalty_split"
    PENALTY_TOTAL = "penalty_total"
    WAITING_FOR_PENALTY = "waiting_for_penalty"
    WAITING_FOR_PENALTY_CHOICE = "waiting_for_penalty_choice"
    GIVE_PENALTY_FIRST = "give_penalty_first"
    DECIDE_PENALTY_FIRST = "decide_penalty_first"


NOT_NOW: dict[type, Refusal] = {
    ChooseCategory: Refusal.NOT_NOW_CHOOSECATEGORY,
    Answer: Refusal.NOT_NOW_ANSWER,
    PlayCrackList: Refusal.NOT_NOW_PLAYCRACKLIST,
    PlayStop: Refusal.NOT_NOW_PLAYSTOP,
    PlayReverse: Refusal.NOT_NOW_PLAYREVERSE,
    PlaySwap: Refusal.NOT_NOW_PLAYSWAP,
    Penalise: Refusal.NOT_NOW_PENALISE,
    Pass: Refusal.NOT_NOW_PASS,
    Challenge: Refusal.NOT_NOW_CHALLENGE,
    Vote: Refusal.NOT_NOW_VOTE,
    CallCountdown: Refusal.NOT_NOW_CALLCOUNTDOWN,
}
"""The refusal of a player's event the game does not take in its state (a late TimeUp is a
stale timer)."""
