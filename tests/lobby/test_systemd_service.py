"""The service under a real systemd: scripts/install-service installs and enables it in a user
manager, it starts with that manager (as at boot, with lingering), logs to the journal, and
comes back when it is killed. This machine's PID 1 is not systemd, so the test boots systemd as
PID 1 of its own PID and mount namespaces (root, util-linux's unshare and nsenter)."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import REPO

SYSTEMD = Path("/lib/systemd/systemd")
USER_ENV = {"HOME": "/root", "XDG_RUNTIME_DIR": "/run/user/0",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/0/bus"}


def can_boot_systemd() -> bool:
    """Root, a systemd binary, and the tools to give it namespaces of its own."""
    return os.geteuid() == 0 and SYSTEMD.exists() and all(
        shutil.which(tool) for tool in ("unshare", "nsenter", "mount"))


class Booted:
    """A systemd running as PID 1 of its own namespaces; `run` runs a command inside."""

    def __init__(self, pid: int) -> None:
        self.pid = pid

    def run(self, *command: str, user: bool = False, check: bool = True) -> str:
        """Run a command in systemd's namespaces (as the root user's session with `user`)."""
        env = ["env", *(f"{k}={v}" for k, v in USER_ENV.items())] if user else []
        done = subprocess.run(["nsenter", "-t", str(self.pid), "-p", "-m", *env, *command],
                              capture_output=True, text=True, timeout=120, check=False)
        if check and done.returncode:
            raise AssertionError(f"{command}: {done.stdout}{done.stderr}")
        return done.stdout + done.stderr

    def wait_for(self, command: tuple[str, ...], expected: str, *, user: bool = False) -> str:
        """Poll a command until its output holds `expected` (systemd works asynchronously)."""
        out = ""
        for _ in range(300):
            out = self.run(*command, user=user, check=False)
            if expected in out:
                return out
            time.sleep(0.1)
        raise AssertionError(f"{command} never said {expected!r}: {out}")


PRIVATE = ("/tmp", "/var/tmp", "/var/log/journal", "/var/lib/systemd")
"""What systemd's boot would clean or write on the real machine (it empties /tmp): each gets
an empty tmpfs of its own in the namespace."""


@contextlib.contextmanager
def booted_systemd(config: Path) -> Iterator[Booted]:
    """Boot systemd in new PID and mount namespaces, with `config` as the root user's
    ~/.config (nothing is installed in the real one) and PRIVATE hidden from it but for the
    repository (a checkout under /tmp); kill it, and all it started, afterwards."""
    config.mkdir(parents=True, exist_ok=True)
    checkout = config / "checkout"  # the repository, seen again if a tmpfs hides it
    checkout.mkdir(exist_ok=True)
    hide = " && ".join(f"mount -t tmpfs tmpfs {path}" for path in PRIVATE if Path(path).is_dir())
    boot = (f"mkdir -p /root/.config && mount --bind {config} /root/.config"
            f" && mount --bind {REPO} /root/.config/checkout && {hide}"
            f" && mkdir -p {REPO} && mount --bind /root/.config/checkout {REPO}"
            f" && exec env container=test {SYSTEMD}")
    launcher = subprocess.Popen(
        ["unshare", "--pid", "--fork", "--kill-child", "--mount", "--mount-proc",
         "--propagation", "private", "sh", "-c", boot],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        children = Path(f"/proc/{launcher.pid}/task/{launcher.pid}/children")
        for _ in range(100):
            if children.exists() and children.read_text().split():
                break
            time.sleep(0.05)
        booted = Booted(int(children.read_text().split()[0]))
        booted.wait_for(("systemctl", "is-system-running"), "running")
        booted.run("systemctl", "start", "user@0.service")
        yield booted
    finally:
        launcher.kill()  # and with it systemd (--kill-child), and with systemd its namespace
        launcher.wait(timeout=30)


def main_pid(booted: Booted) -> str:
    return booted.run("systemctl", "--user", "show", "-p", "MainPID", "--value", "partyhost",
                      user=True).strip()


@pytest.mark.skipif(not can_boot_systemd(), reason="needs root, systemd and unshare to boot "
                    "systemd in a namespace")
def test_the_service_runs_under_systemd_starts_with_the_user_manager_and_survives_a_kill(
        tmp_path: Path) -> None:
    config = tmp_path / "config"
    with booted_systemd(config) as booted:
        installed = booted.run("bash", "-c", f"cd {REPO} && scripts/install-service", user=True)
        assert "Party Host is listening" in installed
        # No sound card here: the service waits for one to be plugged in (loading no model),
        # and systemd restarts at once rather than after the unit's 5 seconds.
        dropin = config / "systemd" / "user" / "partyhost.service.d"
        dropin.mkdir(parents=True)
        (dropin / "test.conf").write_text(
            "[Service]\nExecStart=\nExecStart="
            f"{REPO}/.venv/bin/partyhost serve"
            " --state-dir /root/.config/partyhost-state\nRestartSec=100ms\n")
        booted.run("systemctl", "--user", "daemon-reload", user=True)
        booted.run("systemctl", "--user", "restart", "partyhost", user=True)
        journal = ("journalctl", "--user-unit", "partyhost", "--no-pager")
        first = main_pid(booted)
        booted.wait_for(journal, f"partyhost[{first}]: No sound input device")

        status = ("systemctl", "--user", "status", "--no-pager", "partyhost")
        booted.run("kill", "-9", first)
        booted.wait_for(journal, "status=9/KILL")
        booted.wait_for(status, "Started partyhost.service", user=True)
        for _ in range(300):
            if main_pid(booted) not in ("0", first):
                break
            time.sleep(0.1)
        again = main_pid(booted)
        assert again not in ("0", first)
        booted.wait_for(journal, f"partyhost[{again}]: No sound input device")

        booted.run("systemctl", "stop", "user@0.service")  # a reboot, as far as the user
        booted.run("systemctl", "start", "user@0.service")  # manager is concerned
        assert "enabled" in booted.wait_for(status, "active (running)", user=True)
