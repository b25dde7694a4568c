"""The real wyoming-satellite on a paced microphone and a timing loudspeaker: a rig for the
end-to-end benchmark and the satellite tests.

`SatelliteRig` runs `python -m wyoming_satellite` (in its own virtualenv: it pins an older
wyoming than Party Host's) with `--mic-command` and `--snd-command` set to this module's `mic`
and `speaker`. They share a folder with the rig: what `say` puts in say/ the microphone streams
in real time between silences, and logs when its first and last samples went out; what the
satellite plays, the loudspeaker takes at the pace a sound card would, keeps in played/ and
logs when its first sound was played. With `echo`, the host's voice comes back into the
microphone, fainter and late, as a room sends it back. Times are CLOCK_MONOTONIC, which every
process on the machine shares.
"""

from __future__ import annotations

import argparse
import array
import contextlib
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

MIC_RATE = 16_000
MIC_BLOCK = 320
"""Samples the microphone writes at a time: 20 ms, as a sound card's period."""
SPEAKER_RATE = 22_050
"""The loudspeaker's rate (wyoming-satellite's default --snd-command-rate)."""
SPEAKER_BLOCK = 1024
MAX_LAG = 0.2
"""Seconds the microphone may fall behind real time before it skips ahead."""
SOUND_LEVEL = 300
"""A sample louder than this (of 32767) is sound, not silence."""
SATELLITE_PYTHON_ENV = "PARTYHOST_SATELLITE_PYTHON"


class RigUnavailable(RuntimeError):
    """The real satellite cannot run here."""


def satellite_python() -> Path:
    """The Python that has wyoming-satellite: $PARTYHOST_SATELLITE_PYTHON, else the
    checkout's .venv-satellite (scripts/test makes it)."""
    given = os.environ.get(SATELLITE_PYTHON_ENV)
    checkout = Path(__file__).resolve().parents[3]
    python = Path(given) if given else checkout / ".venv-satellite" / "bin" / "python"
    if not python.is_file():
        raise RigUnavailable(f"wyoming-satellite is not installed ({python} is missing): "
                             "scripts/test installs it in .venv-satellite.")
    return python


@dataclass(frozen=True)
class Utterance:
    """Something the microphone said: when its first and last samples went out."""

    name: str
    start: float
    end: float


@dataclass(frozen=True)
class Played:
    """One stream the satellite played: when it began, its first sound, and how long it was."""

    stream: int
    start: float
    first_sound: float | None
    seconds: float

    @property
    def end(self) -> float:
        """When its last sample was played."""
        return self.start + self.seconds


