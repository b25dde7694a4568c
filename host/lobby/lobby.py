"""The lobby: listen on the shelf for a start phrase (quietly ignoring everything else), set up
the table by voice, play the game with the voice loop, offer a rematch, and carry on a stopped
game."""

from __future__ import annotations

import argparse
import tomllib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from importlib import resources
from itertools import count
from pathlib import Path

from rapidfuzz import fuzz

from host.core.hearing import heard_alone
from host.core.phrasebook import GameVoice, Phrasebook
from host.core.session import Session
from host.core.talk import NO, YES, clean, number_word
from host.judge.generated import forget_word_data
from host.lobby.audio import Voices
from host.lobby.grammar import (
    REQUESTS,
    ListGames,
    LobbyIntent,
    Resume,
    Start,
    lobby_phrases,
    parse,
)
from host.lobby.setup import LobbyAsker, NobodyAnswered, set_up_table
from host.lobby.state import LobbyState
from host.lobby.tables import REMATCH, SETUPS, TABLES, just_start
from host.memory import release_memory
from host.registry import GAMES, spoken_languages
from host.speech.audio import AudioUnavailable
from host.speech.ears import MicrophoneEars, StreamClock
from host.speech.ports import SAMPLE_RATE, AudioIn, Recognizer, Transcript
from host.voice import Mouth, VoiceLoop

LOBBY_LINES = "host.lobby.lines"
LOBBY_VOICE = GameVoice(LOBBY_LINES)
STOP_PHRASES = {"en": "stop the game", "fr": "arrête la partie"}
"""Offered to the recognizer during a lobby game, in the game's language: the core's quit
query, confirmed, saves the game for the lobby's "resume the game"."""
LONGEST_REQUEST_SECONDS = 6.0
"""No request to the host lasts longer ("Party Host, let's play Scattergories with four
players" is 3.5 s): longer speech is the television, ignored without recognising it."""
SAME_WORDS = 80
"""How alike (rapidfuzz ratio of the squeezed words) the free transcript must be to the phrase
chosen among the lobby's, for the lobby to act on it."""
LOST = 3
"""VoiceLoop.run's code when the audio device went away."""
Ended = bool | Path
"""How a game at the lobby ended: over (True), stopped or not started (False), or lost with the
sound (its save, to resume from)."""
SOUND_RETRY_SECONDS = 5.0
"""How often a sound device that is not there is looked for again."""


def in_game_lines(lang: str, lobby_lang: str = "en") -> dict[str, list[str]]:
    """Core lines a game in `lang` started from the lobby says its own way (no --resume to
    type: the lobby's own words to carry on, in the lobby's language)."""
    data = tomllib.loads(resources.files(LOBBY_LINES).joinpath("in_game.toml").read_text("utf-8"))
    resume = REQUESTS[lobby_lang].resume[0]
    return {key: [line.replace("{lobby_resume}", resume) for line in lines]
            for key, lines in (data.get(lang) or data["en"]).items()}


def request_heard(recognizer: Recognizer, choices: Sequence[str], audio: bytes,
                  lang: str = "en") -> tuple[LobbyIntent | None, Transcript]:
    """What one utterance asks of the lobby (None: nothing it takes), and what was heard
    (with `free` filled in when free decoding disowned a sure choice).

    A request is short: a longer utterance is not even recognised. Only a choice the host
    would take heard on its own counts (host.core.hearing.heard_alone: asking back would be
    answering the television), and only when decoding freely hears much the same words: the
    closed set alone took French phone prompts for "resume the game" (4 in 55 s of them)."""
    if len(audio) / 2 / SAMPLE_RATE > LONGEST_REQUEST_SECONDS:
        return None, Transcript("")
    recognizer.set_choices(choices)
    heard = recognizer.transcribe(audio, SAMPLE_RATE)
    verdict = heard_alone(heard)
    taken = verdict.text if not verdict.ask_back else ""
    intent = parse(taken, TABLES, lang) if taken else None
    if intent is None:
        return None, heard
    free = heard.free or _decoded_freely(recognizer, audio)
    if fuzz.ratio(squeezed(free), squeezed(taken)) < SAME_WORDS:
        return None, replace(heard, free=free)  # a sure choice that free decoding disowns
    return intent, heard


def _decoded_freely(recognizer: Recognizer, audio: bytes) -> str:
    """The utterance decoded with no choices, for an engine that did not decode it freely
    beside them (Whisper does: its transcript's `free`)."""
    recognizer.set_choices(None)
    return recognizer.transcribe(audio, SAMPLE_RATE).text


def squeezed(text: str) -> str:
    """The words as letters only, numbers spelt out: how alike two transcripts sound, whatever
    Whisper made of the spaces ("Playcrack Word", "scatter degrees") and the digits."""
    spelt = (number_word(int(word)) if word.isdigit() else word for word in clean(text).split())
    return "".join(spelt).replace("'", "")


