"""Turn what a Crack Word player said (typed or heard), in French or English, into a move or a
question to the host.

The talk reads as the game's grammar: the words are written once per language
(host.games.crack_word.grammar), the moves of the moment once (host.games.crack_word.moves).
say() gives a move's canonical line (what bots say, what a page's button sends), variants()
every way the recognizer is offered it, offers() the variants of every seat's legal moves, and
parse() reads each of them back to the same move. A placement:
"R à droite de la ligne deux, pour château" / "R on the right of row two, word castle"; an
Étoile: "étoile, un S, à gauche de la ligne un" / "star, an S, on the left of row one"; on top:
"A sur l'A de la ligne trois", "R sur le deuxième R de la ligne un" / "A on the (second) A
of row three"; on an empty row: "A sur la ligne deux" / "S on row one" (on a row with cards,
the same words cover its identical letter); "Crack Word !" after (or before) the placement;
"pétard sur la ligne quatre" / "petard on row four"; "je passe" / "pass". With physical cards,
while the game opens, the card a player shows or turns: "c'est un R" / "it's an R" (or the
letter alone). "combien de cartes a Bob" / "how many cards has Bob got" asks one player's count.
While a placement said without its word waits for it, the word alone ("château", "pour château")
completes it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from host.core.legal import Offers, Stakes, offered
from host.core.spoken import le, with_article
from host.core.talk import CLAIM_TURN, Query, Speakers, Unclear, clean, match_query, stalled
from host.games.crack_word.announce import UN
from host.games.crack_word.board import Tile, fold
from host.games.crack_word.cards import ETOILE, PETARD
from host.games.crack_word.events import CrackWordEvent, Move, Pass, Petard, Place, Show, Side
from host.games.crack_word.flow import State
from host.games.crack_word.grammar import FR, GRAMMARS
from host.games.crack_word.moves import COUNT, LegalMoves, legal_moves, sounded
from host.games.crack_word.rules import CrackWordGame
from host.judge.framing import no_answer_said
from host.speech.pronounce import PronunciationError, phones

Intent = CrackWordEvent | Query | Unclear
Spoken = Move | Query
"""What the talk says and parses back: a move, or a question for the host."""


def _names(words: Iterable[str]) -> str:
    """An alternation of words, longest first."""
    return "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))


class CrackWordTalk:
    """Crack Word's spoken grammar at one table, in one language."""

    def __init__(self, game: CrackWordGame, lang: str | None = None) -> None:
        self.game = game
        self.lang = lang or game.config.lang
        self.grammar = GRAMMARS.get(self.lang, FR)
        self.speakers = Speakers(game.seats, self._is_move, claims=False)
        g = self.grammar
        letter = rf"(?P<letter>{_names(g.letter_names)}|[a-z])"
        number = rf"(?P<row>{_names(g.numbers)})"
        self._ordinals = [clean(word) for word in g.ordinals]
        ordinal = rf"(?:(?P<nth>{'|'.join(self._ordinals)}) )?"
        star = rf"(?:(?P<star>{clean(g.star)}) (?:une? |an? )?)?"
        sides = "|".join(f"(?P<{side.value}>{pattern})"
                         for side, pattern in g.side_patterns.items())
        top = rf"(?P<top>{clean(g.top)} {g.top_article}{ordinal}" \
              rf"(?P<covered>{_names(g.letter_names)}|[a-z]) {clean(g.top_after)})"
        onto = rf"(?P<onto>{clean(g.top)})"
        self._place = re.compile(
            rf"{star}{letter} (?:{sides}|{top}|{onto}) (?:la )?{g.row} {number}")
        self._bare_word = re.compile(rf"(?:{g.word_pattern} )?(?P<word>[^\s\d]+)")
        self._petard = re.compile(rf"{g.petard_pattern} (?:la )?{g.row} {number}")
        self._word = re.compile(rf"(?P<move>.+?) {g.word_pattern} (?P<word>\S+)")
        self._crack = re.compile(r"(?:crack ?words?|crac word)")
        specials = rf"(?P<petard>{clean(g.petard_name)})|(?P<etoile>{clean(g.star)})"
        self._show = re.compile(rf"{g.show_pattern}(?:{specials}|{letter})")
        names = _names(self.speakers.person_to_seat)
        self._count = re.compile(g.count_pattern.format(names=names))

    def legal(self) -> list[LegalMoves]:
        """Every seat's legal moves, the player awaited first (whose are the words said
        unnamed), then in seat order."""
        game, awaited = self.game, self.game.expected_player()
        first = game.turn if awaited is None else game.seat_index(awaited)
        order = [first, *(seat for seat in range(len(game.seats)) if seat != first)]
        return [legal_moves(game, seat) for seat in order]

    def legal_of(self, player: str) -> LegalMoves:
        """The legal moves of the seat called `player` (none for a name not at the table)."""
        seat = next((i for i, seat in enumerate(self.game.seats) if seat.name == player), None)
        return LegalMoves() if seat is None else legal_moves(self.game, seat)

    # ------------------------------------------------------------------ parse

    def parse(self, text: str, speaker: str | None = None) -> Intent:
        """An utterance as a move, a question or Unclear; without a name it is the player on
        turn's."""
        named, rest = self.speakers.split(text)
        who = named or speaker or self.game.expected_player()
        words = clean(rest)
        if not words:
            return Query(CLAIM_TURN, named) if named else Unclear(text)
        query = self._count_of(words, who) or match_query(words, who, self.grammar.questions)
        # A word offered for the placement waiting for it is that word, though it is a
        # question too ("règles" for R, E, G) or a move ("passe" for A, S): the host asked for
        # the word, and the recognizer was offered it as the word.
        word, offered = self._word_for(words, rest, who) if who else (None, False)
        if query is not None:
            return word if word is not None and offered else query
        if who is None:
            return Unclear(text, anonymous=not self.game.over)
        if self.game.state in (State.CUT, State.START):
            return self._shown(words, who) or self._move(words, rest, who) or Unclear(text)
        return (word if offered else None) or self._move(words, rest, who) or word \
            or stalled(text, rest, self.lang) or Unclear(text)

    def _word_for(self, words: str, raw: str, who: str) -> tuple[Place | None, bool]:
        """The placement waiting for its word, with the word said alone ("château"): a word
        of the dictionary or one holding the row's letters ("mmh" is not one, nor "um" said
        while thinking); and whether the word is one of those offered for it."""
        said = self._bare_word.fullmatch(words)
        if self.game.wanting is None or said is None:
            return None, False
        legal = self.legal_of(who)
        wanting, word = legal.wanting, fold(said.group("word"))
        if wanting is None or (wanting.formed not in word and (
                no_answer_said(raw, self.lang) or not self.game.lexicon.is_word(word))):
            return None, False
        offered = word in {fold(form) for form in legal.words(wanting.formed)}
        return wanting.with_word(_raw_word(raw, said.group("word"))), offered

    def _count_of(self, words: str, who: str | None) -> Query | None:
        """ "combien de cartes a Bob": one player's count."""
        count = self._count.fullmatch(words)
        if count is None:
            return None
        target = self.speakers.seat_named(count.group("who") or count.group("also"))
        return Query(COUNT, who, target)

    def _shown(self, words: str, who: str) -> Show | None:
        """The card a player shows at the cut or turns for a starting letter."""
        shown = self._show.fullmatch(words)
        if shown is None:
            return None
        if shown.group("petard"):
            return Show(who, PETARD)
        if shown.group("etoile"):
            return Show(who, ETOILE)
        return Show(who, self._letter(shown.group("letter")))

    def _is_move(self, words: str) -> bool:
        """What may follow a bare name ("Ann je passe"): any move of the grammar."""
        return self._move(words, words, "") is not None

    def _move(self, words: str, raw: str, who: str) -> CrackWordEvent | None:
        """The move these cleaned words say, or None."""
        if re.fullmatch(self.grammar.pass_pattern, words):
            return Pass(who)
        petard = self._petard.fullmatch(words)
        if petard:
            return Petard(who, self.grammar.numbers[petard.group("row")] - 1)
        crack, words = self._take_crack(words)
        word = ""
        said = self._word.fullmatch(words)
        if said and not self._place.fullmatch(words):
            words, word = said.group("move"), _raw_word(raw, said.group("word"))
        place = self._place.fullmatch(words)
        if place is None:
            return None
        return self._placed(place, who, word, crack)

    def _take_crack(self, words: str) -> tuple[bool, str]:
        """The words without a "Crack Word" said before or after the move."""
        head = re.match(rf"{self._crack.pattern} (.+)", words)
        if head:
            return True, head.group(1)
        tail = re.fullmatch(rf"(.+?) {self._crack.pattern}", words)
        return (True, tail.group(1)) if tail else (False, words)

    def _placed(self, place: re.Match[str], who: str, word: str, crack: bool) -> Place | None:
        """A placement from its pieces."""
        letter = self._letter(place.group("letter"))
        row = self.grammar.numbers[place.group("row")] - 1
        star = place.group("star") is not None
        if place.group("left") or place.group("right"):
            side = Side.LEFT if place.group("left") else Side.RIGHT
            return Place(who, letter, row, side, word, star, None, crack)
        if place.group("onto"):
            if not self._row_cards(row):
                return Place(who, letter, row, Side.RIGHT, word, star, None, crack)
            return Place(who, letter, row, Side.TOP, word, star,
                         self._position(row, letter, 0), crack)
        if self._letter(place.group("covered")) != letter:
            return None
        nth = place.group("nth")
        at = self._position(row, letter, self._ordinals.index(nth) if nth else 0)
        return Place(who, letter, row, Side.TOP, word, star, at, crack)

    def _letter(self, token: str) -> str:
        """A letter said as itself or by its name."""
        return token.upper() if len(token) == 1 else self.grammar.letter_names[token]

    def _position(self, row: int, letter: str, nth: int) -> int | None:
        """The place of the nth identical letter (0: the leftmost) a card covers; None when the
        row has no such letter (the rules then refuse it)."""
        places = self._candidates(row, letter)
        if not places:
            return None
        return places[nth] if nth < len(places) else 99

    def _candidates(self, row: int, letter: str) -> list[int]:
        """The places of a row an identical letter may cover."""
        return [i for i, stack in enumerate(self._row_cards(row))
                if stack[-1].letter == letter and not stack[-1].star]

    def _row_cards(self, row: int) -> list[list[Tile]]:
        """The cards of a row (none for a row that does not exist)."""
        return self.game.rows[row] if 0 <= row < len(self.game.rows) else []

    # ------------------------------------------------------------------ say

    def say(self, event: Spoken | CrackWordEvent, prefix: str | None = None) -> str:
        """How a player says the move or question (what bots say and a page's button sends;
        parse() reads it back); `prefix`: their name first."""
        words = self._words(event)
        return f"{prefix}: {words}" if prefix and words else words

    def variants(self, said: Spoken) -> tuple[str, ...]:
        """Every way a player says this move or question as the recognizer is offered it: the
        canonical line, and the word alone too when it completes the placement waiting for
        it; a question in each of its phrases. A card shown is offered as the player awaited
        only (said unnamed, it is theirs): another still to show at the cut names themselves,
        typed or on a page."""
        if isinstance(said, Query):
            return self._question_phrases(said)
        if isinstance(said, Show) and said.player != self.game.expected_player():
            return ()
        line = self.say(said)
        wanting = self.game.wanting
        if isinstance(said, Place) and said.word and replace(said, word="") == wanting:
            return (line, self.game.lexicon.spelling(fold(said.word)))
        return (line,) if line else ()

    def _question_phrases(self, query: Query) -> tuple[str, ...]:
        """A question as the recognizer is offered it: one player's count by their name."""
        g = self.grammar
        if query.kind == COUNT and query.target is not None:
            return (g.count_phrase.format(name=query.target),)
        return g.question_phrases.get(query.kind, ())

    def _words(self, event: Spoken | CrackWordEvent) -> str:
        """A move or question as said, without who says it."""
        g = self.grammar
        if isinstance(event, Query):
            return next(iter(self._question_phrases(event)), "")
        if isinstance(event, Pass):
            return g.passes
        if isinstance(event, Show):
            return f"{g.shows} {self._card(event.face)}"
        if isinstance(event, Petard):
            return f"{g.petard} {g.row} {self._number(event.row)}"
        if not isinstance(event, Place):
            return ""
        said = self._placement(event)
        if event.crack:
            return f"{said}, {g.crack}"
        if not event.word:
            return said
        return f"{said}, {g.word} {self.game.lexicon.spelling(fold(event.word))}"

    def _placement(self, event: Place) -> str:
        """The placement without its word or call."""
        g, letter = self.grammar, fold(event.letter)
        where = f"{g.row} {self._number(event.row)}"
        if event.side is Side.TOP:
            said = f"{letter} {g.top} {self._covered(event, letter)} {g.top_after} {where}"
        elif event.side is Side.RIGHT and not self._row_cards(event.row):
            said = f"{letter} {g.onto} {where}"
        else:
            said = f"{letter} {g.sides[event.side]} {where}"
        if event.star:
            return f"{g.star}, {with_article(letter, self.lang)}, {said.split(' ', 1)[1]}"
        return said

    def _covered(self, event: Place, letter: str) -> str:
        """The covered letter with its article: "l'A", "le deuxième A", "the second A"."""
        nth = self._nth(event, letter)
        if self.lang == "fr":
            return f"le {self.grammar.ordinals[nth]} {letter}" if nth else le(letter)
        return f"the {self.grammar.ordinals[nth]} {letter}" if nth else f"the {letter}"

    def _card(self, face: str) -> str:
        """A card shown, with its article: "un R", "une étoile", "an R", "a star"."""
        if self.lang == "fr":
            return UN.get(face) or with_article(face, "fr")
        names = {PETARD: self.grammar.petard_name, ETOILE: self.grammar.star}
        return with_article(names.get(face, face))

    def _nth(self, event: Place, letter: str) -> int:
        """Which identical letter of the row the card covers (0: the leftmost)."""
        places = self._candidates(event.row, letter)
        return places.index(event.at) if event.at in places else 0

    def _number(self, row: int) -> str:
        """A row said 1-based, in words."""
        return next((word for word, n in self.grammar.numbers.items()
                     if n == row + 1 and not word.isdigit()), str(row + 1))

    # ------------------------------------------------------------------ offers

    def offers(self) -> Offers:
        """Every variant of every seat's legal moves (the cards shown while the game opens;
        the placements of the player on turn, each with the dictionary's words for the row it
        forms when it needs one, or with "Crack Word"; passing, a Pétard on each row with
        cards; the words alone for a placement waiting for its word), then the questions.
        None is a secret, none repeats one before it. A placement justified by a word not
        offered is legal too: the hearing asks it back when decoding freely heard it
        (`free_placement`); any other utterance the recognizer rejected is asked again."""
        legal = self.legal()
        choices = [offer for moves in legal for offer in offered(self, (
            *moves.shows, *moves.sent_back, *moves.offered, *moves.moves, *moves.completions))]
        choices += offered(self, [q for moves in legal for q in moves.questions],
                           lambda _: Stakes.ASK)
        return Offers(tuple(choices), free_move=self.free_placement)

    def choices(self) -> list[str]:
        """The phrases offered to the recognizer now (`offers`), once each."""
        return self.offers().phrases() or []

    def free_placement(self, choice: str, free: str) -> str | None:
        """A placement of the turn that decoding freely heard justified by another word than
        the choice's (a bluff, or a word rarer than those offered), as the grammar says it: a
        legal placement takes any word, but offered only the dictionary's, the recognizer
        could never hear a bluff. None when the free transcript is no such placement (nor one
        on top, whose row needs no word), or the choice is another placement (the scorer
        hears letters better) or the same move."""
        move = self.parse(free)
        if not isinstance(move, Place) or not move.word or move.crack:
            return None
        placement = self.legal_of(move.player).placement(move)
        if placement is None or placement.move.side is Side.TOP:
            return None
        chosen = self.parse(choice) if choice else None
        if isinstance(chosen, Place) and (replace(chosen, word="", crack=False)
                                          != placement.move
                                          or same_move(move, [chosen], self.game)):
            return None
        return self.say(move)


