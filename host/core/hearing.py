"""What the host does with what the recognizer heard: play it, ask it back, or ask for it
again. A player's move is never judged on a mishearing; asking costs only a yes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from rapidfuzz import fuzz

from host.core.legal import Offers, Stakes
from host.core.protocols import Talk
from host.core.talk import (
    NO,
    SAME_WORDS_RATIO,
    YES,
    Query,
    Unclear,
    answer_heard,
    clean,
    named_variant,
)
from host.speech.pronounce import likeness, sounds_alike

if TYPE_CHECKING:
    from host.core.session import TableTalk

ALIKE_ASKED = 0.6
"""How alike (`likeness`) one of the likeliest choices must sound to the free transcript of an
utterance that was none of the choices for the host to ask it back. In the Crack List demo
(seeds 3 and 5), "pass" rejected and freely heard as "POSS" (0.67) and "Atole" as "at all"
(0.75, four times) were lost. Of the bench's 48 recorded words that are none of its 70
choices, rejected and compared with the four likeliest choices, one is asked back clean
("Tuesday" as "today", 0.6), two in 20 dB babble ("Monday" too), none in 10 dB (the next,
"Wednesday" and "yesterday", 0.43); of its 96 recordings of the choices, the one rejected in
10 dB babble ("nine" freely heard as "Nice", 0.67) is asked back right."""
ALIKE_LEAD = 0.2
"""How much more alike than the choice heard unsure a likely choice must sound to the free
transcript to be asked back instead ("Cabernet Franklin." asks "Cabernet Franc?", not
"Cabernet Sauvignon?"). In the Crack List demo (seeds 2 and 5, 679 utterances), a lead of 0.2
asked back what was said 10 times out of 10 (0.1: 10 of 11, 0: 10 of 16); checked on six
other demo games (seeds 1, 3 and 4): 13 of 15. Not in a game with open answers, where a
reading offers hundreds of choices and the free transcript is no better guide than the choice:
in Scattergories demos it asked back what was said once ("Whelp", heard as "Well") and swapped
what was said away five times ("Tie", freely heard as "Time", asked back as "Thyme?");
without it the demo understood seeds 1 to 5 at 0.812, 0.772, 0.947, 0.859, 0.767 (0.812,
0.747, 0.946, 0.859, 0.756 with it), and Short List's five demo games were the same."""
LIKELIEST = 3
"""How many of the likeliest choices may be asked back for sounding like the free transcript:
the next three after a choice taken (as ALIKE_LEAD was measured), and with none taken the best
and the next two (ALIKE_ASKED was measured on four; since the recognizer hands back eight
runners-up, three are looked at in both cases)."""
FREE_GUESS_SURE = 0.5
FREE_GUESS_ASK = 0.2
"""How sure the engine must be of a free transcript (its mean token probability) to take it
as a move outright, or to ask it back. Measured with Whisper tiny.en on 270 Short List guesses
in 20 dB babble (Piper and three espeak-ng voices): at 0.5 no right answer was judged wrong,
and off-card guesses heard right scored 0.54 to 0.77; judging from 0.35, with choices also
rejected from -2.5 rather than -3, took twice as many off-card guesses outright but judged 1%
of the right answers wrong. Chatter such as "No way." scores 0.3 to 0.55."""
QUIT_YES = (*YES, "quit", "yes quit")
"""The replies to "really quit?" that end the game."""


class Heard(Protocol):
    """What a recognizer heard in one utterance (host.speech.ports.Transcript is one)."""

    @property
    def text(self) -> str:
        """One of the choices, or "" when it took none."""

    @property
    def unsure(self) -> bool:
        """The text (or else the free transcript) is on weak evidence."""

    @property
    def nearly_sure(self) -> bool:
        """The text is unsure, but on evidence close to sure."""

    @property
    def free(self) -> str:
        """What it heard decoding freely, when it took no choice or one unsure."""

    @property
    def free_confidence(self) -> float:
        """How sure it is of `free`, in [0, 1]."""

    @property
    def runners_up(self) -> tuple[str, ...]:
        """The next likeliest choices after `text`, likeliest first."""


