"""What newcomers' games got wrong: numbers, other real names, letters, framing, articles."""

from __future__ import annotations

import pytest

from host.decks import AnswerEntry, Category, CategoryKind
from host.judge import Judge, Reason
from host.judge.framing import no_answer_said, thinking_aloud


def closed(title: str, *answers: str) -> Category:
    """A closed listed category of these answers."""
    return Category(title.lower().replace(" ", "-"), title, CategoryKind.LISTED, closed=True,
                    answers=tuple(AnswerEntry(a) for a in answers))


OPEN = Category("open", "Things", CategoryKind.OPEN)
LEAP_YEARS = closed("Leap years between 1990 and 2030", "1992", "1996", "2004", "2008", "2012",
                    "2016", "2020", "2024", "2028")
PLACES = closed("Places", "Australia", "Nigeria", "Minnesota", "Portugal", "Sophia")
QWERTY = closed("Letters on the top row of a QWERTY keyboard", *"QWERTYUIOP")
PLANETS = closed("Planets", "Mercury", "Venus", "Earth", "Mars", "Jupiter", "Saturn")
WATER = closed("Rivers and capitals", "Nile", "Lisbon", "Amazon")
FILMS = closed("Films", "The Godfather", "Jaws", "Lion")


@pytest.fixture(scope="module")
def judge() -> Judge:
    return Judge(lang="en")


@pytest.mark.parametrize("said", ["2002", "2010", "2006", "2018", "1994", "2000"])
def test_a_number_near_a_listed_one_is_not_it(judge: Judge, said: str) -> None:
    verdict = judge.judge(LEAP_YEARS, said)
    assert (verdict.accepted, verdict.matched) == (False, None)


@pytest.mark.parametrize(("said", "year"), [("2008", "2008"), ("two thousand and eight", "2008"),
                                            ("two thousand eight", "2008"),
                                            ("nineteen ninety-six", "1996"),
                                            ("twenty twenty", "2020"), ("Twenty-twelve", "2012")])
def test_a_number_said_in_words_is_that_number(judge: Judge, said: str, year: str) -> None:
    assert judge.judge(LEAP_YEARS, said).matched == year


def test_small_numbers_in_words_and_digits_are_one_answer(judge: Judge) -> None:
    dwarfs = closed("Numbers", "Eleven", "7")
    assert judge.judge(dwarfs, "11").matched == "Eleven"
    assert judge.judge(dwarfs, "seven").matched == "7"
    assert judge.judge(dwarfs, "seventeen").accepted is False


def test_a_number_is_no_repeat_of_a_near_one(judge: Judge) -> None:
    assert judge.judge(OPEN, "2002", given=["2004"]).reason is Reason.NEEDS_VOTE
    assert judge.judge(OPEN, "two thousand and four", given=["2004"]).reason is Reason.DUPLICATE


@pytest.mark.parametrize("said", ["Austria", "Niger", "Iran"])
def test_another_real_name_of_the_same_kind_is_judged_as_itself(judge: Judge, said: str) -> None:
    places = closed("Countries", "Australia", "Nigeria", "Iraq")
    assert judge.judge(places, said).accepted is False


@pytest.mark.parametrize(("said", "listed"), [("Nigera", "Nigeria"), ("Austrailia", "Australia"),
                                              ("Minesota", "Minnesota"), ("Sofia", "Sophia")])
def test_typos_of_a_listed_name_still_pass(judge: Judge, said: str, listed: str) -> None:
    assert judge.judge(PLACES, said).matched == listed


@pytest.mark.parametrize("said", ["the letter W", "letter W", "it's W", "W", "w", "The letter w."])
def test_a_letter_said_with_its_framing_is_the_letter(judge: Judge, said: str) -> None:
    verdict = judge.judge(QWERTY, said)
    assert (verdict.accepted, verdict.matched) == (True, "W")


@pytest.mark.parametrize(("said", "category", "answer"), [
    ("the planet Mars", PLANETS, "Mars"), ("I think it's Lisbon", WATER, "Lisbon"),
    ("it's the Nile", WATER, "Nile"), ("Um, Amazon", WATER, "Amazon"),
    ("my answer is Venus", PLANETS, "Venus"), ("Lisbon, I think?", WATER, "Lisbon"),
    ("Mars maybe", PLANETS, "Mars"), ("I think it's Venus, I guess", PLANETS, "Venus")])
