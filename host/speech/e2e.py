"""`partyhost bench e2e`: what a player waits, from the last sample of their question at the
host's microphone to the first sample of the host's answer at its loudspeaker.

The host is built as `partyhost play` builds it (the default models), on one of two paths:
through a real wyoming-satellite (`--wyoming-satellite`, host.speech.wyoming.rig) whose
microphone says the probes in espeak-ng voices, or through a sound card (`--input-device`,
`--output-device`): a private PulseAudio's null sinks (host.speech.pulse_rig), the host in a
process of its own (PortAudio reads the devices once, at import). Stopwatches around the
ears, the recognizer, the voice and the loudspeaker say where the time goes: waiting for the
end of speech, recognition, the game, synthesis of the first sentence, and the output (the
satellite, or the sound card's buffers) to the loudspeaker.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from host.speech.ports import SAMPLE_RATE, AudioOut, Recognizer, Spoken, Synthesizer, Transcript
from host.speech.pulse_rig import HOST_DEVICES, PulseRig, SoundServerUnavailable
from host.speech.wavio import read_wav
from host.speech.wyoming.rig import SOUND_LEVEL, Played, SatelliteRig, Utterance

PROBES = ("what's the score", "what's the category", "whose turn is it",
          "how many cards does Bob have")
"""Questions a table asks mid-game: each one gets an answer and changes nothing."""
VOICES = ("en-us", "en-gb", "en-us+f3")
"""The espeak-ng voices that ask them."""
QUIET_BEFORE_ASKING = 1.5
"""Seconds the host has been silent before the next question (its microphone has reopened);
with an echo, its delay more: a player waits until the room is quiet, and a question said over
the echo's last word is one utterance with it, heard as that word ("Which one?": "one")."""
REPLY_TIMEOUT = 60.0
"""Seconds a question waits for its answer: long, as a late answer left out would make the
p95 look better than it is (recognition alone took 10-20 s on a loaded 2-core machine)."""


@dataclass
class Stopwatch:
    """Moments (CLOCK_MONOTONIC) of each kind, in order; with `path`, kept in that file too,
    for another process to read."""

    path: Path | None = None
    marks: dict[str, list[float]] = field(default_factory=dict)

    def mark(self, kind: str, at: float | None = None) -> float:
        """Note that `kind` happened now (or `at` that moment); returns the moment."""
        moment = time.monotonic() if at is None else at
        self.marks.setdefault(kind, []).append(moment)
        if self.path:
            with self.path.open("a") as marks:
                marks.write(json.dumps({"kind": kind, "at": moment}) + "\n")
        return moment

    def first(self, kind: str, after: float) -> float | None:
        """The first moment of `kind` at or after `after`."""
        return next((t for t in self._read().get(kind, []) if t >= after), None)

    def last(self, kind: str, before: float) -> float | None:
        """The last moment of `kind` at or before `before`."""
        return max((t for t in self._read().get(kind, []) if t <= before), default=None)

    def listening_since(self) -> float | None:
        """Since when the host has been waiting for a player (None while it is busy).
        Recognition is not being busy: it may run while the host listens (begun when a
        speaker paused, of an echo or of words the speaker went on from)."""
        busy = max((t for kind, moments in self._read().items()
                    if kind not in ("listening", "recognized") for t in moments), default=0.0)
        return self.first("listening", busy)

    def _read(self) -> dict[str, list[float]]:
        """The marks, as the file has them when there is one (its last line may be half
        written)."""
        if self.path and self.path.is_file():
            self.marks = {}
            for line in self.path.read_text().split("\n")[:-1]:
                row = json.loads(line)
                self.marks.setdefault(row["kind"], []).append(row["at"])
        return self.marks


class TimedEars:
    """Ears that note when each utterance is handed over ("heard")."""

    def __init__(self, ears: Any, watch: Stopwatch) -> None:
        self.ears, self.watch = ears, watch
        self.source = ears.source

    def listen(self, timeout: float | None,
               paused: Callable[[bytes], None] | None = None) -> bytes | None:
        """The ears' next utterance, noted, as the wait for it ("listening")."""
        self.watch.mark("listening")
        audio = self.ears.listen(timeout, paused)
        if audio:
            self.watch.mark("heard")
        return audio  # type: ignore[no-any-return]

    def host_spoke(self, spoken: Spoken) -> None:
        """As the ears."""
        self.ears.host_spoke(spoken)


