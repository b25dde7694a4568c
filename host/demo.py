"""`partyhost demo`: bot players speak a whole game into the host's real ears.

Each bot has its own voice (Piper, espeak-ng voices), party babble is mixed in, the audio goes
through the WAV-file microphone into the real recognizer (constrained to the phrases that make
sense now), and the host plays the game on what it understood, as it would at a table. Time is
audio time: a fake clock advanced by what is heard, by what the host says (at its speaking
rate: nobody speaks over the host, whose microphone is closed meanwhile) and by the silences
the bots leave.
"""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from host.clock import FakeClock
from host.core.events import Note, Said, TimeUp
from host.core.hearing import Verdict
from host.core.legal import Offers
from host.core.protocols import GameKind
from host.core.session import Line, Session
from host.core.simulate import Bots
from host.core.talk import core_said, yes_no
from host.judge.text import words
from host.speech.audio import WavFileInput
from host.speech.babble import mix_at_snr
from host.speech.ears import PRE_ROLL_SECONDS
from host.speech.hearing_corpus import heard_fields
from host.speech.ports import SAMPLE_RATE, Recognizer, Synthesizer, Transcript
from host.speech.tts import join_pcm
from host.speech.wavio import resample_pcm, write_wav

DEMO_PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
"""The bots' names, as many as play."""
BABBLE = {
    "en": ["stop", "my turn", "what a game", "banana", "no way", "ha ha ha"],
    "fr": ["arrête", "à moi", "quelle partie", "banane", "pas possible", "ha ha ha"],
}
"""What the other voices at the party say, by language."""
MAX_UTTERANCES = 3000
"""Where a demo game stops unfinished: a game heard at half its moves can deal penalty cards
faster than hands empty, and never end."""
RETRIES = 2
REPEAT_SLOWER = 1.2
"""Each time a bot repeats itself it speaks this much slower, as people do when not understood
(the synthesizers are steady, so an unchanged repeat would be the very same audio)."""
SPEAKING_WORDS_PER_SECOND = 2.5
"""How fast the host talks (150 words a minute): the time the demo's clock lets pass while
the host says its lines."""
Reply = tuple[str, Transcript, Verdict, bool, list[Line]] | None
"""A bot's yes or no to a move asked back: said, heard, understood, the host's lines."""


@runtime_checkable
class Repeating(Protocol):
    """A synthesizer that can say the same thing again, slower."""

    def slower(self, factor: float) -> Synthesizer:
        """The same voice speaking `factor` times slower."""
        ...


@dataclass
class DemoReport:
    """What happened in a demo game."""

    completed: bool = False
    utterances: int = 0
    understood: int = 0
    likeliest_right: int = 0
    """Utterances whose likeliest reading was what was said, however sure the host was of it:
    the most a host deciding on this ear's readings could have understood."""
    rejected: int = 0
    misheard: int = 0
    asked: int = 0
    """Moves the host was unsure of and asked back ("Egg timer?"); the yes or no is an
    utterance too."""
    right_answers: int = 0
    right_judged_wrong: int = 0
    """Right answers the host made into a move that cost the player (game.costly notes)."""
    wrong_judged_right: int = 0
    """Moves that were no right answer the host made into a rewarded one (game.rewarding
    notes: a crystal for a guess off the card)."""
    transcript: list[dict[str, Any]] = field(default_factory=list)
    measured: int = 0
    """Records of the hearing's corpus handed to the demo's `measures` sink."""
    seconds: float = 0.0

    def as_json(self) -> dict[str, Any]:
        """The summary `demo --json` prints."""
        ratio = self._share(self.understood)
        return {
            "completed": self.completed,
            "utterances": self.utterances,
            "understood": self.understood,
            "understood_ratio": round(ratio, 3),
            "likeliest_right_ratio": round(self._share(self.likeliest_right), 3),
            "rejected": self.rejected,
            "misheard": self.misheard,
            "asked": self.asked,
            "understood_other_words": self.understood_other_words(),
            "right_answers": self.right_answers,
            "right_judged_wrong": self.right_judged_wrong,
            "wrong_judged_right": self.wrong_judged_right,
            "seconds": round(self.seconds, 1),
            "by_voice": self.by_voice(),
        }

    def _share(self, count: int) -> float:
        return count / self.utterances if self.utterances else 0.0

    def understood_other_words(self) -> int:
        """Moves understood though heard as other words (a letter left unsaid in Crack List,
        a Short List guess off the card heard as other words off it)."""
        return sum(row["understood"] and words(row["heard"]) != words(row["said"])
                   for row in self.transcript)

    def by_voice(self) -> dict[str, dict[str, Any]]:
        """Utterances and understood_ratio of each voice, from the transcript."""
        tallies: dict[str, list[int]] = {}
        for row in self.transcript:
            tally = tallies.setdefault(row["voice"], [0, 0])
            tally[0] += 1
            tally[1] += row["understood"]
        return {voice: {"utterances": said, "understood_ratio": round(ok / said, 3)}
                for voice, (said, ok) in tallies.items()}


