"""Property tests: any text or bytes give a verdict or a DeckError, never a crash."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from host.decks import AnswerEntry, Category, CategoryKind, DeckError, load_deck
from host.judge import Judge, Reason, normalize

FILMS = Category("films", "Films", CategoryKind.LISTED, closed=True, answers=tuple(
    AnswerEntry(a) for a in ("The Godfather", "Jaws", "Star Wars", "Alien", "Up")))
JUDGES = {"en": Judge(lang="en"), "fr": Judge(lang="fr")}


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60), st.sampled_from(["en", "fr"]))
def test_normalize_is_ascii_and_stable(text: str, lang: str) -> None:
    key = normalize(text, lang=lang)
    assert all(c.isascii() and (c.isalnum()) for c in key)
    assert normalize(text, lang=lang) == key


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60), st.lists(st.text(max_size=20), max_size=4),
       st.one_of(st.none(), st.sampled_from("ABCTGJz")), st.sampled_from(["en", "fr"]))
def test_judge_always_rules(answer: str, given_: list[str], letter: str | None,
                            lang: str) -> None:
    verdict = JUDGES[lang].judge(FILMS, answer, letter=letter, given=given_)
    assert verdict.reason in Reason
    assert all(len(x) == 1 and "A" <= x <= "Z" for x in verdict.letters)
    assert (verdict.accepted is True) == (verdict.reason is Reason.OK)
    if verdict.matched is not None:
        assert verdict.matched in {a.text for a in FILMS.answers}


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_load_or_raise_deck_error(tmp_path_factory: pytest.TempPathFactory,
                                            data: bytes) -> None:
    path = tmp_path_factory.mktemp("deck") / "random.toml"
    path.write_bytes(b'[deck]\ngame = "crack-list"\nlang = "en"\nname = "x"\n' + data)
    try:
        load_deck(path)
    except DeckError as exc:
        assert "random.toml" in str(exc)
