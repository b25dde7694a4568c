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
from host.core.spoken import (
    AGREEING,
    AN_LETTERS,
    AND,
    PLURAL_VERBS,
    agree,
    cards_phrase,
    de,
    in_lang,
    is_team,
    le,
    said_number,
    seat_name,
    seats_list,
    spoken_list,
    vote_word,
    with_article,
)

__all__ = [
    "AN_LETTERS", "CORE_LINES", "PLURAL_VERBS", "GameVoice", "Phrasebook", "agree",
    "cards_phrase", "is_team", "seat_name", "seats_list", "spoken_list", "with_article",
    "with_derived",
]
"""The spoken forms (host.core.spoken) are here too, where the games have long found them."""


def _one_key(note: Note) -> list[str]:
    return [note.kind]


def _same(params: dict[str, Any], lang: str) -> dict[str, Any]:
    return params


@dataclass(frozen=True)
class GameVoice:
    """How one game's notes become lines: where its lines live, which keys a note is said
    with, and the spoken forms its lines use beyond the core ones (`derive`, given the params
    and the book's language: each form said in that language)."""

    package: str
    """The package holding the game's <lang>.toml files."""
    keys: Callable[[Note], list[str]] = field(default=_one_key)
    derive: Callable[[dict[str, Any], str], dict[str, Any]] = field(default=_same)
    people: tuple[str, ...] = ("player",)
    """The params that name a seat (a player, or a team said as its members)."""
    shared: tuple[str, ...] = ()
    """Packages of lines the game shares with others (the answer judge's house rules), layered
    between the core's and the game's; their house rules follow the game's own."""


CORE_LINES = "host.core.lines"
WORDED = ("with_pages", "with_physical_cards")
"""The situations a book words some lines otherwise for, each its table: the players have
the companion pages ("write on your phone", not "on paper"), or play with the box's own cards
(the host cannot see the hands, and no help line offers them)."""


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
        self.worded: dict[str, dict[str, list[str]]] = {table: {} for table in WORDED}
        """Lines worded otherwise in a situation, by the books' table of it (`use`)."""
        self.situations: set[str] = set()
        """The situations the table is in (`use`)."""
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
        for table, lines in self.worded.items():
            lines.update(data.get(table, {}))
        self.page_text.update(data.get("page", {}))
        rules = data.get("house_rules", {})
        self.rule_figures.update(rules.get("figures", {}))
        return list(rules.get("rules", []))

    def use(self, situation: str) -> None:
        """The table is in this situation (one of WORDED): the lines the books word otherwise
        then replace the usual ones; in two situations, the one WORDED names later words them
        (with the box's cards and the pages, no page shows a hand to tap)."""
        self.situations.add(situation)
        for table in WORDED:
            if table in self.situations:
                self.lines.update(self.worded[table])

    def page(self, key: str, **params: Any) -> str:
        """A companion page's text, filled in as written (the key itself when no book has
        it): a label inside another keeps its small letter, and no game's spoken form is
        derived (a page shows names and figures as they are, a team's members joined in the
        page's language)."""
        seats, teams = self._seats(params)
        return self.page_text.get(key, key).format_map(
            _Params({**params, **seats}, self.lang, teams))

    @property
    def house_rules(self) -> list[str]:
        """The house rules, quoting the table's figures (the book's own unless set)."""
        figures = _Params(self.rule_figures, self.lang)
        return [rule.format_map(figures) if figures else rule for rule in self.rule_texts]

    def line(self, key: str, **params: Any) -> str:
        """One variant of a line, filled in."""
        variants = self.lines.get(key) or self.refusals.get(key) or self.refusals["default"]
        return self.fill(self.rng.choice(variants), params)

    def names(self, seats: Sequence[str]) -> str:
        """Seats in a list, in the host's language: "Ann, Bob and Cat", "Ann, Bob et Cat"."""
        return spoken_list([seat_name(name, self.lang) for name in seats],
                           in_lang(AND, self.lang))

    def fill(self, variant: str, params: Mapping[str, Any]) -> str:
        """One variant filled in with the params and the spoken forms derived from them,
        starting with a capital whatever its first placeholder holds ("carrot? Sorry, Bob" is
        "Carrot? Sorry, Bob")."""
        text = variant.format_map(self._params(params))
        return text[:1].upper() + text[1:]

    def countdown_tick(self, n: int) -> str:
        """How the host calls one number of the countdown ("Four!", "Quatre !")."""
        return self.line("countdown_tick", n=said_number(n, self.lang).capitalize())

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
        """The params with every spoken form in the book's language: seats said as names,
        the core's forms and the game's (GameVoice.derive), the rest derived on demand."""
        seats, teams = self._seats(params)
        derived = self.game.derive(with_derived({**params, **seats}, self.lang), self.lang)
        return _Params(derived, self.lang, teams)

    def _seats(self, params: Mapping[str, Any]) -> tuple[dict[str, str], frozenset[str]]:
        """The params naming a seat, said in the book's language, and those naming a team."""
        people = {key: value for key, value in params.items()
                  if key in self.game.people and isinstance(value, str)}
        return ({key: seat_name(value, self.lang) for key, value in people.items()},
                frozenset(key for key, value in people.items() if is_team(value)))


class _Params(dict[str, Any]):
    """Format parameters with the forms derived on demand, in the book's language:
    {a_card_name} ("an I", "un I"), {de_player} ("d'Ann"), {le_letter} ("l'A"),
    {hand_size_cards} ("8 cards", "8 cartes"), {player_draws} ("Bob draws", "Ann and Bob
    draw"; "Ann et Bob piochent" as {player_pioche}), and {player|toi|vous}: the first form
    for one player, the second for a team (French says "tu" to a player, "vous" to a team).
    An unknown {placeholder} is left as it is instead of failing."""

    def __init__(self, values: Mapping[str, Any], lang: str = "en",
                 teams: frozenset[str] = frozenset()) -> None:
        super().__init__(values)
        self.lang = lang
        self.teams = teams
        """The params naming a team (their values are said as the members by then)."""

    def _team(self, key: str) -> bool:
        value = self.get(key)
        return key in self.teams or (isinstance(value, str) and is_team(value))

    def __missing__(self, key: str) -> str:
        if "|" in key:
            subject, _, choice = key.partition("|")
            one, _, many = choice.partition("|")
            if subject in self:
                return many if self._team(subject) else one
        head, _, tail = key.partition("_")
        word = self.get(tail)
        if isinstance(word, str):
            if head == "a":
                return with_article(word, self.lang)
            if head in FRENCH_ARTICLES:
                return FRENCH_ARTICLES[head](word)
        subject, _, last = key.rpartition("_")
        value = self.get(subject)
        if last == "cards" and isinstance(value, int) and not isinstance(value, bool):
            return cards_phrase(value, self.lang)
        verbs = AGREEING.get(self.lang, PLURAL_VERBS)
        if last in verbs and isinstance(value, str):
            return f"{value} {verbs[last] if self._team(subject) else last}"
        return "{" + key + "}"


FRENCH_ARTICLES = {"de": de, "le": le}
"""The French words said before a param as it elides them ({de_player}: "d'Ann", "de Bob")."""


def with_derived(params: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """Add the spoken forms the core's lines and every game's use: the players as a list, and
    a vote as a word (a game's own forms are its GameVoice.derive)."""
    out = dict(params)
    if "players" in params and not isinstance(params["players"], str):
        out["players"] = seats_list(params["players"], lang)
    if "accept" in params:
        out["vote_word"] = vote_word(bool(params["accept"]), lang)
    return out