class LobbyLoop(VoiceLoop):
    """The voice loop of a game started from the lobby: "stop the game" is heard too, and a
    game paused by lost sound is carried on by the lobby."""

    def __init__(self, session: Session, ears: MicrophoneEars, recognizer: Recognizer,
                 mouth: Mouth, *, show: Callable[[str], None], waits: bool,
                 lobby_lang: str) -> None:
        """`waits`: the lobby waits for lost sound to come back, then resumes the game itself;
        `lobby_lang`: the language of the lobby's words to carry a game on."""
        super().__init__(session, ears, recognizer, mouth, show=show)
        self.waits = waits
        self.lobby_lang = lobby_lang

    def carry_on(self) -> str:
        """What becomes of the game paused by lost sound: the lobby resumes it (no --resume
        to type)."""
        if self.waits:
            return "it carries on where it stopped when the sound comes back"
        resume = REQUESTS[self.lobby_lang].resume[0]
        return f"say '{resume}' to carry it on when the sound is back"

    def expect(self) -> None:
        """The session's phrases, and the stop phrase while the host is not asking."""
        phrases = self.session.expected_phrases()
        if phrases is not None and not self.session.asking:
            phrases = [*phrases, STOP_PHRASES.get(self.session.phrases.lang, STOP_PHRASES["en"])]
        self.recognizer.set_choices(phrases)


