#!/usr/bin/env python3
"""Fit and measure the echo check (host/speech/echo.py) on rebuilt audio (JSON).

Echoes: the host's own lines (the Piper voice) as a microphone picks them up, late by 0 to
1.5 s, fainter, low-passed, with a room's reverberation and party babble, cut where the ears
would cut an utterance. People: the same lines' words (whole, or their last words, as a
player answers "that's everyone") said by espeak-ng voices and by the host's own voice (a bot
with the host's voice), or recorded people's prompts, starting within 1.5 s of the line's end,
some over a faint tail of its echo, in babble. The lines are split in two: the level is fitted
on one half and reported on the other, for each split seed.

With --tail, the same for how long the microphone stays closed after a line
(host.speech.ears.LIVE_TAIL_SECONDS): whole microphone streams (the line's echo coming back 0.05
to 0.6 s late in a quiet room or in babble, with or without a player answering 0.05 to 1.2 s
after it ends) go through the ears as a live microphone (gate, Silero VAD, echo check). The
tail fitted on one half of the lines is the shortest that lets no more echoes through as a
player than a tail of a second; the other half says how many answers each tail hears.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from dataclasses import dataclass
from typing import Any

import numpy as np

from host.speech.babble import mix_at_snr, noise_gain
from host.speech.bench import ESPEAK_VOICES, load_piper, recorded_items
from host.speech.bench_endpoint import PcmSource, quiet, speech_bounds
from host.speech.ears import LIVE_TAIL_SECONDS, PRE_ROLL_SECONDS, MicrophoneEars
from host.speech.echo import ECHO_LIKENESS, EchoCheck, likeness
from host.speech.gate import MicGate
from host.speech.ports import SAMPLE_RATE, Spoken
from host.speech.tts import join_pcm, make_synthesizer
from host.speech.wavio import from_pcm, resample_pcm, to_pcm


def said16(synth: Any, text: str) -> np.ndarray:
    """`text` in a synthesizer's voice, as 16 kHz float samples."""
    return from_pcm(resample_pcm(join_pcm(synth.synthesize(text)), synth.sample_rate))


