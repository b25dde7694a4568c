"""Whisper's text decoder in NumPy, read from a CTranslate2 model, for scoring many phrases.

CTranslate2 runs the encoder and free decoding. Scoring a list of expected phrases against one
utterance needs something it does not offer: the cross-attention keys and values of the audio
computed once and shared by every phrase (`Whisper.align` recomputes them for each phrase, about
15 ms a phrase). This decoder does exactly that; its logits match CTranslate2's float32 decoder
to 1e-5 (tests/speech/test_whisper.py).
"""

from __future__ import annotations

import contextlib
import io
import math
import struct
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import numpy as np

_DTYPES = {0: np.float32, 1: np.int8, 2: np.int16, 3: np.int32, 4: np.float16}
"""CTranslate2's DataType ids, in the order of include/ctranslate2/types.h."""
_LAYER_NORM_EPS = 1e-5
LOGIT_ROWS = 32
"""Contexts whose logits over the whole vocabulary are made at a time when only a few tokens'
log-probabilities are wanted (6.6 MB of them): learning the priors of a hundred phrases at once
held 70 MB of logits, and made the French host's peak of memory (`bench speech`'s French
session: 531 MB, 493 MB so, 499 MB by 64 rows). Learning 632 French answers' priors then
peaks at 520 MB instead of 590, in about 7.8 s instead of 6.6 (7.1 s by 64 rows); a turn's
search holds at most 17 rows, so play is not slowed."""


class ModelFormatError(RuntimeError):
    """The model.bin is not a CTranslate2 Whisper model this decoder can read."""


@contextlib.contextmanager
def read_ct2_variables(path: Path, prefix: str = "decoder/") -> Iterator[Variables]:
    """The variables of a CTranslate2 model.bin whose names start with `prefix`, each read
    from the file when asked for, while the file is open (the binary layout written by
    ctranslate2.specs.ModelSpec; aliases resolved)."""
    with path.open("rb") as file:
        yield Variables(file, path, prefix)


@dataclass(frozen=True)
class _Entry:
    """Where one variable's data lies in the file, and its shape and type."""

    offset: int
    size: int
    shape: tuple[int, ...]
    dtype: type


class Variables(Mapping[str, np.ndarray]):
    """A model file's variables, each read when asked for: the file is never held in memory,
    and a weight's raw copy lives only while it is made float32 (the multilingual decoder's
    weights are 149 MB as saved; held beside their float32 copies, they made loading the
    French host's peak of memory)."""

    def __init__(self, file: BinaryIO, path: Path, prefix: str) -> None:
        self._file = file
        self._entries = _index(_Reader(file), path, prefix)

    def __getitem__(self, name: str) -> np.ndarray:
        entry = self._entries[name]
        self._file.seek(entry.offset)
        return np.frombuffer(self._file.read(entry.size), dtype=entry.dtype).reshape(entry.shape)

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


def _index(reader: _Reader, path: Path, prefix: str) -> dict[str, _Entry]:
    """Where each variable named `prefix`... lies: the file is read through once, the data of
    every variable skipped."""
    reader.uint32()  # binary version
    spec = reader.string()
    if spec != "WhisperSpec":
        raise ModelFormatError(f"{path} holds a {spec}, not a Whisper model")
    reader.uint32()  # spec revision
    entries: dict[str, _Entry] = {}
    for _ in range(reader.uint32()):
        name = reader.string()
        shape = tuple(reader.uint32() for _ in range(reader.byte()))
        dtype = _DTYPES.get(reader.byte())
        size = reader.uint32()
        if name.startswith(prefix) and dtype is not None:
            entries[name] = _Entry(reader.tell(), size, shape, dtype)
        reader.skip(size)
    for _ in range(reader.uint32()):
        alias, target = reader.string(), reader.string()
        if alias.startswith(prefix) and target in entries:
            entries[alias] = entries[target]
    return entries


class _Reader:
    """Sequential reads of little-endian fields from a binary file."""

    def __init__(self, file: BinaryIO) -> None:
        self.file = file

    def take(self, size: int) -> bytes:
        return self.file.read(size)

    def skip(self, size: int) -> None:
        self.file.seek(size, io.SEEK_CUR)

    def tell(self) -> int:
        return self.file.tell()

    def uint32(self) -> int:
        return int(struct.unpack("<I", self.take(4))[0])

    def byte(self) -> int:
        return self.take(1)[0]

    def string(self) -> str:
        length = int(struct.unpack("<H", self.take(2))[0])
        return self.take(length).rstrip(b"\0").decode("utf-8")


@dataclass(frozen=True)
class Layer:
    """One decoder layer's weights (float32, weights transposed for x @ w)."""

    self_norm: tuple[np.ndarray, np.ndarray]
    self_qkv: tuple[np.ndarray, np.ndarray]
    self_out: tuple[np.ndarray, np.ndarray]
    cross_norm: tuple[np.ndarray, np.ndarray]
    cross_q: tuple[np.ndarray, np.ndarray]
    cross_kv: tuple[np.ndarray, np.ndarray]
    cross_out: tuple[np.ndarray, np.ndarray]
    ffn_norm: tuple[np.ndarray, np.ndarray]
    ffn_in: tuple[np.ndarray, np.ndarray]
    ffn_out: tuple[np.ndarray, np.ndarray]


