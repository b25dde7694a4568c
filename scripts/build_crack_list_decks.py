#!/usr/bin/env python3
"""Build the Crack List expansion decks (host/decks_data/crack-list/<lang>/expansion.toml)
from offline data and the hand-written lists; --check says whether the shipped files are
what the build makes."""

from __future__ import annotations

import argparse
import sys

from host.decks_build.build import build, chosen, deck_path
from host.decks_build.quality import Draft


def left_out(lang: str) -> list[tuple[Draft, str]]:
    """The hand-written drafts the build leaves out, with why."""
    dropped: list[tuple[Draft, str]] = []
    chosen(lang, lambda draft, why: dropped.append((draft, why)))
    return [(draft, why) for draft, why in dropped if draft.family == "hand"]


def main() -> int:
    """Write (or with --check compare) each language's expansion deck."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lang", choices=("en", "fr"), action="append",
                        help="only this language (default: both)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a shipped deck differs from the build")
    parser.add_argument("--why", action="store_true",
                        help="write nothing; list the hand-written lists left out, and why")
    args = parser.parse_args()
    if args.why:
        for lang in args.lang or ["en", "fr"]:
            for draft, why in left_out(lang):
                print(f"{lang} {draft.id}: {why}")
        return 0
    stale = 0
    for lang in args.lang or ["en", "fr"]:
        text, path = build(lang), deck_path(lang)
        cards = text.count("\n[[cards]]")
        if args.check:
            same = path.is_file() and path.read_text("utf-8") == text
            stale += not same
            print(f"{path}: {'up to date' if same else 'differs from the build'}")
        else:
            path.write_text(text, "utf-8")
            print(f"{path}: {cards} cards, {3 * cards} categories")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
