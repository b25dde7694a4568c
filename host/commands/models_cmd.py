"""`partyhost models`: list and fetch speech models into models/."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register(subparsers: Any) -> None:
    """Add the `models` sub-command with `list` and `fetch`."""
    from host.speech.models import KNOWN_MODELS

    parser = subparsers.add_parser("models", help="list or download speech models",
                                   description="Manage speech models under models/.")
    sub = parser.add_subparsers(dest="models_command", metavar="ACTION")
    fetch = sub.add_parser("fetch", help="download and unpack a model (resumable)")
    fetch.add_argument("name", choices=sorted(KNOWN_MODELS), help="which model")
    fetch.add_argument("--dir", metavar="DIR", help="where to put it (default: models/)")
    fetch.add_argument("--url", help="download from this URL instead (mirror)")
    fetch.set_defaults(func=run_fetch)
    listing = sub.add_parser("list", help="show installed and known models")
    listing.set_defaults(func=run_list)
    parser.set_defaults(func=run_list)


def run_fetch(args: argparse.Namespace) -> int:
    """Download, check and unpack the named model; one clear line on failure."""
    from dataclasses import replace
    from pathlib import Path

    from host.speech.models import KNOWN_MODELS, FetchError, fetch, progress_bar

    source = KNOWN_MODELS[args.name]
    if args.url:
        source = replace(source, url=args.url)
    try:
        path = fetch(source, Path(args.dir) if args.dir else None, progress=progress_bar())
    except (FetchError, OSError) as error:
        print(f"\npartyhost models fetch: {error}", file=sys.stderr)
        return 1
    print(f"\n{args.name} ready in {path}")
    return 0


def run_list(args: argparse.Namespace) -> int:
    """Print which models are installed and which can be fetched."""
    from host.speech.models import KNOWN_MODELS, find_vosk_model, models_dir
    from host.speech.sphinx_stt import default_model_dir

    print(f"pocketsphinx (embedded): {default_model_dir()}")
    vosk = find_vosk_model()
    print(f"vosk: {vosk if vosk else 'not installed'}")
    for name, source in sorted(KNOWN_MODELS.items()):
        print(f"fetchable: {name} -> {models_dir() / source.folder}")
    return 0
