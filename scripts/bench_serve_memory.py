#!/usr/bin/env python3
"""Benchmark the resident memory of `partyhost serve` over several games in one lobby.

The lobby is `partyhost serve`'s own (Whisper tiny.en, the Piper voice, Silero VAD, as
`serve` loads them, the host's lines synthesized as it says them); its microphone is a table of
bots speaking with espeak-ng voices (run as a separate program, as players are other people):
they ask for Crack List, confirm the players and take the defaults, play the game to its end
by voice, say yes to the rematch, and so on for --games games. Printed: the resident memory
(RSS) once the lobby listens (fresh) and after each game, when the rematch is offered; the
peak; the lines in the host's voice cache and their size.

The bots hold the game they played, which the lobby has let go of; at each measure they leave
the table and what they held is given back as the lobby gives back a game over
(host.memory), so that the figure is the host's alone.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import tempfile
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

from host.cli import build_parser
from host.core.events import TimeUp
from host.core.session import Session
from host.core.talk import yes_no
from host.demo import means
from host.lobby.audio import Voices
from host.lobby.lobby import Lobby
from host.lobby.state import LobbyState
from host.memory import limit_allocator_arenas, release_memory
from host.registry import find_game
from host.speech.cache import CachedSynthesizer
from host.speech.ears import MicrophoneEars
from host.speech.espeak_tts import EspeakSynthesizer
from host.speech.ports import SAMPLE_RATE
from host.speech.tts import join_pcm
from host.speech.wavio import resample_pcm

PLAYERS = ("Ann", "Bob", "Cat")
BOT_VOICES = ("en-us", "en-gb", "en-us+f3")
MOST_UTTERANCES = 1500
"""The run ends after the bots have said this much in games (a game that would never end is
reported as not over)."""
LEAD, TAIL = 0.4, 0.9
"""Seconds of silence before and after each thing a bot says (the ears end a turn on 0.3)."""


def rss_mb() -> int:
    """Resident memory now, in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024)
    return 0


class BotMicrophone:
    """The table's microphone: what the script says to the lobby, then bots playing each game
    the lobby starts by voice; `measure` is called when the lobby listens for the first time
    and after each game."""

    def __init__(self, script: list[str], measure: Callable[[str], None], seed: int) -> None:
        self.sample_rate = SAMPLE_RATE
        self.script = script
        self.measure = measure
        self.rng = random.Random(seed)
        self.voices = {name: EspeakSynthesizer(voice) for name, voice in zip(PLAYERS, BOT_VOICES,
                                                                              strict=True)}
        self.pcm = b""
        self.session: weakref.ref[Session] | None = None
        """The game played now (not held: the lobby lets go of a game over)."""
        self.bots: Any = None
        """The bots of the game played now (who hold its rules' model)."""
        self.games = 0
        self.measured = -1
        """How many games were measured after (-1: not even the lobby fresh)."""
        self.said = ""
        self.utterances = 0

    def new_game(self, session: Session) -> None:
        """The lobby started a game: its bots sit down."""
        self.session = weakref.ref(session)
        self.bots = find_game("crack-list").voice_bots(session.game,
                                                      random.Random(self.rng.random()))
        self.games += 1

    def read(self, frames: int) -> bytes | None:
        """The next frames; the next thing said (or a wait in silence) once they run out."""
        if not self.pcm and not self._next():
            return None
        chunk, self.pcm = self.pcm[: 2 * frames], self.pcm[2 * frames:]
        return chunk

    def close(self) -> None:
        """Nothing to release."""

    def _next(self) -> bool:
        """Queue what is said next; False when the script is over."""
        session = self.session() if self.session else None
        if session is not None and not session.finished:
            return self._play(session)
        if self.measured < 0:
            self.measure("fresh")
        elif self.measured < self.games:
            over = self.bots.game.over
            self.bots = None  # they leave the table
            release_memory()
            self.measure(f"after game {self.games}" + ("" if over else " (not over)"))
        self.measured = self.games
        if not self.script:
            return False
        self._say(PLAYERS[0], self.script.pop(0))
        return True

    def _play(self, session: Session) -> bool:
        """A bot's move by voice, an answer to the host's question, or a wait for the timer."""
        self.utterances += 1
        if self.utterances > MOST_UTTERANCES:
            return False
        yes, no = yes_no(session.phrases.lang)
        speaker = session.game.expected_player() or PLAYERS[0]
        if session.table.confirming is not None:
            self._say(speaker, yes if means(self.said, session.table.confirming) else no)
        elif session.table.confirming_quit:
            self._say(speaker, no)
        elif session.paused:
            self._say(speaker, "resume")
        else:
            event = self.bots.next_event()
            if isinstance(event, TimeUp):
                self.utterances -= 1
                wait = (session.seconds_to_next_tick() or 0.0) + TAIL
                self.pcm += bytes(2 * round(wait * SAMPLE_RATE))
                return True
            prefix = None if event.player == session.game.expected_player() else event.player
            self._say(event.player, session.talk.say(event, prefix).replace(":", ""))
        return True

    def _say(self, player: str, text: str) -> None:
        voice = self.voices.get(player, self.voices[PLAYERS[0]])
        speech = resample_pcm(join_pcm(voice.synthesize(text)), voice.sample_rate, SAMPLE_RATE)
        self.said = text
        self.pcm += bytes(2 * round(LEAD * SAMPLE_RATE)) + speech + \
            bytes(2 * round(TAIL * SAMPLE_RATE))


def cache_figures(voices: Voices) -> dict[str, Any]:
    """How many lines the host's voice cache holds, and their size in MB."""
    synthesizer = voices.mouth("en").synthesizer
    assert isinstance(synthesizer, CachedSynthesizer)
    return {"cached_lines": len(synthesizer), "cached_mb": round(synthesizer.size / 2**20, 1)}


def main() -> int:
    """Serve --games games of Crack List to a table of bots and print the memory figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=1, help="rounds of each game (default 1)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object at the end")
    parser.add_argument("--verbose", action="store_true", help="show what the lobby shows")
    args = parser.parse_args()
    limit_allocator_arenas()  # as serve does
    figures: dict[str, Any] = {}
    started = time.monotonic()

    def measure(moment: str) -> None:
        figures[moment] = {"rss_mb": rss_mb(), **cache_figures(voices),
                           "seconds": round(time.monotonic() - started)}
        if not args.json:
            print(f"{moment}: {figures[moment]}", flush=True)

    rematches = ["yes"] * (args.games - 1) + ["no"]
    script = ["Party Host, let's play Crack List", "yes", "just start", *rematches]
    table = BotMicrophone(script, measure, args.seed)
    voices = Voices(build_parser().parse_args(["serve"]), [])
    with tempfile.TemporaryDirectory(prefix="partyhost-bench-memory-") as tmp:
        state = LobbyState(Path(tmp))
        state.remember_table(list(PLAYERS))
        lobby = Lobby(MicrophoneEars(table, half_duplex=False), voices, state, seed=args.seed,
                      play_options=["--rounds", str(args.rounds)], on_game=table.new_game,
                      show=print if args.verbose else lambda line: None)
        lobby.run()
    games = [moment for moment in figures if moment.startswith("after game")]
    figures["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    figures["games_over"] = sum("not over" not in moment for moment in games)
    figures["utterances"] = table.utterances
    print(json.dumps(figures) if args.json else
          f"peak: {figures['peak_rss_mb']} MB; {figures['games_over']} of {args.games} games "
          f"played to the end in {table.utterances} utterances")
    return 0 if figures["games_over"] == args.games else 1


if __name__ == "__main__":
    sys.exit(main())
