"""The Crack List expansion decks: valid, above the playable floor, offered after the box,
and what the build script makes."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from host.core.events import make_seats
from host.decks import load_deck, shipped_decks_dir
from host.decks_build.build import build, deck_path
from host.decks_build.families import endings as word_endings
from host.decks_build.quality import (
    MIN_ANSWERS,
    MIN_LETTERS,
    Draft,
    Listed,
    answer_keys,
    repeats,
    same_idea,
    select,
)
from host.games.crack_list.config import CrackListConfig
from host.games.crack_list.setup import category_cards
from host.games.crack_list.table import CrackListTable
from host.judge import Judge
from host.judge.deckcheck import check_deck_file, letter_coverage

LANGS = ("en", "fr")


@pytest.mark.parametrize("lang", LANGS)
def test_expansion_passes_decks_check(lang: str) -> None:
    report = check_deck_file(deck_path(lang))
    assert [str(e) for e in report.errors] == []
    assert [str(w) for w in report.warnings] == []
    assert report.deck is not None and report.deck.cards
    assert min(report.coverage.values()) >= MIN_LETTERS


@pytest.mark.parametrize("lang", LANGS)
def test_every_category_is_playable_and_new(lang: str) -> None:
    box = load_deck(shipped_decks_dir() / "crack-list" / lang / "core.toml")
    deck = load_deck(deck_path(lang))
    box_titles = {c.title for card in box.cards for c in card.categories}
    for card in deck.cards:
        assert card.expansion
        for cat in card.categories:
            assert len(cat.answers) >= MIN_ANSWERS, cat.id
            assert len(letter_coverage(cat, lang)) >= MIN_LETTERS, cat.id
            assert 1 <= cat.difficulty <= 3
            assert cat.title not in box_titles


@pytest.mark.parametrize("lang", LANGS)
def test_shipped_deck_is_what_the_build_makes(lang: str) -> None:
    assert deck_path(lang).read_text("utf-8") == build(lang)


def test_box_cards_are_drawn_before_the_expansion() -> None:
    cards = category_cards("en", [], adults=False)
    box = {card.id for card in cards if not card.expansion}
    assert box and len(box) < len(cards)
    config = CrackListConfig(make_seats(["Ann", "Bob", "Cat"]))
    table = CrackListTable(config, cards, Judge(lang="en"), random.Random(3))
    drawn = [card.id for card in reversed(table.red_pile)]
    assert set(drawn[:len(box)]) == box


def test_a_category_below_the_floor_or_repeating_the_box_is_left_out() -> None:
    many = [(f"Word{i}", ()) for i in range(30)]
    few_letters = Draft("few", "Few letters", list(many), "test")
    varied = [(f"{chr(65 + i % 20)}pple{i}", ()) for i in range(30)]
    kept = Draft("kept", "Kept", list(varied), "test")
    again = Draft("again", "Again", list(varied), "test")
    why: dict[str, str] = {}
    chosen = select([few_letters, kept, again], "en", [],
                    lambda draft, reason: why.setdefault(draft.id, reason))
    assert [d.id for d in chosen] == ["kept"]
    assert chosen[0].difficulty in (1, 2, 3)
    assert "letters" in why["few"] and "same idea" in why["again"]


def _draft(id_: str, title: str, answers: list[str]) -> Draft:
    """A hand-written draft of these answers."""
    return Draft(id_, title, [(a, ()) for a in answers], "hand")


def test_a_narrower_list_whose_title_adds_nothing_repeats_the_broad_one() -> None:
    """A list at most half another's size is narrower, yet the same idea when its title adds
    no word ("Famous pirates" beside "Pirates") or it ends as the other rhymes; a title that
    narrows ("Pirate ships") makes a new list, as does a like title over other answers."""
    pirates = [f"{chr(65 + i % 20)}pirate{i}" for i in range(80)]
    rhymes = [f"{c}ight" for c in "bfmnrst"]
    box = [Listed("Pirates", answer_keys(((p, ()) for p in pirates), "en")),
           Listed("Words that rhyme with 'light'", answer_keys(((r, ()) for r in rhymes), "en"))]
    third = pirates[:12] + [f"{chr(65 + i % 20)}other{i}" for i in range(20)]
    drafts = [_draft("famous-pirates", "Famous pirates", third),
              _draft("pirate-ships", "Pirate ships", third),
              _draft("pirate-words", "Pirate words", [f"{chr(65 + i % 20)}word{i}" for i in
                                                      range(28)] + pirates[:2]),
              _draft("words-ending-ight", "Words ending in '-ight'",
                     rhymes + [f"{chr(65 + i)}xight" for i in range(20)])]
    why: dict[str, str] = {}
    kept = select(drafts, "en", box, lambda draft, reason: why.setdefault(draft.id, reason))
    assert [d.id for d in kept] == ["pirate-ships", "pirate-words"]
    assert set(why) == {"famous-pirates", "words-ending-ight"}
    assert all("same idea" in reason for reason in why.values())


@pytest.mark.parametrize(("lang", "narrow", "broad"), [
    ("en", "Metals and alloys", "Chemical elements"), ("en", "Dog breeds", "Animals"),
    ("en", "Animals that eat meat", "Animals"), ("fr", "Villes de Provence", "Villes de France"),
])
def test_a_title_that_narrows_names_a_new_idea(lang: str, narrow: str, broad: str) -> None:
    assert not same_idea(narrow, broad, lang)


@pytest.mark.parametrize(("lang", "narrow", "broad"), [
    ("fr", "Pirates célèbres", "Les pirates"),
    ("fr", "Actrices françaises", "Acteurs et actrices français"),
    ("fr", "Mots qui se terminent par « -eau »", "Mots qui riment avec « chapeau »"),
    ("en", "Words ending in '-ight'", "Words that rhyme with 'light'"),
])
def test_a_title_that_adds_nothing_names_the_same_idea(lang: str, narrow: str, broad: str) -> None:
    assert same_idea(narrow, broad, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_no_shipped_list_repeats_another_under_other_words(lang: str) -> None:
    box = load_deck(shipped_decks_dir() / "crack-list" / lang / "core.toml")
    deck = load_deck(deck_path(lang))
    listed = [Listed(c.title, answer_keys(((a.text, a.aliases) for a in c.answers), lang))
              for d in (box, deck) for card in d.cards for c in card.categories]
    boxed = len([c for card in box.cards for c in card.categories])
    for i in range(boxed, len(listed)):
        assert not repeats(listed[i], listed[:i], lang), listed[i].title


def test_decks_check_refuses_a_list_below_the_floor(tmp_path: Path) -> None:
    answers = ", ".join(f'"Banana {i}"' for i in range(30))
    deck = tmp_path / "thin.toml"
    cats = "".join(f'\n[[cards.categories]]\nid = "c{i}"\ntitle = "Cat {i}"\nkind = "listed"\n'
                   f"answers = [{answers}]\n" for i in range(3))
    deck.write_text('[deck]\ngame = "crack-list"\nlang = "en"\nname = "Thin"\n\n'
                    f'[[cards]]\nid = "t1"\n{cats}', "utf-8")
    report = check_deck_file(deck)
    assert report.coverage == {"t1/c0": 1, "t1/c1": 1, "t1/c2": 1}
    assert any("1 letter(s)" in str(e) for e in report.errors)


def test_french_word_endings_list_nouns_and_adjectives_a_guest_names() -> None:
    # the family's drafts, the deck's or not ("-ine" repeats « copine » and is left out)
    endings = {d.id: {text for text, _ in d.answers} for d in word_endings("fr")}
    listed = set().union(*endings.values())
    # verb forms, feminines of a listed masculine, names, English loans, rude words
    for word in ("Appelle", "Rappelle", "Rejette", "Permette", "Oublier", "Vérifier", "Avoir",
                 "Première", "Infirmière", "Rousseau", "Bardot", "Jacqueline", "Sylvain",
                 "Galilée", "Baptiste", "Chine", "Foot", "Spot", "Shoot", "Boot", "Chier",
                 "Coeur", "Assoir", "Cieux"):
        assert word not in listed, word
    assert {"Semaine", "Moine", "Capitaine"}.isdisjoint(endings["mots-en-ine"])  # -aine, -oine
    assert {"Cabine", "Piscine"} <= endings["mots-en-ine"]
    assert {"Robot", "Escargot", "Haricot"} <= endings["mots-en-ot"]
    assert {"Cœur", "Sœur"} <= endings["mots-en-eur"]
    assert {"Papier", "Premier", "Escalier"} <= endings["mots-en-ier"]


def test_bench_categories_ranks_a_list_that_runs_dry_above_a_long_one(tmp_path: Path) -> None:
    long = ", ".join(f'"{chr(65 + i % 26)}word{i}"' for i in range(78))
    dry = ", ".join(f'"{chr(65 + i % 12)}thing{i}"' for i in range(25))
    deck = tmp_path / "two.toml"
    deck.write_text('[deck]\ngame = "crack-list"\nlang = "en"\nname = "Two"\n\n[[cards]]\n'
                    'id = "t1"\n'
                    f'[[cards.categories]]\nid = "long"\ntitle = "Long"\nkind = "listed"\n'
                    f"answers = [{long}]\n"
                    f'[[cards.categories]]\nid = "dry"\ntitle = "Dry"\nkind = "listed"\n'
                    f"answers = [{dry}]\n"
                    f'[[cards.categories]]\nid = "long2"\ntitle = "Long too"\nkind = "listed"\n'
                    f"answers = [{long}]\n", "utf-8")
    script = Path(__file__).parents[2] / "scripts" / "bench_categories.py"
    done = subprocess.run([sys.executable, str(script), "--deck", str(deck), "--games", "2",
                           "--all"], capture_output=True, text=True, check=True, timeout=300)
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ") and "%" in line]
    assert rows[0].startswith("| Dry |") and len(rows) == 3
    assert "3 categories" in done.stdout
