"""Turn what a player said (typed or heard) into a Crack List event or a question to the host."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from rapidfuzz import fuzz

from host.core.events import Seat
from host.core.legal import Offer, Offers, Stakes
from host.core.talk import (
    CLAIM_TURN,
    HEARD_NUMBERS,
    LETTER_NAMES,
    Query,
    Speakers,
    Unclear,
    clean,
    number_word,
)
from host.games.crack_list.cards import ACTIONS, LETTERS, penalty_of
from host.games.crack_list.events import (
    Answer,
    CallCountdown,
    Challenge,
    ChooseCategory,
    CrackListEvent,
    Move,
    Pass,
    Penalise,
    PlayCrackList,
    PlayReverse,
    PlayStop,
    PlaySwap,
    Vote,
)
from host.games.crack_list.moves import legal_events
from host.games.crack_list.questions import asked
from host.games.crack_list.rules import CrackListGame, State
from host.judge.core import Reason
from host.judge.text import answer_letters, strict_key

Intent = CrackListEvent | Query | Unclear

ARTICLES = ("the", "a", "an", "le", "la", "les", "l'", "un", "une")
QUESTION_PHRASES = ("what's the category", "my hand", "score", "whose turn is it")
"""The questions as offered to the recognizer."""
CHOOSING_VARIANTS = ("one", "two", "three", "the first one", "the second one", "the third one")
"""Other ways to choose a category than "number one" (or its title)."""
CALLED_BY_ANYONE = (Challenge, CallCountdown, Vote, Penalise)
"""Moves offered without a name too: the speaker may be known, or be the one awaited."""
NAMED_LETTER = re.compile(r"\s*(letter |the letter )?[a-z]\s*[,:]\s", re.IGNORECASE)
"""A letter set apart from the answer by a comma or colon ("T, toast"). A letter said as a
word is not enough ("Oh, Calcutta!" is a musical), nor an initial ("J. Cole")."""
CHOICE_SAID = re.compile(
    r"((ok(ay)?|um|er|so|right) )*(i'?ll (take|have|do|go (with|for)) |i (choose|pick|want) "
    r"|i'?d like |let'?s (do|go with|go for|have|play) |can (i|we) have |give (me|us) )?"
    r"(number |category |the )?(?P<n>one|two|three|first|second|third|1|2|3|last|won|to|too)"
    r"( one)?( please)?"
)
"""A category chosen by its number, said whole: a number inside other words chooses nothing
("fridge, all to Ann" is no choice of number two); with physical cards, anything else is a
title read from the chooser's own red card."""
PENALTY_TAIL = re.compile(
    r"(i )?(give|hand|pass|send) .+|(all( of them)?|them all|everything|all three|both) (to|for) .+"
    r"|\w+( cards?)? (to|for) .+|no (penalty|penalties)"
)
"""How a penalty said after the answer, in the same breath, begins ("..., all to Ann")."""
GIVE_THEM = r"(yes )?(give|hand|pass)( (them|it))?( (out|over))?( to (him|her|them))?|yes"
"""Giving a Joker's penalty to the one other player (with two at the table), unnamed."""
TABLE_CALL = re.compile(
    r"(i )?challenge( that| it)?|crack on|countdown|(yes|yeah|yep|no|nope|accept|reject)|my turn.*"
)
"""What a player may say after their bare name ("Bob challenge"): a call on someone else's
turn. Any other words after a name are not a claim to speak ("Bob Dylan" is an answer)."""


def is_table_call(words: str) -> bool:
    """True for the calls a player may say after their bare name."""
    return bool(TABLE_CALL.fullmatch(words))


