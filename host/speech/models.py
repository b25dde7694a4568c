"""Where speech models live, and fetching them: resumable download, checksum, unpack."""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import urllib.error
import urllib.request
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from host.speech.vosk_stt import is_vosk_model

VOSK_MODEL_ENV = "PARTYHOST_VOSK_MODEL"
MODELS_DIR_ENV = "PARTYHOST_MODELS_DIR"


@dataclass(frozen=True)
class ModelSource:
    """A downloadable model archive."""

    name: str
    url: str
    sha256: str
    folder: str
    """The folder the archive unpacks to, under models/."""


KNOWN_MODELS: dict[str, ModelSource] = {
    "vosk-small-en": ModelSource(
        name="vosk-small-en",
        url="https://alphacephei.com/vosk/models/vosk-model-small-en-us-0.15.zip",
        # The SHA-256 published alongside this archive (as used by e.g. numen's get-model.sh).
        sha256="30f26242c4eb449f948e42cb302dd7a686cb29a3423a8367f99ff41780942498",
        folder="vosk-model-small-en-us-0.15",
    ),
}


class FetchError(RuntimeError):
    """A model could not be downloaded or unpacked; the message says why and what to do."""


def models_dir() -> Path:
    """The models/ folder: $PARTYHOST_MODELS_DIR, else models/ at the project root."""
    env = os.environ.get(MODELS_DIR_ENV)
    return Path(env) if env else Path(__file__).resolve().parents[2] / "models"


def find_vosk_model(explicit: str | Path | None = None) -> Path | None:
    """The Vosk model to use: explicit path, then $PARTYHOST_VOSK_MODEL, then models/<name>."""
    if explicit:
        return Path(explicit)
    env = os.environ.get(VOSK_MODEL_ENV)
    if env:
        return Path(env)
    root = models_dir()
    if root.is_dir():
        for child in sorted(root.iterdir()):
            if child.is_dir() and is_vosk_model(child):
                return child
    return None


Progress = Callable[[int, int | None], None]


def fetch(source: ModelSource, dest_dir: Path | None = None, *,
          progress: Progress | None = None, timeout: float = 30.0) -> Path:
    """Download (resuming a partial file), verify the SHA-256 and unpack; return the folder."""
    dest_dir = dest_dir or models_dir()
    target = dest_dir / source.folder
    if target.is_dir():
        return target
    dest_dir.mkdir(parents=True, exist_ok=True)
    archive = dest_dir / (source.url.rsplit("/", 1)[-1] or f"{source.name}.zip")
    part = archive.with_name(archive.name + ".part")
    if not archive.exists():
        _download(source.url, part, progress, timeout)
        part.rename(archive)
    digest = sha256_of(archive)
    if digest != source.sha256:
        archive.unlink()
        raise FetchError(f"{archive.name}: checksum mismatch (got {digest}, expected "
                         f"{source.sha256}); the broken download was removed, try again")
    _unpack(archive, dest_dir, target)
    archive.unlink()
    return target


def _download(url: str, part: Path, progress: Progress | None, timeout: float) -> None:
    """Fetch url into part, continuing from its current size with an HTTP Range request."""
    have = part.stat().st_size if part.exists() else 0
    request = urllib.request.Request(url, headers={"Range": f"bytes={have}-"} if have else {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as resp:
            if have and resp.status != 206:
                have = 0  # the server ignored the range: start over
            length = resp.headers.get("Content-Length")
            total = have + int(length) if length is not None else None
            with part.open("ab" if have else "wb") as out:
                _copy(resp, out, have, total, progress)
    except urllib.error.HTTPError as exc:
        if exc.code == 416 and have:
            return  # requested range past the end: the part file is already complete
        raise FetchError(f"download of {url} failed: HTTP {exc.code} {exc.reason}") from exc
    except (urllib.error.URLError, OSError) as exc:
        raise FetchError(f"cannot download {url} ({getattr(exc, 'reason', exc)}); are you "
                         "offline? Run the command again when connected: it resumes") from exc


def _copy(src: IO[bytes], out: IO[bytes], done: int, total: int | None,
          progress: Progress | None) -> None:
    """Copy a response body to a file in chunks, reporting progress."""
    while chunk := src.read(1 << 16):
        out.write(chunk)
        done += len(chunk)
        if progress:
            progress(done, total)


def _unpack(archive: Path, dest_dir: Path, target: Path) -> None:
    """Unzip into a temporary folder, then move the model folder into place."""
    tmp = dest_dir / (target.name + ".unpacking")
    shutil.rmtree(tmp, ignore_errors=True)
    try:
        with zipfile.ZipFile(archive) as zf:
            for member in zf.namelist():
                if member.startswith("/") or ".." in Path(member).parts:
                    raise FetchError(f"{archive.name}: unsafe path {member!r} in archive")
            zf.extractall(tmp)
    except zipfile.BadZipFile as exc:
        archive.unlink()
        raise FetchError(f"{archive.name} is not a valid zip archive; removed, try again") from exc
    inner = tmp / target.name
    (inner if inner.is_dir() else tmp).rename(target)
    shutil.rmtree(tmp, ignore_errors=True)


def sha256_of(path: Path) -> str:
    """Hex SHA-256 of a file."""
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while chunk := fh.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


def progress_bar(stream: IO[str] | None = None) -> Progress:
    """A text progress bar callback for fetch() (on stderr unless told otherwise)."""
    def show(done: int, total: int | None) -> None:
        out = stream or sys.stderr
        if total:
            filled = int(30 * done / total)
            out.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] "
                      f"{done / 1e6:6.1f}/{total / 1e6:.1f} MB")
        else:
            out.write(f"\r{done / 1e6:6.1f} MB")
        out.flush()
    return show