def speaking_seconds(lines: Sequence[Line]) -> float:
    """How long the host takes to say these lines."""
    return sum(len(line.text.split()) for line in lines) / SPEAKING_WORDS_PER_SECOND


def to_16k(pcm: bytes, rate: int) -> np.ndarray:
    """Synthesized audio as 16 kHz float samples."""
    return np.frombuffer(resample_pcm(pcm, rate, SAMPLE_RATE), dtype=np.int16).astype(np.float32)


def add_babble(speech: bytes, track: np.ndarray, snr_db: float, rng: random.Random) -> bytes:
    """16 kHz speech with a random stretch of the babble track (looped when too short) at
    snr_db, as host.speech.babble defines the SNR; unchanged with no track or at 99 dB."""
    if track.size == 0 or snr_db >= 99:
        return speech
    size = len(speech) // 2
    start = rng.randrange(max(1, track.size - size))
    return mix_at_snr(speech, np.resize(track[start : start + size], size), snr_db)


def as_the_ears_hand_it(speech: bytes, track: np.ndarray, snr_db: float,
                        rng: random.Random) -> bytes:
    """An utterance as the microphone's ears hand it to the recognizer: their pre-roll, here
    babble alone, then the speech, all in babble at snr_db (speech at the first sample loses
    its first word to Whisper: "Bob challenge" was heard as "challenge")."""
    lead = bytes(2 * round(PRE_ROLL_SECONDS * SAMPLE_RATE))
    return add_babble(lead + speech, track, snr_db, rng)


