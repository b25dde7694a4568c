"""WAV file reading and writing: int16 mono PCM, resampled to 16 kHz on request."""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np

from host.speech.ports import SAMPLE_RATE


class WavError(ValueError):
    """A WAV file that cannot be read (missing, not RIFF/WAVE, unsupported encoding)."""


def read_wav(path: str | Path, rate: int | None = SAMPLE_RATE) -> tuple[bytes, int]:
    """Read a WAV file as int16 mono PCM, resampled to `rate` (None keeps the file's rate)."""
    samples, file_rate = read_samples(path)
    if rate is not None and rate != file_rate:
        samples = resample(samples, file_rate, rate)
        file_rate = rate
    return to_pcm(samples), file_rate


def read_samples(path: str | Path) -> tuple[np.ndarray, int]:
    """Read a WAV file as mono float32 samples in [-1, 1] and its sample rate."""
    try:
        with wave.open(str(path), "rb") as wav:
            width, channels = wav.getsampwidth(), wav.getnchannels()
            rate, raw = wav.getframerate(), wav.readframes(wav.getnframes())
    except FileNotFoundError as exc:
        raise WavError(f"{path}: no such file") from exc
    except (wave.Error, EOFError) as exc:
        raise WavError(f"{path}: not a readable PCM WAV file ({exc})") from exc
    samples = _decode(raw, width, path)
    if channels > 1:
        samples = samples[: len(samples) // channels * channels].reshape(-1, channels).mean(axis=1)
    return samples.astype(np.float32), rate


def _decode(raw: bytes, width: int, path: str | Path) -> np.ndarray:
    """Turn raw little-endian PCM of 1-4 bytes per sample into floats in [-1, 1]."""
    if width == 1:
        return (np.frombuffer(raw, dtype=np.uint8).astype(np.float32) - 128.0) / 128.0
    if width == 2:
        return np.frombuffer(raw, dtype="<i2").astype(np.float32) / 32768.0
    if width == 3:
        b = np.frombuffer(raw[: len(raw) // 3 * 3], dtype=np.uint8).reshape(-1, 3).astype(np.int32)
        ints = b[:, 0] | (b[:, 1] << 8) | (b[:, 2] << 16)
        ints = np.where(ints >= 1 << 23, ints - (1 << 24), ints)
        return ints.astype(np.float32) / float(1 << 23)
    if width == 4:
        return np.frombuffer(raw, dtype="<i4").astype(np.float32) / float(1 << 31)
    raise WavError(f"{path}: unsupported sample width {width} bytes")


def resample(samples: np.ndarray, src_rate: int, dst_rate: int) -> np.ndarray:
    """Band-limited resampling of float samples (FFT method, fine for utterance-sized audio)."""
    if src_rate == dst_rate or len(samples) == 0:
        return samples
    n_out = max(1, round(len(samples) * dst_rate / src_rate))
    spectrum = np.fft.rfft(samples.astype(np.float64))
    n_bins = n_out // 2 + 1
    if n_bins <= len(spectrum):
        spectrum = spectrum[:n_bins]
    else:
        spectrum = np.concatenate([spectrum, np.zeros(n_bins - len(spectrum), complex)])
    out = np.fft.irfft(spectrum, n_out) * (n_out / len(samples))
    return out.astype(np.float32)


def read_g722(path: str | Path) -> bytes:
    """Decode a raw G.722 file (64 kbit/s, as Asterisk ships its wideband prompts) to 16 kHz
    int16 mono PCM."""
    try:
        from G722 import G722
    except ImportError as exc:
        raise WavError(f"{path}: G.722 needs the g722 package (pip install g722)") from exc
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError as exc:
        raise WavError(f"{path}: no such file") from exc
    samples = np.asarray(G722(SAMPLE_RATE, 64000).decode(data), dtype="<i2")
    return samples.tobytes()


def to_pcm(samples: np.ndarray) -> bytes:
    """Convert float samples in [-1, 1] to int16 little-endian PCM bytes (clipping)."""
    ints = np.clip(np.round(samples * 32768.0), -32768, 32767).astype("<i2")
    return ints.tobytes()


def from_pcm(pcm: bytes) -> np.ndarray:
    """Convert int16 little-endian PCM bytes to float32 samples in [-1, 1]."""
    return np.frombuffer(pcm, dtype="<i2").astype(np.float32) / 32768.0


def resample_pcm(pcm: bytes, src_rate: int, dst_rate: int = SAMPLE_RATE) -> bytes:
    """Resample int16 mono PCM bytes from one rate to another."""
    if src_rate == dst_rate:
        return pcm
    return to_pcm(resample(from_pcm(pcm), src_rate, dst_rate))


def write_wav(path: str | Path, pcm: bytes, rate: int = SAMPLE_RATE) -> None:
    """Write int16 mono PCM bytes as a WAV file, creating parent folders."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(pcm)
