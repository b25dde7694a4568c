"""Vosk recognizer: any Vosk model directory, runtime grammar of the choices, partial results."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from host.speech import pronounce
from host.speech.ports import SAMPLE_RATE, Transcript
from host.speech.wavio import resample_pcm

UNK_TOKENS = ("[unk]", "<UNK>", "<unk>")


class VoskModelError(RuntimeError):
    """The Vosk model directory is missing or is not a Vosk model."""


def is_vosk_model(path: Path) -> bool:
    """True when `path` looks like an unpacked Vosk model directory."""
    return (path / "am" / "final.mdl").is_file() or (path / "conf" / "model.conf").is_file()


class VoskRecognizer:
    """Recognizer port on Vosk (Kaldi): free decoding or a grammar of the choices plus <unk>."""

    name = "vosk"

    def __init__(self, model_path: str | Path) -> None:
        """Load the model once; recognizers for each utterance are cheap."""
        import vosk

        path = Path(model_path)
        if not path.is_dir() or not is_vosk_model(path):
            raise VoskModelError(
                f"{path} is not a Vosk model directory; get one with "
                "`partyhost models fetch vosk-small-en` or pass --vosk-model PATH")
        vosk.SetLogLevel(-1)
        self._vosk = vosk
        self._model = vosk.Model(str(path))
        self.unk = next((t for t in UNK_TOKENS if self._model.vosk_model_find_word(t) >= 0), None)
        self._choices: dict[tuple[str, ...], str] = {}
        self._grammar: str | None = None
        self.missing_words: list[str] = []
        """Words of the last choices the model does not know (their phrases were left out)."""
        self._rec: Any = None

    def knows(self, word: str) -> bool:
        """True when the word is in the model's vocabulary."""
        return bool(self._model.vosk_model_find_word(word) >= 0)

    def set_choices(self, choices: Sequence[str] | None) -> None:
        """Constrain recognition to these phrases (words unknown to the model are dropped)."""
        if choices is None:
            self._choices, self._grammar = {}, None
            return
        self._choices = {}
        self.missing_words = []
        for phrase in choices:
            words = tuple(pronounce.tokenize(phrase))
            unknown = [w for w in words if not self.knows(w)]
            self.missing_words += unknown
            if words and not unknown:
                self._choices.setdefault(words, phrase)
        phrases = [" ".join(words) for words in self._choices]
        if self.unk:
            phrases.append(self.unk)
        self._grammar = json.dumps(phrases, ensure_ascii=False)

    def start(self, sample_rate: int = SAMPLE_RATE) -> None:
        """Begin a streamed utterance."""
        args: list[Any] = [self._model, float(sample_rate)]
        if self._grammar is not None:
            args.append(self._grammar)
        self._rec = self._vosk.KaldiRecognizer(*args)

    def feed(self, pcm: bytes) -> str:
        """Feed more audio of the streamed utterance; return the partial text so far."""
        if self._rec is None:
            self.start()
        if self._rec.AcceptWaveform(pcm):
            return self._clean(json.loads(self._rec.Result()).get("text", ""))
        return self._clean(json.loads(self._rec.PartialResult()).get("partial", ""))

    def finish(self) -> Transcript:
        """End the streamed utterance and return what was heard."""
        if self._rec is None:
            self.start()
        raw = str(json.loads(self._rec.FinalResult()).get("text", ""))
        self._rec = None
        if self._grammar is None:
            return Transcript(self._clean(raw), self.name)
        if any(w in UNK_TOKENS for w in raw.split()):
            return Transcript("", self.name)  # something outside the choices was said
        return Transcript(self._choices.get(tuple(raw.split()), ""), self.name)

    def transcribe(self, pcm: bytes, sample_rate: int = SAMPLE_RATE) -> Transcript:
        """Recognise one whole utterance of int16 mono PCM."""
        if sample_rate != SAMPLE_RATE:
            pcm = resample_pcm(pcm, sample_rate, SAMPLE_RATE)
        self.start(SAMPLE_RATE)
        self.feed(pcm)
        return self.finish()

    def _clean(self, text: str) -> str:
        """Drop unknown-word markers from an engine result."""
        return " ".join(w for w in text.split() if w not in UNK_TOKENS)
