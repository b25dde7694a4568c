"""What a recognizer heard, as tests build it: the likeliest choices with their probabilities
and the free transcript with its own, at probabilities midway between the hearing's levels
(host.core.hearing), so that retuning a level keeps what each test means."""

from __future__ import annotations

from host.core.hearing import ASK_BACK, TAKE_COSTLY, TAKE_MOVE, TAKE_QUESTION
from host.speech.ports import Hypothesis, Transcript

SURE = (TAKE_COSTLY + 1.0) / 2
"""Sure enough for anything."""
LIKELY = (TAKE_MOVE + TAKE_COSTLY) / 2
"""Enough to play an ordinary move, not a costly one."""
HALF = (max(ASK_BACK, TAKE_QUESTION) + TAKE_MOVE) / 2
"""Enough to ask a move back, or to answer a question; not to play a move (heard unsure)."""
WEAK = (ASK_BACK + TAKE_QUESTION) / 2
"""Enough to ask a move back; not to answer a question."""
LOW = ASK_BACK / 2
"""Too weak to ask back."""
_odds = TAKE_MOVE / (1 - TAKE_MOVE)
TWICE = _odds ** 0.75 / (1 + _odds ** 0.75)
"""Too weak to play a move once, enough when heard twice (the odds multiply)."""


def heard(*likeliest: tuple[str, float], free: str = "", free_p: float = 0.0) -> Transcript:
    """A transcript with these likeliest choices (text, p), best first, and free transcript."""
    hypotheses = tuple(Hypothesis(text, p) for text, p in likeliest)
    return Transcript(hypotheses[0].text if hypotheses else "", "whisper", free=free,
                      likeliest=hypotheses, free_p=free_p)
