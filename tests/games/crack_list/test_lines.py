"""Crack List's phrasebook against its kinds: every note and refusal has a line, every line is
said by something, and the game names its notes and refusals by member, not by string."""

from __future__ import annotations

import ast
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from host.core.events import Note, TimeUp
from host.core.phrasebook import Phrasebook
from host.games.crack_list import cards
from host.games.crack_list.announce import VOICE, line_keys
from host.games.crack_list.events import CrackListEvent
from host.games.crack_list.notes import PENALTY_NOTES, NoteKind, Refusal
from host.games.crack_list.rules import NOT_NOW

VARIANT_PARAMS: tuple[dict[str, object], ...] = (
    {}, {"unverified": True}, {"optional": True}, {"automatic": True}, {"cards": 1},
    {"physical": True}, {"optional": True, "target": "Ann"},
    {"reason": "wrong_letter", "letters": ("V",), "letter": "W"}, {"voter": "Ann"},
)
"""Params that make line_keys say a note with a variant line (or add one)."""

SESSION_LINES = {
    "welcome": "the session opens the game with it (host.core.session)",
    "help": "the session answers 'help' with it",
}
"""Keys of the game's lines said by something other than a note of the game."""

PACKAGE = Path(__file__).parents[3] / "host" / "games" / "crack_list"


@pytest.fixture(scope="module")
def book() -> Phrasebook:
    """The English phrasebook: the core's lines under Crack List's."""
    return Phrasebook(game=VOICE)


@pytest.fixture(scope="module")
def game_file() -> dict[str, dict[str, list[str]]]:
    """Crack List's own English lines file, without the core's."""
    text = resources.files(VOICE.package).joinpath("en.toml").read_text("utf-8")
    return tomllib.loads(text)


def spoken_keys(kind: str) -> set[str]:
    """Every line key a note of this kind can be said with."""
    return {key for params in VARIANT_PARAMS for key in line_keys(Note(kind, params))}


@pytest.mark.parametrize("kind", list(NoteKind))
def test_every_note_kind_has_its_lines(book: Phrasebook, kind: NoteKind) -> None:
    missing = sorted(key for key in spoken_keys(kind) if not book.lines.get(key))
    assert not missing, f"{kind!r} is said with lines that do not exist: {missing}"


@pytest.mark.parametrize("reason", list(Refusal))
def test_every_refusal_has_its_line(book: Phrasebook, reason: Refusal) -> None:
    assert reason in book.refusals, f"{reason!r} would be said as the default refusal"


def test_every_line_of_the_game_is_said(game_file: dict[str, dict[str, list[str]]]) -> None:
    said = {key for kind in NoteKind for key in spoken_keys(kind)} | set(SESSION_LINES)
    assert sorted(set(game_file["lines"]) - said) == []


def test_every_refusal_line_of_the_game_is_a_refusal(
    game_file: dict[str, dict[str, list[str]]],
) -> None:
    assert sorted(set(game_file["refusals"]) - set(Refusal)) == []


def test_no_line_is_both_a_note_and_a_refusal(book: Phrasebook) -> None:
    """A key in both tables would be said with the note's line (Phrasebook.line looks there
    first), whichever was meant."""
    assert sorted(set(Refusal) & set(book.lines)) == []


def test_every_event_has_a_refusal_for_the_wrong_moment() -> None:
    events = set(CrackListEvent.__args__) - {TimeUp}
    assert set(NOT_NOW) == events


def test_every_penalty_a_card_gives_has_its_note() -> None:
    penalties = {cards.penalty_of(letter) for letter in cards.LETTERS} - {0}
    assert set(PENALTY_NOTES) == penalties


def _calls_with_a_literal_kind(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name in ("Note", "IllegalEvent", "_say") and isinstance(
            node.args[0], ast.Constant | ast.JoinedStr
        ):
            found.append(f"{path.name}:{node.lineno} {name}({ast.unparse(node.args[0])})")
    return found


def test_the_game_names_its_notes_and_refusals_by_member() -> None:
    """A string kind would escape the enums (and this file's checks)."""
    found = [call for path in sorted(PACKAGE.glob("*.py")) for call in
             _calls_with_a_literal_kind(path)]
    assert found == []
