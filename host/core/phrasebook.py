"""Turn game notes into the host's sentences: the core lines (host/core/lines/<lang>.toml) with
the game's own lines (host/games/<game>/lines/<lang>.toml) layered over them."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from host.core.events import TEAM_JOIN, Note
from host.core.talk import NUMBER_WORDS


def spoken_list(items: Sequence[str], conjunction: str = "and", *, serial: bool = False) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cat"; `serial` puts a comma before the last one
    too, for items that hold an "and" of their own ("Ann and Bob, and Cat and Dan")."""
    items = [str(item) for item in items]
    if len(items) < 2:
        return "".join(items)
    last = f", {conjunction} " if serial else f" {conjunction} "
    return f"{', '.join(items[:-1])}{last}{items[-1]}"


def cards_phrase(count: int) -> str:
    """ "no cards", "one card", "3 cards"."""
    if count == 0:
        return "no cards"
    return "one card" if count == 1 else f"{count} cards"


def is_team(name: str) -> bool:
    """True for a seat named after its team's members (host.core.events.make_seats)."""
    return TEAM_JOIN in name


def seat_name(name: str) -> str:
    """How a seat is said: a player's name, or a team's members ("Cat, Dan and Eve")."""
    return spoken_list(name.split(TEAM_JOIN)) if is_team(name) else name


def seats_list(names: Sequence[str]) -> str:
    """Seats read out in a list: "Ann, Bob and Cat"; teams each named as one, so that the
    list is heard as teams: "Team Ann and Bob, and Team Cat, Dan and Eve"."""
    if not any(is_team(name) for name in names):
        return spoken_list(names)
    return spoken_list([f"Team {seat_name(name)}" for name in names], serial=True)


PLURAL_VERBS = {
    "is": "are", "has": "have", "was": "were", "calls": "call", "challenges": "challenge",
    "chooses": "choose", "cracks": "crack", "draws": "draw", "gets": "get", "hands": "hand",
    "misses": "miss", "passes": "pass", "picks": "pick", "plays": "play", "reverses": "reverse",
    "swaps": "swap", "takes": "take", "votes": "vote", "wins": "win",
}
"""The verbs a line may put after a seat ({player_draws}), as a player and as a team (a team
is plural: "Ann and Bob draw")."""


def agree(subject: str, verb: str) -> str:
    """The verb as `subject` takes it: "Bob draws", "Ann and Bob draw"."""
    return PLURAL_VERBS[verb] if is_team(subject) else verb


AN_LETTERS = frozenset("AEFHILMNORSX")
"""Letters whose name starts with a vowel sound: an A, an F, an H, an X (but a U)."""


def with_article(word: str) -> str:
    """ "a Joker", "an I", "a U", "an Egg timer", "a unicorn"."""
    lower = word.lower()
    if len(word) == 1 and word.isalpha():
        vowel = word.upper() in AN_LETTERS
    else:
        vowel = (lower[:1] in ("a", "e", "i", "o", "u")
                 and not lower.startswith(("one", "uni", "use", "usu", "eu", "ewe")))
        vowel = vowel or lower.startswith(("hour", "honest", "honour", "heir"))
    return f"{'an' if vowel else 'a'} {word}"


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
    people: tuple[str, ...] = ("player",)
    """The params that name a seat (a player, or a team said as its members)."""
    shared: tuple[str, ...] = ()
    """Packages of lines the game shares with others (the answer judge's house rules), layered
    between the core's and the game's; their house rules follow the game's own."""


CORE_LINES = "host.core.lines"


