"""The answer judge: normalisation, fuzzy matching, letter rules and generated categories."""

from __future__ import annotations

from host.judge.core import Judge, Reason, Verdict
from host.judge.text import normalize

__all__ = ["Judge", "Reason", "Verdict", "normalize"]
