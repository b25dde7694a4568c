"""Game content as data: categories, category cards and decks (loading and validation below)."""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from host.dirs import user_dir


class CategoryKind(StrEnum):
    """How a category's answers are known."""

    LISTED = "listed"
    """Answers are given in the deck (closed list, or known-but-incomplete list)."""
    GENERATED = "generated"
    """Answers are computed from offline data (rhymes, first names, countries...)."""
    OPEN = "open"
    """No list can be complete: unlisted answers go to the table's vote."""


@dataclass(frozen=True)
class AnswerEntry:
    """One known answer: its canonical spelling and accepted aliases."""

    text: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Category:
    """One category players answer in, e.g. "Things that are yellow"."""

    id: str
    title: str
    kind: CategoryKind = CategoryKind.OPEN
    closed: bool = False
    """Listed only: True when only listed answers count (planets), else unlisted go to a vote."""
    answers: tuple[AnswerEntry, ...] = ()
    generator: str | None = None
    """Generated only: the generator's name, e.g. "rhymes", "first_names", "countries"."""
    params: Mapping[str, str | int] = field(default_factory=dict, hash=False, compare=False)
    """Generated only: the generator's parameters, e.g. {"word": "haze"}."""
    difficulty: int = 1
    """1 (easy) to 3 (hard)."""
    adult: bool = False
    """Shown only with the adults-only flag."""
    people: bool = False
    """Answers are people: the first or the last name may carry the letter."""
    source: str | None = None
    """Listed only: package data every answer must belong to (checked by `decks check`)."""

    @property
    def verifiable(self) -> bool:
        """True when the host can settle a challenge itself (listed or generated)."""
        return self.kind is not CategoryKind.OPEN


@dataclass(frozen=True)
class CategoryCard:
    """A red Crack List card: three categories to choose from."""

    id: str
    categories: tuple[Category, ...]
    expansion: bool = False
    """From an expansion deck: offered after the box's cards."""


@dataclass(frozen=True)
class Deck:
    """A loaded deck file."""

    game: str
    lang: str
    name: str
    path: Path | None = None
    cards: tuple[CategoryCard, ...] = ()
    version: int = 1
    questions: tuple[QuestionCard, ...] = ()
    """Short List only."""
    lists: tuple[CategoryList, ...] = ()
    """Scattergories only."""


@dataclass(frozen=True)
class QuestionCard:
    """A Short List question card: the question and every accepted answer."""

    id: str
    question: str
    answers: tuple[AnswerEntry, ...]
    difficulty: int = 1

    @cached_property
    def category(self) -> Category:
        """The question as a closed listed category, ready for host.judge.Judge (one object,
        so the judge's per-category index is built once)."""
        return Category(self.id, self.question, CategoryKind.LISTED, closed=True,
                        answers=self.answers, difficulty=self.difficulty)


@dataclass(frozen=True)
class CategoryList:
    """A Scattergories list: the categories answered with one key letter."""

    id: str
    categories: tuple[Category, ...]


class DeckError(ValueError):
    """A deck file that cannot be used, naming the file, the entry and the field."""

    def __init__(self, file: Path, message: str, *, entry: str | None = None,
                 field: str | None = None) -> None:
        self.file = file
        self.entry = entry
        self.field = field
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = "".join([f" entry '{self.entry}'" if self.entry is not None else "",
                         f" field '{self.field}'" if self.field is not None else ""])
        if where:
            return f"{_display(self.file)}:{where}: {self.message}"
        return f"{_display(self.file)}: {self.message}"


