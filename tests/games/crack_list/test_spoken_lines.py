"""Every line the host can say in English, read as a person would say it: each variant of the
core's and Crack List's lines rendered with one, many and team cases of its parameters, and
checked for agreement (one card / 2 cards, a / an, lists, a team's verbs)."""

from __future__ import annotations

import re
import string
import tomllib
from importlib import resources
from typing import Any

import pytest

from host.clock import FakeClock
from host.core.phrasebook import CORE_LINES, PLURAL_VERBS, Phrasebook
from host.core.talk import free_seat_words
from host.games.crack_list.announce import VOICE
from host.games.crack_list.setup import build_session
from tests.games.crack_list.sessions import options, texts

TITLES = ["Animals", "Fruit and vegetables", "Planets"]

COMMON: dict[str, Any] = {
    "answer": "Igloo", "category": "Animals", "titles": TITLES, "round": 2, "rounds": 3,
    "direction": "anticlockwise", "n": "Four", "said": "Egg timer", "accept": False,
    "limit": 200, "choice": 4, "how": "again", "state": "turn", "reason": "default",
    "seconds": 10, "address": "192.168.1.20 port 8765", "code": "K 7 Q 2 X M",
    "resume": "--resume --save party.json", "missing": "Bob and Cat",
    "example": free_seat_words("en", "Cat"),
    "moves": "number one, number two or number three",
}

ONE: dict[str, Any] = {
    **COMMON, "player": "Bob", "chooser": "Ann", "winner": "Cat", "target": "Cat",
    "skipped": "Cat", "caller": "Ann", "turn": "Cat", "answerer": "Bob", "name": "Ann",
    "voter": "Ann",
    "number": 1, "count": 1, "penalty": 1, "total": 2, "hand_size": 1, "yes": 1, "no": 0,
    "targets": [("Cat", 1)], "players": ["Ann", "Bob"], "score": {"Ann": 1, "Bob": 0},
    "cards": ["I"], "card": "I", "letters": "I", "letter": "W",
}
MANY: dict[str, Any] = {
    **ONE, "number": 3, "count": 3, "penalty": 3, "total": 1, "hand_size": 8, "yes": 3,
    "no": 2, "accept": True, "targets": [("Ann", 1), ("Cat", 2)],
    "players": ["Ann", "Bob", "Cat"], "score": {"Ann": 1, "Bob": 0, "Cat": 2},
    "cards": ["A", "E", "JOKER", "CRACK_LIST"], "card": "CRACK_LIST", "letters": "UAE",
}
TEAMS: dict[str, Any] = {
    **MANY, "player": "Ann and Bob", "chooser": "Cat and Dan and Eve",
    "winner": "Cat and Dan and Eve", "target": "Cat and Dan and Eve",
    "skipped": "Cat and Dan and Eve", "caller": "Cat and Dan and Eve",
    "turn": "Cat and Dan and Eve", "answerer": "Ann and Bob", "voter": "Cat and Dan and Eve",
    "count": 2, "penalty": 2,
    "card": "JOKER", "letters": "H", "targets": [("Cat and Dan and Eve", 2)],
    "players": ["Ann and Bob", "Cat and Dan and Eve"],
    "score": {"Ann and Bob": 0, "Cat and Dan and Eve": 0},
}
TEAMS_MANY: dict[str, Any] = {
    **TEAMS, "player": "Cat and Dan and Eve", "target": "Fay and Gus", "penalty": 3,
    "targets": [("Ann and Bob", 1), ("Fay and Gus", 2)],
    "players": ["Ann and Bob", "Cat and Dan and Eve", "Fay and Gus"],
    "score": {"Ann and Bob": 1, "Cat and Dan and Eve": 0, "Fay and Gus": 2},
}
CASES = {"one": ONE, "many": MANY, "teams": TEAMS, "teams_many": TEAMS_MANY}

TEAM_NAMES = ("Ann and Bob", "Cat, Dan and Eve", "Fay and Gus")
NUMBERS = r"(?:[02-9]|\d{2,}|two|three|four|five|six|seven|eight|nine|ten)"
PLURAL_FORMS = "|".join(sorted(set(PLURAL_VERBS.values())))
SINGULAR = "|".join(sorted(set(PLURAL_VERBS) - {"is", "has", "was", "hands"}))


def _variants() -> list[tuple[str, str, str]]:
    """(file, key, variant) for every line and refusal of both English files."""
    found = []
    for package in (CORE_LINES, VOICE.package):
        data = tomllib.loads(resources.files(package).joinpath("en.toml").read_text("utf-8"))
        for table in ("lines", "refusals"):
            for key, variants in data.get(table, {}).items():
                found += [(package, key, variant) for variant in variants if variant]
    return found


def _house_rules() -> list[str]:
    return Phrasebook(game=VOICE).house_rules


