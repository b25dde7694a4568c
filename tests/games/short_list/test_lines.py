"""Short List's phrasebook against its kinds and its games: every note and refusal has a line,
every line is said by something, and every variant of every line fills in from the params the
rules (and the questions) really give it."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Iterator
from importlib import resources

import pytest

from host.core.events import IllegalEvent, Note, make_seats
from host.core.phrasebook import Phrasebook
from host.core.talk import Query
from host.games.short_list.announce import QUIZMASTER_NOTES, VOICE, line_keys
from host.games.short_list.config import ShortListConfig
from host.games.short_list.events import Answer, Jump, Pass
from host.games.short_list.notes import NoteKind, Refusal
from host.games.short_list.questions import ShortListQuestions
from host.games.short_list.rules import ShortListGame
from tests.games.short_list.tables import CARDS, JUDGE, NAMES, new_game, random_move

VARIANT_PARAMS: tuple[dict[str, object], ...] = (
    {}, {"quizmaster": "Ann"}, {"quizmaster": None}, {"answers": ["Lisbon"]}, {"answers": []},
    {"game_over": True}, {"answers": [], "wrong": ["Atlantis"]}, {"like": "Dan"},
)
"""Params that make line_keys say a note with a variant line."""
SESSION_LINES = {
    "welcome": "the session opens the game with it (host.core.session)",
    "help": "the session answers 'help' with it",
}
"""Keys of the game's lines said by something other than a note of the game."""
QUESTIONS = ("answers_left", "question", "said_so_far", "score", "situation")
TABLES = [  # (players, blue crystals, orange crystals, host as quizmaster, chance to know)
    (4, 50, 15, False, 0.3), (3, 50, 15, False, 0.9), (8, 50, 15, False, 0.5),
    (5, 30, 15, True, 0.3), (6, 19, 0, False, 0.3), (4, 20, 15, False, 0.2),
    (7, 50, 15, True, 0.9), (3, 13, 15, True, 0.5),
]
"""Tables that between them reach every note the rules say: seven found, the stockpile run dry,
oranges exchanged and broken, ties."""


@pytest.fixture(scope="module")
def book() -> Phrasebook:
    """The English phrasebook: the core's lines under Short List's."""
    return Phrasebook(game=VOICE, rng=random.Random(0))


@pytest.fixture(scope="module")
def game_file() -> dict[str, dict[str, list[str]]]:
    """Short List's own English lines file, without the core's."""
    text = resources.files(VOICE.package).joinpath("en.toml").read_text("utf-8")
    return tomllib.loads(text)


def spoken_keys(kind: str) -> set[str]:
    """Every line key a note of this kind can be said with."""
    return {key for params in VARIANT_PARAMS for key in line_keys(Note(kind, params))}


def played_notes() -> Iterator[Note]:
    """Every note of a few whole random games on varied tables, the answers to the players'
    questions asked along the way, and the refusals of their out-of-turn moves."""
    for seed, (players, blue, orange, host, know) in enumerate(TABLES * 2):
        rng = random.Random(seed)
        config = ShortListConfig(make_seats(NAMES[:players]), blue_crystals=blue,
                                 orange_crystals=orange, host_quizmaster=host)
        game = ShortListGame(config, rng.sample(CARDS, 12), JUDGE, rng)
        yield from notes_of(game.start())
        questions = ShortListQuestions(game)
        while not game.over:
            yield from notes_of(game.handle(_move(game, rng, know)))
            if rng.random() < 0.2:
                yield from questions.answer(Query(rng.choice(QUESTIONS), None)) or []
        for kind in QUESTIONS:
            yield from questions.answer(Query(kind, None)) or []
        for name in ("Zed", "Dna"):  # nobody's name, and a typo of Dan's
            yield from questions.answer(Query("who_is", None, name)) or []


