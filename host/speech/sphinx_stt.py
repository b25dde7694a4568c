"""PocketSphinx recognizer: the embedded default, English model from the pocketsphinx wheel."""

from __future__ import annotations

import contextlib
import random
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from host.speech import pronounce
from host.speech.ports import SAMPLE_RATE, Transcript
from host.speech.wavio import from_pcm, resample_pcm, to_pcm

_SAFE_WORD = re.compile(r"^[a-z]+$")


class ModelMissingError(RuntimeError):
    """The speech model files are not where they should be."""


@dataclass(frozen=True)
class SphinxTuning:
    """Knobs of the grammar search, calibrated by `partyhost bench speech`."""

    distractors: int = 500
    """At most this many other dictionary words stand for 'none of these' in the grammar."""
    per_choice: int = 8
    """Distractors per choice (small choice sets get fewer, so they are not drowned)."""
    min_distractors: int = 40
    """Never fewer distractors than this."""
    silprob: float = 0.3
    """Silence transition probability (model default 0.005); higher lets pauses and noise
    around the word be silence rather than part of a wrong choice (bench: 10 dB babble)."""
    fillprob: float = 0.1
    """Filler ([NOISE], [SPEECH]) transition probability (default 1e-8): babble goes there."""
    adapt_channel: bool = False
    """Carry the cepstral mean from utterance to utterance (live CMN, no spectral subtraction)
    instead of each utterance's own mean. Better once a few dozen utterances came through one
    microphone (measured by the bench), worse on the first few and order-dependent. Not on by
    default: with several people taking turns (the demo, seed 3) it understood no more (0.295
    against 0.288) and misheard more (71 against 49 of ~680), and after two longer lines it
    rejected a short "quit" that each utterance's own mean accepts."""
    min_distance: float = 0.34
    """Distractors must differ from every choice word by more than this phone edit distance."""
    noise_floor: float = 50.0
    """Standard deviation (int16 units, about -56 dBFS) of the hiss added to every utterance.
    Digital silence (exact zeros from synthesizers, files, muted inputs) wrecks the front end's
    noise estimate and log spectra; a real microphone's own hiss never reaches zero. Measured
    with 8 distractors per choice: espeak voices saying the demo's moves 7% -> 40% right, human
    speech 71% -> 73% clean, 52% -> 58% in 20 dB babble, false accepts 17% -> 8%. Louder hiss
    (100) rejects short words ("quit", "yes") in the voice loop."""


def default_model_dir() -> Path:
    """The en-us model shipped inside the pocketsphinx wheel."""
    import pocketsphinx

    return Path(pocketsphinx.get_model_path()) / "en-us"


