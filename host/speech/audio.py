"""Audio adapters: the sound card's microphone and loudspeaker, and WAV files as either."""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Literal

import numpy as np

from host.speech.ports import SAMPLE_RATE, AudioOut, Synthesizer
from host.speech.wavio import read_wav, resample_pcm, write_wav

Kind = Literal["input", "output"]
LIST_HINT = "run `partyhost devices` to list them"


class AudioUnavailable(RuntimeError):
    """No usable sound device; the message is one sentence saying why."""


@dataclass(frozen=True)
class AudioDevice:
    """One sound device as PortAudio reports it."""

    index: int
    name: str
    inputs: int
    """Input channels (0 for a speaker)."""
    outputs: int
    """Output channels (0 for a microphone)."""
    default_rate: float
    is_default_input: bool = False
    is_default_output: bool = False


# --- files -------------------------------------------------------------------------------


def wav_files(path: str | Path) -> list[Path]:
    """The WAV files at `path`: the file itself, or a directory's *.wav in sorted order."""
    path = Path(path)
    if path.is_dir():
        return sorted(p for p in path.iterdir() if p.suffix.lower() == ".wav")
    return [path]


class WavFileInput:
    """Recorded audio as the microphone: one WAV file or a directory of them, silence between."""

    def __init__(self, path_or_dir: str | Path, *, gap_seconds: float = 1.0) -> None:
        """Load every file now (resampled to 16 kHz); `gap_seconds` of silence follow each."""
        self.sample_rate = SAMPLE_RATE
        self.files = wav_files(path_or_dir)
        gap = bytes(2 * round(gap_seconds * SAMPLE_RATE))
        self._pcm = b"".join(read_wav(f, SAMPLE_RATE)[0] + gap for f in self.files)
        self._pos = 0

    @property
    def seconds_read(self) -> float:
        """How much audio has been read so far, in seconds."""
        return self._pos / 2 / self.sample_rate

    def read(self, frames: int) -> bytes | None:
        """Return the next `frames` frames (fewer at the end), None once everything was read."""
        if self._pos >= len(self._pcm):
            return None
        chunk = self._pcm[self._pos : self._pos + 2 * frames]
        self._pos += len(chunk)
        return chunk

    def close(self) -> None:
        """Forget the audio."""
        self._pcm, self._pos = b"", 0


class WavFolderOutput:
    """The host's voice as files: each play() writes 0001.wav, 0002.wav ... and index.tsv."""

    def __init__(self, directory: str | Path) -> None:
        """Write into `directory` (created if needed), numbering on after files already there."""
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.count = len(list(self.directory.glob("[0-9][0-9][0-9][0-9].wav")))
        self.written: list[Path] = []

    def play(self, pcm: bytes, sample_rate: int, text: str | None = None) -> None:
        """Write one WAV file at its own rate; with `text`, add a line to index.tsv."""
        self.count += 1
        path = self.directory / f"{self.count:04d}.wav"
        write_wav(path, pcm, sample_rate)
        self.written.append(path)
        if text is not None:
            with (self.directory / "index.tsv").open("a", encoding="utf-8") as index:
                index.write(f"{path.name}\t{' '.join(text.split())}\n")

    def close(self) -> None:
        """Nothing to release: every file is complete when play() returns."""


def speak(synthesizer: Synthesizer, out: AudioOut, text: str) -> None:
    """Say `text` on `out`: sentence by sentence aloud, as one file with its text on disk."""
    chunks: Iterable[bytes] = synthesizer.synthesize(text)
    if isinstance(out, WavFolderOutput):
        out.play(b"".join(chunks), synthesizer.sample_rate, text=text)
        return
    for chunk in chunks:
        out.play(chunk, synthesizer.sample_rate)


