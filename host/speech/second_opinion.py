"""Recognising twice when the first is unsure: a quick recognizer hears every utterance, and a
bigger one hears again the utterances the quick one took no choice for, or took one unsure."""

from __future__ import annotations

from collections.abc import Sequence

from host.speech.ports import SAMPLE_RATE, Recognizer, Transcript


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
        """The quick recognizer's sure choice, else what the careful one hears."""
        first = self.quick.transcribe(pcm, sample_rate)
        if first.text and not first.unsure:
            return first
        return self.careful.transcribe(pcm, sample_rate)
