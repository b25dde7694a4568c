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
    return _search(decoder, cross, prefix, trie, beam, bias, [])[0]


def search_beside(decoder: WhisperDecoder, cross: KeysValues, prefix: list[int],
                  trie: PhraseTrie, also: list[int], *, beam: int | None,
                  bias: Callable[[Path], float] = lambda _: 0.0
                  ) -> tuple[dict[Path, float], float]:
    """As `search`, and the log-probability of the token path `also`, never pruned: scored in
    the same decoder steps as the trie (scoring it alone would take as many steps again)."""
    scores, followed = _search(decoder, cross, prefix, trie, beam, bias, also)
    return scores, followed[tuple(also)]


def _search(decoder: WhisperDecoder, cross: KeysValues, prefix: list[int], trie: PhraseTrie,
            beam: int | None, bias: Callable[[Path], float], also: list[int]
            ) -> tuple[dict[Path, float], dict[Path, float]]:
    """The trie's paths' scores, and the scores of the steps of the path `also`."""
    scores: dict[Path, float] = {}
    followed: dict[Path, float] = {}
    # Each context: the decoder row its next log-probabilities are in, its node, its score,
    # and the scores it belongs to (the trie's, pruned, or `also`'s, never pruned).
    frontier = [(0, trie.root, 0.0, scores)]
    if also:
        frontier.append((0, PhraseTrie([("", also)]).root, 0.0, followed))
    logprobs, past = decoder.next_token_logprobs(np.array([prefix]), None, cross,
                                                 _wanted(frontier, 1))
    while frontier:
        grown: list[tuple[int, Node, float, dict[Path, float]]] = []
        kept: list[tuple[int, Node, float, dict[Path, float]]] = []
        for row, node, score, reached in frontier:
            for token, child in node.children.items():
                reached[child.path] = score + logprobs[row][token]
                if child.children:
                    (grown if reached is scores else kept).append(
                        (row, child, reached[child.path], reached))
        if beam is not None and len(grown) > beam:
            grown = sorted(grown, key=lambda item: item[2] - bias(item[1].path))[-beam:]
        grown += kept
        if not grown:
            break
        rows = np.array([row for row, _, _, _ in grown])
        past = [(keys[:, rows], values[:, rows]) for keys, values in past]
        tokens = np.array([[child.path[-1]] for _, child, _, _ in grown])
        frontier = [(row, child, score, reached)
                    for row, (_, child, score, reached) in enumerate(grown)]
        logprobs, past = decoder.next_token_logprobs(tokens, past, cross,
                                                     _wanted(frontier, len(grown)))
    return scores, followed


def _wanted(frontier: list[tuple[int, Node, float, dict[Path, float]]], rows: int
            ) -> list[list[int]]:
    """The tokens whose log-probabilities each decoder row must give: its nodes' children."""
    wanted: list[list[int]] = [[] for _ in range(rows)]
    for row, node, _, _ in frontier:
        wanted[row] = list(dict.fromkeys([*wanted[row], *node.children]))
    return wanted


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
