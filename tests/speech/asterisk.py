"""The bench's recorded human prompts (asterisk-core-sounds-en-g722) and the choices offered
with them, for the tests that hear them through a real recognizer."""

from __future__ import annotations

from host.speech import bench
from host.speech.wavio import read_g722
from tests.speech.conftest import ASTERISK

CHOICES = [phrase for phrase, _ in bench.read_table("asterisk_choices.tsv")]
"""The phrases the bench offers with the English prompts."""


def prompt(name: str) -> bytes:
    """A recorded human prompt from asterisk-core-sounds-en-g722, as 16 kHz PCM."""
    return read_g722(f"{ASTERISK}/{name}.g722")
