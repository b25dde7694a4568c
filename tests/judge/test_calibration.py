"""The fuzzy matcher on >= 300 labelled right and wrong pairs: misspellings match, others don't."""

from __future__ import annotations

from pathlib import Path

from host.judge.calibrate import load_pairs, score

PAIRS = Path(__file__).resolve().parents[1] / "data" / "judge" / "calibration.tsv"


def test_calibration_set_is_big_and_balanced() -> None:
    pairs = load_pairs(PAIRS)
    assert len(pairs) >= 300
    assert sum(p.same for p in pairs) >= 150 and sum(not p.same for p in pairs) >= 150


def test_threshold_matches_slips_and_refuses_different_answers() -> None:
    result = score(load_pairs(PAIRS))
    missed = [(p.heard, p.listed) for p in result.missed]
    wrong = [(p.heard, p.listed) for p in result.wrongly_matched]
    assert result.recall >= 0.95, missed
    assert result.false_accept_rate <= 0.02, wrong