class IntentParser:
    """Knows the players and parses their utterances for one Crack List table."""

    def __init__(self, seats: Sequence[Seat],
                 listed: Callable[[str], bool] = lambda words: False) -> None:
        """`listed(words)`: whether these cleaned words are an answer the host knows in the
        category now (such an answer is not split into a letter and the rest)."""
        self.listed = listed
        self.speakers = Speakers(seats, is_table_call)
        self.seats = self.speakers.seats
        self.person_to_seat = self.speakers.person_to_seat

    def split_speaker(self, text: str) -> tuple[str | None, str]:
        """Take a "Bob: ...", "Bob, ..." or "my turn, Bob ..." prefix off: (seat or None, rest)."""
        return self.speakers.split(text)

    def parse(
        self, text: str, state: State, speaker: str | None = None, titles: Sequence[str] = (),
        own_card: Sequence[str] | None = None,
    ) -> tuple[str | None, Intent]:
        """Parse an utterance in a game state ("choosing", "turn", "answered", "voting");
        `titles` are the categories on offer while choosing; `own_card`, with physical cards,
        the titles of every known category, one of which the chooser may read from their own
        red card (or one no deck has)."""
        prefixed, rest = self.split_speaker(text)
        speaker = prefixed or speaker
        words = clean(rest)
        if prefixed and not words:
            return speaker, Query(CLAIM_TURN, speaker)
        if not words:
            return speaker, Unclear(text)
        query = self._query(words, speaker)
        if query is not None:
            return speaker, query
        if speaker is None:
            return None, Unclear(text, anonymous=True)
        if state == State.CHOOSING and titles:
            by_name = self._choice_by_title(words, titles, speaker)
            if by_name is not None:
                return speaker, by_name
        if state == State.CHOOSING and own_card is not None and not CHOICE_SAID.fullmatch(words):
            return speaker, self._own_card_choice(words, rest, own_card, speaker)
        event = self._event(words, rest, state, speaker)
        return speaker, event if event is not None else Unclear(text)

    # ------------------------------------------------------------------ pieces

    def _query(self, words: str, speaker: str | None) -> Query | None:
        return asked(words, speaker, self.person_to_seat)

    def _event(self, words: str, raw: str, state: State, speaker: str) -> CrackListEvent | None:
        if state == State.CHOOSING:
            return self._choice(words, speaker)
        if state == State.VOTING:
            return self._vote(words, speaker)
        simple = self._simple_command(words, speaker)
        if simple is not None:
            return simple
        swap = self._swap(words, speaker)
        if swap is not None:
            return swap
        penalty = self._penalty(words, speaker) if state == State.ANSWERED else None
        if penalty is not None:
            return penalty
        turn = state == State.TURN
        with_penalty = self._answer_with_penalty(words, raw, speaker) if turn else None
        return with_penalty or self._answer(words, raw, speaker)

    def _simple_command(self, words: str, speaker: str) -> CrackListEvent | None:
        table: tuple[tuple[str, type], ...] = (
            (r"(i )?challenge( that| it| this)?", Challenge),
            (
                r"(crack on|countdown|count ?down|5 4 3 2 1|five four three two one)( crack on)?",
                CallCountdown,
            ),
            (r"(i )?pass|(i )?(don'?t|do not) know|no idea|i give up|i'?m stuck", Pass),
            (r"(play (a |my |the )?)?stop( card)?", PlayStop),
            (r"(play (a |my |the )?)?reverse( card)?", PlayReverse),
            (r"(play (a |my |the )?)?crack ?list( card)?", PlayCrackList),
        )
        for pattern, event_type in table:
            if re.fullmatch(pattern, words):
                return event_type(speaker)  # type: ignore[no-any-return]
        return None

    def _choice(self, words: str, speaker: str) -> CrackListEvent | None:
        match = CHOICE_SAID.fullmatch(words)
        if match:
            value = "3" if match.group("n") == "last" else match.group("n")
            return ChooseCategory(speaker, HEARD_NUMBERS[value])
        return None

    @staticmethod
    def _own_card_choice(
        words: str, raw: str, known: Sequence[str], speaker: str
    ) -> ChooseCategory:
        """A category read from the chooser's own red card: a known one by its title, said
        closely enough, or else the words as said (an open category)."""
        scores = [fuzz.ratio(words, clean(title)) for title in known]
        best = max(range(len(known)), key=scores.__getitem__, default=None)
        if best is not None and scores[best] >= 85:
            return ChooseCategory(speaker, 0, title=known[best])
        return ChooseCategory(speaker, 0, title=raw.strip(" ,.;:!?"))

    @staticmethod
    def _choice_by_title(words: str, titles: Sequence[str], speaker: str) -> CrackListEvent | None:
        scores = [fuzz.token_set_ratio(words, clean(title)) for title in titles]
        best = max(range(len(titles)), key=scores.__getitem__)
        ahead = all(scores[best] > s for i, s in enumerate(scores) if i != best)
        return ChooseCategory(speaker, best + 1) if scores[best] >= 75 and ahead else None

    def _vote(self, words: str, speaker: str) -> CrackListEvent | None:
        if re.fullmatch(
            r"(i )?(yes|yeah|yep|yup|accept|agree|allow( it)?|fine|ok(ay)?|"
            r"thumbs up|i vote yes|vote yes)",
            words,
        ):
            return Vote(speaker, True)
        if re.fullmatch(
            r"(i )?(no|nope|nah|reject|disagree|refuse|thumbs down|"
            r"i vote no|vote no)",
            words,
        ):
            return Vote(speaker, False)
        return None

    def _seat_named(self, words: str) -> str | None:
        return self.person_to_seat.get(words.strip())

    def _swap(self, words: str, speaker: str) -> CrackListEvent | None:
        match = re.fullmatch(
            r"(play (a |my |the )?)?swap( card)?( (my )?(hands?|cards?))?"
            r"( (?:my )?(?P<card>[a-z ]+?))? with (?P<who>.+)",
            words,
        )
        if not match:
            return None
        target = self._seat_named(match.group("who"))
        if target is None:
            return None
        card = match.group("card")
        if card in (None, "hand", "whole hand", "cards", "all", "everything"):
            return PlaySwap(speaker, target)
        return PlaySwap(speaker, target, self._card_name(card))

    def _card_name(self, words: str) -> str:
        words = re.sub(r"^(the|a|an|my) |( card)$", "", words.strip())
        action = words.replace(" ", "_").upper()
        if action in ACTIONS:
            return action
        if len(words) == 1 and words.upper() in LETTERS:
            return words.upper()
        return LETTER_NAMES.get(words, words.upper())

    def _penalty(self, words: str, speaker: str) -> CrackListEvent | None:
        if re.fullmatch(r"no (penalty|penalties)|nobody|no one|none|keep (them|it)", words):
            return Penalise(speaker, ())
        other = [seat.name for seat in self.seats if seat.name != speaker]
        if len(other) == 1 and re.fullmatch(GIVE_THEM, words):
            return Penalise(speaker, ((other[0], 0),))
        body = re.sub(r"^(i )?(give|hand|pass|send)( them| it)? ", "", words)
        parts = re.split(r"\band\b|\s(?=\w+(?: cards?)? (?:to|for) )", body)
        targets: list[tuple[str, int]] = []
        for part in filter(str.strip, parts):
            target = self._penalty_part(part.strip())
            if target is None:
                return None
            targets.append(target)
        return Penalise(speaker, tuple(targets)) if targets else None

    def _penalty_part(self, part: str) -> tuple[str, int] | None:
        match = re.fullmatch(r"(?P<n>\w+)( cards?)? (to|for) (?P<who>.+)", part) or re.fullmatch(
            r"(?P<who>.+?) (?P<n>\w+)( cards?)?", part
        )
        if match:
            who = self._seat_named(match.group("who"))
            count = HEARD_NUMBERS.get(match.group("n"))
            if who and count:
                return who, count
        match = re.fullmatch(
            r"(all( of them)?|them all|everything|all three|both) (to|for) (?P<who>.+)"
            r"|(to )?(?P<who2>.+)",
            part,
        )
        who = self._seat_named((match.group("who") or match.group("who2")) if match else "")
        return (who, 0) if who else None

    def _answer_with_penalty(self, words: str, raw: str, speaker: str) -> Answer | None:
        """An answer on a penalty letter (or the Joker) and who takes the penalty, said in one
        breath ("Q, queen snake, all to Ann"): the answer, then the penalty. A listed answer is
        never split, and the penalty must name players."""
        if self.listed(words):
            return None
        tokens, raw_tokens = words.split(), raw.split()
        for cut in range(1, len(tokens)):
            tail = " ".join(tokens[cut:])
            if not PENALTY_TAIL.fullmatch(tail):
                continue
            penalty = self._penalty(tail, speaker)
            if not isinstance(penalty, Penalise):
                continue
            same = len(raw_tokens) == len(tokens)
            head = " ".join(raw_tokens[:cut]).rstrip(",;: ") if same else " ".join(tokens[:cut])
            answer = self._answer(clean(head), head, speaker)
            if isinstance(answer, Answer) and answer.text and _may_penalise(answer):
                return replace(answer, penalty=penalty.targets)
        return None

    def _answer(self, words: str, raw: str, speaker: str) -> CrackListEvent:
        joker = re.match(r"(play (the |my )?)?joker\b( for)?\s*(?P<rest>.*)$", words)
        if joker and joker.group("rest"):
            rest = joker.group("rest")
            if joker.group(3) and self.listed(f"for {rest}"):  # "joker For Your Eyes Only"
                rest = f"for {rest}"
            return Answer(speaker, self._original_tail(raw, words, rest), joker=True)
        named = bool(NAMED_LETTER.match(raw))
        letter, rest = (None, words) if self.listed(words) and not named else \
            self._letter_prefix(words, named=named)
        if letter:
            return Answer(speaker, self._original_tail(raw, words, rest), letter=letter)
        return Answer(speaker, raw.strip())

    @staticmethod
    def _letter_prefix(words: str, *, named: bool) -> tuple[str | None, str]:
        """The letter card a player names before the answer. Set apart ("T, toast") it is
        always the card played, and the rules judge whether the answer fits it; otherwise
        ("t toast", "Oh, okapi") it is taken as a letter only when the answer could be played
        with it by the judge's rule (articles, first or last names): "T Rex" stays whole."""
        match = re.match(r"(letter |the letter )?(?P<l>[a-z]) (?P<rest>.+)", words) if named \
            else re.match(
                r"(letter |the letter )?(?P<l>double (u|you)|[a-z]+)( for| is)? (?P<rest>.+)", words
            )  # set apart, the letter takes nothing else: "F, For Your Eyes Only"
        if not match:
            return None, words
        token, rest = match.group("l"), match.group("rest")
        letter = token.upper() if len(token) == 1 else LETTER_NAMES.get(token)
        if letter is None:
            return None, words
        if named or letter in answer_letters(rest, people=True):
            return letter, rest
        return None, words

    @staticmethod
    def _original_tail(raw: str, words: str, tail_clean: str) -> str:
        """The answer part in the player's own spelling: drop as many raw words as the
        (cleaned) prefix had."""
        prefix_words = len(words.split()) - len(tail_clean.split())
        raw_words = raw.split()
        if 0 <= prefix_words < len(raw_words):
            return " ".join(raw_words[prefix_words:]).lstrip(",: ")
        return tail_clean


