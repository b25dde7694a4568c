"""What Crack Word players say, in French and in English, becomes the right move or question;
what bots say is read back to the same move; the recognizer is offered the moves of the turn."""

from __future__ import annotations

import random

import pytest

from host.core.events import TimeUp, make_seats
from host.core.speaker import Query, Unclear
from host.games.crack_word.board import Tile, WordSet
from host.games.crack_word.bots import BAD_WORD, BotSkills, BotTable
from host.games.crack_word.cards import ETOILE, PETARD, Card
from host.games.crack_word.config import CrackWordConfig
from host.games.crack_word.events import Pass, Petard, Place, Side
from host.games.crack_word.flow import State
from host.games.crack_word.rules import CrackWordGame
from host.games.crack_word.talk import CrackWordTalk, same_move
from tests.games.crack_word.test_rules import NAMES, WORDS, row

R = Side.RIGHT
L = Side.LEFT
T = Side.TOP


def new_game(lang: str = "fr", players: int = 3, seed: int = 3) -> CrackWordGame:
    """A started game on the small word list, Ann first."""
    config = CrackWordConfig(make_seats(NAMES[:players]), lang=lang, first=0)
    game = CrackWordGame(config, WORDS, random.Random(seed))
    game.start()
    return game


def with_hand(game: CrackWordGame, faces: str, *rows: str) -> CrackWordGame:
    """Ann holds `faces`; the rows as given."""
    game.hands[0] = [Card(face, game.colours[0], 900 + i) for i, face in enumerate(faces)]
    for number, text in enumerate(rows):
        game.rows[number] = row(text)
    return game


FRENCH = [
    ("R à droite de la ligne deux", Place("Ann", "R", 1, R)),
    ("E à gauche, ligne un", Place("Ann", "E", 0, L)),
    ("E à gauche de la ligne un", Place("Ann", "E", 0, L)),
    ("A sur le A de la ligne trois", Place("Ann", "A", 2, T, at=0)),
    ("A sur le deuxième A de la ligne trois", Place("Ann", "A", 2, T, at=2)),
    ("pétard sur la ligne quatre", Petard("Ann", 3)),
    ("étoile, un S, à droite de la ligne un", Place("Ann", "S", 0, R, star=True)),
    ("je passe", Pass("Ann")),
    ("passe", Pass("Ann")),
    ("R à droite de la ligne deux, pour château", Place("Ann", "R", 1, R, "château")),
    ("R à droite de la ligne deux, mot chariot", Place("Ann", "R", 1, R, "chariot")),
    ("R à droite de la ligne deux, Crack Word !", Place("Ann", "R", 1, R, crack=True)),
    ("Crack Word ! R à droite de la ligne 2", Place("Ann", "R", 1, R, crack=True)),
    ("erre à droite de la ligne deux", Place("Ann", "R", 1, R)),
    ("Bob : je passe", Pass("Bob")),
]
ENGLISH = [
    ("R on the right of row two", Place("Ann", "R", 1, R)),
    ("E on the left, row one", Place("Ann", "E", 0, L)),
    ("A on the A of row three", Place("Ann", "A", 2, T, at=0)),
    ("A on the second A of row three", Place("Ann", "A", 2, T, at=2)),
    ("petard on row four", Petard("Ann", 3)),
    ("star, an S, on the right of row one", Place("Ann", "S", 0, R, star=True)),
    ("pass", Pass("Ann")),
    ("Crack Word!", None),
    ("R on the right of row two, word castle", Place("Ann", "R", 1, R, "castle")),
    ("R on the right of row two, Crack Word!", Place("Ann", "R", 1, R, crack=True)),
    ("are on the right of row to", Place("Ann", "R", 1, R)),
    ("Bob: pass", Pass("Bob")),
]


@pytest.mark.parametrize(("lang", "text", "move"),
                         [("fr", *case) for case in FRENCH] + [("en", *case) for case in ENGLISH])
def test_every_form_parses(lang: str, text: str, move: object) -> None:
    game = with_hand(new_game(lang), "RES", "CHAT", "CHA", "ARA")
    parsed = CrackWordTalk(game).parse(text)
    assert parsed == move if move is not None else isinstance(parsed, Unclear)


QUERIES = [
    ("fr", "lis le tableau", "board"), ("fr", "lis le tableau avec les couleurs", "board_colours"),
    ("fr", "ma main", "hand"), ("fr", "combien de cartes", "count"), ("fr", "le score", "score"),
    ("fr", "répète", "repeat"), ("fr", "aide", "help"), ("fr", "règles", "rules"),
    ("fr", "pause", "pause"), ("fr", "reprends", "resume"), ("fr", "quitter", "quit"),
    ("en", "read the board", "board"), ("en", "my hand", "hand"),
    ("en", "how many cards", "count"), ("en", "score", "score"), ("en", "repeat", "repeat"),
    ("en", "rules", "rules"), ("en", "quit", "quit"),
]