def babble(
    voices: Sequence[Synthesizer], phrases: Sequence[str], rng: random.Random, seconds: float = 20.0
) -> np.ndarray:
    """Party babble: several voices saying other things at once, summed."""
    length = int(seconds * SAMPLE_RATE)
    track = np.zeros(length, dtype=np.float32)
    for voice in voices:
        position = 0
        while position < length:
            text = rng.choice(phrases)
            words = to_16k(join_pcm(voice.synthesize(text)), voice.sample_rate)
            end = min(length, position + words.size)
            track[position:end] += words[: end - position]
            position = end + rng.randrange(SAMPLE_RATE // 10, SAMPLE_RATE // 3)
    return track


def resume_words(lang: str) -> str:
    """How a bot asks a paused host to carry on, in the game's language ("on reprend"): the
    words the recognizer is offered while paused (an English "resume" is none of the French
    ones, and a French game paused by a misheard "on fait une pause" did not resume)."""
    return core_said(lang)["resume"]


def means(said: str, guess: str) -> bool:
    """How a bot answers the host's "Egg timer?": yes when the guess is what it said, perhaps
    without the letter or name it began with."""
    said_words = words(said)
    return words(guess) in (said_words, said_words[1:])


class Demo:
    """Runs one spoken game and collects the report."""

    def __init__(
        self,
        session: Session,
        kind: GameKind,
        clock: FakeClock,
        recognizer: Recognizer,
        voices: Sequence[Synthesizer],
        noise: np.ndarray,
        *,
        snr_db: float,
        rng: random.Random,
        workdir: Path,
        echo: Callable[[str], None] | None = None,
        measures: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        self.session = session
        self.kind = kind
        self.game = session.game
        self.clock = clock
        self.recognizer = recognizer
        self.voices = voices
        self.noise = noise
        self.snr_db = snr_db
        self.rng = rng
        self.workdir = workdir
        self.echo = echo
        self.measures = measures
        """Where every utterance goes as a record of the hearing's corpus, as it is heard (a
        long game stopped halfway keeps what it heard)."""
        self.report = DemoReport()
        self.heard: list[Any] = []
        self.notes: list[list[Said]] = []
        session.on_event = self._took

    def _took(self, event: Any, notes: list[Said]) -> None:
        """The host made this event of what it heard, with these notes."""
        self.heard.append(event)
        self.notes.append(notes)

    def run(self, bots: Bots, max_utterances: int = MAX_UTTERANCES) -> DemoReport:
        """Play until the game is over (or `max_utterances` have been said)."""
        started = time.perf_counter()
        self._host(self.session.start())
        while not self.session.finished and self.report.utterances < max_utterances:
            if self.session.paused:
                self._say_plainly(self.game.seats[0].name,
                                  resume_words(self.session.phrases.lang))
                continue
            event = bots.next_event()
            if isinstance(event, TimeUp):
                self.clock.advance(self.session.seconds_to_next_tick() or 0.0)
                self._host(self.session.tick())
                continue
            self._speak_until_understood(event)
        self.report.completed = self.game.over
        self.report.seconds = time.perf_counter() - started
        return self.report

    def _speak_until_understood(self, event: Any) -> None:
        speaker = event.player
        prefix = None if speaker == self.game.expected_player() else speaker
        text = self.session.talk.say(event, prefix).replace(":", "")
        right = self.kind.answer_is_right(event, self.game)
        self.report.right_answers += right
        for attempt in range(1 + RETRIES):
            before = len(self.heard)
            heard = self._hear(speaker, text, attempt)
            lines, verdict, acted, reply = self._act_on(event, text, heard)
            understood = self.kind.same_move(event, self.heard[before : before + 1], self.game)
            self._count(speaker, text, heard, verdict, understood, lines, event)
            self.report.transcript[-1]["right_answer"] = right
            if reply is not None:
                self._count(speaker, *reply)
            if right and self._first_move_noted(before, self.kind.costly):
                self.report.right_judged_wrong += 1
            if not right and self._first_move_noted(before, self.kind.rewarding):
                self.report.wrong_judged_right += 1
            if acted or self._timer_fired():
                return  # the host acted on what it understood (right or wrong), or time ran out

    def _first_move_noted(self, before: int, kinds: frozenset[str]) -> bool:
        """Whether the first move the host made since `before` has a note of these kinds."""
        notes = self.notes[before] if len(self.notes) > before else []
        return any(isinstance(note, Note) and note.kind in kinds for note in notes)

    def _act_on(self, event: Any, said: str, heard: Transcript
                ) -> tuple[list[Line], Verdict, bool, Reply]:
        """The host's reply to a move heard, asking back when unsure (the bot answers yes when
        the question names its move, as a player would, else no), with the ear's verdict; True
        when the host took it as said; and the bot's answer to a question asked back, to count
        after the move."""
        speaker = event.player
        moves = len(self.heard)
        lines = self._listen(self.session.hear_speech(heard))
        verdict = self.session.verdict
        guess = self.session.table.confirming
        if guess is None:  # taken as said (a move, a question), or not heard
            taken = bool(verdict.text) and not verdict.ask_back
            return lines, verdict, taken or len(self.heard) > moves, None
        self.report.asked += 1
        yes, no = yes_no(self.session.phrases.lang)
        named = self.session.talk.parse(guess, speaker)
        reply = yes if means(said, guess) or self.kind.same_move(event, [named], self.game) \
            else no
        answer = self._hear(speaker, reply)
        replied = self._listen(self.session.hear_speech(answer))
        took_no = any(line.kind == "misheard" for line in replied)
        moved = len(self.heard) > moves
        return lines, verdict, moved, (reply, answer, self.session.verdict,
                                       moved if reply == yes else took_no, replied)

    def _count(self, speaker: str, said: str, heard: Transcript, verdict: Verdict,
               understood: bool, lines: list[Line], event: Any = None) -> None:
        words = "" if verdict.again else verdict.text
        self.report.utterances += 1
        self.report.understood += understood
        likeliest_right = self._likeliest_right(said, verdict, event)
        self.report.likeliest_right += likeliest_right
        self.report.rejected += not words
        self.report.misheard += bool(words) and not understood
        self._log(speaker, said, heard, verdict, understood, likeliest_right, lines)

    def _likeliest_right(self, said: str, verdict: Verdict, event: Any) -> bool:
        """Whether the likeliest reading was what the bot said (the move `event`, in whatever
        words the game takes for it; a yes or no by its words), however sure of it the host
        was."""
        reading = verdict.likeliest
        if reading is None:
            return False
        if means(said, reading.text):
            return True
        if event is None:
            return False
        meant = self.session.talk.parse(reading.text, event.player)
        return self.kind.same_move(event, [meant], self.game)

    def _timer_fired(self) -> bool:
        """Let the host's timers run while a player is not understood, as at a real table:
        True when one fired and moved the game on."""
        before = len(self.heard)
        self._host(self.session.tick())
        return len(self.heard) > before

    def _say_plainly(self, speaker: str, text: str) -> None:
        """A player says something that is not a game move (bots reply to a paused host)."""
        self._host(self.session.hear_speech(self._hear(speaker, text)))

    def _voice(self, speaker: str) -> Synthesizer:
        seat = [s.name for s in self.game.seats].index(speaker)
        return self.voices[seat % len(self.voices)]

    def _hear(self, speaker: str, text: str, attempt: int = 0) -> Transcript:
        voice = self._voice(speaker)
        if attempt and isinstance(voice, Repeating):
            voice = voice.slower(REPEAT_SLOWER**attempt)
        speech = resample_pcm(join_pcm(voice.synthesize(text)), voice.sample_rate)
        pcm = as_the_ears_hand_it(speech, self.noise, self.snr_db, self.rng)
        path = self.workdir / f"utterance-{self.report.utterances:05d}.wav"
        write_wav(path, pcm, SAMPLE_RATE)
        microphone = WavFileInput(path, gap_seconds=0.3)
        chunks = []
        while (chunk := microphone.read(1600)) is not None:
            chunks.append(chunk)
        microphone.close()
        path.unlink()
        audio = b"".join(chunks)
        self.clock.advance(len(audio) / 2 / SAMPLE_RATE)
        offers = self.session.offers_now()
        self.recognizer.set_choices(offers.phrases())
        heard = self.recognizer.transcribe(audio, SAMPLE_RATE)
        if self.measures:
            self._measured(voice.name, text, offers, heard, audio)
        return heard

    def _measured(self, voice: str, said: str, offers: Offers, heard: Transcript,
                  audio: bytes) -> None:
        """Keep what was heard as a record of the hearing's corpus: the choice said is the one
        with the words said (the bots say a move as the grammar offers it, colons left out).
        A move among the choices is heard a second time without any way of saying it, as a
        move said off the choices (an answer off the card, a word that is no move): the bots
        say only legal moves, and without these the fit learns that a long move heard on its
        frame is right whatever its last words."""
        choices = offers.choices or ()
        offer = next((o for o in choices if words(o.phrase) == words(said)), None)
        self._record(voice, said, offer.phrase if offer else "", heard)
        if offer is None or isinstance(offer.move, str):
            return  # a command's move is its phrase: its other wordings are not other moves
        # Every way of saying the move goes, and every phrase the bots take for it ("F,
        # Flight socks" for "Flight socks"), and so every move said in those words ("challenge"
        # is each seat's).
        same = {o.phrase for o in choices
                if o.move == offer.move or means(said, o.phrase) or means(o.phrase, said)}
        others = list(dict.fromkeys(o.phrase for o in choices if o.phrase not in same))
        if others:
            self.recognizer.set_choices(others)
            self._record(voice, said, "", self.recognizer.transcribe(audio, SAMPLE_RATE))

    def _record(self, voice: str, said: str, expected: str, heard: Transcript) -> None:
        if self.measures is None:
            return
        self.measures({
            "key": f"{voice}|{self.report.measured}", "phrase": said, "expected": expected,
            "source": f"demo:{voice}", "kind": "game", "condition": f"{self.snr_db:g}dB",
            "utterance": self.report.utterances, **heard_fields(heard)})
        self.report.measured += 1

    def _host(self, lines: list[Line]) -> None:
        """The table hears the host say these lines."""
        self._echo_host(self._listen(lines))

    def _listen(self, lines: list[Line]) -> list[Line]:
        """The time the host takes to say these lines passes (lines to one player are shown,
        not said), and a timer they armed starts after them."""
        seconds = speaking_seconds([line for line in lines if not line.private_to])
        self.clock.advance(seconds)
        self.session.spoke(seconds)
        return lines

    def _echo_host(self, lines: list[Line]) -> None:
        for line in lines:
            if self.echo and not line.private_to:
                self.echo(f"  HOST: {line.text}")

    def _log(self, speaker: str, said: str, heard: Transcript, verdict: Verdict,
             understood: bool, likeliest_right: bool, lines: list[Line]) -> None:
        host = " ".join(line.text for line in lines if not line.private_to)
        words = "" if verdict.again else verdict.text
        self.report.transcript.append(
            {
                "speaker": speaker,
                "voice": self._voice(speaker).name,
                "said": said,
                "heard": words,
                "free": heard.free,
                "free_p": round(heard.free_p, 3),
                "asked_back": verdict.ask_back,
                "likeliest": [[h.text, round(h.p, 3)] for h in heard.hypotheses],
                "reading": _reading(verdict),
                "reading_right": likeliest_right,
                "understood": understood,
                "host": host,
            }
        )
        if self.echo:
            mark = "ok" if understood else ("??" if not words else "XX")
            unsure = "?" if verdict.ask_back else ""
            free = f" (free {heard.free!r})" if heard.free and heard.free != words else ""
            self.echo(f"{speaker:>4} said {said!r:30} heard {words + unsure!r:30} [{mark}]{free}")
            self._echo_host(lines)


def _reading(verdict: Verdict) -> list[Any] | None:
    """The likeliest reading as the transcript writes it: its text and probability."""
    reading = verdict.likeliest
    return None if reading is None else [reading.text, round(reading.p, 3)]


def run_demo(
    kind: GameKind,
    options: Any,
    *,
    seed: int,
    snr_db: float = 20.0,
    recognizer: Recognizer,
    voices: Sequence[Synthesizer],
    echo: Callable[[str], None] | None = None,
    measures: Callable[[dict[str, Any]], None] | None = None,
    max_utterances: int = MAX_UTTERANCES,
) -> DemoReport:
    """Play one spoken demo game of `kind`, set up by `options`, with bot players, stopping
    unfinished after `max_utterances` (`measures`: handed every utterance as it is heard, as
    a record of the hearing's corpus)."""
    rng = random.Random(seed)
    clock = FakeClock()
    session = kind.new_session(options, clock, None, ())
    # Which way the host words a line sets how long it talks, and so the game's timing: the
    # seed picks the wording too, so that a seed plays the same game every time.
    session.phrases.rng = random.Random(rng.random())
    noise = (
        babble(voices, BABBLE[session.phrases.lang], rng)
        if snr_db < 99
        else np.zeros(0, dtype=np.float32)
    )
    bots = kind.voice_bots(session.game, random.Random(rng.random()))
    with tempfile.TemporaryDirectory(prefix="partyhost-demo-") as tmp:
        demo = Demo(session, kind, clock, recognizer, voices, noise, snr_db=snr_db, rng=rng,
                    workdir=Path(tmp), echo=echo, measures=measures)
        return demo.run(bots, max_utterances)
