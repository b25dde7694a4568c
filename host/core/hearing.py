"""What the host does with what the recognizer heard, as one decision: every reading of the
utterance (each of the likeliest legal moves as said, and the free transcript where a move may
be in any words) carries the calibrated probability that it is what was said; the likeliest is
played when its probability clears the level for what acting on it misheard would cost (its
`Stakes`), asked back ("Egg timer?") when it clears ASK_BACK and may be said aloud, and
otherwise asked for again, remembered: heard again, its odds multiply. Words the players said
no to have probability zero. `decide` is pure: the moment and the memory in, the verdict and
the next memory out."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

from rapidfuzz import fuzz

from host.core.legal import Offer, Offers, Stakes
from host.core.talk import (
    SAME_WORDS_RATIO,
    YES,
    Unclear,
    answer_heard,
    clean,
    named_variant,
)
from host.speech.ports import Hypothesis
from host.speech.pronounce import sounds_alike

TAKE_QUESTION = 0.5
"""How sure the host must be that a question or command was said to answer it (one wrongly
answered costs only hearing it out; asking it back would take as long as asking again)."""
TAKE_MOVE = 0.75
"""How sure the host must be of an ordinary move to play it without asking. The level the fit
part of the calibration corpus suggests for at most 2% wrong takes of recorded people's
choices in babble and 5% of other words taken (scripts/fit_hearing.py: 0.75 on split seed 1,
0.905 on seed 2; see host/speech/calibration/whisper-en.json)."""
TAKE_COSTLY = 0.95
"""How sure the host must be of a move that costs its player when misheard (an answer said
again) to play it without asking: the corpus's level for no wrong
take of people's choices in any condition (0.875 on split seed 1, 0.95 on seed 2)."""
ASK_BACK = 0.15
"""How sure the host must be of a move to ask it back ("Egg timer?") rather than ask for it
again; a no to its own question is taken from here. The corpus's level at which 88% of
people's choices in 10 dB babble are right and reach it (0.135 on split seed 2; no level
reaches 88% on seed 1)."""
QUIT_YES = (*YES, "quit", "yes quit", "quitter", "oui quitter")
"""The replies to "really quit?" that end the game (in either language, as yes is heard)."""
TAKE_LEVELS = {Stakes.UNDO: ASK_BACK, Stakes.ASK: TAKE_QUESTION, Stakes.MOVE: TAKE_MOVE,
               Stakes.COSTLY: TAKE_COSTLY, Stakes.SECRET: TAKE_MOVE}
"""The level each stake must clear to be played outright."""


class Heard(Protocol):
    """What a recognizer heard in one utterance (host.speech.ports.Transcript is one)."""

    @property
    def hypotheses(self) -> tuple[Hypothesis, ...]:
        """The likeliest choices, best first, each with its probability."""

    @property
    def free(self) -> str:
        """What decoding freely heard ("" when the engine does not decode freely)."""

    @property
    def free_p(self) -> float:
        """The probability that `free` is what was said."""


@dataclass(frozen=True)
class Verdict:
    """What to do with an utterance: hear `text` as said ("" for nothing heard), ask it back
    ("Egg timer?"), or, with `again`, ask for the move again without naming it."""

    text: str = ""
    ask_back: bool = False
    again: bool = False
    likeliest: Hypothesis | None = field(default=None, compare=False)
    """The likeliest reading and its probability, whatever was decided (what the levels were
    compared with; None when nothing was heard)."""


@dataclass(frozen=True)
class Moment:
    """What the host is doing when the utterance is heard."""

    offers: Offers
    """The phrases offered to the recognizer now, with their stakes (the game's moves, the
    core commands, the yes and no while asking)."""
    parse: Callable[[str], object]
    """The game's reading of words (to tell words that are no move from a guess)."""
    lang: str = "en"
    asked_back: str | None = None
    """What the host asked back ("Egg timer?"), while it waits for the yes or no."""
    quitting: bool = False
    """The host asked "really quit?": only a yes ends the game, and nothing is asked back."""
    denied: tuple[str, ...] = ()
    """Words the players said no to since the last move."""