class SatelliteRig:
    """A real wyoming-satellite on loopback, its microphone and loudspeaker in `folder`."""

    def __init__(self, folder: Path, *, echo: float = 0.0, echo_delay: float = 0.05,
                 debug: bool = False, event_uri: str | None = None) -> None:
        """`event_uri`: a Wyoming service the satellite forwards every event from its
        controller to but audio (its --event-uri)."""
        self.folder = folder
        self.echo, self.echo_delay, self.debug = echo, echo_delay, debug
        self.event_uri = event_uri
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.said = 0
        for sub in ("say", "played"):
            (folder / sub).mkdir(parents=True, exist_ok=True)

    @property
    def uri(self) -> str:
        """Where Party Host dials the satellite."""
        return f"tcp://127.0.0.1:{self.port}"

    @property
    def log(self) -> Path:
        """The satellite's own output (its log with --debug)."""
        return self.folder / "satellite.log"

    def start(self, timeout: float = 30.0) -> SatelliteRig:
        """Start the satellite and wait until it listens."""
        self.port = _free_port()
        me = [sys.executable, "-m", "host.speech.wyoming.rig"]
        mic = [*me, "mic", str(self.folder), "--echo", str(self.echo),
               "--echo-delay", str(self.echo_delay)]
        speaker = [*me, "speaker", str(self.folder)]
        command = [str(satellite_python()), "-m", "wyoming_satellite", "--uri", self.uri,
                   "--name", "party-host-rig", "--no-zeroconf",
                   "--mic-command", _shell(mic), "--snd-command", _shell(speaker),
                   "--snd-command-rate", str(SPEAKER_RATE), *(["--debug"] if self.debug else []),
                   *(["--event-uri", self.event_uri] if self.event_uri else [])]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                            start_new_session=True)
        _wait_for_port(self.port, timeout, self.process)
        return self

    def say(self, pcm: bytes) -> str:
        """Queue 16 kHz mono int16 PCM for the microphone; returns its name in the logs."""
        self.said += 1
        name = f"{self.said:04d}"
        part = self.folder / "say" / f"{name}.part"
        part.write_bytes(pcm)
        part.rename(part.with_suffix(".raw"))
        return name

    def said_whole(self, name: str, timeout: float = 60.0) -> Utterance:
        """Wait until the microphone has streamed `name` to its end."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for said in self.utterances():
                if said.name == name:
                    return said
            time.sleep(0.02)
        raise TimeoutError(f"the microphone did not say {name} within {timeout} s")

    def utterances(self) -> list[Utterance]:
        """Everything the microphone has said, in order."""
        return [Utterance(**row) for row in _rows(self.folder / "mic.jsonl")]

    def played(self) -> list[Played]:
        """Every stream the satellite has played to its end, in order."""
        return sorted((Played(**row) for row in _rows(self.folder / "speaker.jsonl")),
                      key=lambda p: p.stream)

    def played_pcm(self, stream: int) -> bytes:
        """What the satellite played in one stream (SPEAKER_RATE mono int16)."""
        return (self.folder / "played" / f"{stream:04d}.raw").read_bytes()

    def played_some(self, timeout: float = 120.0) -> None:
        """Wait until the loudspeaker has played a whole stream (the host has begun)."""
        deadline = time.monotonic() + timeout
        while not self.played():
            if time.monotonic() > deadline:
                raise TimeoutError(f"the satellite played nothing within {timeout} s")
            time.sleep(0.05)

    def quiet_for(self, seconds: float, timeout: float = 60.0, *, after: float = 0.0) -> None:
        """Wait until the loudspeaker has been silent for `seconds` (the host has had its say),
        after playing something that ended past the monotonic moment `after`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            last = self.last_sound()
            if self.playing() is None and last > after and time.monotonic() - last >= seconds:
                return
            time.sleep(0.05)
        raise TimeoutError(f"the host did not stop talking within {timeout} s")

    def playing(self) -> int | None:
        """The stream the loudspeaker is playing now, if any."""
        done = {p.stream for p in self.played()}
        started = [int(f.stem) for f in (self.folder / "played").glob("*.start")]
        going = [n for n in started if n not in done]
        return max(going) if going else None

    def last_sound(self) -> float:
        """When the last stream played ended (0 before any)."""
        return max((p.end for p in self.played()), default=0.0)

    def stop(self) -> None:
        """Stop the satellite (and its microphone and loudspeaker)."""
        if self.process and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, 15)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, 9)
                self.process.wait(10)

    def __enter__(self) -> SatelliteRig:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()


