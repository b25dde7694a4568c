"""Turn what a player said (typed or heard) into a Short List move or a question to the host.

The grammar is written once, here: the patterns below are what parse() reads, say() speaks and
choices() offers to the recognizer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rapidfuzz.distance import OSA

from host.core.speaker import (
    NO,
    YES,
    Query,
    Speakers,
    Unclear,
    answer_heard,
    clean,
    match_query,
    raw_tail,
    trimmed,
)
from host.games.short_list.events import Answer, Jump, Move, Pass, ShortListEvent
from host.games.short_list.rules import ShortListGame
from host.judge.text import words as answer_words
from host.speech.pronounce import likeness, sounds_alike

Intent = ShortListEvent | Query | Unclear

PASS = re.compile(r"(i )?pass|(i )?skip|no idea|i (don'?t|do not) know|i give up")
"""Passing, said in full (cleaned words)."""
PASS_SAID = "pass"
CLAIM = re.compile(r"\s*(?:it['’]?s |it is )?my turn\b[\s,:;.!]*", re.IGNORECASE)
""""It's my turn!": the claim that comes with a jump (raw text, before the answer)."""
CLAIM_SAID = "it's my turn"
FILLER = re.compile(
    r"(is it|i'?ll say|i will say|i say|i think it'?s|i think it is|i think|my answer is"
    r"|how about|it'?s|it is) "
)
"""Words a guesser may put before the answer (cleaned words); only the first is taken off."""
FILLER_SAID = "my answer is"
QUESTIONS: tuple[tuple[str, str], ...] = (
    (r"how many (answers |more )?(are )?(left|to go|remaining|still to find)|how many answers"
     r"|how many (are )?left to find", "answers_left"),
    (r"(what was|what'?s|what is) the question( again)?|(repeat|read( me)?) the question"
     r"( again)?|which question|the question", "question"),
    (r"(what'?s|what has) been (said|found)( so far)?|what have we (had|said|found)( so far)?"
     r"|(which|what) answers( have been (said|given|found))?( so far)?", "said_so_far"),
    (r"(what'?s|what is) the score|(the )?scores?|(the )?points|how many points"
     r"( do i have| have i got)?", "score"),
    (r"whose turn( is it)?|who'?s (next|turn|on|out)|who is (next|on|out)|where are we"
     r"|is it my turn( now| yet)?|am i (next|on)", "situation"),
)
"""Short List's own questions for the host (the core ones are in host.core.speaker)."""
WHO_IS = "who_is"
"""The host's question about a name nobody at the table has ("Who's Fay?"): the query's
target is the name as typed."""
STRANGER = re.compile(r"\s*([^\W\d_][\w'’-]*)\s*([:,])(.*)$", re.S)
"""One word before a colon or a comma, then the rest (raw text): perhaps who is speaking."""
CLAIM_INSIDE = re.compile(r"\S.*?\bmy turn\b", re.I | re.S)
"""Words, then "my turn" (raw text): somebody's claim, after words that name nobody seated."""
NOT_NAMES = frozenset({*YES, *NO, "ok", "okay", "well", "so", "um", "uh", "er", "erm", "oh",
                       "ah", "hey", "hmm", "right", "and", "but", "now", "alright", "wait",
                       "sorry", "look", "listen", "see"})
"""Words said before a comma that are no one's name ("Okay, it's my turn")."""
TYPO_EDITS = 1
"""How many letters (one added, dropped, changed, or two swapped) a word may be off a
player's name to be taken for a typo of it ("Dna" for Dan): then asked, never played."""
NAME_LIKENESS = 0.6
"""How alike (`likeness`) the first word of a claim must sound to a jumper's name to name
them: Whisper writes the Scottish voice's "Cat" as "can't" (0.75) and "Ann" as "and" (0.67);
"can't" sounds half like "Ann" and "Dan" (0.5)."""
QUESTION_PHRASES = ("how many left", "how many answers left", "what was the question",
                    "repeat the question", "what has been said", "which answers", "score",
                    "whose turn")
"""The questions as offered to the recognizer (each one parses to its question)."""


