"""A Wyoming satellite as the table's microphone (AudioIn) and loudspeaker (AudioOut)."""

from __future__ import annotations

from wyoming.audio import AudioChunk, AudioChunkConverter, AudioStart, AudioStop
from wyoming.event import Event

from host.speech.ports import SAMPLE_RATE
from host.speech.wavio import resample_pcm
from host.speech.wyoming.link import RETRY_SECONDS, Link, parse_uri

CHUNK_SAMPLES = 1024
"""Samples per AudioChunk sent to the satellite (the wyoming package's own default)."""
PLAYED_GRACE_SECONDS = 2.0
"""How long past a line's own length the loudspeaker waits for the satellite to have played it."""


class WyomingInput:
    """The satellite's microphone: 16 kHz mono int16, whatever rate, width or channels it sends.

    read() raises AudioUnavailable while no satellite is connected; `wait_back` waits for one
    to (re)connect, after which reading carries on.
    """

    def __init__(self, link: Link) -> None:
        """Read from `link`'s microphone audio."""
        self.link = link
        self.sample_rate = SAMPLE_RATE

    def read(self, frames: int) -> bytes | None:
        """Wait for up to `frames` frames (at most their duration plus 1 s); b"" if none came."""
        return self.link.take(frames, frames / SAMPLE_RATE + 1.0)

    def clock(self) -> float:
        """Seconds of microphone audio received so far: the ears' clock, so that what the
        satellite streamed while the host spoke counts as the host, however fast it came."""
        return self.link.received_seconds

    def wait_back(self, timeout: float | None) -> bool:
        """Wait for a satellite to be connected; False if `timeout` seconds pass first."""
        return self.link.wait_connected(timeout)

    def reopen(self, timeout: float = 5.0) -> WyomingInput:
        """This microphone once its satellite is back, as a sound card is reopened;
        AudioUnavailable if it is not back within `timeout` seconds."""
        if not self.wait_back(timeout):
            raise self.link.gone()
        return self

    def close(self) -> None:
        """Done listening (the link closes once the speaker is done too)."""
        self.link.release()


class WyomingOutput:
    """The satellite's loudspeaker: each play() is one AudioStart, AudioChunk..., AudioStop stream.

    Like a sound card's play(), it returns once the audio has been played: when the satellite
    says Played, or once it has streamed as much live microphone audio as the line lasts, and
    at most PLAYED_GRACE_SECONDS after that.
    """

    def __init__(self, link: Link) -> None:
        """Play through `link`'s satellite."""
        self.link = link
        self.streams = 0
        self.seconds_sent = 0.0

    def play(self, pcm: bytes, sample_rate: int) -> None:
        """Send mono int16 PCM (converted to the satellite's format, if it gave one) and wait
        until it has been played; AudioUnavailable if the satellite is gone."""
        seconds = len(pcm) / 2 / sample_rate
        self.link.play(self.stream_events(pcm, sample_rate), seconds,
                       timeout=seconds + PLAYED_GRACE_SECONDS)
        self.streams += 1
        self.seconds_sent += seconds

    def stream_events(self, pcm: bytes, sample_rate: int) -> list[Event]:
        """The events that play `pcm`: AudioStart, the chunks, AudioStop (timestamps in ms)."""
        wanted = self.link.snd_format
        rate, width, channels = sample_rate, 2, 1
        if wanted is not None:
            rate, width, channels = wanted.rate, wanted.width, wanted.channels
            pcm = resample_pcm(pcm, sample_rate, rate)
        converter = AudioChunkConverter(width=width, channels=channels)
        step = 2 * CHUNK_SAMPLES
        chunks = [converter.convert(AudioChunk(rate, 2, 1, pcm[i : i + step],
                                               timestamp=1000 * i // 2 // rate))
                  for i in range(0, len(pcm), step)]
        end = 1000 * len(pcm) // 2 // rate
        return [AudioStart(rate, width, channels, timestamp=0).event(),
                *(chunk.event() for chunk in chunks), AudioStop(timestamp=end).event()]

    def close(self) -> None:
        """Done speaking (the link closes once the microphone is done too)."""
        self.link.release()


def wyoming_audio(uri: str, *, retry_seconds: float = RETRY_SECONDS,
                  timeout: float = 5.0) -> tuple[WyomingInput, WyomingOutput]:
    """A satellite's microphone and loudspeaker: Party Host connects to the satellite at `uri`
    (tcp://HOST:PORT). AudioUnavailable when it cannot."""
    link = Link(parse_uri(uri), retry_seconds=retry_seconds, timeout=timeout)
    return WyomingInput(link), WyomingOutput(link)
