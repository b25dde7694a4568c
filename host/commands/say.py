"""`partyhost say`: speak a line with the chosen engine, into a WAV file or the speaker."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from host.commands.devices import add_device_arguments
from host.speech.tts import ENGINES


def register(subparsers: Any) -> None:
    """Add the `say` sub-command."""
    parser = subparsers.add_parser(
        "say",
        help="speak a line (to a WAV file with -o, else to the speaker)",
        description="Synthesize TEXT with Piper or espeak-ng; write it to a WAV file or play it.",
    )
    parser.add_argument("text", metavar="TEXT", help="what to say")
    parser.add_argument("-o", "--output", metavar="WAV", help="write a WAV file instead of playing")
    add_voice_arguments(parser)
    parser.add_argument(
        "--rate", type=int, metavar="HZ", help="resample the WAV file to this rate (e.g. 16000)"
    )
    add_device_arguments(parser, microphone=False)
    parser.set_defaults(func=run)


def add_voice_arguments(parser: argparse.ArgumentParser) -> None:
    """Add --tts (or --engine) and --voice, the arguments of make_synthesizer, as `play` has."""
    parser.add_argument(
        "--tts", "--engine", dest="tts", choices=ENGINES, default="auto",
        help="speech synthesis engine: auto tries Piper, then espeak-ng",
    )
    parser.add_argument(
        "--voice",
        help="a Piper voice .onnx path, or an espeak-ng voice (en-us, en-gb-scotland, en-us+f3)",
    )


def run(args: argparse.Namespace) -> int:
    """Synthesize the text and deliver it; errors are one line on stderr and exit status 1."""
    from host.speech.audio import AudioUnavailable
    from host.speech.tts import TTSUnavailable

    try:
        if args.output:
            _write(args)
        else:
            _play(args)
    except (TTSUnavailable, AudioUnavailable, OSError) as error:
        print(f"partyhost say: {error}", file=sys.stderr)
        return 1
    return 0


def _write(args: argparse.Namespace) -> None:
    from host.speech.tts import make_synthesizer
    from host.speech.wavio import resample_pcm, write_wav

    synth = make_synthesizer(args.tts, args.voice)
    pcm = b"".join(synth.synthesize(args.text))
    rate = args.rate or synth.sample_rate
    write_wav(args.output, resample_pcm(pcm, synth.sample_rate, rate), rate)
    print(f"{args.output}: {len(pcm) / 2 / synth.sample_rate:.2f} s, {rate} Hz, {synth.name}")


def _play(args: argparse.Namespace) -> None:
    from host.speech.audio import SoundDeviceOutput, speak
    from host.speech.tts import make_synthesizer

    speaker = SoundDeviceOutput(args.output_device)  # first, so a missing device fails fast
    try:
        speak(make_synthesizer(args.tts, args.voice), speaker, args.text)
    finally:
        speaker.close()