def tied_games() -> Iterator[Note]:
    """Two one-round games that end tied: once broken by the It's my turn cards, once shared."""
    for jump in (True, False):
        config = ShortListConfig(make_seats(NAMES[:3]), host_quizmaster=True, host_rounds=1)
        game = ShortListGame(config, [next(c for c in CARDS if c.id == "sl-en-001")], JUDGE,
                             random.Random(0))
        yield from notes_of(game.start())
        # Ann guesses first; Bob's jump hands her his card, and everyone finds one answer.
        found = [Jump("Bob", "Poland"), Answer("Cat", "Denmark"), Answer("Ann", "Austria")]
        order = ("Bob", "Cat", "Ann") if jump else ("Ann", "Bob", "Cat")
        moves = [*(found if jump else []), *(Pass(name) for name in order)]
        for move in moves:
            yield from notes_of(game.handle(move))
        assert game.over


def _move(game: ShortListGame, rng: random.Random, know: float) -> object:
    """A random move, a right answer with the chance `know`, sometimes an illegal one."""
    guesser = game.seats[game.guesser].name
    card = game.card
    assert card is not None
    left = [e.text for e in card.answers if e.text not in game.given]
    roll = rng.random()
    if roll < 0.05:
        return Pass(rng.choice(game.seats).name)  # often out of turn
    if roll < 0.1:
        return Jump(rng.choice(game.seats).name, rng.choice(left))  # often refused
    if left and roll < 0.1 + know:
        return Answer(guesser, rng.choice(left))
    return random_move(game, rng)


def notes_of(said: list[object]) -> list[Note]:
    return [note for note in said if isinstance(note, Note)]


@pytest.fixture(scope="module")
def notes() -> list[Note]:
    return [*played_notes(), *tied_games()]


# ---------------------------------------------------------------------- the kinds

@pytest.mark.parametrize("kind", list(NoteKind))
def test_every_note_kind_has_its_lines(book: Phrasebook, kind: NoteKind) -> None:
    missing = sorted(key for key in spoken_keys(kind) if not book.lines.get(key))
    assert not missing, f"{kind!r} is said with lines that do not exist: {missing}"


@pytest.mark.parametrize("reason", list(Refusal))
def test_every_refusal_has_its_line(book: Phrasebook, reason: Refusal) -> None:
    assert reason in book.refusals, f"{reason!r} would be said as the default refusal"


def test_every_line_of_the_game_is_said(game_file: dict[str, dict[str, list[str]]]) -> None:
    said = {key for kind in NoteKind for key in spoken_keys(kind)} | set(SESSION_LINES)
    assert sorted(set(game_file["lines"]) - said) == []


def test_every_refusal_line_of_the_game_is_a_refusal(
    game_file: dict[str, dict[str, list[str]]],
) -> None:
    assert sorted(set(game_file["refusals"]) - set(Refusal)) == []


def test_no_line_is_both_a_note_and_a_refusal(book: Phrasebook) -> None:
    """A key in both tables would be said with the note's line by Phrasebook.line, whichever
    was meant. The game over refusal is the exception: the host says it with render(), which
    takes a refused note's line from the refusals."""
    assert sorted((set(Refusal) - {Refusal.GAME_OVER}) & set(book.lines)) == []


def test_the_game_has_its_welcome_help_and_house_rules(book: Phrasebook) -> None:
    assert "Short List" in book.line("welcome", players="Ann, Bob and Cat")
    assert "it's my turn" in book.line("help")
    rules = " ".join(book.house_rules)
    for decision in ("30 seconds", "--guess-seconds", "first claim", "half heard",
                     "own turn", "five blue for one orange", "broken into five blue",
                     "--host-quizmaster", "stockpile", "name nobody at the table has"):
        assert decision in rules, decision


# ---------------------------------------------------------------------- the games

def test_the_games_reach_every_note_of_the_rules(notes: list[Note]) -> None:
    said = {note.kind for note in notes}
    by_questions = {NoteKind.ANSWERS_LEFT, NoteKind.SAID_SO_FAR, NoteKind.SCORE,
                    NoteKind.SITUATION}
    unused = {NoteKind.WHOSE_VOICE, NoteKind.BREAK_ORANGE}
    """Not said by these games: a question without a speaker, an orange broken for a guesser
    with no blue (test_an_orange_broken_is_said)."""
    assert set(NoteKind) - said <= unused
    assert by_questions <= said


