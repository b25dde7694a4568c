"""Crack List in French: fr.toml says everything en.toml says, with the same facts, and every line
a French game gives (simulated with the real French deck and judge, with players, teams and real
cards) reads as French: no placeholder left, no English word, elisions and agreements right."""

from __future__ import annotations

import random
import re
import string
import tomllib
from collections.abc import Iterator
from importlib import resources
from typing import Any, Literal

import pytest

from host.cli import main
from host.core.events import Note, Said, make_seats
from host.core.phrasebook import CORE_LINES, Phrasebook
from host.core.spoken import PLURAL_VERBS, PLURAL_VERBS_FR
from host.core.talk import Query
from host.games.crack_list.announce import VOICE, line_keys
from host.games.crack_list.bots import BotSkills, BotTable
from host.games.crack_list.questions import CrackListQuestions
from host.games.crack_list.rules import CrackListConfig, CrackListGame
from host.games.crack_list.setup import category_cards
from host.judge import JUDGE_LINES, Judge

TABLES = ("lines", "refusals", "with_pages", "with_physical_cards", "page")
DERIVED = {
    "titles_numbered": "titles", "target_list": "targets", "target_names": "targets",
    "target_cards": "targets", "score_text": "score", "cards_text": "cards",
    "card_name": "card", "letters_text": "letters", "a_letter_list": "letters",
    "penalty_them": "penalty", "vote_word": "accept", "count_cards": "count",
}
"""A spoken form and the param it is said from."""
VERBS = set(PLURAL_VERBS) | set(PLURAL_VERBS_FR)
ENGLISH = (
    r"(?<!-)\bcards?\b", r"\btakes?\b", r"\bthe\b", r"\bTeam\b", r"\band\b", r"\bor\b", r"\byes\b",
    r"\bno\b", r"\bnone\b", r"\bone\b", r"\btwo\b", r"\bthree\b", r"\bReverse\b", r"\bSwap\b",
    r"\bclockwise\b", r"\banticlockwise\b", r"\bdraws?\b", r"\bit\b", r"\bthem\b", r"\byour\b",
    r"\bhas\b", r"\bis\b", r"\bwins?\b", r"\bFour\b", r"\bFive\b",
)
"""Words that give English away in a French line."""
SAID_AS_IS = ("answer", "category", "said", "titles", "address")
"""Params said as the players or the deck wrote them (an answer may well be English)."""


def _book_file(package: str, lang: str) -> dict[str, Any]:
    return tomllib.loads(resources.files(package).joinpath(f"{lang}.toml").read_text("utf-8"))


def _root(name: str) -> str:
    """The param a placeholder is said from: {de_player}, {player_pioche}, {player|toi|vous}
    and {player_draws} are all said from player."""
    name = name.partition("|")[0]
    head, _, tail = name.partition("_")
    if head in ("a", "de", "le") and tail:
        name = tail
    name = DERIVED.get(name, name)
    subject, _, last = name.rpartition("_")
    if subject and (last in VERBS or last == "cards"):
        name = subject
    return DERIVED.get(name, name)


def _roots(variants: list[str]) -> set[str]:
    return {_root(name) for variant in variants
            for _, name, _, _ in string.Formatter().parse(variant) if name}


@pytest.fixture(scope="module")
def book() -> Phrasebook:
    """The French phrasebook: the core's, the judge's and Crack List's lines."""
    return Phrasebook("fr", random.Random(1), game=VOICE)


@pytest.mark.parametrize("package", [CORE_LINES, JUDGE_LINES, VOICE.package])
def test_every_english_key_has_its_french_line(package: str) -> None:
    english, french = _book_file(package, "en"), _book_file(package, "fr")
    for table in TABLES:
        assert sorted(set(english.get(table, {})) - set(french.get(table, {}))) == [], table
        assert sorted(set(french.get(table, {})) - set(english.get(table, {}))) == [], table
    rules = english.get("house_rules", {})
    assert len(french.get("house_rules", {}).get("rules", [])) == len(rules.get("rules", []))
    assert french.get("house_rules", {}).get("figures") == rules.get("figures")


@pytest.mark.parametrize("table", TABLES)
def test_french_lines_say_the_same_facts(table: str) -> None:
    """Each French line is said from the params its English line is said from: none more (the
    note would not give it), none fewer (a fact would go unsaid)."""
    english, french = _book_file(VOICE.package, "en"), _book_file(VOICE.package, "fr")
    for key, variants in english.get(table, {}).items():
        said = french[table][key]
        variants, said = ([v] if isinstance(v, str) else v for v in (variants, said))
        assert _roots(said) == _roots(variants), key


