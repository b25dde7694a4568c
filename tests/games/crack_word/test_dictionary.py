"""Crack Word's dictionary: the real French and English lists, the queries, the cache, the judge."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from host.games.crack_word.abbreviations import own_word, read_as_written, shortens
from host.games.crack_word.dictionary import (
    Dictionary,
    MissingWordList,
    RowWord,
    load_dictionary,
    load_word_list,
)


@pytest.fixture(scope="module")
def fr() -> Dictionary:
    """The French dictionary, loaded once."""
    return load_dictionary("fr")


@pytest.fixture(scope="module")
def en() -> Dictionary:
    """The English dictionary, loaded once."""
    return load_dictionary("en")


@pytest.mark.parametrize("word", ["MANGEONS", "FINISSAIENT", "MANGEAMES", "ALLASSENT",
                                  "CHATEAU", "CHATEAUX", "GARCON", "COEUR", "OEUFS", "ETE"])
def test_french_words_with_their_conjugations_and_plurals(fr: Dictionary, word: str) -> None:
    """Conjugated and inflected forms are words, accents and ligatures folded."""
    assert fr.is_word(word)


@pytest.mark.parametrize("word", ["PORTEMONNAIE", "AUJOURDHUI", "QQN", "KG", "CAD", "ZZZQ",
                                  "JUSQU", "B", "chateau", "CHÂTEAU"])
def test_french_non_words(fr: Dictionary, word: str) -> None:
    """Compounds, elisions, abbreviations, stray letters and unfolded spellings are out."""
    assert not fr.is_word(word)


@pytest.mark.parametrize("word", ["CATS", "RAN", "RUNNING", "BERRIES", "CAFE", "CHATEAU", "A"])
def test_english_words(en: Dictionary, word: str) -> None:
    """Plurals, past forms and folded accents are English words."""
    assert en.is_word(word)


@pytest.mark.parametrize(("said", "reason"), [
    ("Paris", "proper noun"), ("Asunción's", "proper noun"), ("NASA", "abbreviation"),
    ("bldg", "abbreviation"), ("it's", "apostrophe"), ("xyzzyq", "not in the list")])
def test_english_reasons(en: Dictionary, said: str, reason: str) -> None:
    """A proper noun, an abbreviation, a contraction and a stranger are out, each with why."""
    assert en.why_not(said) == reason
    assert not en.is_word(en.normalised(said)) or reason == "apostrophe"


@pytest.mark.parametrize("said", ["etc", "atm", "dr", "Dr", "ATM", "rte"])
def test_english_abbreviations_are_refused_as_abbreviations(en: Dictionary, said: str) -> None:
    """Lower-case abbreviations the list holds beside its words ("etc", "atm": read only as a
    longer phrase or as their letters) are out, and "dr" is an abbreviation, not a name."""
    assert en.why_not(said) == "abbreviation"
    assert not en.is_word(en.normalised(said))


@pytest.mark.parametrize("word", ["BAA", "ABA", "EMS", "LAB", "MATH", "EXAM", "INFO", "VET",
                                  "AVE", "AUTO", "AYE", "EGOISM", "IDEA"])
def test_english_words_read_oddly_or_clipped_stay_words(en: Dictionary, word: str) -> None:
    """Words CMUdict reads as letters but WordNet knows as words of their own, and clippings
    read as written, are still words."""
    assert en.is_word(word)


def test_a_short_form_is_told_from_a_word_by_its_synsets() -> None:
    """A lemma beside a longer one it shortens is an abbreviation; one alone, or inside a
    longer lemma as a word, is a word of its own."""
    assert shortens("atm", "atmosphere") and shortens("atm", "automated_teller_machine")
    assert not shortens("em", "em_quad") and not shortens("ameba", "amoeba")
    assert not own_word("atm", [["standard_atmosphere", "atmosphere", "atm"], ["ATM"]])
    assert own_word("baa", [["baa"]])
    assert not read_as_written("atm", ["EY1", "T", "IY2", "EH1", "M"])
    assert not read_as_written("etc", ["EH2", "T", "S", "EH1", "T", "ER0", "AH0"])
    assert read_as_written("lab", ["L", "AE1", "B"])


def test_french_reasons(fr: Dictionary) -> None:
    """Said words are folded as the cards spell them; what the list removed says why."""
    assert fr.why_not("Château") is None
    assert fr.normalised("cœur") == "COEUR"
    assert fr.why_not("porte-monnaie") == "compound word"
    assert fr.why_not("aujourd'hui") == "apostrophe"
    assert fr.why_not("kg") == "abbreviation"
    assert fr.why_not("Lyon") == "proper noun"
    assert fr.why_not("zzzq") == "not in the list"


def test_contains_and_examples(fr: Dictionary, en: Dictionary) -> None:
    """Letters held together in order by some word, and the commonest words that hold them:
    the ones a player names."""
    assert fr.contains("TEAU") and fr.contains("CHAT") and fr.contains("")
    assert not fr.contains("QZ") and not fr.contains("ZZZ") and not fr.contains("UAET")
    assert fr.words_containing("TEAU", limit=3) == ["CHATEAU", "BATEAU", "PLATEAU"]
    assert set(fr.words_containing("MANGEONS")) == {"MANGEONS", "DEMANGEONS", "REMANGEONS"}
    assert en.words_containing("ZZ", limit=3) == ["PIZZA", "JAZZ", "BUZZ"]
    examples = en.words_containing("E", limit=50)
    assert len(examples) == 50 and all("E" in w for w in examples)
    assert fr.words_containing("QZ") == [] and fr.words_containing("E", limit=0) == []


def test_a_word_is_said_as_the_list_writes_it(fr: Dictionary, en: Dictionary) -> None:
    """The accents come back for the host and the bots to say: the commonest entry's, else
    the one without accents."""
    assert [fr.spelling(w) for w in ("CHATEAU", "TETE", "MEME", "MAIS", "ETE")] == [
        "château", "tête", "même", "mais", "été"]
    assert en.spelling("CAFE") == "café" and en.spelling("PIZZA") == "pizza"


def test_words_completed_by_a_row(fr: Dictionary) -> None:
    """A row's words of at least 3 letters, longest first; through the placed card only."""
    found = fr.words_completed_by("XCHATEAUX")
    assert found[0] == RowWord(1, 9, "CHATEAUX")
    assert {w.word for w in found} >= {"CHATEAU", "CHAT", "EAU", "AUX"}
    assert all(len(w.word) >= 3 for w in found)
    placed = fr.words_completed_by("XCHATEAUX", placed=8)
    assert [w.word for w in placed] == ["CHATEAUX", "EAUX", "AUX"]
    assert fr.words_completed_by("XQZ") == []
    assert fr.justifies("CHATEAU", "TEA") and not fr.justifies("CHATEAU", "TAE")


