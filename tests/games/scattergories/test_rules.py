"""Scattergories rules, driven through game events (rule numbers follow issue 13's rules)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from host.core.events import ArmTimer, Note, Said, TimeUp, make_seats
from host.decks import AnswerEntry, Category, CategoryKind, CategoryList
from host.games.scattergories.config import DIE_FACES, WILD, ScattergoriesConfig
from host.games.scattergories.events import (
    AgreeMoreTime,
    AskMoreTime,
    Challenge,
    ChooseLetter,
    ReadAnswer,
    Vote,
)
from host.games.scattergories.notes import NoteKind, Refusal
from host.games.scattergories.rules import ScattergoriesGame, State
from host.judge import Judge

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def listed(id_: str, answers: Sequence[str], *, closed: bool = False) -> Category:
    return Category(id_, id_.replace("-", " ").capitalize(), CategoryKind.LISTED, closed=closed,
                    answers=tuple(AnswerEntry(a) for a in answers))


def open_(id_: str, *, people: bool = False) -> Category:
    return Category(id_, id_.replace("-", " ").capitalize(), CategoryKind.OPEN, people=people)


CATEGORIES = (
    listed("animals", ["Penguin", "Parrot", "Panda", "Tiger", "Polar bear", "Bear"]),
    listed("us-states", ["Pennsylvania", "Texas", "Ohio", "Maine"], closed=True),
    open_("singers", people=True),
    open_("things-that-are-cold"),
    listed("fruits", ["Peach", "Pear", "Plum", "Banana"]),
    open_("movies"),
    *(open_(f"extra-{i}") for i in range(7, 13)),
)
LISTS = [CategoryList("list-01", CATEGORIES),
         CategoryList("list-02", tuple(reversed(CATEGORIES)))]


class Dice(random.Random):
    """A random generator whose die shows the faces given, in order (then rolls freely)."""

    def __init__(self, faces: str = "", seed: int = 1) -> None:
        super().__init__(seed)
        self.faces = list(faces)

    def choice(self, seq: Sequence[Any]) -> Any:
        if self.faces and seq == DIE_FACES:
            return self.faces.pop(0)
        return super().choice(seq)


@pytest.fixture(scope="module")
def judge() -> Judge:
    """The real judge."""
    return Judge()


class Table:
    """A started game, and the notes of the last event."""

    def __init__(self, game: ScattergoriesGame) -> None:
        self.game = game
        self.notes: list[Said] = game.start()
        self.all: list[Said] = list(self.notes)

    def __call__(self, event: Any) -> list[Said]:
        self.notes = self.game.handle(event)
        self.all += self.notes
        return self.notes

    def kinds(self) -> list[str]:
        return [note.kind for note in self.notes]

    def note(self, kind: str, notes: Sequence[Said] | None = None) -> Any:
        return next(note for note in (self.notes if notes is None else notes)
                    if note.kind == kind)

    def refusal(self, event: Any) -> str:
        before = self.game.state
        notes = self(event)
        assert len(notes) == 1 and isinstance(notes[0], Note) and notes[0].kind == "refused"
        assert self.game.state is before
        return str(notes[0].params["reason"])

    def time_up(self) -> list[Said]:
        return self(TimeUp(self.game.timer_token))

    def pencils_down(self) -> None:
        """Let the writing time and its countdown run out."""
        assert self.game.state is State.WRITING
        while self.game.state is State.WRITING:
            self.time_up()

    def read(self, answers: dict[str, str]) -> None:
        """Every player of the round reads their answer to this category, in turn, and the
        last moment to challenge runs out."""
        while self.game.state is State.READING:
            reader = self.game.expected_player()
            assert reader is not None
            self(ReadAnswer(reader, answers.get(reader, "")))
        assert self.game.state is State.REVIEW

    def score(self, answers: dict[str, str]) -> list[Said]:
        """Read the category and score it: the scoring notes."""
        self.read(answers)
        return self.time_up()

    def play_round(self, answers: Sequence[dict[str, str]] = ()) -> None:
        """Pencils down, then every category read and scored (blanks where not given)."""
        self.pencils_down()
        for index in range(len(self.game.categories)):
            self.score(answers[index] if index < len(answers) else {})

    def scores(self, notes: Sequence[Said] | None = None) -> dict[str, tuple[str, int]]:
        """Each player's score note kind and points in these notes."""
        return {note.params["player"]: (note.kind, note.params["points"])
                for note in (self.notes if notes is None else notes)
                if isinstance(note, Note) and "points" in note.params
                and note.kind.startswith("answer_")}


