"""WAV-file microphone and loudspeaker: real recordings in, numbered files with an index out."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from host.speech.audio import BlockResampler, WavFileInput, WavFolderOutput, speak, wav_files
from host.speech.piper_tts import PiperSynthesizer
from host.speech.wavio import WavError, read_g722, read_wav

PickWord = Callable[[bytes, int, list[str]], str]
"""The sphinx_pick fixture (tests/speech/conftest.py)."""

DIGITS = Path("/usr/share/asterisk/sounds/en/digits")  # apt asterisk-core-sounds-en-wav, 8 kHz
DIGIT_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


def read_all(mic: WavFileInput, frames: int = 480) -> bytes:
    """Read a file input to its end, as a session would."""
    out = bytearray()
    while (chunk := mic.read(frames)) is not None:
        assert len(chunk) <= 2 * frames
        out += chunk
    return bytes(out)


@pytest.fixture
def digit_dir(tmp_path: Path) -> Path:
    """A directory holding the recorded words "three" then "seven" (and a non-WAV file)."""
    shutil.copy(DIGITS / "7.wav", tmp_path / "02-seven.wav")
    shutil.copy(DIGITS / "3.wav", tmp_path / "01-three.wav")
    (tmp_path / "notes.txt").write_text("ignored")
    return tmp_path


def test_single_file_is_resampled_to_16k_and_ends_with_none() -> None:
    mic = WavFileInput(DIGITS / "7.wav", gap_seconds=0.0)
    pcm = read_all(mic)
    assert mic.sample_rate == 16_000
    assert len(pcm) == len(read_wav(DIGITS / "7.wav")[0])
    assert mic.read(480) is None
    assert mic.seconds_read == pytest.approx(len(pcm) / 32_000)


def test_directory_plays_files_in_order_with_silence_between(
    digit_dir: Path, sphinx_pick: PickWord
) -> None:
    assert [p.name for p in wav_files(digit_dir)] == ["01-three.wav", "02-seven.wav"]
    three = read_wav(digit_dir / "01-three.wav")[0]
    pcm = read_all(WavFileInput(digit_dir, gap_seconds=0.5))
    gap = 2 * 8_000
    assert len(pcm) == len(three) + len(read_wav(digit_dir / "02-seven.wav")[0]) + 2 * gap
    assert pcm[len(three) : len(three) + gap] == bytes(gap)
    first, second = pcm[: len(three)], pcm[len(three) + gap :]
    assert sphinx_pick(first, 16_000, DIGIT_WORDS) == "three"
    assert sphinx_pick(second, 16_000, DIGIT_WORDS) == "seven"


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(WavError, match="no such file"):
        WavFileInput(tmp_path / "nothing.wav")
    with pytest.raises(WavError, match="no such file"):
        read_g722(tmp_path / "nothing.g722")


def test_folder_output_numbers_files_and_indexes_text(tmp_path: Path) -> None:
    out = WavFolderOutput(tmp_path / "host")
    out.play(bytes(200), 22_050, text="Round one!\nName a fruit.")
    out.play(bytes(100), 16_000)
    out.close()
    assert [p.name for p in out.written] == ["0001.wav", "0002.wav"]
    assert read_wav(out.written[0], rate=None) == (bytes(200), 22_050)
    index = (tmp_path / "host" / "index.tsv").read_text(encoding="utf-8")
    assert index == "0001.wav\tRound one! Name a fruit.\n"
    assert WavFolderOutput(tmp_path / "host").count == 2  # a new run numbers on


class ChunkSpeaker:
    """A fake speaker that remembers each play() call."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, int]] = []

    def play(self, pcm: bytes, sample_rate: int) -> None:
        self.calls.append((len(pcm), sample_rate))

    def close(self) -> None:
        pass


def test_speak_streams_sentences_to_a_speaker(piper_synth: PiperSynthesizer) -> None:
    speaker = ChunkSpeaker()
    speak(piper_synth, speaker, "Ready. Steady. Go!")
    assert len(speaker.calls) == 3
    assert {rate for _size, rate in speaker.calls} == {22_050}


def test_host_line_round_trips_through_files(
    tmp_path: Path, piper_synth: PiperSynthesizer, sphinx_pick: PickWord
) -> None:
    out = WavFolderOutput(tmp_path)
    speak(piper_synth, out, "Seven.")
    assert (tmp_path / "index.tsv").read_text(encoding="utf-8") == "0001.wav\tSeven.\n"
    pcm = read_all(WavFileInput(tmp_path, gap_seconds=0.2))
    assert sphinx_pick(pcm, 16_000, DIGIT_WORDS) == "seven"


@pytest.mark.parametrize("src_rate", [48_000, 44_100, 8_000])
def test_block_resampler_joins_blocks_seamlessly(src_rate: int) -> None:
    pcm = read_wav(DIGITS / "7.wav", rate=src_rate)[0]
    whole = BlockResampler(src_rate, 16_000).process(pcm)
    blocks = BlockResampler(src_rate, 16_000)
    size = 2 * (src_rate // 100 + 7)  # odd-sized blocks, as a sound card may deliver
    chunked = b"".join(blocks.process(pcm[i : i + size]) for i in range(0, len(pcm), size))
    assert abs(len(chunked) - len(whole)) <= 2
    n = min(len(chunked), len(whole)) // 2
    diff = np.frombuffer(chunked, "<i2")[:n].astype(int) - np.frombuffer(whole, "<i2")[:n]
    assert np.abs(diff).max() <= 1
    assert len(whole) // 2 == pytest.approx(len(pcm) // 2 * 16_000 / src_rate, abs=2)


def test_block_resampler_keeps_the_words(sphinx_pick: PickWord) -> None:
    pcm = read_wav(DIGITS / "7.wav", rate=48_000)[0]
    resampler = BlockResampler(48_000, 16_000)
    out = b"".join(resampler.process(pcm[i : i + 960]) for i in range(0, len(pcm), 960))
    assert sphinx_pick(out, 16_000, DIGIT_WORDS) == "seven"
