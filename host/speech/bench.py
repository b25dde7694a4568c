"""Speech benchmark: accuracy among ~70 choices (recorded and synthetic, clean and babble),
false accepts, reply latency, TTS time to first audio, peak memory."""

from __future__ import annotations

import functools
import resource
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from host.core.hearing import heard_alone
from host.speech.babble import mix_at_snr
from host.speech.ports import SAMPLE_RATE, Recognizer
from host.speech.stt import MEASURED
from host.speech.wavio import from_pcm, read_g722, read_wav, to_pcm

ASTERISK = Path("/usr/share/asterisk/sounds/en")
KLETTRES = Path("/usr/share/klettres/en/alpha")
DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "speech"
BABBLE_PROMPTS = ("demo-congrats.wav", "conf-adminmenu.wav", "vm-instructions.wav",
                  "demo-instruct.wav", "vm-opts.wav", "privacy-prompt.wav")
ESPEAK_VOICES = ("en-us", "en-gb", "en-us+f3", "en-gb-scotland")


@dataclass(frozen=True)
class Item:
    """One spoken test utterance and what it says ("" when it is none of the choices)."""

    expected: str
    pcm: bytes
    source: str


def read_table(name: str) -> list[tuple[str, str]]:
    """Read a phrase<TAB>file table from tests/data/speech (comments start with #)."""
    rows = []
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            phrase, path = line.split("\t")
            rows.append((phrase, path))
    return rows


def recording(path: str, band: str = "wide", lang: str = "en") -> tuple[bytes, str] | None:
    """A prompt of asterisk-core-sounds-<lang> at 16 kHz with its source label, or None when
    it is not installed: "wide" is the G.722 recording (7 kHz of bandwidth, like a
    microphone), "telephone" the 8 kHz WAV (3.4 kHz, like a phone line)."""
    folder = ASTERISK.parent / lang
    g722 = (folder / path).with_suffix(".g722")
    if band == "wide" and g722.exists():
        return read_g722(g722), f"asterisk-g722:{path}"
    if band == "telephone" and (folder / path).exists():
        return read_wav(folder / path)[0], f"asterisk-wav:{path}"
    return None


def recorded_items(table: str, expected: bool = True, band: str = "wide",
                   lang: str = "en") -> list[Item]:
    """Human recordings from asterisk-core-sounds-<lang> listed in a table ("" expected for
    the none-of-the-choices table)."""
    items = []
    for phrase, path in read_table(table):
        found = recording(path, band, lang)
        if found:
            items.append(Item(phrase if expected else "", *found))
    return items


def klettres_items() -> list[Item]:
    """The English letters read by a person (klettres-data, Ogg decoded by sox without
    dither: sox dithers by default, and the letters were other samples every run)."""
    if not KLETTRES.is_dir() or not shutil.which("sox"):
        return []
    items = []
    with tempfile.TemporaryDirectory() as tmp:
        for ogg in sorted(KLETTRES.glob("*.ogg")):
            wav = Path(tmp) / (ogg.stem + ".wav")
            command = ["sox", "-D", str(ogg), "-r", str(SAMPLE_RATE), "-c", "1", "-b", "16",
                       str(wav)]  # -D: no dither, the same samples every run
            subprocess.run(command, check=True, capture_output=True)
            items.append(Item(ogg.stem.lower(), read_wav(wav)[0], f"klettres:{ogg.name}"))
    return items


def spoken_form(phrase: str) -> str:
    """How to ask a synthesizer to say a choice (a lone letter as a letter)."""
    return phrase.upper() + "." if len(phrase) == 1 else phrase


def espeak_items(phrases: Iterable[str], voice: str) -> list[Item]:
    """The phrases said by espeak-ng with one voice, padded with a little silence."""
    items = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, phrase in enumerate(phrases):
            wav = Path(tmp) / f"{i}.wav"
            subprocess.run(["espeak-ng", "-v", voice, "-w", str(wav), spoken_form(phrase)],
                           check=True)
            items.append(Item(phrase, pad(read_wav(wav)[0]), f"espeak:{voice}"))
    return items


