"""The Crack List expansion decks: drafts chosen for quality, dealt on cards of three, written
as TOML that `partyhost decks check` validates. Same data in, same file out."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import zip_longest
from pathlib import Path

from host.decks import load_deck, shipped_decks_dir
from host.decks_build.families import endings, hand_written, rhymes
from host.decks_build.quality import Draft, Listed, answer_keys, select

NAMES = {"en": "Expansion", "fr": "Extension"}


def deck_path(lang: str) -> Path:
    """Where a language's expansion deck ships."""
    return shipped_decks_dir() / "crack-list" / lang / "expansion.toml"


def drafts(lang: str) -> Iterator[Draft]:
    """Every draft for a language, best first: hand-written, then rhymes, then endings."""
    yield from hand_written(lang)
    if lang == "en":
        yield from rhymes()
    yield from endings(lang)


def chosen(lang: str, left_out: Callable[[Draft, str], None] | None = None) -> list[Draft]:
    """The drafts that pass the floors and repeat neither the box nor one another
    (`left_out` hears of the others, and why)."""
    box = load_deck(shipped_decks_dir() / "crack-list" / lang / "core.toml")
    listed = [Listed(c.title, answer_keys(((a.text, a.aliases) for a in c.answers), lang))
              for card in box.cards for c in card.categories]
    return select(drafts(lang), lang, listed, left_out)


WORD_PLAY = ("rhymes", "endings")
"""Families of word play: a card offers at most one ("rhymes with 'cake'" beside two
categories of things), never three rhymes or three endings at once."""


def dealt(kept: list[Draft]) -> list[list[Draft]]:
    """Cards of three, the word play spread evenly, one at most to a card (rhymes and endings
    in turn); word play beyond one a card is left out, and so are one or two drafts at the
    end that fill no card."""
    queues = {f: [d for d in kept if d.family == f] for f in WORD_PLAY}
    play = [d for pair in zip_longest(*queues.values()) for d in pair if d is not None]
    things = [d for d in kept if d.family not in WORD_PLAY]
    count = min((len(things) + len(play)) // 3, len(things) // 2)
    play = play[:count]
    spread = len(play)
    cards = []
    for i in range(count):
        card = [things.pop(0)]
        if (i + 1) * spread // count > i * spread // count:
            card.append(play.pop(0))
        while len(card) < 3:
            card.append(things.pop(0))
        cards.append(card)
    return cards


def _string(text: str) -> str:
    """A TOML basic string."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _answers(draft: Draft) -> Iterator[str]:
    """The answers array, a few to a line."""
    items = [_string(" | ".join((text, *aliases))) for text, aliases in draft.answers]
    line = "  "
    yield "answers = ["
    for item in items:
        if len(line) + len(item) + 2 > 98:
            yield line.rstrip()
            line = "  "
        line += item + ", "
    yield line.rstrip()
    yield "]"


def _category(draft: Draft) -> Iterator[str]:
    """One [[cards.categories]] table."""
    yield "[[cards.categories]]"
    yield f"id = {_string(draft.id)}"
    yield f"title = {_string(draft.title)}"
    if draft.generator:
        params = ", ".join(f"{k} = {_string(str(v))}" for k, v in sorted(draft.params.items()))
        yield 'kind = "generated"'
        yield f"generator = {_string(draft.generator)}"
        yield f"params = {{ {params} }}"
    else:
        yield 'kind = "listed"'
        yield "closed = false"
    yield f"difficulty = {draft.difficulty}"
    if draft.people:
        yield "people = true"
    if draft.adult:
        yield "adult = true"
    yield from _answers(draft)


def toml(lang: str, cards: Iterable[list[Draft]]) -> str:
    """The deck file's text."""
    lines = [
        "# Crack List expansion: written by scripts/build_crack_list_decks.py, do not edit.",
        "# Hand-written categories are in host/decks_build/hand/; the others come from data",
        "# (word lists, CMUdict, wordfreq) as host/decks_build/families.py says.",
        "",
        "[deck]",
        'game = "crack-list"',
        f'lang = "{lang}"',
        f'name = "{NAMES[lang]}"',
        "version = 1",
        "expansion = true",
    ]
    for number, card in enumerate(cards, 1):
        lines += ["", "[[cards]]", f'id = "{lang}-x{number:03d}"']
        for draft in card:
            lines.append("")
            lines += _category(draft)
    return "\n".join(lines) + "\n"


def build(lang: str) -> str:
    """The expansion deck's text for a language."""
    return toml(lang, dealt(chosen(lang)))
