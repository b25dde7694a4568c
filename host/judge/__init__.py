"""The answer judge: normalisation, fuzzy matching, letter rules and generated categories."""

from __future__ import annotations

from host.judge.core import AnswerJudge, Judge, Reason, Verdict
from host.judge.text import normalize

JUDGE_LINES = "host.judge.lines"
"""The package of the judge's house rules, shared by every game it judges for."""

__all__ = ["JUDGE_LINES", "AnswerJudge", "Judge", "Reason", "Verdict", "normalize"]
