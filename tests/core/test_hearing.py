"""The ear's every rule, one row each: what is offered and what the host is asking, what the
recognizer heard (host.speech.ports.Transcript), and the verdict (host.core.hearing.Ear), over
the fake game Colours (Ann on turn; "gold" the secret colour; open: any colour may be named)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from host.core.events import make_seats
from host.core.hearing import Ear, Verdict
from host.core.session import TableTalk
from host.core.talk import core_phrases
from host.speech.ports import Transcript as Heard
from tests.core.fakegame.rules import ColourGame, Name
from tests.core.fakegame.talk import ColourTalk


@dataclass(frozen=True)
class Moment:
    """What is offered and what the host is asking when the utterance is heard."""

    open_palette: bool = True
    """Whether a colour off the palette may be named (Offers.open)."""
    named: tuple[str, ...] = ()
    """Colours named already, in turn from Ann's: said again, a costly repeat."""
    asking_back: str | None = None
    quitting: bool = False
    denied: tuple[str, ...] = ()
    half_heard: tuple[str, str] | None = None

    def ear(self) -> Ear:
        """The ear of a table at this moment."""
        game = ColourGame(make_seats(["Ann", "Bob", "Cat"]), open_palette=self.open_palette)
        game.start()
        for number, colour in enumerate(self.named):
            game.push(Name(game.seats[number % 3].name, colour))
        talk = ColourTalk(game)
        table = TableTalk(confirming=self.asking_back, confirming_quit=self.quitting,
                          denied=list(self.denied), half_heard=self.half_heard)

        def phrases_now() -> list[str]:
            offered = talk.offers().phrases() or []
            return [p for p in offered if p not in table.denied] + core_phrases(paused=False)

        return Ear(talk, table, "en", phrases_now)


OPEN = Moment()
CLOSED = Moment(open_palette=False)
BOB = Moment(named=("red",))
"""Bob on turn: "red" said again would cost him a point; Ann and Cat may hurry him."""
QUITTING = Moment(quitting=True)
ASKING = Moment(asking_back="red")
CLEAR = 0.8
"""A free transcript the engine is sure of (at least FREE_GUESS_SURE)."""
HALF = 0.3
"""A free transcript the engine is half sure of (from FREE_GUESS_ASK to FREE_GUESS_SURE)."""
LOW = 0.1
"""A free transcript too weak to ask back (under FREE_GUESS_ASK)."""
TAKEN, NOTHING, AGAIN = Verdict, Verdict(), Verdict(again=True)


def asked(text: str) -> Verdict:
    """The verdict that asks `text` back."""
    return Verdict(text, ask_back=True)


