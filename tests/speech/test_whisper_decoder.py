"""The decoder's weights read as float32 (dequantised, transposed a block at a time), and the
log-probabilities of a few wanted tokens made a few rows at a time."""

import struct
from pathlib import Path

import numpy as np
import pytest

from host.speech import whisper_decoder
from host.speech.models import find_whisper_model
from host.speech.whisper_decoder import _float, _transposed


@pytest.mark.parametrize("saved", ["int8", "float16"])
def test_the_transposed_embeddings_are_the_float_weights_turned(
        saved: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(whisper_decoder, "TRANSPOSE_ROWS", 3)  # blocks that do not divide 10
    rng = np.random.default_rng(1)
    if saved == "int8":
        variables = {"w": rng.integers(-127, 128, (10, 4)).astype(np.int8),
                     "w_scale": rng.uniform(1, 100, 10).astype(np.float32)}
    else:
        variables = {"w": rng.normal(size=(10, 4)).astype(np.float16)}
    turned = _transposed(variables, "w")
    assert turned.flags["C_CONTIGUOUS"] and turned.dtype == np.float32
    np.testing.assert_array_equal(turned, _float(variables, "w").T)


def test_the_wanted_tokens_log_probabilities_are_the_whole_vocabularys(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A few rows' wanted tokens, their logits made a block of rows at a time, have the
    log-probabilities the whole vocabulary's would give them."""
    monkeypatch.setattr(whisper_decoder, "LOGIT_ROWS", 2)  # blocks that do not divide 5
    decoder = whisper_decoder.WhisperDecoder(find_whisper_model())
    rng = np.random.default_rng(2)
    cross = decoder.cross_keys_values(rng.normal(size=(50, decoder.width)).astype(np.float32))
    prefix = np.array([[50257, 50362]] * 5)
    wanted = [[11, 220], [13], [50256, 11, 7], [1], [400, 401]]
    whole, _ = decoder.next_logprobs(prefix, None, cross)
    found, _ = decoder.next_token_logprobs(prefix, None, cross, wanted)
    for row, tokens in enumerate(wanted):
        assert list(found[row]) == tokens
        np.testing.assert_allclose([found[row][t] for t in tokens], whole[row, tokens],
                                   rtol=0, atol=1e-5)


def test_a_model_file_of_another_kind_is_named_as_such(tmp_path: Path) -> None:
    spec = b"TransformerSpec\0"
    (tmp_path / "model.bin").write_bytes(
        struct.pack("<I", 6) + struct.pack("<H", len(spec)) + spec + struct.pack("<II", 1, 0))
    with pytest.raises(whisper_decoder.ModelFormatError, match="holds a TransformerSpec"):
        whisper_decoder.WhisperDecoder(tmp_path)


def test_a_whisper_model_without_its_decoder_says_what_it_lacks(tmp_path: Path) -> None:
    spec = b"WhisperSpec\0"
    (tmp_path / "model.bin").write_bytes(
        struct.pack("<I", 6) + struct.pack("<H", len(spec)) + spec + struct.pack("<III", 1, 0, 0))
    with pytest.raises(whisper_decoder.ModelFormatError, match="lacks 'decoder/num_heads'"):
        whisper_decoder.WhisperDecoder(tmp_path)
