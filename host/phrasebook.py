"""Turn game notes into the host's sentences, from the phrasebook in host/lines/<lang>.toml."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from host.games.common import Note
from host.games.crack_list_cards import ACTIONS

SILENT = frozenset({"timer"})
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


def card_name(card: str) -> str:
    """How a card is said: "J", "Joker", "Crack List"."""
    return card.replace("_", " ").title() if card in ACTIONS else card


class Phrasebook:
    """The lines of one language, and the variant picker."""

    def __init__(self, lang: str = "en", rng: random.Random | None = None) -> None:
        book = resources.files("host.lines").joinpath(f"{lang}.toml")
        self.lang = lang if book.is_file() else "en"
        text = resources.files("host.lines").joinpath(f"{self.lang}.toml").read_text("utf-8")
        data = tomllib.loads(text)
        self.lines: Mapping[str, list[str]] = data["lines"]
        self.refusals: Mapping[str, list[str]] = data["refusals"]
        self.house_rules: Mapping[str, list[str]] = data.get("house_rules", {})
        self.rng = rng or random.Random()

    def line(self, key: str, **params: Any) -> str:
        """One variant of a line, filled in."""
        variants = self.lines.get(key) or self.refusals.get(key) or self.refusals["default"]
        return self.rng.choice(variants).format_map(_Params(with_derived(params)))

    def countdown_tick(self, n: int) -> str:
        """How the host calls one number of the countdown ("Four!")."""
        return self.line("countdown_tick", n=NUMBER_WORDS[n].title())

    def render(self, note: Note) -> str | None:
        """The sentence for a note, or None when the note is not spoken."""
        if note.kind in SILENT:
            return None
        params = dict(note.params)
        if note.kind == "refused":
            reason = params.get("reason", "default")
            if reason == "stale_timer":
                return None
            variants = self.refusals.get(reason) or self.refusals["default"]
            return self.rng.choice(variants).format_map(_Params(with_derived(params)))
        key = self._variant_key(note.kind, params)
        text = self.line(key, **params)
        if note.kind == "answer_accepted" and params.get("cards") == 1:
            text += " " + self.line("last_card", **params)
        return text

    @staticmethod
    def _variant_key(kind: str, params: Mapping[str, Any]) -> str:
        if kind == "answer_accepted" and params.get("unverified"):
            return "answer_unverified"
        if kind == "ask_penalty" and params.get("optional"):
            return "ask_penalty_optional"
        if kind.startswith("penalty_") and params.get("automatic"):
            return "penalty_auto"
        return kind


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
    if "cards" in params and isinstance(params["cards"], list):
        out["cards_text"] = spoken_list([card_name(c) for c in params["cards"]])
    if "accept" in params:
        out["vote_word"] = "yes" if params["accept"] else "no"
    if "letters" in params:
        out["letters_text"] = spoken_list(list(params["letters"]), "or")
    if "card" in params and isinstance(params["card"], str):
        out["card_name"] = card_name(params["card"])
    return out
