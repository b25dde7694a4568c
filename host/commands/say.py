"""`partyhost say`: speak a line with the chosen engine, into a WAV file or the speaker."""

from __future__ import annotations

import argparse
import sys
from typing import Any

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
    parser.add_argument(
        "--engine", choices=ENGINES, default="auto", help="speech engine (default: auto)"
    )
    parser.add_argument(
        "--voice",
        help="a Piper voice .onnx path, or an espeak-ng voice (en-us, en-gb-scotland, en-us+f3)",
    )
    parser.add_argument(
        "--rate", type=int, metavar="HZ", help="resample the WAV file to this rate (e.g. 16000)"
    )
    parser.add_argument("--output-device", metavar="DEVICE", help="speaker: index or name part")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Synthesize the text and deliver it; errors are one line on stderr and exit status 1."""
    from host.speech.audio import AudioUnavailable, SoundDeviceOutput, speak
    from host.speech.tts import TTSUnavailable, make_synthesizer
    from host.speech.wavio import resample_pcm, write_wav

    try:
        synth = make_synthesizer(args.engine, args.voice)
        if args.output:
            pcm = b"".join(synth.synthesize(args.text))
            rate = args.rate or synth.sample_rate
            write_wav(args.output, resample_pcm(pcm, synth.sample_rate, rate), rate)
            seconds = len(pcm) / 2 / synth.sample_rate
            print(f"{args.output}: {seconds:.2f} s, {rate} Hz, {synth.name}")
            return 0
        speaker = SoundDeviceOutput(args.output_device)
        try:
            speak(synth, speaker, args.text)
        finally:
            speaker.close()
    except (TTSUnavailable, AudioUnavailable, OSError) as error:
        print(f"partyhost say: {error}", file=sys.stderr)
        return 1
    return 0
