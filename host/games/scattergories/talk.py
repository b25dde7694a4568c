"""Turn what a player said (typed or heard) into a Scattergories move or a question to the host.

The talk reads as the game's grammar: the words are written once per language
(host.games.scattergories.grammar), the moves of the moment once
(host.games.scattergories.moves). say() gives a move's canonical line (what bots say, what a
page's button sends), variants() every way the recognizer is offered it that is read back to it
whoever says it, unnamed() the ways that are read back to it only from a voice the host knows
(a bare "yes" while two players may answer), offers() both over every seat's legal moves, and
parse() reads each of them back to the same move. What a phrase means depends on the moment: a
letter while the roller chooses, "yes" or "no" to more time while the players write and to a
challenged answer while they vote, and any other words from the reader on turn are their
answer.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import replace

from host.core.legal import Offer, Offers, Stakes
from host.core.talk import (
    CLAIM_TURN,
    LETTER_NAMES,
    Query,
    Speakers,
    Unclear,
    clean,
    match_query,
    raw_tail,
    stalled,
    trimmed,
)
from host.games.scattergories.events import (
    AgreeMoreTime,
    AskMoreTime,
    Challenge,
    ChooseLetter,
    Move,
    ReadAnswer,
    ScattergoriesEvent,
    Vote,
)
from host.games.scattergories.flow import State
from host.games.scattergories.grammar import EN, GRAMMARS
from host.games.scattergories.lists import deck_words
from host.games.scattergories.moves import WRITING_QUESTIONS, LegalMoves, known_forms, legal_moves
from host.games.scattergories.rules import ScattergoriesGame
from host.judge import Reason
from host.judge.text import words as answer_words

Intent = ScattergoriesEvent | Query | Unclear
Spoken = Move | Query
"""What the talk says and parses back: a move, or a question for the host."""

NAME_FIRST = re.compile(r"\s*(?P<name>[^.,:]{1,40})\.\s+(?P<rest>\S.*)$", re.S)
""""Bob. Panda.": a name said first, set apart by a full stop, as a transcript may write it."""
WRITING_QUERIES = frozenset({*WRITING_QUESTIONS, "pause", "resume", "quit", CLAIM_TURN})
"""What the host answers while the players write: it is otherwise quiet, as in the box (the
core's pause and quit stay possible)."""


class ScattergoriesTalk:
    """Scattergories' spoken grammar at one table: what players say, parsed, said and expected."""

    def __init__(self, game: ScattergoriesGame, lang: str | None = None) -> None:
        self.game = game
        self.grammar = GRAMMARS.get(lang or game.config.lang, EN)
        self.speakers = Speakers(game.seats, self._is_table_call, claims=True)
        self._known: tuple[object, tuple[str, ...], frozenset[str]] = (None, (), frozenset())

    def legal(self) -> list[LegalMoves]:
        """Every seat's legal moves, the awaited player's first, then in seat order."""
        game, awaited = self.game, self.game.expected_player()
        seats = sorted(range(len(game.seats)), key=lambda seat: game.seats[seat].name != awaited)
        return [legal_moves(game, seat) for seat in seats]

    def _is_table_call(self, words: str) -> bool:
        """What a player may say after their bare name: a call, or a letter while choosing."""
        if self.grammar.table_call.fullmatch(words):
            return True
        return self.game.state is State.CHOOSING_LETTER \
            and bool(self.grammar.letter.fullmatch(words))

    # ------------------------------------------------------------------ parse

    def parse(self, text: str, speaker: str | None = None) -> Intent:
        """An utterance as a move, a question or Unclear; without a speaker it is the awaited
        player's (the reader on turn, the roller choosing a letter). While the players write,
        the host keeps quiet about anything else than its questions and more time."""
        intent = self._parse(text, speaker)
        if isinstance(intent, Unclear) and self.game.state is State.WRITING \
                and not self._about_more_time(clean(self.speakers.split(text)[1])):
            return replace(intent, quiet=True)
        return intent

    def _about_more_time(self, words: str) -> bool:
        """Asking for more time, or answering the request open now."""
        answers = self.game.request is not None and self.grammar.yes_or_no(words)
        return bool(self.grammar.more_time.fullmatch(words)) or answers

    def _parse(self, text: str, speaker: str | None) -> Intent:
        """parse(), before the writing time's quiet."""
        on_turn = self.game.expected_player()
        if self._reading() and speaker in (None, on_turn) and on_turn and self.listed(text):
            return ReadAnswer(on_turn, trimmed(text))
        prefixed, rest = self.speakers.split(self._name_first(text))
        rest = raw_tail(text, rest)
        who = prefixed or speaker
        if not clean(rest):
            return Query(CLAIM_TURN, prefixed) if prefixed else Unclear(text)
        if self._reading() and (who or on_turn) == on_turn and self.listed(rest):
            return ReadAnswer(on_turn or "", trimmed(rest))
        query = match_query(clean(rest), who or on_turn, self.grammar.questions)
        if query is not None:
            return self._query_now(query, text)
        return self._move(rest, who, text)

    def _name_first(self, text: str) -> str:
        """ "Bob. Panda." as "Bob: Panda.", when the words before the full stop name a person."""
        named = NAME_FIRST.match(text)
        if named and self.speakers.seat_named(named.group("name")):
            return f"{named.group('name')}: {named.group('rest')}"
        return text

    def _query_now(self, query: Query, text: str) -> Query | Unclear:
        """The question, unless the host keeps quiet about it while the players write."""
        if self.game.state is State.WRITING and query.kind not in WRITING_QUERIES:
            return Unclear(text)
        return query

    def _move(self, rest: str, who: str | None, text: str) -> Intent:
        """The words after who speaks: a call of the moment, a correction or an answer."""
        words, state = clean(rest), self.game.state
        if state not in (State.WRITING, State.VOTING) and self.grammar.yes_or_no(words):
            return Unclear(text)  # a yes or a no answers nothing now: a mishearing
        stall = stalled(text, rest) if self._reading_or_review() and not self.listed(rest) \
            else None
        if stall is not None:  # "hmm, let me find it" or "um": no answer yet, which would stay
            return stall
        player = who or self.game.expected_player() or self._sole_answerer(words)
        called = self._after_hesitation(words)  # "um, I didn't write anything"
        event = self._call(called, player, state) if player else None
        if event is not None:
            return Unclear(text) if isinstance(event, Unclear) else event
        correction = self.grammar.correction.match(rest)
        if correction and self._reading_or_review():
            return self._correction(correction.group("rest"), who, text)
        if player is None:
            return Unclear(text, anonymous=not self.game.over)
        if self._reading_or_review():
            return ReadAnswer(player, self._answer_text(rest))
        return Unclear(text)

    def _sole_answerer(self, words: str) -> str | None:
        """Whose a bare yes or no to the open request for more time is, when the host waits
        for one person only ("Still waiting for Bob.": "yes" is Bob's, whose name the demo's
        "Bob yes" lost to the recognizer, to be met with "Who's speaking?"). A request is open
        only while the players write."""
        request = self.game.request
        if request is None or not self.grammar.yes_or_no(words):
            return None
        people = self._people(self._waiting(request))
        return people[0] if len(people) == 1 else None

    def _waiting(self, request: set[int]) -> list[int]:
        """The seats an open request for more time (the seats that answered it) waits for."""
        return [seat for seat in self.game.playing if seat not in request]

    def _call(self, words: str, player: str, state: State) -> Move | Unclear | None:
        """A call said in full: more time, yes or no, a challenge, a letter, a blank."""
        g = self.grammar
        if g.more_time.fullmatch(words):
            return AskMoreTime(player)
        for pattern, accept in ((g.agree, True), (g.refuse, False)):
            if pattern.fullmatch(words):
                return AgreeMoreTime(player, accept) if state is State.WRITING \
                    else Vote(player, accept)
        challenge = g.challenge.fullmatch(words)
        if challenge:
            return self._challenge(challenge, player, words)
        letter = g.letter.fullmatch(words) if state is State.CHOOSING_LETTER else None
        if letter:
            name = letter.group("l")
            return ChooseLetter(player, LETTER_NAMES.get(name, name.upper()))
        if g.blank.fullmatch(words):
            return ReadAnswer(player, "")
        return None

    def _challenge(self, match: re.Match[str], player: str, words: str) -> Challenge | Unclear:
        """A challenge of the answer named ("challenge Magenta") or of its player's, or of the
        answer read last by another; naming neither, not understood (never an answer)."""
        named = match.group("who")
        if named is None:
            return Challenge(player, self._last_answer_by_another(player))
        said = words[match.start("who"):]  # "walruses" or "Gus", read "walruse" and "Gu"
        target = self.speakers.seat_named(said) or self.speakers.seat_named(named) \
            or self._reader_of(said) or self._reader_of(named)
        return Unclear(words) if target is None else Challenge(player, target)

    def _reader_of(self, named: str) -> str | None:
        """Who read the answer named ("challenge Magenta") to the category being read."""
        game = self.game
        read = game.sheet[game.category_index] if self._reading_or_review() else {}
        return next((game.seats[seat].name for seat, text in read.items()
                     if text and answer_words(text) == answer_words(named)), None)

    def _last_answer_by_another(self, player: str) -> str:
        """Who read the latest answer (not a blank) to this category, other than `player`;
        when there is none, the next reader (the rules then say there is nothing to
        challenge)."""
        game = self.game
        read = game.sheet[game.category_index] if self._reading_or_review() else {}
        for seat in reversed(list(read)):
            name = game.seats[seat].name
            if read[seat] and name != player:
                return name
        seats = [game.reader(), *game.playing] if game.order else list(game.playing)
        others = [game.seats[seat].name for seat in seats if game.seats[seat].name != player]
        return others[0] if others else player

    def _correction(self, words: str, who: str | None, text: str) -> Intent:
        """"No, pelican": the answer again, by the player named, else by the last reader."""
        player = who or self._last_reader()
        if player is None:
            return Unclear(text, anonymous=True)
        if self.grammar.blank.fullmatch(clean(words)):
            return ReadAnswer(player, "")
        return ReadAnswer(player, self._answer_text(words))

    def _last_reader(self) -> str | None:
        """Who read last in this category (None before anyone has)."""
        game = self.game
        read = list(game.sheet[game.category_index])
        return game.seats[read[-1]].name if read else None

    def _answer_text(self, rest: str) -> str:
        """The answer as said, with one filler taken off ("I wrote Penguin" is "Penguin"),
        unless the words are a known answer."""
        words = clean(rest)
        if self.listed(rest):
            return trimmed(rest)
        bare = self._after_hesitation(words)
        if bare != words:
            words, rest = bare, raw_tail(rest, bare)
        filler = self.grammar.filler.match(words)
        if filler and not self.listed(rest):
            return raw_tail(rest, words[filler.end():])
        return trimmed(rest)

    def _after_hesitation(self, words: str) -> str:
        """Cleaned words less the sounds a reader makes before the answer ("um, uh")."""
        hesitation = self.grammar.hesitation.match(words)
        return words[hesitation.end():] if hesitation else words

    def _reading(self) -> bool:
        return self.game.state is State.READING

    def _reading_or_review(self) -> bool:
        return self.game.state in (State.READING, State.REVIEW)

    # ------------------------------------------------------------------ known answers

    def listed(self, text: str) -> bool:
        """Whether these words are a likely form of the reader's answer (`known_answers`)."""
        return clean(text) in self._known_now()[1]

    def known_answers(self) -> list[str]:
        """The likely forms of an answer to the category being read (moves.known_forms: its
        known answers, key letter first, and the answers read already to it), less the deck's
        words standing in that would be heard as a call, a letter, a question or a name;
        none outside the reading."""
        return list(self._known_now()[0])

    def _known_now(self) -> tuple[tuple[str, ...], frozenset[str]]:
        game = self.game
        category = game.category
        if category is None:
            return (), frozenset()
        read = tuple(text for text in game.sheet[game.category_index].values() if text)
        key = (id(category), game.letter, read)
        if self._known[0] != key:
            forms, stand_ins = known_forms(game)
            forms = tuple(form for form in forms
                          if form not in stand_ins or not self._heard_else(clean(form)))
            self._known = (key, forms, frozenset(clean(form) for form in forms))
        return self._known[1], self._known[2]

    # ------------------------------------------------------------------ say

    def say(self, event: Spoken | ScattergoriesEvent, prefix: str | None = None) -> str:
        """How a player says the move or question out loud (what bots say and a page's button
        sends; parse() reads it back): with their name first when the host is not awaiting
        them."""
        words = self._words(event)
        if not words:
            return ""
        player = getattr(event, "player", None)
        name = prefix or (player if player != self.game.expected_player() else None)
        return f"{name}: {words}" if name else words

    def _words(self, event: Spoken | ScattergoriesEvent) -> str:
        g = self.grammar
        if isinstance(event, ReadAnswer):
            return self._answer_words(event.text) if event.text else g.blank_said[0]
        if isinstance(event, ChooseLetter):
            return g.say_letter(event.letter)
        if isinstance(event, AskMoreTime):
            return g.more_time_said
        if isinstance(event, AgreeMoreTime):
            return g.agree_said[event.agree]
        if isinstance(event, Vote):
            return g.vote_said[event.accept][0]
        if isinstance(event, Challenge):
            return f"{g.challenge_said} {event.target}"
        if isinstance(event, Query):
            return next(iter(g.question_phrases.get(event.kind, ())), "")
        return ""

    def _answer_words(self, text: str) -> str:
        """The answer as said: with "my answer is" before it when it would otherwise be heard
        as something else (a call, a question, a correction, a name, a filler)."""
        if self.listed(text):
            return text
        g, words = self.grammar, clean(text)
        heard_else = self._heard_else(words) or g.filler.match(words) \
            or g.hesitation.match(words) or self._name_first(text) != text \
            or g.correction.match(text)
        return f"{g.filler_said} {text}" if heard_else else text

    def _heard_else(self, words: str) -> bool:
        """Whether these cleaned words, said alone, would be a call, a letter, a question or
        a player's name rather than an answer."""
        g = self.grammar
        return bool(g.table_call.fullmatch(words) or g.letter.fullmatch(words)
                    or match_query(words, None, g.questions) is not None
                    or self.speakers.split(words)[0] is not None)

    def variants(self, said: Spoken) -> tuple[str, ...]:
        """Every way a player says this move or question as the recognizer is offered it, each
        read back to it whoever says it: with the player's name first (a team's members each
        by theirs), and without when the host awaits that player's words (the roller, the
        reader on turn and the last reader correcting, the voter called, the one player a
        request for more time waits for). A question is offered without a name."""
        if isinstance(said, Query):
            return self.grammar.question_phrases.get(said.kind, ())
        bare, named = self._ways(said)
        return (*bare, *named) if self._awaited(said) else named

    def unnamed(self, said: Spoken) -> tuple[str, ...]:
        """The ways a player says this move without their name that are its own only from a
        voice the host knows (typed, a page, a claimed turn): from an unknown voice the host
        asks who is speaking, or takes the awaited player's move ("challenge Bob" at the
        reading is the reader's)."""
        if isinstance(said, Query) or self._awaited(said):
            return ()
        return self._ways(said)[0]

    def _awaited(self, said: Move) -> bool:
        """Whether this move's words without a name are this player's from any voice."""
        if isinstance(said, ReadAnswer):
            return True  # the reader on turn's answer, or the last reader's "no, pelican"
        if isinstance(said, AgreeMoreTime):
            return self._sole_answerer(self.grammar.agree_said[said.agree]) == said.player
        return said.player == self.game.expected_player()

    def _ways(self, said: Move) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The ways this move is said without a name, and with each of its seat's people's."""
        g = self.grammar
        if isinstance(said, ChooseLetter):
            return (said.letter, g.say_letter(said.letter)), ()
        if isinstance(said, ReadAnswer):
            return self._answer_ways(said), ()
        bare: tuple[str, ...]
        words: tuple[str, ...]
        if isinstance(said, Challenge):
            bare = words = (f"{g.challenge_said} {said.target}",)
            if said.target == self._last_answer_by_another(said.player):
                bare, words = (*g.challenge_last, *words), (g.challenge_said, *words)
        elif isinstance(said, Vote):
            bare = words = g.vote_said[said.accept]
        elif isinstance(said, AgreeMoreTime):
            bare = words = (g.agree_said[said.agree],)
        else:
            bare = words = (g.more_time_said,)
        people = next((seat.people for seat in self.game.seats if seat.name == said.player), ())
        return bare, tuple(f"{person} {word}" for person in people for word in words)

    def _answer_ways(self, said: ReadAnswer) -> tuple[str, ...]:
        """The reader on turn's answer as said (a blank in each of its ways that is no likely
        answer), or the last reader's said again to correct it ("no, pelican")."""
        g = self.grammar
        if self._reading() and said.player == self.game.expected_player():
            if said.text:
                return (self._answer_words(said.text),)
            return tuple(blank for blank in g.blank_said if not self.listed(blank))
        words = self._answer_words(said.text) if said.text else g.blank_said[0]
        return (f"{g.correction_said}, {words}",)

    # ------------------------------------------------------------------ offers

    def offers(self) -> Offers:
        """Every way each seat's legal moves are said (the reader's answer in its likely
        forms), then the questions: none a secret (a near miss is asked back as the known
        answer: "Lemur?" for "Lamer") nor costly (a repeated answer scores 0 for both).
        Players write anything: an answer is by nature often none of the choices, so the host
        also takes what the recognizer heard freely (open, at every moment, as it always has;
        the choices only help it hear them)."""
        legal = self.legal()
        likely = set(self.known_answers())
        choices = [Offer(phrase, move) for moves in legal
                   for move in (*(a for a in moves.answers if a.text in likely), *moves.moves)
                   for phrase in (*self.unnamed(move), *self.variants(move))]
        choices += [Offer(phrase, query, Stakes.ASK) for moves in legal
                    for query in moves.questions for phrase in self.variants(query)]
        return Offers(tuple(choices), open=True, free_move=self._free_answer)

    def choices(self) -> list[str]:
        """The phrases offered to the recognizer now (`offers`), once each."""
        return self.offers().phrases() or []

    def _free_answer(self, choice: str, free: str) -> str | None:
        """While the category is read, an answer decoding freely heard that the deck knows (of
        any category, any letter) and that is not the choice heard unsure, to ask back rather
        than a choice that sounds like it ("Wales." was asked back as "Wellies?"). Other
        answers off the choices are taken as open answers (Offers.open)."""
        if not self._reading():
            return None
        move = self.parse(free)
        if not isinstance(move, ReadAnswer) or clean(move.text) not in self._deck_known \
                or answer_words(move.text) == answer_words(choice):
            return None
        return move.text

    @functools.cached_property
    def _deck_known(self) -> frozenset[str]:
        """Every known answer of the game's lists (which a game keeps), as cleaned words."""
        words = deck_words(self.game.lists, self.game.config.lang)
        return frozenset(clean(text) for texts in words.values() for text in texts)

    def _people(self, seats: Sequence[int] | None = None) -> list[str]:
        """The people of the seats playing this round (or of the seats given)."""
        game = self.game
        return [person for seat in (game.playing if seats is None else seats)
                for person in game.seats[seat].people]


def same_move(meant: Move, heard: Sequence[ScattergoriesEvent], game: ScattergoriesGame) -> bool:
    """True when the host made the move the player meant: that very event, or the same
    player's answer that is the same words, or the same answer by the judge's sameness for
    the category being read (plurals, articles, aliases, a misspelling)."""
    if list(heard) == [meant]:
        return True
    if len(heard) != 1 or not isinstance(meant, ReadAnswer):
        return False
    got = heard[0]
    if not isinstance(got, ReadAnswer) or got.player != meant.player:
        return False
    if not got.text or not meant.text:
        return got.text == meant.text
    if answer_words(got.text) == answer_words(meant.text):
        return True
    category = game.categories[game.category_index]
    verdict = game.judge.judge(category, got.text, given=[meant.text], article_letter=False)
    return verdict.reason is Reason.DUPLICATE
