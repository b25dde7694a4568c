"""Crack Word rules as a pure model driven by a `transitions` state machine.

The game receives events (host.games.crack_word.events) and returns notes that the host speaks;
randomness comes in as a `random.Random`, time as `TimeUp` events. How the game flows is data
in host.games.crack_word.flow.TRANSITIONS; the checks, conditions and moves it names are below.

Where the rulebook is silent, the host decides as its house rules say (lines/en.toml and
lines/fr.toml [house_rules], shown by `partyhost rules crack-word`): the cards of a colour's
deck, the cut and who turns the first starting letter, where a card may go and what it covers,
when a row needs a word and which words count, the majority and the Étoile's double count, a
Crack Word called with the move, a Pétard's returns, running out of cards, the bonus and a
shared victory, and what the host trusts with physical cards (host.games.crack_word.opening,
host.games.crack_word.hands). A placement said without its word waits for it (`wanting`); a
refused Crack Word names the condition that failed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from host.core.events import ArmTimer, IllegalEvent, Note, Said, TimeUp
from host.core.machine import MachineRules
from host.games.crack_word.announce import board_notes
from host.games.crack_word.board import (
    Lexicon,
    Planned,
    Row,
    Tile,
    cards_of,
    fold,
    formed,
    has_majority,
    letters_of,
)
from host.games.crack_word.cards import ETOILE, PETARD, Card
from host.games.crack_word.config import HAND_SIZE, MIN_CRACK, ROWS, CrackWordConfig
from host.games.crack_word.events import CrackWordEvent, Pass, Petard, Place, Show, Side
from host.games.crack_word.flow import TRANSITIONS, TRIGGERS, State
from host.games.crack_word.hands import CountedHands, DealtHands, Hands, deck_count
from host.games.crack_word.notes import NOT_NOW, NoteKind, Refusal
from host.games.crack_word.opening import Opening

__all__ = ["CrackWordConfig", "CrackWordGame", "Lexicon", "State"]

SIDE_KINDS = {Side.LEFT: NoteKind.CARD_PLACED_LEFT, Side.RIGHT: NoteKind.CARD_PLACED_RIGHT,
              Side.TOP: NoteKind.CARD_PLACED_ON_TOP}


class CrackWordGame(Opening, MachineRules):
    """One game of Crack Word: call start(), then handle() each event."""

    triggers = TRIGGERS
    not_now = NOT_NOW

    state: State
    trigger: Callable[..., bool]
    end_game: Callable[[CrackWordEvent], bool]

    def __init__(self, config: CrackWordConfig, lexicon: Lexicon, rng: random.Random) -> None:
        config.validate()
        self.config = config
        self.seats = config.seats
        self.colours = config.colours
        self.lexicon = lexicon
        self.rng = rng
        players = range(len(self.seats))
        self.held: Hands = CountedHands(self.colours, config.lang, config.pile_size) \
            if config.physical else DealtHands(self.colours, config.lang, [[] for _ in players])
        """Each player's hand and draw pile, as far as the host knows them."""
        self.scores: list[list[Card]] = [[] for _ in players]
        """Each player's score pile: the cards captured, their Pétards, their bonus."""
        self.rows: list[Row] = [[] for _ in range(ROWS)]
        """The four rows, left to right: each place a stack of tiles, the visible one last."""
        self.turn = 0
        self.out: set[int] = set()
        """The players out for good."""
        self.wanting: Place | None = None
        """The placement of the turn said without its word, waiting for it."""
        self.emptied: int | None = None
        """The row waiting for the card of the player who emptied it."""
        self.ending: int | None = None
        """The player who placed their last card, once the game ends so."""
        self.winners: tuple[int, ...] = ()
        self.timer_token = 0
        self.timer_name = ""
        self._notes: list[Said] = []
        self._planned: Planned | None = None
        self._seat_numbers = {seat.name.strip().lower(): i for i, seat in enumerate(self.seats)}
        self.cut_tied, self.cut_shown, self.cut_rounds = [], {}, 0
        if config.physical:
            self._open()
            opening = State.CUT if config.first is None else State.START
        else:
            self._set_up()
            opening = State.PLAYING
        self._setup_notes = self._flush()
        self._start_machine(State, TRANSITIONS, opening)

    # ----------------------------------------------------------------- public API

    def start(self) -> list[Said]:
        """Say the set-up (the cut, the starting letters, the hands) and open the first turn;
        with physical cards, ask for the cut or the first starting letter."""
        self._notes = self._setup_notes
        if self.state is State.PLAYING:
            self._begin_turn(self.turn)
        return self._flush()

    def _not_now(self, event: Any) -> IllegalEvent:
        """While a game with physical cards opens, a move waits: the host says what it
        waits for."""
        if self.state in (State.CUT, State.START) and not isinstance(event, Show | TimeUp):
            waiting = self._waiting_for()
            reason = Refusal.NOT_NOW_CUT if self.state is State.CUT else Refusal.NOT_NOW_START
            return IllegalEvent(reason, **waiting.params)
        return super()._not_now(event)

    def _waiting_for(self) -> Note:
        """What the host waits to hear while a game with physical cards opens."""
        if self.state is State.CUT:
            return Note(NoteKind.ASK_CUT_NEXT, {"player": self.expected_player()})
        return Note(NoteKind.ASK_STARTING_LETTER, {"player": self.expected_player(),
                                                    "row": self.next_row()})

    def _new_event(self) -> None:
        """Forget the last event's checked placement."""
        self._planned = None

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.state is State.OVER

    @property
    def hands(self) -> list[list[Card]]:
        """Each player's hand as the host sees it (physical cards: face-down HIDDEN cards)."""
        return self.held.hands

    @property
    def piles(self) -> list[list[Card]]:
        """Each player's draw pile as the host sees it, the top card first."""
        return self.held.piles

    @property
    def board(self) -> list[list[tuple[str, str]]]:
        """Each row as its visible (letter, colour) cards, left to right."""
        return [[(stack[-1].letter, stack[-1].colour) for stack in row] for row in self.rows]

    def row_letters(self, row: int) -> str:
        """How row `row` (0 to 3) reads."""
        return letters_of(self.rows[row])

    def expected_player(self) -> str | None:
        """The player on turn, while the game is played (while it opens, the next to say the
        card they show)."""
        if self.over:
            return None
        if self.state is State.CUT:
            seat = self.next_to_cut()
            return None if seat is None else self._name(seat)
        return self._name(self.turner() if self.state is State.START else self.turn)

    def current_timer(self) -> ArmTimer:
        """The timer running now."""
        name = self.timer_name or "turn"
        return ArmTimer(name, self.config.timer_seconds(name), self.timer_token)

    def resumed(self) -> list[Said]:
        """Picking up a game replayed from its save: the board, the score piles, whose turn it
        is (and the emptied row waiting for their card), and the timer."""
        if self.over or self.state in (State.CUT, State.START):
            return list(self.situation())  # nothing on the board yet to say
        recap: list[Said] = [Note(NoteKind.GAME_RESUMED), *board_notes(self.rows, self.owners())]
        if any(self.scores):
            recap.append(Note(NoteKind.SCORE, {"points": self.points()}))
        return [*recap, *self.situation(), self.current_timer()]

    def situation(self) -> list[Note]:
        """Whose turn it is (and the emptied row waiting for their card); who cuts or names
        a starting letter while a game with physical cards opens."""
        if self.over:
            return []
        if self.state in (State.CUT, State.START):
            return [self._waiting_for()]
        if self.state is State.REFILL:
            return [Note(NoteKind.REFILL_WAITING, {"player": self._name(self.turn),
                                                   "row": self.emptied})]
        return [Note(NoteKind.TURN, self._turn_params(self.turn))]

    def owners(self) -> dict[str, str]:
        """Each colour's player."""
        return {colour: seat.name for colour, seat in zip(self.colours, self.seats, strict=True)}

    def points(self) -> dict[str, int]:
        """Each player's score: the cards in their score pile."""
        return {self._name(i): len(pile) for i, pile in enumerate(self.scores)}

    def cards_in_play(self) -> list[Card]:
        """Every card the host knows one by one, in a pile, a hand, the board or a score pile
        (duplicates included; physical cards in hands and piles are only counted)."""
        return self.held.known() + self.shown_cards()

    def faces(self, seat: int) -> set[str]:
        """The faces the seat may place: those in hand (physical cards: every face their
        colour may still hold)."""
        return self.held.faces(seat, self.shown_cards())

    def card_for(self, seat: int, face: str) -> Card | None:
        """The card of this face the seat would place, or None when they cannot."""
        return self.held.card(seat, face, self.shown_cards())

    def shown_cards(self) -> list[Card]:
        """Every card on the table and in the score piles (covered ones included)."""
        cards = [card for pile in self.scores for card in pile]
        return cards + [tile.card for row in self.rows for tile in cards_of(row)]

    def seat_index(self, name: str) -> int:
        """The index of the seat called `name` (case-insensitive), or IllegalEvent."""
        index = self._seat_numbers.get(name.strip().lower())
        if index is None:
            raise IllegalEvent(Refusal.UNKNOWN_PLAYER, player=name)
        return index

    # ----------------------------------------------------------------- checks (prepare)

    def check_turn(self, event: Place | Petard | Pass) -> int:
        """Only the player on turn acts."""
        index = self.seat_index(event.player)
        if index != self.turn:
            raise IllegalEvent(Refusal.NOT_YOUR_TURN, player=self._name(index),
                               turn=self._name(self.turn))
        return index

    def check_pass(self, event: Pass) -> None:
        """The player on turn passes."""
        self.check_turn(event)

    def check_place(self, event: Place) -> None:
        """A card the player holds, on a row, at a legal place; the justification and the call
        of Crack Word are judged here, once."""
        seat = self.check_turn(event)
        row = self._check_row(event.row)
        letter = fold(event.letter)
        if len(letter) != 1:
            raise IllegalEvent(Refusal.NOT_A_LETTER, letter=event.letter)
        card = self._card_in_hand(seat, ETOILE if event.star else letter)
        slot = self._check_slot(event, row, letter)
        after = formed(row, Tile(letter, card.colour, card), event.side, slot)
        letters = letters_of(after)
        if event.crack:
            self._check_crack(after, letters, seat)
        needs_word = event.side is not Side.TOP and len(letters) > 1
        justified = event.crack or not needs_word or self._justifies(event.word, letters)
        self._planned = Planned(event, card, slot, letters, needs_word, justified)

    def check_refill(self, event: Place) -> None:
        """After a Crack Word or a Pétard the card goes on the emptied row."""
        self.check_turn(event)
        if event.row != self.emptied:
            raise IllegalEvent(Refusal.NOT_THE_EMPTIED_ROW, row=self.emptied)
        self.check_place(event)

    def check_petard(self, event: Petard) -> None:
        """A Pétard the player holds, on a row holding cards."""
        seat = self.check_turn(event)
        if not self._check_row(event.row):
            raise IllegalEvent(Refusal.EMPTY_ROW, row=event.row)
        self._card_in_hand(seat, PETARD)

    def check_timer(self, event: TimeUp) -> None:
        """Only the latest timer counts."""
        if event.token != self.timer_token:
            raise IllegalEvent(Refusal.STALE_TIMER)

    def _check_row(self, row: int) -> Row:
        if not 0 <= row < ROWS:
            raise IllegalEvent(Refusal.NO_SUCH_ROW, row=row)
        return self.rows[row]

    def _card_in_hand(self, seat: int, face: str) -> Card:
        """The card of this face the seat places from their hand: refused when the hand has
        none, when every card of the face in their colour is shown, or when no card has it."""
        shown = self.shown_cards()
        card = self.held.card(seat, face, shown)
        if card is not None:
            return card
        reason = Refusal.CARD_NOT_IN_HAND
        if deck_count(face, self.config.lang) == 0:
            reason = Refusal.NO_SUCH_CARD
        elif self.held.left_in_deck(seat, face, shown) <= 0:
            reason = Refusal.CARD_NOT_LEFT
        raise IllegalEvent(reason, player=self._name(seat), card=face)

    def _check_slot(self, event: Place, row: Row, letter: str) -> int:
        """Where the card goes: -1 left, len(row) right, else the place it covers."""
        if event.side is Side.LEFT:
            return -1
        if event.side is Side.RIGHT:
            return len(row)
        if not row:
            raise IllegalEvent(Refusal.EMPTY_ROW, row=event.row)
        places = [i for i, stack in enumerate(row)
                  if stack[-1].letter == letter and not stack[-1].star]
        if event.at is not None:
            places = [i for i in places if i == event.at]
        if not places:
            raise IllegalEvent(Refusal.NOT_AN_IDENTICAL_LETTER, letter=letter, row=event.row)
        return places[0]

    def _check_crack(self, after: Row, letters: str, seat: int) -> None:
        """A Crack Word: a word of 3 letters or more, with a majority of the player's colour;
        a refusal names the first condition that fails."""
        if len(letters) < MIN_CRACK:
            reason = Refusal.CRACK_TOO_SHORT
        elif not self.lexicon.is_word(letters):
            reason = Refusal.CRACK_NOT_A_WORD
        elif not has_majority(after, self.colours[seat]):
            reason = Refusal.CRACK_NO_MAJORITY
        else:
            return
        raise IllegalEvent(reason, player=self._name(seat), letters=letters,
                           word=self.lexicon.spelling(letters))

    def _justifies(self, word: str, letters: str) -> bool:
        """A real word that holds the row's letters side by side."""
        folded = fold(word)
        return letters in folded and self.lexicon.is_word(folded)

    def formed_row(self, event: Place, card: Card) -> Row:
        """The row as the placement would leave it (the place checked, not the word)."""
        row = self._check_row(event.row)
        tile = Tile(fold(event.letter), card.colour, card)
        return formed(row, tile, event.side, self._check_slot(event, row, tile.letter))

    # ----------------------------------------------------------------- conditions

    def lacks_word(self, event: Place) -> bool:
        """The row the card would form needs a word, and none was said."""
        plan = self._plan(event)
        return plan.needs_word and not event.crack and not event.word.strip()

    def justification_fails(self, event: Place) -> bool:
        """The word named does not justify the row the card would form."""
        return not self._plan(event).justified

    def calls_crack(self, event: Place) -> bool:
        """The player called Crack Word (the checks found the row a word they hold)."""
        return event.crack

    # ----------------------------------------------------------------- moves (after)

    def put_card(self, event: Place) -> None:
        """The card leaves the hand for its place on the row."""
        plan, seat = self._plan(event), self.turn
        self.held.play(seat, plan.card)
        tile = Tile(fold(event.letter), plan.card.colour, plan.card)
        self.rows[event.row] = formed(self.rows[event.row], tile, event.side, plan.slot)
        kind = NoteKind.CARD_STARTS_ROW if len(plan.letters) == 1 else SIDE_KINDS[event.side]
        self._say(kind, player=self._name(seat), row=event.row, letter=tile.letter,
                  letters=plan.letters)
        if event.star:
            self._say(NoteKind.ETOILE, player=self._name(seat), letter=tile.letter)
        if plan.needs_word and not event.crack:
            self._say(NoteKind.JUSTIFIED, player=self._name(seat), word=event.word,
                      letters=plan.letters)

    def ask_word(self, event: Place) -> None:
        """The placement waits for its word: the host asks for it (the timer runs on)."""
        self.wanting = event
        self._say(NoteKind.WORD_NEEDED, player=self._name(self.turn),
                  letters=self._plan(event).letters)

    def say_failed(self, event: Place) -> None:
        """The word does not justify the row: the card goes back to the hand."""
        self._say(NoteKind.JUSTIFICATION_FAILED, player=self._name(self.turn), word=event.word,
                  letters=self._plan(event).letters)

    def capture_word(self, event: Place) -> None:
        """Crack Word: every card of the row goes into the player's score pile."""
        row = self.rows[event.row]
        self.scores[self.turn] += [tile.card for tile in cards_of(row)]
        self._empty_row(event.row)
        self._say(NoteKind.CRACK_WORD, player=self._name(self.turn), word=letters_of(row),
                  cards=len(cards_of(row)), score=len(self.scores[self.turn]))

    def blow_row(self, event: Petard) -> None:
        """The Pétard scores for its player; every card of its row goes back to the hand of
        its colour's player."""
        seat = self.turn
        petard = self._card_in_hand(seat, PETARD)
        self.held.play(seat, petard)
        self.scores[seat].append(petard)
        tiles = cards_of(self.rows[event.row])
        self._say(NoteKind.PETARD, player=self._name(seat), row=event.row,
                  letters=letters_of(self.rows[event.row]))
        for owner, colour in enumerate(self.colours):
            back = [tile.card for tile in tiles if tile.colour == colour]
            if back:
                self.held.take_back(owner, back)
                self._say(NoteKind.CARDS_RETURNED, player=self._name(owner), cards=len(back))
        self._empty_row(event.row)

    def ready_to_refill(self, event: Place | Petard) -> None:
        """The player places a card on the emptied row, from a new hand if theirs is empty;
        with nothing left to draw, they have placed their last card and the game ends."""
        if not self.held.in_hand(self.turn):
            if not self.held.in_pile(self.turn):
                self._finish_by_last_card(event)
                return
            self._new_hand()
        self._arm("turn")

    def settle_hand(self, event: Place) -> None:
        """An empty hand takes a new hand of 8 (or ends the game with nothing left to draw);
        then the next player plays."""
        self.emptied = None
        if not self.held.in_hand(self.turn):
            if not self.held.in_pile(self.turn):
                self._finish_by_last_card(event)
                return
            self._new_hand()
        self._next_turn(event)

    def say_pass(self, event: Pass) -> None:
        """The player on turn will not or cannot play (said with the draw)."""

    def say_timeout(self, event: TimeUp) -> None:
        """The player on turn let the time run out."""
        self._say(NoteKind.TIMEOUT, player=self._name(self.turn))

    def draw_and_pass(self, event: CrackWordEvent) -> None:
        """The player draws a card and passes; with nothing to draw after a pass (not a failed
        justification), they are out for good."""
        seat = self.turn
        if self.held.in_pile(seat) or isinstance(event, Place):
            drawn = self.held.draw(seat, 1)
            self._say(NoteKind.PASS_DRAW, player=self._name(seat), drew=drawn,
                      pile=self.held.in_pile(seat))
        else:
            self.out.add(seat)
            self._say(NoteKind.OUT_FOR_GOOD, player=self._name(seat))
        self._next_turn(event)

    def leave_row_empty(self, event: TimeUp) -> None:
        """Time up on the emptied row: it stays empty, and the next player plays."""
        self._say(NoteKind.ROW_LEFT_EMPTY, row=self.emptied)
        self.emptied = None
        self._next_turn(event)

    def announce_end(self, event: CrackWordEvent) -> None:
        """The bonus of the player who placed their last card, then the biggest score pile
        wins; equal ones share the victory."""
        self.timer_token += 1  # any timer still running is stale
        if self.ending is not None:
            bonus = self._take_bonus(self.ending)
            self._say(NoteKind.END_LAST_CARD, player=self._name(self.ending), bonus=bonus)
        else:
            self._say(NoteKind.END_ALL_PASSED)
        points = self.points()
        best = max(points.values())
        self.winners = tuple(i for i, pile in enumerate(self.scores) if len(pile) == best)
        names = [self._name(i) for i in self.winners]
        if len(names) == 1:
            self._say(NoteKind.GAME_WON, player=names[0], points=points)
        else:
            self._say(NoteKind.GAME_SHARED, players=names, points=points)

    # ----------------------------------------------------------------- helpers

    def _plan(self, event: Place) -> Planned:
        """The placement the checks accepted for this event."""
        if self._planned is None or self._planned.event is not event:
            self.check_place(event)
        assert self._planned is not None
        return self._planned

    def _finish_by_last_card(self, event: CrackWordEvent) -> None:
        self.ending = self.turn
        self.end_game(event)

    def _take_bonus(self, seat: int) -> int:
        """Every card of the seat's colour on the table goes to their score pile."""
        colour, taken = self.colours[seat], 0
        for number, row in enumerate(self.rows):
            kept = [[tile for tile in stack if tile.colour != colour] for stack in row]
            bonus = [tile.card for tile in cards_of(row) if tile.colour == colour]
            self.scores[seat] += bonus
            taken += len(bonus)
            self.rows[number] = [stack for stack in kept if stack]
        return taken

    def _empty_row(self, row: int) -> None:
        self.rows[row] = []
        self.emptied = row

    def _new_hand(self) -> None:
        drawn = self.held.draw(self.turn, HAND_SIZE)
        self._say(NoteKind.NEW_HAND, player=self._name(self.turn), cards=drawn,
                  pile=self.held.in_pile(self.turn))

    def _next_turn(self, event: CrackWordEvent) -> None:
        """The next player clockwise who is not out plays; with everyone out, the game ends."""
        for step in range(1, len(self.seats) + 1):
            seat = (self.turn + step) % len(self.seats)
            if seat not in self.out:
                self._begin_turn(seat)
                return
        self.end_game(event)

    def _begin_turn(self, seat: int) -> None:
        self.turn, self.wanting = seat, None
        self._say(NoteKind.TURN, **self._turn_params(seat))
        self._arm("turn")

    def _turn_params(self, seat: int) -> dict[str, Any]:
        return {"player": self._name(seat), "hand": self.held.in_hand(seat),
                "pile": self.held.in_pile(seat)}

    def _name(self, seat: int) -> str:
        return self.seats[seat].name

    def _say(self, kind: NoteKind, **params: Any) -> None:
        self._notes.append(Note(kind, params))