def make_table(judge: Judge, players: int = 3, *, faces: str = "PTSMB", **options: Any) -> Table:
    options.setdefault("list_number", 1)
    config = ScattergoriesConfig(make_seats(NAMES[:players]), **options)
    return Table(ScattergoriesGame(config, LISTS, judge, Dice(faces)))


# --------------------------------------------------------------------- 1. one list, 6 or 12


def test_a_game_plays_the_first_six_categories_of_one_list(judge: Judge) -> None:
    t = make_table(judge)
    started = t.note(NoteKind.GAME_STARTED)
    assert started.params["list"] == 1
    assert t.game.categories == CATEGORIES[:6]
    assert started.params["categories"] == [c.title for c in CATEGORIES[:6]]


def test_twelve_categories_as_an_option(judge: Judge) -> None:
    t = make_table(judge, categories=12)
    assert t.game.categories == CATEGORIES
    with pytest.raises(ValueError, match="choose 6 or 12"):
        make_table(judge, categories=8)


def test_the_seed_chooses_the_list_reproducibly(judge: Judge) -> None:
    config = ScattergoriesConfig(make_seats(NAMES[:3]))
    numbers = {ScattergoriesGame(config, LISTS, judge, random.Random(seed)).list_number
               for seed in range(20)}
    assert numbers == {1, 2}
    again = [ScattergoriesGame(config, LISTS, judge, random.Random(7)).list_number
             for _ in range(3)]
    assert len(set(again)) == 1


def test_a_list_the_deck_lacks_is_refused(judge: Judge) -> None:
    with pytest.raises(ValueError, match="list 3 does not exist: choose 1 to 2"):
        make_table(judge, list_number=3)
    with pytest.raises(ValueError, match="numbered from 1"):
        make_table(judge, list_number=0)
    short = [CategoryList("short", CATEGORIES[:6])]
    config = ScattergoriesConfig(make_seats(NAMES[:2]), categories=12)
    with pytest.raises(ValueError, match="list 1 has 6 categories, not the 12"):
        ScattergoriesGame(config, short, judge, random.Random(1))


def test_the_table_is_two_to_six_players(judge: Judge) -> None:
    with pytest.raises(ValueError, match="2 to 6 players, not 1"):
        make_table(judge, 1)
    with pytest.raises(ValueError, match="different name"):
        ScattergoriesConfig(make_seats(["Ann", "ann"])).validate()
    make_table(judge, 6)


# --------------------------------------------------------------------- 2. the letter die


def test_the_die_has_twenty_faces_a_star_among_them() -> None:
    assert len(DIE_FACES) == 20 and WILD in DIE_FACES
    assert not set("JQUVXYZ") & set(DIE_FACES)


def test_the_host_rolls_the_key_letter_for_the_first_roller(judge: Judge) -> None:
    t = make_table(judge, first=1)
    rolled = t.note(NoteKind.LETTER_ROLLED)
    assert rolled.params == {"player": "Bob", "letter": "P", "round": 1}
    assert t.game.letter == "P" and t.game.state is State.WRITING


def test_a_letter_used_already_is_rolled_again(judge: Judge) -> None:
    t = make_table(judge, faces="PPT")
    t.play_round()
    assert t.kinds()[-5:-1] == [NoteKind.ROUND_STARTED, NoteKind.LETTER_REROLLED,
                              NoteKind.LETTER_ROLLED, NoteKind.WRITING_STARTED]
    assert t.note(NoteKind.LETTER_REROLLED).params["letter"] == "P"
    assert t.game.used_letters == ["P", "T"]


def test_a_wild_star_lets_the_roller_choose_a_letter_not_used(judge: Judge) -> None:
    t = make_table(judge, faces="P*")
    t.play_round()
    assert t.note(NoteKind.WILD_STAR).params == {"player": "Bob", "used": ["P"]}
    assert t.game.state is State.CHOOSING_LETTER and t.game.expected_player() == "Bob"
    assert t.refusal(ChooseLetter("Ann", "Q")) == Refusal.NOT_ROLLER
    assert t.refusal(ChooseLetter("Bob", "P")) == Refusal.LETTER_USED
    assert t.refusal(ChooseLetter("Bob", "7")) == Refusal.NOT_A_LETTER
    assert t.refusal(ReadAnswer("Bob", "Quail")) == Refusal.NOT_NOW_READANSWER
    t(ChooseLetter("Bob", "q"))
    assert t.note(NoteKind.LETTER_CHOSEN).params["letter"] == "Q"
    assert t.game.letter == "Q" and t.game.state is State.WRITING