class TimedRecognizer:
    """A recognizer that notes when recognition ends ("recognized"), which may be before the
    ears hand the utterance over (it begins when the speaker pauses)."""

    def __init__(self, recognizer: Recognizer, watch: Stopwatch) -> None:
        self.recognizer, self.watch = recognizer, watch
        self.name = recognizer.name

    def set_choices(self, choices: Sequence[str] | None) -> None:
        """As the recognizer."""
        self.recognizer.set_choices(choices)

    def transcribe(self, pcm: bytes, sample_rate: int = SAMPLE_RATE) -> Transcript:
        """The recognizer's transcript, noted."""
        heard = self.recognizer.transcribe(pcm, sample_rate)
        self.watch.mark("recognized")
        return heard


class TimedVoice:
    """A synthesizer that notes when a line starts ("speaking") and its first audio is ready
    ("synthesized")."""

    def __init__(self, voice: Synthesizer, watch: Stopwatch) -> None:
        self.voice, self.watch = voice, watch
        self.name, self.sample_rate = voice.name, voice.sample_rate

    def synthesize(self, text: str) -> Iterator[bytes]:
        """The voice's audio for `text`, noted."""
        self.watch.mark("speaking")
        for i, chunk in enumerate(self.voice.synthesize(text)):
            if i == 0:
                self.watch.mark("synthesized")
            yield chunk


class TimedOut:
    """A loudspeaker that notes when audio is handed to it ("sent") and when its first sound
    would be heard if it played at once ("due": after the voice's silence before it)."""

    def __init__(self, out: AudioOut, watch: Stopwatch) -> None:
        self.out, self.watch = out, watch

    def play(self, pcm: bytes, sample_rate: int) -> None:
        """Note, then play."""
        sent = self.watch.mark("sent")
        samples = np.frombuffer(pcm, dtype="<i2")
        loud = np.flatnonzero(np.abs(samples.astype(np.int32)) > SOUND_LEVEL)
        silence = int(loud[0]) if len(loud) else len(samples)
        self.watch.mark("due", sent + silence / sample_rate)
        self.out.play(pcm, sample_rate)

    def close(self) -> None:
        """As the loudspeaker."""
        self.out.close()


@dataclass(frozen=True)
class Reply:
    """One question and its answer, each moment in CLOCK_MONOTONIC seconds."""

    said_end: float
    heard: float
    recognized: float
    speaking: float
    synthesized: float
    sent: float
    due: float
    first_sound: float

    def parts(self) -> dict[str, float]:
        """Where the wait went, in milliseconds, and the whole wait at the wire (the audio
        handed to the satellite's connection or the sound card) and at the loudspeaker. The
        voice's silence before its first sound ("lead_in") is apart from the output's delay."""
        steps = {"endpointing": self.heard - self.said_end,
                 "recognition": self.recognized - self.heard,
                 "game": self.speaking - self.recognized,
                 "synthesis": self.synthesized - self.speaking,
                 "to_the_wire": self.sent - self.synthesized,
                 "lead_in": self.due - self.sent,
                 "output": self.first_sound - self.due,
                 "at_the_wire": self.sent - self.said_end,
                 "at_the_speaker": self.first_sound - self.said_end}
        return {name: round(1000 * seconds, 1) for name, seconds in steps.items()}


def reply_to(said: Utterance, watch: Stopwatch, played: list[Played]) -> Reply | None:
    """The host's reply to what was said, once it has been played (None before)."""
    heard = watch.first("heard", said.end)
    speaking = heard and watch.first("speaking", heard)
    # Recognition may have begun, even ended, before the ears were sure the player had
    # finished (host.speech.ahead): what is left of it after that is what the player waits.
    done = speaking and watch.last("recognized", speaking)
    synthesized = speaking and watch.first("synthesized", speaking)
    sent = synthesized and watch.first("sent", synthesized)
    due = sent and watch.first("due", sent)
    sound = due and next((p.first_sound for p in played
                          if p.first_sound and p.end >= due and p.first_sound >= said.end),
                         None)
    if not (heard and done and speaking and synthesized and sent and due and sound):
        return None
    return Reply(said.end, heard, max(done, heard), speaking, synthesized, sent, due, sound)


