"""Turn what a player said (typed or heard) into a Short List move or a question to the host.

The talk reads as the game's grammar: the words are written once per language
(host.games.short_list.grammar), the moves of the moment once (host.games.short_list.moves). say()
gives a move's canonical line (what bots say, what a page's button sends), variants() every way
the recognizer is offered it, offers() the variants of every seat's legal moves, and parse()
reads each of them back to the same move.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rapidfuzz.distance import OSA

from host.core.legal import Offer, Offers, Stakes, offered
from host.core.talk import (
    NO,
    YES,
    Query,
    Speakers,
    Unclear,
    answer_heard,
    clean,
    match_query,
    raw_tail,
    stalled,
    trimmed,
)
from host.games.short_list.events import Answer, Jump, Move, Pass, ShortListEvent
from host.games.short_list.grammar import EN, GRAMMARS
from host.games.short_list.moves import CLAIM, LegalMoves, answer_forms, legal_moves
from host.games.short_list.rules import ShortListGame
from host.judge.text import words as answer_words
from host.speech.pronounce import likeness, sounds_alike

Intent = ShortListEvent | Query | Unclear
Spoken = Move | Query
"""What the talk says and parses back: a move, or a question or call for the host."""

WHO_IS = "who_is"
"""The host's question about a name nobody at the table has ("Who's Fay?"): the query's
target is the name as typed."""
STRANGER = re.compile(r"\s*([^\W\d_][\w'’-]*)\s*([:,])(.*)$", re.S)
"""One word before a colon or a comma, then the rest (raw text): perhaps who is speaking."""
TYPO_EDITS = 1
"""How many letters (one added, dropped, changed, or two swapped) a word may be off a
player's name to be taken for a typo of it ("Dna" for Dan): then asked, never played."""
NAME_LIKENESS = 0.6
"""How alike (`likeness`) the first word of a claim must sound to a jumper's name to name
them: Whisper writes the Scottish voice's "Cat" as "can't" (0.75) and "Ann" as "and" (0.67);
"can't" sounds half like "Ann" and "Dan" (0.5)."""


def name_like(word: str, people: Sequence[str]) -> str | None:
    """The one person whose name this word (of three letters or more) is a typo of, if any."""
    typed = clean(word)
    close = [person for person in people if len(typed) >= 3
             and OSA.distance(typed, clean(person)) <= TYPO_EDITS]
    return close[0] if len(close) == 1 else None


