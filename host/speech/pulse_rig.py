"""A sound card where there is none, for `partyhost bench e2e --path soundcard`: a private
PulseAudio daemon with two null sinks, one the players speak into (its monitor is the host's
microphone) and one the host speaks into (its monitor is what the room hears).

The host reaches them as `play` reaches a sound card, through PortAudio and ALSA's pulse
plugin (the "pulse" device; PULSE_SOURCE and PULSE_SINK in its environment name the sinks).
The players' questions are played with `pacat`. Both ends are timed the same way: `parec`
records each sink's monitor at MONITOR_LATENCY_MS, and a sample's moment is its place in the
stream after the earliest moment any block's arrival allows (a null sink runs on
CLOCK_MONOTONIC, which every process shares). A sample is thus timed when its sink rendered
it, which is up to one block (MONITOR_LATENCY_MS: the monitors' requests set it) before it
is due, at both ends alike.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

import numpy as np

from host.speech.ports import SAMPLE_RATE
from host.speech.wyoming.rig import SOUND_LEVEL, SPEAKER_RATE, Played, Utterance

MIC_SINK = "table_mic"
"""The sink the players speak into; its monitor is the host's microphone."""
SPEAKER_SINK = "table_speaker"
"""The host's loudspeaker."""
HOST_DEVICES = ("--input-device", "pulse", "--output-device", "pulse")
"""How `play` is told to use the sound server (ALSA's pulse plugin, as PortAudio lists it)."""
MONITOR_LATENCY_MS = 10
SOUND_GAP = 0.3
"""Seconds of silence that end one sound on a monitor."""


class SoundServerUnavailable(RuntimeError):
    """The private sound server cannot run here."""


