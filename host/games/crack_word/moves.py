"""What each seat may do now in a Crack Word game: the one list the talk, the recognizer, the
companion pages, the bots and the simulator's referee all read.

Only the player on turn moves; the rulebook has no move off turn. While a game with physical
cards opens, a player shows a card (`shows`: at the cut, anyone still to show; then the player
who turns a starting letter). In play, the player on turn places a card (`placements`: each
letter they may hold and each letter an Étoile may be, at each place of each row it may go;
on the emptied row only, after a Crack Word or a Pétard), or plays a Pétard held on a row
with cards, or passes (`moves`: said in set words, a page shows them as buttons). A placement
whose row then needs a word takes any word (one that does not justify the row is a bluff: the
card comes back); the dictionary's commonest words for the row are the ones offered
(`words`). A placement said without its word waits for it (`wanting`), and the word alone
completes it. Beside them, anyone asks the host (`questions`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from host.core.talk import Query
from host.games.crack_word.board import fold, has_majority, letters_of
from host.games.crack_word.cards import ETOILE, PETARD
from host.games.crack_word.config import MIN_CRACK
from host.games.crack_word.events import Move, Pass, Petard, Place, Show, Side
from host.games.crack_word.flow import State
from host.games.crack_word.hands import deck_count
from host.games.crack_word.rules import CrackWordGame
from host.judge.text import fold_plural, fold_plural_fr

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Every letter an Étoile may be."""
FACES = (PETARD, ETOILE, *ALPHABET)
"""Every face a card may have, in the order the talk offers the cards shown (sorted)."""
COUNT = "count"
"""The question of how many cards a player holds; asked of one player, its target is them."""
QUESTIONS = ("board", "board_colours", "hand", COUNT, "score")
"""The game's questions anyone may ask the host, at any time (the core adds its commands)."""


def no_words(formed: str) -> tuple[str, ...]:
    """No word is offered (a seat with no placement)."""
    return ()


@dataclass(frozen=True, slots=True)
class Placement:
    """A card the player on turn may put at one place of a row, before its word: the move,
    the letters the row then reads, and whether it makes a Crack Word."""

    move: Place
    """The placement said with no word and no call (on top: the place it covers)."""
    formed: str
    """How the row reads with the card placed."""
    cracks: bool = False
    """Whether calling Crack Word with it is legal (a word of 3 letters or more, the player's
    colour holding the majority)."""

    @property
    def needs_word(self) -> bool:
        """Whether the row it forms needs a word (two letters or more, not on top)."""
        return self.move.side is not Side.TOP and len(self.formed) > 1

    def with_word(self, word: str) -> Place:
        """The placement justified by this word (any word: a wrong one is a bluff)."""
        return replace(self.move, word=word)


@dataclass(frozen=True)
class Placing:
    """What the placements of the player on turn are made of, read into placements only when
    asked: the recognizer's choices and the bots ask for every one, the referee for one."""

    player: str
    letters: tuple[tuple[str, bool], ...]
    """Each letter they may place, and whether an Étoile stands for it: the letters they may
    hold (sorted), then every letter when they hold an Étoile."""
    rows: tuple[int, ...]
    """The rows they may place on (after a Crack Word or a Pétard, the emptied row alone)."""
    reads: tuple[str, ...]
    """How each row reads."""
    covers: tuple[tuple[tuple[int, str], ...], ...]
    """Each row's places an identical letter may cover (no Étoile is ever covered): each
    place's index and letter, left to right."""
    cracks: Callable[[Place, str], bool]
    """Whether a placement forming these letters makes a Crack Word for the player."""

    def every(self) -> tuple[Placement, ...]:
        """Every placement, letter by letter (`of`)."""
        return tuple(placement for letter, star in self.letters
                     for placement in self.of(letter, star))

    def of(self, letter: str, star: bool = False) -> tuple[Placement, ...]:
        """Every placement of one card (with `star`, an Étoile standing for the letter), row by
        row: on the left, on the right, then on top of each identical letter; none when they
        may not place it."""
        if (letter, star) not in self._letters:
            return ()
        return tuple(self._placed(Place(self.player, letter, row, side, star=star, at=at))
                     for row in self.rows
                     for side, at in ((Side.LEFT, None), (Side.RIGHT, None),
                                      *((Side.TOP, at) for at, top in self.covers[row]
                                        if top == letter)))

    def placement(self, move: Place) -> Placement | None:
        """The legal placement this move makes, whatever its word or call (on top with no
        place named: the leftmost identical letter, as the rules read it), or None."""
        letter = fold(move.letter)
        if move.player != self.player or move.row not in self.rows \
                or (letter, move.star) not in self._letters:
            return None
        at = None
        if move.side is Side.TOP:
            places = [place for place, top in self.covers[move.row] if top == letter
                      and move.at in (None, place)]
            if not places:
                return None
            at = places[0]
        return self._placed(Place(self.player, letter, move.row, move.side, star=move.star,
                                  at=at))

    def _placed(self, move: Place) -> Placement:
        """The placement of this move (with no word and no call)."""
        reads = self.reads[move.row]
        formed = move.letter + reads if move.side is Side.LEFT else \
            reads + move.letter if move.side is Side.RIGHT else reads
        cracks = len(formed) >= MIN_CRACK and self.cracks(move, formed)
        return Placement(move, formed, cracks)

    @functools.cached_property
    def _letters(self) -> frozenset[tuple[str, bool]]:
        """The letters, as a set."""
        return frozenset(self.letters)