def _may_penalise(answer: Answer) -> bool:
    """The answer could be on a penalty letter: the Joker, or a + letter named or starting it."""
    if answer.joker or (answer.letter and penalty_of(answer.letter)):
        return True
    return answer.letter is None and any(
        map(penalty_of, answer_letters(answer.text, people=True)))


def say_event(event: CrackListEvent, *, prefix: str | None = None) -> str:
    """How a player would say this move out loud (what bots say; the parser reads it back)."""
    text = _event_words(event)
    return f"{prefix}: {text}" if prefix else text


def _event_words(event: CrackListEvent) -> str:
    if isinstance(event, Answer):
        said = (f"joker {event.text}" if event.joker
                else f"{event.letter}, {event.text}" if event.letter else event.text)
        if event.penalty is not None:
            said += ", " + _event_words(Penalise(event.player, event.penalty))
        return said
    if isinstance(event, ChooseCategory):
        return event.title if event.title else f"number {number_word(event.choice)}"
    if isinstance(event, PlaySwap):
        if event.card is None:
            return f"swap with {event.target}"
        card = event.card.replace("_", " ").lower() if event.card in ACTIONS else event.card
        return f"swap my {card} with {event.target}"
    if isinstance(event, Penalise):
        if not event.targets:
            return "no penalty"
        if len(event.targets) == 1 and event.targets[0][1] == 0:
            return f"all to {event.targets[0][0]}"
        parts = [f"{number_word(n)} to {who}" for who, n in event.targets]
        return "give " + " and ".join(parts)
    if isinstance(event, Vote):
        return "yes" if event.accept else "no"
    words = {
        Challenge: "challenge",
        CallCountdown: "crack on",
        Pass: "pass",
        PlayStop: "stop",
        PlayReverse: "reverse",
        PlayCrackList: "crack list",
    }
    return words.get(type(event), "")


