"""The hearing's calibration: the logistic fit recovers a known model, the shipped file loads and
rises with the evidence, a missing one names the fit script. No model, no audio."""

from __future__ import annotations

import dataclasses
import itertools
import json
import math

import numpy as np
import pytest

from host.speech import hearing_fit
from host.speech.calibration import (
    FIT_SCRIPT,
    Calibration,
    CalibrationMissing,
    Logistic,
    fit_logistic,
    load,
)
from host.speech.ports import Measures


def test_the_fit_recovers_a_known_logistic_model() -> None:
    rng = np.random.default_rng(7)
    x = rng.normal([2.0, -1.0, 0.0], [3.0, 0.5, 1.0], size=(20_000, 3))
    weights, bias = np.array([0.8, -2.0, 0.0]), 0.5
    y = rng.random(20_000) < 1 / (1 + np.exp(-(x @ weights + bias)))
    model = fit_logistic(x, y, ("a", "b", "c"), l2=1e-3)
    raw = model.weights / model.scales  # back from standardised features
    assert np.allclose(raw, weights, atol=0.1)
    assert model.bias - float(np.sum(raw * model.means)) == pytest.approx(bias, abs=0.1)
    p = model.probability(x[:5])
    assert np.allclose(p, 1 / (1 + np.exp(-(x[:5] @ raw + model.bias
                                             - np.sum(raw * model.means)))))


def test_separable_data_keeps_finite_weights() -> None:
    """The L2 penalty keeps Newton's method from running off when one feature decides all."""
    x = np.array([[0.0], [1.0], [2.0], [3.0]])
    model = fit_logistic(x, np.array([0, 0, 1, 1]), ("a",), l2=1.0)
    assert np.isfinite(model.weights).all() and model.weights[0] > 0


def test_a_row_weighed_twice_counts_as_two_rows() -> None:
    rng = np.random.default_rng(3)
    x = rng.normal(size=(200, 2))
    y = rng.random(200) < 1 / (1 + np.exp(-x[:, 0]))
    twice = fit_logistic(np.vstack([x, x[:50]]), np.concatenate([y, y[:50]]), ("a", "b"))
    weighed = fit_logistic(x, y, ("a", "b"),
                           sample_weights=np.array([2.0] * 50 + [1.0] * 150))
    assert np.allclose(twice.probability(x), weighed.probability(x), atol=1e-6)


def test_a_logistic_model_goes_to_json_and_back() -> None:
    model = fit_logistic(np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0], [3.0, 1.0]]),
                         np.array([0, 1, 0, 1]), ("evidence", "lead"))
    again = Logistic.from_json(json.loads(json.dumps(model.to_json())))
    assert again.features == model.features
    assert np.allclose(again.weights, model.weights) and again.bias == model.bias
    with pytest.raises(ValueError, match="unknown calibration features"):
        Logistic.from_json({**model.to_json(), "features": ["loudness", "lead"]})


def scored(evidence: float) -> Measures:
    """A scored choice's measures, middling but for the evidence."""
    return Measures("seven", scored=True, no_speech=0.05, free_confidence=0.6, agrees=False,
                    likeness=0.5, tokens=3, evidence=evidence, lead=2.0, posterior=0.7)


def test_the_shipped_english_calibration_rises_with_the_evidence() -> None:
    calibration = load("whisper", "en")
    assert calibration.model["bytes"] > 0
    p = [calibration.p(scored(evidence)) for evidence in np.linspace(-8.0, 2.0, 21)]
    assert all(later > earlier for earlier, later in itertools.pairwise(p))
    assert p[-1] - p[0] > 0.3
    exact = Measures("seven", scored=False, no_speech=0.05, free_confidence=0.9,
                     agrees=True, likeness=1.0, tokens=3)
    assert 0.0 < calibration.p(exact) < 1.0


def test_the_shipped_calibration_carries_its_split_and_figures() -> None:
    about = load("whisper", "en").about
    assert about["split"]["by"].startswith("phrase")
    assert len(about["seeds"]) >= 2
    for tried in about["seeds"]:
        validation = tried["validation"]
        assert validation["utterances"] > 0 and math.isfinite(validation["log_loss"])
        assert "human clean" in validation["groups"]


def test_a_missing_calibration_names_the_fit_script() -> None:
    with pytest.raises(CalibrationMissing, match=FIT_SCRIPT):
        load("whisper", "xx")


def record(phrase: str, expected: str, choice: str, evidence: float) -> dict[str, object]:
    """A corpus record as the fit script keeps it."""
    return {"phrase": phrase, "expected": expected, "source": "espeak:en-us",
            "kind": "synthetic", "condition": "clean", "text": choice, "unsure": False,
            "measures": dataclasses.asdict(dataclasses.replace(scored(evidence),
                                                               choice=choice))}


def test_the_split_is_by_phrase_and_stable() -> None:
    rows = [record(f"w{i}", f"w{i}" if i < 20 else "", f"w{i % 20}", float(i % 7 - 3))
            for i in range(30) for _ in range(3)]
    fit_rows, held = hearing_fit.split(rows, seed=1)
    assert {r["phrase"] for r in fit_rows}.isdisjoint({r["phrase"] for r in held})
    assert len({r["phrase"] for r in fit_rows if r["expected"]}) == 10
    assert len({r["phrase"] for r in fit_rows if not r["expected"]}) == 5
    assert hearing_fit.split(rows, seed=1) == (fit_rows, held)
    assert hearing_fit.split(rows, seed=2) != (fit_rows, held)


def test_a_calibration_round_trips_through_its_file_format() -> None:
    shipped = load("whisper", "en")
    again = Calibration.from_json(json.loads(json.dumps(shipped.to_json())))
    assert again.p(scored(-1.0)) == pytest.approx(shipped.p(scored(-1.0)))


def test_the_fit_script_s_calibration_is_written_and_read_back() -> None:
    rng = np.random.default_rng(5)
    rows = []
    for i in range(40):
        inside = i < 28
        for condition in ("clean", "10dB"):
            evidence = float(rng.normal(1.0 if inside else -3.0, 1.5))
            row = record(f"w{i}", f"w{i}" if inside else "", f"w{i}" if evidence > 0 else "w0",
                         evidence)
            row["condition"] = condition
            if i % 4 == 0:  # a few taken on the fast path
                row["measures"].update(scored=False, evidence=None, lead=None, posterior=None)
            rows.append(row)
    fitted = hearing_fit.calibrate(rows, engine="whisper", lang="en", model={"bytes": 1},
                                   choices=28, seeds=(1, 2))
    again = Calibration.from_json(json.loads(hearing_fit.to_text(fitted)))
    assert [tried["seed"] for tried in again.about["seeds"]] == [1, 2]
    assert again.p(scored(2.0)) == pytest.approx(fitted.p(scored(2.0)))
    assert again.p(scored(2.0)) > again.p(scored(-4.0))
    assert len(hearing_fit.summary(again)) > 4


def test_the_shipped_french_calibration_loads() -> None:
    calibration = load("whisper", "fr")
    assert calibration.lang == "fr" and calibration.model["bytes"] > 0
    assert 0.0 < calibration.p(scored(0.0)) < 1.0
