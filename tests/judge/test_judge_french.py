"""The French judge on the shipped French Crack List box: articles and the article rule,
accents, elisions, plurals as repeats, framing and numbers, as a French host rules them."""

from __future__ import annotations

import pytest

from host.decks import AnswerEntry, Category, CategoryKind, load_deck, shipped_decks_dir
from host.judge import Judge, Reason
from host.judge.text import has_article, normalize, singular_fr, strip_accents, words

DECK = shipped_decks_dir() / "crack-list" / "fr" / "core.toml"


@pytest.fixture(scope="module")
def cats() -> dict[str, Category]:
    """The French box's categories by id."""
    deck = load_deck(DECK)
    return {cat.id: cat for card in deck.cards for cat in card.categories}


@pytest.fixture(scope="module")
def judge(cats: dict[str, Category]) -> Judge:
    return Judge(lang="fr").prepare(cats.values())


def plays(judge: Judge, category: Category, said: str, letter: str,
          given: tuple[str, ...] = ()) -> Reason:
    """The reason of the ruling on `said` played with `letter`."""
    return judge.judge(category, said, letter=letter, given=given).reason


@pytest.mark.parametrize(("category", "said", "right", "wrong"), [
    ("choses-jaunes", "la banane", "B", "L"), ("parties-corps", "l'oreille", "O", "L"),
    ("parties-corps", "l oreille", "O", "L"), ("parties-corps", "L’oreille", "O", "L"),
    ("parties-corps", "une épaule", "E", "U"), ("parties-corps", "les épaules", "E", "L"),
    ("choses-frigo", "du beurre", "B", "D"), ("choses-frigo", "de la moutarde", "M", "D"),
    ("choses-plage", "la glacière", "G", "L"), ("animaux-ferme", "un cheval", "C", "U")])
def test_a_common_noun_said_with_an_article_plays_its_noun(
        judge: Judge, cats: dict[str, Category], category: str, said: str, right: str,
        wrong: str) -> None:
    assert plays(judge, cats[category], said, right) is Reason.OK
    assert plays(judge, cats[category], said, wrong) is Reason.WRONG_LETTER


@pytest.mark.parametrize(("category", "said"), [
    ("dessins-animes", "Les Simpson"), ("dessins-animes", "les simpson"),
    ("villes-manche", "Le Havre"), ("villes-manche", "le havre"),
    ("villes-de-france", "La Rochelle"), ("villes-de-france", "la baule"),
    ("jeux-cartes", "le Menteur"), ("films-francais", "Les 400 coups"),
    ("choses-jaunes", "Les Simpson")])
def test_a_proper_noun_holding_its_article_plays_either_letter(
        judge: Judge, cats: dict[str, Category], category: str, said: str) -> None:
    noun = words(said, "fr")[1][0].upper()
    assert plays(judge, cats[category], said, "L") is Reason.OK
    assert plays(judge, cats[category], said, noun) is Reason.OK


def test_a_listed_name_heard_without_its_article_still_plays_the_article(
        judge: Judge, cats: dict[str, Category]) -> None:
    assert plays(judge, cats["dessins-animes"], "Simpson", "L") is Reason.OK
    assert plays(judge, cats["villes-manche"], "Havre", "L") is Reason.OK


def test_an_unlisted_answer_plays_its_article_only_in_a_proper_name(
        judge: Judge, cats: dict[str, Category]) -> None:
    towns, beach = cats["villes-de-france"], cats["choses-plage"]
    assert judge.judge(towns, "La Ferté-Macé").letters == ("L", "F")
    assert judge.judge(towns, "La Ferté-Macé", letter="L").reason is Reason.NEEDS_VOTE
    # a French common noun takes its article, however many words follow
    assert judge.judge(beach, "une bouée canard", letter="U").reason is Reason.WRONG_LETTER
    assert judge.judge(beach, "une bouée canard").letters == ("B",)


@pytest.mark.parametrize("said", ["poivre", "le poivre", "du poivre", "des poivres"])
def test_an_everyday_word_after_an_article_is_no_slip_of_another(
        judge: Judge, cats: dict[str, Category], said: str) -> None:
    verdict = judge.judge(cats["fruits"], said)  # "poivre" is no misspelt "Poire"
    assert (verdict.reason, verdict.matched) == (Reason.NEEDS_VOTE, None)
    assert judge.judge(cats["fruits"], "la poirre").matched == "Poire"


