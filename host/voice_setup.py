"""Before a voice game: players confirm the names given on the command line, or say them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from host.core.phrasebook import Phrasebook
from host.core.session import Line
from host.speech.ahead import RecognitionAhead
from host.speech.ports import SAMPLE_RATE, Recognizer
from host.voice import Ears, Mouth


@dataclass(frozen=True)
class SetupWords:
    """How players answer the set-up's questions in one language."""

    yes: tuple[str, ...]
    no: tuple[str, ...]
    done: tuple[str, ...]
    """"That's everyone": no more names."""


SETUP_WORDS = {
    "en": SetupWords(("yes", "yeah", "yep", "that's right", "correct"), ("no", "nope", "wrong"),
                     ("that's everyone", "that's all", "let's play", "start the game")),
    "fr": SetupWords(("oui", "ouais", "c'est ça", "exactement"), ("non", "pas du tout"),
                     ("c'est tout le monde", "on commence")),
}
"""The set-up's answers, by the host's language (its lines teach the first of each)."""


def setup_words(lang: str) -> SetupWords:
    """The set-up's answers in `lang` (English for a language without its own)."""
    return SETUP_WORDS.get(lang, SETUP_WORDS["en"])

NAME_VOCABULARY = 1500
"""How many of the commonest first names the recognizer listens for."""
LISTEN_SECONDS = 12.0


def common_first_names(count: int = NAME_VOCABULARY) -> list[str]:
    """The commonest first names (US Census order, then world names), for hearing names."""
    from itertools import chain, zip_longest

    from host.judge.generated import generate

    male, female = (list(generate("first_names", {"gender": g}).answers.values())
                    for g in ("male", "female"))
    both = chain.from_iterable(zip_longest(male, female))
    return list(dict.fromkeys(name for name in both if name))[:count]


@dataclass
class Asker:
    """Asks a question aloud and hears one answer among the expected phrases."""

    ears: Ears
    recognizer: Recognizer
    mouth: Mouth
    phrases: Phrasebook
    show: Callable[[str], None] | None = None
    ahead: RecognitionAhead = field(init=False)
    """The recognizer, begun on an answer as soon as the speaker pauses."""

    def __post_init__(self) -> None:
        self.ahead = RecognitionAhead(self.recognizer)

    def say(self, key: str, **params: object) -> None:
        """Say one phrasebook line."""
        text = self.phrases.line(key, **params)
        if self.show:
            self.show(f"HOST: {text}")
        self.ears.host_spoke(self.mouth.say(Line(text, key)))

    def ask(self, key: str, choices: Sequence[str], tries: int = 3, **params: object) -> str:
        """Ask, listen, and return what was heard among `choices` ("" if nothing was). The
        answer is recognised from the moment the speaker pauses, as in a game; nothing is
        left recognising once it returns (the recognizer is the lobby's too)."""
        self.ahead.set_choices(list(choices))
        try:
            for attempt in range(tries):
                self.say("setup_retry" if attempt else key, **params)
                if attempt:
                    self.say(key, **params)
                heard = self._hear()
                if heard:
                    return heard
            return ""
        finally:
            self.ahead.settle()

    def _hear(self) -> str:
        """One answer among the choices offered, "" for silence or none of them."""
        audio = self.ears.listen(LISTEN_SECONDS, self.ahead.begin)
        if audio is None:
            raise EOFError("the microphone stream ended during set-up")
        if not audio:
            return ""
        heard = self.ahead.transcribe(audio, SAMPLE_RATE).text
        if self.show:
            self.show(f"  (heard: {heard!r})")
        return heard


def confirm_names(asker: Asker, names: Sequence[str], known: Sequence[str]) -> list[str]:
    """Each player in seat order confirms their name, or says the right one."""
    said = setup_words(asker.phrases.lang)
    asker.say("setup_meet")
    confirmed = []
    for number, name in enumerate(names, 1):
        answer = asker.ask("setup_confirm", [*said.yes, *said.no, name, *known], number=number,
                           name=name)
        if answer and answer not in (*said.yes, *said.no) and answer.lower() != name.lower():
            if asker.ask("setup_readback", [*said.yes, *said.no], name=answer) in said.yes:
                name = answer
        elif answer in said.no:
            asker.say("setup_keep", name=name)
        confirmed.append(name)
        asker.say("setup_welcome", name=name)
    return confirmed


def collect_names(asker: Asker, known: Sequence[str], most: int = 10) -> list[str]:
    """Each player in turn says their name; the host reads it back for a yes."""
    said = setup_words(asker.phrases.lang)
    asker.say("setup_meet")
    names: list[str] = []
    while len(names) < most:
        number = len(names) + 1
        key = "setup_ask_name" if len(names) >= 2 or number == 1 else "setup_need_two"
        choices = [*known, *said.done] if len(names) >= 2 else list(known)
        heard = asker.ask(key, choices, number=number)
        if heard in said.done:
            break
        if heard and heard not in names and asker.ask(
                "setup_readback", [*said.yes, *said.no], name=heard) in said.yes:
            names.append(heard)
            asker.say("setup_welcome", name=heard)
        if len(names) >= 2:
            asker.say("setup_more")
    return names
