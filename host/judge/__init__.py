"""The answer judge: normalisation, fuzzy matching, letter rules and generated categories."""

from __future__ import annotations

from host.judge.core import AnswerJudge, Judge, Reason, Verdict
from host.judge.text import normalize

__all__ = ["AnswerJudge", "Judge", "Reason", "Verdict", "normalize"]
