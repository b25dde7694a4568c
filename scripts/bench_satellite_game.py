#!/usr/bin/env python3
"""Benchmark whole games of Crack List through the real wyoming-satellite, by voice alone.

`partyhost serve --wyoming-satellite` is built in this process as `serve` builds it (the table's
audio, its ears, the lobby's voices, the warm-up), with play options that keep each game short,
and dials a real wyoming-satellite (host.speech.wyoming.rig) whose microphone is the table: in
espeak-ng voices it asks "Party Host, let's play Crack List", gives the names Ann and Bob and
"that's everyone", takes no teams and the defaults, then the game's bots (its kind's
`voice_bots`) play it to the end; the second game is a rematch, the third a new start with the
same players. Everything runs in real time. Printed as JSON: each game (over or not, the names
the host played with, turns, utterances, replies), the host's resident memory (fresh and after
each game, when the rematch is asked, once what the bots held of the game over has been given
back as the lobby gives back a game) and the reply latency, p50 and p95: from the last sample of
an utterance in the microphone stream to the first sound of the next stream at the loudspeaker,
and to the first audio of the reply handed to the satellite's connection (at the wire).
A benchmark: figures, not a pass or a fail.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from host.cli import build_parser
from host.core.events import TimeUp
from host.core.session import Line, Session
from host.core.talk import yes_no
from host.demo import means
from host.lobby.audio import Voices
from host.lobby.lobby import Lobby
from host.lobby.state import LobbyState
from host.memory import limit_allocator_arenas, release_memory
from host.registry import find_game
from host.speech.e2e import Stopwatch, TimedOut, espeak
from host.speech.ears import MicrophoneEars
from host.speech.ports import AudioOut, Spoken
from host.speech.pronounce import phones
from host.speech.warmup import warm_up
from host.speech.wyoming.rig import SatelliteRig, Utterance
from host.voice import Mouth, close_audio, open_audio, table_ears
from host.voice_setup import common_first_names

NAMES = ("Ann", "Bob")
VOICES = {"Ann": "en-us", "Bob": "en-gb"}
START = "Party Host, let's play Crack List"
QUIET = 1.5
"""Seconds the loudspeaker has been silent before the table speaks (the host is listening)."""
ANSWER_WAIT = 30.0
"""Seconds the table waits for the host to say something after it spoke, before deciding again
(the host ignored it, or let it pass without a word)."""
REACTION = 3.0
"""Seconds a player needs to say a move: with less left on the turn's timer, they let it run
out."""
REPLY_WINDOW = 15.0
"""A stream starting to sound later than this after an utterance is not its reply."""
MUTE_KINDS = frozenset({"starting", "players_wanted", "setup_meet", "setup_welcome",
                        "setup_more", "setup_retry", "default_taken", "option_taken",
                        "teams_are"})
"""Lobby lines the host says before asking something: the table waits for the question."""


def rss_mb() -> float:
    """This process's resident memory now, in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def peak_rss_mb() -> float:
    """This process's peak resident memory so far, in MB."""
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


@dataclass
class HostLines:
    """What the host has said (each line's kind is its phrasebook key), and whether it is
    saying one now (synthesizing it sentence by sentence and sending it to the satellite)."""

    lines: list[Line] = field(default_factory=list)
    speaking: bool = False


@dataclass
class NotingMouth(Mouth):
    """The host's voice, noting each line it says."""

    said: HostLines = field(default_factory=HostLines)

    def say(self, line: Line) -> Spoken:
        """Note, then say."""
        self.said.lines.append(line)
        self.said.speaking = True
        try:
            return super().say(line)
        finally:
            self.said.speaking = False


class NotingVoices(Voices):
    """The lobby's voices, each mouth noting its lines in one shared list."""

    def __init__(self, args: argparse.Namespace, outputs: list[AudioOut],
                 said: HostLines) -> None:
        super().__init__(args, outputs)
        self.said = said

    def mouth(self, lang: str) -> Mouth:
        """The host's voice in `lang`, noting its lines."""
        mouth = super().mouth(lang)
        if not isinstance(mouth, NotingMouth):
            mouth = NotingMouth(mouth.synthesizer, mouth.outputs, self.said)
            self.mouths[lang] = mouth
        return mouth


class KeepingEars:
    """The host's ears, keeping each utterance they hear in a folder (16 kHz raw PCM)."""

    def __init__(self, ears: MicrophoneEars, keep: Path) -> None:
        self.ears = ears
        self.keep = keep
        self.heard = 0

    def listen(self, timeout: float | None,
               paused: Callable[[bytes], None] | None = None) -> bytes | None:
        """As the ears, keeping what they heard."""
        audio = self.ears.listen(timeout, paused)
        if audio:
            self.heard += 1
            self.keep.mkdir(exist_ok=True)
            (self.keep / f"{self.heard:04d}.raw").write_bytes(audio)
        return audio

    def __getattr__(self, name: str) -> Any:
        return getattr(self.ears, name)


