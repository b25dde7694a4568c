"""Fixtures shared across test folders."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def pulse_env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """Start a private PulseAudio with a null sink; yield the environment that reaches it."""
    assert shutil.which("pulseaudio"), "pulseaudio is missing: run scripts/setup"
    home = tmp_path_factory.mktemp("pulse")
    runtime = home / "run"
    runtime.mkdir(mode=0o700)
    (home / ".asoundrc").write_text("pcm.!default pulse\nctl.!default pulse\n")
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("PULSE_", "ALSA_"))},
        "HOME": str(home),
        "XDG_RUNTIME_DIR": str(runtime),
        "PULSE_RUNTIME_PATH": str(runtime / "pulse"),
        "PULSE_SINK": "ph",
        "PULSE_SOURCE": "ph.monitor",
        "PYTHONPATH": str(REPO),
    }
    # --daemonize=yes returns only once the server is up: no polling, no sleeping.
    # As root PulseAudio only warns ("not intended to be run as root") and carries on.
    subprocess.run(
        ["pulseaudio", "--daemonize=yes", "--system=false", "--exit-idle-time=-1", "-n",
         "--load=module-null-sink sink_name=ph rate=16000 channels=1",
         "--load=module-native-protocol-unix", f"--log-target=file:{home / 'pulse.log'}"],
        env=env, check=True, timeout=30,
    )  # fmt: skip
    pid = int((runtime / "pulse" / "pid").read_text())
    try:
        yield env
    finally:
        subprocess.run(["pulseaudio", "--kill"], env=env, check=False, timeout=30)
        if _alive(pid):
            os.kill(pid, signal.SIGTERM)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