ROWS = [
    # a choice: taken when sure, asked back when unsure
    ("sure choice taken", OPEN, Heard("red"), TAKEN("red")),
    ("unsure choice asked back", OPEN, Heard("red", unsure=True), asked("red")),
    ("unsure choice asked back, closed", CLOSED, Heard("red", unsure=True), asked("red")),
    ("sure question taken", OPEN, Heard("score"), TAKEN("score")),
    # a costly repeat: asked back however sure, unless freely heard too
    ("repeat asked back", BOB, Heard("red"), asked("red")),
    ("repeat freely heard taken", BOB, Heard("red", free="Red."), TAKEN("red")),
    ("repeat freely heard otherwise", BOB, Heard("red", free="Bread."), asked("red")),
    # a secret: never given away; asked for again; heard when heard twice
    ("secret heard sure taken", OPEN, Heard("gold"), TAKEN("gold")),
    ("secret sounding like its free words asked back", OPEN,
     Heard("gold", unsure=True, free="Cold."), asked("gold")),
    ("secret with no free words asked back", OPEN, Heard("gold", unsure=True), asked("gold")),
    ("secret beside unclear words asked for again", OPEN,
     Heard("gold", unsure=True, free="Hello.", free_confidence=HALF), AGAIN),
    ("secret nearly sure beside unclear words taken", OPEN,
     Heard("gold", unsure=True, nearly_sure=True, free="Hello.", free_confidence=HALF),
     TAKEN("gold")),
    ("secret half heard, heard again taken", Moment(half_heard=("gold", "Hello.")),
     Heard("gold", unsure=True, free="Hmm, what?", free_confidence=HALF), TAKEN("gold")),
    ("secret half heard, same words twice are the guess", Moment(half_heard=("gold", "Hello.")),
     Heard("gold", unsure=True, free="Hello.", free_confidence=HALF), asked("Hello.")),
    ("secret beside clear words: the words asked back", OPEN,
     Heard("gold", unsure=True, free="Hello.", free_confidence=CLEAR), asked("Hello.")),
    ("secret beside clear words, closed: nothing", CLOSED,
     Heard("gold", unsure=True, free="Hello.", free_confidence=CLEAR), NOTHING),
    ("secret beside words denied asked for again", Moment(denied=("Hello.",)),
     Heard("gold", unsure=True, free="Hello.", free_confidence=CLEAR), AGAIN),
    ("secret beside words that are no move asked for again", OPEN,
     Heard("gold", unsure=True, free="Yes.", free_confidence=CLEAR), AGAIN),
    ("secret while quitting not asked for again", QUITTING,
     Heard("gold", unsure=True, free="Hello.", free_confidence=HALF), NOTHING),
    # open answers: the free transcript taken sure, asked back half sure, else dropped
    ("open answer sure taken", OPEN, Heard("", free="Mauve.", free_confidence=CLEAR),
     TAKEN("Mauve.")),
    ("open answer half sure asked back", OPEN, Heard("", free="Mauve.", free_confidence=HALF),
     asked("Mauve.")),
    ("open answer too weak dropped", OPEN, Heard("", free="Mauve.", free_confidence=LOW),
     NOTHING),
    ("open answer unsure none was taken asked back", OPEN,
     Heard("", unsure=True, free="Mauve.", free_confidence=CLEAR), asked("Mauve.")),
    ("open answer denied dropped", Moment(denied=("Mauve",)),
     Heard("", free="Mauve.", free_confidence=CLEAR), NOTHING),
    ("open answer not taken while asking back", ASKING,
     Heard("", free="Mauve.", free_confidence=CLEAR), NOTHING),
    ("open answer closed dropped", CLOSED, Heard("", free="Mauve.", free_confidence=CLEAR),
     NOTHING),
    ("free words that are no move heard at once", OPEN,
     Heard("", free="Yes.", free_confidence=HALF), TAKEN("Yes.")),
    ("sure free words instead of an unsure choice unlike them", OPEN,
     Heard("red", unsure=True, free="Mauve.", free_confidence=CLEAR), asked("Mauve.")),
    ("unsure choice kept beside free words that are no move", OPEN,
     Heard("red", unsure=True, free="Yes.", free_confidence=CLEAR), asked("red")),
    ("unsure choice kept beside free words like it", OPEN,
     Heard("red", unsure=True, free="Rad.", free_confidence=CLEAR), asked("red")),
    # the game's reading of free words no choice holds (Offers.free_move)
    ("free move instead of an unsure choice asked back", OPEN,
     Heard("blue", unsure=True, free="Light blue.", free_confidence=HALF), asked("light blue")),
    ("free move never instead of a sure choice", OPEN,
     Heard("blue", free="Light blue.", free_confidence=HALF), TAKEN("blue")),
    ("free move with no choice asked back", OPEN,
     Heard("", free="dark red", free_confidence=HALF), asked("dark red")),
    ("free move denied: the choice asked back", Moment(denied=("light blue",)),
     Heard("blue", unsure=True, free="Light blue.", free_confidence=HALF), asked("blue")),
    # a question heard unsure (or freely heard otherwise) is not taken: the next move instead
    ("unsure question: next move asked back", CLOSED,
     Heard("pause the game", unsure=True, runners_up=("repeat", "pass", "red")), asked("pass")),
    ("question freely heard otherwise: next move asked back", CLOSED,
     Heard("pause the game", free="Boss.", runners_up=("repeat", "pass")), asked("pass")),
    ("unsure question, no move among the next", CLOSED,
     Heard("score", unsure=True, runners_up=("repeat", "help")), NOTHING),
    ("sure question freely heard otherwise dropped", CLOSED,
     Heard("score", free="Ushant."), NOTHING),
    ("sure question freely heard taken", CLOSED,
     Heard("score", free="What's the score?"), TAKEN("score")),
    ("unsure question, the next move a secret", CLOSED,
     Heard("score", unsure=True, runners_up=("repeat", "gold", "pass")), NOTHING),
    ("unsure question, the next move denied", Moment(open_palette=False, denied=("pass",)),
     Heard("score", unsure=True, runners_up=("repeat", "pass")), NOTHING),
    ("unsure question, open: the free words asked back", OPEN,
     Heard("score", unsure=True, free="Mauve.", free_confidence=CLEAR, runners_up=("pass",)),
     asked("Mauve.")),
    # none taken: the likeliest choice that sounds like the free words asked back
    ("likeliest sounding alike asked back", CLOSED,
     Heard("", free="POSS", runners_up=("pause the game", "pass", "red")), asked("pass")),
    ("likeliest sounding alike, open: rather than the free words", OPEN,
     Heard("", free="POSS", free_confidence=CLEAR, runners_up=("pass",)), asked("pass")),
    ("likeliest secret sounding alike asked back", OPEN,
     Heard("", free="Goal.", runners_up=("gold",)), asked("gold")),
    ("likeliest unlike dropped", CLOSED, Heard("", free="Oscar.", runners_up=("pass",)),
     NOTHING),
    ("likeliest question never asked back", CLOSED,
     Heard("", free="pause", runners_up=("pause the game",)), NOTHING),
    ("likeliest denied never asked back", Moment(open_palette=False, denied=("pass",)),
     Heard("", free="POSS", runners_up=("pass",)), NOTHING),
    ("likeliest past the third not looked at", CLOSED,
     Heard("", free="POSS", runners_up=("red", "green", "blue", "pass")), NOTHING),
    ("unsure choice gives way to one much more alike", CLOSED,
     Heard("red", unsure=True, free="passing.", runners_up=("pass",)), asked("pass")),
    ("unsure choice keeps its way, open", OPEN,
     Heard("red", unsure=True, free="passing.", runners_up=("pass",)), asked("red")),
    ("sure choice stands beside one more alike", CLOSED,
     Heard("red", free="passing.", runners_up=("pass",)), TAKEN("red")),
    # a call said after a player's name that decoding freely heard as another word
    ("named variant of a sure call", BOB, Heard("hurry up", free="and hurry up."),
     TAKEN("Ann hurry up")),
    ("named variant of an unsure call asked back", BOB,
     Heard("hurry up", unsure=True, free="and hurry up."), asked("Ann hurry up")),
    ("named variant with no choice asked back", BOB, Heard("", free="and hurry up."),
     asked("Ann hurry up")),
    ("no player's name before the call", BOB, Heard("hurry up", free="all hurry up."),
     TAKEN("hurry up")),
    # "really quit?": only a sure yes that decoding freely did not disown
    ("quitting, sure yes", QUITTING, Heard("yes"), TAKEN("yes")),
    ("quitting, yes freely heard", QUITTING, Heard("yes", free="Yes, quit."), TAKEN("yes")),
    ("quitting, unsure yes dropped", QUITTING, Heard("yes", unsure=True), NOTHING),
    ("quitting, yes freely heard otherwise dropped", QUITTING,
     Heard("yes", free="D à gauche de la ligne deux, pour dit."), NOTHING),
    ("quitting, sure quit freely heard otherwise dropped", QUITTING,
     Heard("quit", free="H à droite de la ligne deux."), NOTHING),
    ("quitting, a move said instead heard", QUITTING, Heard("red"), TAKEN("red")),
    ("quitting, an unsure move dropped", QUITTING, Heard("red", unsure=True), NOTHING),
    # asking back "Red?": a no is sure however unsure; a yes unsure asks again
    ("asking back, sure yes", ASKING, Heard("yes"), TAKEN("yes")),
    ("asking back, unsure yes asks again", ASKING, Heard("yes", unsure=True, free="Yet."),
     asked("red")),
    ("asking back, unsure no taken", ASKING, Heard("no", unsure=True, free="Northern."),
     TAKEN("no")),
    ("asking back, sure move freely heard otherwise asked back", ASKING,
     Heard("green", free="North"), asked("green")),
    ("asking back, sure move freely heard taken", ASKING, Heard("green", free="Green."),
     TAKEN("green")),
    ("asking back, no likeliest asked back", Moment(open_palette=False, asking_back="red"),
     Heard("", free="POSS", runners_up=("pass",)), NOTHING),
]


@pytest.mark.parametrize(("moment", "heard", "verdict"),
                         [pytest.param(*row[1:], id=row[0]) for row in ROWS])
def test_the_ear_s_verdict(moment: Moment, heard: Heard, verdict: Verdict) -> None:
    assert moment.ear().verdict(heard) == verdict


def test_a_secret_asked_for_again_is_half_heard_until_the_next_utterance() -> None:
    ear = OPEN.ear()
    unclear = Heard("gold", unsure=True, free="Hello.", free_confidence=HALF)
    assert ear.verdict(unclear) == AGAIN and ear.table.half_heard == ("gold", "Hello.")
    assert ear.verdict(Heard("red")) == TAKEN("red") and ear.table.half_heard is None