class ShortListTalk:
    """Short List's spoken grammar at one table: what players say, parsed, said and expected."""

    def __init__(self, game: ShortListGame, lang: str = "en") -> None:
        self.game = game
        self.grammar = GRAMMARS.get(lang, EN)
        self.speakers = Speakers(game.seats, self._is_table_call, claims=True)
        self._listed_words: tuple[object, frozenset[str]] = (None, frozenset())

    def legal(self) -> list[LegalMoves]:
        """Every seat's legal moves, the guesser on turn's first, then in seat order."""
        game = self.game
        order = [game.guesser, *(seat for seat in range(len(game.seats)) if seat != game.guesser)]
        return [legal_moves(game, seat) for seat in order]

    def _is_table_call(self, words: str) -> bool:
        """What a player may say after their bare name ("Bob it's my turn", "Bob pass")."""
        g = self.grammar
        return bool(g.claim_pattern.match(words) or g.pass_pattern.fullmatch(words))

    # ------------------------------------------------------------------ parse

    def parse(self, text: str, speaker: str | None = None) -> Intent:
        """An utterance as a move, a question or Unclear; without a speaker it is the guesser
        on turn's. A named guesser who is not on turn answering jumps in."""
        on_turn = self.game.expected_player()
        if on_turn and speaker in (None, on_turn) and self.listed(text):
            return Answer(on_turn, trimmed(text))
        prefixed, rest = self.speakers.split(text)
        stranger = None if prefixed or speaker else self._stranger(text)
        if stranger is not None:
            return stranger
        rest = raw_tail(text, rest)
        # The claim comes before the name ("it's my turn, Ann: ...", taken off by the split)
        # or after it ("Ann, it's my turn: ...", taken off here).
        claim_pattern = self.grammar.claim_pattern
        claim = claim_pattern.match(rest)
        claimed = bool(claim) or (prefixed is not None and bool(claim_pattern.match(text)))
        rest = rest[claim.end():] if claim else rest
        who = prefixed or speaker or (None if claimed else on_turn)
        if claimed and who is None:
            who, rest = self._named_by_sound(rest)
        if not clean(rest):
            if who is not None and (prefixed or claimed):
                return Query(CLAIM, who)
            return Unclear(text, anonymous=claimed)
        return self._said(rest, who, claimed=claimed, text=text)

    def _stranger(self, text: str) -> Query | Unclear | None:
        """A line that says it is someone's who is not at the table is asked about, never
        played as anyone's move: a word that names nobody before a colon ("Fay: Tuscany"),
        before a comma and a claim ("Fay, it's my turn, Lazio"; also after the claim), or a
        typo of a player's name ("Dna, Lazio") is asked as "Who's Fay?"; other words before a
        claim ("so it's my turn, Lazio") ask who is speaking. None for anything else."""
        g = self.grammar
        words, claim = clean(text), g.claim_pattern.match(text)
        if match_query(words, None, g.questions) is not None or (
                g.filler_pattern.match(words) and not claim):
            return None  # a question, or an answer said after "my answer is"
        after = text[claim.end():] if claim else text
        named = STRANGER.match(after)
        if named and not (claim and self._named_by_sound(after)[0]):
            word, mark, rest = named.groups()
            if clean(word) not in g.not_names and (
                    mark == ":" or claim or g.claim_pattern.match(rest)
                    or name_like(word, self.speakers.people())):
                return Query(WHO_IS, None, word[:1].upper() + word[1:])
        if not claim and g.claim_inside.match(text):
            return Unclear(text, anonymous=True)
        return None

    def _named_by_sound(self, rest: str) -> tuple[str | None, str]:
        """After a claim with no name, the jumper whose name the first word sounds like, and
        only theirs, with the words after it ("It's my turn, can't deal with my daughter." is
        Cat's, or the host asked "Who's speaking?" three times running); else no one."""
        first, _, after = clean(rest).partition(" ")
        alike = sorted(((likeness(first, clean(person)), person) for person in self._jumpers()),
                       reverse=True)
        if not after or not alike or alike[0][0] < NAME_LIKENESS \
                or (len(alike) > 1 and alike[1][0] == alike[0][0]):
            return None, rest
        return self.speakers.seat_named(alike[0][1]), raw_tail(rest, after)

    def _said(self, rest: str, who: str | None, *, claimed: bool, text: str) -> Intent:
        """The words after who speaks (and their claim): a question, a pass or an answer. A
        question never eats an answer on the card said by the guesser on turn or a jumper; the
        guesser on turn who claims the turn anyway is answering ("It's my turn! Lisbon")."""
        on_turn = who is not None and who == self.game.expected_player()
        words, listed = clean(rest), self.listed(rest)
        query = None if listed and (claimed or on_turn) else \
            match_query(words, who, self.grammar.questions)
        if query is not None:
            return query
        stall = None if listed else stalled(text, rest)
        if stall is not None:  # "hmm, let me think" or "um" costs no crystal
            return stall
        if who is None:
            return Unclear(text, anonymous=not self.game.over)
        if self.grammar.pass_pattern.fullmatch(words) and not listed:
            return Pass(who)
        if words in (*YES, *NO) and not listed:
            return Unclear(text)  # a yes or a no answers no question card: a mishearing
        answer = self._answer_text(rest)
        return Answer(who, answer) if on_turn else Jump(who, answer)

    def _answer_text(self, rest: str) -> str:
        """The answer as said, with one filler taken off ("is it Lisbon" is "Lisbon"), unless
        the words are an answer on the card."""
        words = clean(rest)
        filler = self.grammar.filler_pattern.match(words)
        if filler and not self.listed(rest):
            return raw_tail(rest, words[filler.end():])
        return trimmed(rest)

    def listed(self, text: str) -> bool:
        """Whether these words are an answer form (canonical or alias) of the card in play."""
        card = self.game.card
        if self._listed_words[0] is not card:
            forms = answer_forms(card) if card is not None else []
            self._listed_words = (card, frozenset(clean(form) for form in forms))
        return clean(text) in self._listed_words[1]

    # ------------------------------------------------------------------ say

    def say(self, event: Spoken | ShortListEvent, prefix: str | None = None) -> str:
        """How a player says the move, question or call (what bots say and a page's button
        sends; parse() reads it back); `prefix`: their name first."""
        g = self.grammar
        if isinstance(event, Jump):
            return f"{g.claim[:1].upper()}{g.claim[1:]}, {prefix or event.player}: " \
                   f"{self._answer_words(event.text)}"
        if isinstance(event, Pass):
            words = g.passes
        elif isinstance(event, Answer):
            words = self._answer_words(event.text)
        elif isinstance(event, Query) and event.kind == CLAIM:
            words = g.claim
        elif isinstance(event, Query) and event.kind in g.question_phrases:
            words = g.question_phrases[event.kind][0]
        else:
            return ""
        return f"{prefix}: {words}" if prefix else words

    def variants(self, said: Spoken) -> tuple[str, ...]:
        """Every way a player says this move, question or call as the recognizer is offered it
        (a jump and a claim once for each person of the seat, by their name)."""
        g = self.grammar
        if isinstance(said, Jump):
            return tuple(f"{g.claim} {person} {said.text}" for person in self._people(said.player))
        if isinstance(said, Query) and said.kind == CLAIM and said.player is not None:
            return tuple(f"{person} {g.claim}" for person in self._people(said.player))
        if isinstance(said, Query):
            return g.question_phrases.get(said.kind, ())
        return (self.say(said),)

    def _answer_words(self, text: str) -> str:
        """The answer as said: with "my answer is" before it when it would otherwise be heard
        as something else (a pass, a question, a claim, a name, a filler)."""
        if self.listed(text):
            return text
        g, words = self.grammar, clean(text)
        heard_else = (g.pass_pattern.fullmatch(words) or g.filler_pattern.match(words)
                      or g.claim_pattern.match(text)
                      or match_query(words, None, g.questions) is not None
                      or self.speakers.split(text)[0] is not None
                      or self._stranger(text) is not None)
        return f"{g.filler} {text}" if heard_else else text

    def _people(self, seat_name: str) -> tuple[str, ...]:
        """The people of the seat called `seat_name` (a team's members speak for it)."""
        return next((seat.people for seat in self.game.seats if seat.name == seat_name), ())

    # ------------------------------------------------------------------ choices

    def offers(self) -> Offers:
        """Every variant of every seat's legal moves (the card's answers as the guesser on
        turn's and as each jumper's, a pass, the claims), then the questions. An answer not
        found yet is the quizmaster's secret, also inside a jump (never asked back unless
        heard); one found, said again, costs its guesser a crystal. A guess off the card is
        legal but never offered: the host takes what it heard outside the choices (open), as
        surely as a repeat, since it puts its guesser out of the round."""
        legal = self.legal()
        choices = [offer for moves in legal for offer in (
            *self._guess_offers(moves), *offered(self, (*moves.moves, *moves.calls)))]
        choices += offered(self, [q for moves in legal for q in moves.questions],
                           lambda _: Stakes.ASK)
        return Offers(tuple(choices), open=any(moves.open_guess for moves in legal),
                      open_stakes=Stakes.COSTLY, free_move=self._free_jump)

    def choices(self) -> list[str]:
        """The phrases offered to the recognizer now (`offers`), once each."""
        return self.offers().phrases() or []

    def _guess_offers(self, moves: LegalMoves) -> tuple[Offer, ...]:
        """The card's answers as this seat's guesses: each a secret until found, then a
        costly repeat."""
        secret = moves.secret
        return offered(self, moves.guesses,
                       lambda guess: Stakes.SECRET if guess in secret else Stakes.COSTLY,
                       lambda guess: guess.text)

    def _jumpers(self) -> list[str]:
        """The people of the guessers who may jump in now (they may claim the floor)."""
        return [person for moves in self.legal() for call in moves.calls
                for person in self._people(call.player or "")]

    def _free_jump(self, choice: str, free: str) -> str | None:
        """A jump heard unsure whose free transcript makes the claim with an answer off the
        card: that answer, by the jumper of the choice ("It's my turn, and Illinois Avenue."
        for Ann, whose name decoding freely writes "and"). Other guesses off the card are
        taken as open answers (Offers.open), and an answer that sounds like the choice's is
        the choice."""
        move = self.parse(choice) if choice else None
        if not isinstance(move, Jump):
            return None
        answer = answer_heard(choice, move.text, free)
        if answer == free or not clean(answer) or self.listed(answer) \
                or sounds_alike(move.text, answer):
            return None
        return self.say(Jump(move.player, answer))


def same_move(meant: Move, heard: Sequence[ShortListEvent], game: ShortListGame) -> bool:
    """True when the host made the move the player meant: that very event, or an answer (or a
    jump) by the same player that the judge matches to the same card answer, or the same
    words, or, for a guess off the card, other words off the card too (the ruling, the crystal
    and the turn are the same; the demo counts such moves apart). The card is the one in play,
    or the one just put under the pile when the move ended the round."""
    if list(heard) == [meant]:
        return True
    if len(heard) != 1 or isinstance(meant, Pass) or type(heard[0]) is not type(meant):
        return False
    got = heard[0]
    assert isinstance(got, Answer | Jump)
    if got.player != meant.player:
        return False
    if answer_words(got.text) == answer_words(meant.text):
        return True
    cards = [card for card in (game.card, game.pile[-1] if game.pile else None) if card]
    rulings = [{game.judge.judge(card.category, text).matched for text in (got.text, meant.text)}
               for card in cards]
    if any(len(ruled) == 1 and None not in ruled for ruled in rulings):
        return True  # the same card answer
    return all(ruled == {None} for ruled in rulings)  # off the card, whichever it was