def test_a_roller_who_does_not_choose_gets_a_letter_from_the_host(judge: Judge) -> None:
    t = make_table(judge, faces="*")
    t.time_up()
    chosen = t.note(NoteKind.LETTER_CHOSEN)
    assert chosen.params["by_host"] is True
    assert chosen.params["letter"] in DIE_FACES.replace(WILD, "")


# --------------------------------------------------------------------- 3. the timer


def test_the_timer_starts_when_the_letter_is_called_and_counts_down(judge: Judge) -> None:
    t = make_table(judge)
    assert t.notes[-1] == ArmTimer("writing", 140.0, 1)
    assert t.note(NoteKind.WRITING_STARTED).params["seconds"] == 150.0
    t.time_up()
    assert t.kinds() == [NoteKind.COUNTDOWN, "timer"]
    assert t.notes[-1] == ArmTimer("countdown", 10.0, 2)
    t.time_up()
    assert t.kinds()[:3] == [NoteKind.PENCILS_DOWN, NoteKind.CATEGORY, NoteKind.TURN]
    assert t.game.state is State.READING


def test_a_late_timer_is_refused(judge: Judge) -> None:
    t = make_table(judge)
    assert t.refusal(TimeUp(0)) == Refusal.STALE_TIMER


def test_the_table_agrees_to_one_more_minute(judge: Judge) -> None:
    t = make_table(judge)
    t(AskMoreTime("Ann"))
    assert t.note(NoteKind.MORE_TIME_ASKED).params["waiting"] == ["Bob", "Cat"]
    assert t.refusal(AskMoreTime("Bob")) == Refusal.MORE_TIME_PENDING
    assert t.refusal(AgreeMoreTime("Ann")) == Refusal.OWN_REQUEST
    t(AgreeMoreTime("Bob"))
    assert t.note(NoteKind.MORE_TIME_AGREED).params["waiting"] == ["Cat"]
    assert t.refusal(AgreeMoreTime("Bob")) == Refusal.ALREADY_AGREED
    t(AgreeMoreTime("Cat"))
    assert t.note(NoteKind.TIMER_EXTENDED).params == {"asker": "Ann", "seconds": 60.0}
    t.time_up()
    t.time_up()  # the countdown ends: the timer is turned over again
    assert t.kinds() == [NoteKind.EXTRA_TIME, "timer"]
    assert t.notes[-1] == ArmTimer("extra", 50.0, t.game.timer_token)
    t.time_up()
    assert t.kinds()[0] == NoteKind.COUNTDOWN
    t.time_up()
    assert t.kinds()[0] == NoteKind.PENCILS_DOWN


def test_one_no_refuses_more_time_and_once_a_round_is_all(judge: Judge) -> None:
    t = make_table(judge)
    assert t.refusal(AgreeMoreTime("Bob")) == Refusal.NO_MORE_TIME_ASKED
    t(AskMoreTime("Ann"))
    t(AgreeMoreTime("Bob", agree=False))
    assert t.note(NoteKind.MORE_TIME_REFUSED).params == {"player": "Bob", "asker": "Ann"}
    t(AskMoreTime("Cat"))
    t(AgreeMoreTime("Ann"))
    t(AgreeMoreTime("Bob"))
    assert NoteKind.TIMER_EXTENDED in t.kinds()
    assert t.refusal(AskMoreTime("Ann")) == Refusal.NO_MORE_EXTENSIONS


def test_a_request_open_when_time_runs_out_lapses(judge: Judge) -> None:
    t = make_table(judge)
    t.time_up()
    t(AskMoreTime("Ann"))
    t.time_up()
    assert t.kinds()[:2] == [NoteKind.MORE_TIME_LAPSED, NoteKind.PENCILS_DOWN]


# --------------------------------------------------------------------- 4. letters and fit


