"""scripts/bench_take_levels.py: what the host would do with demo transcripts at other
levels."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench_take_levels.py"
ROWS = [
    {"said": "Egg timer", "reading": ["Egg timer", 0.9], "reading_right": True},
    {"said": "Kettle", "reading": ["Cattle", 0.8], "reading_right": False},
    {"said": "pass", "reading": ["pass", 0.5], "reading_right": True},
    {"said": "yes", "reading": ["no", 0.1], "reading_right": False},
    {"said": "Toaster", "reading": None, "reading_right": False},
]


def test_each_level_splits_the_utterances_into_taken_asked_back_and_asked_again(
        tmp_path: Path) -> None:
    for seed in (1, 2):  # two seeds of one game are pooled
        (tmp_path / f"crack-list-en-{seed}.transcript.json").write_text(json.dumps(ROWS))
    run = subprocess.run([sys.executable, str(SCRIPT),
                          *sorted(map(str, tmp_path.iterdir())), "--levels", "0.75", "0.4"],
                         capture_output=True, text=True, check=True)
    (line,) = run.stdout.splitlines()
    report = json.loads(line)
    assert report["game"] == "crack-list-en" and report["utterances"] == 10
    assert report["likeliest_right"] == 0.4
    assert report["levels"]["0.75"] == {"taken_right": 0.2, "taken_wrong": 0.2,
                                        "asked_back": 0.2, "asked_again": 0.4}
    assert report["levels"]["0.4"]["taken_right"] == 0.4
