"""The decoder's weights read as float32: dequantised and transposed a block at a time."""

import numpy as np
import pytest

from host.speech import whisper_decoder
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