def test_two_points_for_the_key_letter_one_for_another(judge: Judge) -> None:
    t = make_table(judge)
    t.pencils_down()
    notes = t.score({"Ann": "Penguin", "Bob": "Tiger", "Cat": ""})
    assert t.scores(notes) == {"Ann": (NoteKind.ANSWER_SCORED_2, 2),
                               "Bob": (NoteKind.ANSWER_SCORED_1, 1),
                               "Cat": (NoteKind.ANSWER_BLANK, 0)}
    assert t.note(NoteKind.CATEGORY_SCORED, notes).params["points"] == {
        "Ann": 2, "Bob": 1, "Cat": 0}


def test_articles_do_not_count_for_the_key_letter(judge: Judge) -> None:
    t = make_table(judge, faces="TBS")
    t.pencils_down()
    for _ in range(5):
        t.score({})
    notes = t.score({"Ann": "The Black Stallion", "Bob": "Titanic", "Cat": "The Terminal"})
    assert t.scores(notes) == {"Ann": (NoteKind.ANSWER_SCORED_1, 1),
                               "Bob": (NoteKind.ANSWER_SCORED_2, 2),
                               "Cat": (NoteKind.ANSWER_SCORED_2, 2)}


def test_a_persons_first_or_last_name_may_carry_the_letter(judge: Judge) -> None:
    t = make_table(judge, faces="M")
    t.pencils_down()
    t.score({})
    t.score({})
    notes = t.score({"Ann": "Michael Jackson", "Bob": "George Michael", "Cat": "Elton John"})
    assert t.scores(notes) == {"Ann": (NoteKind.ANSWER_SCORED_2, 2),
                               "Bob": (NoteKind.ANSWER_SCORED_2, 2),
                               "Cat": (NoteKind.ANSWER_SCORED_1, 1)}


def test_a_persons_last_name_carries_the_letter_in_any_category(judge: Judge) -> None:
    t = make_table(judge, faces="I")
    t.pencils_down()
    for _ in range(3):
        t.score({})
    notes = t.score({"Ann": "Billy Idol", "Bob": "Ice cube", "Cat": "Glacier in Iceland"})
    assert not t.game.categories[3].people  # Things that are cold
    assert t.scores(notes) == {"Ann": (NoteKind.ANSWER_SCORED_2, 2),
                               "Bob": (NoteKind.ANSWER_SCORED_2, 2),
                               "Cat": (NoteKind.ANSWER_SCORED_1, 1)}


def test_a_common_noun_after_a_first_name_is_no_persons_name(judge: Judge) -> None:
    t = make_table(judge, faces="B")
    t.pencils_down()
    for _ in range(3):
        t.score({})
    notes = t.score({"Ann": "Teddy bear", "Bob": "Rose bush", "Cat": "Kevin Bacon"})
    assert t.scores(notes) == {"Ann": (NoteKind.ANSWER_SCORED_1, 1),
                               "Bob": (NoteKind.ANSWER_SCORED_1, 1),
                               "Cat": (NoteKind.ANSWER_SCORED_2, 2)}


def test_an_answer_off_a_closed_list_scores_nothing(judge: Judge) -> None:
    t = make_table(judge)
    t.pencils_down()
    t.score({})
    notes = t.score({"Ann": "Pennsylvania", "Bob": "Paris", "Cat": "Texas"})
    assert t.scores(notes) == {"Ann": (NoteKind.ANSWER_SCORED_2, 2),
                               "Bob": (NoteKind.ANSWER_UNFIT_0, 0),
                               "Cat": (NoteKind.ANSWER_SCORED_1, 1)}
    assert t.note(NoteKind.ANSWER_UNFIT_0, notes).params["reason"] == "list"


def test_an_answer_the_judge_cannot_verify_stands_unless_challenged(judge: Judge) -> None:
    t = make_table(judge)
    t.pencils_down()
    notes = t.score({"Ann": "Pangolin", "Bob": "Plorbix"})
    assert t.scores(notes)["Ann"] == (NoteKind.ANSWER_SCORED_2, 2)
    assert t.scores(notes)["Bob"] == (NoteKind.ANSWER_SCORED_2, 2)


def test_the_same_answer_twice_in_a_round_scores_nothing_the_second_time(judge: Judge) -> None:
    t = make_table(judge)
    t.pencils_down()
    t.score({"Ann": "Polar bear"})
    t.score({})
    t.score({})
    notes = t.score({"Ann": "polar bears"})
    assert t.scores(notes)["Ann"] == (NoteKind.ANSWER_REPEAT_0, 0)


# --------------------------------------------------------------------- 5. scoring a round