def _raw_word(raw: str, cleaned: str) -> str:
    """The justifying word in the player's own spelling ("château"), when it is there."""
    for token in reversed(raw.split()):
        token = token.strip(",:;.!?")
        if clean(token) == cleaned:
            return token
    return cleaned


def same_move(meant: CrackWordEvent, heard: Sequence[CrackWordEvent],
              game: CrackWordGame) -> bool:
    """True when the host made the move the player meant: that very event, or the same
    placement with the justifying word spelt otherwise ("chateau" for "château") or a word
    that sounds the same ("marques" for "marque", "kidnapper" for "kidnappé": no ear tells
    them apart, and either justifies the row), or on top of the leftmost identical letter
    named with or without its place."""
    if list(heard) == [meant]:
        return True
    if len(heard) != 1 or not isinstance(meant, Place) or not isinstance(heard[0], Place):
        return False
    got, lang = heard[0], game.config.lang
    same_at = meant.at == got.at or None in (meant.at, got.at)
    return same_at and replace(got, word="", at=None) == replace(meant, word="", at=None) \
        and homophones(_written(got.word, game), _written(meant.word, game), lang)


def _written(word: str, game: CrackWordGame) -> str:
    """A justifying word as said: one in the cards' letters (the bots name words so,
    "KIDNAPPE") as the dictionary writes it ("kidnappé")."""
    return game.lexicon.spelling(word) if word.isupper() else word


def homophones(word: str, other: str, lang: str) -> bool:
    """Whether two justifying words sound the same: the same letters less what is not heard
    (`sounded`), or the same phones as espeak-ng says them."""
    if sounded(word, lang) == sounded(other, lang):
        return True
    try:
        return phones(word, lang) == phones(other, lang)
    except PronunciationError:
        return False