def _display(path: Path) -> str:
    """A path relative to the working directory when it lies below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_ENTRIES = 5000
MAX_TEXT = 200
SEPARATOR = " | "


def shipped_decks_dir() -> Path:
    """The decks the package carries: host/decks_data/<game>/<lang>/*.toml."""
    # An installed wheel is an unpacked folder, never a zip, so the resource is a real path.
    return Path(str(resources.files("host").joinpath("decks_data")))


def user_decks_dir() -> Path:
    """~/.config/partyhost/decks (honours XDG_CONFIG_HOME)."""
    return user_dir("config", "decks")


def no_decks_hint() -> str:
    """What to do when a game has no deck in a language: where decks are looked for."""
    return (f"`partyhost decks list` shows the installed decks; add your own in "
            f"{user_decks_dir()} or pass --deck PATH")


def schema() -> dict[str, Any]:
    """The deck JSON Schema shipped in the package, its games those of the registry."""
    from host.registry import GAMES

    text = resources.files("host").joinpath("schema/deck.schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    loaded["properties"]["deck"]["properties"]["game"]["enum"] = list(GAMES)
    return loaded


_LOADED: dict[tuple[str, int, int], Deck] = {}
"""Decks loaded, by (path, modification time, size): a table set up again (the next game of
the lobby, a resumed game, a test) reads a deck file once, not its schema check each time."""


def load_deck(path: Path) -> Deck:
    """Load one deck file; raise DeckError naming file, entry and field. A player's deck is
    checked each time it is loaded; the package's own are checked where they are made and by
    the tests (`partyhost decks check` checks them too), and a game starts without checking
    them again: that took Crack List three seconds a game."""
    path = Path(path)
    try:
        stat = path.stat()
    except OSError:
        key = None
    else:
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        if key in _LOADED:
            return _LOADED[key]
    deck, errors, _warnings = parse_deck(path, check=not _shipped(path))
    if errors:
        raise errors[0]
    assert deck is not None
    if key is not None:
        _LOADED[key] = deck
    return deck


def _shipped(path: Path) -> bool:
    """Whether a deck file is one the package carries."""
    return path.resolve().is_relative_to(shipped_decks_dir().resolve())


def _header(path: Path) -> tuple[str | None, str | None]:
    """The (game, lang) a deck file declares, or (None, None) when it cannot be read."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            return None, None
        text = path.read_text("utf-8")
        try:  # the [deck] table comes first: parse only what precedes the first [[array]]
            head = tomllib.loads(text.split("\n[[", 1)[0]).get("deck")
        except tomllib.TOMLDecodeError:
            head = None
        if head is None:
            head = tomllib.loads(text).get("deck", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return None, None
    if not isinstance(head, dict):
        return None, None
    return head.get("game"), head.get("lang")


def _toml_files(root: Path) -> list[Path]:
    """Every .toml file below a folder (or the file itself), sorted."""
    if root.is_file():
        return [root]
    if root.is_dir():
        return sorted(p for p in root.rglob("*.toml") if p.is_file())
    return []


def find_decks(game: str | None = None, lang: str | None = None, *,
               extra: Sequence[Path] = ()) -> list[Path]:
    """Deck files: the package's, ~/.config/partyhost/decks, then extra files or folders."""
    found: list[Path] = []
    for root in (shipped_decks_dir(), user_decks_dir(), *map(Path, extra)):
        for path in _toml_files(root):
            if game is None and lang is None:
                found.append(path)
                continue
            got_game, got_lang = _header(path)
            unreadable = got_game is None  # kept, so that loading it says why
            if unreadable or (game in (None, got_game) and lang in (None, got_lang)):
                found.append(path)
    unique: dict[Path, None] = dict.fromkeys(p.resolve() for p in found)
    return list(unique)


def load_game_decks(game: str, lang: str = "en", *, extra: Sequence[Path] = ()) -> list[Deck]:
    """Load every deck for a game and language; a broken one raises DeckError."""
    return [load_deck(path) for path in find_decks(game, lang, extra=extra)]


def _read(path: Path) -> dict[str, Any]:
    """Read a deck file's TOML within the size limit; raise DeckError if it cannot be read."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise DeckError(path, f"cannot read the file ({exc.strerror})") from None
    if size > MAX_FILE_BYTES:
        raise DeckError(path, f"file is {size} bytes, more than the {MAX_FILE_BYTES} allowed")
    try:
        return tomllib.loads(path.read_bytes().decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise DeckError(path, f"not UTF-8 text (byte {exc.start})") from None
    except tomllib.TOMLDecodeError as exc:
        raise DeckError(path, f"not valid TOML: {exc}") from None
    except RecursionError:
        raise DeckError(path, "not valid TOML: nested too deeply") from None


def _where(data: dict[str, Any], where: Sequence[str | int]) -> tuple[str | None, str | None]:
    """Turn a path inside the document into (entry, field): entry ids joined by '/'."""
    entry: list[str] = []
    node: Any = data
    field_name: str | None = None
    for step in where:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            node = None
        if isinstance(step, str):
            field_name = step
        elif isinstance(node, dict) and isinstance(node.get("id"), str):
            entry.append(node["id"])
            field_name = None
        elif isinstance(node, dict):
            entry.append(f"{field_name}[{step}]")
            field_name = None
        else:
            field_name = f"{field_name}[{step}]"
    if len(where) > 1 and where[0] == "deck":
        return "deck", field_name if field_name != "deck" else None
    return ("/".join(entry) or None), field_name


def _schema_errors(path: Path, data: dict[str, Any]) -> list[DeckError]:
    """Check the document against the JSON Schema; one DeckError per problem."""
    import jsonschema

    validator = jsonschema.Draft202012Validator(schema())
    found: list[DeckError] = []
    for err in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.path))):
        where: list[str | int] = list(err.absolute_path)
        message = _schema_message(err)
        if err.validator in ("required", "additionalProperties"):
            match = re.search(r"'([^']+)'", err.message)
            if match:
                where.append(match.group(1))
        entry, field_name = _where(data, where)
        found.append(DeckError(path, message, entry=entry, field=field_name))
    return found


def _schema_message(err: Any) -> str:
    """A short human message for one jsonschema error."""
    value, instance, kind = err.validator_value, err.instance, err.validator
    if kind == "type":
        return f"should be {'an' if str(value)[0] in 'aeiou' else 'a'} {value}"
    if kind in ("minItems", "maxItems"):
        if kind == "minItems":
            return "empty list" if value == 1 else f"needs at least {value} items"
        return f"more than {value} items"
    if kind == "enum":
        return f"{instance!r} is not one of {', '.join(map(str, value))}"[:MAX_TEXT]
    fixed = {
        "required": "missing",
        "additionalProperties": "unknown field",
        "minLength": "empty text",
        "maxLength": f"longer than {value} characters",
        "pattern": f"{instance!r} is not kebab-case ascii (like 'things-that-are-yellow')",
        "minimum": f"{instance!r} is below {value}",
        "maximum": f"{instance!r} is above {value}",
        "maxProperties": f"more than {value} entries",
    }
    return fixed.get(kind, str(err.message)[:MAX_TEXT])


def _answers(raw: Sequence[str]) -> tuple[AnswerEntry, ...]:
    """Split "Canonical | alias | alias" strings into AnswerEntry values."""
    out = []
    for text in raw:
        parts = [p.strip() for p in text.split("|")]
        out.append(AnswerEntry(parts[0], tuple(p for p in parts[1:] if p)))
    return tuple(out)


def _category(raw: dict[str, Any]) -> Category:
    """Build a Category from its (schema-valid) table."""
    return Category(
        id=raw["id"], title=raw["title"], kind=CategoryKind(raw.get("kind", "open")),
        closed=bool(raw.get("closed", False)), answers=_answers(raw.get("answers", ())),
        generator=raw.get("generator"), params=dict(raw.get("params", {})),
        difficulty=int(raw.get("difficulty", 1)), adult=bool(raw.get("adult", False)),
        people=bool(raw.get("people", False)), source=raw.get("source"),
    )


def _build(path: Path, data: dict[str, Any]) -> Deck:
    """Build a Deck from a schema-valid document."""
    head = data["deck"]
    expansion = bool(head.get("expansion", False))
    cards = tuple(CategoryCard(c["id"], tuple(_category(x) for x in c["categories"]), expansion)
                  for c in data.get("cards", ()))
    questions = tuple(QuestionCard(q["id"], q["question"], _answers(q["answers"]),
                                   int(q.get("difficulty", 1)))
                      for q in data.get("questions", ()))
    lists = tuple(CategoryList(x["id"], tuple(_category(c) for c in x["categories"]))
                  for x in data.get("lists", ()))
    return Deck(game=head["game"], lang=head["lang"], name=head["name"], path=path,
                cards=cards, version=int(head.get("version", 1)), questions=questions,
                lists=lists)


def parse_deck(path: Path, *, check: bool = True
               ) -> tuple[Deck | None, list[DeckError], list[DeckError]]:
    """Read, schema-check and build a deck: (deck or None, errors, warnings); without
    `check`, a deck known to be sound is only read and built."""
    path = Path(path)
    try:
        data = _read(path)
    except DeckError as exc:
        return None, [exc], []
    for name in ("cards", "questions", "lists"):
        items = data.get(name)
        if isinstance(items, list) and len(items) > MAX_ENTRIES:  # fail fast, before the schema
            return None, [DeckError(path, f"more than {MAX_ENTRIES} items", field=name)], []
    if not check:
        return _build(path, data), [], []
    errors = _schema_errors(path, data)
    if errors:
        return None, errors, []
    deck = _build(path, data)
    errors, warnings = structure_problems(deck)
    return (None if errors else deck), errors, warnings


def _dupe_ids(path: Path, kind: str, ids: Sequence[tuple[str | None, str]]) -> list[DeckError]:
    """One error per id used twice among (parent entry, id) pairs."""
    seen: set[str] = set()
    errors = []
    for parent, ident in ids:
        if ident in seen:
            entry = f"{parent}/{ident}" if parent else ident
            errors.append(DeckError(path, f"duplicate {kind} id", entry=entry, field="id"))
        seen.add(ident)
    return errors


def _category_problems(path: Path, parent: str, cat: Category, lang: str,
                       ) -> tuple[list[DeckError], list[DeckError]]:
    """Errors and warnings of one category: kind fields, alias syntax, letters, repeats."""
    from host.judge.generated import param_problem
    from host.judge.text import answer_letters, normalize

    entry = f"{parent}/{cat.id}"
    errors: list[DeckError] = []
    warnings: list[DeckError] = []
    if cat.kind is CategoryKind.LISTED and not cat.answers:
        errors.append(DeckError(path, "a listed category needs answers", entry=entry,
                                field="answers"))
    if cat.kind is CategoryKind.GENERATED:
        problem = ("a generated category needs a generator" if not cat.generator
                   else param_problem(cat.generator, cat.params, lang))
        if problem:
            errors.append(DeckError(path, problem, entry=entry, field="generator"))
    elif cat.generator:
        errors.append(DeckError(path, f"generator given but kind is '{cat.kind}'", entry=entry,
                                field="generator"))
    if cat.source and cat.kind is not CategoryKind.LISTED:
        errors.append(DeckError(path, "source is for listed categories", entry=entry,
                                field="source"))
    keys: dict[str, str] = {}
    for answer in cat.answers:
        for text in (answer.text, *answer.aliases):
            if not answer_letters(text, lang, cat.people):
                errors.append(DeckError(path, f"answer {text!r} has no letter to play it with",
                                        entry=entry, field="answers"))
            key = normalize(text, lang=lang)
            if key in keys and keys[key] != answer.text:
                warnings.append(DeckError(path, f"answer {text!r} repeats {keys[key]!r}",
                                          entry=entry, field="answers"))
            keys.setdefault(key, answer.text)
    return errors, warnings


def _game_problems(deck: Deck, path: Path) -> list[DeckError]:
    """Errors in what a game needs: 3 categories a card, 12 a list, 7 answers a question."""
    from host.registry import GAMES

    errors: list[DeckError] = []
    need = GAMES[deck.game].deck_entries if deck.game in GAMES else None
    present = {"cards": deck.cards, "questions": deck.questions, "lists": deck.lists}
    for name, items in present.items():
        if items and need != name:
            errors.append(DeckError(path, f"a {deck.game} deck has no {name}", field=name))
    if need and not present[need]:
        errors.append(DeckError(path, f"a {deck.game} deck needs {need}", field=need))
    for card in deck.cards:
        if len(card.categories) != 3:
            errors.append(DeckError(path, f"{len(card.categories)} categories, a card has 3",
                                    entry=card.id, field="categories"))
    for lst in deck.lists:
        if len(lst.categories) != 12:
            errors.append(DeckError(path, f"{len(lst.categories)} categories, a list has 12",
                                    entry=lst.id, field="categories"))
    from host.judge.text import normalize

    for q in deck.questions:
        distinct = {normalize(a.text, lang=deck.lang) for a in q.answers}
        if len(distinct) < 7:
            errors.append(DeckError(path, f"{len(distinct)} distinct answers, a question needs 7",
                                    entry=q.id, field="answers"))
    return errors


def structure_problems(deck: Deck) -> tuple[list[DeckError], list[DeckError]]:
    """Errors and warnings past the schema: ids, game shape, categories, answer letters."""
    path = deck.path or Path("<deck>")
    errors = _game_problems(deck, path)
    tops = [c.id for c in deck.cards] + [q.id for q in deck.questions] + [x.id for x in deck.lists]
    errors += _dupe_ids(path, "entry", [(None, i) for i in tops])
    from host.registry import GAMES

    warnings: list[DeckError] = []
    groups = [(c.id, c.categories) for c in deck.cards] + [(x.id, x.categories) for x in deck.lists]
    if deck.game in GAMES and GAMES[deck.game].categories_repeat:  # one entry has each once
        for parent, cats in groups:
            errors += _dupe_ids(path, "category", [(parent, c.id) for c in cats])
    else:  # a category id is the deck's once
        errors += _dupe_ids(path, "category", [(p, c.id) for p, cats in groups for c in cats])
    for parent, cats in groups:
        for cat in cats:
            errs, warns = _category_problems(path, parent, cat, deck.lang)
            errors += errs
            warnings += warns
    return errors, warnings
