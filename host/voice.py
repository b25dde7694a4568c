"""The voice loop: the host listens, understands, plays the game and talks back, hands-free."""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from host.console import Pages
from host.core.session import Line, Session
from host.speech.ahead import RecognitionAhead
from host.speech.audio import AudioUnavailable
from host.speech.ears import MicrophoneEars
from host.speech.ports import SAMPLE_RATE, AudioIn, AudioOut, Recognizer, Spoken, Synthesizer

PAGES_LISTEN = 1.0
"""With the companion page open, the longest wait in silence before its moves are heard. Each
wait that ends starts the ears afresh: speech that begins in its last 0.12 s (before the ears
count it as speech) loses its first syllable, so the wait is not shorter (1 utterance in 8
that starts while the host waits; the ears keeping their pre-roll from one wait to the next
would make it none)."""


NOT_YET = object()
"""Nothing offered to the recognizer yet (None is an offer: decode freely)."""


class Ears(Protocol):
    """Turns the microphone's stream into whole utterances."""

    def listen(self, timeout: float | None,
               paused: Callable[[bytes], None] | None = None) -> bytes | None:
        """The next utterance as 16 kHz PCM, b"" when `timeout` seconds pass in silence,
        None when the audio has ended for good; `paused` is given it as it stands each time
        the speaker pauses long enough that it may be whole."""
        ...

    def host_spoke(self, spoken: Spoken) -> None:
        """The host has just said this aloud: don't hear it as a player."""
        ...


@dataclass
class Mouth:
    """The host's voice: a synthesizer and where its audio goes."""

    synthesizer: Synthesizer
    outputs: Sequence[AudioOut]

    def say(self, line: Line) -> Spoken:
        """Speak a line sentence by sentence; returns what was said aloud."""
        said = []
        for chunk in self.synthesizer.synthesize(line.text):
            for out in self.outputs:
                out.play(chunk, self.synthesizer.sample_rate)
            said.append(chunk)
        return Spoken(b"".join(said), self.synthesizer.sample_rate)


