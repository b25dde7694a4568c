#!/usr/bin/env python3
"""Benchmark the lobby of `partyhost serve`: false starts on speech not addressed to the host,
and the cost of listening while nobody talks.

False starts: an hour (or --minutes) of speech nobody says to the host is fed straight into
the lobby's real ears (Silero VAD and endpointing, as fast as it can be read) and each
utterance goes to the lobby's recognition (Whisper among the lobby's phrases, only a sure
choice taken): the human prompts of asterisk-core-sounds in English and in French (phone
menus, read one after the other like a television), pocketsphinx-testdata and klettres-data,
and synthesized conversation (WordNet's example sentences and near misses such as "let's play
outside", said by espeak-ng voices and Piper, every other one in party babble at 10 dB). Any
request heard is a false start when it starts a game; a false reply when it lists the games
or resumes one.

Requests: a sample of the lobby's own phrases said by espeak-ng voices and Piper, clean and
in babble at 10 dB: how many it takes right (the price of rejecting so much).

Idle: the lobby listens for --idle-seconds in real time (audio delivered at the pace a sound
card gives it) to a quiet room, then to a television talking (babble); printed: the CPU time
it took as a share of one core, and the resident memory with the recognizer and the voice.
"""

from __future__ import annotations

import argparse
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import numpy as np
from rapidfuzz import fuzz

from host.core.hearing import heard_alone
from host.lobby.grammar import Start, lobby_phrases, parse
from host.lobby.lobby import request_heard, squeezed
from host.lobby.tables import TABLES
from host.speech.bench import ASTERISK, babble, klettres_items, load_piper, mix, pad
from host.speech.ears import MicrophoneEars
from host.speech.ports import SAMPLE_RATE, Recognizer
from host.speech.stt import make_recognizer
from host.speech.wavio import read_g722, read_wav, to_pcm

WORDNET = Path("/usr/share/wordnet")
POCKETSPHINX = Path("/usr/share/pocketsphinx/test/data")
VOICES = ("en-us", "en-gb", "en-us+f3", "en-gb-scotland")
NEAR_MISSES = (
    "let's play outside when the rain stops", "play that song again", "what can we eat tonight",
    "let's play a game of chess", "resume the download, please", "the party was great fun",
    "who's hosting the party this year", "I made a short list of names", "there's a crack in "
    "the wall", "what a word to use", "let's go, we're late", "play the next episode",
    "can we play with the dog", "that game was on the television last night",
    "what games did you play as a child", "stop the car here", "he cracked a joke",
    "the list is short", "let's play it by ear", "what can we do about it",
    "continue with the next question", "carry on, I'm listening", "yes, that's right",
    "four players signed for the club", "party time", "the host of the show smiled",
)
"""Sentences near the lobby's phrases, as a living room says them."""


class PcmInput:
    """Audio in memory as the microphone, read as fast as asked (or at a sound card's pace)."""

    def __init__(self, pcm: bytes, *, real_time: bool = False) -> None:
        self.sample_rate = SAMPLE_RATE
        self.pcm, self.pos, self.real_time = pcm, 0, real_time
        self.started = time.monotonic()

    def read(self, frames: int) -> bytes | None:
        """The next frames; b"" while a live microphone has not recorded them yet."""
        if self.pos >= len(self.pcm):
            return None
        if self.real_time:
            recorded = int((time.monotonic() - self.started) * SAMPLE_RATE) * 2
            if recorded < self.pos + 2 * frames:
                return b""
        chunk = self.pcm[self.pos:self.pos + 2 * frames]
        self.pos += len(chunk)
        return chunk

    def close(self) -> None:
        """Nothing to release."""


def gap(rng: random.Random) -> bytes:
    """A pause between two people talking on television (0.2 to 1.2 s of room noise)."""
    return pad(b"", rng.uniform(0.1, 0.6))


def asterisk(lang: str) -> Iterator[bytes]:
    """The prompts of asterisk-core-sounds-<lang> (G.722, wideband), in name order."""
    for path in sorted((ASTERISK.parent / lang).rglob("*.g722")):
        yield read_g722(path)