@pytest.mark.parametrize(("category", "said", "listed"), [
    ("parties-corps", "epaule", "Épaule"), ("parties-corps", "EPAULE", "Épaule"),
    ("prenoms-masculins", "Eric", "Éric"), ("parties-corps", "oeil", "Œil"),
    ("dieux-romains-egyptiens-nordiques", "Aegir", "Ægir"),
    ("arts-martiaux", "kung fu", "Kung-fu"), ("arts-martiaux", "kungfu", "Kung-fu"),
    ("chateaux-france", "chateau de versailles", "Versailles")])
def test_accents_ligatures_and_hyphens_are_optional(
        judge: Judge, cats: dict[str, Category], said: str, category: str,
        listed: str) -> None:
    verdict = judge.judge(cats[category], said, letter=strip_accents(listed)[0])
    assert (verdict.reason, verdict.matched) == (Reason.OK, listed)


@pytest.mark.parametrize(("category", "said", "given"), [
    ("choses-jaunes", "bananes", "Banane"), ("choses-jaunes", "des bananes", "la banane"),
    ("animaux-ferme", "chevaux", "cheval"), ("animaux-ferme", "les chevaux", "Cheval"),
    ("contenants", "bocaux", "Bocal"), ("choses-eglise", "vitraux", "vitrail"),
    ("rimes-chapeau", "chapeaux", "Chapeau"), ("parties-corps", "les yeux", "œil"),
    ("parties-corps", "épaules", "epaule")])
def test_a_plural_repeats_its_singular(judge: Judge, cats: dict[str, Category], category: str,
                                       said: str, given: str) -> None:
    letter = words(said, "fr")[-1][0].upper()
    assert plays(judge, cats[category], said, letter, (given,)) is Reason.DUPLICATE


def test_a_singular_and_its_plural_listed_apart_are_two_answers(
        judge: Judge, cats: dict[str, Category]) -> None:
    rhymes = cats["rimes-bleu"]  # "Monsieur" and "Messieurs" both rhyme with "bleu"
    assert judge.judge(rhymes, "messieurs").matched == "Messieurs"
    assert plays(judge, rhymes, "messieurs", "M", ("Monsieur",)) is Reason.OK
    assert plays(judge, rhymes, "monsieur", "M", ("Monsieur",)) is Reason.DUPLICATE
    # a chisel and scissors: folded to one key, told apart by the plural said
    tools = Category("coupe", "Choses qui coupent", CategoryKind.LISTED, answers=(
        AnswerEntry("Ciseau"), AnswerEntry("Ciseaux"), AnswerEntry("Couteau")))
    assert [judge.judge(tools, said).matched for said in ("un ciseau", "des ciseaux")] == [
        "Ciseau", "Ciseaux"]
    assert plays(judge, tools, "ciseaux", "C", ("ciseau",)) is Reason.OK
    assert plays(judge, tools, "les ciseaux", "C", ("Ciseaux",)) is Reason.DUPLICATE
    assert plays(judge, tools, "couteaux", "C", ("couteau",)) is Reason.DUPLICATE


@pytest.mark.parametrize("said", [
    "je dis la banane", "c'est la banane", "euh banane", "Euh… banane", "je propose banane",
    "ma réponse est banane", "ma réponse, c'est la banane", "je pense que c'est une banane",
    "alors, banane", "pour moi, c'est la banane", "je choisis banane"])
def test_french_framing_is_dropped(judge: Judge, cats: dict[str, Category], said: str) -> None:
    verdict = judge.judge(cats["choses-jaunes"], said, letter="B")
    assert (verdict.reason, verdict.matched) == (Reason.OK, "Banane")
    assert verdict.letters == ("B",)


@pytest.mark.parametrize(("category", "said", "letter"), [
    ("chansons-francaises", "alors on danse", "A"),
    ("chansons-francaises", "Et si tu n'existais pas", "E"),
    ("personnages-star-wars", "Ben Solo", "B"), ("groupes-musique", "Bon Jovi", "B")])
def test_a_listed_answer_that_starts_like_a_framing_is_kept_whole(
        judge: Judge, cats: dict[str, Category], category: str, said: str,
        letter: str) -> None:
    assert plays(judge, cats[category], said, letter) is Reason.OK