@dataclass
class Game:
    """What the table saw of one game."""

    names: list[str]
    started: float
    turns: int = 0
    utterances: list[str] = field(default_factory=list)
    """Names of the utterances the microphone said during the game (the rig's)."""
    over: bool = False
    seconds: float = 0.0


class Table:
    """The players around the satellite: they speak only once the host is quiet."""

    def __init__(self, rig: SatelliteRig, said: HostLines, games: int, seed: int,
                 log: Any) -> None:
        self.rig, self.said, self.lines, self.games_wanted = rig, said, said.lines, games
        self.rng = random.Random(seed)
        self.log = log
        self.session: weakref.ref[Session] | None = None
        """The game played now (not held: the lobby lets go of a game over)."""
        self.bots: Any = None
        self.games: list[Game] = []
        self.memory: dict[str, float] = {}
        self.lobby_utterances: list[str] = []
        self.last_said = ""

    def new_game(self, session: Session) -> None:
        """The lobby started a game (called in its thread): the bots sit down."""
        self.session = weakref.ref(session)
        self.bots = find_game("crack-list").voice_bots(session.game,
                                                      random.Random(self.rng.random()))
        self.games.append(Game([seat.name for seat in session.game.seats], time.monotonic()))

    def live(self) -> Session | None:
        """The game being played, if any."""
        session = self.session() if self.session else None
        return session if session is not None and not session.finished else None

    def say(self, text: str, player: str = NAMES[0]) -> None:
        """Say `text` into the satellite's microphone, in the player's voice."""
        name = self.rig.say(espeak(text, VOICES.get(player, "en-us")))
        self.log(f"TABLE ({player}, {name}, {time.monotonic():.1f}): {text}")
        self.last_said = text
        session = self.live()
        (self.games[-1].utterances if session else self.lobby_utterances).append(name)

    def play(self, most_seconds: float) -> None:
        """Speak whenever the host listens, until the games are played (or time is up)."""
        deadline = time.monotonic() + most_seconds
        handled = 0
        while time.monotonic() < deadline:
            self.host_listens()
            ended = self.close_game()
            if ended and ended.over is False:
                return
            session = self.live()
            spoke: bool | None
            if session is not None:
                spoke = self.move(session)
            else:
                kind = self.lines[-1].kind if self.lines else ""
                if kind in MUTE_KINDS:
                    time.sleep(0.2)
                    continue
                spoke = self.lobby(kind)
                if spoke is None:
                    return
            said_lines = len(self.lines)
            handled += 1
            if not spoke:
                self.wait_for_line(said_lines, 120.0)  # the timer speaks next
                continue
            self.wait_for_line(said_lines, ANSWER_WAIT)

    def host_listens(self) -> None:
        """Wait until the host has had its say: no line being synthesized or sent (a pause
        between two sentences while the next one is synthesized is not the end of a line),
        its loudspeaker silent for QUIET seconds. What the table says then waits in the
        microphone's stream for the host to read it, as a player's answer does."""
        while True:
            self.rig.quiet_for(QUIET, timeout=600)
            if not self.said.speaking:
                return
            time.sleep(0.05)

    def wait_for_line(self, count: int, seconds: float) -> None:
        """Wait until the host says more than `count` lines and the loudspeaker plays it (a
        line is noted before it is synthesized), or until `seconds` pass."""
        deadline = time.monotonic() + seconds
        while len(self.lines) <= count:
            if time.monotonic() > deadline:
                return
            time.sleep(0.05)
        noted = time.monotonic() - 0.1
        while time.monotonic() < deadline + 30.0:
            if self.rig.playing() is not None or any(p.start >= noted
                                                     for p in self.rig.played()):
                return
            time.sleep(0.05)

    def close_game(self, stopped: bool = False) -> Game | None:
        """The game just over (its end noted once), if one is; `stopped`: the run stops,
        whether the game is over or not."""
        if not self.games or self.games[-1].seconds or (self.live() and not stopped):
            return None
        game = self.games[-1]
        game.over = self.bots is not None and self.bots.game.over  # the bots hold its game
        game.seconds = round(time.monotonic() - game.started, 1)
        self.bots = None  # they leave the table
        self.log(f"game {len(self.games)} ended (over: {game.over}) in {game.seconds} s")
        return game

    def move(self, session: Session) -> bool:
        """A bot's move, an answer to the host's question, or nothing (the timer runs out)."""
        yes, no = yes_no(session.phrases.lang)
        game = session.game
        speaker = game.expected_player() or NAMES[0]
        if session.paused:
            self.say("resume", speaker)
        elif session.table.confirming is not None:
            self.say(yes if means(self.last_said, session.table.confirming) else no, speaker)
        elif session.table.confirming_quit:
            self.say(no, speaker)
        else:
            deadline = session.table.deadline
            left = deadline.at - session.clock.now() if deadline else None
            if left is not None and left < REACTION:
                self.log(f"TABLE: {left:.1f} s left on the turn, the timer runs out")
                return False
            event = self.bots.next_event()
            self.games[-1].turns += 1
            if isinstance(event, TimeUp):
                self.log("TABLE: the bots let the time run out")
                return False
            prefix = None if event.player == game.expected_player() else event.player
            self.say(session.talk.say(event, prefix).replace(":", ""), event.player)
        return True

    def lobby(self, kind: str) -> bool | None:
        """The table's answer to the lobby's last line (None: the games are played)."""
        welcomed = self.since_start("setup_welcome")
        if kind in ("ready", "back_in_lobby"):
            if len(self.games) >= self.games_wanted:
                return None
            self.say(START)
        elif kind == "rematch":
            release_memory()  # what the bots held of the game over, which the lobby let go
            self.memory[f"after game {len(self.games)}"] = rss_mb()
            self.log(f"RSS {self.memory}")
            # The question may have been noted while the table was quiet after the game:
            # the players answer once it has been asked.
            self.host_listens()
            # The second game is a rematch, the third a new start with the same players.
            self.say("yes" if len(self.games) == 1 else "no")
        elif kind == "same_players":
            self.say("yes")
        elif kind in ("setup_ask_name", "setup_need_two"):
            self.say(NAMES[welcomed] if welcomed < len(NAMES) else "that's everyone",
                     NAMES[min(welcomed, len(NAMES) - 1)])
        elif kind == "setup_readback":
            right = welcomed < len(NAMES) and NAMES[welcomed] in self.lines[-1].text
            self.say("yes" if right else "no", NAMES[min(welcomed, len(NAMES) - 1)])
        elif kind == "ask_teams":
            self.say("no teams")
        elif kind.startswith("ask_"):
            self.say("just start")
        else:
            return False
        return True

    def since_start(self, kind: str) -> int:
        """How many `kind` lines the host said since it last said it was starting a game."""
        count = 0
        for line in reversed(self.lines):
            if line.kind == "starting":
                break
            count += line.kind == kind
        return count


