"""Turn what a player said (typed or heard) into a Scattergories move or a question to the host.

The grammar is written once, here: the patterns below are what parse() reads, say() speaks and
choices() offers to the recognizer. What a phrase means depends on the moment: a letter while
the roller chooses, "yes" or "no" to more time while the players write and to a challenged
answer while they vote, and any other words from the reader on turn are their answer.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import replace

from host.core.legal import Offer, Offers
from host.core.talk import (
    CLAIM_TURN,
    LETTER_NAMES,
    NO,
    YES,
    Query,
    Speakers,
    Unclear,
    clean,
    match_query,
    raw_tail,
    trimmed,
)
from host.decks import Category
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
from host.games.scattergories.lists import deck_words
from host.games.scattergories.rules import ScattergoriesGame
from host.judge import Judge, Reason
from host.judge.text import words as answer_words

Intent = ScattergoriesEvent | Query | Unclear

BLANK = re.compile(
    r"(a )?blank|(i )?pass|nothing|none|no answer|skip|i (don'?t|do not) have (one|anything)"
    r"|i (have|'?ve got|got) nothing|i (didn'?t|did not) (write|get|have) (one|anything)"
    r"|i (don'?t|do not) know|no idea|i give up|i (couldn'?t|could not) think of (one|anything)"
)
"""No answer to the category, said in full (cleaned words)."""
BLANK_SAID = "I pass"
BLANK_PHRASES = (BLANK_SAID, "nothing", "no answer", "blank", "pass")
"""How a blank is said (what the bots and the help say), and the blanks offered to the
recognizer at the reading. Measured among a reading's 150 and 280 choices in 20 dB babble
(Piper and two espeak-ng voices, 42 utterances each, all five offered): "I pass" heard as a
blank 41 times, "nothing" 40, "no answer" 37, "pass" 27, "blank" 25; a lone short word is
what babble swallows (the demo heard "blank" as "Blazer", "Cheetah", "Llama"). Demo seeds 1, 2,
3: blanks heard wrong 6, 15, 3 with "blank" and 0, 1, 1 with "I pass"; understood_ratio 0.661,
0.661, 0.864 before and 0.741, 0.659, 0.803 after (the games take other paths)."""
FILLER = re.compile(r"(my answer is|i wrote|i put|i have|i'?ve got|i got|mine is|it'?s|it is) ")
"""Words a reader may put before the answer (cleaned words); only the first is taken off."""
FILLER_SAID = "my answer is"
HESITATION = re.compile(r"((uh|um|umm|uhm|er|erm|hmm|mm) )+")
"""Sounds a reader may make before the answer (cleaned words): all are taken off."""
NAME_FIRST = re.compile(r"\s*(?P<name>[^.,:]{1,40})\.\s+(?P<rest>\S.*)$", re.S)
""""Bob. Panda.": a name said first, set apart by a full stop, as a transcript may write it."""
CORRECTION = re.compile(
    r"\s*(?:no\b[\s,.!:;]*(?:it['’]?s|it is|i said|i meant|it was)?|i meant|correction)"
    r"[\s,:;.!]+(?P<rest>\S.*)$", re.IGNORECASE)
""""No, pelican": the reader who was just read back corrects the host (raw text; tried after
the calls, so that "no answer" is a blank and "no way" a no)."""
MORE_TIME = re.compile(
    r"((can|could) we have |we need |i need |let'?s have |give us )?(one |a )?(more|extra) "
    r"(minute|time)( please)?|more time( please)?|turn (the timer|it) (over )?again"
)
"""Asking for the timer to be turned over again (cleaned words)."""
MORE_TIME_SAID = "one more minute"
CHALLENGE = re.compile(
    r"(i )?challenge( (?P<that>that|it|this|the answer)| (?P<who>.+?)('?s)?( answer)?)?"
)
"""A challenge of the answer read last, or of a named player's answer (cleaned words)."""
CHALLENGE_SAID = "challenge"
AGREE = re.compile(rf"(i )?({'|'.join(YES)}|yup|accept|agree(d)?|allow( it)?|fine|ok(ay)?|sure"
                   r"|thumbs up|i vote yes|vote yes|go on)")
REFUSE = re.compile(rf"(i )?({'|'.join(NO)}|nah|reject|disagree|refuse|no way|thumbs down"
                    r"|i vote no|vote no)")
"""Yes and no: to more time while the players write, to a challenged answer in a vote."""


def yes_or_no(words: str) -> bool:
    """Whether cleaned words are a yes or a no (AGREE, REFUSE)."""
    return bool(AGREE.fullmatch(words) or REFUSE.fullmatch(words))