def test_the_same_answer_as_another_player_scores_nothing(judge: Judge) -> None:
    t = make_table(judge)
    t.pencils_down()
    notes = t.score({"Ann": "Penguin", "Bob": "penguins", "Cat": "Parrot"})
    assert t.scores(notes) == {"Ann": (NoteKind.ANSWER_DUPLICATE_0, 0),
                               "Bob": (NoteKind.ANSWER_DUPLICATE_0, 0),
                               "Cat": (NoteKind.ANSWER_SCORED_2, 2)}


def cold_answers(judge: Judge, ann: str, bob: str) -> dict[str, tuple[str, int]]:
    """Ann's and Bob's scores for their answers to Things that are cold (an open category)."""
    t = make_table(judge, players=2)
    t.pencils_down()
    for _ in range(3):
        t.score({})
    return t.scores(t.score({"Ann": ann, "Bob": bob}))


@pytest.mark.parametrize(("ann", "bob"), [
    ("Iris", "Irises"), ("Mummy", "Mummies"), ("Mayo", "Mayonnaise"), ("Tomatoes", "tomato"),
    ("Make the bed", "Making my bed"), ("Walking the dog", "walk my dog"), ("Rhinos", "Rhinoceros"),
    ("Buses", "Bus"),
])
def test_singular_and_plural_a_short_form_and_a_verbs_form_are_the_same_answer(
        judge: Judge, ann: str, bob: str) -> None:
    assert cold_answers(judge, ann, bob) == {"Ann": (NoteKind.ANSWER_DUPLICATE_0, 0),
                                             "Bob": (NoteKind.ANSWER_DUPLICATE_0, 0)}


@pytest.mark.parametrize(("ann", "bob"), [
    ("Cap", "Capsule"), ("Pea", "Peach"), ("Titan", "Titanic"), ("Hope", "Hop"),
    ("Ham", "Hamburger"), ("Yellow", "Yellowness"), ("Toes", "To"), ("Your Song", "Song"),
])
def test_a_word_and_a_longer_one_it_begins_are_two_answers(
        judge: Judge, ann: str, bob: str) -> None:
    kinds = {kind for kind, _ in cold_answers(judge, ann, bob).values()}
    assert NoteKind.ANSWER_DUPLICATE_0 not in kinds


def test_sameness_is_the_judges_articles_and_plurals_aside(judge: Judge) -> None:
    t = make_table(judge)
    t.pencils_down()
    t.score({})
    t.score({})
    t.score({})
    notes = t.score({"Ann": "The Popsicle", "Bob": "popsicles", "Cat": "Pond"})
    assert t.scores(notes)["Ann"] == (NoteKind.ANSWER_DUPLICATE_0, 0)
    assert t.scores(notes)["Bob"] == (NoteKind.ANSWER_DUPLICATE_0, 0)


def test_players_read_in_turn_from_the_roller(judge: Judge) -> None:
    t = make_table(judge, first=2)
    t.pencils_down()
    assert t.note(NoteKind.CATEGORY).params["first"] == "Cat"
    turns = []
    while t.game.state is State.READING:
        turns.append(t.game.expected_player())
        assert t.refusal(ReadAnswer("Zed", "x")) == Refusal.UNKNOWN_PLAYER
        last = turns[-2] if len(turns) > 1 else None
        wrong = next(n for n in NAMES[:3] if n not in (t.game.expected_player(), last))
        assert t.refusal(ReadAnswer(wrong, "x")) == Refusal.NOT_YOUR_TURN
        t(ReadAnswer(str(t.game.expected_player()), ""))
    assert turns == ["Cat", "Ann", "Bob"]


def test_a_reader_corrects_a_mishearing_until_the_next_reader_reads(judge: Judge) -> None:
    t = make_table(judge, first=0)
    t.pencils_down()
    t(ReadAnswer("Ann", "Pengwin"))
    notes = t(ReadAnswer("Ann", "Penguin"))  # "no, Penguin": Bob has not read yet
    assert [n.params["answer"] for n in notes if n.kind == NoteKind.ANSWER_READ] == ["Penguin"]
    assert notes[0].params["corrected"] is True
    assert t.game.sheet[0][0] == "Penguin" and t.game.expected_player() == "Bob"
    t(ReadAnswer("Bob", "Parrot"))
    assert t.refusal(ReadAnswer("Ann", "Panda")) == Refusal.NOT_YOUR_TURN
    t(ReadAnswer("Cat", "Pufin"))
    assert t.game.state is State.REVIEW
    t(ReadAnswer("Cat", "Puffin"))  # the last reader, before the scoring
    assert t.game.sheet[0][2] == "Puffin"