@dataclass(frozen=True)
class LegalMoves:
    """What one seat may do now: the cards shown while the game opens, the placements, the
    moves in set words, the placement waiting for its word, and the questions. Read it while
    the game stands as it was asked (the placements and words are read when asked)."""

    shows: tuple[Show, ...] = ()
    """The cards this player may say they show at the cut or turn for a starting letter."""
    sent_back: tuple[Show, ...] = ()
    """Cards the player turning a starting letter may say they turned that the rules send
    back, saying why (a special card goes under the pile; a letter their colour has no card
    of left): listened for so they are heard as themselves, never as another letter."""
    placing: Placing | None = None
    """What this player's placements are made of (None: they may place no card now)."""
    moves: tuple[Pass | Petard, ...] = ()
    """The moves said in set words: passing, and a Pétard held on each row with cards."""
    wanting: Placement | None = None
    """The placement said without its word, waiting for it: the word alone completes it."""
    questions: tuple[Query, ...] = ()
    """The questions for the host."""
    words: Callable[[str], tuple[str, ...]] = no_words
    """The dictionary's words a placement forming these letters is offered with, as the
    dictionary writes them."""

    @functools.cached_property
    def placements(self) -> tuple[Placement, ...]:
        """Every card this player may place now, at every place it may go."""
        return () if self.placing is None else self.placing.every()

    def placement(self, move: Place) -> Placement | None:
        """The legal placement this move makes, whatever its word or call, or None."""
        return None if self.placing is None else self.placing.placement(move)

    def placements_of(self, letter: str, star: bool = False) -> tuple[Placement, ...]:
        """Every placement of one card (with `star`, an Étoile standing for the letter)."""
        return () if self.placing is None else self.placing.of(letter, star)

    def forms(self, placement: Placement) -> tuple[Place, ...]:
        """The placement as it is offered: alone when its row needs no word, else with each
        of the dictionary's words; and with Crack Word when it makes one. Alone though its
        row needs a word, it is legal (the host asks for the word) but not offered: heard
        for the same placement said with its word, it would leave the card waiting."""
        if placement.needs_word:
            forms = [placement.with_word(word) for word in self.words(placement.formed)]
        else:
            forms = [placement.move]
        if placement.cracks:
            forms.append(replace(placement.move, crack=True))
        return tuple(forms)

    @property
    def offered(self) -> tuple[Place, ...]:
        """Every placement as it is offered (`forms`), in order."""
        return tuple(form for placement in self.placements for form in self.forms(placement))

    @property
    def completions(self) -> tuple[Place, ...]:
        """The placement waiting for its word with each of the dictionary's words."""
        wanting = self.wanting
        return () if wanting is None else \
            tuple(wanting.with_word(word) for word in self.words(wanting.formed))

    def allows(self, move: Move) -> bool:
        """Whether this seat may make this move now (a placement with whatever word)."""
        if isinstance(move, Place):
            placement = self.placement(move)
            return placement is not None and (placement.cracks or not move.crack)
        if isinstance(move, Show):
            return move in self.shows
        return move in self.moves


