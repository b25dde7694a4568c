"""Recognising twice when the first is unsure: a quick recognizer hears every utterance, and a
bigger one hears again the utterances whose likeliest choice the quick one is not sure enough of
to play. Two models that agree are believed; the bigger one alone is asked back."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from host.core.hearing import TAKE_MOVE
from host.speech.ports import SAMPLE_RATE, Recognizer, Transcript

DOUBTED = TAKE_MOVE - 0.05
"""The most a choice the careful model heard and the quick one did not may be believed: below
the level a move is played at (host.core.hearing.TAKE_MOVE), so the host asks it back."""


class SecondOpinion:
    """Recognizer port on two recognizers: `quick` first, `careful` when `quick` is unsure."""

    def __init__(self, quick: Recognizer, careful: Recognizer) -> None:
        self.quick = quick
        self.careful = careful
        self.name = quick.name

    def set_choices(self, choices: Sequence[str] | None) -> None:
        """Constrain both recognizers to these phrases; None means free decoding."""
        self.quick.set_choices(choices)
        self.careful.set_choices(choices)

    def transcribe(self, pcm: bytes, sample_rate: int = SAMPLE_RATE) -> Transcript:
        """The quick recognizer's transcript when its likeliest choice's p clears TAKE_MOVE,
        else the careful one's; when the careful one's likeliest choice is not the quick one's,
        its choices' p are capped at DOUBTED, so that the host asks back an ordinary move
        rather than play it (its free transcript is left as heard). With the engines'
        former thresholds, of the bench's 48 recorded words that are none of its 70 choices,
        in 10 dB babble, the careful model took 5 outright, 4 of them heard otherwise or not
        at all by the quick one ("location" as "goodbye", "Sunday" as "three")."""
        first = self.quick.transcribe(pcm, sample_rate)
        if first.p >= TAKE_MOVE:
            return first
        second = self.careful.transcribe(pcm, sample_rate)
        if second.text and second.text != first.text:
            doubted = tuple(replace(h, p=min(h.p, DOUBTED)) for h in second.hypotheses)
            return replace(second, likeliest=doubted)
        return second
