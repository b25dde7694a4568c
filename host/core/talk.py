"""What every game's talk shares: clean words, who is speaking, yes and no, numbers, and the
questions and commands for the host itself (repeat, help, rules, pause, resume, quit)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz

from host.core.events import Seat
from host.judge.framing import no_answer_said, thinking_aloud
from host.speech.pronounce import SOUNDS_ALIKE, likeness

SAID_YES = {"en": ("yes", "yeah", "yep"), "fr": ("oui", "ouais")}
SAID_NO = {"en": ("no", "nope"), "fr": ("non",)}
"""Yes and no in each language the host speaks, the first of each as it is offered."""
YES = SAID_YES["en"] + SAID_YES["fr"]
NO = SAID_NO["en"] + SAID_NO["fr"]
"""Yes and no heard in any language (nobody means yes by "non")."""


def yes_no(lang: str) -> list[str]:
    """The yes and the no offered to the recognizer in `lang` (English unless known)."""
    return [SAID_YES.get(lang, SAID_YES["en"])[0], SAID_NO.get(lang, SAID_NO["en"])[0]]

NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten")
"""How the host says 0 to 10 (the countdown, the numbered categories, penalty shares)."""
HEARD_NUMBERS = {
    **{word: n for n, word in enumerate(NUMBER_WORDS)},
    **{str(n): n for n in range(len(NUMBER_WORDS))},
    "a": 1, "an": 1, "first": 1, "second": 2, "third": 3,
    "won": 1, "to": 2, "too": 2, "tree": 3,
}
"""Number words as players say them or a recognizer writes them (homophones included)."""


FRENCH_NUMBER_WORDS = ("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit",
                       "neuf", "dix")
"""How a French host says 0 to 10."""
FRENCH_NUMBERS = {
    "zero": 0, **{word: n for n, word in enumerate(FRENCH_NUMBER_WORDS) if n}, "une": 1,
    **{str(n): n for n in range(len(FRENCH_NUMBER_WORDS))},
}
"""French number words as players say them (cleaned: no accents), and digits."""


def number_word(n: int) -> str:
    """How the host says a small number ("three"); digits beyond ten."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


LETTER_NAMES = {
    "ay": "A",
    "bee": "B",
    "be": "B",
    "see": "C",
    "sea": "C",
    "dee": "D",
    "ee": "E",
    "ef": "F",
    "eff": "F",
    "gee": "G",
    "aitch": "H",
    "haitch": "H",
    "eye": "I",
    "jay": "J",
    "kay": "K",
    "el": "L",
    "ell": "L",
    "em": "M",
    "en": "N",
    "oh": "O",
    "pee": "P",
    "cue": "Q",
    "queue": "Q",
    "ar": "R",
    "are": "R",
    "ess": "S",
    "tee": "T",
    "tea": "T",
    "you": "U",
    "vee": "V",
    "double u": "W",
    "double you": "W",
    "ex": "X",
    "why": "Y",
    "zed": "Z",
    "zee": "Z",
}
"""English letters as players say them, to the letter ("double u" is W)."""
FRENCH_LETTERS = {
    "be": "B", "ce": "C", "de": "D", "eu": "E", "effe": "F", "ge": "G", "ache": "H",
    "ji": "J", "ka": "K", "elle": "L", "emme": "M", "enne": "N", "pe": "P", "cu": "Q",
    "ku": "Q", "erre": "R", "esse": "S", "te": "T", "ve": "V", "double ve": "W", "ixe": "X",
    "iks": "X", "i grec": "Y", "zede": "Z",
}
"""French letters as players say them (cleaned: no accents)."""


CLAIM_TURN = "claim_turn"
"""The query "my turn, Bob" said alone: the next thing said is Bob's."""
CLAIMING = {"en": r"my turn|it'?s my turn|this is|it'?s",
            "fr": r"(?:c(?:' ?| )?est )?(?:a moi|mon tour)|moi|ici"}
"""How a player says the next words are theirs before their name ("my turn, Bob", "à moi,
Bob"), cleaned, by language."""


@dataclass(frozen=True)
class Query:
    """A question or command for the host itself, not a move in the game."""

    kind: str
    """repeat, help, rules, pause, resume, quit, CLAIM_TURN ("my turn, Bob" alone: the next
    thing said is Bob's), or one of the game's own questions (category, hand, score …)."""
    player: str | None = None
    target: str | None = None