@dataclass(frozen=True)
class Memory:
    """What the ear keeps from one utterance to the next."""

    held: Hypothesis | None = None
    """The likeliest reading of the last utterance, asked for again: heard again, its odds
    multiply (the first hearing is the prior of the second)."""


@dataclass(frozen=True)
class Reading:
    """One reading of the utterance: its words, probability and stakes."""

    text: str
    p: float
    stakes: Stakes
    secret: str = ""


def decide(heard: Heard, moment: Moment, memory: Memory) -> tuple[Verdict, Memory]:
    """Play the likeliest reading if it clears its stakes' level; else ask back the likeliest
    that clears ASK_BACK and may be said aloud (not a question, not a secret it did not hear
    said); else ask for it again, holding the likeliest reading for the next utterance."""
    readings = sorted(_readings(heard, moment, memory), key=lambda r: -r.p)
    if not readings:
        return Verdict(), Memory()
    best = readings[0]
    likeliest = Hypothesis(best.text, best.p)
    if best.p >= TAKE_LEVELS[best.stakes]:
        return Verdict(best.text, likeliest=likeliest), Memory()
    if moment.quitting:
        return Verdict(likeliest=likeliest), Memory()  # unsure while quitting: carry on
    for reading in readings:
        if reading.p >= ASK_BACK and _may_ask_back(reading, heard.free, moment.lang):
            said_back = _said_back(reading.text, moment)
            return Verdict(said_back, ask_back=True, likeliest=likeliest), Memory()
    if _no_move(heard.free, moment) and best.p < ASK_BACK:
        return Verdict(heard.free, likeliest=likeliest), Memory()  # table talk: no move
    return Verdict(again=True, likeliest=likeliest), Memory(likeliest)


def _readings(heard: Heard, moment: Moment, memory: Memory) -> list[Reading]:
    """Every reading of the utterance with its probability: the likeliest choices (a call
    said after a player's name read as theirs), the game's reading of the free transcript
    (`Offers.free_move`), and in a game with open answers the free transcript itself; words
    denied at zero, words heard again at their odds multiplied."""
    offers = moment.offers
    readings = [Reading(h.text, h.p, offers.stakes(h.text), offers.secret(h.text))
                for h in heard.hypotheses]
    free = heard.free
    if free and not moment.asked_back and not moment.quitting:
        readings = _named(readings, free, heard.free_p, moment)
        readings += _free_readings(free, heard.free_p, readings, moment)
    return [_weighed(reading, moment, memory) for reading in readings]


def _named(readings: list[Reading], free: str, p: float, moment: Moment) -> list[Reading]:
    """The likeliest choice said after a player's name is theirs when decoding freely heard
    the name (Whisper writes "Ann challenge" as "and challenge."); with no choice, the free
    transcript so read is a reading of its own."""
    offers = moment.offers
    best = readings[0] if readings else None
    named = named_variant(best.text if best else "", free, offers.phrases() or [], moment.lang)
    if not named:
        return readings
    reading = Reading(named, best.p if best else p, offers.stakes(named), offers.secret(named))
    return [reading, *readings[1:]] if best else [reading]


def _free_readings(free: str, p: float, choices: Sequence[Reading], moment: Moment
                   ) -> list[Reading]:
    """The readings of the free transcript: the game's move in words no choice holds, and in
    a game with open answers the words themselves, unless they are a choice's or no move.
    Either is a move outside the choices, so its probability is the free transcript's times
    the chance that no choice was said (one less the likeliest choice's): "Go" written for
    "Coat", a choice at p 0.75, is not played over it."""
    offers = moment.offers
    best = choices[0] if choices else None
    outside = p * (1 - best.p) if best else p
    out = []
    instead = offers.free_move(best.text if best else "", free)
    if instead:
        out.append(Reading(instead, outside, Stakes.MOVE))
    stakes = _open_stakes(free, moment) if offers.open else None
    if stakes is not None and not _rendering(free, best, moment.lang):
        out.append(Reading(free, outside, stakes))
    return out