VOTE_SAID = {True: "thumbs up", False: "thumbs down"}
AGREE_SAID = {True: "yes", False: "no"}
LETTER_WORDS = "|".join(sorted((re.escape(name) for name in LETTER_NAMES), key=len,
                               reverse=True))
LETTER = re.compile(
    r"(i (choose|pick|want|take|say) |i'?ll (take|choose|have) |let'?s (do|go with|have) )?"
    rf"(the )?(letter )?(?P<l>{LETTER_WORDS}|[a-z])( please)?"
)
"""A letter chosen after a wild star: "P", "the letter P", "pee" (cleaned words)."""
QUESTIONS: tuple[tuple[str, str], ...] = (
    (r"(what'?s|what is|which is|tell me) the (key )?letter( again)?|(what|which) (key )?letter"
     r"( is it| are we on| is it again)?|(repeat|say) the letter( again)?|(the )?(key )?letter\??",
     "letter"),
    (r"(read|say|repeat|tell us|give us) (me |us )?the (list|categories)( again)?"
     r"|(what|which) are the categories|(which|what) categories|the (list|categories)"
     r"( again)?", "list"),
    (r"(what'?s|what is|which is|tell me) the category( again)?|(which|what) category"
     r"( is it| are we on)?|(the )?category\??|what are we on", "category"),
    (r"(what'?s|what has) been (said|read)( so far)?|(which|what) answers( so far)?"
     r"|(read|say) the answers( again)?|the answers so far", "answers"),
    (r"(what'?s|what is) the score|(the )?scores?|(the )?points|how many points"
     r"( do i have| have i got)?", "score"),
    (r"whose turn( is it)?|who'?s (next|turn|on)|who is (next|on)|where are we", "situation"),
)
"""Scattergories' own questions for the host (the core ones are in host.core.talk)."""
WRITING_QUERIES = frozenset({"time_left", "letter", "list", "pause", "resume", "quit",
                             CLAIM_TURN})
"""What the host answers while the players write: it is otherwise quiet, as in the box (the
core's pause and quit stay possible)."""
WRITING_PHRASES = ("how much time", "what's the letter", "read the list again")
"""The questions of the writing time as offered to the recognizer."""
QUESTION_PHRASES = (*WRITING_PHRASES, "what's the category", "which category", "score",
                    "whose turn", "what's been said")
"""Every question as offered to the recognizer (each one parses to its question)."""
TABLE_CALL = re.compile(rf"{CHALLENGE.pattern}|{AGREE.pattern}|{REFUSE.pattern}"
                        rf"|{MORE_TIME.pattern}|{BLANK.pattern}|no\b.*")
"""What a player may say after their bare name ("Bob challenge", "Bob yes", "Bob no, pelican").
Any other words after a name are not a claim to speak ("Cat Stevens" is an answer)."""
KNOWN_OTHERS = 200
"""Known answers with another first letter offered at most (a generated category may know
thousands)."""