@pytest.mark.parametrize(("lang", "text", "kind"), QUERIES)
def test_questions_parse(lang: str, text: str, kind: str) -> None:
    assert CrackWordTalk(new_game(lang)).parse(text) == Query(kind, "Ann")


def test_the_name_before_a_question_is_who_asks() -> None:
    assert CrackWordTalk(new_game()).parse("Cat, ma main") == Query("hand", "Cat")


def test_gibberish_is_unclear() -> None:
    talk = CrackWordTalk(new_game())
    assert isinstance(talk.parse("bonjour tout le monde"), Unclear)
    assert isinstance(talk.parse("R à droite de la ligne neuf"), Unclear)


def test_say_the_forms() -> None:
    game = with_hand(new_game(), "RS*", "CHAT", "CHA", "ARA")
    talk = CrackWordTalk(game)
    assert talk.say(Place("Ann", "R", 1, R, "CHARIOT")) == \
        "R à droite de la ligne deux, pour chariot"
    assert talk.say(Place("Ann", "S", 0, L, star=True)) == \
        "étoile, un S, à gauche de la ligne un"
    assert talk.say(Place("Ann", "A", 2, T, at=2)) == "A sur le deuxième A de la ligne trois"
    assert talk.say(Petard("Ann", 3), "Ann") == "Ann: pétard sur la ligne quatre"
    assert talk.say(Place("Ann", "R", 1, R, crack=True)) == \
        "R à droite de la ligne deux, Crack Word !"
    accented = CrackWordGame(game.config, WordSet(["château", "été"]), random.Random(1))
    assert CrackWordTalk(accented).say(Place("Ann", "E", 0, R, "ETE")) == \
        "E à droite de la ligne un, pour été"  # as the list writes it
    english = CrackWordTalk(game, "en")
    assert english.say(Place("Ann", "S", 0, R, star=True)) == \
        "star, an S, on the right of row one"
    assert english.say(Pass("Ann")) == "pass"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_bot_moves_read_back(lang: str) -> None:
    moves = 0
    for seed in range(4):
        game = new_game(lang, players=2 + seed % 3, seed=seed)
        talk, bots = CrackWordTalk(game), BotTable(game, BotSkills(), random.Random(seed))
        while not game.over and moves < 150 * (seed + 1):
            event = bots.next_event()
            if not isinstance(event, TimeUp):
                assert same_move(event, [talk.parse(talk.say(event))], game), event
                if not (isinstance(event, Place) and event.word == BAD_WORD):
                    assert talk.say(event) in talk.choices(), event  # a bluff is not offered
                moves += 1
            game.handle(event)
    assert moves >= 300


def test_choices_are_the_turns_moves() -> None:
    game = with_hand(new_game(), "R!*", "CHA", "CHAT", "A", "")
    choices = CrackWordTalk(game).choices()
    assert "R à droite de la ligne un, pour chariot" in choices
    assert "R à droite de la ligne un" not in choices  # CHAR needs its word
    assert "R à gauche de la ligne quatre" in choices  # a row of one letter needs none
    assert "R à gauche de la ligne trois, pour rat" in choices
    assert "étoile, un Z, à gauche de la ligne quatre" in choices
    assert not any(c.startswith("étoile, un Z, à gauche de la ligne trois") for c in choices)
    assert "pétard sur la ligne deux" in choices
    assert "pétard sur la ligne quatre" not in choices  # an empty row
    assert {"je passe", "lis le tableau", "ma main", "le score"} <= set(choices)
    assert not any(c.startswith("E ") for c in choices)  # not in hand


def test_a_crack_word_is_offered() -> None:
    game = with_hand(new_game(), "R", "CHA")
    game.rows[0] = [[Tile(letter, game.colours[0], Card(letter, game.colours[0], 950 + i))]
                    for i, letter in enumerate("CHA")]
    assert "R à droite de la ligne un, Crack Word !" in CrackWordTalk(game).choices()


def test_refill_offers_the_emptied_row_only() -> None:
    game = with_hand(new_game(), "RE")
    game.state = State.REFILL
    game.emptied, game.rows[2] = 2, []
    choices = CrackWordTalk(game).choices()
    assert "R à gauche de la ligne trois" in choices
    assert not any("ligne un" in c for c in choices)
    assert "je passe" not in choices


def test_same_move_forgives_spelling_and_the_leftmost_place() -> None:
    game = new_game()
    meant = Place("Ann", "R", 1, R, "château")
    assert same_move(meant, [Place("Ann", "R", 1, R, "CHATEAU")], game)
    assert not same_move(meant, [Place("Ann", "R", 1, L, "château")], game)
    assert same_move(Place("Ann", "A", 0, T), [Place("Ann", "A", 0, T, at=0)], game)
    assert not same_move(Pass("Ann"), [Pass("Bob")], game)


def test_talk_flags() -> None:
    assert CrackWordTalk.open_answers is False and CrackWordTalk.secret_choices is False
    assert ETOILE != PETARD
