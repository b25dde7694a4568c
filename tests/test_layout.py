"""How the tests are laid out: a test file imports its helpers from a shared module (a
conftest or a helpers module such as tests/core/fakegame), never from another test file."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def imported_names(source: str) -> Iterator[str]:
    """Every dotted name an import of this source names (`from tests.a import b`: tests.a.b,
    since b may be a module)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield from (f"{node.module}.{alias.name}" for alias in node.names)


def owning_test_module(name: str) -> str | None:
    """The test module (tests.….test_*) a dotted name is in or is, if any."""
    parts = name.split(".")
    if parts[0] != "tests":
        return None
    first = next((i for i, part in enumerate(parts) if part.startswith("test_")), None)
    return None if first is None else ".".join(parts[: first + 1])


def imported_test_modules(source: str) -> list[str]:
    """The test modules this source imports from."""
    return sorted({module for name in imported_names(source)
                   if (module := owning_test_module(name)) is not None})


def test_the_check_finds_every_way_of_importing_a_test_module() -> None:
    source = ("from tests.games.crack_word.test_rules import row\n"
              "import tests.test_cli_play\nfrom tests.speech import test_whisper\n"
              "from tests.core.fakegame.table import started\nfrom host.core import session\n"
              "from tests.lobby.conftest import SILENCE\n")
    assert imported_test_modules(source) == [
        "tests.games.crack_word.test_rules", "tests.speech.test_whisper", "tests.test_cli_play"]


def test_no_test_file_imports_from_another_test_file() -> None:
    offenders = [f"{path.relative_to(TESTS)}: {module}"
                 for path in sorted(TESTS.rglob("*.py"))
                 for module in imported_test_modules(path.read_text("utf-8"))]
    assert not offenders, "move the shared helper into a conftest or a helpers module (not " \
        "named test_*) and import it from there:\n" + "\n".join(offenders)