class ScattergoriesTalk:
    """Scattergories' spoken grammar at one table: what players say, parsed, said and expected."""

    def __init__(self, game: ScattergoriesGame) -> None:
        self.game = game
        self.speakers = Speakers(game.seats, self._is_table_call, claims=True)
        self._known: tuple[object, list[str], frozenset[str]] = (None, [], frozenset())

    def _is_table_call(self, words: str) -> bool:
        """What a player may say after their bare name: a call, or a letter while choosing."""
        if TABLE_CALL.fullmatch(words):
            return True
        return self.game.state is State.CHOOSING_LETTER and bool(LETTER.fullmatch(words))

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
        answers = self.game.request is not None and yes_or_no(words)
        return bool(MORE_TIME.fullmatch(words)) or answers

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
        query = match_query(clean(rest), who or on_turn, QUESTIONS)
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
        if state not in (State.WRITING, State.VOTING) and yes_or_no(words):
            return Unclear(text)  # a yes or a no answers nothing now: a mishearing
        player = who or self.game.expected_player() or self._sole_answerer(words)
        event = self._call(words, player, state) if player else None
        if event is not None:
            return Unclear(text) if isinstance(event, Unclear) else event
        correction = CORRECTION.match(rest)
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
        if request is None or not yes_or_no(words):
            return None
        people = self._people(self._waiting(request))
        return people[0] if len(people) == 1 else None

    def _waiting(self, request: set[int]) -> list[int]:
        """The seats an open request for more time (the seats that answered it) waits for."""
        return [seat for seat in self.game.playing if seat not in request]

    def _call(self, words: str, player: str, state: State) -> Move | Unclear | None:
        """A call said in full: more time, yes or no, a challenge, a letter, a blank."""
        if MORE_TIME.fullmatch(words):
            return AskMoreTime(player)
        for pattern, accept in ((AGREE, True), (REFUSE, False)):
            if pattern.fullmatch(words):
                return AgreeMoreTime(player, accept) if state is State.WRITING \
                    else Vote(player, accept)
        challenge = CHALLENGE.fullmatch(words)
        if challenge:
            return self._challenge(challenge, player, words)
        letter = LETTER.fullmatch(words) if state is State.CHOOSING_LETTER else None
        if letter:
            name = letter.group("l")
            return ChooseLetter(player, LETTER_NAMES.get(name, name.upper()))
        if BLANK.fullmatch(words):
            return ReadAnswer(player, "")
        return None

    def _challenge(self, match: re.Match[str], player: str, words: str) -> Challenge | Unclear:
        """A challenge of the answer named ("challenge Magenta") or of its player's, or of the
        answer read last by another; naming neither, not understood (never an answer)."""
        named = match.group("who")
        if named is None:
            return Challenge(player, self._last_answer_by_another(player))
        said = words[match.start("who"):]  # "walruses", which the pattern reads "walruse"
        target = self.speakers.seat_named(named) or self._reader_of(said) \
            or self._reader_of(named)
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
        if BLANK.fullmatch(clean(words)):
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
        hesitation = HESITATION.match(words)
        if hesitation:
            words = words[hesitation.end():]
            rest = raw_tail(rest, words)
        filler = FILLER.match(words)
        if filler and not self.listed(rest):
            return raw_tail(rest, words[filler.end():])
        return trimmed(rest)

    def _reading(self) -> bool:
        return self.game.state is State.READING

    def _reading_or_review(self) -> bool:
        return self.game.state in (State.READING, State.REVIEW)

    # ------------------------------------------------------------------ known answers

    def listed(self, text: str) -> bool:
        """Whether these words are a known answer of the category being read (canonical or
        alias) or an answer read already to it (a duplicate must be heard as one)."""
        return clean(text) in self._known_now()[1]

    def known_answers(self) -> list[str]:
        """The category's known answers, those with the key letter first, then the answers
        read already to it; none outside the reading."""
        return list(self._known_now()[0])

    def _known_now(self) -> tuple[list[str], frozenset[str]]:
        game = self.game
        category = game.category
        if category is None:
            return [], frozenset()
        read = [text for text in game.sheet[game.category_index].values() if text]
        key = (id(category), game.letter, tuple(read))
        if self._known[0] != key:
            forms = [*self._forms(category), *read]
            forms = list(dict.fromkeys(forms))
            self._known = (key, forms, frozenset(clean(form) for form in forms))
        return self._known[1], self._known[2]

    def _forms(self, category: Category) -> list[str]:
        """Every known form of the category (canonical and aliases), key letter first. When the
        category knows none with the key letter (an open one, or "Farm animals" with W), the
        deck's known answers with the letter stand in: real words a player may well say, and
        without them the host decoded freely and the commands won in babble ("Quoits" heard as
        "quit", "Capybara" as "repeat"). Demo (3 players, seeds 1, 2, 3): 0.602, 0.552, 0.600
        before; 0.625, 0.655, 0.655 with the deck's words offered for every category; 0.661,
        0.661, 0.864 with them only where the category has none of its own (a listed
        category's own answers are the likely ones, the others' words only compete)."""
        forms = [form for entry in category.answers for form in (entry.text, *entry.aliases)]
        judge = self.game.judge
        if not forms and isinstance(judge, Judge) and category.verifiable:
            forms = list(dict.fromkeys(judge.index(category).exact.values()))
        letter = self.game.letter or ""
        keyed = [form for form in forms if self._plays(form, category, letter)]
        chosen = set(keyed)
        others = [form for form in forms if form not in chosen][:KNOWN_OTHERS]
        return [*(keyed or self._deck_forms(letter)), *others]

    def _deck_forms(self, letter: str) -> list[str]:
        """The deck's known answers with the key letter, of every category of its lists, less
        those that would be heard as a call, a letter, a question or a name."""
        texts = deck_words(self.game.lists, self.game.config.lang).get(letter, [])
        return [text for text in texts if not self._heard_else(clean(text))]

    def _plays(self, form: str, category: Category, letter: str) -> bool:
        words = answer_words(form)
        return bool(words) and (words[0][:1].upper() == letter
                                or (category.people and words[-1][:1].upper() == letter))

    # ------------------------------------------------------------------ say

    def say(self, event: ScattergoriesEvent, prefix: str | None = None) -> str:
        """How a player says the move out loud (what bots say; parse() reads it back): with
        their name first when the host is not awaiting them."""
        words = self._words(event)
        if not words:
            return ""
        player = getattr(event, "player", None)
        name = prefix or (player if player != self.game.expected_player() else None)
        return f"{name}: {words}" if name else words

    def _words(self, event: ScattergoriesEvent) -> str:
        if isinstance(event, ReadAnswer):
            return self._answer_words(event.text) if event.text else BLANK_SAID
        if isinstance(event, ChooseLetter):
            return f"the letter {event.letter}"
        if isinstance(event, AskMoreTime):
            return MORE_TIME_SAID
        if isinstance(event, AgreeMoreTime):
            return AGREE_SAID[event.agree]
        if isinstance(event, Vote):
            return VOTE_SAID[event.accept]
        if isinstance(event, Challenge):
            return f"{CHALLENGE_SAID} {event.target}"
        return ""

    def _answer_words(self, text: str) -> str:
        """The answer as said: with "my answer is" before it when it would otherwise be heard
        as something else (a call, a question, a correction, a name, a filler)."""
        if self.listed(text):
            return text
        words = clean(text)
        heard_else = self._heard_else(words) or FILLER.match(words) \
            or HESITATION.match(words) or self._name_first(text) != text \
            or CORRECTION.match(text)
        return f"{FILLER_SAID} {text}" if heard_else else text

    def _heard_else(self, words: str) -> bool:
        """Whether these cleaned words, said alone, would be a call, a letter, a question or
        a player's name rather than an answer."""
        return bool(TABLE_CALL.fullmatch(words) or LETTER.fullmatch(words)
                    or match_query(words, None, QUESTIONS) is not None
                    or self.speakers.split(words)[0] is not None)

    # ------------------------------------------------------------------ choices

    def offers(self) -> Offers:
        """Every phrase of the moment (`choices`), none a secret (a near miss is asked back as
        the known answer: "Lemur?" for "Lamer") nor costly (a repeated answer scores 0 for
        both). Players write anything: an answer is by nature often none of the choices, so
        the host also takes what the recognizer heard freely (open; the choices, the
        category's known answers and the answers read already, only help it hear them)."""
        return Offers(tuple(Offer(phrase, None) for phrase in self.choices()), open=True,
                      free_move=self._free_answer)

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

    def choices(self) -> list[str]:
        """The phrases that make sense now, by the moment: the letters left while the roller
        chooses; more time and its yes or no while the players write; the known answers, the
        answers read already, a blank and the challenges while the category is read; the
        votes; and the questions the host answers then."""
        state = self.game.state
        if state is State.WRITING:
            phrases = [*self._more_time(), *WRITING_PHRASES]
        elif state is State.CHOOSING_LETTER:
            phrases = [*self._letters(), *QUESTION_PHRASES]
        elif state is State.VOTING:
            phrases = [*self._votes(), *QUESTION_PHRASES]
        elif self._reading_or_review():
            reading = [*self.known_answers(), *BLANK_PHRASES] if self._reading() else []
            phrases = [*reading, *self._challenges(), *QUESTION_PHRASES]
        else:
            phrases = list(QUESTION_PHRASES)
        return list(dict.fromkeys(phrases))

    def _people(self, seats: Sequence[int] | None = None) -> list[str]:
        """The people of the seats playing this round (or of the seats given)."""
        game = self.game
        return [person for seat in (game.playing if seats is None else seats)
                for person in game.seats[seat].people]

    def _letters(self) -> list[str]:
        used = set(self.game.used_letters)
        left = [chr(code) for code in range(ord("A"), ord("Z") + 1) if chr(code) not in used]
        return [*left, *(f"the letter {letter}" for letter in left)]

    def _more_time(self) -> list[str]:
        game = self.game
        if game.request is None:
            people = self._people() if game.extensions_left > 0 else []
            return [MORE_TIME_SAID, *(f"{person} {MORE_TIME_SAID}" for person in people)]
        waiting = self._people(self._waiting(game.request))
        return ["yes", "no", *(f"{person} {word}" for person in waiting
                               for word in AGREE_SAID.values())]

    def _votes(self) -> list[str]:
        game = self.game
        waiting = [seat for seat in game.playing if seat not in game.votes]
        words = ("yes", "no", *VOTE_SAID.values())
        return [*words, *(f"{person} {word}" for person in self._people(waiting)
                          for word in words)]

    def _challenges(self) -> list[str]:
        game = self.game
        read = game.sheet[game.category_index]
        targets = [game.seats[seat].name for seat, text in read.items()
                   if text and (game.category_index, seat) not in game.challenged]
        if not targets:
            return []
        phrases = [CHALLENGE_SAID, "I challenge that"]
        phrases += [f"{CHALLENGE_SAID} {target}" for target in targets]
        for person in self._people():
            others = [target for target in targets if self.speakers.seat_named(person) != target]
            if others:
                phrases.append(f"{person} {CHALLENGE_SAID}")
                phrases += [f"{person} {CHALLENGE_SAID} {target}" for target in others]
        return phrases


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
