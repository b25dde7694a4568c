"""Crack Word at the table, through the session as the console drives it: the board read
card by card, a card on an emptied row, a word asked for, a refused claim's reason, and a
game picked up after --resume."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from host.clock import FakeClock
from host.companion.views import page_text
from host.console import prompt, run_console
from host.core import autosave
from host.core.session import Session
from host.games.crack_word.announce import VOICE
from host.games.crack_word.board import Tile
from host.games.crack_word.cards import ETOILE, Card
from host.games.crack_word.events import Pass, Place, Side
from host.games.crack_word.kind import CRACK_WORD
from host.games.crack_word.moves import justifying_words
from host.games.crack_word.setup import CrackWordOptions, build_session
from host.games.crack_word.view import public_view

_numbers = iter(range(5000, 100_000))


def table(lang: str, hand: str, *rows: str) -> Session:
    """A started session for Ann and Bob, Ann on turn holding `hand`; each row is written
    card by card, a letter and its seat ("C0 A1": Ann's C, Bob's A; "*A1": Bob's Étoile as A;
    "R1/R0": Ann's R on top of Bob's)."""
    session = build_session(CrackWordOptions(players=["Ann", "Bob"], lang=lang, seed=3,
                                             first="Ann"), FakeClock(), None)
    session.start()
    game = session.game
    game.hands[0] = [Card(face, game.colours[0], next(_numbers)) for face in hand]
    for number, text in enumerate(rows):
        game.rows[number] = [[_tile(game.colours, part) for part in stack.split("/")]
                             for stack in text.split()]
    return session


def _tile(colours: tuple[str, ...], part: str) -> Tile:
    """One card of a row from "C0" or "*A1"."""
    star, letter, seat = part.startswith("*"), part.lstrip("*")[0], int(part[-1])
    face = ETOILE if star else letter
    return Tile(letter, colours[seat], Card(face, colours[seat], next(_numbers)))


def said(session: Session, text: str) -> list[str]:
    """What the host says back to one typed line."""
    return [line.text for line in session.hear_words(text)]


@pytest.mark.parametrize(("lang", "ask", "row_one"), [
    ("fr", "lis le tableau",
     "Ligne 1 : C d'Ann, étoile de Bob valant A, R d'Ann sur un R de Bob."),
    ("en", "read the board", "Row 1: Ann's C, Bob's star as A, Ann's R over Bob's R."),
])
def test_the_board_read_aloud_says_whose_each_card_is_which_is_a_star_and_what_is_covered(
        lang: str, ask: str, row_one: str) -> None:
    session = table(lang, "E", "C0 *A1 R1/R0", "", "N1", "P1")
    lines = said(session, ask)
    assert lines[0] == row_one
    assert lines[1] == ("Ligne 2 : vide." if lang == "fr" else "Row 2: empty.")
    assert lines[2] == ("Ligne 3 : N de Bob." if lang == "fr" else "Row 3: Bob's N.")


@pytest.mark.parametrize(("lang", "crack", "refill"), [
    ("fr", "T à droite de la ligne un, Crack Word !", "A sur la ligne un"),
    ("en", "T on the right of row one, Crack Word!", "A on row one"),
])
def test_a_card_goes_on_the_emptied_row_when_said_so(lang: str, crack: str,
                                                      refill: str) -> None:
    session = table(lang, "TAE", "C0 H0 A0", "N1", "X1", "P1")
    assert any(line.startswith("Crack Word") for line in said(session, crack))
    assert session.game.rows[0] == [] and session.game.expected_player() == "Ann"
    assert refill in session.talk.choices()  # offered to the recognizer, said the same way
    lines = said(session, refill)
    assert session.game.row_letters(0) == "A" and session.game.expected_player() == "Bob"
    # No left or right on an empty row: "Ann starts row 1 with an A." / "Un A sur la ligne 1…"
    assert re.search(r"\b(row|ligne) 1\b", lines[0]) and re.search(r"\bA\b", lines[0])
    assert not re.search(r"right|left|droite|gauche", lines[0])


def test_on_a_row_with_cards_the_same_words_cover_its_identical_letter() -> None:
    session = table("fr", "A", "C0 A1", "N1", "X1", "P1")
    said(session, "A sur la ligne un")
    assert session.game.row_letters(0) == "CA" and len(session.game.rows[0][1]) == 2


@pytest.mark.parametrize(("lang", "move", "asked", "word"), [
    ("fr", "R à droite de la ligne un",
     "Ann, avec quel mot ? Il me faut un mot qui contient C, H, A, R : dis-le, et je juge ta "
     "carte.", "chariot"),
    ("en", "R on the right of row one",
     "Ann, which word? I need a word that holds C, H, A, R: say it, and I'll judge your card.",
     "word charm"),
])
def test_a_placement_said_without_its_word_is_asked_for_the_word_not_punished(
        lang: str, move: str, asked: str, word: str) -> None:
    session = table(lang, "RE", "C0 H1 A0", "N1", "X1", "P1")
    pile = len(session.game.piles[0])
    assert said(session, move) == [asked]
    assert session.game.row_letters(0) == "CHA" and len(session.game.piles[0]) == pile
    game = session.game
    offered = [game.lexicon.spelling(w) for w in justifying_words(game, "CHAR")]
    assert offered and set(offered) <= set(session.talk.choices())  # the words alone
    said(session, word)
    assert session.game.row_letters(0) == "CHAR" and session.game.expected_player() == "Bob"


@pytest.mark.parametrize(("lang", "rows", "claim", "reason"), [
    ("fr", ("C0 H0",), "T à droite de la ligne un, Crack Word !",
     "C, H, T : pas de Crack Word, Ann. La ligne ne forme pas un mot du dictionnaire."),
    ("fr", ("C1 H1 A1",), "T à droite de la ligne un, Crack Word !",
     "Chat, c'est bien un mot, Ann, mais pas de Crack Word : ta couleur n'a pas la majorité "
     "sur la ligne."),
    ("fr", ("M0",), "A à gauche de la ligne un, Crack Word !",
     "A, M : pas de Crack Word, Ann. Il faut un mot d'au moins trois lettres."),
    ("en", ("C1 A1",), "T on the right of row one, Crack Word!",
     "Cat is a word, Ann, but no Crack Word: your colour doesn't hold the majority of the row."),
    ("en", ("C0 A0",), "Q on the right of row one, Crack Word!",
     "C, A, Q: no Crack Word, Ann. The row isn't a word in the dictionary."),
    ("en", ("M0",), "A on the left of row one, Crack Word!",
     "A, M: no Crack Word, Ann. A Crack Word takes three letters or more."),
])
def test_a_refused_crack_word_says_which_condition_failed(
        lang: str, rows: tuple[str, ...], claim: str, reason: str) -> None:
    session = table(lang, "TAQ", *rows, "N1", "X1", "P1")
    assert said(session, claim) == [reason]
    assert session.game.scores[0] == [] and session.game.expected_player() == "Ann"


def test_the_table_s_page_shows_a_star_s_letter_and_what_a_card_covers() -> None:
    session = table("en", "E", "C0 *A1 R1/R0", "", "N1", "P1")
    board = public_view(session.game, page_text(VOICE))["board"]
    assert [c["text"] for c in board[0]] == ["C", "A★", "R"]
    assert [c.get("under") for c in board[0]] == [None, None, "on R"]
    assert board[0][0]["colour"] != board[0][1]["colour"]


@pytest.mark.parametrize(("lang", "moves", "recap"), [
    ("fr", ["je passe"], ["On reprend la partie là où on l'avait laissée. Voici le tableau.",
                          "Ligne 1 : E d'Ann.", "Ligne 2 : N de Bob.", "Ligne 3 : X d'Ann.",
                          "Ligne 4 : P de Bob."]),
    ("en", ["pass"], ["Let's pick up the game where we left it. Here's the board.",
                      "Row 1: Ann's E.", "Row 2: Bob's N.", "Row 3: Ann's X.", "Row 4: Bob's O."]),
])
def test_after_resume_the_host_recaps_the_board_and_whose_turn_it_is(
        tmp_path: Path, lang: str, moves: list[str], recap: list[str]) -> None:
    save = tmp_path / "crack-word.json"
    options = CrackWordOptions(players=["Ann", "Bob"], lang=lang, seed=3)
    session = build_session(options, FakeClock(), save)
    session.start()
    for move in moves:
        session.hear_words(move)
    saved, events = autosave.load(save, CRACK_WORD.events)
    again = CRACK_WORD.new_session(CRACK_WORD.options_from_json(saved), FakeClock(), save,
                                   events)
    lines = [line.text for line in again.start(resumed=True)]
    assert lines[:5] == recap
    assert "Bob" in lines[5] and len(lines) == 6


def test_a_french_game_s_console_asks_yes_or_no_and_speaks_french_throughout() -> None:
    session = table("fr", "RE", "C0 H0 A0", "N1", "X1", "P1")
    session.hear_words("quitter")
    assert prompt(session) == "[oui ou non] > "
    session.hear_words("non")
    out = io.StringIO()
    assert run_console(session, stream=io.StringIO("ma main\nquitter\n"), out=out) == 0
    shown = out.getvalue()
    assert "(pour Ann seulement) Ta main, Ann : E, R." in shown
    assert "Fin de la saisie : la partie est sauvegardée" in shown
    assert not re.search(r"\b(the|only|yes|Input)\b", shown), shown


def test_a_sound_that_is_no_word_does_not_answer_the_word_asked_for() -> None:
    session = table("fr", "RE", "C0 H1 A0", "N1", "X1", "P1")
    said(session, "R à droite de la ligne un")
    assert said(session, "mmh")[0] in ("Désolé, je n'ai pas compris.",
                                        "Pardon, tu peux répéter ?")
    assert session.game.wanting is not None and session.game.expected_player() == "Ann"


@pytest.mark.parametrize(("lang", "place", "thinking"), [
    ("en", "R on the right of row one", "um"), ("fr", "R à droite de la ligne un", "euh")])
def test_thinking_aloud_does_not_answer_the_word_asked_for(lang: str, place: str,
                                                           thinking: str) -> None:
    """"Um" is in the dictionary, and it holds no R: the card would go back, and the turn."""
    session = table(lang, "RE", "C0 H1 A0", "N1", "X1", "P1")
    said(session, place)
    said(session, thinking)
    assert session.game.wanting is not None and session.game.expected_player() == "Ann"


def test_a_word_asked_for_is_that_word_though_it_says_pass() -> None:
    """"passe" holds P, A, S and is offered as the word asked for: it is that word; "je
    passe" still passes."""
    session = table("fr", "SE", "P0 A0", "N1", "X1", "O1")
    said(session, "S à droite de la ligne un")
    assert session.talk.parse("passe") == Place("Ann", "S", 0, Side.RIGHT, "passe")
    assert session.talk.parse("je passe") == Pass("Ann")
