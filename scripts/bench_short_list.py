#!/usr/bin/env python3
"""Benchmark Short List guesses by voice: how the host rules on a spoken guess (JSON).

Question cards are drawn from the shipped deck (seeded); for each, three right answers and
three wrong ones (other cards' answers the judge rules off this card) are said by Piper and
espeak-ng voices, with party babble at each SNR, to a fresh game whose guesser on turn says
it; the real recognizer hears it and the real session rules on it (Session.hear_speech, as the voice
loop does). Each guess ends as one of:

- right answers: `played` (a crystal), `asked_said` (the host asked back the words said: a
  yes plays them), `asked_other` (it asked back other words: the player says no and says it
  again), `judged_wrong` (a right answer ruled off the card: the mishearing a player minds
  most), `not_heard` (anything else: "didn't catch that", a question answered);
- wrong answers: `judged` (ruled off the card), `asked_said`, `asked_other`, `false_accept`
  (ruled on the card), `not_heard`.

Prints the share of each, per SNR, and the reply latency (median seconds from the end of the
utterance to the host's ruling).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from host.clock import FakeClock
from host.core.session import Session
from host.decks import QuestionCard, load_game_decks
from host.demo import as_the_ears_hand_it, babble
from host.games.short_list.bots import other_answers
from host.games.short_list.setup import ShortListOptions, build_session
from host.judge import Judge, Reason
from host.judge.text import words
from host.speech.espeak_tts import EspeakSynthesizer
from host.speech.piper_tts import PiperSynthesizer
from host.speech.ports import Recognizer, Synthesizer
from host.speech.stt import make_recognizer
from host.speech.tts import join_pcm
from host.speech.wavio import resample_pcm

ESPEAK_VOICES = ("en-gb", "en-gb-scotland", "en-us+f3")
PLAYED = {"answer_right": "played", "answer_wrong": "judged_wrong", "answer_repeat": "judged_wrong",
          "did_you_say": "asked"}
"""The first line the host says, as a right answer's outcome."""
JUDGED = {"answer_wrong": "judged", "answer_right": "false_accept", "did_you_say": "asked"}


def guesses(cards: list[QuestionCard], judge: Judge, rng: random.Random,
            count: int) -> list[tuple[QuestionCard, str, bool]]:
    """(card, guess, right) for `count` cards: three right answers and three off the card."""
    words = other_answers(cards)
    chosen = []
    for card in rng.sample(cards, count):
        rights = rng.sample([entry.text for entry in card.answers], 3)
        wrongs: list[str] = []
        while len(wrongs) < 3:
            word = rng.choice(words)
            verdict = judge.judge(card.category, word)
            if verdict.reason is Reason.NOT_IN_LIST and word not in wrongs:
                wrongs.append(word)
        chosen += [(card, text, True) for text in rights] + [(card, t, False) for t in wrongs]
    return chosen


def session_on(card: QuestionCard, folder: Path) -> Session:
    """A fresh game whose only question is `card`, started."""
    answers = ", ".join(json.dumps(" | ".join((a.text, *a.aliases))) for a in card.answers)
    deck = folder / f"{card.id}.toml"
    deck.write_text(f'[deck]\ngame = "short-list"\nlang = "en"\nname = "bench"\n\n'
                    f'[[questions]]\nid = "{card.id}"\nquestion = {json.dumps(card.question)}\n'
                    f"answers = [{answers}]\n", "utf-8")
    session = build_session(ShortListOptions(players=["Ann", "Bob", "Cat"], decks=[str(deck)],
                                             shipped_decks=False), FakeClock(), None)
    session.start()
    return session


def ruling(session: Session, recognizer: Recognizer, pcm: bytes, said: str,
           right: bool) -> str:
    """How the host rules on one spoken guess (asked back: with the words said or others)."""
    recognizer.set_choices(session.expected_phrases())
    heard = recognizer.transcribe(pcm)
    lines = session.hear_speech(heard)
    first = (PLAYED if right else JUDGED).get(lines[0].kind if lines else "", "not_heard")
    if first == "asked":
        same = words(session.table.confirming or "") == words(said)
        return "asked_said" if same else "asked_other"
    return first


def run(cards_count: int, snrs: list[float], seed: int) -> dict[str, Any]:
    """Say every guess at every SNR and count the rulings."""
    rng = random.Random(seed)
    cards = [q for deck in load_game_decks("short-list", "en") for q in deck.questions]
    judge = Judge()
    voices: list[Synthesizer] = [PiperSynthesizer(steady=True),
                                 *(EspeakSynthesizer(v) for v in ESPEAK_VOICES)]
    noise = babble(voices, ["stop", "my turn", "what a game", "banana", "no way", "ha ha ha"],
                   rng)
    recognizer = make_recognizer("whisper")
    said = [(card, text, right, rng.choice(voices))
            for card, text, right in guesses(cards, judge, rng, cards_count)]
    audio = [resample_pcm(join_pcm(voice.synthesize(text)), voice.sample_rate)
             for _, text, _, voice in said]
    result: dict[str, Any] = {"guesses": len(said), "seed": seed}
    with tempfile.TemporaryDirectory() as tmp:
        for snr in snrs:
            counts: dict[bool, Counter[str]] = {True: Counter(), False: Counter()}
            latencies = []
            for (card, text, right, _), pcm in zip(said, audio, strict=True):
                session = session_on(card, Path(tmp))
                noisy = as_the_ears_hand_it(pcm, noise, snr, rng)
                started = time.perf_counter()
                counts[right][ruling(session, recognizer, noisy, text, right)] += 1
                latencies.append(time.perf_counter() - started)
            result[f"snr_{snr:g}"] = {
                "right": shares(counts[True]), "wrong": shares(counts[False]),
                "reply_seconds_p50": round(statistics.median(latencies), 3),
            }
    return result


def shares(counts: Counter[str]) -> dict[str, float]:
    """Each outcome's share of the guesses."""
    total = sum(counts.values()) or 1
    return {outcome: round(n / total, 3) for outcome, n in sorted(counts.items())}


def main() -> None:
    """Parse the arguments, run, print one JSON object."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=30, help="question cards (6 guesses each)")
    parser.add_argument("--snr", type=float, action="append",
                        help="speech-to-babble dB (repeatable; default 99, 20 and 10)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(run(args.cards, args.snr or [99.0, 20.0, 10.0], args.seed)))


if __name__ == "__main__":
    main()
