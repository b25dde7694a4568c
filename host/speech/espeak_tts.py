"""espeak-ng text-to-speech through its command-line binary: small, robotic, many voices."""

from __future__ import annotations

import copy
import shutil
import struct
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass

from host.speech.tts import TTSUnavailable, speakable, split_sentences

BINARY = "espeak-ng"
INSTALL_HINT = "install it with: apt-get install espeak-ng"
BOT_VOICES = {
    "en": ("en-gb", "en-gb-scotland", "en-us+f3", "en-029", "en-us+m7", "en-gb-x-rp+f4"),
    "fr": ("fr", "fr-be+f3", "fr-ch+m7", "fr+f4", "fr-be+m2", "fr+m3"),
}
"""Clearly different espeak-ng voices of each language, for simulated players in demos."""


@dataclass(frozen=True)
class EspeakVoice:
    """One line of `espeak-ng --voices`."""

    language: str
    """The name to pass as voice (en-us, en-gb-scotland, fr-fr ...)."""
    gender: str
    """M or F (as espeak-ng reports it)."""
    name: str
    """The voice's descriptive name."""


def parse_wav_stream(data: bytes) -> tuple[bytes, int]:
    """Return (PCM, sample rate) of a RIFF stream whose sizes may be placeholders (as on stdout)."""
    if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        raise ValueError("not a WAV stream")
    pos, rate = 12, 0
    while pos + 8 <= len(data):
        chunk_id, size = data[pos : pos + 4], struct.unpack("<I", data[pos + 4 : pos + 8])[0]
        if chunk_id == b"fmt ":
            rate = struct.unpack("<I", data[pos + 12 : pos + 16])[0]
        elif chunk_id == b"data":
            return data[pos + 8 :], rate
        pos += 8 + size
    raise ValueError("WAV stream has no data chunk")


def parse_voices(listing: str) -> list[EspeakVoice]:
    """Parse the table printed by `espeak-ng --voices`."""
    voices = []
    for line in listing.splitlines()[1:]:
        fields = line.split()
        if len(fields) >= 4:
            voices.append(EspeakVoice(fields[1], fields[2].split("/")[-1], fields[3]))
    return voices


def list_voices(language: str | None = None) -> list[EspeakVoice]:
    """List the installed espeak-ng voices, optionally only those of one language prefix."""
    args = [_binary(), f"--voices={language}" if language else "--voices"]
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    return parse_voices(done.stdout)


def _binary() -> str:
    path = shutil.which(BINARY)
    if path is None:
        raise TTSUnavailable(f"The {BINARY} program is not installed; {INSTALL_HINT}.")
    return path


class EspeakSynthesizer:
    """Synthesizer port over espeak-ng; one process per sentence so the first plays early."""

    def __init__(self, voice: str = "en-us", speed: int = 165, pitch: int | None = None) -> None:
        """Use espeak-ng voice `voice` (en-us, en-gb, en-us+f3, fr ...) at `speed` words/minute."""
        self._binary = _binary()
        self.voice, self.speed, self.pitch = voice, speed, pitch
        self.name = f"espeak:{voice}"
        _pcm, rate = self._run("\n")  # checks the voice exists and learns the rate
        self.sample_rate: int = rate

    def slower(self, factor: float) -> EspeakSynthesizer:
        """The same voice speaking `factor` times slower (as someone repeating themselves)."""
        slow = copy.copy(self)  # the voice is known to work: no need to probe espeak-ng again
        slow.speed = round(self.speed / factor)
        return slow

    def synthesize(self, text: str) -> Iterator[bytes]:
        """Yield int16 mono PCM for each sentence of `text`."""
        lang = self.voice.split("-")[0].split("+")[0]
        for sentence in split_sentences(speakable(text, lang)):
            yield self._run(sentence)[0]

    def _run(self, text: str) -> tuple[bytes, int]:
        args = [self._binary, "-v", self.voice, "-s", str(self.speed), "--stdout"]
        if self.pitch is not None:
            args += ["-p", str(self.pitch)]
        # Text goes through stdin so a line starting with "-" is never read as an option.
        done = subprocess.run(args, input=text.encode(), capture_output=True, check=False)
        if done.returncode != 0:
            message = done.stderr.decode(errors="replace").strip().removeprefix("Error: ")
            raise TTSUnavailable(f"espeak-ng failed with voice {self.voice!r}: {message}")
        return parse_wav_stream(done.stdout)