def legal_moves(game: CrackWordGame, seat: int) -> LegalMoves:
    """What the player at `seat` may do now: while the game opens, show a card when the host
    waits for theirs; in play, on their turn, place a card, play a Pétard or pass; anyone asks
    the host."""
    name = game.seats[seat].name
    questions = (*(Query(kind, name) for kind in QUESTIONS),
                 *(Query(COUNT, name, other.name) for other in game.seats))
    if game.state is State.CUT:
        may_show = seat in game.cut_tied and seat not in game.cut_shown
        shows = tuple(Show(name, face) for face in _deck_faces(game)) if may_show else ()
        return LegalMoves(shows=shows, questions=questions)
    if game.state is State.START:
        if seat != game.turner():
            return LegalMoves(questions=questions)
        held, shown = game.held, game.shown_cards()
        turned = [Show(name, face) for face in _deck_faces(game)]
        shows = tuple(show for show in turned if show.face not in (PETARD, ETOILE)
                      and held.unshown(seat, show.face, shown) is not None)
        return LegalMoves(shows, tuple(show for show in turned if show not in shows),
                          questions=questions)
    if game.over or seat != game.turn:
        return LegalMoves(questions=questions)
    faces = game.faces(seat)
    placing = _placing(game, seat, faces)
    moves: tuple[Pass | Petard, ...] = ()
    if game.state is State.PLAYING:
        moves = (Pass(name),)
        if PETARD in faces:
            moves += tuple(Petard(name, row) for row, cards in enumerate(game.rows) if cards)
    wanting = None if game.wanting is None else placing.placement(game.wanting)
    return LegalMoves(placing=placing, moves=moves, wanting=wanting, questions=questions,
                      words=_memo(functools.partial(offered_words, game)))


def _memo(words: Callable[[str], tuple[str, ...]]) -> Callable[[str], tuple[str, ...]]:
    """The words offered for each letters, looked up once: an Étoile's placements form the
    same letters as the letters in hand."""
    found: dict[str, tuple[str, ...]] = {}

    def memo(formed: str) -> tuple[str, ...]:
        if formed not in found:
            found[formed] = words(formed)
        return found[formed]

    return memo


def _deck_faces(game: CrackWordGame) -> list[str]:
    """Every face of a colour's deck, in FACES order."""
    return [face for face in FACES if deck_count(face, game.config.lang)]


def _placing(game: CrackWordGame, seat: int, faces: set[str]) -> Placing:
    """What the seat's placements are made of: each letter of `faces`, and each letter an
    Étoile may be when they hold one; each row, or the emptied row alone while it waits."""
    rows = tuple(range(len(game.rows)))
    if game.state is State.REFILL and game.emptied is not None:
        rows = (game.emptied,)
    letters = [(face, False) for face in sorted(faces - {PETARD, ETOILE})]
    if ETOILE in faces:
        letters += [(letter, True) for letter in ALPHABET]
    return Placing(game.seats[seat].name, tuple(letters), rows,
                   tuple(letters_of(cards) for cards in game.rows),
                   tuple(tuple((at, stack[-1].letter) for at, stack in enumerate(cards)
                               if not stack[-1].star) for cards in game.rows),
                   functools.partial(_cracks, game, seat))


def _cracks(game: CrackWordGame, seat: int, move: Place, formed: str) -> bool:
    """Whether the placement makes a Crack Word for the seat: a word of 3 letters or more,
    their colour holding the majority of the row it leaves."""
    if len(formed) < MIN_CRACK or not game.lexicon.is_word(formed):
        return False
    card = game.card_for(seat, ETOILE if move.star else move.letter)
    return card is not None and has_majority(game.formed_row(move, card), game.colours[seat])


def offered_words(game: CrackWordGame, formed: str) -> tuple[str, ...]:
    """The words a placement forming these letters is offered with, as the dictionary writes
    them ("château"): the words the talk says and reads back, and the bots name."""
    return tuple(game.lexicon.spelling(word) for word in justifying_words(game, formed))


def justifying_words(game: CrackWordGame, formed: str) -> list[str]:
    """The words a placement forming these letters is offered with (and the bots name): the
    dictionary's commonest that hold them, one of a word and its plural ("armrest", not also
    "armrests"). Both justify the row alike, and offered both, the ear split between them:
    in one English demo game 2 of 30 misheard moves were the other of the two."""
    if not game.lexicon.contains(formed):
        return []  # most letters a placement may form are in no word: one look says so
    limit, lang = game.config.word_choices, game.config.lang
    found: dict[str, str] = {}
    for word in game.lexicon.words_containing(formed, limit * PLURALS_SKIPPED):
        found.setdefault(singular(word, lang), word)
    return list(found.values())[:limit]


PLURALS_SKIPPED = 3
"""How many more of the commonest words are read to find `word_choices` that are not each
other's plural."""


def singular(word: str, lang: str) -> str:
    """A word (card letters) as its singular: the judge's plural fold in English, and in
    French as it sounds (`sounded`)."""
    return sounded(word, lang) if lang == "fr" else fold_plural(word.lower()).upper()


def sounded(word: str, lang: str) -> str:
    """A justifying word as card letters, less what is not heard: in French, a plural's s or x
    and a feminine e after a vowel ("bougainvillées" sounds as "bougainvillée"), which no ear
    can tell apart."""
    if lang != "fr":
        return fold(word)
    return re.sub(r"(?<=[AEIOUY])E$", "", fold(fold_plural_fr(word)))