KeysValues = list[tuple[np.ndarray, np.ndarray]]
"""Per layer, keys and values shaped (heads, rows, time, head size)."""


class WhisperDecoder:
    """Teacher-forced scoring with Whisper's decoder: next-token log-probabilities for a batch
    of token contexts that all attend to one utterance."""

    def __init__(self, model_dir: Path) -> None:
        """Load the decoder weights of the CTranslate2 model in `model_dir` (float32 copies)."""
        with read_ct2_variables(model_dir / "model.bin") as variables:
            try:
                self.heads = int(variables["decoder/num_heads"].item())
                self.unembedding = _transposed(variables, "decoder/embeddings/weight")
                """The token embeddings transposed, (width, vocabulary), in memory order: the
                output projection reads them so (a step of 17 contexts with the multilingual
                vocabulary: 7.8 ms against 11.3 ms through a transposed view); a token's input
                embedding is a column."""
                self.positions = _float(variables, "decoder/position_encodings/encodings")
                self.final_norm = _norm(variables, "decoder/layer_norm")
                count = sum(f"decoder/layer_{i}/ffn/linear_0/weight" in variables
                            for i in range(len(variables)))
                self.layers = [_layer(variables, f"decoder/layer_{i}") for i in range(count)]
            except KeyError as missing:
                raise ModelFormatError(f"{model_dir}/model.bin lacks {missing}") from None
        self.width = self.unembedding.shape[0]

    def cross_keys_values(self, encoded: np.ndarray) -> KeysValues:
        """Each layer's cross-attention keys and values of one encoded utterance (time, width):
        computed once, then shared by every phrase scored against it."""
        out = []
        for layer in self.layers:
            kv = _linear(encoded, layer.cross_kv)
            keys, values = np.split(kv, 2, axis=-1)
            out.append((self._heads(keys[None]), self._heads(values[None])))
        return out

    def next_logprobs(self, tokens: np.ndarray, past: KeysValues | None,
                      cross: KeysValues) -> tuple[np.ndarray, KeysValues]:
        """Feed `tokens` (rows, steps) after the cached `past`; return the log-probabilities of
        the token after the last step (rows, vocabulary) and the grown cache."""
        last, grown = self._last(tokens, past, cross)
        return _log_softmax(last @ self.unembedding), grown

    def next_token_logprobs(self, tokens: np.ndarray, past: KeysValues | None,
                            cross: KeysValues, wanted: Sequence[Sequence[int]]
                            ) -> tuple[list[dict[int, float]], KeysValues]:
        """As `next_logprobs`, but only the log-probabilities of each row's `wanted` tokens,
        the vocabulary's logits made for LOGIT_ROWS rows at a time."""
        last, grown = self._last(tokens, past, cross)
        found: list[dict[int, float]] = []
        for start in range(0, len(last), LOGIT_ROWS):
            logprobs = _log_softmax(last[start:start + LOGIT_ROWS] @ self.unembedding)
            found += [dict(zip(want, row[list(want)].tolist(), strict=True))
                      for row, want in zip(logprobs, wanted[start:start + LOGIT_ROWS],
                                           strict=True)]
        return found, grown

    def _last(self, tokens: np.ndarray, past: KeysValues | None, cross: KeysValues
              ) -> tuple[np.ndarray, KeysValues]:
        """The final hidden state after `tokens` (rows, width), and the grown cache."""
        steps = tokens.shape[1]
        start = past[0][0].shape[2] if past else 0
        x = self.unembedding.T[tokens] + self.positions[start:start + steps]
        grown = []
        for i, layer in enumerate(self.layers):
            x, kv = self._self_attention(x, layer, past[i] if past else None)
            grown.append(kv)
            x = x + _linear(self._attend(_linear(_layer_norm(x, layer.cross_norm),
                                                 layer.cross_q), *cross[i], None), layer.cross_out)
            hidden = _gelu(_linear(_layer_norm(x, layer.ffn_norm), layer.ffn_in))
            x = x + _linear(hidden, layer.ffn_out)
        return _layer_norm(x[:, -1], self.final_norm), grown

    def _self_attention(self, x: np.ndarray, layer: Layer,
                        past: tuple[np.ndarray, np.ndarray] | None
                        ) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray]]:
        """Causal self-attention over the cached steps and the new ones."""
        q, k, v = np.split(_linear(_layer_norm(x, layer.self_norm), layer.self_qkv), 3, axis=-1)
        keys, values = self._heads(k), self._heads(v)
        if past is not None:
            keys = np.concatenate([past[0], keys], axis=2)
            values = np.concatenate([past[1], values], axis=2)
        steps, total = x.shape[1], keys.shape[2]
        mask = np.triu(np.full((steps, total), -np.inf, dtype=np.float32), total - steps + 1)
        out = self._attend(q, keys, values, mask)
        return x + _linear(out, layer.self_out), (keys, values)

    def _attend(self, queries: np.ndarray, keys: np.ndarray, values: np.ndarray,
                mask: np.ndarray | None) -> np.ndarray:
        """Scaled dot-product attention; keys and values may have one row for all queries."""
        q = self._heads(queries) / math.sqrt(queries.shape[-1] // self.heads)
        heads, rows, steps, size = q.shape
        if keys.shape[1] == 1 < rows:  # shared keys: one product for all rows' queries
            q = q.reshape(heads, 1, rows * steps, size)
        weights = q @ keys.swapaxes(-1, -2)
        if mask is not None:
            weights = weights + mask
        weights = np.exp(weights - weights.max(axis=-1, keepdims=True))
        weights /= weights.sum(axis=-1, keepdims=True)
        out: np.ndarray = (weights @ values).reshape(heads, rows, steps, size)
        return out.transpose(1, 2, 0, 3).reshape(rows, steps, heads * size)

    def _heads(self, x: np.ndarray) -> np.ndarray:
        """(rows, steps, width) -> (heads, rows, steps, head size)."""
        rows, steps, width = x.shape
        return x.reshape(rows, steps, self.heads, width // self.heads).transpose(2, 0, 1, 3)


def _float(variables: Mapping[str, np.ndarray], name: str) -> np.ndarray:
    """A weight as float32, dequantised when the model was saved in int8."""
    return _as_float(variables[name], variables.get(name + "_scale"))


def _as_float(value: np.ndarray, scale: np.ndarray | None) -> np.ndarray:
    """Saved values as float32, divided by their rows' scales when saved in int8."""
    if value.dtype == np.int8 and scale is not None:
        return np.ascontiguousarray(value.astype(np.float32) / scale.astype(np.float32)[:, None])
    return np.ascontiguousarray(value, dtype=np.float32)


TRANSPOSE_ROWS = 4096
"""Rows of a weight made float32 and transposed at a time: never a second whole copy of it in
memory (the multilingual vocabulary's embeddings are 106 MB)."""


def _transposed(variables: Mapping[str, np.ndarray], name: str) -> np.ndarray:
    """A weight as float32, transposed, in memory order, built a block of rows at a time."""
    value, scale = variables[name], variables.get(name + "_scale")
    rows, width = value.shape
    out = np.empty((width, rows), dtype=np.float32)
    for start in range(0, rows, TRANSPOSE_ROWS):
        block = slice(start, start + TRANSPOSE_ROWS)
        out[:, block] = _as_float(value[block], None if scale is None else scale[block]).T
    return out


def _norm(variables: Mapping[str, np.ndarray], name: str) -> tuple[np.ndarray, np.ndarray]:
    return _float(variables, f"{name}/gamma"), _float(variables, f"{name}/beta")


def _dense(variables: Mapping[str, np.ndarray], name: str) -> tuple[np.ndarray, np.ndarray]:
    return _transposed(variables, f"{name}/weight"), _float(variables, f"{name}/bias")


def _layer(variables: Mapping[str, np.ndarray], name: str) -> Layer:
    return Layer(
        self_norm=_norm(variables, f"{name}/self_attention/layer_norm"),
        self_qkv=_dense(variables, f"{name}/self_attention/linear_0"),
        self_out=_dense(variables, f"{name}/self_attention/linear_1"),
        cross_norm=_norm(variables, f"{name}/attention/layer_norm"),
        cross_q=_dense(variables, f"{name}/attention/linear_0"),
        cross_kv=_dense(variables, f"{name}/attention/linear_1"),
        cross_out=_dense(variables, f"{name}/attention/linear_2"),
        ffn_norm=_norm(variables, f"{name}/ffn/layer_norm"),
        ffn_in=_dense(variables, f"{name}/ffn/linear_0"),
        ffn_out=_dense(variables, f"{name}/ffn/linear_1"),
    )


def _linear(x: np.ndarray, dense: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """x @ weight + bias over the last axis (one 2-D product, whatever the leading axes)."""
    weight, bias = dense
    flat: np.ndarray = x.reshape(-1, x.shape[-1]) @ weight + bias
    return flat.reshape(*x.shape[:-1], weight.shape[1])


def _log_softmax(logits: np.ndarray) -> np.ndarray:
    """Log-probabilities from logits over the last axis (in place)."""
    logits -= logits.max(axis=-1, keepdims=True)
    logits -= np.log(np.exp(logits).sum(axis=-1, keepdims=True))
    return logits


def _layer_norm(x: np.ndarray, norm: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    gamma, beta = norm
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    normed: np.ndarray = (x - mean) / np.sqrt(var + _LAYER_NORM_EPS) * gamma + beta
    return normed


def _gelu(x: np.ndarray) -> np.ndarray:
    """Exact GELU, x * Phi(x), with erf by Abramowitz and Stegun 7.1.26 (error < 1.5e-7)."""
    z = np.abs(x) / math.sqrt(2.0)
    t = 1.0 / (1.0 + 0.3275911 * z)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741
                                                       + t * (-1.453152027 + t * 1.061405429))))
    erf = np.sign(x) * (1.0 - poly * np.exp(-z * z))
    out: np.ndarray = (0.5 * x * (1.0 + erf)).astype(np.float32)
    return out