@dataclass(frozen=True)
class Unclear:
    """Nothing the host could make sense of."""

    text: str
    anonymous: bool = False
    """True when the host could not tell who spoke, and it mattered."""
    quiet: bool = False
    """True when the host keeps quiet about it (table talk while the players write)."""


def stalled(text: str, said: str, lang: str = "en") -> Unclear | None:
    """What the host makes of words that hold no answer (`said`, the words after who speaks):
    thinking aloud ("hmm, let me think") gets no reply by voice; a filler alone ("Um", "Oh")
    is asked again, as by voice it is often a short answer misheard. None when the words may
    hold an answer."""
    if not no_answer_said(said, lang):
        return None
    return Unclear(text, quiet=thinking_aloud(said, lang))


CORE_QUERIES: tuple[tuple[str, str], ...] = (
    (r"(say that again|repeat( that)?|pardon|come again|what did you say)", "repeat"),
    (r"help|what can i say|how do i play", "help"),
    (r"rules|explain the rules", "rules"),
    (r"pause( the game)?|hold on|wait a (moment|minute|second)", "pause"),
    (r"(?:resume|continue|carry on)(?: (?:with )?the game)?|unpause|let'?s go", "resume"),
    (r"quit|exit|end the game|stop the game|game over", "quit"),
    (r"how much time( is| have we got| do we have)?( left)?|how long( is)?( left)?"
     r"|time left|how many seconds( left)?", "time_left"),
)
FRENCH_QUERIES: tuple[tuple[str, str], ...] = (
    (r"repete|repetez|tu peux repeter|pardon|quoi|redis", "repeat"),
    (r"aide( moi| nous)?|au secours|qu'?est ce que je peux dire|comment on joue", "help"),
    (r"(les )?regles|explique( moi| nous)? les regles|c'?est quoi les regles", "rules"),
    (r"pause|(mets|on fait) (une |la )?pause|attend(s|ez) (une minute|une seconde|un instant)",
     "pause"),  # "attends" alone is a player thinking aloud, as "wait" is
    (r"(?:reprends|reprenons|on reprend|on continue|continue)(?: la partie)?|c'?est reparti",
     "resume"),
    (r"quitter|quitte|arrete( le jeu| la partie)?|fin de (la )?partie", "quit"),
    (r"combien de temps( reste t il| il reste| il nous reste| me reste t il| il me reste)?"
     r"|il reste combien de temps", "time_left"),
)
"""The core commands in French (cleaned), which a French game's grammar reads among its own
questions (the English ones, CORE_QUERIES, are heard in every language)."""
CORE_PHRASES: dict[str, dict[str, str]] = {
    "en": {"repeat": "repeat", "help": "help", "rules": "rules", "resume": "resume",
           "resume_game": "resume the game", "pause": "pause the game", "quit": "quit",
           "carry_on": "carry on",
           "free_seat": "free {name}'s seat"},
    "fr": {"repeat": "répète", "help": "aide", "rules": "règles", "resume": "on reprend",
           "resume_game": "on reprend la partie", "pause": "on fait une pause",
           "quit": "quitter", "carry_on": "on continue",
           "free_seat": "libère la place de {name}"},
}
"""The core commands as offered to the recognizer, by language (the game's grammar parses
them: the core's English patterns, a French game's own; "free_seat" is parsed here, by
FREE_SEAT)."""


def core_said(lang: str) -> dict[str, str]:
    """The core commands as offered in a language (English for one it lacks)."""
    return CORE_PHRASES.get(lang, CORE_PHRASES["en"])
FREE_SEAT = (
    r"(?:free|release|unlock|give back) (?P<name>.+?)(?:'s)? (?:seat|page)(?: again)?",
    r"(?:libere|liberer|liberez|libre) (?:la )?(?:place|page) (?:de |d')(?P<name>.+)",
)
"""How the host is asked to free a seat taken on the companion page ("free Cat's seat",
"libère la place de Cat"), cleaned; heard in either language, as yes and no are."""


def free_seat_words(lang: str, name: str) -> str:
    """How the host is asked to free `name`'s seat, in a language (English for one it lacks)."""
    return core_said(lang)["free_seat"].format(name=name)