class VoiceLoop:
    """Runs a game by voice: listen, recognise (vocabulary of the moment), play, speak."""

    def __init__(
        self,
        session: Session,
        ears: Ears,
        recognizer: Recognizer,
        mouth: Mouth,
        *,
        show: Callable[[str], None] | None = None,
        pages: Pages | None = None,
        comes_back: Callable[[], bool] | None = None,
    ) -> None:
        self.session = session
        self.ears = ears
        self.recognizer = RecognitionAhead(recognizer)
        """Begins on an utterance when the speaker pauses, while the ears make sure."""
        self.offered: object = NOT_YET
        """The phrases last offered to the recognizer."""
        self.mouth = mouth
        self.show = show
        self.pages = pages
        """The companion page, when open: published after each step, its moves heard."""
        self.comes_back = comes_back
        """Waits for lost audio to return (a Wyoming satellite); None: a lost device ends play."""

    def say(self, lines: list[Line]) -> None:
        """Speak (and show) the host's lines; private lines are only shown. A timer they armed
        starts once they are said."""
        spoken = 0.0
        for line in lines:
            if self.show:
                prefix = f"(for {line.private_to} only) " if line.private_to else "HOST: "
                self.show(prefix + line.text)
            if line.private_to:
                continue
            said = self.mouth.say(line)
            self.ears.host_spoke(said)
            spoken += said.seconds
        self.session.spoke(spoken)

    def expect(self) -> None:
        """Tell the recognizer what makes sense now, when it has changed (asked before each
        wait, most of which end in silence); open categories decode freely."""
        phrases = self.session.expected_phrases()
        if phrases != self.offered:
            self.recognizer.set_choices(phrases)
            self.offered = phrases

    def step(self) -> bool:
        """Handle one utterance or one timer; False when the audio has ended."""
        self.say(self._with_pages(self.session.tick()))
        if self.session.finished:
            return True
        self.expect()  # what makes sense does not change while the table speaks
        audio = self.ears.listen(self._listen_seconds(), self.recognizer.begin)
        if audio is None:
            return False
        if not audio:
            return True
        heard = self.recognizer.transcribe(audio, SAMPLE_RATE)
        text = heard.text or heard.free
        if self.show:
            # p after the parenthesis: "(heard: 'yes')" stays what the live tests look for
            how = "" if heard.text else ", none of the choices"
            p = f" p={heard.p:.2f}" if heard.likeliest else ""
            self.show(f"  (heard: {text!r}{how}){p}")
        self.say(self._with_pages(self.session.hear_speech(heard)))
        return True

    def _with_pages(self, lines: list[Line]) -> list[Line]:
        """These lines, then the host's answers to the moves sent from pages (all published);
        with pages, a private line is on its player's page only, never on this screen."""
        return self.pages.step(lines) if self.pages else lines

    def _listen_seconds(self) -> float | None:
        """How long to listen before the next tick; with pages open, at most PAGES_LISTEN, so
        that a move sent from a page waits no longer (a silence ends the wait, not a word)."""
        seconds = self.session.seconds_to_next_tick()
        if self.pages is None:
            return seconds
        return PAGES_LISTEN if seconds is None else min(seconds, PAGES_LISTEN)

    def run(self, *, resumed: bool = False) -> int:
        """Play until the game ends, the players quit, or the audio ends."""
        opening = self._with_pages(self.session.start(resumed=resumed))
        self.expect()  # the first moment's phrases are learnt while the welcome is said
        while not self.session.finished:
            try:
                self.say(opening)  # again after lost sound comes back, if it was lost in it
                opening = []
                if not self.step():
                    return 0
            except AudioUnavailable as lost:
                self.session.hear_words("pause")
                if self.comes_back is not None:
                    self._wait_for_sound(lost, self.comes_back)
                    continue
                if self.show:
                    self.show(f"{lost} The game is paused and saved: {self.carry_on()}.")
                return 3
        return 0

    def carry_on(self) -> str:
        """How the game paused by lost sound carries on (when the loop does not wait for the
        sound itself)."""
        return f"fix the sound and continue with {self.session.resume_option}"

    def _wait_for_sound(self, lost: AudioUnavailable, comes_back: Callable[[], bool]) -> None:
        """The game is paused and saved until the audio is back; then it resumes, saying where
        it is, as a game resumed from its save does."""
        if self.show:
            self.show(f"{lost} The game is paused and saved: waiting for the sound to come back.")
        if comes_back():
            with contextlib.suppress(AudioUnavailable):  # gone again: the next step will say
                self.say(self.session.pick_up())


def run_voice(args: argparse.Namespace) -> int:
    """Build ears, recognizer and voice from the command line, meet the players, and play."""
    from host.speech.stt import EngineError
    from host.speech.tts import TTSUnavailable

    started = time.monotonic()
    try:
        ears, recognizer, mouth = senses(args)
    except (EngineError, TTSUnavailable, AudioUnavailable) as err:
        print(f"partyhost: {err}", file=sys.stderr)
        return 2
    print(f"Ready in {time.monotonic() - started:.1f} s: the voices are loaded and warm.")
    try:
        return _play(args, ears, recognizer, mouth)
    finally:  # however play ends (quit, Ctrl-C, SIGTERM): a satellite is let go
        close_audio(ears.source, mouth.outputs)


def _play(args: argparse.Namespace, ears: MicrophoneEars, recognizer: Recognizer,
          mouth: Mouth) -> int:
    """Meet the players and play the game on the table's open audio."""
    from host.companion.address import CompanionError
    from host.companion.hookup import open_companion
    from host.core import autosave
    from host.core.protocols import SetupError
    from host.play import keep_pages_up, make_session
    from host.speech.ears import StreamClock
    from host.speech.wyoming.options import sound_back

    try:
        if meets_players(args):
            args.players = _meet_players(args, ears, recognizer, mouth)
        session, resumed = make_session(args)
    except (SetupError, autosave.SaveError, EOFError, AudioUnavailable) as err:
        print(f"partyhost: {err}", file=sys.stderr)
        return 2
    session.clock = StreamClock(ears)
    loop = VoiceLoop(session, ears, recognizer, mouth, show=print,
                     comes_back=sound_back(ears.source))
    try:
        loop.pages = open_companion(args, session, loop.say)
    except CompanionError as err:
        print(f"partyhost: {err}", file=sys.stderr)
        return 2
    try:
        code = loop.run(resumed=resumed)
        keep_pages_up(loop.pages, session)
        return code
    finally:
        if loop.pages is not None:
            loop.pages.close()


