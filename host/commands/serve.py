"""`partyhost serve`: the smart-speaker mode, a lobby by voice that starts and resumes games."""

from __future__ import annotations

import argparse
import functools
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from host.speech.stt import add_engine_arguments
from host.speech.wyoming.options import add_wyoming_arguments

if TYPE_CHECKING:
    from host.speech.ears import MicrophoneEars
    from host.speech.ports import AudioIn, AudioOut


def register(subparsers: Any) -> None:
    """Add the `serve` sub-command."""
    parser = subparsers.add_parser(
        "serve",
        help="wait for 'let's play …' and host games by voice alone (smart-speaker mode)",
        description="Listen continuously for a start phrase, optionally after the host's name: "
        "'Party Host, let's play Crack List', 'let's play Scattergories with four players', "
        "'resume the game', 'what can we play?'. Everything else is ignored without a word. "
        "The table is then set up by voice, and 'stop the game' (confirmed) saves a game and "
        "comes back here.",
    )
    parser.add_argument("--state-dir", type=Path, metavar="DIR",
                        help="where games are saved and recent players remembered (default: "
                        "~/.local/state/partyhost, beside partyhost play's autosaves)")
    parser.add_argument("--seed", type=int, help="shuffle seed of the first game (then +1 "
                        "for each game), to replay the same deals")
    parser.add_argument("--lang", choices=("en", "fr"), default="en",
                        help="the language the host listens and speaks in, and plays its games "
                        "in when they can be (fr: 'Party Host, on joue à Crack List'; Short "
                        "List and Scattergories stay English)")
    voice = parser.add_argument_group("voice")
    voice.add_argument("--voice", help="Piper voice (.onnx path) or espeak-ng voice name")
    voice.add_argument("--tts", choices=("auto", "piper", "espeak"), default="auto",
                       help="speech synthesis engine")
    add_engine_arguments(voice)
    voice.add_argument("--input-device", help="microphone (index or part of its name)")
    voice.add_argument("--output-device", help="speaker (index or part of its name)")
    voice.add_argument("--listen-from", type=Path, metavar="FILE_OR_DIR",
                       help="use recorded WAV audio as the microphone (ends when it does)")
    voice.add_argument("--speak-to", type=Path, metavar="DIR",
                       help="also write each host line to a WAV file in DIR")
    add_wyoming_arguments(voice)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Open the table's audio, load the voices, and keep the lobby until the audio ends."""
    from host.lobby.audio import Voices
    from host.lobby.grammar import REQUESTS
    from host.lobby.lobby import Lobby
    from host.lobby.state import LobbyState, default_dir
    from host.memory import limit_allocator_arenas
    from host.speech.audio import AudioUnavailable
    from host.speech.stt import EngineError
    from host.speech.tts import TTSUnavailable
    from host.speech.warmup import warm_up
    from host.voice import close_audio
    from host.voice_setup import common_first_names

    limit_allocator_arenas()  # before the models start their threads, which share one heap
    show = functools.partial(print, flush=True)  # the journal shows each line at once
    started = time.monotonic()
    try:
        source, outputs = _table_audio(args, show)
    except AudioUnavailable as err:
        print(f"partyhost: {err}", file=sys.stderr)
        return 2
    ears, reopen = _ears(args, source)
    try:
        try:
            voices = Voices(args, outputs)
            lobby = Lobby(ears, voices, LobbyState(args.state_dir or default_dir()),
                          seed=args.seed, show=show, reopen=reopen, lang=args.lang)
        except (AudioUnavailable, EngineError, TTSUnavailable) as err:
            print(f"partyhost: {err}", file=sys.stderr)
            return 2
        warm_up(voices.requests(args.lang), [lobby.choices, common_first_names()],
                ears.detector)
        example = REQUESTS[args.lang].play[0].format(title="Crack List")
        show(f"Party Host is listening (ready in {time.monotonic() - started:.1f} s): say "
             f"'Party Host, {example}'.")
        return lobby.run()
    finally:  # however the service stops (SIGTERM, Ctrl-C): a satellite is let go
        close_audio(ears.source, outputs)


def _table_audio(args: argparse.Namespace, show: Callable[[str], None],
                 wait: Callable[[float], None] = time.sleep) -> tuple[AudioIn, list[AudioOut]]:
    """The table's audio. A sound card that is not there yet (a USB microphone plugged in
    after boot) is waited for, as one lost in play is, rather than the service failing and
    restarting every few seconds; recordings and satellites are not waited for."""
    from host.lobby.lobby import SOUND_RETRY_SECONDS
    from host.speech.audio import AudioUnavailable
    from host.speech.wyoming.options import wyoming_uri
    from host.voice import open_audio

    told = False
    while True:
        try:
            return open_audio(args)
        except AudioUnavailable as missing:
            if args.listen_from or wyoming_uri(args):
                raise
            if not told:
                show(f"{missing} Waiting for one to be plugged in.")
                told = True
            wait(SOUND_RETRY_SECONDS)


def _ears(args: argparse.Namespace, source: AudioIn) -> tuple[MicrophoneEars,
                                                             Callable[[], AudioIn] | None]:
    """The ears on the table's audio, and how to get the audio back once it is lost: a
    satellite comes back by itself, a sound card is opened again, a recording is not."""
    from host.speech.wyoming.options import wyoming_uri
    from host.voice import open_input, table_ears

    ears = table_ears(args, source)
    if wyoming_uri(args):
        return ears, lambda: _satellite_back(source)
    return ears, None if args.listen_from else lambda: open_input(args)


def _satellite_back(mic: AudioIn) -> AudioIn:
    """The satellite's microphone, once the satellite is connected again."""
    from host.speech.wyoming.audio import WyomingInput

    assert isinstance(mic, WyomingInput)
    mic.wait_back(None)
    return mic
