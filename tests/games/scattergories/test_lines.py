"""Scattergories' phrasebook against its kinds and its games: every note and refusal has a line,
every line is said by something, and every variant of every line fills in from the params the
rules (and the questions) really give it, for players and for teams."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Iterator
from importlib import resources

import pytest

from host.core.events import IllegalEvent, Note, TimeUp, make_seats
from host.core.phrasebook import Phrasebook
from host.core.talk import Query
from host.games.scattergories.announce import VOICE, line_keys, seconds_text
from host.games.scattergories.bots import BotSkills, BotTable
from host.games.scattergories.config import DIE_FACES, WILD, ScattergoriesConfig
from host.games.scattergories.events import AskMoreTime, Challenge, ChooseLetter, ReadAnswer, Vote
from host.games.scattergories.flow import State
from host.games.scattergories.notes import NoteKind, Refusal
from host.games.scattergories.questions import ScattergoriesQuestions
from host.games.scattergories.rules import ScattergoriesGame
from host.games.scattergories.talk import ScattergoriesTalk
from tests.games.scattergories.tables import DECK, JUDGE, NAMES, Dice, new_game

VARIANT_PARAMS: tuple[dict[str, object], ...] = (
    {}, {"spoken_answers": True}, {"tie_break": True}, {"by_host": True}, {"blank": True},
    {"letter_ok": False}, {"accepted": False}, {"reason": "vote"}, {"letter": None},
    {"answers": {}}, {"points": {}}, {"game_over": True}, {"letter": "P"},
    {"answers": {"Ann": "Penguin"}}, {"points": {"Ann": 2}},
    *({"state": state.value} for state in State),
)
"""Params that make line_keys say a note with each of its lines."""
SESSION_LINES = {
    "welcome": "the session opens the game with it (host.core.session)",
    "help": "the session answers 'help' with it",
    "whose_voice": "the session says it for an Unclear move by an unknown voice",
}
"""Keys of the game's lines said by something other than a note of the game."""
QUESTIONS = ("letter", "list", "category", "answers", "score", "situation")
TABLES = [  # (players, categories, spoken answers, teams)
    (3, 6, False, False), (2, 12, False, False), (5, 6, True, False), (4, 6, False, True),
    (6, 6, False, False), (2, 6, True, True),
]
TEAMS = [["Ann", "Zoe"], ["Bob"], ["Cat", "Dan", "Eve"]]


@pytest.fixture(scope="module")
def book() -> Phrasebook:
    """The English phrasebook: the core's lines under Scattergories'."""
    return Phrasebook(game=VOICE, rng=random.Random(0))


@pytest.fixture(scope="module")
def game_file() -> dict[str, dict[str, list[str]]]:
    """Scattergories' own English lines file, without the core's."""
    text = resources.files(VOICE.package).joinpath("en.toml").read_text("utf-8")
    return tomllib.loads(text)


def spoken_keys(kind: str) -> set[str]:
    """Every line key a note of this kind can be said with."""
    keys = set()
    for params in VARIANT_PARAMS:
        if kind == NoteKind.SITUATION and "state" not in params and not params.get("game_over"):
            continue  # a situation always says its state
        keys.update(line_keys(Note(kind, params)))
    return keys


def notes_of(said: list[object]) -> list[Note]:
    return [note for note in said if isinstance(note, Note)]


def played_notes() -> Iterator[Note]:
    """Every note of a few whole bot games on varied tables, the answers to the players'
    questions asked along the way, and the refusals of moves made out of their moment."""
    for seed, (players, categories, spoken, teams) in enumerate(TABLES * 2):
        rng = random.Random(seed)
        seats = make_seats(teams=TEAMS[:players]) if teams else make_seats(NAMES[:players])
        config = ScattergoriesConfig(seats, categories=categories, spoken_answers=spoken,
                                     list_number=1 + seed % 12)
        game = ScattergoriesGame(config, DECK, JUDGE, rng)
        yield from notes_of(game.start())
        bots = BotTable(game, BotSkills(ask_time=0.7, challenge=0.2), rng)
        questions = ScattergoriesQuestions(game)
        while not game.over:
            if rng.random() < 0.05:
                yield from notes_of(game.handle(stray_move(game, rng)))
            yield from notes_of(game.handle(bots.next_event()))
            if rng.random() < 0.1:
                yield from questions.answer(Query(rng.choice(QUESTIONS), None)) or []
        for kind in QUESTIONS:
            yield from questions.answer(Query(kind, None)) or []


def stray_move(game: ScattergoriesGame, rng: random.Random) -> object:
    """A move someone might make at the wrong moment (mostly refused)."""
    player = rng.choice(game.seats).name
    other = rng.choice(game.seats).name
    return rng.choice([AskMoreTime(player), ReadAnswer(player, "Pizza"),
                       Challenge(player, other), Vote(player, True),
                       ChooseLetter(player, rng.choice("PQ*"))])


def wild_games() -> Iterator[Note]:
    """Two games that open on the wild star (a letter chosen, one left to the host), and one
    whose second round rolls the first round's letter."""
    for chooses in (True, False):
        config = ScattergoriesConfig(make_seats(NAMES[:3]), list_number=2)
        game = ScattergoriesGame(config, DECK, JUDGE, Dice(WILD))
        yield from notes_of(game.start())
        assert game.state is State.CHOOSING_LETTER
        event = ChooseLetter("Ann", "M") if chooses else TimeUp(game.timer_token)
        yield from notes_of(game.handle(event))
    rng = Dice("PP")  # round two rolls P again: rolled again
    game = ScattergoriesGame(ScattergoriesConfig(make_seats(NAMES[:2])), DECK, JUDGE, rng)
    yield from notes_of(game.start())
    bots = BotTable(game, BotSkills(), rng)
    while game.round_no < 2:
        yield from notes_of(game.handle(bots.next_event()))


