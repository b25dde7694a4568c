"""End to end through real sound plumbing: PortAudio -> ALSA pulse plugin -> PulseAudio null sink.

A private PulseAudio daemon (its own runtime dir, a null sink "ph") stands in for a sound card.
The host speaks through SoundDeviceOutput, and SoundDeviceInput records the sink's monitor; the
recording must contain the spoken word (PocketSphinx) and sound energy of the right length.
Everything runs in subprocesses because PortAudio reads the device list once, at import.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

from host.speech.wavio import read_wav

PickWord = Callable[[bytes, int, list[str]], str]
"""The sphinx_pick fixture (tests/speech/conftest.py)."""


# Records the sink's monitor while `partyhost say TEXT --output-device pulse` plays the line.
SAY_AND_RECORD = """
import sys
from host.cli import main
from host.speech.audio import SoundDeviceInput
from host.speech.wavio import write_wav
recording, text = sys.argv[1], sys.argv[2]
mic = SoundDeviceInput("pulse")
code = main(["say", text, "--output-device", "pulse"])
pcm = mic.read(mic.available + 8000)  # all heard so far, plus 0.5 s for the server's latency
mic.close()
write_wav(recording, pcm)
sys.exit(code)
"""

# The session's way: a cached voice, a prepared speaker, two lines in a row, the mic listening.
SESSION_LINES = """
import sys
from host.speech.audio import SoundDeviceInput, SoundDeviceOutput, speak
from host.speech.cache import CachedSynthesizer
from host.speech.tts import make_synthesizer
from host.speech.wavio import write_wav
voice = CachedSynthesizer(make_synthesizer("piper"))
voice.warm(sys.argv[2:])
mic = SoundDeviceInput("pulse")
speaker = SoundDeviceOutput("pulse")
speaker.prepare(voice.sample_rate)
for line in sys.argv[2:]:
    speak(voice, speaker, line)
speaker.close()
write_wav(sys.argv[1], mic.read(mic.available + 8000))
mic.close()
"""


def run_python(code: str, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run a Python snippet in the pulse environment and return its outcome."""
    return subprocess.run(
        [sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, timeout=120
    )


def loud_seconds(pcm: bytes, rate: int = 16_000, threshold: float = 500.0) -> float:
    """How long the audio is louder than `threshold` RMS, counted in 20 ms frames."""
    samples = np.frombuffer(pcm, dtype="<i2").astype(np.float64)
    frame = rate // 50
    frames = samples[: len(samples) // frame * frame].reshape(-1, frame)
    rms = np.sqrt((frames**2).mean(axis=1))
    return float((rms > threshold).sum()) / 50


def test_devices_lists_the_pulse_device(pulse_env: dict[str, str]) -> None:
    code = "from host.cli import main; raise SystemExit(main(['devices']))"
    done = run_python(code, env=pulse_env)
    assert done.returncode == 0, done.stderr
    assert any(line.endswith("  pulse") for line in done.stdout.splitlines()), done.stdout


def test_doctor_finds_the_sound_server_s_microphone_and_speaker(
        pulse_env: dict[str, str]) -> None:
    code = "from host.cli import main; raise SystemExit(main(['doctor']))"
    done = run_python(code, env=pulse_env)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("microphone: ") and "none" not in lines[0]
    assert lines[1].startswith("speaker: ") and "none" not in lines[1]
    assert lines[-1].startswith("A game by voice can run here")


def test_spoken_line_is_heard_on_the_sink_monitor(
    pulse_env: dict[str, str], tmp_path: Path, sphinx_pick: PickWord
) -> None:
    recording = tmp_path / "heard.wav"
    done = run_python(SAY_AND_RECORD, str(recording), "Seven.", env=pulse_env)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    pcm, rate = read_wav(recording, rate=None)
    assert rate == 16_000
    assert 0.15 < loud_seconds(pcm) < 1.5  # "Seven." is 0.5-0.8 s, about 0.3 s of it loud
    assert sphinx_pick(pcm, rate, ["three", "seven", "ten", "crack on"]) == "seven"


def test_cached_lines_play_back_to_back(
    pulse_env: dict[str, str], tmp_path: Path, sphinx_pick: PickWord
) -> None:
    recording = tmp_path / "heard.wav"
    done = run_python(SESSION_LINES, str(recording), "Three.", "Seven.", env=pulse_env)
    assert done.returncode == 0, done.stderr
    pcm, rate = read_wav(recording, rate=None)
    choices = ["three seven", "seven three", "three", "seven", "ten"]
    assert sphinx_pick(pcm, rate, choices) == "three seven"
