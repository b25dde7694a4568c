"""Run `partyhost play <game>`: options, resume, and the choice of voice or text console."""

from __future__ import annotations

import argparse
import contextlib
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from host.clock import MonotonicClock
from host.companion.address import CompanionError
from host.companion.hookup import companion_problem, open_companion
from host.console import Speak, run_console, show, words
from host.core import autosave
from host.core.protocols import GameKind, SetupError
from host.core.session import Line, Session
from host.core.table import teams_from_args
from host.registry import find_game, spoken_languages

if TYPE_CHECKING:
    from host.companion.companion import Companion


def make_session(args: argparse.Namespace) -> tuple[Session, bool]:
    """A new or resumed session; raises SetupError or SaveError with a clear message.

    A new game never overwrites an unfinished one: that is moved to a dated file beside the save
    (autosave.keep_unfinished), and one sentence on stderr says how to resume it."""
    kind = find_game(args.game)
    save: Path = args.save or autosave.default_path(args.game)
    if args.resume:
        saved, events = autosave.load(save, kind.events)
        refuse_changes_on_resume(args, saved, save)
        options = kind.options_from_json(saved)
        # A game saved before its first move starts again, with the same seeded deal.
        return kind.new_session(options, MonotonicClock(), save, events), bool(events)
    lang = args.lang or kind.default_lang
    refuse_language(kind, lang)
    if not args.players and not args.teams:
        raise SetupError("who is playing? Give the names, e.g. --players Ann Bob Cat")
    session = kind.new_session(kind.options_from_args(args), MonotonicClock(), save, ())
    kept = autosave.keep_unfinished(save)
    if kept:
        again = shlex.join(["partyhost", "play", args.game, "--resume", "--save", str(kept)])
        print(words(lang)["kept"].format(
            save=save, kept=kept, again=again), file=sys.stderr)
    return session, False


LANGUAGE_NAMES = {"en": "English", "fr": "French"}
"""The languages as the command line names them to a user."""


def refuse_language(kind: GameKind, lang: str) -> None:
    """SetupError when the host does not speak `kind` in `lang` (its lines and decks are in
    other languages), naming the ones it does."""
    spoken = spoken_languages(kind)
    if lang not in spoken:
        said = " and ".join(LANGUAGE_NAMES.get(each, each) for each in spoken)
        raise SetupError(f"{kind.title} is hosted in {said} only for now: its "
                         f"{kind.deck_entries or 'words'} and the host's lines are in {said}. "
                         f"Leave out --lang {lang}")


def table_language(args: argparse.Namespace, kind: GameKind) -> str:
    """The language of a table when --lang is not given: the saved game's when resuming
    (read before the voice is built, which speaks it), else the game's own default."""
    if args.resume:
        save: Path = args.save or autosave.default_path(args.game)
        with contextlib.suppress(autosave.SaveError):
            return str(autosave.load(save, kind.events)[0].get("lang") or kind.default_lang)
    return kind.default_lang


SAVED_AS = {"deck": "decks", "only_my_decks": "shipped_decks"}
"""Command-line options saved under another name (see `table_options` in commands/play.py)."""


def _as_saved(dest: str, value: Any) -> Any:
    """A table option's command-line value as a save file holds it."""
    if dest == "teams":
        return teams_from_args(value)
    if dest == "deck":
        return [str(path) for path in value]
    if dest == "only_my_decks":
        return not value
    return value


def refuse_changes_on_resume(
    args: argparse.Namespace, saved: dict[str, Any], save: Path
) -> None:
    """SetupError when --resume comes with table options (players, rules) that differ from the
    saved game's: a resumed game is played as it was set up, and nothing is ignored silently."""
    changed = [
        "--" + dest.replace("_", "-")
        for dest, default in getattr(args, "table_options", {}).items()
        if getattr(args, dest, default) != default
        and _as_saved(dest, getattr(args, dest)) != saved.get(SAVED_AS.get(dest, dest))
    ]
    if not changed:
        return
    teams, players = saved.get("teams") or [], saved.get("players") or []
    who = " ".join(",".join(map(str, team)) for team in teams) or ", ".join(map(str, players))
    raise SetupError(
        f"{' '.join(changed)}: --resume carries on the game saved in {save} as it was set up"
        f"{f' (with {who})' if who else ''}; leave {' and '.join(changed)} out to resume it, "
        "or leave out --resume to start a new game (the saved one is kept)"
    )


def wav_voice(args: argparse.Namespace) -> Speak | None:
    """With --speak-to, a voice that writes each host line to a WAV file (text console too)."""
    if not args.speak_to:
        return None
    from host.speech.audio import WavFolderOutput
    from host.speech.tts import join_pcm, make_synthesizer

    synthesizer = make_synthesizer(args.tts, args.voice, args.lang)
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
    if args.listen_from or args.wyoming_satellite:
        return None  # recorded audio, or a satellite (connected when the voice is built)
    try:
        SoundDeviceInput(args.input_device).close()
    except AudioUnavailable as err:
        return str(err)
    return None


def play_game(args: argparse.Namespace) -> int:
    """Host a game by voice, or in the text console when there is no microphone."""
    refused = companion_problem(args)
    if refused:
        print(f"partyhost: {refused}", file=sys.stderr)
        return 2
    problem = microphone_problem(args)
    if not args.text and problem is None:
        from host.voice import run_voice

        return run_voice(args)
    if problem:
        said = words(args.lang)["text_instead"].format(problem=problem.rstrip("."))
        print(said, file=sys.stderr)
    try:
        session, resumed = make_session(args)
    except (SetupError, autosave.SaveError) as err:
        print(f"partyhost: {err}", file=sys.stderr)
        return 2
    speak = wav_voice(args)
    try:
        pages = open_companion(args, session, lambda lines: show(lines, sys.stdout, speak))
    except CompanionError as err:
        print(f"partyhost: {err}", file=sys.stderr)
        return 2
    try:
        code = run_console(session, speak=speak, resumed=resumed, pages=pages)
        keep_pages_up(pages, session)
        return code
    finally:
        if pages is not None:
            pages.close()


def keep_pages_up(pages: Companion | None, session: Session, *, stream: TextIO = sys.stdin,
                  out: TextIO = sys.stdout) -> None:
    """A game played to its end with --companion: every page keeps showing the final scores
    (and takes no more moves) until Ctrl+C or the end of input, as the console says. A game
    quit, to be resumed, closes its pages at once."""
    if pages is None or not session.game.over:
        return
    pages.finish()
    print(words(session.phrases.lang)["pages_stay"], file=out, flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        while stream.readline():  # a line typed now has no game to go to
            pass