def seat_to_free(words: str, speakers: Speakers) -> str | None:
    """The seat these words ask the host to free ("free Cat's seat" is Cat's: a name heard
    without its apostrophe, "free cats seat", too); None when they ask nothing of the kind, ""
    when the name is no player's."""
    said = clean(words)
    for pattern in FREE_SEAT:
        found = re.fullmatch(pattern, said)
        if found:
            name = found.group("name")
            return speakers.seat_named(name) or \
                (speakers.seat_named(name[:-1]) if name.endswith("s") else None) or ""
    return None


HOST_NAMES = ("party host", "hey party host")
"""The host's name, said before a request or not (in any language: it is a name)."""
_HOST_NAME = re.compile(
    r"^\W*(?:" + "|".join(r"\W+".join(map(re.escape, name.split()))
                          for name in sorted(HOST_NAMES, key=len, reverse=True))
    + r")\b\W*", re.IGNORECASE)
"""Any of the host's names at the start of what was said, with what surrounds it."""


def without_host_name(text: str) -> str:
    """The words said after the host's name, as to a smart speaker ("Party Host, pause the
    game": "pause the game"); the words as said when they do not start with it."""
    rest = _HOST_NAME.sub("", text, count=1)
    return rest if rest.strip() else text


def addressed_commands(lang: str = "en", *, paused: bool) -> list[str]:
    """The commands a table says to the host by name, as offered to the recognizer ("Party
    Host, pause the game"): pausing, resuming and quitting."""
    said = core_said(lang)
    commands = [said["resume_game"]] if paused else [said["pause"]]
    name = HOST_NAMES[0].title()  # "Party Host"
    return [f"{name}, {command}" for command in [*commands, said["quit"]]]


def core_phrases(lang: str = "en", *, paused: bool) -> list[str]:
    """The core commands as offered to the recognizer: "resume" and "resume the game" (the
    lobby's words for a stopped game, heard for a paused one too) only while paused, "pause the
    game" only while not. Not a bare "pause": it sounds like "pass" (the demo heard a pass as
    a pause 4 times in one game), and a move mistaken for a pause stops the game; nor "hold
    on", which the demo heard for short answers in babble ("Hob", "Arc") 22 times in two
    games. Typed or heard in full, every command of CORE_QUERIES still works."""
    said = core_said(lang)
    pausing = [said["resume"], said["resume_game"]] if paused else [said["pause"]]
    return [said["repeat"], said["help"], said["rules"], *pausing, said["quit"]]


START: dict[str, tuple[str, ...]] = {
    "en": ("start", "let's start", "start the game", "start now", "begin", "let's begin",
           "let's go"),
    "fr": ("on commence", "commence", "commencez", "commencer", "c'est parti", "on y va"),
}
"""What starts the clock while the table waits for its players to join (the companion page),
cleaned; the first is offered to the recognizer. Heard only then: "start" may be an answer."""


def start_words(lang: str) -> tuple[str, ...]:
    """How players say "start" in a language (English for one it lacks)."""
    return START.get(lang, START["en"])


def carry_on(lang: str) -> str:
    """How a player says "don't quit" when the host asks."""
    return core_said(lang)["carry_on"]


def quit_word(lang: str) -> str:
    """How a player says "quit" (and, asked whether to quit, yes)."""
    return core_said(lang)["quit"]