VARIANTS = _variants()


def problems(text: str, case: str) -> list[str]:
    """What a person would not say in `text`."""
    found = []
    checks = {
        "a placeholder left": r"[{}]",
        "a singular count with a plural noun": r"\b(?:1|one) (?:cards|players|votes)\b",
        "a plural count with a singular noun": rf"\b{NUMBERS} (?:card|player|vote)\b",
        "'a' before a vowel sound": r"\ba (?:[AEFHILMNORSX]\b|[aeioAEIO]\w)",
        "'an' before a consonant sound": r"\ban (?![aeiouAEIOU]|[AEFHILMNORSX]\b)\w",
        "a list chained with 'and'": r"\b[A-Z][a-z]+ and [A-Z][a-z]+ and\b",
        "a verb said of a player, then to them": rf"\b({PLURAL_FORMS})s\b[^.!?]*\b\1\b",
        "two verbs for one subject": rf"\b(?:{SINGULAR}) (?:(?!and\b)[^,.!?:;])*\b(?:{SINGULAR})\b",
        "a comma before nothing": r",\s*[,.!?:]|\s[,.!?:]",
        "a doubled word": r"\b(\w+) \1\b",
        "a sentence in lower case": r"[.!?] [a-z]",
    }
    found += [what for what, pattern in checks.items() if re.search(pattern, text)]
    if "  " in text:
        found.append("a double space")
    if re.search(r"\bone card\b.*\bthem\b", text) and not re.search(r"\bcards\b", text):
        found.append("'them' for one card")
    if case.startswith("teams"):
        for team in TEAM_NAMES:
            # A team is plural: "Ann and Bob draw", never "Ann and Bob draws".
            if re.search(rf"\b{team} (?:who )?(?:is|has|was|\w*[^'\ss]s)\b", text):
                found.append(f"a singular verb after the team {team}")
        if "Cat and Dan" in text:
            found.append("a team of three said as 'Cat and Dan and Eve'")
    elif re.search(rf"\b(?:Ann|Bob|Cat) (?:are|have|were|{PLURAL_FORMS})\b", text):
        found.append("a plural verb after one player")
    return found


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize(("package", "key", "variant"), VARIANTS,
                         ids=[f"{key}-{i}" for i, (_, key, _) in enumerate(VARIANTS)])
def test_every_line_reads_as_a_person_would_say_it(
    package: str, key: str, variant: str, case: str
) -> None:
    text = Phrasebook(game=VOICE).fill(variant, CASES[case])
    assert problems(text, case) == [], f"{package} {key}: {text!r}"


@pytest.mark.parametrize("rule", _house_rules())
def test_every_house_rule_reads_well(rule: str) -> None:
    assert problems(rule, "many") == []


def test_the_checks_catch_what_players_read_before() -> None:
    """The lines of issue 11, as they were said, are each caught."""
    said = {
        "Bob takes one card, take one card!": "one",
        "Ouch! Cat takes one card picks up one.": "one",
        "You need to hand out exactly 1, to at most 1 players.": "one",
        "You don't have a I card.": "one",
        "Joker! You may hand out one card. Who gets them, or no penalty?": "one",
        "Ann and Bob draws 2 cards.": "teams",
        "Tonight's players: Ann and Bob and Cat and Dan and Eve.": "teams",
        "The score: Ann and Bob 0 and Cat and Dan and Eve 0.": "teams",
        "Cat and Dan and Eve, your turn.": "teams",
        "It's Ann and Bob who chooses.": "teams",
        "Bob draw 2 cards.": "many",
    }
    caught = {text: problems(text, case) for text, case in said.items()}
    assert [text for text, found in caught.items() if not found] == []


@pytest.fixture(scope="module")
def book() -> Phrasebook:
    return Phrasebook(game=VOICE)


def _all(book: Phrasebook, key: str, **params: Any) -> list[str]:
    variants = book.lines.get(key) or book.refusals[key]
    return [book.fill(variant, params) for variant in variants]


def test_penalties_name_who_takes_what(book: Phrasebook) -> None:
    assert _all(book, "penalty_1", targets=[("Bob", 1)]) == [
        "Bob, take one card!", "Ouch! Bob takes one card."]
    assert "Bob takes one card and Cat takes 2 cards" in book.fill(
        "{target_list}", {"targets": [("Bob", 1), ("Cat", 2)]})
    assert book.fill("{target_list}", {"targets": [("Ann and Bob", 2)]}) == (
        "Ann and Bob take 2 cards")
    assert _all(book, "penalty_total", player="Bob", penalty=1, total=2) == [
        "That makes 2 cards, Bob: hand out exactly one card."]
    assert "who gets it?" in _all(book, "ask_penalty_optional", player="Bob", penalty=1)[0]
    assert "who gets them?" in _all(book, "ask_penalty_optional", player="Bob", penalty=2)[0]


