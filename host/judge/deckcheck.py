"""Content checks for `decks check`: answers against letter rules and against package data."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

from host.decks import Category, CategoryKind, Deck, DeckError, parse_deck
from host.judge.generated import COMPLETE, DataMissing, generate, param_problem
from host.judge.text import words

# Titles that state a letter count: "4-letter first names", "Prénoms de 4 lettres".
_LETTER_COUNT = re.compile(r"\b(\d{1,2})[- ]?(?:letter|lettre)s?\b", re.IGNORECASE)

# Titles that name package data; listed answers outside it are reported as warnings.
_TITLE_SOURCES: dict[str, tuple[tuple[re.Pattern[str], str], ...]] = {
    "en": (
        (re.compile(r"^(us|u\.s\.|american) states$", re.I), "us_states"),
        (re.compile(r"^(chemical )?elements( of the periodic table)?$", re.I), "elements"),
        (re.compile(r"^capital cities$|^capitals( of the world)?$", re.I), "capitals"),
        (re.compile(r"^(\w+ )?countries( of the world| in \w+| of \w+)?$", re.I), "countries"),
        (re.compile(r"^currencies$", re.I), "currencies"),
    ),
    "fr": (
        (re.compile(r"^[ée]tats (des |am[ée]ricains)?([ée]tats-unis)?$", re.I), "us_states"),
        (re.compile(r"^[ée]l[ée]ments chimiques$", re.I), "elements"),
        (re.compile(r"^pays( d[eu'’ ].*| du monde)?$", re.I), "countries"),
    ),
}


MIN_LETTERS = 12
"""Distinct letters a category's answers must start with, so that a hand of 8 has a chance."""
MIN_ANSWERS = 25
"""Answers a listed category needs, unless it is closed (the twelve zodiac signs are all)."""

OPEN_WORLD = frozenset({"first_names", "colours", "wordnet"})
"""Generators whose data cannot hold every right answer: an unknown example is a warning."""


@dataclass
class Report:
    """What `decks check` found in one file."""

    path: Path
    deck: Deck | None = None
    errors: list[DeckError] = field(default_factory=list)
    warnings: list[DeckError] = field(default_factory=list)
    coverage: dict[str, int] = field(default_factory=dict)
    """Entry ("card/category") -> how many letters its answers can be played with (the
    categories the table votes on, with no list, are left out)."""


def check_deck_file(path: Path) -> Report:
    """Structure, schema and content checks of one deck file, and each category's letters."""
    path = Path(path)
    deck, errors, warnings = parse_deck(path)
    report = Report(path, deck, errors, warnings)
    if deck is not None:
        for entry, cat in categories(deck):
            report.errors += list(content_errors(deck, entry, cat))
            report.warnings += list(content_warnings(deck, entry, cat))
            if cat.kind is not CategoryKind.OPEN:
                report.coverage[entry] = len(letter_coverage(cat, deck.lang))
                problem = floor_problem(cat, report.coverage[entry])
                if problem:
                    found = DeckError(path, problem, entry=entry, field="answers")
                    (report.warnings if cat.closed else report.errors).append(found)
    return report


def letter_coverage(cat: Category, lang: str) -> set[str]:
    """The letters a category's answers can be played with: its listed answers and aliases,
    and a generator's whole data."""
    from host.judge.text import answer_letters

    texts = list(_texts(cat))
    if cat.kind is CategoryKind.GENERATED and cat.generator \
            and not param_problem(cat.generator, cat.params, lang):
        with suppress(*DataMissing):  # content_errors says so; the listed answers still count
            texts += list(generate(cat.generator, cat.params, lang=lang).answers.values())
    return {letter for text in texts for letter in answer_letters(text, lang, cat.people)}


def floor_problem(cat: Category, letters: int) -> str | None:
    """Why a category is below the playable floor (letters, answers), or None. A closed list
    is what it is (the days of the week): below the floor it gets a warning, not an error."""
    if letters < MIN_LETTERS:
        return (f"answers start with {letters} letter(s), a category needs {MIN_LETTERS} "
                "so that a hand of letters has a chance")
    if cat.kind is CategoryKind.LISTED and len(cat.answers) < MIN_ANSWERS and not cat.closed:
        return f"{len(cat.answers)} answers, a list the table may extend needs {MIN_ANSWERS}"
    return None


