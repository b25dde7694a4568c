"""Number words read back as numbers: "two thousand and eight", "nineteen ninety four", "onze"."""

from __future__ import annotations

from collections.abc import Sequence

_EN = {**{w: n for n, w in enumerate(
    ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
     "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
     "nineteen"))},
       "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
       "eighty": 80, "ninety": 90, "oh": 0}
_FR = {"zero": 0, "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6,
       "sept": 7, "huit": 8, "neuf": 9, "dix": 10, "onze": 11, "douze": 12, "treize": 13,
       "quatorze": 14, "quinze": 15, "seize": 16, "vingt": 20, "vingts": 20, "trente": 30,
       "quarante": 40, "cinquante": 50, "soixante": 60}
_SMALL = {"en": _EN, "fr": _FR}
_HUNDRED = {"hundred", "cent", "cents"}
_THOUSAND = {"thousand", "mille"}
_JOINERS = {"and", "et"}
_ONE = {"a", "an"}
"""Words that stand for one before "hundred" or "thousand" ("a hundred and five")."""


def number_value(tokens: Sequence[str], lang: str = "en") -> int | None:
    """The whole number that lower-case words spell, or None when they are not all a number.

    Digits come to this function already spelt out (see text.words), so "2008", "two thousand
    eight" and "two thousand and eight" all read as 2008; years said in pairs ("nineteen ninety
    four", "twenty oh eight") read as years."""
    small = _SMALL.get(lang, _EN)
    words = [t for t in tokens if t not in _JOINERS]
    if len(words) == 1 and words[0].isdigit():
        return int(words[0])  # too long to be spelt out
    if not words or not any(w in small or w in _HUNDRED or w in _THOUSAND for w in words):
        return None
    total, group, last = 0, 0, ""
    for i, word in enumerate(words):
        value = small.get(word)
        if word in _ONE and i + 1 < len(words) and words[i + 1] in _HUNDRED | _THOUSAND:
            value = 1
        if value is not None:
            grown = _add(group, value, last, word, lang)
            if grown is None:
                return None
            group = grown
        elif word in _HUNDRED:
            group = max(group, 1) * 100
        elif word in _THOUSAND:
            total, group = total + max(group, 1) * 1000, 0
        else:
            return None
        last = word
    return total + group


def _add(group: int, value: int, last: str, word: str, lang: str) -> int | None:
    """One more number word onto the group being read, or None when the words make no number."""
    if word == "oh":
        return group * 100 if 10 <= group < 100 else None  # "twenty oh eight"
    if lang == "fr" and word.startswith("vingt") and last == "quatre":
        return group - 4 + 80  # quatre-vingt: the four before it was the eighty's
    if group == 0:
        return value
    if 10 <= group < 100 and value >= 10:
        if lang == "en":
            return group * 100 + value  # a year said in pairs: "nineteen ninety"
        if group % 10 == 0 and value < 20:
            return group + value  # soixante-dix, quatre-vingt-douze
        return None
    tens_free = group % 100 == 0 and value < 100
    units_free = group % 10 == 0 and group % 100 != 0 and value < 10
    if tens_free or units_free:
        return group + value
    return None