class SphinxRecognizer:
    """Recognizer port on PocketSphinx: JSGF grammar of the choices plus a garbage loop."""

    name = "sphinx"

    def __init__(self, model_dir: str | Path | None = None, *, reject: bool = True,
                 tuning: SphinxTuning | None = None, voice: str = "en-us") -> None:
        """Load the acoustic model, dictionary and language model (once)."""
        import pocketsphinx

        root = Path(model_dir) if model_dir else default_model_dir()
        hmm, dic, lm = root / "en-us", root / "cmudict-en-us.dict", root / "en-us.lm.bin"
        for path in (hmm, dic, lm):
            if not path.exists():
                raise ModelMissingError(
                    f"PocketSphinx model file {path} is missing; reinstall it with "
                    "`.venv/bin/pip install --force-reinstall pocketsphinx`")
        self.reject = reject
        self.tuning = tuning or SphinxTuning()
        self.voice = voice
        self._params_dir = tempfile.TemporaryDirectory(prefix="partyhost-sphinx-")
        overrides = {"cmn": "live", "remove_noise": "no"} if self.tuning.adapt_channel else {}
        featparams = _front_end(hmm / "feat.params", Path(self._params_dir.name), overrides)
        self._decoder = pocketsphinx.Decoder(hmm=str(hmm), dict=str(dic), lm=str(lm),
                                             featparams=str(featparams), loglevel="ERROR",
                                             silprob=self.tuning.silprob,
                                             fillprob=self.tuning.fillprob)
        self._lm_search = self._decoder.current_search()
        self._initial_cmn = self._decoder.get_cmn()
        self._added: set[str] = set()
        self._choices: dict[tuple[str, ...], str] = {}
        self._search = self._lm_search
        self._pool = _distractor_pool(dic)

    def set_choices(self, choices: Sequence[str] | None) -> None:
        """Constrain recognition to these phrases; None means free decoding."""
        if choices is None:
            self._choices = {}
            self._search = self._lm_search
            return
        tokenized = [(phrase, pronounce.tokenize(phrase)) for phrase in choices]
        self._add_missing({w for _, words in tokenized for w in words})
        wanted: dict[tuple[str, ...], str] = {}
        for phrase, words in tokenized:
            if words:
                wanted.setdefault(tuple(self._key(w) for w in words), phrase)
        if not wanted:
            raise ValueError("set_choices needs at least one phrase with a word in it")
        if wanted == self._choices and self._search != self._lm_search:
            return  # same vocabulary as now: keep the compiled grammar
        self._choices = wanted
        # Two grammar slots used in turn, so a long session does not pile up searches.
        name = "choices_b" if self._search == "choices_a" else "choices_a"
        with contextlib.suppress(KeyError, RuntimeError):
            self._decoder.remove_search(name)
        self._decoder.add_jsgf_string(name, self._grammar())
        self._search = name

    def transcribe(self, pcm: bytes, sample_rate: int = SAMPLE_RATE) -> Transcript:
        """Recognise one whole utterance; with choices, exactly one choice or ""."""
        if sample_rate != SAMPLE_RATE:
            pcm = resample_pcm(pcm, sample_rate, SAMPLE_RATE)
        pcm = with_hiss(pcm, self.tuning.noise_floor)
        decoder = self._decoder
        if decoder.current_search() != self._search:
            decoder.activate_search(self._search)
        self._decode(pcm)
        hyp = decoder.hyp()
        words = tuple(hyp.hypstr.split()) if hyp else ()
        confidence = float(hyp.prob) if hyp else None
        if not self._choices:
            return Transcript(" ".join(_plain(w) for w in words), self.name, confidence)
        phrase = self._choices.get(words, "")
        return Transcript(phrase, self.name, confidence if phrase else None)

    def reset_channel(self) -> None:
        """Forget the learnt channel mean (with adapt_channel, when the microphone changes)."""
        self._decoder.set_cmn(self._initial_cmn)

    def _decode(self, pcm: bytes) -> None:
        """Run the active search over one whole utterance."""
        self._decoder.start_utt()
        self._decoder.process_raw(pcm, full_utt=True)
        self._decoder.end_utt()

    def _key(self, word: str) -> str:
        """The dictionary entry (and grammar token) that stands for `word`."""
        if _SAFE_WORD.match(word) and len(word) > 1 and self._decoder.lookup_word(word):
            return word
        return word if _SAFE_WORD.match(word) and len(word) > 1 else _internal_name(word)

    def _add_missing(self, words: set[str]) -> None:
        """Give every word a dictionary entry: the dictionary's own pronunciation when it has
        one (under a grammar-safe key), else one generated by espeak-ng (one batch)."""
        missing = []
        for word in sorted(words):
            key = self._key(word)
            if key in self._added or (key == word and self._decoder.lookup_word(word)):
                continue
            known = self._decoder.lookup_word(word) if len(word) > 1 else None
            if known:
                self._decoder.add_word(key, known, False)
                self._added.add(key)
            else:
                missing.append(word)
        for word, phones in pronounce.generate(missing, self.voice).items():
            self._decoder.add_word(self._key(word), " ".join(phones), False)
            self._added.add(self._key(word))

    def _grammar(self) -> str:
        """JSGF: the choices, or (when rejecting) a weighted loop of phones meaning 'none'."""
        alts = " | ".join(" ".join(words) for words in self._choices)
        lines = ["#JSGF V1.0;", "grammar choices;", f"<choice> = {alts};"]
        distractors = self._distractors() if self.reject else []
        if distractors:
            lines.append(f"<other> = {' | '.join(distractors)};")
            # (JSGF weights barely move PocketSphinx here, so the count of distractors is the knob.)
            lines.append("public <top> = <choice> | <other>;")
        else:
            lines.append("public <top> = <choice>;")
        return "\n".join(lines) + "\n"


    def _distractors(self) -> list[str]:
        """Dictionary words that sound like none of the choices' words."""
        from rapidfuzz.distance import Levenshtein

        used = {w for words in self._choices for w in words}
        sounds = [self._decoder.lookup_word(w).split() for w in used]
        t = self.tuning
        wanted = min(t.distractors, max(t.min_distractors, t.per_choice * len(self._choices)))
        picked: list[str] = []
        for word in self._pool:
            if len(picked) >= wanted:
                break
            phones = self._decoder.lookup_word(word).split()
            near = any(Levenshtein.normalized_distance(phones, s) <= self.tuning.min_distance
                       for s in sounds)
            if word not in used and not near:
                picked.append(word)
        return picked


def with_hiss(pcm: bytes, level: float) -> bytes:
    """PCM with steady white noise of standard deviation `level` added (the same noise for the
    same length, so recognition stays reproducible)."""
    if level <= 0 or not pcm:
        return pcm
    samples = from_pcm(pcm)
    hiss = np.random.default_rng(samples.size).normal(0.0, level / 32768, samples.size)
    return to_pcm(samples + hiss.astype(np.float32))


def _front_end(model_params: Path, folder: Path, overrides: dict[str, str]) -> Path:
    """Write a copy of the model's feat.params with some settings replaced."""
    lines = []
    for line in model_params.read_text(encoding="utf-8").splitlines():
        key = line.split(maxsplit=1)[0].lstrip("-") if line.strip() else ""
        if key not in overrides:
            lines.append(line)
    lines += [f"-{key} {value}" for key, value in overrides.items()]
    path = folder / "feat.params"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _distractor_pool(dictionary: Path, size: int = 1000) -> list[str]:
    """An evenly spread sample of ordinary dictionary words (plain 3-8 letter entries)."""
    with dictionary.open(encoding="utf-8") as fh:
        words = [w for w in (line.split(" ", 1)[0] for line in fh)
                 if _SAFE_WORD.match(w) and 3 <= len(w) <= 8]
    step = max(1, len(words) // size)
    pool = words[::step]
    random.Random(len(pool)).shuffle(pool)  # fixed order, but not alphabetical
    return pool


def _internal_name(word: str) -> str:
    """A JSGF-safe dictionary key for a word that is not plain a-z (or is a single letter)."""
    if len(word) == 1 and word.isalpha() and word.isascii():
        return f"letter_{word}"
    return "oov_" + "".join(f"{ord(c):x}" if not c.isascii() or not c.isalnum() else c
                            for c in word)


def _plain(word: str) -> str:
    """Drop pocketsphinx's alternate-pronunciation suffix: 'zero(2)' -> 'zero'."""
    return word.split("(", 1)[0]
