"""Babble mixing: noise added to speech at a signal-to-noise ratio, one definition of the SNR.

The SNR here is the standard one for speech in noise: the speech's *active* level over the
noise's level, in dB. Speech has pauses (before, between and after words) and counting them
would make the speech look quieter than it sounds, so the speech power is the mean power of its
active frames only: the 20 ms frames whose power is within 10 dB of the loudest frame (a simple
form of the active speech level of ITU-T P.56). The noise goes on through the pauses, so its
power is the mean over every sample. An utterance with long silences around it therefore gets
the same noise as the words alone would: the silences do not change the SNR.

The sources differ (the speech bench sums recorded prompts of other people, the demo its bots'
synthesized voices) but every mix goes through `mix_at_snr`.
"""

from __future__ import annotations

import numpy as np

from host.speech.ports import SAMPLE_RATE
from host.speech.wavio import from_pcm, to_pcm

FRAME = SAMPLE_RATE // 50
"""Samples in one 20 ms frame, the unit speech activity is judged on."""
ACTIVE_FLOOR = 0.1
"""A frame is active speech when its power is at least this share of the loudest frame's
(10 dB below it)."""


def active_speech_power(speech: np.ndarray) -> float:
    """Mean power of the active frames of the samples (see the module's docstring); the whole
    signal's mean power when it is shorter than one frame."""
    samples = np.asarray(speech, dtype=np.float64)
    frames = samples[: samples.size // FRAME * FRAME].reshape(-1, FRAME)
    if frames.size == 0:
        return float((samples ** 2).mean()) if samples.size else 0.0
    power = (frames ** 2).mean(axis=1)
    return float(power[power >= ACTIVE_FLOOR * power.max()].mean())


def speech_to_noise_db(speech: np.ndarray, noise: np.ndarray) -> float:
    """The SNR of speech and the noise added to it, in dB: active speech power over the
    noise's mean power."""
    noise_power = float((np.asarray(noise, dtype=np.float64) ** 2).mean())
    return float(10 * np.log10(active_speech_power(speech) / noise_power))


def mix_at_snr(pcm: bytes, noise: np.ndarray, snr_db: float) -> bytes:
    """Speech (16 kHz int16 PCM) with the noise added at snr_db, as int16 PCM (clipped).

    The noise has one sample per speech sample, in any scale: it is scaled so that
    `speech_to_noise_db` of the speech and the scaled noise is snr_db. Silent noise leaves the
    speech as it was."""
    speech = from_pcm(pcm).astype(np.float64)
    noise = np.asarray(noise, dtype=np.float64)
    if noise.shape != speech.shape:
        raise ValueError(f"{noise.size} noise samples for {speech.size} speech samples")
    if speech.size == 0:
        return pcm
    return to_pcm((speech + noise * noise_gain(speech, noise, snr_db)).astype(np.float32))


def noise_gain(speech: np.ndarray, noise: np.ndarray, snr_db: float) -> float:
    """What to multiply the noise by for `speech_to_noise_db` of the speech and it to be
    snr_db (the speech need not be where the noise is added: a sound mixed in elsewhere sets
    the level of the room's noise)."""
    noise_power = max(float((np.asarray(noise, dtype=np.float64) ** 2).mean()), 1e-12)
    return float(np.sqrt(active_speech_power(speech) / 10 ** (snr_db / 10) / noise_power))


def pink_noise(samples: int, rms: float, seed: int = 0) -> np.ndarray:
    """Steady pink noise at this RMS level (float samples): power falling 3 dB an octave above
    100 Hz, 20 dB lower above 6 kHz, as a room's murmur is; zeros when rms is 0."""
    if rms == 0:
        return np.zeros(samples, dtype=np.float32)
    spectrum = np.fft.rfft(np.random.default_rng(seed).standard_normal(samples))
    hertz = np.fft.rfftfreq(samples, 1 / SAMPLE_RATE)
    spectrum /= np.sqrt(np.maximum(hertz, 100.0))
    spectrum[hertz > 6000] *= 0.1
    noise = np.fft.irfft(spectrum, samples)
    gain = rms / float(np.sqrt((noise ** 2).mean()))
    return np.asarray(noise * gain, dtype=np.float32)