@pytest.mark.parametrize(("read", "again"), [
    ("Poodle", "Pug"), ("Penguin", "Puffin"), ("", "Panda"), ("Panda", ""), ("Pasta", "Pizza"),
])
def test_an_answer_is_fixed_once_read_only_a_mishearing_is_corrected(
        judge: Judge, read: str, again: str) -> None:
    t = make_table(judge, first=0)
    t.pencils_down()
    t(ReadAnswer("Ann", "Penguin"))
    t(ReadAnswer("Bob", "Parrot"))
    t(ReadAnswer("Cat", read))  # the last reader has heard every other answer
    assert t.refusal(ReadAnswer("Cat", again)) == Refusal.ANSWER_FIXED
    assert t.game.sheet[0][2] == read


@pytest.mark.parametrize(("read", "again"), [
    ("Pengwin", "Penguin"), ("Lamer", "Lemur"), ("Polar", "Polar bear"), ("Tigger", "Tiger"),
])
def test_a_correction_that_sounds_like_the_answer_read_back_is_taken(
        judge: Judge, read: str, again: str) -> None:
    t = make_table(judge, first=0)
    t.pencils_down()
    t(ReadAnswer("Ann", read))
    t(ReadAnswer("Ann", again))
    assert t.game.sheet[0][0] == again


def test_a_challenged_answer_is_judged_as_it_was_read(judge: Judge) -> None:
    t = make_table(judge, players=2, first=0)
    t.pencils_down()
    t(ReadAnswer("Ann", ""))
    t(ReadAnswer("Bob", "Penguin"))
    assert t.game.state is State.REVIEW
    t(Challenge("Ann", "Bob"))  # on the list: it stands without a vote
    assert t.refusal(ReadAnswer("Bob", "Panda")) == Refusal.ANSWER_CHALLENGED
    assert t.game.sheet[0][1] == "Penguin"


def test_once_all_have_read_the_answers_are_read_back_and_challenges_heard(
        judge: Judge) -> None:
    t = make_table(judge)
    t.pencils_down()
    t(ReadAnswer("Ann", "Penguin"))
    t(ReadAnswer("Bob", ""))
    t(ReadAnswer("Cat", "Panda"))
    read = t.note(NoteKind.CATEGORY_READ)
    assert read.params["answers"] == {"Ann": "Penguin", "Bob": "", "Cat": "Panda"}
    assert t.notes[-1] == ArmTimer("challenge", 6.0, t.game.timer_token)
    assert t.game.state is State.REVIEW and t.game.expected_player() is None


def test_a_silent_reader_reads_a_blank(judge: Judge) -> None:
    t = make_table(judge)
    t.pencils_down()
    t.time_up()
    assert t.kinds()[:2] == [NoteKind.READ_TIMEOUT, NoteKind.ANSWER_READ]
    assert t.note(NoteKind.ANSWER_READ).params["blank"] is True


def test_round_totals_add_up_the_answers(judge: Judge) -> None:
    t = make_table(judge)
    t.play_round([{"Ann": "Penguin", "Bob": "Tiger"}, {"Ann": "Pennsylvania"},
                  {"Cat": "Pink"}, {}, {"Ann": "Peach", "Bob": "Peach"}, {"Cat": "Psycho"}])
    total = t.note(NoteKind.ROUND_TOTAL, t.all)
    assert total.params["points"] == {"Ann": 4, "Bob": 1, "Cat": 4}
    assert total.params["totals"] == {"Ann": 4, "Bob": 1, "Cat": 4}
    assert t.game.points() == {"Ann": 4, "Bob": 1, "Cat": 4}


# --------------------------------------------------------------------- 6. challenges


def challenged(judge: Judge, players: int = 3) -> Table:
    """Ann's unverifiable answer to category 1 (Animals) read, challenged by Bob."""
    t = make_table(judge, players)
    t.pencils_down()
    t(ReadAnswer("Ann", "Plorbix"))
    t(Challenge("Bob", "Ann"))
    return t


