"""Calibration of the fuzzy matcher on labelled pairs; `python -m host.judge.calibrate` sweeps."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from host.judge import index as index_module
from host.judge import known as known_module
from host.judge.index import AnswerIndex


@dataclass(frozen=True)
class Pair:
    """One labelled pair: what was heard, what is listed, and whether they are one answer."""

    heard: str
    listed: str
    same: bool
    kind: str


def load_pairs(path: Path) -> list[Pair]:
    """Read a calibration TSV (heard, listed, same 0/1, kind); '#' lines are comments."""
    pairs = []
    for line in path.read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            heard, listed, same, kind = line.split("\t")
            pairs.append(Pair(heard, listed, same == "1", kind))
    return pairs


def matches(pair: Pair, lang: str = "en") -> bool:
    """True when a list holding only pair.listed accepts pair.heard as that answer."""
    index = AnswerIndex(lang)
    index.add(pair.listed, people="surname" in pair.kind)
    return index.lookup(pair.heard) == pair.listed


@dataclass(frozen=True)
class Score:
    """Outcome of the matcher on a labelled set."""

    missed: list[Pair]
    """same=1 pairs the matcher refused."""
    wrongly_matched: list[Pair]
    """same=0 pairs the matcher accepted."""
    positives: int
    negatives: int

    @property
    def recall(self) -> float:
        """Share of right pairs matched."""
        return 1 - len(self.missed) / max(self.positives, 1)

    @property
    def false_accept_rate(self) -> float:
        """Share of wrong pairs matched."""
        return len(self.wrongly_matched) / max(self.negatives, 1)


def score(pairs: Sequence[Pair], decide: Callable[[Pair], bool] = matches) -> Score:
    """Run the matcher over every pair."""
    missed = [p for p in pairs if p.same and not decide(p)]
    wrong = [p for p in pairs if not p.same and decide(p)]
    positives = sum(p.same for p in pairs)
    return Score(missed, wrong, positives, len(pairs) - positives)


def sweep(pairs: Sequence[Pair]) -> list[tuple[float, Score]]:
    """Score the set with every cutoff shifted by -10..+10 points (how the cutoffs were set)."""
    original = index_module.fuzzy_cutoff
    results = []
    try:
        for shift in range(-10, 11, 2):
            index_module.fuzzy_cutoff = lambda n, s=shift: original(n) + s  # type: ignore[misc]
            results.append((float(shift), score(pairs)))
    finally:
        index_module.fuzzy_cutoff = original
    return results


def sweep_well_known(pairs: Sequence[Pair]) -> list[tuple[float, Score]]:
    """Score the set with the level of a well-known name from 2.0 to 5.0 (how it was set)."""
    original = known_module.WELL_KNOWN
    results = []
    try:
        for tenths in range(20, 51, 5):
            known_module.WELL_KNOWN = tenths / 10
            results.append((tenths / 10, score(pairs)))
    finally:
        known_module.WELL_KNOWN = original
    return results


def main(argv: Sequence[str] = ()) -> int:
    """Print recall and false-accept rate for shifted cutoffs, then the current mistakes."""
    path = Path(argv[0]) if argv else Path("tests/data/judge/calibration.tsv")
    pairs = load_pairs(path)
    print(f"{len(pairs)} pairs from {path}")
    for shift, result in sweep(pairs):
        print(f"cutoff {shift:+5.0f}: recall {result.recall:.3f}  "
              f"false accepts {result.false_accept_rate:.3f}")
    for level, result in sweep_well_known(pairs):
        print(f"well-known level {level:.1f}: recall {result.recall:.3f}  "
              f"false accepts {result.false_accept_rate:.3f}")
    current = score(pairs)
    for pair in current.missed:
        print(f"missed: {pair.heard!r} ~ {pair.listed!r} ({pair.kind})")
    for pair in current.wrongly_matched:
        print(f"wrongly matched: {pair.heard!r} ~ {pair.listed!r} ({pair.kind})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