class CrackListTalk:
    """Crack List's spoken grammar at one table: what players say, parsed, said and expected."""

    @property
    def _open_category(self) -> bool:
        """In an open category's turn an answer may be any words: the choices are the other
        moves and the questions, and what the recognizer heard outside them is the answer
        (asked back when unsure). Elsewhere every answer the host knows is a choice, and an
        utterance the recognizer rejected is asked for again, not played."""
        game = self.game
        return game.state is State.TURN and game.category is not None \
            and not game.category.answers

    def __init__(self, game: CrackListGame) -> None:
        self.game = game
        self.parser = IntentParser(game.seats, self._listed)
        self._listed_words: tuple[object, frozenset[str]] = (None, frozenset())

    def parse(self, text: str, speaker: str | None = None) -> Intent:
        """An utterance as an event, a question or Unclear; without a speaker it is the
        awaited player's."""
        state = self.game.state
        offered = self.game.offered
        choosing = state == State.CHOOSING
        titles = [c.title for c in offered.categories] if offered and choosing else []
        own_card = self._known_titles() if state == State.CHOOSING and self._physical else None
        expected = self.game.expected_player()
        _, intent = self.parser.parse(text, state, speaker or expected, titles, own_card)
        if isinstance(intent, Penalise) and speaker is None:
            return self._from_penaliser(intent, text)
        if isinstance(intent, Query | CallCountdown) and state == State.TURN:
            return self._listed_answer(text, speaker or expected) or intent
        return intent

    @property
    def _physical(self) -> bool:
        return self.game.config.cards == "physical"

    def _known_titles(self) -> list[str]:
        """Every category title of the red deck (with physical cards, the chooser's own red
        card may show any of them)."""
        game = self.game
        cards = (*game.red_pile, *game.red_used)
        return list(dict.fromkeys(c.title for card in cards for c in card.categories))

    def _listed(self, words: str) -> bool:
        """Whether the cleaned words are a listed answer of the category in play."""
        category = self.game.category
        if self._listed_words[0] is not category:
            answers = category.answers if category else ()
            listed = {clean(text) for entry in answers for text in (entry.text, *entry.aliases)}
            self._listed_words = (category, frozenset(listed))
        return words in self._listed_words[1]

    def _listed_answer(self, text: str, player: str | None) -> Answer | None:
        """The player on turn saying a listed answer that sounds like a call or a question
        ("Countdown" among TV shows, "Help!" among songs) is answering: their own countdown
        cannot be called, and a question can wait."""
        if player is None or player != self.game.expected_player():
            return None
        return Answer(player, text.strip()) if self._listed(clean(text)) else None

    def say(self, event: CrackListEvent, prefix: str | None = None) -> str:
        """How a player says the move out loud."""
        return say_event(event, prefix=prefix)

    def offers(self) -> Offers:
        """Every legal move as said (`choices`), an answer given already COSTLY: said again,
        it costs a card. In an open category's turn an answer may be in any words (open)."""
        phrases = self.choices()
        if phrases is None:
            return Offers(None)
        return Offers(tuple(Offer(phrase, None, Stakes.COSTLY if self._repeats(phrase)
                                  else Stakes.MOVE) for phrase in phrases),
                      open=self._open_category)

    def _repeats(self, choice: str) -> bool:
        """An answer given already in this category, said again, costs a card ("Lazarus" was
        heard as "Barnabas", given before, which Whisper likes)."""
        game = self.game
        if game.state is not State.TURN or not game.given or game.category is None:
            return False
        move = self.parse(choice)
        return isinstance(move, Answer) and game.judge.judge(
            game.category, move.text, given=game.given).reason is Reason.DUPLICATE

    def choices(self) -> list[str] | None:
        """The phrases that make sense now: every legal move as a player says it (with their
        name first when it is not their turn), the ways to choose a category, the questions.
        In an open category's turn, the answers given already are its only answers among them
        (a repeat must be heard to be called out; any other answer is decoded freely)."""
        game = self.game
        if game.state is State.CHOOSING and self._physical:
            return None  # the chooser may read any title from their own red card
        expected = game.expected_player()
        phrases: list[str] = []
        for event in legal_events(game):
            words = _event_words(event)
            if event.player != expected or isinstance(event, Penalise):
                phrases += [f"{person} {words}" for person in self._people_of(event.player)]
            if event.player == expected or isinstance(event, CALLED_BY_ANYONE):
                phrases.append(words)  # the speaker may be known (a claimed turn, a name typed)
        if game.state is State.CHOOSING and game.offered:
            phrases += [*CHOOSING_VARIANTS, *(c.title for c in game.offered.categories)]
        pending = game.pending
        if pending and pending.penalty_due and len(game.seats) == 2:
            phrases.append("give it" if pending.penalty == 1 else "give them")  # as asked
        people = self.parser.speakers.people()
        phrases += [*QUESTION_PHRASES, *(f"how many cards has {name} got" for name in people)]
        phrases += [f"my turn {name}" for name in people]
        return list(dict.fromkeys(phrases))

    def _people_of(self, seat_name: str) -> tuple[str, ...]:
        seat = next(seat for seat in self.game.seats if seat.name == seat_name)
        return seat.people

    def _from_penaliser(self, penalty: Penalise, text: str) -> Penalise:
        """A penalty handed out without a name is the penaliser's: nobody else may give it
        (after a Joker the host is also waiting for the next player, who is not)."""
        pending = self.game.pending
        if pending is None or self.parser.split_speaker(text)[0] is not None:
            return penalty
        return replace(penalty, player=self.game.seats[pending.seat].name)


def same_move(meant: Move, heard: Sequence[CrackListEvent], game: CrackListGame) -> bool:
    """True when the host made the move the player meant: that very event, or the same answer
    (the same words, or another name the list gives it: "Ulysses Grant") with the letter named
    or not ("U, Ushant" heard as "Ushant") when the card the host played is the one meant."""
    if list(heard) == [meant]:
        return True
    if len(heard) != 1 or not isinstance(meant, Answer) or not isinstance(heard[0], Answer):
        return False
    got = heard[0]
    card = got.letter or (game.played[-1] if game.played else None)
    return (got.player == meant.player and got.joker == meant.joker
            and _same_answer(got.text, meant.text, game) and meant.letter in (None, card))


def _same_answer(said: str, meant: str, game: CrackListGame) -> bool:
    """The same words, or two names of one answer on the category's list."""
    if strict_key(said) == strict_key(meant):
        return True
    if game.category is None:
        return False
    matched = {game.judge.judge(game.category, text).matched for text in (said, meant)}
    return len(matched) == 1 and None not in matched
