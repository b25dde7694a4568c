"""Short List's words, per language: how players pass, claim a turn, frame an answer and ask the
host (host.games.short_list.talk parses, says and offers them; nothing else spells them)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from host.core.talk import NO, YES


@dataclass(frozen=True)
class Grammar:
    """One language's words for the moves and the questions (cleaned words unless raw)."""

    passes: str
    """A pass as players say it, and as the recognizer is offered it."""
    pass_pattern: re.Pattern[str]
    """A pass said in full, in any of its ways ("I pass", "no idea")."""
    claim: str
    """"It's my turn!": the claim that comes with a jump, before the jumper's name."""
    claim_pattern: re.Pattern[str]
    """The claim at the start of the raw text, with what follows it up to the answer."""
    claim_inside: re.Pattern[str]
    """Words, then the claim (raw text): a claim after words that name nobody seated."""
    filler: str
    """What a guesser says before an answer that would otherwise be heard as something else."""
    filler_pattern: re.Pattern[str]
    """Words a guesser may put before the answer; only the first is taken off."""
    questions: tuple[tuple[str, str], ...]
    """Each question for the host: (what it is said as, its kind)."""
    question_phrases: dict[str, tuple[str, ...]]
    """Each question as the recognizer is offered it, by kind (each one parses to its kind)."""
    not_names: frozenset[str]
    """Words said before a comma that are no one's name ("Okay, it's my turn")."""


EN = Grammar(
    passes="pass",
    pass_pattern=re.compile(r"(i )?pass|(i )?skip|no idea|i (don'?t|do not) know|i give up"),
    claim="it's my turn",
    claim_pattern=re.compile(r"\s*(?:it['’]?s |it is )?my turn\b[\s,:;.!]*", re.IGNORECASE),
    claim_inside=re.compile(r"\S.*?\bmy turn\b", re.I | re.S),
    filler="my answer is",
    filler_pattern=re.compile(
        r"(is it|i'?ll say|i will say|i say|i think it'?s|i think it is|i think|my answer is"
        r"|how about|it'?s|it is) "),
    questions=(
        (r"how many (answers |more )?(are )?(left|to go|remaining|still to find)"
         r"|how many answers|how many (are )?left to find", "answers_left"),
        (r"(what was|what'?s|what is) the question( again)?|(repeat|read( me)?) the question"
         r"( again)?|which question|the question", "question"),
        (r"(what'?s|what has) been (said|found)( so far)?|what have we (had|said|found)"
         r"( so far)?|(which|what) answers( have been (said|given|found))?( so far)?",
         "said_so_far"),
        (r"(what'?s|what is) the score|(the )?scores?|(my |the )?(points|crystals)"
         r"|how many (points|crystals)( do i have| have i got| does \w+ have| has \w+( got)?)?",
         "score"),
        (r"whose turn( is it)?|who'?s (next|turn|on|out)|who is (next|on|out)|where are we"
         r"|is it my turn( now| yet)?|am i (next|on)", "situation"),
    ),
    question_phrases={
        "answers_left": ("how many left", "how many answers left"),
        "question": ("what was the question", "repeat the question"),
        "said_so_far": ("what has been said", "which answers"),
        "score": ("score",),
        "situation": ("whose turn",),
    },
    not_names=frozenset({*YES, *NO, "ok", "okay", "well", "so", "um", "uh", "er", "erm", "oh",
                         "ah", "hey", "hmm", "right", "and", "but", "now", "alright", "wait",
                         "sorry", "look", "listen", "see"}),
)
"""The English words of the game (the core's questions are English already)."""

GRAMMARS = {"en": EN}
