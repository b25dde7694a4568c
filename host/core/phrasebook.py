"""Turn game notes into the host's sentences: the core lines (host/core/lines/<lang>.toml) with
the game's own lines (host/games/<game>/lines/<lang>.toml) layered over them."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from host.core.events import Note

NUMBER_WORDS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
)


def spoken_list(items: Sequence[str], conjunction: str = "and") -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cat"."""
    items = [str(item) for item in items]
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def cards_phrase(count: int) -> str:
    """ "one card", "3 cards"."""
    return "one card" if count == 1 else f"{count} cards"


def _one_key(note: Note) -> list[str]:
    return [note.kind]


def _same(params: dict[str, Any]) -> dict[str, Any]:
    return params


@dataclass(frozen=True)
class GameVoice:
    """How one game's notes become lines: where its lines live, which keys a note is said
    with, and the spoken forms its lines use beyond the core ones."""

    package: str
    """The package holding the game's <lang>.toml files."""
    keys: Callable[[Note], list[str]] = field(default=_one_key)
    derive: Callable[[dict[str, Any]], dict[str, Any]] = field(default=_same)


CORE_LINES = "host.core.lines"


class Phrasebook:
    """The lines of one language (the core's, under the game's), and the variant picker."""

    def __init__(self, lang: str = "en", rng: random.Random | None = None,
                 game: GameVoice | None = None) -> None:
        self.lang = lang if resources.files(CORE_LINES).joinpath(f"{lang}.toml").is_file() \
            else "en"
        self.game = game or GameVoice(CORE_LINES)
        self.lines: dict[str, list[str]] = {}
        self.refusals: dict[str, list[str]] = {}
        self.house_rules: list[str] = []
        for package in dict.fromkeys([CORE_LINES, self.game.package]):
            self._layer(package)
        self.rng = rng or random.Random()

    def _layer(self, package: str) -> None:
        book = resources.files(package).joinpath(f"{self.lang}.toml")
        if not book.is_file():
            book = resources.files(package).joinpath("en.toml")
        data = tomllib.loads(book.read_text("utf-8"))
        self.lines.update(data.get("lines", {}))
        self.refusals.update(data.get("refusals", {}))
        self.house_rules = data.get("house_rules", {}).get("rules", self.house_rules)

    def line(self, key: str, **params: Any) -> str:
        """One variant of a line, filled in."""
        variants = self.lines.get(key) or self.refusals.get(key) or self.refusals["default"]
        return self.rng.choice(variants).format_map(self._params(params))

    def countdown_tick(self, n: int) -> str:
        """How the host calls one number of the countdown ("Four!")."""
        return self.line("countdown_tick", n=NUMBER_WORDS[n].title())

    def render(self, note: Note) -> str | None:
        """The sentence for a note, or None when the note is not spoken."""
        params = dict(note.params)
        if note.kind == "refused":
            reason = params.get("reason", "default")
            if reason == "stale_timer":
                return None
            variants = self.refusals.get(reason) or self.refusals["default"]
            return self.rng.choice(variants).format_map(self._params(params))
        return " ".join(self.line(key, **params) for key in self.game.keys(note))

    def _params(self, params: Mapping[str, Any]) -> _Params:
        return _Params(self.game.derive(with_derived(params)))


class _Params(dict[str, Any]):
    """Format parameters that leave an unknown {placeholder} as it is instead of failing."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def with_derived(params: Mapping[str, Any]) -> dict[str, Any]:
    """Add the spoken forms lines use: lists, card counts, scores."""
    out = dict(params)
    if "titles" in params:
        titles = params["titles"]
        numbered = [f"{NUMBER_WORDS[i + 1]}: {title}" for i, title in enumerate(titles)]
        out["titles_numbered"] = spoken_list(numbered, "or")
    if "count" in params:
        out["count_cards"] = cards_phrase(int(params["count"]))
    if "penalty" in params:
        out["penalty_cards"] = cards_phrase(int(params["penalty"]))
    if "targets" in params:
        targets = params["targets"]
        out["target_list"] = spoken_list([f"{name} takes {cards_phrase(n)}" for name, n in targets])
        out["target_cards"] = cards_phrase(sum(n for _, n in targets))
    if "score" in params:
        out["score_text"] = spoken_list([f"{name} {won}" for name, won in params["score"].items()])
    if "players" in params and not isinstance(params["players"], str):
        out["players_text"] = spoken_list(params["players"])
        out["players"] = out["players_text"]
    if "accept" in params:
        out["vote_word"] = "yes" if params["accept"] else "no"
    if "letters" in params:
        out["letters_text"] = spoken_list(list(params["letters"]), "or")
    return out