def piper_items(phrases: Iterable[str], synth: Any) -> list[Item]:
    """The phrases said by the Piper voice."""
    from host.speech.wavio import resample_pcm

    return [Item(p, pad(resample_pcm(b"".join(synth.synthesize(spoken_form(p))),
                                     synth.sample_rate)), "piper:joe") for p in phrases]


def pad(pcm: bytes, seconds: float = 0.25) -> bytes:
    """Surround PCM with quiet room noise, as an endpointer would deliver it."""
    rng = np.random.default_rng(len(pcm))
    quiet = to_pcm(rng.normal(0, 30 / 32768, int(SAMPLE_RATE * seconds)).astype(np.float32))
    return quiet + pcm + quiet


def babble(n: int, seed: int = 0) -> np.ndarray:
    """n samples of babble noise: several other people's prompts summed, random offsets."""
    rng = np.random.default_rng(seed)
    out = np.zeros(n, dtype=np.float64)
    for pcm in _babble_voices():
        voice = from_pcm(pcm).astype(np.float64)
        voice = np.tile(voice, n // max(1, voice.size) + 2)
        start = int(rng.integers(0, voice.size - n))
        out += voice[start:start + n] / (voice.std() or 1.0)
    return out


@functools.cache
def _babble_voices() -> tuple[bytes, ...]:
    """The prompts babble is made of, wideband when installed (read once)."""
    found = (recording(name, "wide") or recording(name, "telephone") for name in BABBLE_PROMPTS)
    return tuple(pcm for pcm, _ in filter(None, found))


def mix(pcm: bytes, snr_db: float, seed: int = 0) -> bytes:
    """The bench's babble (of that seed) added at snr_db, as host.speech.babble defines the
    SNR (over the speech's active frames)."""
    return mix_at_snr(pcm, babble(len(pcm) // 2, seed), snr_db)


def noisy(pcm: bytes, index: int, snr_db: float) -> bytes:
    """The index-th test utterance with its own babble at snr_db."""
    return mix(pcm, snr_db, seed=index)


@dataclass
class Score:
    """Counts for one condition."""

    right: int = 0
    wrong: int = 0
    rejected: int = 0
    asked: int = 0
    """Of the right and wrong, how many the host asks back (host.core.hearing.heard_alone)."""
    p: list[float] = field(default_factory=list)
    """The probability of the likeliest choice, utterance by utterance."""

    @property
    def accuracy(self) -> float:
        """Share of utterances answered with the right choice."""
        total = self.right + self.wrong + self.rejected
        return self.right / total if total else 0.0


def evaluate(recognizer: Recognizer, items: Sequence[Item],
             transform: Callable[[bytes, int], bytes] | None = None) -> Score:
    """Recognise every item (after an optional noise transform) and count what the host makes
    of each (host.core.hearing.heard_alone): right or wrong when it plays or asks back a
    choice, rejected when it asks for it again."""
    score = Score()
    for i, item in enumerate(items):
        pcm = transform(item.pcm, i) if transform else item.pcm
        heard = recognizer.transcribe(pcm)
        verdict = heard_alone(heard)
        score.p.append(heard.p)
        score.asked += verdict.ask_back
        if not verdict.text:
            score.rejected += 1
        elif verdict.text == item.expected:
            score.right += 1
        else:
            score.wrong += 1
    return score


def false_accepts(recognizer: Recognizer, items: Sequence[Item]
                  ) -> tuple[float, float, float]:
    """Shares of none-of-the-choices utterances the host would play a choice for outright, and
    ask back (a player then says no, so nothing is played), and the median probability of the
    likeliest choice on them (0 without any)."""
    verdicts, p = [], []
    for item in items:
        heard = recognizer.transcribe(item.pcm)
        verdicts.append(heard_alone(heard))
        p.append(heard.p)
    if not items:
        return 0.0, 0.0, 0.0
    accepted = sum(bool(v.text) and not v.ask_back for v in verdicts)
    asked = sum(v.ask_back for v in verdicts)
    return accepted / len(items), asked / len(items), percentile(p, 50)


def adapted_channel(choices: Sequence[str], human: Sequence[Item], outside: Sequence[Item],
                    log: Callable[[str], None]) -> dict[str, float]:
    """The same measures with PocketSphinx carrying the channel mean across utterances (as one
    microphone in a session would); one fresh recognizer per condition, utterances in order."""
    from host.speech.sphinx_stt import SphinxRecognizer, SphinxTuning

    def fresh() -> SphinxRecognizer:
        rec = SphinxRecognizer(tuning=SphinxTuning(adapt_channel=True))
        rec.set_choices(choices)
        return rec

    figures = accuracy_figures(fresh, human, outside, log, "adapted channel")
    return {f"adapted_{key}": value for key, value in figures.items()
            if key != "rejected_clean"}


def accuracy_figures(make: Callable[[], Recognizer], human: Sequence[Item],
                     outside: Sequence[Item], log: Callable[[str], None],
                     label: str = "") -> dict[str, float]:
    """Accuracy clean and in babble at 20 and 10 dB, and the false-accept rate. `make` gives the
    recognizer for each condition; the false accepts are counted by the one that heard the
    clean utterances (with channel adaptation, it has learnt the channel by then)."""
    recognizer = make()
    clean = evaluate(recognizer, human)
    out = {"accuracy_clean": clean.accuracy, "rejected_clean": clean.rejected / len(human),
           "asked_clean": clean.asked / len(human), "median_p_clean": percentile(clean.p, 50)}
    for snr in (20, 10):
        score = evaluate(make(), human, functools.partial(noisy, snr_db=snr))
        out[f"accuracy_noise_{snr}db"] = score.accuracy
        out[f"asked_noise_{snr}db"] = score.asked / len(human)
    out["false_accept_rate"], out["asked_outside"], out["median_p_outside"] = \
        false_accepts(recognizer, outside)
    log(f"{label or human[0].source.split(':')[0]}: {out}")
    return out


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) of values, by linear interpolation."""
    return float(np.percentile(np.asarray(values), q)) if values else float("nan")


def reply_latency(recognizer: Recognizer, items: Sequence[Item], synth: Any) -> list[float]:
    """End of speech to first reply audio: recognise, build the reply, synthesize its first
    sentence (the audio is complete when the endpointer fires, so the clock starts there)."""
    times = []
    for item in items:
        start = time.perf_counter()
        heard = recognizer.transcribe(item.pcm).text
        reply = f"{heard.capitalize()}! Yes, that's on the list." if heard else \
            "Sorry, I didn't catch that."
        if synth is not None:
            next(iter(synth.synthesize(reply)))
        times.append((time.perf_counter() - start) * 1000)
    return times


def tts_first_audio(synth: Any, lines: Sequence[str]) -> list[float]:
    """Milliseconds from asking the synthesizer to the first chunk of audio."""
    times = []
    for line in lines:
        start = time.perf_counter()
        next(iter(synth.synthesize(line)))
        times.append((time.perf_counter() - start) * 1000)
    return times


def load_piper() -> Any:
    """The synthesis helper's PiperSynthesizer, or None when it is not there."""
    try:
        from host.speech.piper_tts import PiperSynthesizer
    except ImportError:
        return None
    return PiperSynthesizer()


def run(engines: Sequence[str] = MEASURED, *, quick: bool = False,
        log: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    """Run the whole speech benchmark for each engine, and the endpointing figures."""
    from host.speech.bench_endpoint import endpoint_figures
    from host.speech.models import find_vosk_model
    from host.speech.stt import engine_for

    result: dict[str, Any] = {"default": engine_for("auto"), "engines": {}}
    for engine in engines:
        if engine == "vosk" and find_vosk_model() is None:
            log("vosk: no model installed (partyhost models fetch vosk-small-en), skipped")
            continue
        result["engines"][engine] = engine_figures(engine, quick=quick, log=log)
    if "whisper" in engines:
        result["french"] = french_figures(quick=quick, log=log)
    result["endpointing"] = endpoint_figures(log)
    return result


def engine_figures(engine: str, *, quick: bool = False,
                   log: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    """Accuracy, false accepts, latency and memory of one recognizer."""
    from host.speech.stt import make_recognizer

    recognizer = make_recognizer(engine, find_vosk_or_none(engine))
    choices = [phrase for phrase, _ in read_table("asterisk_choices.tsv")]
    recognizer.set_choices(choices)
    human = recorded_items("asterisk_choices.tsv") + klettres_items()
    outside = recorded_items("asterisk_outside.tsv", expected=False)
    if quick:
        human, outside = human[::4], outside[::4]
    result: dict[str, Any] = {"engine": recognizer.name, "choices": len(choices),
                              "human_utterances": len(human), "outside_utterances": len(outside),
                              "recordings": sorted({i.source.split(":")[0] for i in human})}
    log(f"{engine}: {len(human)} recorded utterances, {len(choices)} choices")
    result.update(accuracy_figures(lambda: recognizer, human, outside, log, engine))
    telephone = [] if quick else recorded_items("asterisk_choices.tsv", band="telephone")
    if telephone:
        telephone_outside = recorded_items("asterisk_outside.tsv", expected=False,
                                           band="telephone")
        figures = accuracy_figures(lambda: recognizer, telephone, telephone_outside, log,
                                   f"{engine} telephone")
        result["telephone_band"] = {k: v for k, v in figures.items() if k != "rejected_clean"}
    if recognizer.name == "sphinx" and not quick:
        result.update(adapted_channel(choices, human, outside, log))
    piper = load_piper()
    result["accuracy_synthetic"] = synthetic_accuracy(recognizer, choices, piper, quick)
    latency = reply_latency(recognizer, human[:40], piper)
    result["reply_latency_ms_p50"] = percentile(latency, 50)
    result["reply_latency_ms_p95"] = percentile(latency, 95)
    result["reply_latency_one_core_ms_p50"] = one_core_latency_ms(engine)
    if piper is not None:
        tts = tts_first_audio(piper, ["Well done!", "Next player, name a fruit.",
                                      "Sorry, I didn't catch that.", "Five, four, three."] * 3)
        result["tts_first_audio_ms_p50"] = percentile(tts, 50)
    else:
        result["tts_first_audio_ms_p50"] = None
    result["peak_rss_mb"] = session_rss_mb(engine)
    result["bench_process_peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return result


def french_figures(*, quick: bool = False,
                   log: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    """Whisper in French (the multilingual model) on Canadian French recordings."""
    from host.speech.stt import make_recognizer

    recognizer = make_recognizer("whisper", lang="fr")
    recognizer.set_choices([phrase for phrase, _ in read_table("asterisk_fr_choices.tsv")])
    human = recorded_items("asterisk_fr_choices.tsv", lang="fr")
    outside = recorded_items("asterisk_fr_outside.tsv", expected=False, lang="fr")
    if not human:
        log("french: asterisk-core-sounds-fr-g722 is not installed, skipped")
        return {}
    if quick:
        human, outside = human[::4], outside[::4]
    figures = accuracy_figures(lambda: recognizer, human, outside, log, "whisper fr")
    latency = reply_latency(recognizer, human[:40], load_voice("fr"))
    return {"human_utterances": len(human), "outside_utterances": len(outside), **figures,
            "reply_latency_ms_p50": percentile(latency, 50),
            "reply_latency_ms_p95": percentile(latency, 95),
            "reply_latency_one_core_ms_p50": one_core_latency_ms("whisper", "fr"),
            "peak_rss_mb": session_rss_mb("whisper", "fr")}


def find_vosk_or_none(engine: str) -> Path | None:
    """The installed Vosk model when measuring Vosk (the recognizer needs it named)."""
    from host.speech.models import find_vosk_model

    return find_vosk_model() if engine == "vosk" else None


def synthetic_accuracy(recognizer: Recognizer, choices: Sequence[str], piper: Any,
                       quick: bool) -> dict[str, float]:
    """Accuracy on the choices said by the Piper voice and espeak-ng voices."""
    synthetic: dict[str, float] = {}
    phrases = choices[::3] if quick else choices
    if piper is not None:
        synthetic["piper:joe"] = evaluate(recognizer, piper_items(phrases, piper)).accuracy
    for voice in ESPEAK_VOICES[:1] if quick else ESPEAK_VOICES:
        synthetic[f"espeak:{voice}"] = evaluate(recognizer, espeak_items(phrases, voice)).accuracy
    return synthetic


SESSION_PROBE = """
import os, resource, sys, time
from host.memory import limit_allocator_arenas
from host.speech import bench
from host.speech.stt import make_recognizer
engine, pinned, lang = sys.argv[1], sys.argv[2] == "pinned", sys.argv[3]
limit_allocator_arenas()  # as `partyhost play` and `serve` do
if pinned:
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
rec = make_recognizer(engine, bench.find_vosk_or_none(engine), lang=lang)
table = bench.PROBE_TABLES[lang]
rec.set_choices([p for p, _ in bench.read_table(table)])
items = bench.recorded_items(table, lang=lang)[:20]
synth = bench.load_piper() if lang == "en" else bench.load_voice(lang)
if pinned:
    print(bench.percentile(bench.reply_latency(rec, items, synth), 50))
    sys.exit()
for item in items:
    rec.transcribe(item.pcm)
if synth is not None:
    b"".join(synth.synthesize("Well done! That is on the list. Next player, name a fruit."))
# VmHWM belongs to this exec'd image; ru_maxrss would inherit the parent's peak over fork.
hwm = [l for l in open("/proc/self/status") if l.startswith("VmHWM:")]
peak_kb = int(hwm[0].split()[1]) if hwm else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(peak_kb / 1024)
"""


PROBE_TABLES = {"en": "asterisk_choices.tsv", "fr": "asterisk_fr_choices.tsv"}
"""The recorded choices a session probe hears, by language."""


def load_voice(lang: str) -> Any:
    """The host's voice in `lang` as `partyhost play` builds it (espeak-ng for French)."""
    from host.speech.tts import make_synthesizer

    return make_synthesizer("auto", None, lang)


def _probe(engine: str, mode: str, lang: str = "en") -> float:
    """Run the session probe in a fresh process and return the number it prints."""
    import os
    import sys

    env = dict(os.environ)
    if mode == "pinned":  # one core: the math libraries must not start a thread per core
        env.update(OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
    out = subprocess.run([sys.executable, "-c", SESSION_PROBE, engine, mode, lang],
                         capture_output=True, text=True, check=True, env=env,
                         cwd=Path(__file__).resolve().parents[2])
    return float(out.stdout.strip().splitlines()[-1])


def session_rss_mb(engine: str, lang: str = "en") -> float:
    """Peak memory of a process doing a session's speech work: one recognizer and the host's
    voice."""
    return _probe(engine, "memory", lang)


def one_core_latency_ms(engine: str, lang: str = "en") -> float:
    """Median reply latency in a process pinned to one core (a Raspberry-Pi-class speaker)."""
    return _probe(engine, "pinned", lang)


def format_report(result: dict[str, Any]) -> str:
    """Human-readable lines for the benchmark result."""
    lines = [f"default recognizer         {result['default']}"]
    for engine, figures in result["engines"].items():
        lines.append(f"[{engine}]")
        lines += [_report_line(key, value) for key, value in figures.items()]
    if result.get("french"):
        lines.append("[whisper, French]")
        lines += [_report_line(key, value) for key, value in result["french"].items()]
    lines.append("[endpointing]")
    lines += [_report_line(key, value) for key, value in result["endpointing"].items()]
    return "\n".join(lines)


def _report_line(key: str, value: Any) -> str:
    """One `key value` line, numbers rounded for reading."""
    if isinstance(value, dict):
        value = ", ".join(f"{k} {v:.3f}" for k, v in value.items())
    elif isinstance(value, float):
        value = f"{value:.3f}" if value < 10 else f"{value:.0f}"
    return f"{key:26} {value}"