def reply_ms(said: Utterance, following: float, moments: list[float]) -> float | None:
    """Milliseconds from the end of an utterance to the first of `moments` after it (the
    first sounds at the loudspeaker, or when audio was handed to the satellite), if it came
    before the next utterance and within REPLY_WINDOW."""
    moment = min((t for t in moments if t >= said.end), default=None)
    if moment is None or moment >= following or moment - said.end > REPLY_WINDOW:
        return None
    return round(1000 * (moment - said.end), 1)


def percentiles(values: list[float]) -> dict[str, float]:
    """p50 and p95 (nearest rank) of `values`, and how many."""
    if not values:
        return {"count": 0}
    ranked = sorted(values)
    return {"count": len(ranked), "p50": round(statistics.median(ranked), 1),
            "p95": ranked[min(len(ranked) - 1, int(0.95 * len(ranked)))], "max": ranked[-1]}


def latency(rig: SatelliteRig, names: list[str], sent: list[float] | None = None
            ) -> tuple[dict[str, float], dict[str, float]]:
    """Replies (utterance name -> ms) to the utterances named, and their percentiles: at the
    loudspeaker, or with `sent` (when audio was handed to the satellite), at the wire."""
    said = rig.utterances()
    moments = sent if sent is not None else [p.first_sound for p in rig.played()
                                             if p.first_sound is not None]
    replies: dict[str, float] = {}
    for i, utterance in enumerate(said):
        following = said[i + 1].start if i + 1 < len(said) else float("inf")
        ms = reply_ms(utterance, following, moments)
        if utterance.name in names and ms is not None:
            replies[utterance.name] = ms
    return replies, percentiles(list(replies.values()))