def pocketsphinx() -> Iterator[bytes]:
    """The recordings of pocketsphinx-testdata (raw 16 kHz and WAV)."""
    for path in sorted(POCKETSPHINX.rglob("*.raw")):
        yield path.read_bytes()
    for path in sorted(POCKETSPHINX.rglob("*.wav")):
        yield read_wav(path)[0]


def wordnet_sentences(count: int, seed: int = 0) -> list[str]:
    """Example sentences of WordNet's glosses ("he plays the piano"), a seeded sample."""
    found: list[str] = []
    for part in ("noun", "verb", "adj", "adv"):
        path = WORDNET / f"data.{part}"
        if path.exists():
            text = path.read_text("latin-1")
            found += [s for s in re.findall(r'"([^"]{25,120})"', text) if s.isascii()]
    return random.Random(seed).sample(found, min(count, len(found)))


def espeak(text: str, voice: str) -> bytes:
    """A sentence said by espeak-ng, at 16 kHz."""
    with tempfile.TemporaryDirectory() as tmp:
        wav = Path(tmp) / "s.wav"
        subprocess.run(["espeak-ng", "-v", voice, "-w", str(wav), text], check=True)
        return read_wav(wav)[0]


def conversation(sentences: list[str]) -> Iterator[bytes]:
    """The sentences said in turn by espeak-ng voices and Piper, every other one in babble."""
    from host.speech.wavio import resample_pcm

    piper = load_piper()
    for index, text in enumerate(sentences):
        if index % 5 == 4 and piper is not None:
            pcm = resample_pcm(b"".join(piper.synthesize(text)), piper.sample_rate)
        else:
            pcm = espeak(text, VOICES[index % len(VOICES)])
        yield mix(pcm, 10.0, seed=index) if index % 2 else pcm


def stream(parts: Iterator[bytes], seconds: float, rng: random.Random) -> bytes:
    """The parts one after the other with pauses, up to `seconds` of audio."""
    out: list[bytes] = []
    total = 0
    for pcm in parts:
        out += [pcm, gap(rng)]
        total += len(pcm) + len(out[-1])
        if total >= seconds * SAMPLE_RATE * 2:
            break
    return b"".join(out)


def sources(minutes: float, rng: random.Random) -> dict[str, bytes]:
    """The speech not addressed to the host, by source, about `minutes` in all."""
    share = minutes * 60
    found = {
        "asterisk-en": stream(asterisk("en"), share * 0.4, rng),
        "asterisk-fr": stream(asterisk("fr"), share * 0.3, rng),
        "pocketsphinx+klettres": stream(iter([*pocketsphinx(),
                                              *(item.pcm for item in klettres_items())]),
                                        share * 0.05, rng),
    }
    left = share - sum(len(pcm) for pcm in found.values()) / 2 / SAMPLE_RATE
    sentences = [*NEAR_MISSES, *wordnet_sentences(4000)]
    found["conversation"] = stream(conversation(sentences), max(60.0, left), rng)
    return found


def false_starts(recognizer: Recognizer, name: str, pcm: bytes) -> Counter[str]:
    """Feed one source through the lobby's ears and recognition; count what it heard."""
    ears = MicrophoneEars(PcmInput(pcm), half_duplex=False)
    choices = lobby_phrases(TABLES)
    counts: Counter[str] = Counter(seconds=round(len(pcm) / 2 / SAMPLE_RATE))
    while (audio := ears.listen(None)) is not None:
        if not audio:
            continue
        counts["utterances"] += 1
        if counts["utterances"] % 100 == 0:
            print(f"  {name}: {counts['utterances']} utterances, "
                  f"{ears.stream_time / 60:.1f} min", flush=True)
        intent, heard = request_heard(recognizer, choices, audio)
        verdict = heard_alone(heard)
        counts["unsure"] += verdict.ask_back  # a choice the host would ask back
        taken = bool(verdict.text) and not verdict.ask_back
        if intent is None and taken and heard.free:
            counts["disowned"] += 1  # a sure choice that free decoding heard as other words
            alike = fuzz.ratio(squeezed(heard.free), squeezed(heard.text))
            print(f"  {name}: {heard.text!r} disowned, freely heard as {heard.free!r} "
                  f"(alike: {alike:.0f})", flush=True)
        if intent is not None:
            counts["false_starts" if isinstance(intent, Start) else "false_replies"] += 1
            print(f"  {name}: {heard.text!r} (free: {heard.free!r})", flush=True)
    return counts