def test_missing_list_names_the_package(tmp_path: Path) -> None:
    """A missing word list is one sentence naming the file and the Debian package."""
    missing = tmp_path / "french"
    with pytest.raises(MissingWordList, match=r"french.*apt-get install wfrench"):
        load_dictionary("fr", missing)
    with pytest.raises(ValueError, match="fr or en"):
        load_dictionary("de")


def test_small_list_cache_and_fallback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A built index is cached by size and mtime, read back, and rebuilt when damaged."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    words = tmp_path / "words"
    words.write_text("chat\nchâteau\nParis\nNASA\nbldg\nit's\nporte-monnaie\nb\na\nmangeons\n")
    built = load_word_list(words, "fr")
    assert sorted(built.words) == ["A", "CHAT", "CHATEAU", "MANGEONS"]
    assert built.counts["proper noun"] == 1 and built.counts["abbreviation"] == 2
    caches = list((tmp_path / "cache").rglob("*.bin"))
    assert len(caches) == 1
    stale = caches[0].with_name("fr-1-2-v1.bin")
    stale.write_bytes(b"an older format")
    words.write_text(words.read_text() + "chats\n")
    load_word_list(words, "fr")
    assert not stale.exists() and len(list(caches[0].parent.glob("fr-*.bin"))) == 1
    words.write_text(words.read_text().removesuffix("chats\n"))
    built = load_word_list(words, "fr")
    caches = list((tmp_path / "cache").rglob("*.bin"))
    again = load_word_list(words, "fr")
    assert again.words == built.words and list(again.suffixes) == list(built.suffixes)
    caches[0].write_bytes(caches[0].read_bytes()[:-3])
    assert load_word_list(words, "fr").contains("TEAU")
    caches[0].write_bytes(b"junk")
    assert load_word_list(words, "fr").words_containing("HAT") == ["CHAT", "CHATEAU"]


def _judge(*args: str) -> dict[str, object]:
    """Run `partyhost judge --game crack-word` in a child process and read its JSON."""
    done = subprocess.run([sys.executable, "-m", "host", "judge", "--game", "crack-word", *args],
                          text=True, capture_output=True, timeout=60, env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    verdict: dict[str, object] = json.loads(done.stdout)
    return verdict


def test_judge_command(fr: Dictionary, en: Dictionary) -> None:
    """The judge answers as the game would, French by default."""
    assert _judge("finissaient") == {
        "game": "crack-word", "lang": "fr", "word": "finissaient", "accepted": True,
        "normalised": "FINISSAIENT", "reason": None}
    verdict = _judge("--lang", "en", "Paris")
    assert verdict["accepted"] is False and verdict["reason"] == "proper noun"
    assert _judge("porte-monnaie")["reason"] == "compound word"
    for word in ("etc", "atm", "dr"):
        verdict = _judge("--lang", "en", word)
        assert verdict["accepted"] is False and verdict["reason"] == "abbreviation", word