def categories(deck: Deck) -> Iterator[tuple[str, Category]]:
    """Every category of a deck with its entry name ("card-id/category-id")."""
    groups = [(c.id, c.categories) for c in deck.cards] + [(x.id, x.categories) for x in deck.lists]
    for group_id, cats in groups:
        for cat in cats:
            yield f"{group_id}/{cat.id}", cat


def _texts(cat: Category) -> Iterator[str]:
    """Every canonical answer and alias of a category."""
    for answer in cat.answers:
        yield answer.text
        yield from answer.aliases


def _letter_count(text: str, lang: str) -> int:
    """How many letters a spoken answer has ("Jo-Anne" has 6)."""
    return sum(len(w) for w in words(text, lang))


def content_errors(deck: Deck, entry: str, cat: Category) -> Iterator[DeckError]:
    """Answers that break their own category's rules or contradict the generator's data."""
    path = deck.path or Path("<deck>")
    match = _LETTER_COUNT.search(cat.title)
    length = cat.params.get("length") if cat.generator == "first_names" else None
    if match or isinstance(length, int):
        wanted = int(match.group(1)) if match else int(length or 0)
        for text in _texts(cat):
            got = _letter_count(text, deck.lang)
            if got != wanted:
                yield DeckError(path, f"answer {text!r} has {got} letters, the category wants "
                                f"{wanted}", entry=entry, field="answers")
    source = cat.generator if cat.kind is CategoryKind.GENERATED else cat.source
    params = cat.params if cat.generator else {}
    if source is None or source in OPEN_WORLD or param_problem(source, params, deck.lang):
        return
    try:
        generate(source, params, lang=deck.lang)
    except DataMissing as exc:
        yield DeckError(path, f"cannot check against {source}: {exc}", entry=entry,
                        field="generator" if cat.generator else "source")
        return
    yield from _outside(deck, entry, cat, source)
    if cat.kind is CategoryKind.LISTED and cat.closed:
        yield from _missing(deck, entry, cat, source)


def _missing(deck: Deck, entry: str, cat: Category, source: str) -> Iterator[DeckError]:
    """For a closed list of a complete set (US states, elements): the members it lacks."""
    if source not in COMPLETE:
        return
    from host.judge.index import AnswerIndex

    listed = AnswerIndex(deck.lang, fuzzy=False)
    for answer in cat.answers:
        listed.add(answer.text, answer.aliases)
    data = generate(source, {}, lang=deck.lang)
    found = {c for k, c in data.answers.items() if listed.match(k, fuzzy=False) is not None}
    absent = sorted(set(data.answers.values()) - found)
    if absent:
        shown = ", ".join(absent[:8]) + (" ..." if len(absent) > 8 else "")
        yield DeckError(deck.path or Path("<deck>"), f"closed list lacks {len(absent)} of "
                        f"generator {source}: {shown}", entry=entry, field="answers")


def content_warnings(deck: Deck, entry: str, cat: Category) -> Iterator[DeckError]:
    """Answers outside package data that cannot be complete (names, WordNet classes), and
    listed answers outside the data their title names: hints, not errors."""
    if cat.kind is CategoryKind.GENERATED and cat.generator in OPEN_WORLD:
        if not param_problem(cat.generator, cat.params, deck.lang):
            yield from _outside(deck, entry, cat, cat.generator)
        return
    if cat.kind is not CategoryKind.LISTED or cat.source:
        return
    for pattern, source in _TITLE_SOURCES.get(deck.lang, ()):
        if pattern.match(cat.title.strip()) and not param_problem(source, {}, deck.lang):
            yield from _outside(deck, entry, cat, source)
            if cat.closed:
                yield from _missing(deck, entry, cat, source)
            return


def _outside(deck: Deck, entry: str, cat: Category, source: str) -> Iterator[DeckError]:
    """One DeckError per answer whose canonical spelling and aliases are all unknown to data."""
    from host.judge.index import AnswerIndex

    data = generate(source, cat.params if cat.generator else {}, lang=deck.lang)
    index = AnswerIndex(deck.lang, fuzzy=False, strict=data.strict, last_word=data.last_word)
    for key, canonical in data.answers.items():
        index.add_key(key, canonical)
    path = deck.path or Path("<deck>")
    for answer in cat.answers:
        spellings = (answer.text, *answer.aliases)
        if any(index.lookup(t) for t in spellings):
            continue
        what = f"generator {source}" + (f" {dict(cat.params)}" if cat.params else "")
        yield DeckError(path, f"answer {answer.text!r} is not known to {what}",
                        entry=entry, field="answers")
