"""Shared fixtures for the speech tests: real synthesizers and a small PocketSphinx checker."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import pytest

from host.speech.espeak_tts import EspeakSynthesizer
from host.speech.piper_tts import PiperSynthesizer
from host.speech.wavio import resample_pcm

PickWord = Callable[[bytes, int, Sequence[str]], str]


@pytest.fixture(scope="session")
def piper_synth() -> PiperSynthesizer:
    """The real Piper synthesizer with the packaged joe voice, loaded once per session."""
    return PiperSynthesizer(steady=True)


@pytest.fixture(scope="session")
def espeak_synth() -> EspeakSynthesizer:
    """The real espeak-ng synthesizer (en-us)."""
    return EspeakSynthesizer("en-us")


@pytest.fixture(scope="session")
def sphinx_pick() -> PickWord:
    """Return pick(pcm, rate, choices): the choice PocketSphinx hears in the audio ("" if none)."""
    from pocketsphinx import Decoder

    decoder = Decoder(samprate=16_000, loglevel="FATAL")
    counter = itertools.count()

    def pick(pcm: bytes, rate: int, choices: Sequence[str]) -> str:
        name = f"g{next(counter)}"
        rule = " | ".join(choices)
        decoder.add_jsgf_string(name, f"#JSGF V1.0;\ngrammar {name};\npublic <s> = {rule};\n")
        decoder.activate_search(name)
        decoder.start_utt()
        decoder.process_raw(resample_pcm(pcm, rate, 16_000), full_utt=True)
        decoder.end_utt()
        hyp = decoder.hyp()
        return hyp.hypstr if hyp else ""

    return pick


# --- hearing-side fixtures (recognizers, spoken test audio) ---

ASTERISK = "/usr/share/asterisk/sounds/en"


@pytest.fixture(scope="session")
def sphinx_recognizer():  # type: ignore[no-untyped-def]
    """The real PocketSphinx recognizer with the wheel's English model, loaded once."""
    from host.speech.sphinx_stt import SphinxRecognizer

    return SphinxRecognizer()


@pytest.fixture(scope="session")
def speak(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., bytes]:
    """Return speak(text, voice="en-us") -> 16 kHz PCM spoken by espeak-ng (cached per session)."""
    import subprocess

    from host.speech.wavio import read_wav

    folder = tmp_path_factory.mktemp("spoken")
    cache: dict[tuple[str, str], bytes] = {}

    def speak(text: str, voice: str = "en-us") -> bytes:
        key = (text, voice)
        if key not in cache:
            path = folder / f"u{len(cache)}.wav"
            subprocess.run(["espeak-ng", "-v", voice, "-w", str(path), text], check=True)
            pcm, _ = read_wav(path)
            pad = bytes(int(0.25 * 16_000) * 2)
            cache[key] = pad + pcm + pad
        return cache[key]

    return speak


@pytest.fixture(scope="session")
def piper_speak(piper_synth: PiperSynthesizer) -> Callable[[str], bytes]:
    """Return piper_speak(text) -> 16 kHz PCM in the Piper joe voice (cached per session)."""
    cache: dict[str, bytes] = {}

    def speak(text: str) -> bytes:
        if text not in cache:
            pcm = b"".join(piper_synth.synthesize(text))
            cache[text] = resample_pcm(pcm, piper_synth.sample_rate, 16_000)
        return cache[text]

    return speak