class BlockResampler:
    """Resamples a stream of int16 blocks without clicks at block edges (low-pass + interpolate)."""

    def __init__(self, src_rate: int, dst_rate: int, *, taps: int = 63) -> None:
        """Convert from `src_rate` to `dst_rate`, filtering with a `taps`-long windowed sinc."""
        self.step = src_rate / dst_rate
        cutoff = 0.5 * min(1.0, dst_rate / src_rate) * 0.9  # in cycles per input sample
        n = np.arange(taps) - (taps - 1) / 2
        kernel = 2 * cutoff * np.sinc(2 * cutoff * n) * np.hamming(taps)
        self._kernel = kernel / kernel.sum()
        self._history = np.zeros(taps - 1)
        self._last = 0.0  # the previous block's final filtered sample
        self._pos = 0.0  # next output position, 0 = self._last

    def process(self, pcm: bytes) -> bytes:
        """Resample one block; state carries over so consecutive blocks join seamlessly."""
        x = np.concatenate([self._history, np.frombuffer(pcm, dtype="<i2").astype(np.float64)])
        self._history = x[len(x) - len(self._history) :]
        y = np.concatenate([[self._last], np.convolve(x, self._kernel, mode="valid")])
        positions = np.arange(self._pos, len(y) - 1, self.step)
        out = np.interp(positions, np.arange(len(y)), y)
        self._pos = (positions[-1] + self.step if len(positions) else self._pos) - (len(y) - 1)
        self._last = float(y[-1])
        result: bytes = np.clip(np.round(out), -32768, 32767).astype("<i2").tobytes()
        return result


# --- sound devices -----------------------------------------------------------------------


def _sounddevice() -> ModuleType:
    """Import sounddevice, turning a missing PortAudio into AudioUnavailable."""
    try:
        import sounddevice
    except (ImportError, OSError) as error:
        raise AudioUnavailable(
            "Sound is unavailable because PortAudio or the sounddevice package is missing "
            "(apt-get install libportaudio2; pip install sounddevice)."
        ) from error
    module: ModuleType = sounddevice
    return module


def list_devices() -> list[AudioDevice]:
    """List the sound devices PortAudio sees (empty on a machine without sound)."""
    sd = _sounddevice()
    default_in, default_out = _defaults(sd)
    return [
        AudioDevice(
            index=int(info["index"]),
            name=str(info["name"]),
            inputs=int(info["max_input_channels"]),
            outputs=int(info["max_output_channels"]),
            default_rate=float(info["default_samplerate"]),
            is_default_input=int(info["index"]) == default_in,
            is_default_output=int(info["index"]) == default_out,
        )
        for info in sd.query_devices()
    ]


def _defaults(sd: ModuleType) -> tuple[int, int]:
    device = sd.default.device
    return int(device[0]), int(device[1])


def resolve_device(spec: str | int | None, kind: Kind) -> int:
    """Find a device index by number or name substring (None: the default) for input/output."""
    devices = [d for d in list_devices() if (d.inputs if kind == "input" else d.outputs) > 0]
    if not devices:
        raise AudioUnavailable(f"No sound {kind} device is available on this machine.")
    if spec is None or spec == "":
        default = [
            d for d in devices if (d.is_default_input, d.is_default_output)[kind == "output"]
        ]
        return (default or devices)[0].index
    if isinstance(spec, int) or spec.isdigit():
        found = [d for d in devices if d.index == int(spec)]
    else:
        found = [d for d in devices if spec.lower() in d.name.lower()]
    if not found:
        raise AudioUnavailable(f"No sound {kind} device matches {spec!r}; {LIST_HINT}.")
    return found[0].index


def _open_error(kind: Kind, error: Exception) -> AudioUnavailable:
    reason = str(error).strip().rstrip(".")
    return AudioUnavailable(f"The sound {kind} device could not be opened ({reason}).")