def test_cards_take_a_or_an(book: Phrasebook) -> None:
    said = {card: _all(book, "no_such_card", player="Bob", card=card)[0]
            for card in ("I", "B", "U", "H", "JOKER", "CRACK_LIST")}
    assert said == {
        "I": "You don't have an I card, Bob.", "B": "You don't have a B card, Bob.",
        "U": "You don't have a U card, Bob.", "H": "You don't have an H card, Bob.",
        "JOKER": "You don't have a Joker card, Bob.",
        "CRACK_LIST": "You don't have a Crack List card, Bob.",
    }
    assert _all(book, "no_card_for_answer", player="Bob", answer="Igloo", letters="IE") == [
        "You haven't got a card for Igloo, Bob: it needs an I or an E."]


def test_a_card_named_alone_and_a_penalty_owed_are_asked_for(book: Phrasebook) -> None:
    assert _all(book, "card_alone", player="Bob", card="JOKER") == [
        "Joker, and your answer, Bob? Say the card and the answer in one go."]
    assert _all(book, "give_penalty_first", player="Cat", penalty=3) == [
        "Your penalty first, Cat: who takes 3 cards?"]
    assert _all(book, "decide_penalty_first", player="Cat", penalty=1) == [
        "Your Joker's penalty first, Cat: who gets one card? Or say no penalty."]


def test_teams_are_plural_and_listed_as_teams(book: Phrasebook) -> None:
    teams = ["Ann and Bob", "Cat and Dan and Eve"]
    assert "Tonight's players: Team Ann and Bob, and Team Cat, Dan and Eve." in _all(
        book, "welcome", players=teams)[0]
    assert _all(book, "score", score=dict.fromkeys(teams, 0), round=1, rounds=3) == [
        "The score: Team Ann and Bob 0, and Team Cat, Dan and Eve 0. Round 1 of 3."]
    assert _all(book, "pass", player="Ann and Bob")[0] == "Ann and Bob pass: one more card."
    assert _all(book, "pass", player="Bob")[0] == "Bob passes: one more card."
    assert _all(book, "turn", player="Cat and Dan and Eve")[0] == "Cat, Dan and Eve, your turn."
    assert "Ann, Bob and Cat" in _all(book, "welcome", players=["Ann", "Bob", "Cat"])[0]


def test_finishing_on_a_crack_list_card_says_why_not(book: Phrasebook) -> None:
    for line in _all(book, "crack_list_last_card"):
        assert "category" in line and ("pass" in line.lower())


def test_the_help_says_a_hand_is_private_only_on_the_companion_page(book: Phrasebook) -> None:
    (help_line,) = _all(book, "help")
    assert "--companion" in help_line and "--cards physical" in help_line


@pytest.mark.parametrize("situations", [("with_physical_cards", "with_pages"),
                                        ("with_pages", "with_physical_cards")])
def test_with_the_box_s_cards_and_the_pages_the_help_offers_no_card_to_tap(
        situations: tuple[str, str]) -> None:
    """The pages show the box's cards face down: whichever situation the table was put in
    first, the help is the physical cards' one."""
    book = Phrasebook("en", game=VOICE)
    for situation in situations:
        book.use(situation)
    (help_line,) = _all(book, "help")
    assert "I can't see your cards" in help_line and "tap" not in help_line


@pytest.mark.parametrize(("lang", "asked", "unseen"), [
    ("en", "help", "I can't see your cards"), ("fr", "aide", "Je ne vois pas vos cartes")])
def test_with_the_box_s_cards_the_help_neither_offers_a_hand_nor_the_real_cards(
        lang: str, asked: str, unseen: str) -> None:
    """With physical cards the host cannot see a hand: its help says it trusts the letter
    played, and does not send the table to the cards it already holds."""
    table = options(cards="physical", lang=lang, decks=[], shipped_decks=True)
    session = build_session(table, FakeClock(), None)
    session.start()
    said = texts(session.hear_words(asked, "Ann"))
    assert unseen in said
    assert "--cards physical" not in said and "--companion" not in said


def test_every_placeholder_of_the_cases_is_known() -> None:
    """The cases give every raw param the lines use (else a line would go unchecked)."""
    derived = {"titles_numbered", "target_list", "target_names", "target_cards", "score_text",
               "players_text", "vote_word", "letters_text", "a_letter_list", "penalty_them",
               "cards_text", "card_name"}
    used = {name for _, _, variant in VARIANTS
            for _, name, _, _ in string.Formatter().parse(variant) if name}
    known = derived | set(ONE)
    unknown = {name for name in used - known
               if name.removeprefix("a_") not in known
               and not any(name.startswith(f"{raw}_") for raw in ONE)}
    assert unknown == set()
