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
    return PiperSynthesizer()


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