def _shell(argv: list[str]) -> str:
    """A command line wyoming-satellite splits back into `argv` (shlex)."""
    import shlex

    return shlex.join(argv)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_for_port(port: int, timeout: float, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RigUnavailable(f"wyoming-satellite exited with {process.returncode}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.05)
    raise RigUnavailable(f"wyoming-satellite did not listen on port {port} in {timeout} s")


def _rows(path: Path) -> Iterator[dict[str, Any]]:
    if path.is_file():
        for line in path.read_text().splitlines():
            if line.strip():
                yield json.loads(line)


def _append(path: Path, row: dict[str, object]) -> None:
    with path.open("a") as log:
        log.write(json.dumps(row) + "\n")


# --- the microphone and loudspeaker commands (run by the satellite) --------------------------


def run_speaker(folder: Path) -> None:
    """Take the satellite's stream from stdin at a sound card's pace; log its first sound."""
    played = folder / "played"
    stream = len(list(played.glob("*.start"))) + 1
    raw = played / f"{stream:04d}.raw"
    first_sound: float | None = None
    frames = 0
    start = 0.0
    with raw.open("wb") as keep:
        while block := os.read(0, 2 * SPEAKER_BLOCK):
            if not frames:
                start = time.monotonic()
                (played / f"{stream:04d}.start").write_text(json.dumps({"start": start}))
            samples = array.array("h", block[: len(block) // 2 * 2])
            loud = next((i for i, s in enumerate(samples) if abs(s) > SOUND_LEVEL), None)
            if first_sound is None and loud is not None:
                first_sound = start + (frames + loud) / SPEAKER_RATE
            keep.write(block)
            keep.flush()
            frames += len(samples)
            lag = start + frames / SPEAKER_RATE - time.monotonic()
            if lag > 0:
                time.sleep(lag)  # a sound card takes audio as fast as it plays it
    _append(folder / "speaker.jsonl", {"stream": stream, "start": start,
                                       "first_sound": first_sound,
                                       "seconds": frames / SPEAKER_RATE})


class _Echo:
    """The host's voice as the microphone picks it up: streams the loudspeaker played,
    `gain` as loud and `delay` seconds late."""

    def __init__(self, played: Path, gain: float, delay: float) -> None:
        self.played, self.gain, self.delay = played, gain, delay
        self.starts: dict[Path, float] = {}
        self.past: set[Path] = set()
        """Streams wholly heard already: never read again (a session plays hundreds)."""

    def at(self, now: float, samples: int) -> np.ndarray:
        """The echo in the microphone block that ends at `now` (float samples)."""
        import numpy as np

        block = np.zeros(samples)
        if not self.gain:
            return block
        begin = now - samples / MIC_RATE - self.delay
        for start_file in set(self.played.glob("*.start")) - self.past:
            if start_file not in self.starts:
                self.starts[start_file] = json.loads(start_file.read_text())["start"]
            start = self.starts[start_file]
            if start > now - self.delay:
                continue
            pcm = np.frombuffer(start_file.with_suffix(".raw").read_bytes(), dtype="<i2")
            times = begin + np.arange(samples) / MIC_RATE - start
            if times[0] * SPEAKER_RATE > len(pcm) + SPEAKER_RATE:
                self.past.add(start_file)  # a second past its end: it has finished playing
                continue
            inside = (times >= 0) & (times * SPEAKER_RATE < len(pcm) - 1)
            if inside.any():
                block[inside] += self.gain * np.interp(times[inside] * SPEAKER_RATE,
                                                       np.arange(len(pcm)), pcm)
        return block


def run_mic(folder: Path, echo_gain: float, echo_delay: float) -> None:
    """Write 16 kHz mono int16 to stdout in real time: what say/ holds, else silence."""
    import numpy as np

    echo = _Echo(folder / "played", echo_gain, echo_delay)
    queue: list[tuple[str, np.ndarray]] = []
    speaking: tuple[str, np.ndarray, float] | None = None
    position = 0
    clock = time.monotonic()
    out = sys.stdout.buffer
    while True:
        if speaking is None:
            queue.extend(_new_utterances(folder / "say"))
            if queue:
                name, pcm = queue.pop(0)
                speaking, position = (name, pcm, clock), 0
        block = echo.at(clock + MIC_BLOCK / MIC_RATE, MIC_BLOCK)
        if speaking is not None:
            name, pcm, began = speaking
            part = pcm[position: position + MIC_BLOCK]
            block[: len(part)] += part
            position += MIC_BLOCK
            if position >= len(pcm):
                end = clock + len(part) / MIC_RATE
                _append(folder / "mic.jsonl", {"name": name, "start": began, "end": end})
                speaking = None
        out.write(np.clip(block, -32768, 32767).astype("<i2").tobytes())
        out.flush()
        clock += MIC_BLOCK / MIC_RATE
        now = time.monotonic()
        if now - clock > MAX_LAG:
            clock = now  # held up (nobody read the pipe): audio is lost, as a sound card's
        time.sleep(max(0.0, clock - now))


def _new_utterances(say: Path) -> list[tuple[str, np.ndarray]]:
    """The utterances queued in say/, oldest first, taken out of it."""
    import numpy as np

    found = []
    for raw in sorted(say.glob("*.raw")):
        found.append((raw.stem, np.frombuffer(raw.read_bytes(), dtype="<i2").astype(float)))
        raw.unlink()
    return found


def main(argv: list[str] | None = None) -> int:
    """`python -m host.speech.wyoming.rig mic|speaker FOLDER`: the rig's satellite commands."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("role", choices=("mic", "speaker"))
    parser.add_argument("folder", type=Path)
    parser.add_argument("--echo", type=float, default=0.0)
    parser.add_argument("--echo-delay", type=float, default=0.05)
    args = parser.parse_args(argv)
    with contextlib.suppress(BrokenPipeError, KeyboardInterrupt):
        if args.role == "mic":
            run_mic(args.folder, args.echo, args.echo_delay)
        else:
            run_speaker(args.folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
