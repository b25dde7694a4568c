"""Whisper recognizer (faster-whisper models on CTranslate2): the embedded default ear.

Free decoding is CTranslate2's greedy search. With choices set, every expected phrase is scored
against the audio (forced decoding, as Whisper would write the lone utterance: " Ball."), each
score less a share of the same phrase's score on a quiet room's murmur (what Whisper likes
whatever was said). The likeliest phrases and the free transcript come back each with the
probability that it is what was said, from what the engine measured of it through the fitted
calibration (host.speech.calibration); what to do with them is the host's decision
(host.core.hearing.decide).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from host.judge.text import words
from host.speech.babble import pink_noise
from host.speech.calibration import Calibration, calibration_for
from host.speech.cores import engine_threads
from host.speech.phrase_search import Path as TokenPath
from host.speech.phrase_search import PhraseTrie, best_forms, search, search_beside
from host.speech.ports import SAMPLE_RATE, FreeMeasures, Hypothesis, Measures, Transcript
from host.speech.pronounce import differing_likeness, heard_likeness
from host.speech.wavio import from_pcm, resample_pcm
from host.speech.whisper_decoder import KeysValues, WhisperDecoder


@dataclass(frozen=True)
class WhisperTuning:
    """Knobs of the phrase scoring (how the engine measures, not what the host decides)."""

    window_seconds: int = 10
    """Encoder window: 10 s loses nothing against Whisper's 30 s at an eighth of the cost;
    4 s lost 4 of 70 clean utterances."""
    prior_weight: float = 0.5
    """Share of a phrase's score on `prior_noise` subtracted from its score: Whisper's own
    liking for a phrase, whatever the audio, is what wins in babble (the issue's prototype on
    human speech in 10 dB babble: 51% right without it, 73% with half; this scorer: 84% with
    half, priors on silence)."""
    prior_noise: float = 0.01
    """RMS level of the pink noise (one second) the priors are scored on; 0 scores them on
    digital silence. On silence Whisper expects a few phrases ("Thank you.") and finds every
    long word equally unlikely, so subtracting that prior favours long rare choices: a
    Scottish espeak-ng voice's "challenge" is heard as "Tallahassee" or "Chardonnay". At 0.01,
    replaying the Crack List demo's utterances (seeds 2 and 5, 20 dB babble) gave 233 of 263
    and 347 of 416 right, sure or asked back, against 215 and 334 on silence, and the demo
    understood seeds 1 to 5 at 0.899, 0.936, 0.881, 0.932, 0.938 (silence: 0.912, 0.886,
    0.920, 0.932, 0.861). A guess off a Short List card ("Argentina") then comes back as an
    unsure card answer ("Austria") rather than none: the host asks for it again and, freely
    heard as the same words twice, asks those back (host.core.hearing.decide)."""
    beam: int = 16
    """Contexts kept at each depth of the phrase trie."""
    no_repeat_ngram: int = 3
    """Forbid repeated 3-grams in the free decoding: a looping transcript ("Location Location
    ...") scores so low that any phrase would look likely beside it."""


FRENCH_TUNING = WhisperTuning(prior_weight=0.75, prior_noise=0.0)
"""The multilingual model hearing French: Crack Word's moves are long phrases that share most
of their words ("R à gauche de la ligne deux, pour …"), and with half of the prior the short
phrases ("ma main", "je passe") won over them. Bots' moves of the French demo (80, 20 dB
babble) were right 36% of the time with half, 74% with three quarters, 75% with 0.9 (the
asterisk French recordings: clean 79%, 82%, 85%; 20 dB 79%, 79%, 78%); the French demo, 3
players, seed 1, understood 0.475 with half and 0.78 with three quarters. In English, three
quarters loses: human words at 10 dB 86% with half, 79% with three quarters.
Its priors stay on silence, as all this was measured (a French demo game takes half an hour
here, and none was replayed with priors on noise)."""
TUNINGS = {"fr": FRENCH_TUNING}
"""The tuning of each language the multilingual model hears, where it is not the default."""

MARGIN_CAP = 10.0
"""A lead over the rival beyond this adds no more evidence (one choice set may hold a
single plausible phrase)."""
LIKELIEST = 9
"""How many of the likeliest choices come back weighed: enough that a move is among them when
the host's short questions lead (a French placement said nine times running was heard as
"règles", whose words decoding freely did not hear, and the placement was not among the next
three, all questions too)."""
PRIORS_KEPT = 10_000
"""How many written forms' priors a recognizer remembers, each with a score per token (about
12 MB for forms of 8 to 22 tokens): the lobby's and a few games' worth of answers. Past it the
forms offered least recently are forgotten, to be scored again if they come back: `partyhost
serve` offers new answers game after game."""
PRIOR_BATCH = 100
"""New forms scored on the prior's noise at a time: 1,500 first names at once took a
gigabyte of scratch memory for a moment, 200 at a time about 150 MB in no more time; 100 at
a time take 70 MB, in 3% more (600 first names: 1.60 s, against 1.55 s by 200 and 1.95 s by
50, whose 40 MB were not worth it). It was the peak of a game in `serve`."""
TOKENS_PER_SECOND = 6
"""A free transcript longer than this many tokens a second of audio is a hallucination loop."""


class WhisperRecognizer:
    """Recognizer port on a faster-whisper model directory."""

    name = "whisper"

    def __init__(self, model_dir: str | Path, *, lang: str = "en",
                 tuning: WhisperTuning | None = None, threads: int | None = None) -> None:
        """Load the model once (int8 on the CPU) and its decoder for phrase scoring."""
        import ctranslate2
        import tokenizers
        from faster_whisper.feature_extractor import FeatureExtractor
        from faster_whisper.tokenizer import Tokenizer

        self.model_dir = Path(model_dir)
        cores = threads or engine_threads()
        self._model = ctranslate2.models.Whisper(str(self.model_dir), device="cpu",
                                                 compute_type="int8", intra_threads=cores)
        self.lang = lang.split("-")[0].split("_")[0] if self._model.is_multilingual else "en"
        self.tuning = tuning or TUNINGS.get(self.lang, WhisperTuning())
        self._tokenizer = Tokenizer(
            tokenizers.Tokenizer.from_file(str(self.model_dir / "tokenizer.json")),
            self._model.is_multilingual, task="transcribe", language=self.lang)
        self.prefix = [*self._tokenizer.sot_sequence, self._tokenizer.no_timestamps]
        self._features = FeatureExtractor(feature_size=self._model.n_mels,
                                          chunk_length=self.tuning.window_seconds)
        self.decoder = WhisperDecoder(self.model_dir)
        self._prior: dict[TokenPath, tuple[float, ...]] = {}
        """Each written form's scores on the prior's noise, one per step of its token path
        (the beam weighs a phrase begun by its beginning's prior), the forms offered last at
        the end."""
        self._bias_of: dict[TokenPath, float] = {}
        """The prior's share subtracted from each path of the choices offered now."""
        self.priors_kept = PRIORS_KEPT
        self._trie: PhraseTrie | None = None
        self._forms_by_words: dict[tuple[str, ...], list[str]] = {}
        """The choices each free transcript (as the judge's words) stands for exactly."""
        self._written: dict[str, frozenset[str]] = {}
        """Each choice's written forms: choices that share one are the same words ("5" and
        "Five")."""
        self.calibration: Calibration | None = calibration_for(
            self.name, self.lang, self.model_dir)
        """The fitted calibration of this model and language, None where none was fitted."""

    def set_choices(self, choices: Sequence[str] | None) -> None:
        """Constrain recognition to these phrases; None means free decoding."""
        if choices is None:
            self._trie = None
            return
        written = {phrase: written_forms(phrase, self.lang) for phrase in choices}
        forms = [(phrase, self.tokens(form)) for phrase, each in written.items() for form in each]
        if not forms:
            raise ValueError("set_choices needs at least one phrase")
        self._trie = PhraseTrie(forms)
        self._written = {phrase: frozenset(each) for phrase, each in written.items()}
        self._forms_by_words = {}
        for phrase, each in written.items():
            for key in {words(form, self.lang) for form in each}:
                self._forms_by_words.setdefault(key, []).append(phrase)
        self._learn_priors(forms)

    def transcribe(self, pcm: bytes, sample_rate: int = SAMPLE_RATE) -> Transcript:
        """Recognise one whole utterance; with choices, the likeliest of them, weighed."""
        if sample_rate != SAMPLE_RATE:
            pcm = resample_pcm(pcm, sample_rate, SAMPLE_RATE)
        audio = from_pcm(pcm)
        encoded = self.encode(audio)
        free_tokens, no_speech, greedy = self._free_decode(encoded, audio.size / SAMPLE_RATE)
        free_text = said_once(self._tokenizer.decode(free_tokens).strip())
        if self._trie is None:
            return Transcript(free_text, self.name, 1.0 - no_speech)
        free = FreeMeasures(no_speech, greedy, len(self.tokens(f" {free_text}")))
        free_p = self._p(free, greedy) if free_text else 0.0
        heard = self._forms_by_words.get(words(free_text, self.lang), [])
        if len(heard) == 1:
            measures = Measures(heard[0], scored=False, no_speech=no_speech,
                                free_confidence=greedy, agrees=True, likeness=1.0, differing=1.0,
                                tokens=free.tokens)
            hypothesis = Hypothesis(heard[0], self._p(measures, greedy), measures)
            return Transcript(heard[0], self.name, 1.0 - no_speech, free=free_text,
                              likeliest=(hypothesis,), free_p=free_p, free_measures=free)
        likeliest = self._weigh(encoded[0], free_tokens, free_text, free, heard)
        best = likeliest[0]
        return Transcript(best.text, self.name, best.measures.posterior if best.measures else None,
                          free=free_text, likeliest=likeliest, free_p=free_p, free_measures=free)

    def _weigh(self, encoded: np.ndarray, free_tokens: list[int], free_text: str,
               free: FreeMeasures, agreeing: list[str]) -> tuple[Hypothesis, ...]:
        """The likeliest choices by the engine's score, each with what was measured of it and
        its probability, the most probable first: the calibration weighs more than the score,
        and a choice behind another may be the likelier (`agreeing`: the choices whose words
        the free transcript is)."""
        assert self._trie is not None
        cross = self.decoder.cross_keys_values(encoded)
        raw, free_score = search_beside(
            self.decoder, cross, self.prefix, self._trie, [*free_tokens, self._tokenizer.eot],
            beam=self.tuning.beam, bias=self._bias)
        forms = best_forms(self._trie, raw, self._bias)
        scores = {phrase: raw[path] - self._bias(path) for phrase, path in forms.items()}
        ranked = sorted(scores, key=scores.__getitem__, reverse=True)[:LIKELIEST]
        shares = _posteriors(scores)
        hypotheses = []
        for phrase in ranked:
            rival = max((v for p, v in scores.items()
                         if not self._written[p] & self._written[phrase]), default=-math.inf)
            lead = scores[phrase] - rival
            path = forms[phrase]
            measures = Measures(
                phrase, scored=True, no_speech=free.no_speech, free_confidence=free.confidence,
                agrees=phrase in agreeing,
                likeness=heard_likeness(free_text, phrase, phrase in agreeing, self.lang),
                differing=heard_likeness(free_text, phrase, phrase in agreeing, self.lang,
                                         differing_likeness),
                tokens=len(path), evidence=(raw[path] - free_score + min(lead, MARGIN_CAP))
                / len(path), lead=lead, posterior=shares[phrase])
            hypotheses.append(Hypothesis(phrase, self._p(measures, shares[phrase]), measures))
        return tuple(sorted(hypotheses, key=lambda hypothesis: hypothesis.p, reverse=True))


    def _p(self, measures: Measures | FreeMeasures, uncalibrated: float) -> float:
        """The calibrated probability that what was measured was said; with no calibration of
        this language, the engine's own figure (`uncalibrated`: a posterior or confidence)."""
        if self.calibration is None:
            return uncalibrated
        return self.calibration.p(measures)

    def tokens(self, written: str) -> list[int]:
        """The token path of one written form, ending with end-of-text."""
        return [*self._tokenizer.encode(written), self._tokenizer.eot]

    def _bias(self, path: TokenPath) -> float:
        """The share of a path's score on the prior's noise that is subtracted from it (every
        path of the choices offered has one: a path weighed without its prior loses its place
        in the beam)."""
        return self._bias_of[path]

    def _learn_priors(self, forms: list[tuple[str, list[int]]]) -> None:
        """Score on the prior's noise the written forms not yet seen (once per form, then
        cached, the forms offered least recently forgotten past `priors_kept`), and weigh
        every path of the forms offered now by them."""
        offered = list(dict.fromkeys(tuple(tokens) for _, tokens in forms))
        new = [path for path in offered if path not in self._prior]
        for batch in range(0, len(new), PRIOR_BATCH):  # each path is scored exactly alone
            some = new[batch: batch + PRIOR_BATCH]
            scores = search(self.decoder, self._prior_noise, self.prefix,
                            PhraseTrie(("", list(path)) for path in some), beam=None)
            for path in some:
                self._prior[path] = tuple(float(scores[path[:step]])
                                          for step in range(1, len(path) + 1))
        for path in offered:  # offered now: the last to be forgotten
            self._prior[path] = self._prior.pop(path)
        while len(self._prior) > max(self.priors_kept, len(offered)):
            del self._prior[next(iter(self._prior))]
        weight = self.tuning.prior_weight
        self._bias_of = {path[:step]: weight * score for path in offered
                         for step, score in enumerate(self._prior[path], 1)}

    @property
    def priors_known(self) -> int:
        """How many written forms' priors are remembered."""
        return len(self._prior)

    @functools.cached_property
    def _prior_noise(self) -> KeysValues:
        """Cross-attention keys and values of the second of noise the priors are scored on."""
        encoded = self.encode(pink_noise(SAMPLE_RATE, self.tuning.prior_noise))
        return self.decoder.cross_keys_values(encoded[0])

    def encode(self, audio: np.ndarray) -> np.ndarray:
        """The encoder's output for the window holding the utterance (float samples)."""
        import ctranslate2

        window = self.tuning.window_seconds * SAMPLE_RATE
        audio = audio[-window * 3:]  # at most Whisper's 30 s
        frames = max(window, math.ceil(audio.size / SAMPLE_RATE) * SAMPLE_RATE) // 160
        mel = self._features(audio, padding=frames * 160 - audio.size + 160)[:, :frames]
        view = ctranslate2.StorageView.from_array(np.ascontiguousarray(mel[None]))
        return np.asarray(self._model.encode(view, to_cpu=True))

    def _free_decode(self, encoded: np.ndarray, seconds: float
                     ) -> tuple[list[int], float, float]:
        """Greedy transcript tokens, the no-speech probability, and the greedy decoding's
        confidence (the exponential of its length-normalised log-probability)."""
        import ctranslate2

        longest = len(self.prefix) + 8 + int(TOKENS_PER_SECOND * seconds)
        result = self._model.generate(ctranslate2.StorageView.from_array(encoded),
                                      [self.prefix], beam_size=1,
                                      max_length=longest, return_no_speech_prob=True,
                                      return_scores=True,
                                      no_repeat_ngram_size=self.tuning.no_repeat_ngram)[0]
        confidence = math.exp(result.scores[0]) if result.scores else 0.0
        return list(result.sequences_ids[0]), float(result.no_speech_prob), confidence


def said_once(text: str) -> str:
    """A free transcript that says the same sentence over ("Argentina. Argentina.") as one, or
    the same words three times over ("Northwest Northwest Northwest"; twice may be a name:
    "Bora Bora"): a short word in babble is often written twice."""
    sentences = [part.strip() for part in re.split(r"(?<=[.!?])\s+", text) if part.strip()]
    if len(sentences) > 1 and len(set(sentences)) == 1:
        return sentences[0]
    tokens = text.split()
    bare = [words(token) for token in tokens]
    for size in range(1, len(tokens) // 3 + 1):
        if len(tokens) % size == 0 and bare == bare[:size] * (len(tokens) // size):
            return " ".join(tokens[:size]).rstrip(",;")
    return text


def written_forms(phrase: str, lang: str = "en") -> list[str]:
    """How Whisper writes the phrase said on its own: leading space, capital, full stop; a
    number also in digits ("forty" -> " 40.")."""
    text = " ".join(phrase.split())
    if not text:
        return []
    text = text[0].upper() + text[1:]
    forms = [f" {text}" if text[-1] in ".!?" else f" {text}."]
    if lang == "fr":
        forms[0] = LONE_LETTER.sub(lambda m: f" {FRENCH_LETTER_WORDS[m[1]]}", forms[0])
        inner = INNER_LETTER.sub(lambda m: FRENCH_LETTER_WORDS[m[1]].lower(), forms[0])
        if inner != forms[0]:
            forms.append(inner)
    digits = _numerals(lang).get(words(text, lang))
    if digits:
        forms.append(f" {digits}.")
    if lang == "en" and text.lower() in LETTER_NAMES:
        forms.append(f" {LETTER_NAMES[text.lower()]}.")
    head, comma, tail = forms[0].partition(", ")
    if comma and tail[:1].isupper():  # after "M, " Whisper writes "mouth" lower-case
        forms.append(f"{head}, {tail[0].lower()}{tail[1:]}")
    return forms


LETTER_NAMES = {"b": "Bee", "c": "See", "i": "Eye", "j": "Jay", "k": "Kay", "o": "Oh",
                "p": "Pee", "q": "Queue", "r": "Are", "t": "Tea", "u": "You", "y": "Why"}
"""English letters that Whisper, hearing one said alone, writes as the word it sounds like."""

LONE_LETTER = re.compile(r"^ ([A-Z])(?= |\.$)")
"""A written form that is, or begins with, a lone capital letter."""
INNER_LETTER = re.compile(r"(?<=[ '])([A-Z])(?=[ ,.!?])")
"""A lone capital letter inside a written form ("sur le R de la ligne deux"), also scored
written as its word: of Crack Word's placements on an identical letter said by the demo's
three French voices in 20 dB babble, 49 of 84 were heard right without, 53 of 84 with."""
FRENCH_LETTER_WORDS = {
    "A": "Ah", "B": "Bé", "C": "C'est", "D": "Dé", "E": "Euh", "F": "Effe", "G": "J'ai",
    "H": "Hache", "I": "Il", "J": "Ji", "K": "Ka", "L": "Elle", "M": "Aime", "N": "Haine",
    "O": "Oh", "P": "Pé", "Q": "Cu", "R": "Air", "S": "Est-ce", "T": "Té", "U": "Hu", "V": "Vé",
    "W": "Double vé", "X": "Ixe", "Y": "Y grec", "Z": "Zed"}
"""French letters written as the words they sound like, for a phrase that is or begins with a
lone letter ("R à gauche de la ligne deux" scored as " Air à gauche …"): the multilingual model
picked the right one of 25 asterisk French letters 22 times written as capitals, 24 times so;
and of 20 letters' Crack Word placements said by the demo's espeak-ng voices in 20 dB babble,
21 of 60 as capitals, 28 with both forms, 32 so."""


@functools.cache
def _numerals(lang: str) -> dict[tuple[str, ...], str]:
    """Spelt-out numbers up to 100, as the judge spells them, to their digits."""
    return {words(str(n), lang): str(n) for n in range(101)}


def _posteriors(scores: dict[str, float]) -> dict[str, float]:
    """Each phrase's share of the probability mass among the phrases scored."""
    values = np.array(list(scores.values()))
    shares = np.exp(values - values.max())
    return dict(zip(scores, (shares / shares.sum()).tolist(), strict=True))