def _open_stakes(free: str, moment: Moment) -> Stakes | None:
    """What acting on words heard outside the choices costs, read once by the game: None
    when they are no move at all (`_no_move`), only a question when the move needs the
    speaker's name first (acting on it is asking who spoke), else the game's (a Short List
    guess off the card puts its guesser out of the round)."""
    intent = moment.parse(free)
    if isinstance(intent, Unclear):
        return Stakes.ASK if intent.anonymous else None
    return moment.offers.open_stakes


def _rendering(free: str, best: Reading | None, lang: str) -> bool:
    """Whether the free transcript is the likeliest choice as decoding freely wrote it (its
    words, or words that sound like it: "Best" for "pass"): then it is evidence for that
    choice (the calibration weighs it), not an answer of its own."""
    if best is None:
        return False
    return _same_words(best.text, free) or sounds_alike(best.text, free, lang)


def _weighed(reading: Reading, moment: Moment, memory: Memory) -> Reading:
    """The reading's probability after what the players denied and what was heard before."""
    if _denied(reading.text, moment):
        return replace(reading, p=0.0)
    held = memory.held
    if held is not None and held.text == reading.text:
        return replace(reading, p=_heard_twice(held.p, reading.p))
    return reading


def _denied(text: str, moment: Moment) -> bool:
    """Whether the players said no to these words. A move the game offers is denied only by
    its own words: two offered moves alike in all but a word ("C on the left of row two", "J
    on the left of row two") are two moves, and the no to one is no hint about the other.
    Words no choice holds (a free transcript's) are denied by words alike too, as decoding
    freely spells the same words in more than one way ("Lichtenstein", "Liechtenstein")."""
    words = clean(text)
    denied = [clean(no) for no in moment.denied]
    if moment.offers.offer(text) is not None:
        return words in denied
    return any(fuzz.ratio(words, no) >= SAME_WORDS_RATIO for no in denied)


def _heard_twice(first: float, second: float) -> float:
    """The probability after hearing the same thing twice: the odds multiply (even prior
    odds: the calibration's probabilities are already posteriors)."""
    if first >= 1.0 or second >= 1.0:
        return 1.0
    odds = first / (1 - first) * second / (1 - second)
    return odds / (1 + odds)


def _may_ask_back(reading: Reading, free: str, lang: str) -> bool:
    """A question is asked again rather than asked back; a secret (a Short List card's answer)
    only when decoding freely heard its words, or words that sound like it after the words
    the choice says first ("Celine or..." for "Celaeno"): asking back would say it aloud."""
    if reading.stakes in (Stakes.ASK, Stakes.UNDO):
        return False
    if not reading.secret:
        return True
    if not free:
        return False
    if fuzz.ratio(clean(reading.text), clean(free)) >= SAME_WORDS_RATIO:
        return True
    return sounds_alike(reading.secret, answer_heard(reading.text, reading.secret, free), lang)


def _said_back(text: str, moment: Moment) -> str:
    """What to ask back for a reading: a yes heard unsure asks back what it would say yes
    to."""
    if moment.asked_back is not None and clean(text) in YES:
        return moment.asked_back
    return text


def _no_move(free: str, moment: Moment) -> bool:
    """Whether free words are no move at all ("Okay." at the Scattergories reading): the
    game's reading says so, unless only the speaker is unknown (a claim without a name)."""
    if not free:
        return False
    intent = moment.parse(free)
    return isinstance(intent, Unclear) and not intent.anonymous


def _same_words(choice: str, free: str) -> bool:
    """Whether decoding freely heard the choice's words (perhaps among others)."""
    return fuzz.token_set_ratio(clean(choice), clean(free)) >= SAME_WORDS_RATIO


def heard_alone(heard: Heard) -> Verdict:
    """The host's verdict on an utterance heard on its own: every choice an ordinary move, no
    answer outside them, nothing asked or held (the lobby, `transcribe`, the benchmarks)."""
    phrases = tuple(dict.fromkeys(h.text for h in heard.hypotheses))
    moment = Moment(Offers(tuple(Offer(phrase, phrase) for phrase in phrases)),
                    parse=lambda text: text)
    return decide(heard, moment, Memory())[0]
