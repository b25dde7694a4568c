"""Deck loading and validation: real TOML files, every kind of broken deck named precisely."""

from __future__ import annotations

from pathlib import Path

import pytest

from host.decks import (
    CategoryKind,
    DeckError,
    find_decks,
    load_deck,
    load_game_decks,
    parse_deck,
    schema,
)

DATA = Path(__file__).resolve().parent / "data" / "decks"

HEAD = '[deck]\ngame = "crack-list"\nlang = "en"\nname = "T"\n'


def card(cid: str, *cats: str) -> str:
    """A [[cards]] table with the given category tables (TOML text)."""
    return f'\n[[cards]]\nid = "{cid}"\n' + "".join(f"\n[[cards.categories]]\n{c}\n" for c in cats)


def cat(cid: str, extra: str = "") -> str:
    """A category table body."""
    return f'id = "{cid}"\ntitle = "Title {cid}"\n{extra}'


def three(*extra: str) -> str:
    """A valid card of three open categories, the first with extra lines."""
    return card("c-1", cat("a", "\n".join(extra)), cat("b"), cat("c"))


def write(tmp_path: Path, text: str, name: str = "deck.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_mini_deck_loads() -> None:
    deck = load_deck(DATA / "crack-list-mini.toml")
    assert (deck.game, deck.lang, deck.version) == ("crack-list", "en", 1)
    assert len(deck.cards) == 3 and all(len(c.categories) == 3 for c in deck.cards)
    yellow = deck.cards[0].categories[0]
    assert yellow.kind is CategoryKind.LISTED and not yellow.closed
    assert yellow.answers[3].text == "Yolk" and yellow.answers[3].aliases == ("Egg yolk",)
    haze = deck.cards[0].categories[1]
    assert haze.generator == "rhymes" and dict(haze.params) == {"word": "haze"}
    assert deck.cards[0].categories[2].adult


def test_a_deck_file_is_read_once_until_it_changes(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + three())
    first = load_deck(path)
    assert load_deck(path) is first
    path.write_text(HEAD.replace('name = "T"', 'name = "Changed"') + three(), encoding="utf-8")
    assert load_deck(path).name == "Changed"
    path.write_text(HEAD + card("c-1", cat("a")), encoding="utf-8")
    with pytest.raises(DeckError, match="1 categories, a card has 3"):
        load_deck(path)


def test_error_names_file_entry_field() -> None:
    with pytest.raises(DeckError) as info:
        load_deck(DATA / "broken-empty-answers.toml")
    err = info.value
    assert err.entry == "en-003/fruits" and err.field == "answers"
    assert str(err).endswith("broken-empty-answers.toml: entry 'en-003/fruits' field 'answers': "
                             "empty list")


def test_syntax_error_is_one_clear_line() -> None:
    with pytest.raises(DeckError, match=r"broken-syntax.toml: not valid TOML: .*line 5"):
        load_deck(DATA / "broken-syntax.toml")


@pytest.mark.parametrize(
    ("body", "entry", "field", "message"),
    [
        (three('kind = "listed"'), "c-1/a", "answers", "a listed category needs answers"),
        (three('kind = "sorted"'), "c-1/a", "kind", "'sorted' is not one of"),
        (three("answers = [1, 2]"), "c-1/a", "answers[0]", "should be a string"),
        (three(f'answers = ["{"x" * 201}"]'), "c-1/a", "answers[0]", "longer than 200"),
        (three("colour = 1"), "c-1/a", "colour", "unknown field"),
        (three('kind = "generated"'), "c-1/a", "generator", "needs a generator"),
        (three('kind = "generated"', 'generator = "poems"'), "c-1/a", "generator",
         "is not one of"),
        (three('kind = "generated"', 'generator = "wordnet"', 'params = {class = "aliens"}'),
         "c-1/a", "generator", "wordnet needs params.class"),
        (three('kind = "generated"', 'generator = "rhymes"'), "c-1/a", "generator",
         "rhymes needs params.word"),
        (three('generator = "rhymes"'), "c-1/a", "generator", "kind is 'open'"),
        (three('answers = ["Lemon", "!!!"]'), "c-1/a", "answers", "no letter to play it with"),
        (three("difficulty = 7"), "c-1/a", "difficulty", "7 is above 3"),
        (card("c-1", cat("a"), cat("b")), "c-1", "categories", "2 categories, a card has 3"),
        (three() + card("c-1", cat("d"), cat("e"), cat("f")), "c-1", "id", "duplicate entry id"),
        (three() + card("c-2", cat("a"), cat("e"), cat("f")), "c-2/a", "id",
         "duplicate category id"),
        (card("c-1", 'id = "Bad Id"\ntitle = "x"', cat("b"), cat("c")), "c-1/Bad Id", "id",
         "not kebab-case"),
        (card("c-1", 'title = "x"', cat("b"), cat("c")), "c-1/categories[0]", "id", "missing"),
        ("", None, "cards", "a crack-list deck needs cards"),
    ],
)
def test_broken_decks(tmp_path: Path, body: str, entry: str | None, field: str,
                      message: str) -> None:
    path = write(tmp_path, HEAD + body)
    with pytest.raises(DeckError) as info:
        load_deck(path)
    err = info.value
    assert (err.entry, err.field) == (entry, field), str(err)
    assert message in str(err)
    assert str(err).startswith(str(path))


def test_header_errors(tmp_path: Path) -> None:
    path = write(tmp_path, '[deck]\ngame = "poker"\nlang = "en"\nname = "x"\n' + three())
    with pytest.raises(DeckError, match="entry 'deck' field 'game': 'poker' is not one of"):
        load_deck(path)
    path = write(tmp_path, "[deck]\nname = 'x'\nlang = 'en'\n" + three())
    with pytest.raises(DeckError, match="entry 'deck' field 'game': missing"):
        load_deck(path)
    path = write(tmp_path, three())
    with pytest.raises(DeckError, match="field 'deck': missing"):
        load_deck(path)


def test_size_limits(tmp_path: Path) -> None:
    big = write(tmp_path, HEAD + "# " + "x" * (2 * 1024 * 1024) + "\n" + three(), "big.toml")
    with pytest.raises(DeckError, match="more than the 2097152 allowed"):
        load_deck(big)
    many = HEAD + "".join(card(f"c-{i}", cat(f"a{i}"), cat(f"b{i}"), cat(f"c{i}"))
                          for i in range(5001))
    with pytest.raises(DeckError, match="field 'cards': more than 5000 items"):
        load_deck(write(tmp_path, many, "many.toml"))


def test_hostile_input_is_a_deck_error(tmp_path: Path) -> None:
    nested = write(tmp_path, "x = " + "[" * 100000 + "]" * 100000 + "\n", "nested.toml")
    with pytest.raises(DeckError, match="not valid TOML"):
        load_deck(nested)
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(DeckError, match="not UTF-8"):
        load_deck(binary)
    with pytest.raises(DeckError, match="cannot read the file"):
        load_deck(tmp_path / "missing.toml")


def test_short_list_and_scattergories(tmp_path: Path) -> None:
    q = ('[deck]\ngame = "short-list"\nlang = "en"\nname = "Q"\n[[questions]]\nid = "q-1"\n'
         'question = "Name a planet."\nanswers = ["Mars", "Venus", "Earth"]\n')
    with pytest.raises(DeckError, match="entry 'q-1' field 'answers': 3 distinct answers"):
        load_deck(write(tmp_path, q))
    cats = "".join(f"\n[[lists.categories]]\n{cat(f'k{i}', 'people = true')}\n"
                   for i in range(12))
    s = ('[deck]\ngame = "scattergories"\nlang = "en"\nname = "S"\n'
         f'[[lists]]\nid = "list-01"\n{cats}')
    deck = load_deck(write(tmp_path, s))
    assert len(deck.lists[0].categories) == 12 and deck.lists[0].categories[0].people


def test_warnings_for_repeated_answers(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + three('answers = ["Lemon", "Lemons"]'))
    deck, errors, warnings = parse_deck(path)
    assert deck is not None and not errors
    assert "answer 'Lemons' repeats 'Lemon'" in str(warnings[0])


def test_find_decks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    user = tmp_path / "cfg" / "partyhost" / "decks"
    user.mkdir(parents=True)
    mine = write(user, HEAD + three(), "mine.toml")
    fr = write(tmp_path, HEAD.replace('"en"', '"fr"') + three(), "fr.toml")
    found = find_decks("crack-list", "en", extra=[fr, DATA / "crack-list-mini.toml"])
    assert mine.resolve() in found and (DATA / "crack-list-mini.toml").resolve() in found
    assert fr.resolve() not in found
    assert fr.resolve() in find_decks("crack-list", "fr", extra=[fr])
    decks = load_game_decks("crack-list", "en", extra=[DATA / "crack-list-mini.toml"])
    assert any(d.name == "Mini test deck" for d in decks)


def test_schema_is_json_schema() -> None:
    import jsonschema

    jsonschema.Draft202012Validator.check_schema(schema())
