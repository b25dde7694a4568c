"""`partyhost judge`: rule on one answer for a deck's category or an answer file, as JSON."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from host.decks import MAX_FILE_BYTES, AnswerEntry, Category, CategoryKind, DeckError


def register(subparsers: Any) -> None:
    """Add the `judge` sub-command."""
    parser = subparsers.add_parser(
        "judge", help="judge one answer and print the verdict as JSON",
        description='Prints {"accepted": true|false|null, "matched": ..., "letters": [...], '
        '"reason": ...}; accepted null means the table votes.')
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--deck", type=Path, metavar="D",
                        help="a deck file, or the name or file stem of an installed deck")
    source.add_argument("--answers", type=Path, metavar="FILE",
                        help="a closed list: UTF-8, one answer a line, aliases after ' | '")
    source.add_argument("--generator", metavar="NAME", help="a generated category, e.g. rhymes")
    parser.add_argument("--category", "-c", metavar="C",
                        help="category id or title, or Short List question id (with --deck)")
    parser.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                        help="generator parameter, e.g. word=haze (with --generator)")
    parser.add_argument("--letter", "-l", metavar="L", help="the letter the answer must carry")
    parser.add_argument("--given", action="append", default=[], metavar="ANSWER",
                        help="an answer already given in this category (repeat the option)")
    parser.add_argument("--lang", default=None, choices=("en", "fr"),
                        help="language (default: the deck's, else en)")
    parser.add_argument("--game", choices=("crack-word",), default=None,
                        help='judge a word as a game does: crack-word prints {"accepted", '
                        '"normalised", "reason"} (default language fr)')
    parser.add_argument("answer", metavar="ANSWER", help="the answer to judge")
    parser.set_defaults(func=run)


class UsageError(ValueError):
    """A command-line mistake, reported as one sentence."""


def _find_deck(spec: Path, lang: str | None) -> Path:
    """A deck path, or the installed deck (of that language) whose name or file stem is spec."""
    from host.decks import find_decks, load_deck

    if spec.exists():
        return spec
    for path in find_decks(lang=lang):
        if path.stem == str(spec):
            return path
        try:
            if load_deck(path).name.lower() == str(spec).lower():
                return path
        except DeckError:
            continue
    raise UsageError(f"no deck file or installed deck named {str(spec)!r}")


def deck_category(spec: Path, wanted: str | None, lang: str | None) -> tuple[Category, str]:
    """The category (by id or title) of a deck, and the deck's language."""
    from host.decks import load_deck
    from host.judge.deckcheck import categories

    deck = load_deck(_find_deck(spec, lang))
    if not wanted:
        raise UsageError("--deck needs --category (a category id or title)")
    found = [cat for _entry, cat in categories(deck)] + [q.category for q in deck.questions]
    for cat in found:
        if wanted in (cat.id, cat.title) or wanted.lower() == cat.title.lower():
            return cat, deck.lang
    raise UsageError(f"deck {deck.name!r} has no category {wanted!r}")


def file_category(path: Path) -> Category:
    """A closed listed category read from an answer file."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise UsageError(f"{path}: more than {MAX_FILE_BYTES} bytes")
        text = path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise UsageError(f"{path}: cannot read the file ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    answers = []
    for line in text.splitlines():
        parts = [p.strip() for p in line.split("|") if p.strip()]
        if parts:
            answers.append(AnswerEntry(parts[0][:200], tuple(p[:200] for p in parts[1:])))
    if not answers:
        raise UsageError(f"{path}: no answers in the file")
    return Category(path.stem, path.stem, CategoryKind.LISTED, closed=True,
                    answers=tuple(answers))


def generator_category(name: str, params: list[str], lang: str) -> Category:
    """A generated category from --generator and --param KEY=VALUE options."""
    from host.judge.generated import param_problem

    values: dict[str, str | int] = {}
    for item in params:
        key, sep, value = item.partition("=")
        if not sep:
            raise UsageError(f"--param {item!r}: write KEY=VALUE")
        values[key] = int(value) if value.isdigit() else value
    problem = param_problem(name, values, lang)
    if problem:
        raise UsageError(problem)
    return Category(name, name, CategoryKind.GENERATED, generator=name, params=values)


def crack_word_verdict(word: str, lang: str) -> dict[str, Any]:
    """Crack Word's ruling on a word: a game word or not, its card letters, and why not."""
    from host.games.crack_word.dictionary import load_dictionary

    dictionary = load_dictionary(lang)
    reason = dictionary.why_not(word)
    return {"game": "crack-word", "lang": lang, "word": word, "accepted": reason is None,
            "normalised": dictionary.normalised(word), "reason": reason}


def run_crack_word(args: argparse.Namespace) -> int:
    """Print Crack Word's verdict as one JSON object; exit 2 when the word list is missing."""
    from host.games.crack_word.dictionary import MissingWordList

    if args.deck or args.answers or args.generator or args.letter or args.category:
        print("partyhost judge: --game crack-word takes a word alone (and --lang)",
              file=sys.stderr)
        return 2
    try:
        verdict = crack_word_verdict(args.answer, args.lang or "fr")
    except MissingWordList as exc:
        print(f"partyhost judge: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(verdict, ensure_ascii=False))
    return 0


def run(args: argparse.Namespace) -> int:
    """Print the verdict as one JSON object; exit 2 with one sentence on bad input."""
    from host.judge import Judge

    if args.game == "crack-word":
        return run_crack_word(args)
    lang = args.lang or "en"
    try:
        if args.deck:
            category, deck_lang = deck_category(args.deck, args.category, args.lang)
            lang = args.lang or deck_lang
        elif args.answers:
            category = file_category(args.answers)
        elif args.generator:
            category = generator_category(args.generator, args.param, lang)
        else:
            category = Category("open", "open", CategoryKind.OPEN)
        if args.letter is not None and not (len(args.letter) == 1 and args.letter.isalpha()):
            raise UsageError(f"--letter {args.letter!r}: give one letter")
        verdict = Judge(lang=lang).judge(category, args.answer, letter=args.letter,
                                         given=args.given)
    except (UsageError, DeckError) as exc:
        print(f"partyhost judge: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(verdict.as_json(), ensure_ascii=False))
    return 0