def test_the_notes_naming_the_quizmaster_have_their_host_lines(notes: list[Note]) -> None:
    naming = {note.kind for note in notes if "quizmaster" in note.params}
    assert naming == set(QUIZMASTER_NOTES)


def test_every_variant_of_every_note_fills_in(book: Phrasebook, notes: list[Note]) -> None:
    checked: set[str] = set()
    for note in notes:
        refused = note.kind == "refused"
        for key in [note.params["reason"]] if refused else VOICE.keys(note):
            variants = (book.refusals if refused else book.lines).get(key, [])
            assert variants, f"no line for {key}"
            for variant in variants:
                text = book.fill(variant, note.params)
                assert "{" not in text and "None" not in text, (key, text)
            checked.add(key)
    assert {"crystal_to_quizmaster_host", "question_host", "game_started_host",
            "unfound_answers", "said_so_far_none", "not_your_turn"} <= checked


def test_every_line_fills_in_for_a_team_too(book: Phrasebook, notes: list[Note]) -> None:
    """A seat may be a team ("Ann and Bob"): the verbs after it agree ({player_takes})."""
    for note in notes:
        team = {key: "Ann and Bob" for key in VOICE.people if isinstance(note.params.get(key), str)}
        refused = note.kind == "refused"
        for key in [note.params["reason"]] if refused else VOICE.keys(note):
            for variant in (book.refusals if refused else book.lines)[key]:
                text = book.fill(variant, {**note.params, **team})
                assert "{" not in text, (key, text)


def test_every_refusal_fills_in(book: Phrasebook) -> None:
    params = {"player": "Ann", "turn": "Bob", "state": "guessing"}
    for reason in Refusal:
        text = book.render(IllegalEvent(reason, **params).note())
        assert text is None or "{" not in text, reason


def test_an_orange_broken_is_said(book: Phrasebook) -> None:
    game = new_game()
    bob = game.seat_index("Bob")
    game.blue[bob], game.orange[bob] = 0, 1
    said = notes_of(game.handle(Answer("Bob", "Atlantis")))
    texts = [book.render(note) for note in said]
    assert [n.kind for n in said][1:3] == [NoteKind.BREAK_ORANGE, NoteKind.CRYSTAL_TO_QUIZMASTER]
    assert all(text and "{" not in text for text in texts)


def test_a_right_answer_is_read_back_and_the_card_turned(book: Phrasebook) -> None:
    right = book.render(Note(NoteKind.ANSWER_RIGHT, {"player": "Ann", "answer": "Lisbon",
                                                     "found": 1, "left": 6}))
    assert right is not None and "Lisbon" in right and "Ann" in right
    unfound = book.render(Note(NoteKind.UNFOUND_ANSWERS,
                               {"answers": ["Spain", "Italy", "Monaco"], "question": "?"}))
    assert unfound is not None and "Spain, Italy and Monaco" in unfound


def test_points_and_teams_are_read_out(book: Phrasebook) -> None:
    text = book.render(Note(NoteKind.SCORE, {"points": {"Ann": 5, "Bob and Zoe": 3},
                                             "quizmaster": "Bob and Zoe", "round": 2,
                                             "rounds": 9}))
    assert text is not None and "Ann 5 and Bob and Zoe 3" in text
    host = book.render(Note(NoteKind.CRYSTAL_TO_QUIZMASTER, {"player": "Ann",
                                                             "quizmaster": None}))
    assert host is not None and "None" not in host


def test_a_line_starts_with_a_capital_whatever_the_answer_it_begins_with(
        book: Phrasebook) -> None:
    lines = {book.fill(variant, {"answer": "your idols", "player": "Ann"})
             for variant in book.lines["answer_wrong"]}
    assert "Your idols? Sorry, Ann, that's not on the card. You're out of this round." in lines
    assert "No, your idols isn't on the list. Hard luck, Ann: you're out this round." in lines
