"""The lobby's audio and voices: where the table's sound comes from and goes to, and the
recognizer and synthesizer of each language, loaded once (as `partyhost play` builds them)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from host.speech.ports import AudioIn, AudioOut, Recognizer
from host.voice import Mouth


def open_input(args: argparse.Namespace) -> AudioIn:
    """The table's microphone: recorded WAV audio with --listen-from, else the sound card
    (AudioUnavailable when there is none)."""
    from host.speech.audio import SoundDeviceInput, WavFileInput

    if args.listen_from:
        return WavFileInput(args.listen_from)
    return SoundDeviceInput(args.input_device)


def open_outputs(args: argparse.Namespace, *, sound_card: bool = True) -> list[AudioOut]:
    """Where the host's voice goes: a WAV folder with --speak-to, the sound card unless the
    microphone is a recording (or the speaker a satellite's)."""
    from host.speech.audio import SoundDeviceOutput, WavFolderOutput

    outputs: list[AudioOut] = []
    if args.speak_to:
        outputs.append(WavFolderOutput(args.speak_to))
    if sound_card and not args.listen_from:
        outputs.append(SoundDeviceOutput(args.output_device))
    return outputs


def open_audio(args: argparse.Namespace) -> tuple[AudioIn, list[AudioOut]]:
    """The table's audio source and sinks, from the command line: a Wyoming satellite's
    microphone and speaker with --wyoming-satellite or --wyoming-server, else the sound card
    (or the recordings)."""
    from host.speech.wyoming.options import wyoming_from_args

    satellite = wyoming_from_args(args)
    if satellite:
        mic, speaker = satellite
        return mic, [*open_outputs(args, sound_card=False), speaker]
    return open_input(args), open_outputs(args)


class Voices:
    """The recognizer and the host's voice for each language, built on first use."""

    def __init__(self, args: argparse.Namespace, outputs: Sequence[AudioOut]) -> None:
        self.args = args
        self.outputs = outputs
        self.recognizers: dict[str, Recognizer] = {}
        self.mouths: dict[str, Mouth] = {}

    def recognizer(self, lang: str) -> Recognizer:
        """The recognizer for `lang` (Whisper tiny.en for English, base for French)."""
        from host.speech.stt import recognizer_from

        if lang not in self.recognizers:
            self.recognizers[lang] = recognizer_from(self.args, lang)
        return self.recognizers[lang]

    def mouth(self, lang: str) -> Mouth:
        """The host's voice in `lang`, with a cache of the lines it says often."""
        from host.speech.cache import CachedSynthesizer
        from host.speech.tts import make_synthesizer

        if lang not in self.mouths:
            synthesizer = make_synthesizer(self.args.tts, self.args.voice, lang)
            self.mouths[lang] = Mouth(CachedSynthesizer(synthesizer), self.outputs)
        return self.mouths[lang]
