"""Calibrated hearing: what a recognizer measured of each of its likeliest choices, and of its
free transcript, mapped by logistic regressions to the probability that it is what was said.

The regression is fitted by `scripts/fit_hearing.py` (`partyhost bench calibrate`) on a corpus
the repository rebuilds, and its parameters are data: host/speech/calibration/<engine>-<lang>.json,
with the corpus, the split and the validation figures beside them. A choice taken because the
free transcript was exactly its words was not scored (no evidence, lead or posterior), so each
file holds one regression per path: `scored` and `exact` for choices, `free` for the free
transcript.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from host.speech.ports import FreeMeasures, Measures

log = logging.getLogger(__name__)

FIT_SCRIPT = "scripts/fit_hearing.py"
"""The script that fits the calibrations (also `partyhost bench calibrate`)."""
LEAD_CAP = 10.0
"""A lead over the rival beyond this says no more (infinite when there is no rival)."""
EVIDENCE_FLOOR = -20.0
"""Evidence below this says no less: the regression is not asked to extrapolate so far."""


def _scored(value: float | None) -> float:
    """A measure only scored choices have (the exact path never reaches these features)."""
    if value is None:
        raise ValueError("this feature needs a scored choice")
    return value


FEATURES: dict[str, Callable[[Measures], float]] = {
    "evidence": lambda m: max(_scored(m.evidence), EVIDENCE_FLOOR),
    "lead": lambda m: min(_scored(m.lead), LEAD_CAP),
    "posterior": lambda m: _scored(m.posterior),
    "no_speech": lambda m: m.no_speech,
    "free_confidence": lambda m: m.free_confidence,
    "agrees": lambda m: float(m.agrees),
    "likeness": lambda m: m.likeness,
    "differing": lambda m: m.differing,
    "log_tokens": lambda m: math.log(m.tokens),
}
"""Every feature a choice's regression may use, read off its measures."""
FREE_TOKENS_CAP = 8
"""A free transcript longer than this many tokens is weighed as this long: the corpus's are
short words and phrases (nine in ten of at most six tokens), whose long transcripts are
hallucinations, so its regression says nothing of a long answer said whole ("Harry Potter and
the Chamber of Secrets", written right, was weighed at p 0.1)."""
FREE_FEATURES: dict[str, Callable[[FreeMeasures], float]] = {
    "no_speech": lambda m: m.no_speech,
    "confidence": lambda m: m.confidence,
    "log_tokens": lambda m: math.log(min(max(m.tokens, 1), FREE_TOKENS_CAP)),
}
"""Every feature the free transcript's regression may use."""
PATHS = ("scored", "exact", "free")
"""The regressions: a choice scored, a choice taken as the free transcript's exact words, and
the free transcript itself."""


def path_of(measures: Measures | FreeMeasures) -> str:
    """Which regression hears these measures."""
    if isinstance(measures, FreeMeasures):
        return "free"
    return "scored" if measures.scored else "exact"


def feature_row(features: Sequence[str], measures: Measures | FreeMeasures) -> np.ndarray:
    """The named features of one utterance's measures."""
    if isinstance(measures, FreeMeasures):
        return np.array([FREE_FEATURES[name](measures) for name in features])
    return np.array([FEATURES[name](measures) for name in features])


class CalibrationMissing(FileNotFoundError):
    """No calibration was fitted for this engine and language."""