class SoundDeviceInput:
    """The microphone: 16 kHz mono int16, captured in the background so no audio is lost."""

    def __init__(self, device: str | int | None = None, *, block_frames: int = 480) -> None:
        """Open the input `device` (index, name substring or None for the default)."""
        sd = _sounddevice()
        self.sample_rate = SAMPLE_RATE
        self._buffer = bytearray()
        self._ready = threading.Condition()
        self._resampler: BlockResampler | None = None
        index = resolve_device(device, "input")
        try:
            self._stream = self._open(sd, index, SAMPLE_RATE, block_frames)
        except sd.PortAudioError:  # device cannot do 16 kHz: capture at its rate, resample
            device_rate = int(sd.query_devices(index)["default_samplerate"])
            self._resampler = BlockResampler(device_rate, SAMPLE_RATE)
            try:
                self._stream = self._open(sd, index, device_rate, block_frames)
            except sd.PortAudioError as error:
                raise _open_error("input", error) from error
        try:
            self._stream.start()
        except sd.PortAudioError as error:
            raise _open_error("input", error) from error

    def _open(self, sd: ModuleType, index: int, rate: int, block: int) -> Any:
        return sd.RawInputStream(
            samplerate=rate,
            blocksize=block * rate // SAMPLE_RATE,
            device=index,
            channels=1,
            dtype="int16",
            callback=self._on_audio,
        )

    def _on_audio(self, data: Any, frames: int, time: Any, status: Any) -> None:
        pcm = bytes(data)
        if self._resampler is not None:
            pcm = self._resampler.process(pcm)
        with self._ready:
            self._buffer += pcm
            self._ready.notify_all()

    @property
    def available(self) -> int:
        """Frames captured and not read yet."""
        with self._ready:
            return len(self._buffer) // 2

    def read(self, frames: int) -> bytes | None:
        """Wait for up to `frames` frames (at most their duration plus 1 s); b"" if none came."""
        wanted = 2 * frames
        with self._ready:
            self._ready.wait_for(lambda: len(self._buffer) >= wanted, frames / SAMPLE_RATE + 1.0)
            chunk = bytes(self._buffer[:wanted])
            del self._buffer[:wanted]
        return chunk

    def close(self) -> None:
        """Stop capturing and release the device."""
        self._stream.stop()
        self._stream.close()


class SoundDeviceOutput:
    """The loudspeaker: plays int16 mono PCM at its own rate (resampled if the device needs it)."""

    def __init__(self, device: str | int | None = None) -> None:
        """Use the output `device` (index, name substring or None for the default)."""
        self._sd = _sounddevice()
        self._index = resolve_device(device, "output")
        self._streams: dict[int, tuple[Any, int]] = {}

    def play(self, pcm: bytes, sample_rate: int) -> None:
        """Play PCM; returns once the last block is handed to the device, i.e. as it ends."""
        stream, device_rate = self._stream(sample_rate)
        if device_rate != sample_rate:
            pcm = resample_pcm(pcm, sample_rate, device_rate)
        self._write(stream, pcm)

    def prepare(self, sample_rate: int) -> None:
        """Open the stream for this rate ahead of time and play 0.2 s of silence through it.

        A sound server (PulseAudio) can take a second to start a new stream; paying that before
        the game starts lets the first line play at once.
        """
        stream, device_rate = self._stream(sample_rate)
        self._write(stream, bytes(2 * device_rate // 5))

    def _write(self, stream: Any, pcm: bytes) -> None:
        try:
            stream.write(pcm)
        except self._sd.PortAudioError as error:  # e.g. the device was unplugged mid-game
            reason = str(error).strip().rstrip(".")
            raise AudioUnavailable(
                f"The sound output device stopped working ({reason})."
            ) from error

    def _stream(self, rate: int) -> tuple[Any, int]:
        if rate not in self._streams:
            self._streams[rate] = self._open(rate)
        return self._streams[rate]

    def _open(self, rate: int) -> tuple[Any, int]:
        sd = self._sd
        try:
            stream = self._raw_output(rate)
        except sd.PortAudioError:  # device cannot play this rate: play at its own, resampled
            rate = int(sd.query_devices(self._index)["default_samplerate"])
            try:
                stream = self._raw_output(rate)
            except sd.PortAudioError as error:
                raise _open_error("output", error) from error
        try:
            stream.start()
        except sd.PortAudioError as error:
            raise _open_error("output", error) from error
        return stream, rate

    def _raw_output(self, rate: int) -> Any:
        return self._sd.RawOutputStream(
            samplerate=rate, device=self._index, channels=1, dtype="int16"
        )

    def close(self) -> None:
        """Let queued audio finish, then release the device."""
        for stream, _rate in self._streams.values():
            stream.stop()  # stop() (unlike abort()) plays what is buffered first
            stream.close()
        self._streams.clear()
