"""`partyhost play` by voice alone, through real sound plumbing.

A private PulseAudio null sink is the room: the host speaks into it through sounddevice and
listens to its monitor as the microphone; a player answers each prompt by playing a recorded
line into the same room. Only the sound card is missing: everything else is the real thing.
"""

from __future__ import annotations

import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from host.speech.piper_tts import PiperSynthesizer
from host.speech.tts import join_pcm
from host.speech.wavio import write_wav

RULES_DECK = str(Path(__file__).parent.parent / "data" / "decks" / "crack-list-rules.toml")
ANSWERS = {  # what the host says (every phrasebook variant) -> what the player answers
    r"are you Ann": "yes",
    r"are you Bob": "yes",
    r"Which one|pick a category": "number two",
    r"The category is: Planets|Planets of the solar system! Let's go|Right then: Planets":
        "what's the category",
    r"(The category is|We're on:) Planets": "quit",
    r"really want to stop": "yes",
}


@pytest.fixture(scope="module")
def recorded_answers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each answer as a WAV file, in the Piper voice."""
    folder = tmp_path_factory.mktemp("answers")
    piper = PiperSynthesizer(steady=True)
    files = {}
    for text in set(ANSWERS.values()):
        files[text] = folder / f"{len(files)}.wav"
        write_wav(files[text], join_pcm(piper.synthesize(text)), piper.sample_rate)
    return files


def answer_later(line: str, wav: Path, env: dict[str, str]) -> None:
    """Play the answer into the room once the host has finished saying `line`."""
    seconds = 1.8 + len(line.split()) / 2.4  # synthesis, speaking, and the microphone's tail
    threading.Timer(seconds, subprocess.run, [["paplay", "-d", "ph", str(wav)]],
                    {"env": env, "check": False}).start()


def test_a_game_is_set_up_played_and_quit_by_voice(
        pulse_env: dict[str, str], recorded_answers: dict[str, Path], tmp_path: Path) -> None:
    command = [sys.executable, "-m", "host", "play", "crack-list", "--players", "Ann", "Bob",
               "--input-device", "pulse", "--output-device", "pulse", "--turn-seconds", "60",
               "--deck", RULES_DECK, "--only-my-decks", "--seed", "2",
               "--save", str(tmp_path / "save.json")]
    host = subprocess.Popen(command, env=pulse_env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    watchdog = threading.Timer(360, host.kill)
    watchdog.start()
    said: list[str] = []
    assert host.stdout is not None
    for line in host.stdout:
        said.append(line.rstrip())
        for cue, answer in ANSWERS.items():
            if line.startswith("HOST:") and re.search(cue, line):
                answer_later(line, recorded_answers[answer], pulse_env)
                break
    watchdog.cancel()
    transcript = "\n".join(said)
    assert host.wait() == 0, transcript
    assert "(heard: 'yes')" in transcript and "(heard: 'number two')" in transcript, transcript
    assert "Planets of the solar system" in transcript
    assert "Thanks for playing" in transcript
