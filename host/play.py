"""Run `partyhost play <game>`: options, resume, and the choice of voice or text console."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from host.clock import MonotonicClock
from host.console import Speak, run_console
from host.core import autosave
from host.core.protocols import SetupError
from host.core.session import Line, Session
from host.registry import find_game


def make_session(args: argparse.Namespace) -> tuple[Session, bool]:
    """A new or resumed session; raises SetupError or SaveError with a clear message."""
    kind = find_game(args.game)
    save: Path = args.save or autosave.default_path(args.game)
    if args.resume:
        saved, events = autosave.load(save, kind.events)
        options = kind.options_from_json(saved)
        return kind.new_session(options, MonotonicClock(), save, events), True
    if not args.players and not args.teams:
        raise SetupError("who is playing? Give the names, e.g. --players Ann Bob Cat")
    return kind.new_session(kind.options_from_args(args), MonotonicClock(), save, ()), False


def wav_voice(args: argparse.Namespace) -> Speak | None:
    """With --speak-to, a voice that writes each host line to a WAV file (text console too)."""
    if not args.speak_to:
        return None
    from host.speech.audio import WavFolderOutput
    from host.speech.tts import join_pcm, make_synthesizer

    synthesizer = make_synthesizer(args.tts, args.voice)
    out = WavFolderOutput(args.speak_to)

    def speak(line: Line) -> None:
        out.play(
            join_pcm(synthesizer.synthesize(line.text)), synthesizer.sample_rate, text=line.text
        )

    return speak


def microphone_problem(args: argparse.Namespace) -> str | None:
    """One sentence saying why the voice loop cannot start, or None when it can."""
    if args.text:
        return None
    try:
        from host.speech.audio import AudioUnavailable, SoundDeviceInput
    except ImportError:
        return "Speech support is not installed (pip install 'partyhost[speech]')."
    if args.listen_from:
        return None
    try:
        SoundDeviceInput(args.input_device).close()
    except AudioUnavailable as err:
        return str(err)
    return None


def play_game(args: argparse.Namespace) -> int:
    """Host a game by voice, or in the text console when there is no microphone."""
    problem = microphone_problem(args)
    if not args.text and problem is None:
        from host.voice import run_voice

        return run_voice(args)
    if problem:
        print(f"{problem} Playing in the text console instead.", file=sys.stderr)
    try:
        session, resumed = make_session(args)
    except (SetupError, autosave.SaveError) as err:
        print(f"partyhost: {err}", file=sys.stderr)
        return 2
    warn_language(session, args.lang)
    return run_console(session, speak=wav_voice(args), resumed=resumed)


def warn_language(session: Session, deck_lang: str) -> None:
    """Say so when the decks' language has no phrasebook of its own yet."""
    if session.phrases.lang != deck_lang:
        print(f"The host speaks English only for now; the {deck_lang} decks are used.",
              file=sys.stderr)
