"""A whole game of Crack List through a Wyoming satellite: the table's only microphone and
speaker are a satellite (built from the wyoming package) that Party Host connects to over
loopback. Bot players choose their moves from the game, Piper says them into the satellite's
microphone, the host's real ears (Silero VAD, the half-duplex gate) and the default Whisper ear
hear them, and every line the host says comes back to the satellite as AudioChunk events, its
echo going into the microphone while it plays. Time is the satellite's audio: nothing waits
for real seconds."""

from __future__ import annotations

import queue
import random
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from host.core.events import TimeUp
from host.core.session import Session
from host.core.simulate import Bots
from host.demo import means
from host.games.crack_list.kind import CRACK_LIST
from host.games.crack_list.setup import TableOptions, build_session
from host.speech.ears import MicrophoneEars, StreamClock
from host.speech.piper_tts import PiperSynthesizer
from host.speech.ports import SAMPLE_RATE, Spoken
from host.speech.stt import make_recognizer
from host.speech.tts import join_pcm
from host.speech.wavio import resample_pcm
from host.speech.wyoming.audio import WyomingInput, wyoming_audio
from host.voice import Mouth, VoiceLoop
from tests.wyoming.satellite import TIMEOUT, TableSatellite

REACTION_SECONDS = 4.5
"""How long a player waits after the host's voice before answering: past the microphone's
tail and the echo window, so an answer that repeats the host's words ("number two") counts."""
ROOM_SECONDS = 0.1
"""The quiet room the satellite streams at a time, whenever the host has heard everything."""
MAX_TURNS = 150
MAX_SECONDS = 3600.0
"""Audio time after which the game counts as stuck."""


class Room:
    """The satellite's microphone as the host reads it: once everything said has been heard,
    the room's silence goes on, ROOM_SECONDS at a time, as fast as the host listens (a live
    microphone streams it in real time)."""

    sample_rate = SAMPLE_RATE

    def __init__(self, mic: WyomingInput, satellite: TableSatellite) -> None:
        self.mic = mic
        self.satellite = satellite

    def read(self, frames: int) -> bytes | None:
        """The satellite's audio, or the room's silence when nothing else is left."""
        if self.mic.clock() > MAX_SECONDS:
            return None
        if self.mic.link.buffered_seconds * SAMPLE_RATE < frames:
            self.satellite.silence(ROOM_SECONDS)
        return self.mic.read(frames)

    def close(self) -> None:
        """Close the satellite's microphone."""
        self.mic.close()


class TurnTaking:
    """The host's ears, telling the table each time the host starts listening."""

    def __init__(self, ears: MicrophoneEars, turns: queue.Queue[str]) -> None:
        self.ears = ears
        self.turns = turns
        self.spoken = threading.Event()

    def listen(self, timeout: float | None,
               paused: Callable[[bytes], None] | None = None) -> bytes | None:
        """Let the table speak (or keep quiet), then hear it."""
        self.spoken.clear()
        self.turns.put("listening")
        assert self.spoken.wait(TIMEOUT), "the table never answered"
        return self.ears.listen(timeout, paused)

    def host_spoke(self, spoken: Spoken) -> None:
        """As the real ears."""
        self.ears.host_spoke(spoken)


@pytest.fixture
def satellite() -> Iterator[TableSatellite]:
    satellite = TableSatellite(echo=0.3)
    yield satellite
    satellite.stop()


def test_a_whole_crack_list_game_is_played_through_a_wyoming_satellite(
        tmp_path: Path, satellite: TableSatellite) -> None:
    mic, speaker = wyoming_audio(f"tcp://127.0.0.1:{satellite.listen()}")
    piper = PiperSynthesizer(steady=True)
    ears = MicrophoneEars(Room(mic, satellite), clock=mic.clock)  # live: half-duplex
    turns: queue.Queue[str] = queue.Queue()
    table_ears = TurnTaking(ears, turns)
    options = TableOptions(players=["Ann", "Bob"], seed=4, rounds=1, hand_size=2,
                           turn_seconds=45)
    session = build_session(options, StreamClock(ears), tmp_path / "save.json")
    shown: list[str] = []
    loop = VoiceLoop(session, table_ears, make_recognizer("auto"), Mouth(piper, [speaker]),
                     show=shown.append)
    result: list[int] = []

    def host() -> None:
        try:
            result.append(loop.run())
        finally:
            turns.put("done")

    threading.Thread(target=host, daemon=True).start()
    bots = CRACK_LIST.voice_bots(session.game, random.Random(4))
    said: list[str] = []
    while turns.get(timeout=TIMEOUT) != "done":
        assert len(said) < MAX_TURNS, "\n".join(shown)
        text = answer(session, bots, said)
        if text is not None:  # None: the table lets the time run out
            satellite.silence(REACTION_SECONDS)
            satellite.say(resample_pcm(join_pcm(piper.synthesize(text)), piper.sample_rate))
        table_ears.spoken.set()
    transcript = "\n".join(shown)
    assert result == [0], transcript
    assert session.game.over, transcript
    spoken = [line for line in shown if line.startswith("HOST: ")]
    assert satellite.wait_for(lambda: len(satellite.streams) == speaker.streams)
    assert speaker.streams >= len(spoken)  # a line is one stream per sentence
    received = sum(chunk.seconds for stream in satellite.streams for chunk in stream)
    assert received == pytest.approx(speaker.seconds_sent, abs=0.01 * speaker.streams)
    heard = [line for line in shown if line.startswith("  (heard: ")]
    texts = [text for text in said if text]
    assert len(texts) // 2 <= len(heard) <= len(texts), transcript  # the echo is never heard
    print(f"\n{len(said)} turns, {len(heard)} utterances heard, {speaker.streams} streams "
          f"({speaker.seconds_sent:.0f} s) of the host's voice, {mic.clock():.0f} s of "
          f"microphone audio")
    mic.close()
    speaker.close()


def answer(session: Session, bots: Bots, said: list[str]) -> str | None:
    """What the table says now the host listens (None: nothing, the time runs out)."""
    game = session.game
    if session.paused:
        text = "resume"
    elif session.table.confirming is not None:
        text = "yes" if said and means(said[-1], session.table.confirming) else "no"
    else:
        event = bots.next_event()
        if isinstance(event, TimeUp):
            said.append("")
            return None
        prefix = None if event.player == game.expected_player() else event.player
        text = session.talk.say(event, prefix).replace(":", "")
    left = session.seconds_to_next_tick()
    if left is not None and left < REACTION_SECONDS + 4.0:
        said.append("")
        return None  # too little time left to say it: let the timer go first
    said.append(text)
    return text


def test_silence_is_audio_time(satellite: TableSatellite) -> None:
    """The satellite's silence advances the ears' clock by exactly its length."""
    mic, speaker = wyoming_audio(f"tcp://127.0.0.1:{satellite.listen()}")
    satellite.silence(2.0)
    ears = MicrophoneEars(mic, clock=mic.clock)
    assert ears.listen(timeout=1.0) == b""
    assert ears.stream_time == pytest.approx(1.0, abs=0.05)
    while mic.clock() < 2.0 and mic.read(1024):  # the rest may still be on its way (CI: 1.92)
        pass
    assert mic.clock() == pytest.approx(2.0, abs=1 / SAMPLE_RATE)
    mic.close()
    speaker.close()