@pytest.mark.parametrize(("category", "said", "letters"), [
    ("chateaux-france", "le château de Versailles", {"C", "V"}),
    ("iles", "île d'Elbe", {"I", "E"}), ("os-corps-humain", "os frontal", {"O", "F"}),
    ("jeux-societe", "jeu de go", {"J", "G"}), ("sauces", "sauce tomate", {"S"}),
    ("arts-martiaux", "arts martiaux mixtes", {"A"})])
def test_a_listed_answer_said_with_its_class_word_plays_as_listed(
        judge: Judge, cats: dict[str, Category], category: str, said: str,
        letters: set[str]) -> None:
    verdict = judge.judge(cats[category], said)
    assert verdict.accepted is True and set(verdict.letters) == letters


def test_an_unlisted_compound_keeps_its_class_word(judge: Judge,
                                                   cats: dict[str, Category]) -> None:
    verdict = judge.judge(cats["sauces"], "la sauce du chef")
    assert verdict.reason is Reason.NEEDS_VOTE and verdict.answer == "la sauce du chef"
    assert set(verdict.letters) == {"S", "C"}


@pytest.mark.parametrize(("category", "said", "listed", "letter"), [
    ("films-francais", "Les 400 coups", "Les Quatre Cents Coups", "Q"),
    ("films-francais", "les quatre cent coups", "Les Quatre Cents Coups", "L"),
    ("fetes-jours-feries", "1er avril", "Poisson d'avril", "P"),
    ("fetes-jours-feries", "premier avril", "Poisson d'avril", "P"),
    ("fetes-jours-feries", "le 8 mai", "Victoire du 8 mai 1945", "H")])
def test_numbers_are_judged_as_said(judge: Judge, cats: dict[str, Category], category: str,
                                    said: str, listed: str, letter: str) -> None:
    verdict = judge.judge(cats[category], said, letter=letter)
    assert (verdict.reason, verdict.matched) == (Reason.OK, listed)


def test_french_words_fold_as_a_host_hears_them() -> None:
    assert [singular_fr(w) for w in ("chevaux", "travaux", "tuyaux", "bijoux", "yeux",
                                     "chapeaux", "bananes", "cheval", "os")] == [
        "cheval", "travail", "tuyau", "bijou", "oeil", "chapeau", "banane", "cheval", "os"]
    assert words("1er avril", "fr") == ("premier", "avril")
    assert words("la 2e guerre", "fr") == ("la", "deuxieme", "guerre")
    assert normalize("dés à coudre", lang="fr") == normalize("un dé à coudre", lang="fr")
    assert normalize("Lætitia", lang="fr") == normalize("Laetitia", lang="fr")


def test_every_listed_answer_of_the_box_is_accepted_as_a_player_says_it(
        judge: Judge, cats: dict[str, Category]) -> None:
    """Each listed spelling, on its own letter: as written, without accents, and after "la"
    unless it has its article."""
    refused = []
    for category in cats.values():
        for entry in category.answers:
            for text in (entry.text, *entry.aliases):
                letter = words(text, "fr")[0][0].upper()
                forms = [text, strip_accents(text).lower()]
                if not has_article(text, "fr"):
                    forms.append(f"la {text}")
                for said in forms:
                    verdict = judge.judge(category, said, letter=letter)
                    if (verdict.reason, verdict.matched) != (Reason.OK, entry.text):
                        refused.append((category.id, said, letter, verdict.reason.value))
    assert refused == []


@pytest.mark.parametrize(("generator", "said", "listed"), [
    ("countries", "les États-Unis", "États-Unis"), ("countries", "la Côte d'Ivoire",
                                                    "Côte d'Ivoire"),
    ("countries", "l'Allemagne", "Allemagne"), ("us_states", "la Californie", "Californie"),
    ("currencies", "l'euro", "Euro")])
def test_french_generated_categories_judge_an_answer_on_its_noun(
        judge: Judge, generator: str, said: str, listed: str) -> None:
    """The French box generates no category; a French deck may use these generators."""
    category = Category(generator, generator, CategoryKind.GENERATED, generator=generator)
    verdict = judge.judge(category, said, letter=strip_accents(listed)[0])
    assert (verdict.reason, verdict.matched) == (Reason.OK, listed)
    assert verdict.letters == (strip_accents(listed)[0],)
