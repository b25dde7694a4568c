"""`partyhost decks`: check, list and describe deck files (the schema they follow)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from host import registry


def register(subparsers: Any) -> None:
    """Add the `decks` sub-command with its check, list and schema actions."""
    parser = subparsers.add_parser(
        "decks", help="check, list or describe deck files",
        description="Decks are TOML files: the package's own (host/decks_data/<game>/<lang>/), "
        "yours in ~/.config/partyhost/decks/, or given with --deck PATH.")
    actions = parser.add_subparsers(dest="decks_action", metavar="ACTION")
    check = actions.add_parser(
        "check", help="validate decks (default: every installed deck)",
        description="Validate deck files: schema, ids, empty lists, answers against their "
        "category's letter rules and against package data. Exits 1 on any error.")
    check.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                       help="deck files or folders (default: all installed decks)")
    check.add_argument("-q", "--quiet", action="store_true", help="print errors only")
    check.add_argument("--letters", action="store_true",
                       help="print how many letters each category's answers start with")
    check.set_defaults(func=run_check)
    listing = actions.add_parser("list", help="show the installed decks")
    listing.add_argument("--game", choices=registry.game_names())
    listing.add_argument("--lang", choices=("en", "fr"))
    listing.add_argument("--deck", action="append", type=Path, default=[], metavar="PATH",
                         help="also list this deck file or folder")
    listing.set_defaults(func=run_list)
    schema = actions.add_parser("schema", help="print the deck JSON Schema")
    schema.set_defaults(func=run_schema)
    parser.set_defaults(func=lambda _args: parser.print_help() or 2)


def _deck_files(paths: list[Path]) -> list[Path]:
    """The deck files to check: those below the given paths, else every installed deck."""
    from host.decks import find_decks

    if not paths:
        return find_decks()
    files: list[Path] = []
    for path in paths:
        files.extend(sorted(path.rglob("*.toml")) if path.is_dir() else [path])
    return files


def run_check(args: argparse.Namespace) -> int:
    """Check decks; print one line per error and warning, then a summary."""
    from host.judge.deckcheck import check_deck_file

    files = _deck_files(args.paths)
    errors = warnings = 0
    for path in files:
        report = check_deck_file(path)
        if args.letters:
            for entry, count in report.coverage.items():
                print(f"letters: {path.name}: {entry}: {count}")
        if report.coverage and not args.quiet:
            fewest = min(report.coverage, key=lambda e: report.coverage[e])
            print(f"{path}: {len(report.coverage)} categories with answers, fewest letters "
                  f"{report.coverage[fewest]} ({fewest})")
        for err in report.errors:
            print(f"error: {err}")
        if not args.quiet:
            for warn in report.warnings:
                print(f"warning: {warn}")
        errors += len(report.errors)
        warnings += len(report.warnings)
    if not files:
        print("no deck files found", file=sys.stderr)
        return 1
    print(f"{len(files)} deck file(s): {errors} error(s), {warnings} warning(s)")
    return 1 if errors else 0


def _size(deck: Any) -> str:
    """What a deck holds: cards, questions or lists."""
    if deck.cards:
        return f"{len(deck.cards)} cards"
    if deck.questions:
        return f"{len(deck.questions)} questions"
    return f"{len(deck.lists)} lists"


def _categories(deck: Any) -> int:
    """How many categories a deck offers (on its cards or lists; 0 for questions)."""
    return sum(len(c.categories) for c in deck.cards) + sum(len(x.categories) for x in deck.lists)


def run_list(args: argparse.Namespace) -> int:
    """Print one line per installed deck (broken ones say why), then the categories each
    game has in each language."""
    from host.decks import DeckError, find_decks, load_deck

    files = find_decks(args.game, args.lang, extra=args.deck)
    totals: dict[tuple[str, str], int] = {}
    for path in files:
        try:
            deck = load_deck(path)
        except DeckError as exc:
            print(f"BROKEN  {exc}")
            continue
        count = _categories(deck)
        if count:
            totals[deck.game, deck.lang] = totals.get((deck.game, deck.lang), 0) + count
        size = f"{_size(deck)}, {count} categories" if count else _size(deck)
        print(f"{deck.game:<13} {deck.lang}  {deck.name:<28} {size:<30} {path}")
    if not files:
        print("no decks installed for this choice")
    for (game, lang), count in sorted(totals.items()):
        print(f"{game} in {lang}: {count} categories")
    return 0


def run_schema(args: argparse.Namespace) -> int:
    """Print the deck JSON Schema."""
    from host.decks import schema

    print(json.dumps(schema(), indent=2, ensure_ascii=False))
    return 0
