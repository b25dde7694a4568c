"""Crack Word's phrasebooks, French and English: every note the rules and the questions emit,
over a few bot games, and every refusal, renders with no missing line or placeholder."""

from __future__ import annotations

import random
import re
import tomllib
from importlib import resources

import pytest

from host.core.events import IllegalEvent, Note, make_seats
from host.core.phrasebook import CORE_LINES, Phrasebook
from host.core.talk import Query
from host.games.crack_word.announce import VOICE
from host.games.crack_word.bots import BotSkills, BotTable
from host.games.crack_word.config import CrackWordConfig
from host.games.crack_word.notes import NoteKind, Refusal
from host.games.crack_word.questions import CrackWordQuestions
from host.games.crack_word.rules import CrackWordGame
from tests.games.crack_word.tables import NAMES, WORDS

LANGS = ("fr", "en")
EXTRA = ("welcome", "help", "board_row", "board_row_empty", "board_row_colours", "hand",
         "hand_count", "hand_physical", "score",
         "pass_draw_last", "pass_draw_nothing", "new_hand_last", "end_last_card_no_bonus")
SAMPLE = {"player": "Ann", "turn": "Bob", "row": 2, "letter": "R", "letters": "CHAR",
          "card": "!", "word": "chariot"}


def game_notes() -> list[Note]:
    """Every note of a few bot games (virtual, then physical cards), with the questions asked
    along the way."""
    notes: list[Note] = []
    for seed in range(6):
        seats = make_seats(NAMES[:2 + seed % 3])
        config = CrackWordConfig(seats, lang=LANGS[seed % 2],
                                 cards="physical" if seed >= 3 else "virtual")
        game = CrackWordGame(config, WORDS, random.Random(seed))
        notes += [n for n in game.start() if isinstance(n, Note)]
        bots = BotTable(game, BotSkills(time_out=0.05, petard=0.4), random.Random(seed))
        questions = CrackWordQuestions(game)
        steps = 0
        while not game.over and steps < 400:
            notes += [n for n in game.handle(bots.next_event()) if isinstance(n, Note)]
            for kind in ("board", "board_colours", "hand", "count", "score"):
                notes += questions.answer(Query(kind, game.expected_player())) or []
            steps += 1
    return notes


@pytest.fixture(scope="module")
def notes() -> list[Note]:
    """The notes of the bot games (played once)."""
    return game_notes()


def check(text: str | None) -> None:
    """A rendered line with nothing left unfilled."""
    assert text is not None and "{" not in text and "}" not in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_has_a_line(lang: str) -> None:
    text = resources.files(VOICE.package).joinpath(f"{lang}.toml").read_text("utf-8")
    book = tomllib.loads(text)
    assert {*NoteKind, *EXTRA} <= set(book["lines"])
    assert {*Refusal, "default"} <= set(book["refusals"])
    assert len(book["house_rules"]["rules"]) == 25


@pytest.mark.parametrize("lang", LANGS)
def test_every_note_of_the_games_renders(lang: str, notes: list[Note]) -> None:
    book = Phrasebook(lang, random.Random(0), VOICE)
    seen = {note.kind for note in notes}
    assert {NoteKind.CUT, NoteKind.STARTING_LETTER, NoteKind.HANDS_DEALT,
            NoteKind.CARD_PLACED_LEFT, NoteKind.JUSTIFIED, NoteKind.PASS_DRAW,
            NoteKind.PETARD, NoteKind.CRACK_WORD, NoteKind.ASK_CUT, NoteKind.ASK_CUT_NEXT,
            NoteKind.ASK_STARTING_LETTER, NoteKind.FIRST_PLAYER, "hand_physical"} <= seen
    for note in notes:
        for key in VOICE.keys(note):
            for variant in book.lines[key]:
                check(book.fill(variant, note.params))


@pytest.mark.parametrize("lang", LANGS)
def test_every_kind_and_refusal_renders_from_sample_params(lang: str) -> None:
    book = Phrasebook(lang, random.Random(0), VOICE)
    for kind in NoteKind:
        params = {**SAMPLE, "shown": {"Ann": "R", "Bob": "*"}, "players": ["Ann", "Bob"],
                  "points": {"Ann": 3, "Bob": 1}, "cards": 2, "pile": 5, "hand": 8,
                  "drew": 1, "bonus": 4, "score": 7}
        for variant in book.lines[kind]:
            check(book.fill(variant, params))
    for reason in Refusal:
        if reason != Refusal.STALE_TIMER:
            check(book.render(IllegalEvent(reason, **SAMPLE).note()))


