"""What each seat may do now in a Crack List game: the one list the talk, the recognizer, the
companion pages, the bots and the simulator's referee all read.

A seat's legal moves come in kinds. `moves` are said in set words (a category chosen, an action
card, a swap, a pass, a penalty handed out, a vote, a challenge, the countdown): a page shows
them as buttons. `answers` are the category's listed answers the seat may give now (plainly when
a letter card of the hand plays them, with that letter named, with the Joker) and the answers
given already (a repeat is a move: it draws a card): the recognizer is offered them, no page
shows them. Any other words are an answer too, legal but impossible to list: `open_answer` says
who may give one, with which cards. Beside them, `calls` ("my turn, Bob": the next thing said is
Bob's) and `questions` for the host, as the talk parses them; and `refused`, moves a player may
well say now that the rules refuse with a reason the host says ("There's nothing to challenge
right now"): the recognizer hears them, so that the host can say why, but they are no legal
moves (no button, no bot, `allows` says no).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import permutations

from host.core.events import Seat
from host.core.talk import CLAIM_TURN, Query, clean
from host.decks import Category
from host.games.crack_list.cards import (
    ACTIONS,
    CRACK_LIST,
    HIDDEN,
    JOKER,
    LETTERS,
    REVERSE,
    STOP,
    SWAP,
)
from host.games.crack_list.events import (
    Answer,
    CallCountdown,
    Challenge,
    ChooseCategory,
    Move,
    Pass,
    Penalise,
    PlayCrackList,
    PlayReverse,
    PlayStop,
    PlaySwap,
    Vote,
)
from host.games.crack_list.rules import CrackListGame, State
from host.judge import AnswerJudge, Reason, Verdict

QUESTIONS = ("category", "hand", "score", "situation")
"""The questions anyone may ask the host, at any time (the game's questions answer them)."""
COUNT = "count"
"""The question "how many cards has Cat got": its target is the seat asked about."""
CATEGORIES_ON_A_CARD = 3
"""The rulebook's red card: three categories to choose from."""
PLAYS: dict[str, type[PlayStop | PlayReverse | PlayCrackList]] = {
    STOP: PlayStop, REVERSE: PlayReverse, CRACK_LIST: PlayCrackList}
"""The action cards played alone, by card."""


@dataclass(frozen=True)
class Listing:
    """A category's listed answers as the legal moves read them."""

    forms: tuple[str, ...]
    """Every answer form (canonical and aliases), once each, in the deck's order."""
    cleaned: frozenset[str] = field(compare=False)
    """The forms as cleaned words."""
    category: Category | None = None
    judge: AnswerJudge | None = field(default=None, compare=False)
    _letters: dict[str, frozenset[str]] = field(default_factory=dict, compare=False, repr=False)
    """The letters of the words asked about so far (a cache: the judge rules each once)."""

    def letters(self, text: str) -> frozenset[str]:
        """The letter cards these words (a form, or any) may be played with, by the judge's
        own rule: an alias's article plays only when its answer's does ("The Mandalorian" of
        Din Djarin plays M, not T)."""
        if text not in self._letters:
            assert self.category is not None and self.judge is not None, "a category's words"
            self._letters[text] = frozenset(self.judge.judge(self.category, text).letters)
        return self._letters[text]


@dataclass(frozen=True, slots=True)
class OpenAnswer:
    """An answer in the player's own words: a move whatever they are (a wrong one draws a
    card), as long as the card it is played with is one the seat holds."""

    player: str
    cards: frozenset[str] | None
    """The cards the seat holds (None: unseen, physical cards: any)."""
    listing: Listing
    given: tuple[str, ...] = ()
    """The answers given already in this category."""
    judged: bool = True
    """True on a turn (the answer is judged); False for the act that closes a last card's
    window, which is not played."""
    judge: Callable[[str], Verdict] | None = field(default=None, compare=False)
    """The judge's ruling on words in the category now (None: the category is not known)."""

    @property
    def joker(self) -> bool:
        """Whether the seat may answer on the Joker."""
        return self.cards is None or JOKER in self.cards

    def holds(self, card: str) -> bool:
        """Whether the seat may play this card (any, when the host cannot see the hand)."""
        return self.cards is None or card in self.cards

    def plays(self, text: str) -> bool:
        """Whether these words said plainly are a move: when a letter card of the hand plays
        them (the host picks it), or the judge rules them wrong (a repeat, words off a closed
        list: no card is played)."""
        if self.judge is None or self._playable(text):
            return True
        return self.judge(text).accepted is False

    def _playable(self, text: str) -> bool:
        """Whether a letter card of the hand plays these words (any letter, unseen cards)."""
        letters = self.listing.letters(text)
        return bool(letters) if self.cards is None else not self.cards.isdisjoint(letters)

    def repeats(self) -> tuple[str, ...]:
        """The answers given already, by every name the list gives them that the judge rules
        a repeat: a repeat is a move (it draws a card), and must be heard to be called out."""
        category, given = self.listing.category, set(self.given)
        if not given or category is None or self.judge is None:
            return ()
        names = dict.fromkeys([*self.given, *(
            form for entry in category.answers if entry.text in given
            for form in (entry.text, *entry.aliases))])
        return tuple(name for name in names if self.judge(name).reason is Reason.DUPLICATE)

    def listed(self) -> tuple[Answer, ...]:
        """The listed answers this seat may give: plainly and with their letter when it holds
        a letter card that plays them, with the Joker when it holds one; then the repeats."""
        forms, letters = self.listing.forms, self.listing.letters
        playable = [t for t in forms if self._playable(t)]
        answers = [Answer(self.player, t) for t in playable]
        answers += [Answer(self.player, t, letter) for t in playable
                    for letter in sorted(letters(t)) if self.holds(letter)]
        if self.joker:
            answers += [Answer(self.player, t, joker=True) for t in forms]
        answers += [Answer(self.player, t) for t in self.repeats()]
        return tuple(dict.fromkeys(answers))

    def joker_only(self) -> tuple[Answer, ...]:
        """On a turn, the listed answers only the Joker plays, said without it: the rules
        refuse them aloud ("You haven't got a card for Jaws")."""
        if not self.judged or self.cards is None or JOKER not in self.cards:
            return ()
        repeats = set(self.repeats())
        return tuple(Answer(self.player, t) for t in self.listing.forms
                     if not self._playable(t) and t not in repeats)


@dataclass(frozen=True)
class LegalMoves:
    """What one seat may do now: moves in set words, answers (listed ones, and any words as
    `open_answer` allows), and the calls and questions beside them."""

    moves: tuple[Move, ...] = ()
    """Moves said in set words: each is a button on the seat's page."""
    open_answer: OpenAnswer | None = None
    """Who may answer in their own words now, with which cards (None: this seat may not)."""
    open_category: bool = False
    """The category has no list: an answer in the player's own words is the only kind."""
    own_card: bool = False
    """Physical cards: the chooser may read any category from their own red card."""
    calls: tuple[Query, ...] = ()
    """The claim of the next thing said ("my turn, Bob")."""
    questions: tuple[Query, ...] = ()
    """The questions for the host."""
    refusals: tuple[Move, ...] = ()
    """The moves in set words the rules refuse now with a reason the host says, that a
    player may well say (`refused` adds the answers)."""

    @functools.cached_property
    def answers(self) -> tuple[Answer, ...]:
        """The category's listed answers this seat may give now, and the repeats (read off
        the list when asked: `allows` needs only the open answer)."""
        return self.open_answer.listed() if self.open_answer is not None else ()

    @functools.cached_property
    def refused(self) -> tuple[Move, ...]:
        """Moves the rules refuse now, with a reason the host says, that a player may well say
        (a challenge with nothing to challenge, the countdown called too soon, a vote again,
        no penalty when one is due, an answer only the Joker plays said without it, a Crack
        List card as the last): heard, to be refused aloud; never allowed."""
        open_answer = self.open_answer
        return (*self.refusals, *(open_answer.joker_only() if open_answer else ()))

    def allows(self, move: Move) -> bool:
        """Whether this seat may make this move now (an answer in whatever words)."""
        if isinstance(move, Answer):
            return self._allows_answer(replace(move, penalty=None))
        if isinstance(move, ChooseCategory) and move.title is not None:
            if self.own_card and move.title.strip():  # read from the chooser's own red card
                return move.player == self._chooser()
            return replace(move, title=None) in self.moves
        return move in self.moves

    def _allows_answer(self, answer: Answer) -> bool:
        """An answer with a card held: a letter named, the Joker, or one the words play."""
        open_answer = self.open_answer
        if open_answer is None or answer.player != open_answer.player:
            return False
        if answer.joker:
            return open_answer.joker
        if answer.letter is not None:
            return open_answer.holds(answer.letter.upper())
        return open_answer.plays(answer.text)

    def _chooser(self) -> str | None:
        """The seat that chooses a category now, if this is it."""
        return next((m.player for m in self.moves if isinstance(m, ChooseCategory)), None)


def legal_moves(game: CrackListGame, seat: int) -> LegalMoves:
    """What the player at `seat` may do now: the chooser chooses; the player on turn (or the
    next player, whose act closes a last card's window) answers, plays an action card or
    passes; the answerer hands out their penalty; the others vote, challenge the answer that
    stands and call the countdown; anyone claims the next thing said and asks the host."""
    name = game.seats[seat].name
    calls, questions = _asking(game.seats, seat)
    if game.state is State.CHOOSING:
        chooses = _choosing(game, seat)
        return LegalMoves(chooses[0], calls=calls, questions=questions, refusals=chooses[1],
                          own_card=bool(chooses[0]) and game.config.cards == "physical")
    moves: list[Move] = []
    if game.state is State.VOTING:
        moves += _votes(game, seat)
    answering = acting(game, seat)
    if answering:
        moves += _turn_moves(game, seat)
    moves += _penalties(game, seat)
    if _may_challenge(game, seat):
        moves.append(Challenge(name))
    if _may_call_countdown(game, seat):
        moves.append(CallCountdown(name))
    refusals = tuple(_refused(game, seat, moves))
    open_answer = _open_answer(game, seat) if answering else None
    return LegalMoves(tuple(moves), open_answer, open_answer is not None
                      and not open_answer.listing.forms, calls=calls, questions=questions,
                      refusals=refusals)


@functools.lru_cache(maxsize=64)
def _asking(seats: tuple[Seat, ...], seat: int) -> tuple[tuple[Query, ...], tuple[Query, ...]]:
    """A seat's claim of the next thing said, and its questions for the host (the same all
    game long)."""
    name = seats[seat].name
    return (Query(CLAIM_TURN, name),), (*(Query(kind, name) for kind in QUESTIONS),
                                        *(Query(COUNT, name, other.name) for other in seats))


def _choosing(game: CrackListGame, seat: int) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
    """The chooser picks a category on the red card by its number (with physical cards, any
    category read from their own red card too; a number the card lacks is refused aloud)."""
    if seat != game.chooser:
        return (), ()
    count = len(game.offered.categories) if game.offered is not None else 0
    name = game.seats[seat].name
    choices = tuple(ChooseCategory(name, n) for n in range(1, CATEGORIES_ON_A_CARD + 1))
    return choices[:count], choices[count:]


def _votes(game: CrackListGame, seat: int) -> list[Move]:
    """Every player but the answerer votes once."""
    pending = game.pending
    if pending is None or seat == pending.seat or seat in game.votes:
        return []
    name = game.seats[seat].name
    return [Vote(name, True), Vote(name, False)]


def acting(game: CrackListGame, seat: int) -> bool:
    """Whether this seat may answer or play a card now: on turn, or next after an answer
    whose window their act closes (not while a penalty or a refusal waits)."""
    if game.state is State.TURN:
        return seat == game.current
    pending = game.pending
    if game.state is not State.ANSWERED or pending is None \
            or pending.penalty_due or pending.refused:
        return False
    return seat == (pending.seat + game.direction) % len(game.seats)


def _turn_moves(game: CrackListGame, seat: int) -> list[Move]:
    """An action card (never a Crack List card as the last), a pass, a Swap card with each
    other player for the whole hand or one card. With virtual cards the host knows the hand,
    so only the cards held; with physical ones, any."""
    name, hand = game.seats[seat].name, game.hands[seat]
    held = _held(game, seat)
    moves: list[Move] = [play(name) for card, play in PLAYS.items()
                         if (held is None or card in held)
                         and not (card == CRACK_LIST and len(hand) == 1)]
    if held is not None and SWAP not in held:
        return [*moves, Pass(name)]
    others = [other.name for i, other in enumerate(game.seats) if i != seat]
    moves += [*(PlaySwap(name, other) for other in others), Pass(name)]
    cards = [*LETTERS, *ACTIONS] if held is None else sorted(
        card for card in held if card != SWAP or hand.count(SWAP) > 1)
    return moves + [PlaySwap(name, other, card) for card in cards for other in others]


def _penalties(game: CrackListGame, seat: int) -> list[Move]:
    """The answerer hands out the penalty due: declined (a Joker's only), every legal split of
    its cards among the other seats in either order ("give one to Ann and two to Cat"), and
    all to one seat."""
    pending = game.pending
    if game.state is not State.ANSWERED or pending is None or not pending.penalty_due \
            or seat != pending.seat:
        return []
    name = game.seats[seat].name
    moves: list[Move] = [Penalise(name, ())] if pending.optional_penalty else []
    others = [other.name for i, other in enumerate(game.seats) if i != seat]
    for split in _splits(pending.penalty, len(others)):
        moves += [Penalise(name, tuple(zip(targets, split, strict=True)))
                  for targets in permutations(others, len(split))]
    moves += [Penalise(name, ((other, 0),)) for other in others]
    return moves


def _may_challenge(game: CrackListGame, seat: int) -> bool:
    """The answer that stands, challenged once, by someone else; a refusal the list may be
    wrong about, challenged once, by anyone (its answerer first of all)."""
    pending = game.pending
    return game.state in (State.TURN, State.ANSWERED) and pending is not None \
        and not pending.challenged and (seat != pending.seat or pending.refused)


def _may_call_countdown(game: CrackListGame, seat: int) -> bool:
    """Another player calls the countdown, once a turn, after the player's own share of it."""
    return game.state is State.TURN and seat != game.current and not game.countdown_called \
        and game.timer_name != "turn_grace"


def _refused(game: CrackListGame, seat: int, moves: list[Move]) -> list[Move]:
    """What this seat may well say now that the rules refuse with a reason: a challenge or
    the countdown while play is on (nothing to challenge, one's own answer, too soon, ...), a
    second vote, no penalty when it is not a Joker's, a Crack List card as the last."""
    name, pending, state = game.seats[seat].name, game.pending, game.state
    refused: list[Move] = []
    if state in (State.TURN, State.ANSWERED):
        refused += [call for call in (Challenge(name), CallCountdown(name)) if call not in moves]
    if state is State.VOTING and pending is not None and seat != pending.seat \
            and seat in game.votes:
        refused += [Vote(name, True), Vote(name, False)]
    if state is State.ANSWERED and pending is not None and pending.penalty_due \
            and seat == pending.seat and not pending.optional_penalty:
        refused.append(Penalise(name, ()))
    held = _held(game, seat)
    if state is State.TURN and seat == game.current and len(game.hands[seat]) == 1 \
            and (held is None or CRACK_LIST in held):
        refused.append(PlayCrackList(name))
    return refused


def _held(game: CrackListGame, seat: int) -> frozenset[str] | None:
    """The cards the seat holds, or None when the host cannot see them."""
    hand = game.hands[seat]
    return frozenset(hand) if hand and HIDDEN not in hand else None


def _open_answer(game: CrackListGame, seat: int) -> OpenAnswer:
    """The seat's answer in its own words, with the cards it may play."""
    category, given = game.category, tuple(game.given)
    if category is None:
        return OpenAnswer(game.seats[seat].name, _held(game, seat), NO_LISTING)
    return OpenAnswer(game.seats[seat].name, _held(game, seat),
                      listing_of(category, game.judge), given, judged=game.state is State.TURN,
                      judge=lambda text: game.judge.judge(category, text, given=given))


def listing_of(category: Category, judge: AnswerJudge) -> Listing:
    """A category's listed answers as this judge rules them (kept by the category's and the
    judge's identity: hashing a whole list at every move would cost more than the move)."""
    key = (id(category), id(judge))
    kept = _LISTINGS.get(key)
    if kept is not None and kept.category is category and kept.judge is judge:
        return kept
    if len(_LISTINGS) >= MAX_LISTINGS:
        _LISTINGS.clear()
    forms = tuple(dict.fromkeys(text for entry in category.answers
                                for text in (entry.text, *entry.aliases)))
    listing = _LISTINGS[key] = Listing(forms, frozenset(map(clean, forms)), category, judge)
    return listing


_LISTINGS: dict[tuple[int, int], Listing] = {}
MAX_LISTINGS = 256
"""How many categories' listings are kept (each keeps its category alive)."""
NO_LISTING = Listing((), frozenset())
"""No list: an open category."""


def _splits(cards: int, seats: int) -> list[tuple[int, ...]]:
    """The ordered ways to split `cards` into shares of at least one, among at most `seats`."""
    if cards == 0:
        return [()]
    return [(first, *rest) for first in range(1, cards + 1)
            for rest in _splits(cards - first, seats - 1) if seats > 0]
