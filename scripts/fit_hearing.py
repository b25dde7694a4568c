#!/usr/bin/env python3
"""Fit the hearing's calibration: same as `partyhost bench calibrate` (pass --lang, --refit,
--seeds, --measures, --out, --synthetic/--no-synthetic)."""

from __future__ import annotations

import sys

from host.cli import main

if __name__ == "__main__":
    raise SystemExit(main(["bench", "calibrate", *sys.argv[1:]]))