def test_a_challenge_goes_to_a_vote_of_everyone(judge: Judge) -> None:
    t = challenged(judge)
    assert t.note(NoteKind.CHALLENGE).params["answer"] == "Plorbix"
    assert t.game.state is State.VOTING and t.notes[-2].name == "vote"  # type: ignore[union-attr]
    assert t.note(NoteKind.VOTER).params == {"player": "Ann"}
    assert t.game.expected_player() == "Ann"
    t(Vote("Ann", True))
    assert t.note(NoteKind.VOTER).params == {"player": "Bob"}
    assert t.refusal(Vote("Ann", False)) == Refusal.ALREADY_VOTED
    t(Vote("Cat", False))
    assert t.note(NoteKind.VOTER).params == {"player": "Bob"}  # Cat voted first, naming herself
    t(Vote("Bob", False))
    assert NoteKind.VOTER not in t.kinds()  # everyone has voted
    assert t.note(NoteKind.VOTE_REJECTED).params == {"player": "Ann", "answer": "Plorbix",
                                                     "yes": 1, "no": 2}
    assert t.game.state is State.READING and t.note(NoteKind.TURN).params["player"] == "Bob"
    notes = t.score({})
    assert t.scores(notes)["Ann"] == (NoteKind.ANSWER_UNFIT_0, 0)
    assert t.note(NoteKind.ANSWER_UNFIT_0, notes).params["reason"] == "vote"


def test_the_majority_accepts(judge: Judge) -> None:
    t = challenged(judge)
    for name, accept in (("Ann", True), ("Bob", False), ("Cat", True)):
        t(Vote(name, accept))
    assert NoteKind.VOTE_ACCEPTED in t.kinds()
    notes = t.score({})
    assert t.scores(notes)["Ann"] == (NoteKind.ANSWER_SCORED_2, 2)


def test_in_a_tie_the_challenged_players_vote_does_not_count(judge: Judge) -> None:
    t = challenged(judge, 4)
    for name, accept in (("Ann", True), ("Bob", False), ("Cat", True), ("Dan", False)):
        t(Vote(name, accept))
    assert t.kinds()[-4:-2] == [NoteKind.TIE_VOTE_WITHOUT_CHALLENGED, NoteKind.VOTE_REJECTED]
    assert t.note(NoteKind.VOTE_REJECTED).params["yes"] == 1


def test_a_tie_that_remains_lets_the_answer_stand(judge: Judge) -> None:
    t = challenged(judge)
    t(Vote("Bob", False))
    t(Vote("Cat", True))
    t.time_up()  # Ann never votes
    assert NoteKind.TIE_VOTE_WITHOUT_CHALLENGED not in t.kinds()
    assert t.note(NoteKind.VOTE_ACCEPTED).params["yes"] == 1


def test_a_known_answer_is_settled_by_the_list(judge: Judge) -> None:
    t = make_table(judge)
    t.pencils_down()
    t(ReadAnswer("Ann", "Penguin"))
    t(Challenge("Bob", "Ann"))
    assert t.kinds() == [NoteKind.CHALLENGE, NoteKind.CHALLENGE_SETTLED]
    assert t.note(NoteKind.CHALLENGE_SETTLED).params["accepted"] is True
    assert t.game.state is State.READING


def test_what_may_not_be_challenged(judge: Judge) -> None:
    t = make_table(judge)
    t.pencils_down()
    assert t.refusal(Challenge("Bob", "Ann")) == Refusal.NOTHING_TO_CHALLENGE
    t(ReadAnswer("Ann", ""))
    assert t.refusal(Challenge("Bob", "Ann")) == Refusal.NOTHING_TO_CHALLENGE
    t(ReadAnswer("Bob", "Plorbix"))
    assert t.refusal(Challenge("Bob", "Bob")) == Refusal.OWN_CHALLENGE
    t(ReadAnswer("Cat", "Pangolin"))
    t(Challenge("Ann", "Cat"))  # the last moment, after everyone has read
    for name in ("Ann", "Bob", "Cat"):
        t(Vote(name, True))
    assert t.game.state is State.REVIEW
    assert t.refusal(Challenge("Bob", "Cat")) == Refusal.ALREADY_CHALLENGED
    t.time_up()  # scored: the next category's reading starts
    assert t.refusal(Challenge("Ann", "Bob")) == Refusal.NOTHING_TO_CHALLENGE


# --------------------------------------------------------------------- 7. rounds and the end


def test_round_two_a_new_letter_the_same_categories_the_next_roller(judge: Judge) -> None:
    t = make_table(judge)
    t.play_round()
    started = t.note(NoteKind.ROUND_STARTED)
    assert started.params["round"] == 2 and started.params["roller"] == "Bob"
    assert t.game.letter == "T" and t.game.categories == CATEGORIES[:6]
    assert t.game.answers_so_far() == {}