def name_like(word: str, people: Sequence[str]) -> str | None:
    """The one person whose name this word (of three letters or more) is a typo of, if any."""
    typed = clean(word)
    close = [person for person in people if len(typed) >= 3
             and OSA.distance(typed, clean(person)) <= TYPO_EDITS]
    return close[0] if len(close) == 1 else None


def is_table_call(words: str) -> bool:
    """What a player may say after their bare name ("Bob it's my turn", "Bob pass")."""
    return bool(CLAIM.match(words) or PASS.fullmatch(words))


class ShortListTalk:
    """Short List's spoken grammar at one table: what players say, parsed, said and expected."""

    open_answers = True
    """A wrong answer is by nature not among the choices: the host also takes a guess it heard
    outside them (the lead wires this in the session)."""

    def __init__(self, game: ShortListGame) -> None:
        self.game = game
        self.speakers = Speakers(game.seats, is_table_call, claims=True)
        self._listed_words: tuple[object, frozenset[str]] = (None, frozenset())

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
        claim = CLAIM.match(rest)
        claimed = bool(claim) or (prefixed is not None and bool(CLAIM.match(text)))
        rest = rest[claim.end():] if claim else rest
        who = prefixed or speaker or (None if claimed else on_turn)
        if claimed and who is None:
            who, rest = self._named_by_sound(rest)
        if not clean(rest):
            if who is not None and (prefixed or claimed):
                return Query("speaker", who)
            return Unclear(text, anonymous=claimed)
        return self._said(rest, who, claimed=claimed, text=text)

    def _stranger(self, text: str) -> Query | Unclear | None:
        """A line that says it is someone's who is not at the table is asked about, never
        played as anyone's move: a word that names nobody before a colon ("Fay: Tuscany"),
        before a comma and a claim ("Fay, it's my turn, Lazio"; also after the claim), or a
        typo of a player's name ("Dna, Lazio") is asked as "Who's Fay?"; other words before a
        claim ("so it's my turn, Lazio") ask who is speaking. None for anything else."""
        words, claim = clean(text), CLAIM.match(text)
        if match_query(words, None, QUESTIONS) is not None or (FILLER.match(words) and not claim):
            return None  # a question, or an answer said after "my answer is"
        after = text[claim.end():] if claim else text
        named = STRANGER.match(after)
        if named and not (claim and self._named_by_sound(after)[0]):
            word, mark, rest = named.groups()
            if clean(word) not in NOT_NAMES and (
                    mark == ":" or claim or CLAIM.match(rest)
                    or name_like(word, self.speakers.people())):
                return Query(WHO_IS, None, word[:1].upper() + word[1:])
        if not claim and CLAIM_INSIDE.match(text):
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
        question never eats an answer on the card said by the guesser on turn or a jumper."""
        on_turn = who is not None and who == self.game.expected_player() and not claimed
        words, listed = clean(rest), self.listed(rest)
        query = None if listed and (claimed or on_turn) else match_query(words, who, QUESTIONS)
        if query is not None:
            return query
        if who is None:
            return Unclear(text, anonymous=not self.game.over)
        if PASS.fullmatch(words) and not listed:
            return Pass(who)
        if words in (*YES, *NO) and not listed:
            return Unclear(text)  # a yes or a no answers no question card: a mishearing
        answer = self._answer_text(rest)
        return Answer(who, answer) if on_turn else Jump(who, answer)

    def _answer_text(self, rest: str) -> str:
        """The answer as said, with one filler taken off ("is it Lisbon" is "Lisbon"), unless
        the words are an answer on the card."""
        words = clean(rest)
        filler = FILLER.match(words)
        if filler and not self.listed(rest):
            return raw_tail(rest, words[filler.end():])
        return trimmed(rest)

    def listed(self, text: str) -> bool:
        """Whether these words are an answer form (canonical or alias) of the card in play."""
        card = self.game.card
        if self._listed_words[0] is not card:
            forms = {clean(form) for form in self._forms()}
            self._listed_words = (card, frozenset(forms))
        return clean(text) in self._listed_words[1]

    def _forms(self) -> list[str]:
        """Every answer form of the card in play, canonical and aliases, found or not."""
        card = self.game.card
        answers = card.answers if card is not None else ()
        return list(dict.fromkeys(form for entry in answers for form in
                                  (entry.text, *entry.aliases)))

    # ------------------------------------------------------------------ say

    def say(self, event: ShortListEvent, prefix: str | None = None) -> str:
        """How a player says the move out loud (what bots say; parse() reads it back)."""
        if isinstance(event, Jump):
            return f"{CLAIM_SAID[:1].upper()}{CLAIM_SAID[1:]}, {prefix or event.player}: " \
                   f"{self._answer_words(event.text)}"
        if isinstance(event, Pass):
            words = PASS_SAID
        elif isinstance(event, Answer):
            words = self._answer_words(event.text)
        else:
            return ""
        return f"{prefix}: {words}" if prefix else words

    def _answer_words(self, text: str) -> str:
        """The answer as said: with "my answer is" before it when it would otherwise be heard
        as something else (a pass, a question, a claim, a name, a filler)."""
        if self.listed(text):
            return text
        words = clean(text)
        heard_else = (PASS.fullmatch(words) or FILLER.match(words) or CLAIM.match(text)
                      or match_query(words, None, QUESTIONS) is not None
                      or self.speakers.split(text)[0] is not None
                      or self._stranger(text) is not None)
        return f"{FILLER_SAID} {text}" if heard_else else text

    # ------------------------------------------------------------------ choices

    def secret(self, choice: str) -> str:
        """A card's answer not yet found is the quizmaster's secret, also inside a jump: never
        asked back unless heard (a pass, a question or an answer found is no secret)."""
        answer = self._card_answer(choice)
        return answer if answer and not self._found(answer) else ""

    def _card_answer(self, choice: str) -> str:
        """The card's answer this choice gives (also inside a jump), or ""."""
        move = self.parse(choice)
        return move.text if isinstance(move, Answer | Jump) and self.listed(move.text) else ""

    def _found(self, text: str) -> bool:
        """Whether these words are a form of an answer found this round (said aloud)."""
        card, words = self.game.card, clean(text)
        return card is not None and any(
            words in {clean(form) for form in (entry.text, *entry.aliases)}
            for entry in card.answers if entry.text in self.game.given)

    def confirm_first(self, choice: str) -> bool:
        """An answer found this round, said again, costs its guesser a crystal."""
        answer = self._card_answer(choice)
        return bool(answer) and self._found(answer)

    def free_move(self, choice: str, free: str) -> str | None:
        """A jump heard unsure whose free transcript makes the claim with an answer off the
        card: that answer, by the jumper of the choice ("It's my turn, and Illinois Avenue."
        for Ann, whose name decoding freely writes "and"). Other guesses off the card are
        taken as open answers (open_answers), and an answer that sounds like the choice's is the
        choice."""
        move = self.parse(choice) if choice else None
        if not isinstance(move, Jump):
            return None
        answer = answer_heard(choice, move.text, free)
        if answer == free or not clean(answer) or self.listed(answer) \
                or sounds_alike(move.text, answer):
            return None
        return self.say(Jump(move.player, answer))

    def choices(self) -> list[str]:
        """The phrases that make sense now: the card's answer forms (a repeat is a move too),
        pass, the jumps of the guessers who hold an "It's my turn" card, the questions. Once
        the game is over, the questions only."""
        if self.game.over:
            return list(QUESTION_PHRASES)
        forms = self._forms()
        phrases = [*forms, PASS_SAID]
        for person in self._jumpers():
            phrases += [f"{CLAIM_SAID} {person} {form}" for form in forms]
            phrases.append(f"{person} {CLAIM_SAID}")
        phrases += QUESTION_PHRASES
        return list(dict.fromkeys(phrases))

    def _jumpers(self) -> list[str]:
        """The people of the guessers still in, not on turn, who hold an "It's my turn" card."""
        game = self.game
        return [person for index, seat in enumerate(game.seats)
                if index != game.quizmaster and index not in game.out
                and index != game.guesser and game.its_my_turn[index] > 0
                for person in seat.people]


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