def clean(text: str) -> str:
    """Lower-case, drop accents and punctuation (keeping apostrophes), squeeze spaces."""
    text = unicodedata.normalize("NFKD", text.lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = re.sub(r"[^\w' ]+", " ", text.replace("’", "'"))
    return " ".join(text.split())


def trimmed(text: str) -> str:
    """The words without the punctuation around them ("Lisbon?" is "Lisbon"; "Help!" keeps its
    "!", which is part of the title)."""
    return text.strip().lstrip(",:;.!?").rstrip(",:;.? ")


def raw_tail(text: str, rest: str) -> str:
    """The words `rest` (maybe cleaned) in the player's own spelling, taken from the end of
    `text` when they are there ("São Paulo", not "sao paulo")."""
    if rest and text.endswith(rest):
        return trimmed(rest)
    tokens, wanted = text.split(), clean(rest)
    for start in range(len(tokens) - 1, -1, -1):
        tail = " ".join(tokens[start:])
        if clean(tail) == wanted:
            return trimmed(tail)
    return rest


def match_query(words: str, speaker: str | None,
                patterns: Sequence[tuple[str, str]] = ()) -> Query | None:
    """The game's questions, then the core's, that the cleaned words say in full."""
    for pattern, kind in (*patterns, *CORE_QUERIES):
        if re.fullmatch(pattern, words):
            return Query(kind, speaker)
    return None


class Speakers:
    """The people at one table, and who an utterance says it is from."""

    def __init__(self, seats: Sequence[Seat], is_call: Callable[[str], bool], *,
                 claims: bool = True, lang: str = "en") -> None:
        """`is_call(words)`: the game's calls a player may say after their bare name ("Bob
        challenge"); the game vetoes any other reading of a leading name. `claims`: whether
        "my turn, Bob" claims the floor (off in a game where "it's my turn" is a move), in
        the words of `lang` (CLAIMING)."""
        self.seats = tuple(seats)
        self.is_call = is_call
        self.claims = claims
        self.claiming = re.compile(rf"(?:{CLAIMING.get(lang, CLAIMING['en'])}) (.*)")
        self.person_to_seat = {clean(p): s.name for s in self.seats for p in s.people}
        self.person_to_seat.update({clean(s.name): s.name for s in self.seats})
        self._longest_first = sorted(self.person_to_seat.items(), key=lambda kv: -len(kv[0]))

    def seat_named(self, words: str) -> str | None:
        """The seat of the person (or team) these words name."""
        return self.person_to_seat.get(clean(words))

    def people(self) -> list[str]:
        """Everyone who may speak, in seat order."""
        return [person for seat in self.seats for person in seat.people]

    def split(self, text: str) -> tuple[str | None, str]:
        """Take a "Bob: ...", "Bob, ..." or "my turn, Bob ..." prefix off: (seat or None, rest)."""
        claimed = self.claims and self.claiming.fullmatch(clean(text))
        if claimed:
            words = claimed.group(1)
            for person, seat in self._longest_first:
                if words == person or words.startswith(person + " "):
                    return seat, words[len(person) :].strip()
        match = re.match(r"\s*([^:,]{1,40})\s*[:,]\s*(.*)$", text, re.S)
        named = self.person_to_seat.get(clean(match.group(1))) if match else None
        if match and named:
            return named, match.group(2)
        lowered = clean(text)
        for person, seat in self._longest_first:
            if lowered.startswith(person + " "):
                rest = lowered[len(person) + 1 :]
                if self.is_call(rest):
                    return seat, rest
        return None, text


LEAD_RATIO = 70
"""How alike (rapidfuzz ratio) the first words of a free transcript must be to the words a
choice says first to be taken for them ("it's my turn can't" for "it's my turn cat", "it's my
turn and" for "it's my turn ann")."""


def answer_heard(choice: str, answer: str, free: str) -> str:
    """The free transcript after its first words when they are heard as the words `choice`
    says before `answer` ("it's my turn Ann" before "Lisbon"), in its own spelling; else all
    of it."""
    lead = choice[: choice.rfind(answer)] if answer in choice else ""
    count, heard = len(clean(lead).split()), clean(free).split()
    if not count or fuzz.ratio(clean(lead), " ".join(heard[:count])) < LEAD_RATIO:
        return free
    return raw_tail(free, " ".join(heard[count:]))


SAME_WORDS_RATIO = 85
"""How alike (rapidfuzz ratio of the cleaned words) a free transcript must be to a choice to be
taken for it when asking back ("Lichtenstein" for "Liechtenstein")."""


def named_variant(choice: str, free: str, phrases: Sequence[str], lang: str) -> str | None:
    """The phrase that says a shorter one after a lead, such as a player's name ("Ann
    challenge" for "challenge"), when decoding freely heard the shorter phrase's words after
    words that sound like that lead: Whisper writes "Ann challenge" as "and challenge.", and
    the bare call, taken, went to the player on turn. `choice` is the shorter phrase the
    recognizer took ("" for none: then any); None when no lead sounds alike."""
    heard = clean(free).split()
    offered = {clean(phrase): phrase for phrase in phrases}
    best, closest = None, SOUNDS_ALIKE
    for said, phrase in offered.items():
        tokens = said.split()
        for cut in range(1, min(len(tokens), len(heard))):
            rest, tail = " ".join(tokens[cut:]), len(tokens) - cut
            if rest not in offered or (choice and clean(choice) != rest) \
                    or len(heard) <= tail \
                    or fuzz.ratio(" ".join(heard[-tail:]), rest) < SAME_WORDS_RATIO:
                continue
            alike = likeness(" ".join(tokens[:cut]), " ".join(heard[:-tail]), lang)
            if alike >= closest:
                best, closest = phrase, alike
    return best
