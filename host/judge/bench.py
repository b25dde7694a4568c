"""`python -m host.judge.bench`: microseconds per Judge.judge() call on a warmed category."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence

from host.decks import AnswerEntry, Category, CategoryKind
from host.judge import Judge

WORDS = ("apple", "apricot", "avocado", "banana", "blackberry", "blueberry", "cantaloupe",
         "cherry", "clementine", "coconut", "cranberry", "damson", "date", "dragonfruit", "durian",
         "elderberry", "fig", "gooseberry", "grape", "grapefruit", "guava", "honeydew",
         "jackfruit", "kiwi", "kumquat", "lemon", "lime", "lychee", "mandarin", "mango", "melon",
         "mulberry", "nectarine", "olive", "orange", "papaya", "passionfruit", "peach", "pear",
         "persimmon", "pineapple", "plum", "pomegranate", "quince", "raisin", "raspberry",
         "redcurrant", "rhubarb", "satsuma", "starfruit", "strawberry", "tangerine", "tomato",
         "ugli", "watermelon", "yuzu")


def category(size: int = 100) -> Category:
    """A known listed category of about `size` answers."""
    answers = [w.capitalize() for w in WORDS]
    answers += [f"{w.capitalize()} {k}" for k in ("jam", "juice") for w in WORDS]
    return Category("bench", "Fruit things", CategoryKind.LISTED,
                    answers=tuple(AnswerEntry(a) for a in answers[:size]))


def per_call(judge: Judge, cat: Category, answers: Sequence[str], given: Sequence[str],
             rounds: int = 200) -> float:
    """Average microseconds of judge() over the answers, repeated."""
    start = time.perf_counter()
    for _ in range(rounds):
        for answer in answers:
            judge.judge(cat, answer, letter=answer[0], given=given)
    return (time.perf_counter() - start) / (rounds * len(answers)) * 1e6


def main() -> int:
    """Print the cost of exact hits, fuzzy hits and unknown answers."""
    judge, cat = Judge(), category()
    given = ["Apple", "Banana", "Cherry", "Date", "Fig"]
    cases = {
        "exact hit": ["Mango", "Kiwi", "Lemon", "Pear", "Plum"],
        "misspelt hit": ["Mangoe", "Strawbery", "Pinapple", "Rasberry", "Tangerene"],
        "unknown (vote)": ["Pitaya", "Salak", "Rambutan", "Soursop", "Longan"],
        "duplicate": ["apples", "the banana", "cherries", "Date", "Figs"],
    }
    for answers in cases.values():
        per_call(judge, cat, answers, given, rounds=2)  # warm the caches
    print(f"category of {len(cat.answers)} answers, {len(given)} given answers")
    for name, answers in cases.items():
        print(f"{name:<16} {per_call(judge, cat, answers, given):7.1f} us per judge() call")
    return 0


if __name__ == "__main__":
    sys.exit(main())