def party(prompts: list[np.ndarray], talkers: int = 4, seconds: float = 60.0) -> np.ndarray:
    """Babble: several recorded people talking at once."""
    stream = np.concatenate(prompts)
    length = int(seconds * SAMPLE_RATE)
    stream = np.resize(stream, length + talkers * SAMPLE_RATE)
    return np.asarray(sum(stream[t * SAMPLE_RATE // 3: t * SAMPLE_RATE // 3 + length]
                          for t in range(talkers)))


def host_lines(count: int) -> list[str]:
    """Lines the host says (English variants of every game's lines, placeholders filled),
    of three words or more, a spread of them."""
    import re
    import tomllib
    from importlib import resources

    files = [resources.files("host.core").joinpath("lines/en.toml"),
             *(resources.files(f"host.games.{game}").joinpath("lines/en.toml")
               for game in ("crack_list", "short_list", "scattergories", "crack_word"))]
    texts = [re.sub(r"\{[^}]*\}", "Ann", variant)
             for file in files
             for variants in tomllib.loads(file.read_text("utf-8"))["lines"].values()
             for variant in variants]
    long_enough = sorted({t for t in texts if len(t.split()) >= 3})
    return random.Random(0).sample(long_enough, min(count, len(long_enough)))


def room(samples: np.ndarray, rng: random.Random) -> np.ndarray:
    """The samples as a room sends them back: fainter, duller, reverberant."""
    rt60 = rng.uniform(0.1, 0.6)
    length = int(rt60 * SAMPLE_RATE)
    decay = np.exp(-6.9 * np.arange(length) / length)
    impulse = np.random.default_rng(rng.randrange(1 << 30)).normal(size=length) * decay
    impulse[0] = 1.0 / rng.uniform(0.2, 1.0)  # direct sound against the reverberation
    wet = np.convolve(samples, impulse)[: len(samples) + length]
    cutoff = rng.uniform(2000, 6000)
    spectrum = np.fft.rfft(wet)
    spectrum[np.fft.rfftfreq(len(wet), 1 / SAMPLE_RATE) > cutoff] *= 0.1
    wet = np.fft.irfft(spectrum, len(wet))
    gain = rng.uniform(0.03, 0.5)
    return np.asarray(wet / (np.abs(wet).max() + 1e-9) * gain * np.abs(samples).max())


def cut(pcm: bytes, rng: random.Random) -> tuple[bytes, float]:
    """A stretch of at least half a second the ears might hand over, and where it starts."""
    total = len(pcm) // 2
    length = rng.randint(min(total, SAMPLE_RATE // 2), total)
    start = rng.randint(0, total - length)
    return pcm[2 * start: 2 * (start + length)], start / SAMPLE_RATE


def noisy(samples: np.ndarray, babble: np.ndarray, rng: random.Random) -> bytes:
    """The samples in babble at 5 to 20 dB."""
    offset = rng.randrange(len(babble) - len(samples))
    return mix_at_snr(to_pcm(samples), babble[offset: offset + len(samples)], rng.uniform(5, 20))


def echoes(line: np.ndarray, babble: np.ndarray, rng: random.Random, n: int) -> list[float]:
    """Likeness of `n` echoes of a line (it started playing at 0) to that line."""
    check = EchoCheck()
    check.host_said(Spoken(to_pcm(line), SAMPLE_RATE), ended_at=len(line) / SAMPLE_RATE)
    scores = []
    for _ in range(n):
        delay = rng.uniform(0.0, 1.5)
        heard, start = cut(noisy(room(line, rng), babble, rng), rng)
        scores.append(likeness_of(check, heard, delay + start))
    return scores


def people(line: np.ndarray, said: list[np.ndarray], babble: np.ndarray, rng: random.Random,
           ) -> list[float]:
    """Likeness to a line of people answering soon after it (some over its echo's tail)."""
    check = EchoCheck()
    end = len(line) / SAMPLE_RATE
    check.host_said(Spoken(to_pcm(line), SAMPLE_RATE), ended_at=end)
    scores = []
    for voice in said:
        mixed = voice.copy()
        if rng.random() < 0.5:
            tail = room(line, rng)[-len(mixed):] * 0.3
            mixed[: len(tail)] += tail
        heard = noisy(mixed, babble, rng)
        scores.append(likeness_of(check, heard, end + rng.uniform(0.0, 1.5)))
    return scores


def likeness_of(check: EchoCheck, heard: bytes, start: float) -> float:
    """The utterance's best likeness to the check's line."""
    from host.speech.echo import features

    return likeness(features(from_pcm(heard)), start, check.lines[0])


def voices_saying(text: str, synths: list[Any]) -> list[np.ndarray]:
    """The whole text and its last two words, said by each synthesizer."""
    words = text.rstrip(".!?").split()
    variants = [text, " ".join(words[-2:])]
    return [said16(s, v) for s in synths for v in variants]


MARGIN = 0.05
"""Above the likeness of every person on the fit half: dropping a player's words is worse
than hearing an echo (which the recognizer, listening for the moment's moves, rarely takes
for one)."""


def level(person: list[float]) -> float:
    """The lowest level that drops no person of the fit half, with a margin."""
    return round(max(person) + MARGIN, 3)


def report(echo: list[float], person: list[float], at: float) -> dict[str, Any]:
    """Shares dropped at a level, and the scores' spread."""
    return {"echoes_dropped": round(sum(e >= at for e in echo) / len(echo), 3),
            "people_dropped": round(sum(p >= at for p in person) / len(person), 3),
            "echo_median": round(statistics.median(echo), 3),
            "echo_p5": round(float(np.percentile(echo, 5)), 3),
            "people_median": round(statistics.median(person), 3),
            "people_max": round(max(person), 3), "echoes": len(echo), "people": len(person)}


TAILS = (1.0, 0.8, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.0)
"""The tails tried (seconds the microphone stays closed after a line)."""
ANSWERS = ("no", "yes", "Bob", "that's everyone", "pass", "challenge")
"""What players answer right after a line."""
LISTEN_SECONDS = 3.0
WHOLE = 0.9
"""Share of an answer's sound an utterance must hold for the answer to count as heard (the
rest cut off by the closed microphone leaves a word the recognizer may still know)."""


@dataclass(frozen=True)
class Room:
    """What a live microphone hears from the moment a line starts playing, apart from a
    player: the room's faint noise, the line's echo, and babble (None in a quiet room), each as
    long as the stream."""

    floor: np.ndarray
    echo: np.ndarray
    babble: np.ndarray | None

    def stream(self, level: np.ndarray, snr: float | None, *sounds: np.ndarray) -> bytes:
        """The room with `sounds` added, its babble at `snr` dB under `level` (a voice)."""
        mic = self.floor + sum(sounds, np.zeros_like(self.floor))
        if self.babble is not None and snr is not None:
            mic += self.babble * noise_gain(level, self.babble, snr)
        return to_pcm(np.clip(mic, -1, 1).astype(np.float32))


def a_room(line: np.ndarray, babble: np.ndarray, rng: random.Random, *, late: float,
           snr: float | None) -> Room:
    """A room where the line comes back `late` seconds late, with babble when `snr` is given."""
    seconds = len(line) / SAMPLE_RATE + late + 4.5
    floor = from_pcm(quiet(seconds, rng.randrange(1000))).astype(np.float64)
    echo, wet, at = np.zeros_like(floor), room(line, rng), int(late * SAMPLE_RATE)
    echo[at: at + len(wet)] = wet[: len(floor) - at]
    noise = None
    if snr is not None:
        offset = rng.randrange(len(babble) - len(floor))
        noise = babble[offset: offset + len(floor)]
    return Room(floor, echo, noise)


def heard_spans(pcm: bytes, line: Spoken, tail: float) -> list[tuple[float, float]]:
    """Where each utterance the ears hand over lies in the stream (seconds), the microphone
    closed for the line and `tail` seconds after it."""
    ears = MicrophoneEars(PcmSource(pcm), clock=lambda: 0.0)
    ears.gate = MicGate(tail_seconds=tail)
    ears.host_spoke(line)
    spans = []
    while (audio := ears.listen(LISTEN_SECONDS)) is not None:
        if audio:
            start = ears.utterance_start - PRE_ROLL_SECONDS
            spans.append((start, start + len(audio) / 2 / SAMPLE_RATE))
    return spans


def tail_rows(index: int, line: np.ndarray, answers: list[np.ndarray], babble: np.ndarray,
              rng: random.Random) -> list[dict[str, Any]]:
    """Per tail, for a line played by a quick loudspeaker and a slow one: whether a player's
    answer was heard (nearly whole), and whether the echo alone was heard as a player (more
    utterances than the same room without it)."""
    spoken = Spoken(to_pcm(line), SAMPLE_RATE)
    rows = []
    for late in (rng.choice((0.05, 0.2)), rng.choice((0.4, 0.6))):
        snr = rng.choice([None, 20.0, 10.0])
        gap, answer = rng.uniform(0.05, 1.2), rng.choice(answers)
        answered_room = a_room(line, babble, rng, late=late, snr=snr)
        begins = len(line) / SAMPLE_RATE + late + gap
        ends = begins + len(answer) / SAMPLE_RATE
        said = np.zeros_like(answered_room.floor)
        at = int(begins * SAMPLE_RATE)
        said[at: at + len(answer)] = answer
        answered = answered_room.stream(answer, snr, answered_room.echo, said)
        unanswered = a_room(line, babble, rng, late=late, snr=snr)
        echo_alone = unanswered.stream(line, snr, unanswered.echo)
        room_alone = unanswered.stream(line, snr)
        for tail in TAILS:
            spans = heard_spans(answered, spoken, tail)
            rows.append({"line": index, "tail": tail, "late": late, "snr": snr,
                         "gap": round(gap, 2),
                         "heard": any(min(e, ends) - max(s, begins) >= WHOLE * (ends - begins)
                                      for s, e in spans),
                         "echo_heard": len(heard_spans(echo_alone, spoken, tail))
                         > len(heard_spans(room_alone, spoken, tail))})
    return rows


def tail_report(rows: list[dict[str, Any]], tail: float) -> dict[str, Any]:
    """Answers heard (all, and those begun within half a second) and echoes heard as a player."""
    at = [r for r in rows if r["tail"] == tail]
    quick = [r for r in at if r["gap"] < 0.5]
    return {"tail": tail, "answers_heard": round(sum(r["heard"] for r in at) / len(at), 3),
            "quick_answers_heard": round(sum(r["heard"] for r in quick) / len(quick), 3),
            "echoes_heard": round(sum(r["echo_heard"] for r in at) / len(at), 3),
            "streams": len(at), "quick": len(quick)}


def fit_tail(rows: list[dict[str, Any]]) -> float:
    """The shortest tail that, like every longer one, lets no more echoes through than a
    second does."""
    def echoes(tail: float) -> int:
        return sum(r["echo_heard"] for r in rows if r["tail"] == tail)
    most = echoes(max(TAILS))
    return min(t for t in TAILS if all(echoes(u) <= most for u in TAILS if u >= t))


def spoken_part(samples: np.ndarray) -> np.ndarray:
    """The samples without the silence a synthesizer puts before and after the words (an
    answer's gap is counted to its first sound)."""
    first, last = speech_bounds(to_pcm(samples))
    return samples[int(first * SAMPLE_RATE): int(last * SAMPLE_RATE)]


def tail_main(args: argparse.Namespace, piper: Any, synths: list[Any],
              babble: np.ndarray) -> dict[str, Any]:
    """Fit the tail on half the lines and report every tail on the other half, per seed."""
    rng = random.Random(0)
    answers = [spoken_part(said16(s, a)) for s in synths[1:] for a in ANSWERS]
    rows = [row for index, text in enumerate(host_lines(args.lines))
            for row in tail_rows(index, said16(piper, text), answers, babble, rng)]
    lines = sorted({r["line"] for r in rows})
    result: dict[str, Any] = {"shipped_tail": LIVE_TAIL_SECONDS, "splits": []}
    for seed in args.seeds:
        order = random.Random(seed).sample(lines, len(lines))
        fit = set(order[: len(order) // 2])
        held = [r for r in rows if r["line"] not in fit]
        result["splits"].append({
            "seed": seed, "fitted_tail": fit_tail([r for r in rows if r["line"] in fit]),
            "held_out": [tail_report(held, tail) for tail in TAILS]})
    return result


def main() -> int:
    """Build the corpus, fit on half the lines, report on the other half, per split seed."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lines", type=int, default=40)
    parser.add_argument("--echoes", type=int, default=6, help="echoes of each line")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--tail", action="store_true",
                        help="fit how long the microphone stays closed after a line instead")
    args = parser.parse_args()
    rng = random.Random(0)
    piper = load_piper()
    synths = [piper, *(make_synthesizer("espeak", v) for v in ESPEAK_VOICES)]
    recorded = [from_pcm(item.pcm) for item in recorded_items("asterisk_choices.tsv")]
    babble = party(recorded[40:])
    if args.tail:
        print(json.dumps(tail_main(args, piper, synths, babble), indent=2))
        return 0
    people_recorded = recorded[:40]
    rows = []
    for text in host_lines(args.lines):
        line = said16(piper, text)
        said = voices_saying(text, synths) + rng.sample(people_recorded, 2)
        rows.append((text, echoes(line, babble, rng, args.echoes), people(line, said, babble, rng)))
    result: dict[str, Any] = {"shipped_level": ECHO_LIKENESS, "splits": []}
    for seed in args.seeds:
        order = random.Random(seed).sample(rows, len(rows))
        fit, held = order[: len(order) // 2], order[len(order) // 2:]
        fitted = level([p for _, _, ps in fit for p in ps])
        held_echo = [e for _, es, _ in held for e in es]
        held_people = [p for _, _, ps in held for p in ps]
        result["splits"].append({"seed": seed, "fitted_level": fitted,
                                 "held_out_at_fitted": report(held_echo, held_people, fitted),
                                 "held_out_at_shipped": report(held_echo, held_people,
                                                               ECHO_LIKENESS)})
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