def senses(args: argparse.Namespace) -> tuple[MicrophoneEars, Recognizer, Mouth]:
    """The microphone (or recorded audio, or a satellite), the recognizer and the host's
    voice."""
    from host.core.phrasebook import Phrasebook
    from host.registry import find_game
    from host.speech.cache import CachedSynthesizer, warm_texts
    from host.speech.stt import recognizer_from
    from host.speech.tts import make_synthesizer
    from host.speech.warmup import warm_up
    from host.voice_setup import common_first_names

    recognizer = recognizer_from(args, args.lang)
    synthesizer = CachedSynthesizer(make_synthesizer(args.tts, args.voice, args.lang))
    synthesizer.warm(warm_texts(Phrasebook(args.lang, game=find_game(args.game).voice),
                                list(args.players)))
    source, outputs = open_audio(args)
    ears = table_ears(args, source)
    warm_up(recognizer, [common_first_names()] if meets_players(args) else [], ears.detector)
    return ears, recognizer, Mouth(synthesizer, outputs)


def meets_players(args: argparse.Namespace) -> bool:
    """Whether the players are met by voice before the game (teams are taken as given)."""
    return not (args.resume or args.teams)


def close_audio(source: AudioIn, outputs: Sequence[AudioOut]) -> None:
    """Close the table's audio; a satellite is sent PauseSatellite, as Home Assistant does when
    it lets one go, and hung up on."""
    source.close()
    for out in outputs:
        out.close()


def open_input(args: argparse.Namespace) -> AudioIn:
    """The table's microphone: recorded WAV audio with --listen-from, else the sound card
    (AudioUnavailable when there is none)."""
    from host.speech.audio import SoundDeviceInput, WavFileInput

    if args.listen_from:
        return WavFileInput(args.listen_from)
    return SoundDeviceInput(args.input_device)


def open_outputs(args: argparse.Namespace, *, sound_card: bool = True) -> list[AudioOut]:
    """Where the host's voice goes: a WAV folder with --speak-to, the sound card unless the
    microphone is a recording (or the loudspeaker a satellite's)."""
    from host.speech.audio import SoundDeviceOutput, WavFolderOutput

    outputs: list[AudioOut] = []
    if args.speak_to:
        outputs.append(WavFolderOutput(args.speak_to))
    if sound_card and not args.listen_from:
        outputs.append(SoundDeviceOutput(args.output_device))
    return outputs


def open_audio(args: argparse.Namespace) -> tuple[AudioIn, list[AudioOut]]:
    """The table's audio source and sinks, from the command line: a Wyoming satellite's
    microphone and loudspeaker with --wyoming-satellite, else the sound card (or the
    recordings)."""
    from host.speech.wyoming.options import wyoming_from_args

    satellite = wyoming_from_args(args)
    if satellite:
        mic, loudspeaker = satellite
        return mic, [*open_outputs(args, sound_card=False), loudspeaker]
    return open_input(args), open_outputs(args)


def table_ears(args: argparse.Namespace, source: AudioIn) -> MicrophoneEars:
    """The ears on the table's audio: a satellite's audio time is their clock; recorded
    audio cannot echo the host, so only a live microphone is gated."""
    from host.speech.wyoming.options import wyoming_uri

    if wyoming_uri(args):
        from host.speech.wyoming.audio import WyomingInput

        assert isinstance(source, WyomingInput)
        return MicrophoneEars(source, clock=source.clock)
    return MicrophoneEars(source, half_duplex=not args.listen_from)


def _meet_players(
    args: argparse.Namespace, ears: Ears, recognizer: Recognizer, mouth: Mouth
) -> list[str]:
    """Players confirm the names given with --players, or say theirs."""
    from host.core.phrasebook import Phrasebook
    from host.voice_setup import Asker, collect_names, common_first_names, confirm_names

    asker = Asker(ears, recognizer, mouth, Phrasebook(args.lang), show=print)
    known = common_first_names()
    if args.players:
        return confirm_names(asker, args.players, known)
    return collect_names(asker, known)