def main() -> int:
    """Serve --games games of Crack List through the real satellite; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--echo", type=float, default=0.3,
                        help="how loud the host's voice comes back into the microphone")
    parser.add_argument("--echo-delay", type=float, default=0.05)
    parser.add_argument("--turn-seconds", type=float, default=30.0,
                        help="Crack List's turn time (the host's reply latency eats into it)")
    parser.add_argument("--hand-size", type=int, default=4,
                        help="cards dealt to each player (the rulebook's 8 can make one round "
                        "run past 70 turns)")
    parser.add_argument("--minutes", type=float, default=60.0, help="stop after this long")
    parser.add_argument("--keep", type=Path, help="keep the rig's folder (logs, audio) here")
    parser.add_argument("--verbose", action="store_true",
                        help="show what the host shows, at the moment it shows it (the "
                        "clock of the table's lines, to read a slow reply against)")
    args = parser.parse_args()
    limit_allocator_arenas()  # as serve does
    play_options = ["--rounds", "1", "--hand-size", str(args.hand_size),
                    "--turn-seconds", str(args.turn_seconds),
                    "--deck", "tests/data/decks/crack-list-rules.toml", "--only-my-decks"]
    shown: list[str] = []

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)  # what the table says, to follow the run

    def show(line: str) -> None:
        shown.append(line)
        if args.verbose:
            print(f"{time.monotonic():.1f} {line}", file=sys.stderr, flush=True)

    with tempfile.TemporaryDirectory(prefix="partyhost-bench-satellite-") as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        with SatelliteRig(folder / "rig", echo=args.echo, echo_delay=args.echo_delay) as rig:
            started = time.monotonic()
            serve = build_parser().parse_args(["serve", "--wyoming-satellite", rig.uri,
                                               "--state-dir", str(folder / "state"),
                                               "--seed", str(args.seed)])
            source, outputs = open_audio(serve)
            watch = Stopwatch()
            outputs = [TimedOut(out, watch) for out in outputs]
            ears = table_ears(serve, source)
            heard: Any = KeepingEars(ears, folder / "heard") if args.keep else ears
            said = HostLines()
            voices = NotingVoices(serve, outputs, said)
            table = Table(rig, said, args.games, args.seed, log)
            lobby = Lobby(heard, voices, LobbyState(folder / "state"), seed=args.seed,
                          play_options=play_options, show=show, on_game=table.new_game)
            warm_up(voices.requests("en"), [lobby.choices, common_first_names()],
                    ears.detector)
            ready = round(time.monotonic() - started, 1)
            host = threading.Thread(target=lobby.run, daemon=True)
            host.start()
            rig.played_some()
            rig.quiet_for(QUIET)
            table.memory["fresh"] = rss_mb()
            table.memory["peak_at_fresh"] = peak_rss_mb()
            stopped = None
            try:
                table.play(60 * args.minutes)
            except (KeyboardInterrupt, TimeoutError) as err:  # the figures so far still count
                stopped = f"{type(err).__name__}: {err}"
            finally:
                table.close_game(stopped=True)
                close_audio(source, outputs)
                host.join(10)
            figures = {"stopped": stopped,
                       **report(rig, table, ears, shown, ready, watch.marks.get("sent", []))}
    print(json.dumps(figures, indent=1))
    return 0


def same_names(names: list[str]) -> bool:
    """Whether the host played with the names said, by sound: "Anne" for "Ann" is kept (no
    one can hear the spelling, and the host writes what Whisper writes)."""
    return [phones(name) for name in names] == [phones(name) for name in NAMES]


def report(rig: SatelliteRig, table: Table, ears: Any, shown: list[str],
           ready: float, sent: list[float]) -> dict[str, Any]:
    """The run's figures (`sent`: when the host handed audio to the satellite)."""
    games = []
    every: list[str] = list(table.lobby_utterances)
    for number, game in enumerate(table.games, 1):
        replies, wait = latency(rig, game.utterances)
        every += game.utterances
        games.append({"game": number, "over": game.over, "names": game.names,
                      "names_kept": same_names(game.names), "turns": game.turns,
                      "utterances": len(game.utterances), "replies": len(replies),
                      "seconds": game.seconds, "reply_ms": wait,
                      "reply_ms_at_the_wire": latency(rig, game.utterances, sent)[1]})
    _, wait = latency(rig, every)
    _, lobby_wait = latency(rig, table.lobby_utterances)
    heard = sum(line.startswith("  (heard: ") for line in shown)
    return {"start_up_seconds": ready, "load_average": [round(x, 1) for x in os.getloadavg()],
            "cores": os.cpu_count(), "games": games,
            "rss_mb": table.memory,
            "peak_rss_mb": peak_rss_mb(),
            "reply_ms": wait, "reply_ms_at_the_wire": latency(rig, every, sent)[1],
            "lobby_reply_ms": lobby_wait,
            "said": len(rig.utterances()), "heard": heard,
            "ignored": sum(line.startswith("  (ignored: ") for line in shown),
            "echoes_dropped": ears.echoes_dropped,
            "streams_played": len(rig.played())}


if __name__ == "__main__":
    sys.exit(main())