def test_french_is_french() -> None:
    book = Phrasebook("fr", random.Random(0), VOICE)
    assert book.lang == "fr"
    placed = book.render(Note(NoteKind.CARD_PLACED_RIGHT, {"player": "Ann", "row": 1,
                                                           "letter": "R", "letters": "CHAR"}))
    assert placed is not None and placed.endswith("Ligne 2 : C, H, A, R.")
    won = book.render(Note(NoteKind.GAME_SHARED, {"players": ["Ann", "Bob"],
                                                  "points": {"Ann": 3, "Bob": 3}}))
    assert won is not None and "Ann et Bob" in won and "Ann 3 et Bob 3" in won
    assert book.render(Note("board_row", {"row": 3, "letters": []})) == "Ligne 4 : vide."
    assert "pause" in book.line("paused") and "on reprend" in book.line("paused")


@pytest.mark.parametrize(("note", "said"), [
    (Note(NoteKind.GAME_WON, {"player": "Ann", "points": {"Ann": 3}}), "Victoire d'Ann"),
    (Note(NoteKind.GAME_WON, {"player": "Bob", "points": {"Bob": 3}}), "Victoire de Bob"),
    (IllegalEvent(Refusal.NOT_AN_IDENTICAL_LETTER, letter="A", row=0).note(), "pas d'A à"),
    (IllegalEvent(Refusal.NOT_AN_IDENTICAL_LETTER, letter="R", row=0).note(), "pas de R à"),
    (IllegalEvent(Refusal.CARD_NOT_IN_HAND, player="Ann", card="*").note(), "pas d'étoile en"),
    (IllegalEvent(Refusal.CARD_NOT_IN_HAND, player="Ann", card="!").note(), "pas de pétard en"),
    (IllegalEvent(Refusal.SPECIAL_START, player="Ann", card="*").note(), "retourné une étoile"),
    (IllegalEvent(Refusal.NO_SUCH_CARD, card="K").note(), "Il n'y a pas de K dans"),
    (Note(NoteKind.END_LAST_CARD, {"player": "Ann", "bonus": 0}), "pas de bonus"),
    (Note(NoteKind.PASS_DRAW, {"player": "Ann", "drew": 0, "pile": 0}), "plus rien à piocher"),
    (Note(NoteKind.NEW_HAND, {"player": "Ann", "cards": 3, "pile": 0}), "les dernières"),
])
def test_french_elides_and_says_nothing_as_french_does(note: Note, said: str) -> None:
    book = Phrasebook("fr", random.Random(0), VOICE)
    if note.kind == "refused":
        variants = book.refusals[str(note.params["reason"])]
    else:
        variants = [v for key in VOICE.keys(note) for v in book.lines[key]]
    texts = [book.fill(variant, note.params) for variant in variants]
    assert any(said in text for text in texts), texts
    assert not any(re.search(r"(ramasse|reste|tire|reprend) aucune", text) for text in texts)


@pytest.mark.parametrize(("card", "said"), [("R", "an R"), ("T", "a T"), ("!", "a Petard"),
                                            ("*", "a Star"), ("U", "a U"), ("E", "an E")])
def test_english_says_an_before_a_vowel_sound(card: str, said: str) -> None:
    book = Phrasebook("en", random.Random(0), VOICE)
    text = book.render(IllegalEvent(Refusal.CARD_NOT_IN_HAND, player="Ann", card=card).note())
    assert text == f"You don't hold {said}, Ann."


def test_core_french_has_every_core_key() -> None:
    files = resources.files(CORE_LINES)
    english, french = (tomllib.loads(files.joinpath(f"{lang}.toml").read_text("utf-8"))
                       for lang in ("en", "fr"))
    for section in english:
        assert set(english[section]) == set(french[section])
    assert not any(re.search(r"\{(?!\w+\})", v) for lines in french["lines"].values()
                   for v in lines)