@dataclass(frozen=True)
class Logistic:
    """A logistic regression on standardised features: p = 1 / (1 + exp(-(w . z + b))), with
    z = (x - means) / scales, each feature held within the range the fit saw (`lows` to
    `highs`): a regression fitted on short words says nothing of a phrase of twelve tokens,
    and a line drawn through the words' lengths weighed an eight-token placement written
    exactly by the free decoding at p 0.04."""

    features: tuple[str, ...]
    means: np.ndarray
    scales: np.ndarray
    weights: np.ndarray
    bias: float
    lows: np.ndarray
    highs: np.ndarray

    def probability(self, x: np.ndarray) -> np.ndarray:
        """The probability of each row of raw features (rows, features)."""
        seen = np.clip(np.asarray(x, dtype=np.float64), self.lows, self.highs)
        return _sigmoid((seen - self.means) / self.scales @ self.weights + self.bias)

    def row(self, measures: Measures | FreeMeasures) -> np.ndarray:
        """The raw feature row of one utterance's measures."""
        return feature_row(self.features, measures)

    def to_json(self) -> dict[str, Any]:
        """The parameters as plain JSON values."""
        return {"features": list(self.features), "means": self.means.tolist(),
                "scales": self.scales.tolist(), "weights": self.weights.tolist(),
                "bias": self.bias, "lows": self.lows.tolist(), "highs": self.highs.tolist()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Logistic:
        """The regression written by `to_json`; unknown features are an error."""
        unknown = [name for name in data["features"]
                   if name not in FEATURES and name not in FREE_FEATURES]
        if unknown:
            raise ValueError(f"unknown calibration features {unknown}")
        keys = ("means", "scales", "weights", "lows", "highs")
        missing = [key for key in keys if key not in data]
        if missing:
            raise ValueError(f"the calibration lacks {missing}: refit it with "
                             f"`python {FIT_SCRIPT}`")
        means, scales, weights, lows, highs = (np.asarray(data[key], dtype=np.float64)
                                               for key in keys)
        if any(a.shape != (len(data["features"]),) for a in (means, scales, weights, lows,
                                                                 highs)):
            raise ValueError("calibration means, scales, weights and ranges must match its "
                             "features")
        return cls(tuple(data["features"]), means, scales, weights, float(data["bias"]),
                   lows, highs)


def _sigmoid(eta: np.ndarray) -> np.ndarray:
    """The logistic function, without overflow warnings."""
    return np.asarray(0.5 * (1.0 + np.tanh(0.5 * eta)))


BIAS_PENALTY = 0.01
"""The bias's share of the L2 penalty: barely any, but enough that a path whose utterances
were all right (or all wrong) gets a finite bias."""


def fit_logistic(x: np.ndarray, y: np.ndarray, features: Sequence[str], *,
                 l2: float = 1.0, iterations: int = 100,
                 sample_weights: np.ndarray | None = None) -> Logistic:
    """Fit a logistic regression by Newton's method (IRLS) with an L2 penalty of `l2` on the
    standardised weights (and a hundredth of it on the bias); y holds 0 and 1, and each row
    counts `sample_weights` times (once by default; the weights' mean should be 1)."""
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    if x.ndim != 2 or x.shape != (y.size, len(features)):
        raise ValueError(f"{x.shape} features for {y.size} labels and {len(features)} names")
    counts = np.ones(y.size) if sample_weights is None else np.asarray(sample_weights, float)
    means = np.average(x, axis=0, weights=counts)
    scales = np.sqrt(np.average((x - means) ** 2, axis=0, weights=counts))
    scales[scales < 1e-9] = 1.0  # a constant feature: its weight stays 0
    design = np.hstack([(x - means) / scales, np.ones((y.size, 1))])
    penalty = np.diag([l2] * len(features) + [l2 * BIAS_PENALTY])
    theta = np.zeros(len(features) + 1)
    for _ in range(iterations):
        p = _sigmoid(design @ theta)
        gradient = design.T @ (counts * (p - y)) + penalty @ theta
        hessian = design.T @ (design * (counts * p * (1 - p))[:, None]) + penalty
        step = np.linalg.solve(hessian + 1e-9 * np.eye(theta.size), gradient)
        theta -= step
        if np.abs(step).max() < 1e-10:
            break
    return Logistic(tuple(features), means, scales, theta[:-1].copy(), float(theta[-1]),
                    x.min(axis=0), x.max(axis=0))


@dataclass(frozen=True)
class Calibration:
    """One engine's and language's regressions, one per path, and what they were fitted on."""

    engine: str
    lang: str
    model: dict[str, Any]
    """The model measured: its folder's name and model.bin's size in bytes."""
    paths: dict[str, Logistic]
    about: dict[str, Any] = field(default_factory=dict)
    """The corpus, the split and the validation figures, as the fit script wrote them."""

    def p(self, measures: Measures | FreeMeasures) -> float:
        """The probability that the measured choice (or free transcript) is what was said."""
        model = self.paths[path_of(measures)]
        return float(model.probability(model.row(measures)[None])[0])

    def to_json(self) -> dict[str, Any]:
        """The whole calibration as plain JSON values."""
        return {"engine": self.engine, "lang": self.lang, "model": self.model,
                "paths": {name: model.to_json() for name, model in self.paths.items()},
                **self.about}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Calibration:
        """The calibration written by `to_json`."""
        missing = [name for name in PATHS if name not in data.get("paths", {})]
        if missing:
            raise CalibrationMissing(f"the calibration of {data.get('engine')} hearing "
                                     f"{data.get('lang')!r} lacks the {missing} regression: "
                                     f"refit it with `python {FIT_SCRIPT}`")
        known = {"engine", "lang", "model", "paths"}
        return cls(data["engine"], data["lang"], data["model"],
                   {name: Logistic.from_json(data["paths"][name]) for name in PATHS},
                   {key: value for key, value in data.items() if key not in known})


def file_name(engine: str, lang: str) -> str:
    """The calibration file of an engine and language."""
    return f"{engine}-{lang}.json"


def load(engine: str, lang: str) -> Calibration:
    """The shipped calibration of an engine and language; CalibrationMissing names the fit
    script when none was fitted."""
    resource = resources.files("host.speech").joinpath("calibration", file_name(engine, lang))
    try:
        text = resource.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CalibrationMissing(
            f"no calibration of {engine} hearing {lang!r} (host/speech/calibration/"
            f"{file_name(engine, lang)}): fit one with `python {FIT_SCRIPT} --lang {lang}` "
            "(or `partyhost bench calibrate`)") from None
    return Calibration.from_json(json.loads(text))


def model_identity(model_dir: Path) -> dict[str, Any]:
    """What tells one model from another: its folder's name and model.bin's size."""
    return {"folder": model_dir.name, "bytes": (model_dir / "model.bin").stat().st_size}


def calibration_for(engine: str, lang: str, model_dir: Path) -> Calibration | None:
    """The shipped calibration of this engine and language, or None where none was fitted.
    One fitted on another model (by model.bin's size) is still the best there is, but its
    probabilities may not hold: a warning says how to fit one for this model."""
    try:
        calibration = load(engine, lang)
    except CalibrationMissing as missing:
        log.warning("%s", missing)
        return None
    if calibration.model.get("bytes") != model_identity(model_dir)["bytes"]:
        log.warning("the hearing of %s was calibrated on another model than %s: fit one with "
                    "`python %s --lang %s --whisper-model %s`", lang, model_dir, FIT_SCRIPT,
                    lang, model_dir)
    return calibration
