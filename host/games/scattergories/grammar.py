"""Scattergories' words, per language: how players choose a letter, ask for more time, say yes
or no, read an answer or a blank, correct a mishearing, challenge, vote and ask the host
(host.games.scattergories.talk parses, says and offers them; nothing else spells them).

Only English is written so far; a second language is one more `Grammar` in GRAMMARS (the
core's yes, no and letter names are English and French already)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from host.core.talk import LETTER_NAMES, NO, YES


@dataclass(frozen=True)
class Grammar:
    """One language's words for the moves and the questions (cleaned words unless raw)."""

    letter: re.Pattern[str]
    """A letter chosen after a wild star: "P", "the letter P", "pee" (group `l`)."""
    letter_said: str
    """A letter as players say it and the recognizer is offered it, besides the bare letter."""
    more_time: re.Pattern[str]
    """Asking for the timer to be turned over again."""
    more_time_said: str
    agree: re.Pattern[str]
    """Yes: to more time while the players write, to a challenged answer in a vote."""
    refuse: re.Pattern[str]
    """No, likewise."""
    agree_said: dict[bool, str]
    """Yes and no to more time, as said and offered."""
    vote_said: dict[bool, tuple[str, ...]]
    """A thumbs up and down, as said (the first) and offered (all)."""
    blank: re.Pattern[str]
    """No answer to the category, said in full."""
    blank_said: tuple[str, ...]
    """A blank as said (the first: what the bots and the help say) and as offered. Measured
    among a reading's 150 and 280 choices in 20 dB babble (Piper and two espeak-ng voices, 42
    utterances each, all five offered): "I pass" heard as a blank 41 times, "nothing" 40, "no
    answer" 37, "pass" 27, "blank" 25; a lone short word is what babble swallows (the demo
    heard "blank" as "Blazer", "Cheetah", "Llama"). Demo seeds 1, 2, 3: blanks heard wrong 6,
    15, 3 with "blank" and 0, 1, 1 with "I pass"; understood_ratio 0.661, 0.661, 0.864 before
    and 0.741, 0.659, 0.803 after (the games take other paths)."""
    filler: re.Pattern[str]
    """Words a reader may put before the answer; only the first is taken off."""
    filler_said: str
    """What a reader says before an answer that would otherwise be heard as something else."""
    hesitation: re.Pattern[str]
    """Sounds a reader may make before the answer: all are taken off."""
    correction: re.Pattern[str]
    """"No, pelican" (raw text, group `rest`): the reader just read back corrects the host
    (tried after the calls, so that "no answer" is a blank and "no way" a no)."""
    challenge: re.Pattern[str]
    """A challenge of the answer read last (group `that`), or of a named player's answer or
    of the answer named (group `who`)."""
    challenge_said: str
    challenge_last: tuple[str, ...]
    """A challenge of the answer read last, as offered."""
    questions: tuple[tuple[str, str], ...]
    """Each of the game's own questions for the host: (what it is said as, its kind)."""
    question_phrases: dict[str, tuple[str, ...]]
    """Each question as the recognizer is offered it, by kind (each one parses to its kind)."""
    table_call: re.Pattern[str] = field(init=False)
    """What a player may say after their bare name ("Bob challenge", "Bob yes", "Bob no,
    pelican"): any other words after a name are not a claim to speak ("Cat Stevens" is an
    answer)."""
    correction_call: str = r"no\b.*"
    correction_said: str = "no"
    """What a reader says before their answer said again ("no, pelican")."""
    """The start of a correction after a name ("Bob no, pelican")."""

    def __post_init__(self) -> None:
        calls = (self.challenge, self.agree, self.refuse, self.more_time, self.blank)
        pattern = "|".join([*(call.pattern for call in calls), self.correction_call])
        object.__setattr__(self, "table_call", re.compile(pattern))

    def yes_or_no(self, words: str) -> bool:
        """Whether cleaned words are a yes or a no."""
        return bool(self.agree.fullmatch(words) or self.refuse.fullmatch(words))

    def say_letter(self, letter: str) -> str:
        """A letter chosen, as said ("the letter P")."""
        return f"{self.letter_said} {letter}"


