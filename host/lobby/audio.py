"""The lobby's voices: the recognizer and synthesizer of each language, loaded once (as
`partyhost play` builds them; the table's audio is host.voice.open_audio's)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from host.speech.ports import AudioOut, Recognizer
from host.voice import Mouth


class Voices:
    """The recognizer and the host's voice for each language, built on first use."""

    def __init__(self, args: argparse.Namespace, outputs: Sequence[AudioOut]) -> None:
        self.args = args
        self.outputs = outputs
        self.recognizers: dict[str, Recognizer] = {}
        self.mouths: dict[str, Mouth] = {}

    def recognizer(self, lang: str) -> Recognizer:
        """The recognizer for `lang` (Whisper tiny.en for English, base for French)."""
        from host.speech.stt import recognizer_from

        if lang not in self.recognizers:
            self.recognizers[lang] = recognizer_from(self.args, lang)
        return self.recognizers[lang]

    def requests(self, lang: str = "en") -> Recognizer:
        """The ear for requests to the lobby in `lang`: the quick model alone even with
        --second-opinion (the lobby takes only a choice heard sure, and hears the room all day:
        a second opinion would cost a bigger model's time on every sentence of a television)."""
        from host.speech.second_opinion import SecondOpinion

        ear = self.recognizer(lang)
        return ear.quick if isinstance(ear, SecondOpinion) else ear

    def mouth(self, lang: str) -> Mouth:
        """The host's voice in `lang`, with a cache of the lines it says often."""
        from host.speech.cache import CachedSynthesizer
        from host.speech.tts import make_synthesizer

        if lang not in self.mouths:
            synthesizer = make_synthesizer(self.args.tts, self.args.voice, lang)
            self.mouths[lang] = Mouth(CachedSynthesizer(synthesizer), self.outputs)
        return self.mouths[lang]