class Monitor:
    """A sink's monitor recorded by parec: its sounds, each placed in CLOCK_MONOTONIC time."""

    def __init__(self, env: dict[str, str], sink: str, rate: int) -> None:
        self.rate = rate
        self.process = subprocess.Popen(
            ["parec", f"--device={sink}.monitor", "--raw", "--format=s16le", f"--rate={rate}",
             "--channels=1", f"--latency-msec={MONITOR_LATENCY_MS}"],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.lock = threading.Lock()
        self.samples = 0
        self.origin = float("inf")
        """When sample 0 was rendered: the earliest any block's arrival puts it."""
        self.lags: list[float] = []
        """Each block's arrival, less its place in the stream (their spread is the jitter)."""
        self.loud: list[list[int]] = []
        """The first and last loud sample of each sound."""
        threading.Thread(target=self._record, args=(self.process.stdout,), daemon=True).start()

    def _record(self, stream: IO[bytes]) -> None:
        gap = round(SOUND_GAP * self.rate)
        odd = b""
        while block := os.read(stream.fileno(), 2 * self.rate * MONITOR_LATENCY_MS // 1000):
            now = time.monotonic()
            block, odd = odd + block, b""
            if len(block) % 2:
                block, odd = block[:-1], block[-1:]
            samples = np.frombuffer(block, dtype="<i2")
            loud = np.flatnonzero(np.abs(samples.astype(np.int32)) > SOUND_LEVEL)
            with self.lock:
                if len(loud):
                    first, last = self.samples + int(loud[0]), self.samples + int(loud[-1])
                    if self.loud and first - self.loud[-1][1] <= gap:
                        self.loud[-1][1] = last
                    else:
                        self.loud.append([first, last])
                self.samples += len(samples)
                self.lags.append(now - self.samples / self.rate)
                self.origin = min(self.origin, self.lags[-1])

    def heard_until(self) -> float:
        """When the last sample recorded was rendered (-inf before any)."""
        with self.lock:
            return self.origin + self.samples / self.rate

    def sounds(self) -> list[tuple[float, float]]:
        """When each sound began and ended (its first and after its last loud sample)."""
        with self.lock:
            return [(self.origin + first / self.rate, self.origin + (last + 1) / self.rate)
                    for first, last in self.loud]

    def jitter_ms(self) -> dict[str, float]:
        """How much later than the earliest the blocks arrived: p50 and p95 (milliseconds)."""
        with self.lock:
            late = np.array(self.lags) - self.origin
        if not len(late):
            return {}
        return {"p50": round(float(np.percentile(late, 50)) * 1000, 1),
                "p95": round(float(np.percentile(late, 95)) * 1000, 1)}

    def stop(self) -> None:
        """Stop recording."""
        self.process.terminate()
        self.process.wait(10)


class PulseRig:
    """A private PulseAudio in `folder`: the players' voices go into one null sink, the
    host's into the other, both monitors recorded and timed."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.said = 0
        self.speaking: dict[str, tuple[float, subprocess.Popen[bytes]]] = {}
        self.monitors: dict[str, Monitor] = {}

    @property
    def env(self) -> dict[str, str]:
        """The environment that reaches this sound server, and no other."""
        runtime = self.folder / "run"
        return {**{k: v for k, v in os.environ.items() if not k.startswith(("PULSE_", "ALSA_"))},
                "HOME": str(self.folder), "XDG_RUNTIME_DIR": str(runtime),
                "PULSE_RUNTIME_PATH": str(runtime / "pulse")}

    @property
    def host_env(self) -> dict[str, str]:
        """The host's environment: the "pulse" device is its microphone and loudspeaker."""
        return {**self.env, "PULSE_SOURCE": f"{MIC_SINK}.monitor", "PULSE_SINK": SPEAKER_SINK}

    def start(self, timeout: float = 30.0) -> PulseRig:
        """Start the sound server and record both monitors."""
        missing = [tool for tool in ("pulseaudio", "pacat", "parec") if not shutil.which(tool)]
        if missing:
            raise SoundServerUnavailable(f"{', '.join(missing)} missing: run scripts/setup")
        (self.folder / "run").mkdir(mode=0o700, exist_ok=True)
        (self.folder / ".asoundrc").write_text("pcm.!default pulse\nctl.!default pulse\n")
        sinks = [f"--load=module-null-sink sink_name={sink} rate={rate} channels=1"
                 for sink, rate in ((MIC_SINK, SAMPLE_RATE), (SPEAKER_SINK, SPEAKER_RATE))]
        # --daemonize=yes returns once the server is up; as root it only warns.
        done = subprocess.run(
            ["pulseaudio", "--daemonize=yes", "--system=false", "--exit-idle-time=-1", "-n",
             *sinks, "--load=module-native-protocol-unix",
             f"--log-target=file:{self.folder / 'pulse.log'}"],
            env=self.env, timeout=timeout, check=False)
        if done.returncode:
            raise SoundServerUnavailable(f"pulseaudio did not start ({self.folder / 'pulse.log'})")
        self.monitors = {sink: Monitor(self.env, sink, rate)
                         for sink, rate in ((MIC_SINK, SAMPLE_RATE), (SPEAKER_SINK, SPEAKER_RATE))}
        _wait(lambda: all(m.samples for m in self.monitors.values()), timeout,
              "the sound server's monitors recorded nothing")
        return self

    def say(self, pcm: bytes) -> str:
        """Play 16 kHz mono int16 PCM into the players' sink; returns its name."""
        self.said += 1
        name = f"{self.said:04d}"
        raw = self.folder / f"said-{name}.raw"
        raw.write_bytes(pcm)
        with raw.open("rb") as said:
            player = subprocess.Popen(
                ["pacat", "--playback", f"--device={MIC_SINK}", "--raw", "--format=s16le",
                 f"--rate={SAMPLE_RATE}", "--channels=1", f"--latency-msec={MONITOR_LATENCY_MS}"],
                env=self.env, stdin=said)
        self.speaking[name] = (time.monotonic(), player)
        return name

    def said_whole(self, name: str, timeout: float = 60.0) -> Utterance:
        """Wait until `name` has been played to its end (pacat drains it) and the
        microphone's monitor has recorded it; when its first and last sounds were."""
        began, player = self.speaking.pop(name)
        player.wait(timeout)
        drained = time.monotonic()
        mic = self.monitors[MIC_SINK]
        _wait(lambda: mic.heard_until() >= drained, timeout, "the microphone's monitor stalled")
        sounds = [s for s in mic.sounds() if began - SOUND_GAP <= s[0] <= drained]
        if not sounds:
            raise TimeoutError(f"the microphone's monitor did not hear {name}")
        return Utterance(name, sounds[0][0], sounds[-1][1])

    def played(self) -> list[Played]:
        """Each sound the host's loudspeaker has played so far (the last may go on)."""
        return [Played(stream, start, start, end - start)
                for stream, (start, end) in enumerate(self.monitors[SPEAKER_SINK].sounds(), 1)]

    def played_some(self, timeout: float = 120.0) -> None:
        """Wait until the host's loudspeaker has made a sound (the host has begun)."""
        _wait(lambda: bool(self.played()), timeout,
              f"the loudspeaker played nothing within {timeout} s")

    def quiet_for(self, seconds: float, timeout: float = 60.0) -> None:
        """Wait until the loudspeaker has been silent for `seconds`."""
        speaker = self.monitors[SPEAKER_SINK]
        _wait(lambda: speaker.heard_until() - max((e for _, e in speaker.sounds()),
                                                  default=0.0) >= seconds,
              timeout, f"the host did not stop talking within {timeout} s")

    def jitter_ms(self) -> dict[str, dict[str, float]]:
        """Each monitor's delivery jitter (milliseconds)."""
        return {sink: monitor.jitter_ms() for sink, monitor in self.monitors.items()}

    def stop(self) -> None:
        """Stop the players, the recorders and the sound server."""
        for _, player in self.speaking.values():
            player.kill()
            player.wait(10)
        for monitor in self.monitors.values():
            monitor.stop()
        pid_file = self.folder / "run" / "pulse" / "pid"
        pid = int(pid_file.read_text()) if pid_file.is_file() else None
        subprocess.run(["pulseaudio", "--kill"], env=self.env, check=False, timeout=30)
        if pid:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)

    def __enter__(self) -> PulseRig:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()


def _wait(done: Callable[[], bool], timeout: float, failure: str) -> None:
    """Poll `done()` until it is true; TimeoutError(`failure`) after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise TimeoutError(failure)
        time.sleep(0.02)
