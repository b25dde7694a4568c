"""The ear's one decision, one row per case: the moment at a Colours table (Ann on turn; "gold"
the secret colour; open: any colour may be named), what the recognizer heard with its
probabilities (host.speech.ports.Transcript), and the verdict (host.core.hearing.decide).
Probabilities sit midway between the decision levels (tests.transcripts), so retuning a level
keeps the rows."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from host.core.hearing import (
    ASK_BACK,
    Memory,
    Moment,
    Verdict,
    decide,
    heard_alone,
)
from host.core.legal import Stakes
from host.core.session import Session
from host.speech.ports import Transcript
from tests.core.fakegame.table import started
from tests.transcripts import HALF, LIKELY, LOW, SURE, TWICE, WEAK, heard

WEAKER = (ASK_BACK + WEAK) / 2
"""As WEAK, a little less."""


@dataclass(frozen=True)
class Table:
    """The moment at a Colours table when the utterance is heard."""

    open_palette: bool = True
    """Whether a colour off the palette may be named (Offers.open)."""
    named: tuple[str, ...] = ()
    """Colours named already, in turn from Ann's: said again, a costly repeat."""
    asking_back: str | None = None
    quitting: bool = False
    denied: tuple[str, ...] = ()

    def session(self) -> Session:
        """A started Colours session at this moment."""
        session = started(open_palette=self.open_palette)
        for colour in self.named:
            session.hear_words(colour)
        session.table.confirming = self.asking_back
        session.table.confirming_quit = self.quitting
        session.table.denied = list(self.denied)
        return session

    def moment(self) -> Moment:
        """What the ear weighs the utterance against."""
        return self.session().moment()


OPEN = Table()
CLOSED = Table(open_palette=False)
BOB = Table(named=("red",))
"""Bob on turn: "red" said again would cost him; Ann and Cat may hurry him."""
QUITTING = Table(quitting=True)
ASKING = Table(asking_back="red")
TAKEN, NOTHING, AGAIN = Verdict, Verdict(), Verdict(again=True)


def asked(text: str) -> Verdict:
    """The verdict that asks `text` back."""
    return Verdict(text, ask_back=True)


ROWS = [
    # a move: played when sure enough, asked back when half sure, else asked for again
    ("sure move played", OPEN, heard(("red", SURE)), TAKEN("red")),
    ("likely move played", CLOSED, heard(("red", LIKELY)), TAKEN("red")),
    ("half-sure move asked back", OPEN, heard(("red", HALF)), asked("red")),
    ("weak move asked for again", CLOSED, heard(("red", LOW)), AGAIN),
    ("an engine that weighs nothing is sure of its choice", CLOSED, Transcript("red"),
     TAKEN("red")),
    ("nothing heard", CLOSED, Transcript(""), NOTHING),
    # a question: answered from a lower level, never asked back
    ("half-sure question answered", CLOSED, heard(("score", HALF)), TAKEN("score")),
    ("weak question: the next move asked back instead", CLOSED,
     heard(("score", WEAK), ("pass", WEAKER)), asked("pass")),
    ("weak question, no move next: asked for again", CLOSED,
     heard(("score", WEAK), ("whose turn is it", WEAKER)), AGAIN),
    ("a likelier move behind the best is asked back", CLOSED,
     heard(("pause the game", LOW), ("pass", WEAK)), asked("pass")),
    # a costly repeat needs more
    ("costly repeat likely: asked back", BOB, heard(("red", LIKELY)), asked("red")),
    ("costly repeat sure: played", BOB, heard(("red", SURE)), TAKEN("red")),
    # a secret is never said aloud unless heard
    ("secret sure played", OPEN, heard(("gold", SURE)), TAKEN("gold")),
    ("secret half sure, freely heard alike: asked back", OPEN,
     heard(("gold", HALF), free="Cold.", free_p=LOW), asked("gold")),
    ("secret half sure, no free words: asked for again", OPEN, heard(("gold", HALF)), AGAIN),
    ("secret half sure beside other words: asked for again", CLOSED,
     heard(("gold", HALF), free="Hello.", free_p=HALF), AGAIN),
    ("secret half sure beside other words said clearly, open: the words asked back", OPEN,
     heard(("gold", HALF), free="Hello.", free_p=SURE), asked("Hello.")),
    ("an answer outside the choices weighs less beside a likely choice", OPEN,
     heard(("red", LIKELY), free="Mauve.", free_p=SURE), TAKEN("red")),
    # open answers: the free transcript is a reading of its own
    ("open answer sure played", OPEN, heard(("red", LOW), free="Mauve.", free_p=SURE),
     TAKEN("Mauve.")),
    ("open answer half sure asked back", OPEN, heard(("red", LOW), free="Mauve.", free_p=HALF),
     asked("Mauve.")),
    ("open answer weak: asked for again", OPEN,
     heard(("red", LOW), free="Mauve.", free_p=LOW), AGAIN),
    ("open answer in a closed game: not a reading", CLOSED,
     heard(("red", LOW), free="Mauve.", free_p=SURE), AGAIN),
    ("free words that are a choice's are that choice", OPEN,
     heard(("red", HALF), free="Red.", free_p=SURE), asked("red")),
    ("free words that are no move go to the game's reading", OPEN,
     heard(("red", LOW), free="Yes.", free_p=SURE), TAKEN("Yes.")),
    ("open answer denied: asked for again", Table(denied=("Mauve",)),
     heard(("red", LOW), free="Mauve.", free_p=SURE), AGAIN),
    ("open answer not read while asking back", ASKING,
     heard(("no", LOW), free="Mauve.", free_p=SURE), AGAIN),
    # the game's reading of free words no choice holds (Offers.free_move)
    ("free move likelier than the choice asked back", OPEN,
     heard(("blue", WEAK), free="Light blue.", free_p=HALF), asked("light blue")),
    ("free move never instead of a surer choice", OPEN,
     heard(("blue", SURE), free="Light blue.", free_p=HALF), TAKEN("blue")),
    ("free move outside the choices weighs less beside a likely choice", OPEN,
     heard(("blue", HALF), free="Light blue.", free_p=SURE), asked("blue")),
    ("free move denied: the choice asked back", Table(denied=("light blue",)),
     heard(("blue", WEAK), free="Light blue.", free_p=HALF), asked("blue")),
    # a call said after a player's name that decoding freely heard as another word
    ("named call played as theirs", BOB, heard(("hurry up", SURE), free="and hurry up."),
     TAKEN("Ann hurry up")),
    ("named call half sure asked back as theirs", BOB,
     heard(("hurry up", HALF), free="and hurry up."), asked("Ann hurry up")),
    ("no player's name before the call", BOB,
     heard(("hurry up", SURE), free="all hurry up."), TAKEN("hurry up")),
    # "really quit?": a yes the host is sure enough of ends the game; nothing is asked back
    ("quitting, likely yes", QUITTING, heard(("yes", LIKELY)), TAKEN("yes")),
    ("quitting, half-sure yes: the game carries on", QUITTING, heard(("yes", HALF)), NOTHING),
    ("quitting, a move said instead played", QUITTING, heard(("red", LIKELY)), TAKEN("red")),
    ("quitting, a half-sure move: the game carries on", QUITTING, heard(("red", HALF)), NOTHING),
    # asking back "Red?": a yes half heard asks again; a no is cheap
    ("asking back, likely yes", ASKING, heard(("yes", LIKELY)), TAKEN("yes")),
    ("asking back, half-sure yes asks again", ASKING, heard(("yes", HALF)), asked("red")),
    ("asking back, half-sure no taken", ASKING, heard(("no", HALF)), TAKEN("no")),
    ("asking back, a weak no taken: it only holds the game back", ASKING, heard(("no", WEAK)),
     TAKEN("no")),
    ("asking back, a no too weak to ask back: asked again", ASKING, heard(("no", LOW)), AGAIN),
    ("asking back, another move played", ASKING, heard(("green", LIKELY)), TAKEN("green")),
    # denied words have probability zero
    ("denied choice: the next asked back", Table(open_palette=False, denied=("pass",)),
     heard(("pass", LIKELY), ("green", WEAK)), asked("green")),
]


