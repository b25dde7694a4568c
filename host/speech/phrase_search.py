"""Forced scoring of expected phrases: a token trie searched with Whisper's decoder, beam-pruned.

Each phrase is a path of tokens ending in end-of-text; phrases that begin alike share their
first steps, so the decoder computes each shared context once. At every depth only the `beam`
most likely contexts (after subtracting their prior) are extended.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

import numpy as np

from host.speech.whisper_decoder import KeysValues, WhisperDecoder

Path = tuple[int, ...]
"""A node of the trie: the tokens from the root to it."""


@dataclass
class Node:
    """A trie node; `phrases` end here (the node after their end-of-text token)."""

    path: Path
    children: dict[int, Node] = field(default_factory=dict)
    phrases: list[str] = field(default_factory=list)


class PhraseTrie:
    """The token paths of the phrases; several written forms may lead to one phrase."""

    def __init__(self, forms: Iterable[tuple[str, list[int]]]) -> None:
        """Build from (phrase, tokens ending with end-of-text) pairs."""
        self.root = Node(())
        self.ends: dict[Path, list[str]] = {}
        for phrase, tokens in forms:
            node = self.root
            for token in tokens:
                node = node.children.setdefault(token, Node((*node.path, token)))
            if phrase not in node.phrases:
                node.phrases.append(phrase)
            self.ends[node.path] = node.phrases


def search(decoder: WhisperDecoder, cross: KeysValues, prefix: list[int], trie: PhraseTrie,
           *, beam: int | None, bias: Callable[[Path], float] = lambda _: 0.0
           ) -> dict[Path, float]:
    """Log-probability of each trie path reached, given the audio behind `cross`.

    With `beam`, each depth keeps only the `beam` contexts whose log-probability minus
    `bias(path)` is highest; `beam=None` scores the whole trie.
    """
    logprobs, past = decoder.next_logprobs(np.array([prefix]), None, cross)
    frontier = [(trie.root, 0.0)]
    scores: dict[Path, float] = {}
    while frontier:
        grown: list[tuple[int, Node, float]] = []
        for row, (node, score) in enumerate(frontier):
            for token, child in node.children.items():
                scores[child.path] = score + float(logprobs[row, token])
                if child.children:
                    grown.append((row, child, scores[child.path]))
        if beam is not None and len(grown) > beam:
            grown = sorted(grown, key=lambda item: item[2] - bias(item[1].path))[-beam:]
        if not grown:
            break
        rows = np.array([row for row, _, _ in grown])
        past = [(keys[:, rows], values[:, rows]) for keys, values in past]
        tokens = np.array([[child.path[-1]] for _, child, _ in grown])
        logprobs, past = decoder.next_logprobs(tokens, past, cross)
        frontier = [(child, score) for _, child, score in grown]
    return scores


def best_forms(trie: PhraseTrie, path_scores: Mapping[Path, float],
               bias: Callable[[Path], float] = lambda _: 0.0) -> dict[str, Path]:
    """Each reached phrase's best-scoring written form (its score less `bias`)."""
    best: dict[str, Path] = {}
    for path, phrases in trie.ends.items():
        if path in path_scores:
            score = path_scores[path] - bias(path)
            for phrase in phrases:
                if phrase not in best or score > path_scores[best[phrase]] - bias(best[phrase]):
                    best[phrase] = path
    return best