def test_an_answer_said_with_a_framing_is_judged_on_the_answer(
        judge: Judge, said: str, category: Category, answer: str) -> None:
    verdict = judge.judge(category, said)
    assert (verdict.accepted, verdict.matched) == (True, answer)
    assert verdict.letters == (answer[0],)


def test_the_framing_plays_no_letter_and_repeats_nothing(judge: Judge) -> None:
    assert judge.judge(OPEN, "I think it's a Zebra").letters[-1] == "Z"
    assert "I" not in judge.judge(OPEN, "I think it's a zebra").letters
    assert judge.judge(WATER, "Lisbon", given=["I think it's Lisbon"]).reason is Reason.DUPLICATE


@pytest.mark.parametrize(("said", "lang", "thinking"), [
    ("Hmm, let me think", "en", True), ("Um... hang on", "en", True), ("Wait!", "en", True),
    ("Okay, good question", "en", True), ("Oh", "en", False), ("Um, erm", "en", False),
    ("Euh… voyons voir", "fr", True), ("Attends, je réfléchis", "fr", True),
    ("Let me think... Lisbon", "en", False), ("Um, Amazon", "en", False),
    ("Bon Jovi", "fr", False), ("", "en", False)])
def test_thinking_aloud_is_no_answer(said: str, lang: str, thinking: bool) -> None:
    """What a player says while thinking is told from an answer framed by fillers, and from
    a filler alone, which by voice may be a short answer misheard."""
    assert thinking_aloud(said, lang) is thinking
    assert no_answer_said(said, lang) is (thinking or said in ("Oh", "Um, erm"))


def test_a_listed_answer_that_starts_like_a_framing_is_kept_whole(judge: Judge) -> None:
    films = closed("Films", "It's a Wonderful Life", "Maybe Baby", "Call Me Maybe")
    assert judge.judge(films, "it's a wonderful life").letters[0] == "I"
    assert judge.judge(films, "Maybe Baby").matched == "Maybe Baby"
    assert judge.judge(films, "Call Me Maybe").matched == "Call Me Maybe"  # kept whole


@pytest.mark.parametrize(("said", "letter"), [("the lion", "T"), ("a wolf", "A"),
                                              ("a horse", "A"), ("The lion", "T")])
def test_a_common_noun_with_an_article_plays_only_its_noun(
        judge: Judge, said: str, letter: str) -> None:
    assert judge.judge(OPEN, said, letter=letter).reason is Reason.WRONG_LETTER
    assert judge.judge(FILMS, said, letter=letter).reason in (Reason.WRONG_LETTER,
                                                                Reason.NOT_IN_LIST)
    assert said.split()[1][0].upper() in judge.judge(OPEN, said).letters


@pytest.mark.parametrize(("category", "said"), [(FILMS, "the godfather"),
                                                (OPEN, "The Godfather"),
                                                (OPEN, "the lion king"), (OPEN, "the beatles")])
def test_a_proper_noun_with_an_article_plays_either_letter(
        judge: Judge, category: Category, said: str) -> None:
    assert judge.judge(category, said, letter="T").reason is not Reason.WRONG_LETTER
    assert judge.judge(category, said, letter=said.split()[1][0]).reason is not (
        Reason.WRONG_LETTER)


def test_another_well_known_person_is_not_a_typo_of_a_listed_one(judge: Judge) -> None:
    singers = closed("Singers", "Michael Jackson", "Elvis Presley")
    assert judge.judge(singers, "Michael Johnson").accepted is False
    assert judge.judge(singers, "Micheal Jackson").matched == "Michael Jackson"
    assert judge.judge(singers, "Elvis Presly").matched == "Elvis Presley"


def test_french_numbers_and_framing_are_judged_as_in_english() -> None:
    judge = Judge(lang="fr")
    years = closed("Années", "2008", "1996")
    assert judge.judge(years, "deux mille huit").matched == "2008"
    assert judge.judge(years, "mille neuf cent quatre-vingt-seize").matched == "1996"
    assert judge.judge(years, "2006").accepted is False
    cities = closed("Capitales", "Lisbonne", "Paris")
    assert judge.judge(cities, "je pense que c'est Lisbonne").matched == "Lisbonne"
    assert judge.judge(cities, "euh, Paris").letters == ("P",)