class Lobby:
    """Party Host between games: one table's microphone, speaker and memory."""

    def __init__(self, ears: MicrophoneEars, voices: Voices, state: LobbyState, *,
                 seed: int | None = None, play_options: Sequence[str] = (),
                 show: Callable[[str], None] = print,
                 reopen: Callable[[], AudioIn] | None = None,
                 wait: Callable[[float], None] | None = None, lang: str = "en",
                 on_game: Callable[[Session], None] | None = None) -> None:
        """`play_options`: more `partyhost play` arguments for every game (decks, timers);
        `reopen`: a new microphone once the old one is lost; `wait`: sleep between tries;
        `lang`: the language the lobby listens and speaks in, and its games are played in
        when they can be; `on_game`: told of each game as it starts (the lobby keeps none
        once it is over)."""
        self.ears = ears
        self.voices = voices
        self.state = state
        self.seeds: Iterator[int] | None = count(seed) if seed is not None else None
        self.play_options = list(play_options)
        self.show = show
        self.reopen = reopen
        self.wait = wait or ears.wait
        self.lang = lang
        self.phrases = Phrasebook(lang, game=LOBBY_VOICE)
        self.asker = LobbyAsker(ears, voices.requests(lang), voices.mouth(lang), self.phrases,
                                show=show)
        self.choices = lobby_phrases(TABLES, lang)
        self.asker.recognizer.set_choices(self.choices)  # learnt now, not at the first request
        self.on_game = on_game

    def run(self) -> int:
        """Listen and host until the audio ends for good (0), or is lost with no way back (3)."""
        self.asker.say("ready")
        while True:
            try:
                self.handle(self.next_request())
            except EOFError:
                return 0
            except AudioUnavailable as lost:
                if not self.wait_for_sound(lost):
                    return LOST

    def next_request(self) -> LobbyIntent:
        """The next thing said to the host; anything else is ignored without a word."""
        while True:
            release_memory()  # what the last game, line or sentence left: it may wait for hours
            audio = self.ears.listen(None)
            if audio is None:
                raise EOFError("the microphone stream ended")
            if not audio:
                continue
            intent, heard = request_heard(self.asker.recognizer, self.choices, audio, self.lang)
            if intent:
                self.show(f"  (heard: {heard.text!r})")
                return intent
            self.show(f"  (ignored: {heard.free or heard.text!r})")

    def handle(self, intent: LobbyIntent) -> None:
        """Answer one request."""
        if isinstance(intent, ListGames):
            self.list_games()
        elif isinstance(intent, Resume):
            self.resume()
        elif isinstance(intent, Start):
            self.start(intent.game, intent.players)

    def list_games(self) -> None:
        """Say which games the host plays, one sentence each."""
        self.asker.say("games_intro", count=len(SETUPS))
        for name in SETUPS:
            self.asker.say("about_" + name.replace("-", "_"))
        self.asker.say("games_outro")

    def start(self, game: str, players: int | None = None) -> None:
        """Set up a table for `game` by voice, then play it."""
        setup = SETUPS[game]
        self.asker.say("starting", title=setup.table.title)
        spoken = spoken_languages(GAMES[game])
        if self.lang not in spoken:
            self.asker.say("played_in_english", title=setup.table.title)
        try:
            table = set_up_table(self.asker, setup, self.state, players)
        except NobodyAnswered:
            self.asker.say("back_in_lobby")
            return
        if self.lang in spoken and self.lang != GAMES[game].default_lang:
            table = ["--lang", self.lang, *table]  # a question asking the language comes after
        self.state.remember_options(game, table)
        self.play(game, self.new_game(game, table))

    def new_game(self, game: str, table: list[str]) -> list[str]:
        """The `partyhost play` arguments of a new game at this table (the same table again
        for a rematch)."""
        seed = ["--seed", str(next(self.seeds))] if self.seeds else []
        save = ["--save", str(self.state.save_path(game))]
        return [*table, *seed, *save, *self.play_options]

    def resume(self) -> None:
        """Carry on with the game stopped last."""
        stopped = self.state.stopped_game()
        if stopped is None:
            self.asker.say("no_stopped_game")
            return
        self.asker.say("resuming", title=TABLES[stopped.game].title)
        self.play(stopped.game, ["--resume", "--save", str(stopped.save)])

    def play(self, game: str, arguments: list[str]) -> None:
        """Play `game` by voice, then each rematch the table agrees to (or the same game from
        its save once lost sound is back); then back to the lobby. A game over is let go
        before the next: nothing of it is kept, and the memory it took goes back to the
        system (host.memory)."""
        following: list[str] | None = arguments
        while following is not None:
            ended = self.play_one(game, following)
            forget_word_data()  # a rhyme's dictionaries, which the next game may not need
            release_memory()
            following = self.after(game, ended)

    def after(self, game: str, ended: Ended) -> list[str] | None:
        """The arguments of the game played next at this table, None for none."""
        if isinstance(ended, Path):  # the sound was lost in it
            if not self.wait_for_sound(AudioUnavailable("The sound device went away.")):
                raise AudioUnavailable("The sound device went away during the game.")
            return ["--resume", "--save", str(ended)]
        return self.rematch(game) if ended else None

    def play_one(self, game: str, arguments: list[str]) -> Ended:
        """Play one game by voice: True when it is over, False when it was stopped or could
        not start, its save when the sound was lost in it."""
        from host.core import autosave
        from host.core.protocols import SetupError
        from host.play import make_session
        from host.speech.stt import EngineError
        from host.speech.tts import TTSUnavailable

        args = play_arguments(game, arguments)
        try:
            session, resumed = make_session(args)
        except (SetupError, autosave.SaveError) as err:
            self.show(f"partyhost: {err}")
            self.asker.say("cannot_start", reason=str(err).split(":")[0])
            return False
        try:
            recognizer, mouth = self.voices.recognizer(args.lang), self.voices.mouth(args.lang)
        except (EngineError, TTSUnavailable) as err:
            self.show(f"partyhost: {err}")
            self.asker.say("cannot_start", reason=f"no {args.lang} voice")
            return False
        session.phrases.lines.update(in_game_lines(session.phrases.lang, self.lang))
        session.clock = StreamClock(self.ears)
        if self.on_game:
            self.on_game(session)
        loop = LobbyLoop(session, self.ears, recognizer, mouth, show=self.show,
                         waits=self.reopen is not None, lobby_lang=self.lang)
        if loop.run(resumed=resumed) == LOST:
            return Path(args.save)
        if not session.finished:
            raise EOFError("the microphone stream ended during the game")
        return session.game.over

    def rematch(self, game: str) -> list[str] | None:
        """The same table again on a yes (its arguments); back to the lobby on a no or on
        silence (None)."""
        again = (*YES, REMATCH.get(self.lang, REMATCH["en"]), *just_start(self.lang))
        answer = self.asker.ask("rematch", [*again, *NO], tries=1)
        table = self.state.options(game)
        if answer in again and table:
            return self.new_game(game, table)
        self.asker.say("back_in_lobby")
        return None

    def wait_for_sound(self, lost: Exception) -> bool:
        """Wait for the microphone to come back (False when there is no way to reopen it)."""
        self.show(f"{lost} Waiting for the sound to come back.")
        if self.reopen is None:
            return False
        while True:
            try:
                self.ears.source = self.reopen()
            except AudioUnavailable:
                self.wait(SOUND_RETRY_SECONDS)
                continue
            self.asker.say("sound_back")
            return True


def play_arguments(game: str, arguments: Sequence[str]) -> argparse.Namespace:
    """The namespace `partyhost play GAME ARGUMENTS` would play with (every option's default,
    the language the game's or the saved game's unless given)."""
    from host.cli import build_parser
    from host.play import table_language
    from host.registry import find_game

    args = build_parser().parse_args(["play", game, *arguments])
    if args.lang is None:
        args.lang = table_language(args, find_game(game))
        args.table_options = {**args.table_options, "lang": args.lang}
    return args