@dataclass(frozen=True)
class Verdict:
    """What to do with an utterance: hear `text` as said ("" for nothing heard), ask it back
    ("Egg timer?"), or, with `again`, ask for the move again without naming it."""

    text: str = ""
    ask_back: bool = False
    again: bool = False


class Ear:
    """Decides what an utterance was, from the recognizer's choice and free transcript, the
    game's talk and what the host is asking (`TableTalk`: it also keeps a secret half heard)."""

    def __init__(self, talk: Talk, table: TableTalk, lang: str,
                 phrases_now: Callable[[], list[str] | None]) -> None:
        self.talk = talk
        self.table = table
        self.lang = lang
        self.phrases_now = phrases_now
        self.offers = Offers(None)
        """The legal moves as offered when the utterance being judged was heard."""

    def verdict(self, heard: Heard) -> Verdict:
        """One of the choices (asked back when unsure), or none of them. Then, in a game whose
        moves may be none of its choices (Offers.open: a Short List guess off the card),
        the free transcript is the move when the engine is sure of it, and is asked back when
        it is half sure (or unsure that it was none of the choices, or instead of a choice
        heard unsure that it does not sound like), unless the players said no to it already;
        words that are no move (a claim without a name) are heard at once. A game may also
        take a move from the free transcript instead of a choice heard unsure, or of none
        (Offers.free_move: a Crack Word placement justified by a word no choice offers), always
        asked back. When none was taken (or only a question not taken), a likely choice that
        sounds like the free transcript is asked back (in a game with open answers too, rather
        than the free transcript: "Wet", heard as "quit" and freely as "Wait."); so is one
        that sounds much more like it than a choice heard unsure, but for open answers
        (ALIKE_LEAD)."""
        self.offers = self.talk.offers()
        text, unsure = self._choice(heard)
        if text and unsure and self.table.confirming is not None and clean(text) in YES:
            return Verdict(self.table.confirming, ask_back=True)  # acting on a misheard yes costs
        secret = self._secret(text, unsure, heard)
        if isinstance(secret, Verdict):
            return secret
        if secret:
            text = ""
        dropped = bool(text) and self._not_taken(text, unsure, heard.free)
        if dropped:
            text = "" if self.table.confirming_quit else self._next_move(heard.runners_up)
            unsure = True
        choice = text or secret
        if text and unsure and self._free_heard_instead(text, heard):
            text = ""
        instead = self._free_move(choice, unsure, heard)
        if instead:
            return Verdict(instead, ask_back=True)
        if text:
            alike = self._sounds_like_likeliest(heard, text) \
                if unsure and not self.offers.open else None
            return Verdict(alike or text, ask_back=unsure)
        alike = None if heard.text and not dropped else self._sounds_like_likeliest(heard)
        if alike:
            return Verdict(alike, ask_back=True)
        return self._open_answer(heard, unsure)

    def _choice(self, heard: Heard) -> tuple[str, bool]:
        """The choice heard and whether it is unsure. A move said after a player's name whose
        name decoding freely heard as another word is that player's (`_named`: "and
        challenge." is Ann's), with the choice's sureness, unsure when no choice was taken. A
        sure choice that would cost its player (COSTLY stakes: a repeat) is unsure unless
        decoding freely heard its words too. While the host asks back, a no is sure however
        unsure (it costs only saying the move again), and a move said instead is unsure unless
        decoding freely heard its words ("no" was heard as a sure "Nosy")."""
        text, unsure, free = heard.text, heard.unsure, heard.free
        named = self._named(text, free)
        if named:
            text, unsure = named, unsure or not text
        if text and not unsure and self.offers.stakes(text) is Stakes.COSTLY \
                and not self._same_words(text, free):
            unsure = True
        if text and self.table.confirming is not None:
            answer = clean(text)
            if answer in NO:
                unsure = False
            elif answer not in YES and not self._same_words(text, free):
                unsure = True
        return text, unsure

    def _secret(self, text: str, unsure: bool, heard: Heard) -> Verdict | str:
        """A secret choice heard unsure is never asked back (`_may_give_away`): the host asks
        for it again, and hears it when the next utterance is heard as that choice again (or
        at once when it was nearly sure and decoding freely heard nothing clear);
        when it heard other words clearly, the secret is kept ("", or the secret: the move
        may be taken from the free transcript instead). Words the players said no to are not
        clear: "It's my turn, Dan Idaho" was heard three times running as itself unsure and
        freely as "It's my turn, then I don't.", asked back and denied; nor are words that
        are no move: "Young", nearly sure, was freely heard as a sure "Yeah." three times
        running and lost each time (`_no_move`). Two free transcripts that agree on a move,
        word for word or in sound, are clear words, not the secret: "Argentina." was heard
        twice as an unsure "Austria"; "Tefies" then "Taffies" beside an unsure "17" twice
        (in the Short List demo transcripts kept from earlier stops, of the card answers
        heard twice running so, 5 were what was said and 17 were not, most of them then
        crediting a crystal for an answer off the card)."""
        half_heard, self.table.half_heard = self.table.half_heard, None
        if not text or not unsure or self.table.confirming_quit \
                or not self._may_give_away(text, heard.free):
            return ""
        intent = self.talk.parse(heard.free)
        denied = self._denied(heard.free)
        if half_heard is not None and half_heard[0] == text:
            agree = self._same_words(half_heard[1], heard.free) \
                or sounds_alike(half_heard[1], heard.free, self.lang)
            if agree and not denied and not isinstance(intent, Unclear):
                return text  # words alike heard freely twice: they are the guess
            return Verdict(text)  # heard as the same secret twice running
        if heard.free_confidence < FREE_GUESS_SURE or denied or self._no_move(intent):
            if heard.nearly_sure:
                return Verdict(text)
            self.table.half_heard = (text, heard.free)
            return Verdict(again=True)
        return text

    def _free_heard_instead(self, choice: str, heard: Heard) -> bool:
        """In a game with open answers, whether the free transcript, heard sure, is what to ask
        back rather than the choice heard unsure, which it does not sound like (Scattergories
        demo: "Eagle", off the choices, was freely heard as "Eagle." and asked back as
        "Mango?"). Not when the free words would be no move: the choice is then the better
        guess (the demo's "Cat" freely heard as "Okay.", "thumbs down" as "I'm a stone", both
        dropped for "Sorry, could you say that again?")."""
        free = heard.free
        return self.offers.open and not self.table.asking \
            and heard.free_confidence >= FREE_GUESS_SURE and not self._denied(free) \
            and not self._same_words(choice, free) and not sounds_alike(choice, free, self.lang) \
            and not self._no_move(self.talk.parse(free))

    @staticmethod
    def _no_move(intent: object) -> bool:
        """Whether free words parsed so are no move at all ("Okay." at the Scattergories
        reading, a "Yeah." to a question card): noise beside a choice heard unsure, not a
        guess. A claim whose speaker was not heard is a guess by someone."""
        return isinstance(intent, Unclear) and not intent.anonymous

    def _open_answer(self, heard: Heard, unsure: bool) -> Verdict:
        """In a game with open answers, the free transcript: heard when the engine is sure of
        it (or it is no move, which asking back would not help), else asked back; nothing
        heard otherwise."""
        free = heard.free
        if not free or not self.offers.open or self.table.asking or self._denied(free) \
                or heard.free_confidence < FREE_GUESS_ASK:
            return Verdict()
        sure = heard.free_confidence >= FREE_GUESS_SURE and not unsure
        unclear = isinstance(self.talk.parse(free), Unclear)
        return Verdict(free, ask_back=not (sure or unclear))

    def _named(self, choice: str, free: str) -> str | None:
        """The move said after a player's name that decoding freely heard, when the choice (or
        none) is the same move without the name (`named_variant`: "and challenge." is Ann's)."""
        phrases = None if self.table.asking or not free else self.phrases_now()
        return named_variant(choice, free, phrases, self.lang) if phrases else None

    def _next_move(self, runners_up: Sequence[str]) -> str:
        """After a question the host did not take, the likeliest choice that is a move, to ask
        back ("pass" was heard first as "pause the game", and second as itself); "" when it
        is another question, a secret, or was denied, and in a game with open answers, where
        the free transcript is asked back instead."""
        if self.offers.open:
            return ""
        for choice in runners_up:
            if not isinstance(self.talk.parse(choice), Query | Unclear):
                secret = bool(self.offers.secret(choice)) or self._denied(choice)
                return "" if secret else choice
        return ""

    def _free_move(self, choice: str, unsure: bool, heard: Heard) -> str | None:
        """The move the game takes from the free transcript instead of the choice heard unsure
        (or of none), to ask back; never instead of a sure choice. The choice is passed on
        even when the free words are heard instead of it (`_free_heard_instead`): a Short List
        jump names its jumper, whose name decoding freely may write as a word like two names
        ("It's my turn, and North Carolina Avenue" beside Dan's jump, with Ann at the table,
        was met with "Who's speaking?" three times running)."""
        if (choice and not unsure) or not heard.free or self.table.asking \
                or heard.free_confidence < FREE_GUESS_ASK:
            return None
        instead = self.offers.free_move(choice, heard.free)
        return None if instead is None or self._denied(instead) else instead

    def _sounds_like_likeliest(self, heard: Heard, unsure_choice: str = "") -> str | None:
        """The likeliest of the likeliest choices that sounds like what decoding freely heard,
        to ask back: when no choice was taken ("POSS" for "pass", "at all" for "Atole"; in a
        game with open answers, rather than the free transcript: "Canoe" for "Can you?"), or
        instead of a choice heard unsure that sounds much less like it (ALIKE_LEAD); never a
        question for the host, words denied, or a secret it would give away (a Short List card
        answer is asked back when heard freely as words like it: "Stay on the mark." for
        "Steiermark" was judged off the card)."""
        if not heard.free or self.table.asking:
            return None
        floor = ALIKE_ASKED
        if unsure_choice:
            floor = max(floor, likeness(heard.free, unsure_choice, self.lang) + ALIKE_LEAD)
        for choice in heard.runners_up[:LIKELIEST]:
            if isinstance(self.talk.parse(choice), Query) \
                    or self._may_give_away(choice, heard.free) or self._denied(choice):
                continue
            if likeness(heard.free, choice, self.lang) >= floor:
                return choice
        return None

    def _not_taken(self, text: str, unsure: bool, free: str) -> bool:
        """Whether the choice heard is not taken. While the host asks whether to quit: any
        choice heard unsure (the game carries on), and a yes that decoding freely did not
        hear (a long French move was heard as "quit", then as "yes"). Else a question for the
        host heard unsure (it is as quick to ask again as to ask it back) or that decoding
        freely did not hear (in Short List, "repeat" won over guesses off the card)."""
        disowned = bool(free) and not self._same_words(text, free)
        if self.table.confirming_quit:
            return unsure or (disowned and clean(text) in QUIT_YES)
        return isinstance(self.talk.parse(text), Query) and (unsure or disowned)

    @staticmethod
    def _same_words(choice: str, free: str) -> bool:
        """Whether decoding freely heard the choice's words (perhaps among others: "yes,
        quit")."""
        return fuzz.token_set_ratio(clean(choice), clean(free)) >= SAME_WORDS_RATIO

    def _denied(self, free: str) -> bool:
        """Whether the players said no to these words (or nearly these: "your idols" after "your
        idol"), asked back since the last move: heard again, they are still not what was
        said."""
        return any(fuzz.ratio(clean(free), clean(guess)) >= SAME_WORDS_RATIO
                   for guess in self.table.denied)

    def _may_give_away(self, choice: str, free: str) -> bool:
        """Asking back a secret choice that is not what was heard would say it aloud (a Short
        List card's answer): the host asks back what it heard instead. It heard the choice
        when decoding freely wrote its words, or words that sound like its secret after the
        words the choice says first ("Celine or..." for "Celaeno"; "It's my turn, can't be"
        for "it's my turn Cat D")."""
        secret = self.offers.secret(choice)
        if not free or not secret or fuzz.ratio(clean(choice), clean(free)) >= SAME_WORDS_RATIO:
            return False
        return not sounds_alike(secret, answer_heard(choice, secret, free), self.lang)