@pytest.mark.parametrize(("table", "utterance", "verdict"),
                         [pytest.param(*row[1:], id=row[0]) for row in ROWS])
def test_the_ear_s_verdict(table: Table, utterance: Transcript, verdict: Verdict) -> None:
    assert decide(utterance, table.moment(), Memory())[0] == verdict


def test_heard_twice_the_odds_multiply() -> None:
    moment = CLOSED.moment()
    once, memory = decide(heard(("red", TWICE)), moment, Memory())
    assert once == asked("red") or once == AGAIN
    _, memory = decide(heard(("gold", TWICE)), OPEN.moment(), Memory())
    assert memory.held is not None and memory.held.text == "gold"
    again, memory = decide(heard(("gold", TWICE)), OPEN.moment(), memory)
    assert again == TAKEN("gold") and memory == Memory()


def test_what_is_held_is_forgotten_when_something_else_is_heard() -> None:
    _, memory = decide(heard(("gold", TWICE)), OPEN.moment(), Memory())
    verdict, memory = decide(heard(("red", SURE)), OPEN.moment(), memory)
    assert verdict == TAKEN("red") and memory == Memory()
    verdict, _ = decide(heard(("gold", TWICE)), OPEN.moment(), memory)
    assert verdict == AGAIN


def test_the_session_asks_back_and_plays_on_a_yes() -> None:
    session = started(open_palette=False)
    session.hear_speech(heard(("red", HALF)))
    assert session.table.confirming == "red" and session.verdict == asked("red")
    session.hear_speech(heard(("yes", SURE)))
    assert session.table.confirming is None and session.game.named == ["red"]


def test_an_utterance_heard_alone_is_an_ordinary_move() -> None:
    assert heard_alone(heard(("red", LIKELY))) == TAKEN("red")
    assert heard_alone(heard(("red", HALF))) == asked("red")
    assert heard_alone(heard(("red", LOW))) == AGAIN


def test_an_open_answer_that_costs_its_player_is_asked_back_unless_the_host_is_surer() -> None:
    """A game says what an answer heard outside the choices costs (Offers.open_stakes): a
    Short List guess off the card puts its guesser out of the round."""
    moment = OPEN.moment()
    costly = replace(moment, offers=replace(moment.offers, open_stakes=Stakes.COSTLY))
    clear = heard(("red", LOW), free="Mauve.", free_p=SURE)  # outside: SURE x (1 - LOW)
    assert decide(clear, moment, Memory())[0] == TAKEN("Mauve.")
    assert decide(clear, costly, Memory())[0] == asked("Mauve.")
