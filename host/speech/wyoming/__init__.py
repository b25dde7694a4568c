"""Wyoming satellites (Home Assistant's voice satellites) as the table's microphone and speaker."""

from host.speech.wyoming.audio import WyomingInput, WyomingOutput, wyoming_audio
from host.speech.wyoming.link import Address, Link, LinkError, parse_uri

__all__ = ["Address", "Link", "LinkError", "WyomingInput", "WyomingOutput", "parse_uri",
           "wyoming_audio"]
