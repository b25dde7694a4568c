#!/usr/bin/env python3
"""Speech benchmark entry point: same as `partyhost bench speech` (pass --json, --quick)."""

from __future__ import annotations

import sys

from host.cli import main

if __name__ == "__main__":
    raise SystemExit(main(["bench", "speech", *sys.argv[1:]]))