def espeak(text: str, voice: str) -> bytes:
    """`text` said by an espeak-ng voice, as 16 kHz PCM without the silence around it (the
    wait is timed from the last sound)."""
    with tempfile.TemporaryDirectory() as tmp:
        wav = Path(tmp) / "said.wav"
        subprocess.run(["espeak-ng", "-v", voice, "-w", str(wav), text], check=True)
        samples = np.frombuffer(read_wav(wav)[0], dtype="<i2")
    loud = np.flatnonzero(np.abs(samples.astype(np.int32)) > SOUND_LEVEL)
    return samples[loud[0]: loud[-1] + 1].tobytes() if len(loud) else b""


class Rig(Protocol):
    """A table's microphone and loudspeaker, timed: SatelliteRig or PulseRig."""

    def say(self, pcm: bytes) -> str: ...
    def said_whole(self, name: str, timeout: float = 60.0) -> Utterance: ...
    def played(self) -> list[Played]: ...
    def played_some(self, timeout: float = 120.0) -> None: ...
    def quiet_for(self, seconds: float, timeout: float = 60.0) -> None: ...


@dataclass
class Measured:
    """The replies to the questions asked (None: no reply), how long the host took to start,
    and what the path adds."""

    replies: list[Reply | None]
    start_up_seconds: float
    notes: dict[str, Any]