@pytest.fixture(scope="module")
def notes() -> list[Note]:
    return [*played_notes(), *wild_games()]


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
    """A key in both tables would be said with the note's line by Phrasebook.line."""
    assert sorted((set(Refusal) - {Refusal.GAME_OVER}) & set(book.lines)) == []


def test_the_game_has_its_welcome_help_and_house_rules(book: Phrasebook) -> None:
    assert "Scattergories" in book.line("welcome", players=["Ann", "Bob"])
    said = book.line("help")
    for call in ("one more minute", "I pass", "no, pelican", "challenge", "thumbs up",
                 "how much time", "read the list again"):
        assert call in said, call
    rules = " ".join(book.house_rules)
    config = ScattergoriesConfig(make_seats(NAMES[:2]))
    letters_out = [letter for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if letter not in DIE_FACES]
    for decision in (f"{len(DIE_FACES)} faces", ", ".join(letters_out[:-1]),
                     seconds_text(config.writing_seconds), "one minute", "first six",
                     "--categories 12", "clockwise", "blank, pass or nothing",
                     f"{round(config.read_seconds)} seconds", "challenged player's vote",
                     "still tied, the answer stands", "three tie-break rounds",
                     "--spoken-answers", "stay quiet", "say no, and your answer again",
                     f"{round(config.vote_seconds)} seconds", "once a round",
                     f"within {round(config.choose_seconds)} seconds", "A, An and The"):
        assert decision in rules, decision
    assert config.tie_break_rounds == 3 and config.extensions == 1
    assert config.extension_seconds == 60 and config.categories == 6


# ---------------------------------------------------------------------- the games

def test_the_games_reach_every_note_of_the_rules(notes: list[Note]) -> None:
    said = {note.kind for note in notes}
    unused = {NoteKind.WHOSE_VOICE, NoteKind.GAME_SHARED, NoteKind.MORE_TIME_LAPSED}
    """Not said by these games: a question without a speaker (the session's line), a
    victory shared after three tie-break rounds, a request open at time up (rendered in
    test_rare_notes_are_said)."""
    assert set(NoteKind) - said <= unused
    assert {"refused"} <= said


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
    assert {"game_started_spoken", "letter_chosen_host", "answer_read_blank",
            "answer_read_off_letter", "challenge_settled", "answer_unfit_0_vote",
            "round_started_tie_break", "situation_reading", "category_read"} <= checked


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
    params = {"player": "Ann", "turn": "Bob", "roller": "Cat", "asker": "Bob", "letter": "Q",
              "state": "writing", "answer": "Poodle"}
    for reason in Refusal:
        text = book.render(IllegalEvent(reason, **params).note())
        assert text is None or ("{" not in text and "None" not in text), reason


def test_rare_notes_are_said(book: Phrasebook) -> None:
    for note in (Note(NoteKind.GAME_SHARED, {"players": ["Ann", "Bob"], "points": 14}),
                 Note(NoteKind.MORE_TIME_LAPSED, {"asker": "Ann"}),
                 Note(NoteKind.WHOSE_VOICE)):
        text = book.render(note)
        assert text and "{" not in text, note


# ---------------------------------------------------------------------- how it sounds

def test_an_answer_is_read_back_with_its_reader(book: Phrasebook) -> None:
    params = {"player": "Ann", "answer": "Penguin", "blank": False, "category": "Animals",
              "number": 1, "letter_ok": True}
    text = book.render(Note(NoteKind.ANSWER_READ, params))
    assert text is not None and "Ann" in text and "Penguin" in text
    blank = book.render(Note(NoteKind.ANSWER_READ, {**params, "answer": "", "blank": True,
                                                    "letter_ok": None}))
    assert blank is not None and "Ann" in blank and "Penguin" not in blank


def test_scores_lists_and_times_are_read_out(book: Phrasebook) -> None:
    text = book.render(Note(NoteKind.CATEGORY_SCORED, {"category": "Animals", "number": 1,
                                                       "points": {"Ann": 2, "Bob": 0}}))
    assert text is not None and "Ann 2 and Bob 0" in text
    teams = book.render(Note(NoteKind.SCORE, {"points": {"Ann and Zoe": 5, "Bob": 3},
                                              "round": 2, "rounds": 2}))
    assert teams is not None and "Team Ann and Zoe 5, and Team Bob 3" in teams
    listed = book.render(Note(NoteKind.CATEGORY_LIST, {"list": 1, "letter": "P", "round": 1,
                                                       "categories": ["Animals", "Foods"]}))
    assert listed is not None and "one: Animals and two: Foods" in listed
    assert seconds_text(150) == "two and a half minutes"
    assert seconds_text(60) == "one minute" and seconds_text(90) == "a minute and a half"
    assert seconds_text(10.0) == "10 seconds"


def test_the_paper_free_variant_says_no_pencils(book: Phrasebook) -> None:
    for spoken in (False, True):
        text = book.render(Note(NoteKind.PENCILS_DOWN, {"letter": "P",
                                                        "spoken_answers": spoken}))
        assert text is not None and ("Pencils down" in text) is not spoken


def test_a_wild_star_letter_heard_is_said_back(book: Phrasebook) -> None:
    game = new_game(WILD)
    talk = ScattergoriesTalk(game)
    text = book.render(notes_of(game.handle(talk.parse("the letter pee")))[0])
    assert text is not None and "P" in text