_LETTER_WORDS = "|".join(sorted((re.escape(name) for name in LETTER_NAMES), key=len,
                                reverse=True))

EN = Grammar(
    letter=re.compile(
        r"(i (choose|pick|want|take|say) |i'?ll (take|choose|have) |let'?s (do|go with|have) )?"
        rf"(the )?(letter )?(?P<l>{_LETTER_WORDS}|[a-z])( please)?"),
    letter_said="the letter",
    more_time=re.compile(
        r"((can|could) we have |we need |i need |let'?s have |give us )?(one |a )?(more|extra) "
        r"(minute|time)( please)?|more time( please)?|turn (the timer|it) (over )?again"),
    more_time_said="one more minute",
    agree=re.compile(rf"(i )?({'|'.join(YES)}|yup|accept|agree(d)?|allow( it)?|fine|ok(ay)?"
                     r"|sure|thumbs up|i vote yes|vote yes|go on)"),
    refuse=re.compile(rf"(i )?({'|'.join(NO)}|nah|reject|disagree|refuse|no way|thumbs down"
                      r"|i vote no|vote no)"),
    agree_said={True: "yes", False: "no"},
    vote_said={True: ("thumbs up", "yes"), False: ("thumbs down", "no")},
    blank=re.compile(
        r"(a )?blank|(i )?pass|nothing|none|no answer|skip|i (don'?t|do not) have (one|anything)"
        r"|i (have|'?ve got|got) nothing|i (didn'?t|did not) (write|get|have) (one|anything)"
        r"|i (don'?t|do not) know|no idea|i give up|i (couldn'?t|could not) think of"
        r" (one|anything)"),
    blank_said=("I pass", "nothing", "no answer", "blank", "pass"),
    filler=re.compile(
        r"(my answer is|i wrote|i put|i have|i'?ve got|i got|mine is|it'?s|it is) "),
    filler_said="my answer is",
    hesitation=re.compile(r"((uh|um|umm|uhm|er|erm|hmm|mm) )+"),
    correction=re.compile(
        r"\s*(?:no\b[\s,.!:;]*(?:it['’]?s|it is|i said|i meant|it was)?|i meant|correction)"
        r"[\s,:;.!]+(?P<rest>\S.*)$", re.IGNORECASE),
    challenge=re.compile(
        r"(i )?challenge( (?P<that>that|it|this|the answer)| (?P<who>.+?)('?s)?( answer)?)?"),
    challenge_said="challenge",
    challenge_last=("challenge", "I challenge that"),
    questions=(
        (r"(what'?s|what is|which is|tell me) the (key )?letter( again)?|(what|which) (key )?"
         r"letter( is it| are we on| is it again)?|(repeat|say) the letter( again)?"
         r"|(the )?(key )?letter\??", "letter"),
        (r"(read|say|repeat|tell us|give us) (me |us )?the (list|categories)( again)?"
         r"|(what|which) are the categories|(which|what) categories|the (list|categories)"
         r"( again)?", "list"),
        (r"(what'?s|what is|which is|tell me) the category( again)?|(which|what) category"
         r"( is it| are we on)?|(the )?category\??|what are we on", "category"),
        (r"(what'?s|what has) been (said|read)( so far)?|(which|what) answers( so far)?"
         r"|(read|say) the answers( again)?|the answers so far", "answers"),
        (r"(what'?s|what is) the score|(the )?scores?|(the )?points|how many points"
         r"( do i have| have i got)?", "score"),
        (r"whose turn( is it)?|who'?s (next|turn|on)|who is (next|on)|where are we",
         "situation"),
    ),
    question_phrases={
        "time_left": ("how much time",),
        "letter": ("what's the letter",),
        "list": ("read the list again",),
        "category": ("what's the category", "which category"),
        "score": ("score",),
        "situation": ("whose turn",),
        "answers": ("what's been said",),
    },
)
"""The English words of the game (the core's questions are English already)."""

GRAMMARS = {"en": EN}
