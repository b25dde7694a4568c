"""A minimal reader of Princeton WordNet 3.0 (Debian package wordnet-base): noun classes, noun
synsets, verbs and their irregular forms."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

WORDNET_DIRS = (os.environ.get("PARTYHOST_WORDNET", ""), "/usr/share/wordnet")

CLASSES: dict[str, tuple[tuple[str, int], ...]] = {
    "animals": (("animal", 1),),
    "mammals": (("mammal", 1),),
    "birds": (("bird", 1),),
    "fish": (("fish", 1),),
    "insects": (("insect", 1),),
    "reptiles": (("reptile", 1),),
    "dogs": (("dog", 1),),
    "fruits": (("edible fruit", 1), ("fruit", 1)),
    "vegetables": (("vegetable", 1),),
    "flowers": (("flower", 1),),
    "trees": (("tree", 1),),
    "instruments": (("musical instrument", 1),),
    "sports": (("sport", 1),),
    "clothing": (("clothing", 1), ("garment", 1)),
    "furniture": (("furniture", 1),),
    "tools": (("tool", 1),),
    "vehicles": (("vehicle", 1),),
    "body_parts": (("body part", 1),),
    "drinks": (("beverage", 1),),
    "desserts": (("dessert", 1),),
    "cheeses": (("cheese", 1),),
    "herbs": (("herb", 2),),
    "spices": (("spice", 2),),
    "weapons": (("weapon", 1),),
    "dances": (("dancing", 1), ("dance", 1)),
    "occupations": (("occupation", 1), ("skilled worker", 1), ("professional", 1)),
    "colours": (("chromatic color", 1), ("achromatic color", 1)),
    "gemstones": (("gem", 2), ("precious stone", 1)),
    "metals": (("metallic element", 1), ("alloy", 1)),
}
"""Class name -> WordNet roots (lemma, sense number); a class is every hyponym's lemma."""


class WordNetMissing(RuntimeError):
    """WordNet's data files are not installed (a DataMissing, see host.judge.generated)."""


@lru_cache(maxsize=1)
def wordnet_dir() -> Path:
    """The folder holding WordNet's index.noun and data.noun."""
    for candidate in WORDNET_DIRS:
        if candidate and (Path(candidate) / "data.noun").is_file():
            return Path(candidate)
    raise WordNetMissing("WordNet data is missing: install the Debian package wordnet-base "
                         "(scripts/setup does) or set PARTYHOST_WORDNET to its folder")


def _synset_offsets(lemma: str) -> list[int]:
    """Byte offsets in data.noun of a lemma's senses, most common first."""
    wanted = lemma.replace(" ", "_").lower() + " "
    with (wordnet_dir() / "index.noun").open("rb") as index:
        for raw in index:
            line = raw.decode("latin-1")
            if line.startswith(wanted):
                fields = line.split()
                pointer_count = int(fields[3])
                sense_count = int(fields[4 + pointer_count])
                return [int(f) for f in fields[-sense_count:]]
    return []


def _read_synset(data: BinaryIO, offset: int) -> tuple[list[str], list[int]]:
    """The lemmas and hyponym offsets (plain and instance) of the synset at a byte offset."""
    data.seek(offset)
    fields = data.readline().decode("latin-1").split("|")[0].split()
    count = int(fields[3], 16)
    lemmas = [fields[4 + 2 * i] for i in range(count)]
    pos = 4 + 2 * count
    pointers = int(fields[pos])
    hyponyms = []
    for i in range(pointers):
        symbol, target, part = fields[pos + 1 + 4 * i: pos + 4 + 4 * i]
        if symbol in ("~", "~i") and part == "n":
            hyponyms.append(int(target))
    return lemmas, hyponyms


@lru_cache(maxsize=64)
def class_lemmas(name: str) -> frozenset[str]:
    """Every lemma below a class's roots, lower-case common nouns, spaces for underscores."""
    roots = CLASSES[name]
    found: set[str] = set()
    seen: set[int] = set()
    with (wordnet_dir() / "data.noun").open("rb") as data:
        todo = []
        for lemma, sense in roots:
            offsets = _synset_offsets(lemma)
            if len(offsets) >= sense:
                todo.append(offsets[sense - 1])
        while todo:
            offset = todo.pop()
            if offset in seen:
                continue
            seen.add(offset)
            lemmas, hyponyms = _read_synset(data, offset)
            found.update(_clean(lemma) for lemma in lemmas if lemma.islower())
            todo.extend(hyponyms)
    return frozenset(found)


def _clean(lemma: str) -> str:
    """WordNet's "sea_horse(a)" spelling to "sea horse"."""
    return lemma.split("(")[0].replace("_", " ")


def _lines(name: str) -> list[list[str]]:
    """The fields of each line of one WordNet file (none when WordNet is not installed)."""
    try:
        path = wordnet_dir() / name
    except WordNetMissing:
        return []
    if not path.is_file():
        return []
    return [line.split(" ") for line in path.read_text("latin-1").splitlines()
            if not line.startswith(" ")]


@lru_cache(maxsize=1)
def verb_counts() -> dict[str, int]:
    """WordNet's one-word verbs, each with how often its senses are tagged (its commonness)."""
    found: dict[str, int] = {}
    for fields in _lines("index.verb"):
        if len(fields) > 4 and "_" not in fields[0] and fields[1] == "v":
            found[fields[0]] = int(fields[5 + int(fields[3])])
    return found


@lru_cache(maxsize=4)
def one_word_lemmas(part_of_speech: str) -> frozenset[str]:
    """WordNet's one-word lemmas of a part of speech ("verb", "adj", "adv"), irregular forms
    included ("sat", "lit")."""
    found = {fields[0] for fields in _lines(f"index.{part_of_speech}")
             if fields and "_" not in fields[0]}
    found |= {fields[0] for fields in _lines(f"{part_of_speech}.exc") if fields}
    return frozenset(found)


@lru_cache(maxsize=1)
def verb_exceptions() -> dict[str, tuple[str, ...]]:
    """WordNet's irregular verb forms and their bases ("ran": run, "singing": sing, singe)."""
    return {fields[0]: tuple(fields[1:]) for fields in _lines("verb.exc") if fields}


_SYNSET = re.compile(r"^\d{8} \d\d \w [0-9a-f]{2} ((?:\S+ [0-9a-f] )+)\d{3} ", re.M)
"""A line of WordNet's data.noun: offset, file, type, lemma count, then each lemma and its
lexical id."""


def noun_synsets() -> Iterator[tuple[str, ...]]:
    """WordNet's noun synsets, each as its lemmas as written ("mayonnaise", "mayo"), read
    afresh: kept, they would hold about 13 MB for the two tables made of them, which are."""
    try:
        text = (wordnet_dir() / "data.noun").read_text("latin-1")
    except WordNetMissing:
        return
    for match in _SYNSET.finditer(text):
        yield tuple(lemma.split("(")[0] for lemma in match.group(1).split()[0::2])