def test_after_two_rounds_the_highest_total_wins(judge: Judge) -> None:
    t = make_table(judge)
    t.play_round([{"Ann": "Penguin"}])
    t.play_round([{"Bob": "Tiger"}, {"Bob": "Texas", "Ann": "Ohio"}])
    assert t.game.over
    assert t.note(NoteKind.GAME_OVER).params["totals"] == {"Ann": 3, "Bob": 4, "Cat": 0}
    assert t.note(NoteKind.GAME_WON).params == {"player": "Bob", "points": 4,
                                                "tie_break": False}
    assert t.refusal(TimeUp(t.game.timer_token)) == Refusal.GAME_OVER


def test_tied_players_play_one_more_round_alone(judge: Judge) -> None:
    t = make_table(judge)
    t.play_round([{"Ann": "Penguin", "Bob": "Parrot"}])
    t.play_round()
    tie = t.note(NoteKind.TIE_BREAK_ROUND, t.notes)
    assert tie.params == {"players": ["Ann", "Bob"], "points": 2, "round": 3}
    assert t.game.letter == "S" and t.note(NoteKind.ROUND_STARTED).params["roller"] == "Ann"
    assert t.refusal(AskMoreTime("Cat")) == Refusal.NOT_PLAYING
    t.pencils_down()
    assert t.refusal(ReadAnswer("Cat", "Seal")) == Refusal.NOT_PLAYING
    t.read({"Ann": "", "Bob": "Seal"})
    t.time_up()
    assert t.scores() == {"Ann": (NoteKind.ANSWER_BLANK, 0),
                          "Bob": (NoteKind.ANSWER_SCORED_2, 2)}
    for _ in range(5):
        t.score({})
    assert t.note(NoteKind.GAME_WON).params == {"player": "Bob", "points": 2,
                                                "tie_break": True}
    assert t.game.round_scores()[-1] == {"Ann": 0, "Bob": 2}


def test_players_still_tied_after_the_last_tie_break_share_the_win(judge: Judge) -> None:
    t = make_table(judge, 2, tie_break_rounds=1)
    for _ in range(3):
        t.play_round()
    assert t.game.over and t.note(NoteKind.GAME_SHARED).params == {
        "players": ["Ann", "Bob"], "points": 0}
    assert t.game.winners == (0, 1)


# --------------------------------------------------------------------- the host's moments


def test_spoken_answers_say_so_in_the_notes(judge: Judge) -> None:
    t = make_table(judge, spoken_answers=True)
    assert t.note(NoteKind.WRITING_STARTED).params["spoken_answers"] is True
    t.pencils_down()
    assert t.note(NoteKind.PENCILS_DOWN).params["spoken_answers"] is True
    assert t.note(NoteKind.CATEGORY).params["spoken_answers"] is True


def test_resumed_says_where_the_game_stands(judge: Judge) -> None:
    t = make_table(judge)
    assert [n.kind for n in t.game.resumed()] == [NoteKind.WRITING_STARTED, "timer"]
    t.pencils_down()
    t(ReadAnswer("Ann", "Penguin"))
    assert [n.kind for n in t.game.resumed()] == [NoteKind.CATEGORY, NoteKind.TURN, "timer"]
    assert t.game.answers_so_far() == {"Animals": {"Ann": "Penguin"}}
    assert t.game.category == CATEGORIES[0]


def test_an_event_out_of_its_moment_is_refused(judge: Judge) -> None:
    t = make_table(judge)
    assert t.refusal(ReadAnswer("Ann", "Penguin")) == Refusal.NOT_NOW_READANSWER
    assert t.refusal(Vote("Ann", True)) == Refusal.NOT_NOW_VOTE
    assert t.refusal(Challenge("Ann", "Bob")) == Refusal.NOT_NOW_CHALLENGE
    assert t.refusal(ChooseLetter("Ann", "B")) == Refusal.NOT_NOW_CHOOSELETTER
    t.pencils_down()
    assert t.refusal(AskMoreTime("Ann")) == Refusal.NOT_NOW_ASKMORETIME
    assert t.refusal(AgreeMoreTime("Ann")) == Refusal.NOT_NOW_AGREEMORETIME
    assert t.refusal("hello") == Refusal.UNKNOWN_EVENT
