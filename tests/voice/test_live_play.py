"""`partyhost play` by voice alone, through real sound plumbing.

A private PulseAudio null sink is the room: the host speaks into it through sounddevice and
listens to its monitor as the microphone; a player answers each prompt by playing a recorded
line into the same room once the host has had its say. Only the sound card is missing:
everything else is the real thing.
"""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from host.speech.piper_tts import PiperSynthesizer
from host.speech.pulse_rig import Monitor
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


QUIET_SECONDS = 2.0
"""How long the room has been quiet before a player answers: past the microphone's closed tail
after the host's line (host.speech.ears.LIVE_TAIL_SECONDS) and longer than a pause
between its sentences (0.3-0.5 s on an idle machine). A player answered at a fixed delay from
the words of the line (1.8 s and 2.4 words a second): 1.3 to 4.6 s after the host's voice
ended."""
LINE_SOUNDS = 0.5
"""A line is shown as the one before it is handed to the sound card: that one's sound ends
within the card's latency of it, and the line's own sound ends later than this."""


def answer_when_quiet(room: Monitor, shown: float, wav: Path, env: dict[str, str],
                      host: subprocess.Popen[str]) -> None:
    """Play the answer into the room once the host has said the line shown at `shown` (and
    whatever followed it) and the room has been quiet for QUIET_SECONDS."""
    while host.poll() is None:
        sounds = room.sounds()
        if sounds and sounds[-1][1] > shown + LINE_SOUNDS \
                and room.heard_until() - sounds[-1][1] >= QUIET_SECONDS:
            subprocess.run(["paplay", "-d", "ph", str(wav)], env=env, check=False)
            return
        time.sleep(0.02)


def test_a_game_is_set_up_played_and_quit_by_voice(
        pulse_env: dict[str, str], recorded_answers: dict[str, Path], tmp_path: Path) -> None:
    # saved where games usually are (a file named with --save is read out in the goodbye)
    command = [sys.executable, "-m", "host", "play", "crack-list", "--players", "Ann", "Bob",
               "--input-device", "pulse", "--output-device", "pulse", "--turn-seconds", "60",
               "--deck", RULES_DECK, "--only-my-decks", "--seed", "2"]
    room = Monitor(pulse_env, "ph", 16_000)
    host = subprocess.Popen(command, env={**pulse_env, "XDG_STATE_HOME": str(tmp_path)},
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    watchdog = threading.Timer(360, host.kill)
    watchdog.start()
    said: list[str] = []
    assert host.stdout is not None
    try:
        for line in host.stdout:
            said.append(line.rstrip())
            for cue, answer in ANSWERS.items():
                if line.startswith("HOST:") and re.search(cue, line):
                    threading.Thread(target=answer_when_quiet, daemon=True, args=(
                        room, time.monotonic(), recorded_answers[answer], pulse_env, host),
                    ).start()
                    break
    finally:
        watchdog.cancel()
        room.stop()
    transcript = "\n".join(said)
    assert host.wait() == 0, transcript
    assert "(heard: 'yes')" in transcript and "(heard: 'number two')" in transcript, transcript
    assert "Planets of the solar system" in transcript
    assert "Thanks for playing" in transcript
    assert (tmp_path / "partyhost" / "crack-list.json").is_file()  # the game was saved