def run(questions: int = 24, *, path: str = "satellite", echo: float = 0.0,
        echo_delay: float = 0.05, log: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    """Ask `questions` questions on `path` and sum up the answers' times (see `measure`)."""
    measured = measure(questions, path=path, echo=echo, echo_delay=echo_delay, log=log)
    return {**summary([r for r in measured.replies if r], questions, measured.start_up_seconds),
            **measured.notes}


def measure(questions: int, *, path: str = "satellite", echo: float = 0.0,
            echo_delay: float = 0.05, log: Callable[[str], None] = lambda _: None) -> Measured:
    """Ask `questions` questions through the real satellite (`path` "satellite") or the sound
    card ("soundcard") and time the answers; with `echo` (satellite only), the host's voice
    comes back into the microphone that much fainter, `echo_delay` seconds late."""
    if path not in ("satellite", "soundcard") or (echo and path != "satellite"):
        raise ValueError(f"no path {path!r}" + (" with an echo" if echo else ""))
    with tempfile.TemporaryDirectory() as tmp:
        if path == "soundcard":
            return _on_the_sound_card(Path(tmp), questions, log)
        return _through_the_satellite(Path(tmp), questions, echo, echo_delay, log)


def _through_the_satellite(folder: Path, questions: int, echo: float, echo_delay: float,
                           log: Callable[[str], None]) -> Measured:
    """The host in a thread here, dialling a real satellite."""
    with SatelliteRig(folder, echo=echo, echo_delay=echo_delay) as rig:
        watch = Stopwatch()
        started = time.monotonic()
        loop = _timed_host(["--wyoming-satellite", rig.uri], folder / "save.json", watch, log)
        ready = time.monotonic() - started
        thread = threading.Thread(target=loop.run, daemon=True)
        thread.start()
        replies = _ask_all(rig, watch, questions, log,
                           QUIET_BEFORE_ASKING + (echo_delay if echo else 0.0))
        loop.ears.source.close()
        for out in loop.mouth.outputs:
            out.close()
        thread.join(10)
    ahead = loop.recognizer  # host.speech.ahead: begun when the speaker paused
    return Measured(replies, ready, {"echoes_dropped": loop.ears.ears.echoes_dropped,
                                     "recognised_ahead": ahead.used,
                                     "ahead_dropped": ahead.dropped})


def _on_the_sound_card(folder: Path, questions: int, log: Callable[[str], None]) -> Measured:
    """The host in a process of its own (`main`), on a private sound server's devices."""
    with PulseRig(folder) as rig:
        watch = Stopwatch(folder / "marks.jsonl")
        started = time.monotonic()
        with (folder / "host.log").open("wb") as host_log:
            host = subprocess.Popen([sys.executable, "-m", __name__, str(folder)],
                                    env=rig.host_env, stdout=host_log, stderr=subprocess.STDOUT)
        try:
            while (ready := watch.first("ready", started)) is None:
                if host.poll() is not None:
                    tail = (folder / "host.log").read_text(errors="replace")[-2000:]
                    raise SoundServerUnavailable(f"the host stopped ({host.returncode}):\n{tail}")
                time.sleep(0.05)
            replies = _ask_all(rig, watch, questions, log, QUIET_BEFORE_ASKING)
        finally:
            host.terminate()
            try:
                host.wait(10)
            except subprocess.TimeoutExpired:  # SIGTERM blocked by whoever started us
                host.kill()
                host.wait(10)
        notes = {"timing_jitter_ms": rig.jitter_ms()}
    return Measured(replies, ready - started, notes)


def _timed_host(audio: Sequence[str], save: Path, watch: Stopwatch,
                log: Callable[[str], None]) -> Any:
    """A Crack List game for Ann and Bob, built as `partyhost play` builds it with the
    `audio` options, with stopwatches in its senses."""
    from host.cli import build_parser
    from host.play import make_session
    from host.speech.ears import StreamClock
    from host.voice import Mouth, VoiceLoop, senses

    args = build_parser().parse_args(["play", "crack-list", "--lang", "en",
                                      "--players", "Ann", "Bob",
                                      "--seed", "1", "--save", str(save), *audio])
    ears, recognizer, mouth = senses(args)
    session, _ = make_session(args)
    session.clock = StreamClock(ears)
    timed_mouth = Mouth(TimedVoice(mouth.synthesizer, watch),
                        [TimedOut(out, watch) for out in mouth.outputs])
    return VoiceLoop(session, TimedEars(ears, watch), TimedRecognizer(recognizer, watch),
                     timed_mouth, show=log)


def _ask_all(rig: Rig, watch: Stopwatch, questions: int, log: Callable[[str], None],
             quiet: float) -> list[Reply | None]:
    """Once the host's welcome has begun, ask the probes in turn, each once the host has been
    `quiet` seconds."""
    rig.played_some()
    return [_ask(rig, watch, PROBES[i % len(PROBES)], VOICES[i % len(VOICES)], log, quiet)
            for i in range(questions)]


def _ask(rig: Rig, watch: Stopwatch, question: str, voice: str, log: Callable[[str], None],
         quiet: float) -> Reply | None:
    """Say one question once the host has been `quiet` seconds; its reply once played (None
    without one)."""
    _host_quiet(rig, watch, quiet)
    said = rig.said_whole(rig.say(espeak(question, voice)))
    deadline = time.monotonic() + REPLY_TIMEOUT
    while time.monotonic() < deadline:
        reply = reply_to(said, watch, rig.played())
        if reply:
            log(f"{question!r} ({voice}): {reply.parts()['at_the_speaker']:.0f} ms")
            return reply
        time.sleep(0.05)
    log(f"{question!r} ({voice}): no reply")
    return None


def _host_quiet(rig: Rig, watch: Stopwatch, seconds: float, timeout: float = 60.0) -> None:
    """Wait until the loudspeaker has been silent and the host waiting for a player for
    `seconds` (silence alone may be the host making its next line)."""
    deadline = time.monotonic() + timeout
    while True:
        rig.quiet_for(seconds, timeout)
        since = watch.listening_since()
        if since is not None and time.monotonic() - since >= seconds:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"the host did not wait for a player within {timeout} s")
        time.sleep(0.05)


def summary(replies: list[Reply], asked: int, ready_seconds: float) -> dict[str, Any]:
    """p50 and p95 of each part of the wait, the first reply apart (milliseconds)."""
    parts = [r.parts() for r in replies]
    figures: dict[str, Any] = {"asked": asked, "replies": len(replies),
                               "start_up_seconds": round(ready_seconds, 2)}
    if parts:
        figures["first_reply_ms"] = parts[0]["at_the_speaker"]
    for name in parts[0] if parts else ():
        values = sorted(p[name] for p in parts[1:] or parts)
        figures[name] = {"p50": round(statistics.median(values), 1),
                         "p95": round(values[min(len(values) - 1, int(0.95 * len(values)))], 1)}
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m host.speech.e2e FOLDER`: the sound-card path's host, on the devices its
    environment gives, its stopwatch in FOLDER/marks.jsonl ("ready" once built); it plays
    until it is stopped."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("folder", type=Path)
    folder = parser.parse_args(argv).folder
    watch = Stopwatch(folder / "marks.jsonl")
    loop = _timed_host(HOST_DEVICES, folder / "save.json", watch,
                       lambda line: print(line, flush=True))
    watch.mark("ready")
    return int(loop.run())


if __name__ == "__main__":
    sys.exit(main())
