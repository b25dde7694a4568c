"""Pronunciations from espeak-ng (IPA mapped to CMU phones): for words missing from a
recognizer's dictionary, and to tell whether two phrases sound alike."""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from rapidfuzz.distance import Levenshtein

from host.judge.text import words as words_of

# Longest symbols first when matching; values are space-separated ARPAbet phones ("" = drop).
IPA_TO_CMU: dict[str, str] = {
    "tʃ": "CH", "dʒ": "JH", "aɪ": "AY", "aʊ": "AW", "ɔɪ": "OY", "eɪ": "EY", "oʊ": "OW",
    "əʊ": "OW", "ɪə": "IH R", "eə": "EH R", "ʊə": "UH R", "ɑ̃": "AA N", "ɔ̃": "OW N",
    "ɛ̃": "AE N", "œ̃": "AH N", "ɜː": "ER", "ɑː": "AA", "ɔː": "AO", "iː": "IY", "uː": "UW",
    "aː": "AA", "eː": "EY", "oː": "OW", "ɚ": "ER", "ɝ": "ER",
    "p": "P", "b": "B", "t": "T", "d": "D", "k": "K", "g": "G", "ɡ": "G", "f": "F", "v": "V",
    "θ": "TH", "ð": "DH", "s": "S", "z": "Z", "ʃ": "SH", "ʒ": "ZH", "h": "HH", "m": "M",
    "n": "N", "ŋ": "NG", "ɲ": "N Y", "l": "L", "ɫ": "L", "ɹ": "R", "r": "R", "ʁ": "R",
    "ɾ": "T", "j": "Y", "w": "W", "ɥ": "W", "x": "K", "ʔ": "",
    "i": "IY", "ɪ": "IH", "e": "EY", "ɛ": "EH", "æ": "AE", "a": "AA", "ɑ": "AA", "ɒ": "AA",
    "ɔ": "AO", "o": "OW", "ʊ": "UH", "u": "UW", "ʌ": "AH", "ə": "AH", "ɐ": "AH", "ɜ": "ER",
    "y": "UW", "ø": "ER", "œ": "ER", "ɵ": "AH", "ᵻ": "IH", "ɨ": "IH",
}
_SYMBOLS = sorted(IPA_TO_CMU, key=len, reverse=True)
_IGNORED = set("ˈˌːˑ‿.-|'̩̯ ")

# How a letter of the alphabet is said on its own in English ("B" -> "bee"); espeak-ng says
# "a" as the article there. Other languages' voices say a lone letter by its name ("b" -> "bé").
LETTER_NAMES: dict[str, str] = {
    "a": "EY", "b": "B IY", "c": "S IY", "d": "D IY", "e": "IY", "f": "EH F", "g": "JH IY",
    "h": "EY CH", "i": "AY", "j": "JH EY", "k": "K EY", "l": "EH L", "m": "EH M",
    "n": "EH N", "o": "OW", "p": "P IY", "q": "K Y UW", "r": "AA R", "s": "EH S",
    "t": "T IY", "u": "Y UW", "v": "V IY", "w": "D AH B AH L Y UW", "x": "EH K S",
    "y": "W AY", "z": "Z IY",
}


class PronunciationError(RuntimeError):
    """No pronunciation could be generated (espeak-ng missing or silent)."""


def ipa_to_cmu(ipa: str) -> list[str]:
    """Map an IPA string (as espeak-ng prints it) to a list of ARPAbet phones."""
    text = unicodedata.normalize("NFC", ipa)
    phones: list[str] = []
    i = 0
    while i < len(text):
        if text[i] in _IGNORED or unicodedata.combining(text[i]):
            i += 1
            continue
        for sym in _SYMBOLS:
            if text.startswith(sym, i):
                phones.extend(IPA_TO_CMU[sym].split())
                i += len(sym)
                break
        else:
            i += 1  # an IPA symbol we have no mapping for: skip rather than fail
    return phones


def espeak_ipa(words: Iterable[str], voice: str = "en-us") -> list[str]:
    """Return espeak-ng's IPA for each word (one espeak call for the whole batch)."""
    exe = shutil.which("espeak-ng")
    if exe is None:
        raise PronunciationError("espeak-ng is not installed (apt install espeak-ng)")
    words = list(words)
    if not words:
        return []
    # One sentence a line: without the full stops espeak-ng reads the lines as one sentence
    # and prints one line, and every word then took a call of its own.
    text = "\n".join(w.replace("\n", " ") + "." for w in words)
    out = subprocess.run(
        [exe, "-q", "--ipa", "-v", voice, "--stdin"],
        input=text + "\n", capture_output=True, text=True, check=False,
    ).stdout
    lines = [ln.strip() for ln in out.splitlines() if ln.strip()]
    if len(lines) != len(words):  # espeak merged lines: fall back to one call per word
        return [_one_ipa(exe, w, voice) for w in words]
    return lines