def room_noise(seconds: float) -> bytes:
    """Quiet room noise (about -55 dBFS)."""
    rng = np.random.default_rng(0)
    return to_pcm(rng.normal(0, 60 / 32768, int(SAMPLE_RATE * seconds)).astype(np.float32))


def television(seconds: float) -> bytes:
    """A television talking in the room: the bench's babble of voices, at about -30 dBFS."""
    voices = babble(int(SAMPLE_RATE * seconds))
    return to_pcm((voices / (voices.std() or 1.0) * 0.03).astype(np.float32))


def requests_heard(recognizer: Recognizer, count: int = 30) -> dict[str, str]:
    """How many of the lobby's own phrases it takes right, said by espeak-ng voices and
    Piper, clean and in babble at 10 dB (a seeded sample of `count` phrases)."""
    from host.speech.bench import load_piper
    from host.speech.wavio import resample_pcm

    choices = lobby_phrases(TABLES)
    phrases = random.Random(1).sample(choices, count)
    piper = load_piper()
    right: Counter[str] = Counter()
    for index, phrase in enumerate(phrases):
        if index % 3 == 2 and piper is not None:
            pcm = resample_pcm(b"".join(piper.synthesize(phrase)), piper.sample_rate)
        else:
            pcm = espeak(phrase, VOICES[index % len(VOICES)])
        for condition, audio in (("clean", pad(pcm)), ("babble 10 dB", mix(pad(pcm), 10.0,
                                                                           seed=index))):
            intent, _ = request_heard(recognizer, choices, audio)
            right[condition] += intent == parse(phrase, TABLES)
    return {condition: f"{right[condition]}/{count}" for condition in ("clean", "babble 10 dB")}


def idle(recognizer: Recognizer, pcm: bytes) -> dict[str, float]:
    """CPU share of one core while the lobby hears `pcm` in real time, as from a microphone."""
    ears = MicrophoneEars(PcmInput(pcm, real_time=True))
    choices = lobby_phrases(TABLES)
    before, started = resource.getrusage(resource.RUSAGE_SELF), time.monotonic()
    heard = 0
    while (audio := ears.listen(None)) is not None:
        if audio:
            heard += 1
            request_heard(recognizer, choices, audio)
    after, wall = resource.getrusage(resource.RUSAGE_SELF), time.monotonic() - started
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"seconds": round(wall, 1), "cpu_percent_of_one_core": round(100 * cpu / wall, 1),
            "utterances": heard}


def memory() -> dict[str, float]:
    """Resident memory now and at its peak, in MB."""
    return {"rss_mb": round(_rss_kb() / 1024),
            "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)}


def _rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def main() -> int:
    """Run both measures and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0,
                        help="minutes of speech not addressed to the host (default 60)")
    parser.add_argument("--idle-seconds", type=float, default=60.0)
    parser.add_argument("--skip-false-starts", action="store_true")
    args = parser.parse_args()
    recognizer = make_recognizer("whisper")
    voice = load_piper()  # loaded as `partyhost serve` has it, for the memory figures
    recognizer.set_choices(lobby_phrases(TABLES))  # as the lobby does when it opens
    print(f"idle, quiet room: {idle(recognizer, room_noise(args.idle_seconds))}", flush=True)
    print(f"idle, television on: {idle(recognizer, television(args.idle_seconds))}",
          flush=True)
    print(f"memory (Whisper tiny.en and the Piper voice {voice is not None and 'loaded'}): "
          f"{memory()}", flush=True)
    print(f"requests heard right: {requests_heard(recognizer)}", flush=True)
    if args.skip_false_starts:
        return 0
    total: Counter[str] = Counter()
    for name, pcm in sources(args.minutes, random.Random(0)).items():
        started = time.monotonic()
        counts = false_starts(recognizer, name, pcm)
        print(f"{name}: {dict(counts)} in {time.monotonic() - started:.0f} s", flush=True)
        total.update(counts)
    hours = total["seconds"] / 3600
    print(f"total: {dict(total)}")
    print(f"false starts per hour: {total['false_starts'] / hours:.2f}; other replies per "
          f"hour: {total['false_replies'] / hours:.2f} (over {hours * 60:.1f} minutes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