def _notes_of_games(teams: bool, cards: Literal["virtual", "physical"],
                    games: int) -> Iterator[Said]:
    """Every note of a few French bot games, with the answers to the players' questions asked
    now and then."""
    red = category_cards("fr", [], adults=False)
    judge = Judge(lang="fr")
    judge.prepare(category for card in red for category in card.categories)
    names = ["Ann", "Bob", "Cat", "Dan"] if teams else ["Ann", "Bob", "Cat"]
    seats = make_seats(names, [["Ann", "Bob"], ["Cat", "Dan"]] if teams else None)
    questions = ("category", "situation", "hand", "count", "counts", "score")
    for number in range(games):
        rng = random.Random(number)
        game = CrackListGame(CrackListConfig(seats, cards=cards), red, judge, rng)
        bots = BotTable(game, BotSkills(), random.Random(number))
        asking = CrackListQuestions(game)
        yield from game.start()
        for step in range(2000):
            if game.over:
                break
            yield from game.handle(bots.next_event())
            if step % 7 == 0:
                kind = questions[step // 7 % len(questions)]
                yield from asking.answer(Query(kind, seats[step % len(seats)].name)) or []
            if step == 50:
                yield from game.resumed()  # as said when the game is picked up from its save


@pytest.fixture(scope="module")
def french_notes() -> list[Note]:
    """The notes of French games: three players, two teams of two, and real cards."""
    tables: tuple[tuple[bool, Literal["virtual", "physical"], int], ...] = (
        (False, "virtual", 4), (True, "virtual", 3), (False, "physical", 2))
    return [note for teams, cards, games in tables
            for note in _notes_of_games(teams, cards, games) if isinstance(note, Note)]


def french_problems(text: str, params: dict[str, Any]) -> list[str]:
    """What a French guest would not hear said so: the English and broken French in `text`
    (what the players said and the deck's titles left out)."""
    for name in SAID_AS_IS:
        values = params.get(name)
        for value in values if isinstance(values, list) else [values]:
            if isinstance(value, str) and value:
                text = text.replace(value, "«»")
    found = [f"a placeholder left: {text!r}"] if re.search(r"[{}]", text) else []
    found += [f"English {word!r}: {text!r}" for word in ENGLISH if re.search(word, text)]
    checks = {
        "'de' or 'le' before a vowel": r"(?<![-\w])(?:de|le|que) [AEIOUÉaeiouéèê]",
        "'à le' or 'de le'": r"\b(?:à|de) les?\b(?! (?:cartes|pénalité))",
        "no space before : ! ? ;": r"[^\s«][!?:;]",
        "a double space": r"  ",
        "a sentence in lower case": r"[.!?] [a-zé]",
        "one card said as many": r"\b(?:1|une) cartes\b",
        "a verb of a player said to a team": r"\bet \w+, (?:à toi|prends|pioche|choisis)\b",
    }
    found += [f"{what}: {text!r}" for what, pattern in checks.items() if re.search(pattern, text)]
    return found


def test_a_french_game_is_said_in_french(book: Phrasebook, french_notes: list[Note]) -> None:
    kinds = {note.kind for note in french_notes}
    assert {"answer_accepted", "penalty_1", "penalty_2", "vote", "round_won", "game_won",
            "category_card_physical", "hand", "hand_physical", "score", "count"} <= \
        kinds | {key for note in french_notes for key in line_keys(note)}
    problems = []
    for note in french_notes:
        params = dict(note.params)
        keys = line_keys(note) if note.kind != "refused" else [params.get("reason", "default")]
        for key in keys:
            for variant in book.lines.get(key) or book.refusals.get(key) or []:
                problems += french_problems(book.fill(variant, params), params)
    assert sorted(set(problems))[:20] == []


CASES: dict[str, dict[str, Any]] = {
    "one": {
        "player": "Ann", "chooser": "Bob", "winner": "Cat", "target": "Eve", "skipped": "Cat",
        "caller": "Eve", "turn": "Ugo", "answerer": "Bob", "voter": "Ann", "answer": "Igloo",
        "category": "Animaux", "titles": ["Animaux", "Fruits", "Planètes"], "round": 1,
        "rounds": 3, "direction": "anticlockwise", "count": 1, "penalty": 1, "total": 2,
        "hand_size": 1, "yes": 1, "no": 0, "targets": [("Eve", 1)], "players": ["Ann", "Bob"],
        "score": {"Ann": 1, "Bob": 0}, "cards": [], "card": "REVERSE", "letters": "I",
        "letter": "E", "accept": True, "seconds": 10, "said": "crack on", "reason": "default",
        "n": "Quatre", "limit": 200, "resume": "--resume", "address": "192.168.1.20:8765",
        "code": "K7Q2XM", "missing": "Ugo", "example": "libère la place d'Ugo", "number": 2,
        "name": "Ugo", "moves": "numéro un, numéro deux ou numéro trois",
    },
}
CASES["teams"] = {
    **CASES["one"], **dict.fromkeys(("player", "chooser", "winner", "target", "skipped",
                                     "caller", "turn", "answerer", "voter"), "Ann and Bob"),
    "count": 3, "penalty": 3, "targets": [("Ann and Bob", 1), ("Cat and Dan", 2)],
    "players": ["Ann and Bob", "Cat and Dan"], "score": {"Ann and Bob": 2, "Cat and Dan": 0},
    "cards": ["A", "SWAP", "JOKER"], "card": "SWAP", "letters": "UAE", "accept": False,
    "direction": "clockwise",
}


@pytest.mark.parametrize("case", list(CASES))
def test_every_french_line_reads_as_french(book: Phrasebook, case: str) -> None:
    """Every variant of every line and refusal, the pages' texts and the house rules, with one
    player's params and with teams' (lines a short simulation may not reach)."""
    params = CASES[case]
    texts = [book.fill(v, params) for table in (book.lines, book.refusals, *book.worded.values())
             for variants in table.values() for v in variants if v]
    texts += [book.page(key, **params) for key in book.page_text]
    found = [problem for text in texts + book.house_rules
             for problem in french_problems(text, params)]
    assert found == []


def _all(book: Phrasebook, key: str, **params: Any) -> list[str]:
    return [book.fill(variant, params) for variant in book.lines.get(key) or book.refusals[key]]


def test_cards_penalties_and_scores_are_said_in_french(book: Phrasebook) -> None:
    assert _all(book, "pass", player="Ann")[0] == "Ann passe : une carte de plus."
    assert _all(book, "pass", player="Ann and Bob")[0] == "Ann et Bob passent : une carte de plus."
    assert _all(book, "penalty_2", player="Ann", targets=[("Bob", 1), ("Cat", 1)])[1] == \
        "Plus deux : Bob prend une carte et Cat prend une carte !"
    assert _all(book, "penalty_3", player="Ann", targets=[("Cat and Dan", 3)])[0] == \
        "Plus trois ! Cat et Dan prennent 3 cartes !"
    assert _all(book, "penalty_returned", targets=[("Cat and Dan", 2)]) == [
        "Les cartes de pénalité de l'équipe de Cat et Dan retournent sur la pioche."]
    assert _all(book, "score", score={"Ann": 2, "Bob": 1, "Cat": 0}, round=3, rounds=3) == [
        "Le score : Ann 2, Bob 1 et Cat 0. Manche 3 sur 3."]
    assert _all(book, "score", score={"Ann and Bob": 1, "Eve and Cat": 0}, round=2,
                rounds=3) == ["Le score : l'équipe d'Ann et Bob 1, et l'équipe d'Eve et Cat 0. "
                              "Manche 2 sur 3."]
    assert _all(book, "hand", player="Bob", cards=["A", "REVERSE", "SWAP", "CRACK_LIST"]) == [
        "Bob, tes cartes : A, Inversion, Échange et Crack List."]
    assert _all(book, "no_card_for_answer", player="Bob", answer="Igloo", letters="IE") == [
        "Tu n'as pas de carte pour Igloo, Bob : il faut un I ou un E."]
    assert _all(book, "no_card_for_answer", player="Ann and Bob", answer="Igloo",
                letters="I") == ["Vous n'avez pas de carte pour Igloo, Ann et Bob : il faut un I."]
    assert _all(book, "ask_penalty_optional", player="Bob", penalty=1)[0].endswith(
        "distribuer une carte : à qui la donnes-tu ? Ou dis pas de pénalité.")


def test_a_card_named_alone_and_a_penalty_owed_are_asked_for_in_french(
        book: Phrasebook) -> None:
    assert _all(book, "card_alone", player="Bob", card="U") == [
        "U, et ta réponse ? Dis la carte et la réponse d'un coup."]
    assert _all(book, "give_penalty_first", player="Cat", penalty=3) == [
        "D'abord ta pénalité, Cat : à qui donnes-tu 3 cartes ?"]
    assert _all(book, "decide_penalty_first", player="Ann and Bob", penalty=1) == [
        "D'abord la pénalité de votre Joker, Ann et Bob : à qui donnez-vous une carte ? "
        "Ou dites pas de pénalité."]


def test_a_team_is_spoken_to_as_vous(book: Phrasebook) -> None:
    assert _all(book, "turn", player="Ann and Bob")[:2] == ["Ann et Bob, à vous.",
                                                            "À vous, Ann et Bob !"]
    assert _all(book, "turn", player="Ann")[:2] == ["Ann, à toi.", "À toi, Ann !"]
    assert _all(book, "timeout", player="Ann and Bob")[0] == \
        "Temps écoulé, Ann et Bob ! Prenez une carte."
    assert "Les joueurs" not in _all(book, "welcome", players=["Ann and Bob", "Cat and Dan"])[0]
    refused = {key: _all(book, key, player="Ann and Bob", penalty=2, total=3, card="J",
                         answer="Igloo", letters="I")[-1]
               for key in ("no_such_card", "penalty_total", "own_challenge", "swap_self",
                           "crack_list_last_card", "already_voted", "not_now_playstop")}
    assert refused == {
        "no_such_card": "Vous n'avez pas de carte J, Ann et Bob.",
        "penalty_total": "Ça fait 3 cartes, Ann et Bob : distribuez exactement 2 cartes.",
        "own_challenge": "Vous ne pouvez pas contester votre propre réponse, Ann et Bob !",
        "swap_self": "Vous ne pouvez pas faire d'échange avec vous-mêmes, Ann et Bob !",
        "crack_list_last_card": "Une carte Crack List ne fait que changer la catégorie, Ann et "
        "Bob, alors elle ne peut pas être votre dernière carte. Dites je passe, et piochez une "
        "carte !",
        "already_voted": "Vous avez déjà voté, Ann et Bob.",
        "not_now_playstop": "Gardez votre carte Stop pour votre tour, Ann et Bob !",
    }
    assert "l'équipe d'Ann et Bob, et l'équipe de Cat et Dan" in _all(
        book, "welcome", players=["Ann and Bob", "Cat and Dan"])[0]


def test_the_countdown_and_the_categories_are_counted_in_french(book: Phrasebook) -> None:
    assert [book.countdown_tick(n) for n in (4, 3, 2, 1)] == [
        "Quatre !", "Trois !", "Deux !", "Un !"]
    assert _all(book, "countdown_expired") == ["Crack On !"]
    assert _all(book, "category_card", player="Ann", titles=["Pays", "Fruits", "Sports"])[0] == (
        "Ann, voici ta carte : un : Pays, deux : Fruits ou trois : Sports. Laquelle ?")
    assert _all(book, "vote", player="Bob", accept=False) == ["Bob vote non."]
    assert _all(book, "reverse", player="Bob", direction="clockwise")[0] == (
        "Inversion ! On joue maintenant dans le sens des aiguilles d'une montre.")


def test_the_help_teaches_the_agreed_french_words(book: Phrasebook) -> None:
    (help_line,) = _all(book, "help")
    for words in ("je passe", "je conteste", "crack on", "inversion", "sens inverse",
                  "échange avec Bob", "échange mon J avec Bob", "joker", "A, amazone", "bé",
                  "i grec", "zède", "numéro trois", "la deuxième", "deux pour Cat",
                  "une à Bob et deux à Cat", "tout pour Cat", "pas de pénalité", "oui", "non",
                  "c'est quoi la catégorie", "ma main", "combien de cartes a Ann", "score",
                  "c'est à qui", "règles", "répète", "pause", "on reprend", "quitter",
                  "5, 4, 3, 2, 1… Crack On !", "--companion", "--cards physical"):
        assert words in help_line, words


def test_the_rules_command_prints_the_french_house_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "crack-list", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Le paquet bleu compte 78 cartes" in out and "Je juge la réponse" in out
    assert "The blue deck" not in out and "I judge the answer" not in out