class Phrasebook:
    """The lines of one language (the core's, under the game's), and the variant picker."""

    def __init__(self, lang: str = "en", rng: random.Random | None = None,
                 game: GameVoice | None = None) -> None:
        self.game = game or GameVoice(CORE_LINES)
        layers = list(dict.fromkeys([CORE_LINES, *self.game.shared, self.game.package]))
        spoken = all(resources.files(package).joinpath(f"{lang}.toml").is_file()
                     for package in layers)
        self.lang = lang if spoken else "en"  # one language throughout, never a mix
        self.lines: dict[str, list[str]] = {}
        self.refusals: dict[str, list[str]] = {}
        self.page_lines: dict[str, list[str]] = {}
        """Lines worded otherwise when the players have the companion pages (`use_pages`)."""
        self.page_text: dict[str, str] = {}
        """What the companion pages show (labels, hints): never said."""
        self.rule_figures: dict[str, Any] = {}
        """The figures the house rules quote ({turn_seconds}): the book's own, or a table's."""
        rules = [self._layer(package) for package in layers]
        self.rule_texts = [rule for laid in reversed(rules) for rule in laid]
        """The game's own house rules first, then the shared ones."""
        self.rng = rng or random.Random()

    def _layer(self, package: str) -> list[str]:
        """Lay one package's lines, refusals and rule figures over those laid before; its
        house rules."""
        book = resources.files(package).joinpath(f"{self.lang}.toml")
        if not book.is_file():
            book = resources.files(package).joinpath("en.toml")
        data = tomllib.loads(book.read_text("utf-8"))
        self.lines.update(data.get("lines", {}))
        self.refusals.update(data.get("refusals", {}))
        self.page_lines.update(data.get("with_pages", {}))
        self.page_text.update(data.get("page", {}))
        rules = data.get("house_rules", {})
        self.rule_figures.update(rules.get("figures", {}))
        return list(rules.get("rules", []))

    def use_pages(self) -> None:
        """The players have the companion pages: the lines a book words otherwise then (its
        [with_pages] table: "write on your phone", not "on paper") replace the usual ones."""
        self.lines.update(self.page_lines)

    def page(self, key: str, **params: Any) -> str:
        """A companion page's text, filled in as written (the key itself when no book has
        it): a label inside another keeps its small letter, and no spoken form is derived
        (a page shows names and figures as they are)."""
        return self.page_text.get(key, key).format_map(_Params(params))

    @property
    def house_rules(self) -> list[str]:
        """The house rules, quoting the table's figures (the book's own unless set)."""
        figures = _Params(self.rule_figures)
        return [rule.format_map(figures) if figures else rule for rule in self.rule_texts]

    def line(self, key: str, **params: Any) -> str:
        """One variant of a line, filled in."""
        variants = self.lines.get(key) or self.refusals.get(key) or self.refusals["default"]
        return self.fill(self.rng.choice(variants), params)

    def names(self, seats: Sequence[str]) -> str:
        """Seats in a list, in the host's language: "Ann, Bob and Cat", "Ann, Bob et Cat"."""
        conjunction = (self.lines.get("list_and") or ["and"])[0]
        return spoken_list([seat_name(name) for name in seats], conjunction)

    def fill(self, variant: str, params: Mapping[str, Any]) -> str:
        """One variant filled in with the params and the spoken forms derived from them,
        starting with a capital whatever its first placeholder holds ("carrot? Sorry, Bob" is
        "Carrot? Sorry, Bob")."""
        text = variant.format_map(self._params(params))
        return text[:1].upper() + text[1:]

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
            return self.fill(self.rng.choice(variants), params)
        return " ".join(self.line(key, **params) for key in self.game.keys(note))

    def _params(self, params: Mapping[str, Any]) -> _Params:
        seats = {key: seat_name(value) for key, value in params.items()
                 if key in self.game.people and isinstance(value, str)}
        return _Params(self.game.derive(with_derived({**params, **seats})))


class _Params(dict[str, Any]):
    """Format parameters with the forms derived on demand: {a_card_name} ("an I"),
    {hand_size_cards} ("8 cards"), {player_draws} ("Bob draws", "Ann and Bob draw"). An
    unknown {placeholder} is left as it is instead of failing."""

    def __missing__(self, key: str) -> str:
        head, _, tail = key.partition("_")
        if head == "a" and isinstance(self.get(tail), str):
            return with_article(self[tail])
        subject, _, last = key.rpartition("_")
        value = self.get(subject)
        if last == "cards" and isinstance(value, int) and not isinstance(value, bool):
            return cards_phrase(value)
        if last in PLURAL_VERBS and isinstance(value, str):
            return f"{value} {agree(value, last)}"
        return "{" + key + "}"


def with_derived(params: Mapping[str, Any]) -> dict[str, Any]:
    """Add the spoken forms the core's lines and every game's use: the players as a list, and
    a vote as a word (a game's own forms are its GameVoice.derive)."""
    out = dict(params)
    if "players" in params and not isinstance(params["players"], str):
        out["players"] = seats_list(params["players"])
    if "accept" in params:
        out["vote_word"] = "yes" if params["accept"] else "no"
    return out
