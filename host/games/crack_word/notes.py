"""What Crack Word says and refuses, by name: every kind of note its game emits (NoteKind) and
every reason it refuses an event for (Refusal); each value is a phrasebook key."""

from __future__ import annotations

from enum import StrEnum

from host.games.crack_word.events import Pass, Petard, Place, Show


class NoteKind(StrEnum):
    """Every kind of note the Crack Word game says (host.core.events.Note.kind)."""

    # The set-up.
    GAME_STARTED = "game_started"
    CUT = "cut"
    """Each player shows a random card of their deck: the letter closest to A starts."""
    CUT_TIE = "cut_tie"
    FIRST_PLAYER = "first_player"
    """The cut is decided: this player starts."""
    ASK_CUT = "ask_cut"
    """Physical cards: the players (all, or those tied) cut; `player` says their card first."""
    ASK_CUT_NEXT = "ask_cut_next"
    """Physical cards: the next player to say the card they show."""
    ASK_STARTING_LETTER = "ask_starting_letter"
    """Physical cards: the player who turns the starting letter of `row` says it."""
    STARTING_LETTER = "starting_letter"
    HANDS_DEALT = "hands_dealt"
    TURN = "turn"
    GAME_RESUMED = "game_resumed"
    """A game picked up from its save: the recap (board, scores, whose turn) follows."""
    SCORE = "score"
    REFILL_WAITING = "refill_waiting"
    """On resume: the player on turn still owes a card to the emptied row."""
    # A move.
    CARD_PLACED_LEFT = "card_placed_left"
    CARD_PLACED_RIGHT = "card_placed_right"
    CARD_PLACED_ON_TOP = "card_placed_on_top"
    CARD_STARTS_ROW = "card_starts_row"
    """A card on an empty row, which has no left or right."""
    ETOILE = "etoile"
    WORD_NEEDED = "word_needed"
    """A placement forming a row of two letters or more, said without its word: the host
    asks for the word, and the placement waits for it (nothing is judged, nothing lost)."""
    JUSTIFIED = "justified"
    JUSTIFICATION_FAILED = "justification_failed"
    CRACK_WORD = "crack_word"
    PETARD = "petard"
    CARDS_RETURNED = "cards_returned"
    NEW_HAND = "new_hand"
    PASS_DRAW = "pass_draw"
    TIMEOUT = "timeout"
    ROW_LEFT_EMPTY = "row_left_empty"
    OUT_FOR_GOOD = "out_for_good"
    # The end.
    END_LAST_CARD = "end_last_card"
    END_ALL_PASSED = "end_all_passed"
    GAME_WON = "game_won"
    GAME_SHARED = "game_shared"


class Refusal(StrEnum):
    """Every reason the Crack Word game refuses an event for (host.core.events.IllegalEvent)."""

    GAME_OVER = "game_over"
    STALE_TIMER = "stale_timer"
    UNKNOWN_PLAYER = "unknown_player"
    UNKNOWN_EVENT = "unknown_event"
    NOT_NOW_PLACE = "not_now_place"
    NOT_NOW_PETARD = "not_now_petard"
    NOT_NOW_PASS = "not_now_pass"
    NOT_NOW_SHOW = "not_now_show"
    """A card shown once the game is under way."""
    NOT_NOW_CUT = "not_now_cut"
    """A move while the players cut (physical cards)."""
    NOT_NOW_START = "not_now_start"
    """A move while the starting letters are turned (physical cards)."""
    ALREADY_SHOWN = "already_shown"
    """A player not (or no longer) in the cut, or who has shown their card already."""
    SPECIAL_START = "special_start"
    """A Pétard or an Étoile turned for a starting letter: under the pile, turn the next."""
    NOT_YOUR_TURN = "not_your_turn"
    NO_SUCH_ROW = "no_such_row"
    NOT_A_LETTER = "not_a_letter"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    CARD_NOT_LEFT = "card_not_left"
    """Every card of this face of the player's colour is on the table or in a score pile."""
    NO_SUCH_CARD = "no_such_card"
    """No card of the deck has this face (K in French)."""
    NOT_AN_IDENTICAL_LETTER = "not_an_identical_letter"
    """On top: there is no such letter to cover in the row (an Étoile is never covered)."""
    EMPTY_ROW = "empty_row"
    """A Pétard on a row with no cards, or a card on top in an empty row."""
    NOT_THE_EMPTIED_ROW = "not_the_emptied_row"
    """After a Crack Word or a Pétard the card goes on the emptied row."""
    CRACK_TOO_SHORT = "crack_too_short"
    """Crack Word called on a row of fewer than 3 letters."""
    CRACK_NOT_A_WORD = "crack_not_a_word"
    """Crack Word called on a row that is no word of the dictionary."""
    CRACK_NO_MAJORITY = "crack_no_majority"
    """Crack Word called on a word without a majority of the player's colour."""


NOT_NOW: dict[type, Refusal] = {
    Place: Refusal.NOT_NOW_PLACE,
    Petard: Refusal.NOT_NOW_PETARD,
    Pass: Refusal.NOT_NOW_PASS,
    Show: Refusal.NOT_NOW_SHOW,
}
"""The refusal of a player's event the game does not take in its state."""