def _one_ipa(exe: str, word: str, voice: str) -> str:
    """IPA for a single word."""
    out = subprocess.run([exe, "-q", "--ipa", "-v", voice, word],
                         capture_output=True, text=True, check=False)
    return " ".join(out.stdout.split())


def generate(words: Iterable[str], voice: str = "en-us") -> dict[str, list[str]]:
    """Generate ARPAbet pronunciations for words; single letters get their letter name."""
    result: dict[str, list[str]] = {}
    rest = []
    for w in words:
        if len(w) == 1 and w.lower() in LETTER_NAMES and voice.startswith("en"):
            result[w] = LETTER_NAMES[w.lower()].split()
        else:
            rest.append(w)
    for word, ipa in zip(rest, espeak_ipa(rest, voice), strict=True):
        phones = ipa_to_cmu(ipa)
        if not phones:
            raise PronunciationError(f"espeak-ng gave no pronunciation for {word!r}")
        result[word] = phones
    return result


_WORD_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)


def tokenize(phrase: str) -> list[str]:
    """Split a phrase into lower-case words (letters, digits, inner apostrophes)."""
    return [m.group(0).replace("’", "'").lower() for m in _WORD_RE.finditer(phrase)]


SOUNDS_ALIKE = 0.5
"""How alike (normalized Levenshtein similarity of their phones) two phrases must be to sound
alike. Measured on Short List card answers heard unsure in the demo (seeds 1 to 3, four voices
in 20 dB babble), beside the free transcript of the same audio: of 49 right answers, 15 sounded
alike at 0.5 or more ("Celaeno" and "Celine or...", "Sterope" and "Stay up."); of 46 other
guesses heard as a card answer, none did (the closest, "Thirteen" and "Turdie.", 0.4)."""
VOICES = {"en": "en-us", "fr": "fr"}
"""The espeak-ng voice that pronounces each language."""


def sounds_alike(phrase: str, other: str, lang: str = "en") -> bool:
    """Whether two phrases sound alike (their phones, as espeak-ng says them); False when
    either has no pronunciation (no words, or no espeak-ng)."""
    return likeness(phrase, other, lang) >= SOUNDS_ALIKE


def likeness(phrase: str, other: str, lang: str = "en") -> float:
    """How alike two phrases sound, from 0 to 1 (normalized Levenshtein similarity of their
    phones); 0 when either has no pronunciation (no words, or no espeak-ng)."""
    try:
        ours, theirs = phones(phrase, lang), phones(other, lang)
    except PronunciationError:
        return 0.0
    return Levenshtein.normalized_similarity(ours, theirs) if ours and theirs else 0.0


def heard_likeness(free_text: str, choice: str, agrees: bool, lang: str = "en",
                   measure: Callable[[str, str, str], float] = likeness) -> float:
    """How alike a free transcript and a choice sound, by `measure`: 1 when the transcript is
    the choice's words, 0 when nothing was written freely."""
    if agrees:
        return 1.0
    return measure(free_text, choice, lang) if free_text else 0.0


def differing_likeness(phrase: str, other: str, lang: str = "en") -> float:
    """How alike two phrases sound where their words (as the judge reads them: "1" is "one")
    differ: the words both hold are set aside and what is left of each is compared; 1 when
    nothing differs, 0 when only one of them has words left."""
    ours, theirs = words_of(phrase, lang), words_of(other, lang)
    shared = Counter(ours) & Counter(theirs)
    ours_left, theirs_left = _left_over(ours, shared), _left_over(theirs, shared)
    if not ours_left and not theirs_left:
        return 1.0
    return likeness(" ".join(ours_left), " ".join(theirs_left), lang)


def _left_over(words: Sequence[str], shared: Counter[str]) -> list[str]:
    """The phrase's words, in order, less those `shared` counts (each as often as counted)."""
    left, skipped = [], Counter[str]()
    for word in words:
        if skipped[word] < shared[word]:
            skipped[word] += 1
        else:
            left.append(word)
    return left


def phones(phrase: str, lang: str = "en") -> list[str]:
    """The phrase's ARPAbet phones, word after word (the words not met before pronounced in
    one espeak-ng call, then remembered: the same answers are compared all game)."""
    voice = VOICES.get(lang, lang)
    words = tokenize(phrase)
    known = _PHONES.setdefault(voice, {})
    missing = [word for word in dict.fromkeys(words) if word not in known]
    if missing:
        if len(known) + len(missing) > PHONES_KEPT:
            known.clear()
        known.update(generate(missing, voice))
    return [phone for word in words for phone in known[word]]


PHONES_KEPT = 4096
"""Words whose phones are remembered, per voice, at most."""
_PHONES: dict[str, dict[str, list[str]]] = {}
