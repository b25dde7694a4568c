"""What Scattergories players say, typed or heard, becomes the right move or question; what bots
say is read back to the same move; the recognizer is offered the phrases of the moment."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from host.clock import FakeClock
from host.core.events import Note, TimeUp, make_seats
from host.core.phrasebook import Phrasebook
from host.core.session import Session
from host.core.talk import Query, Unclear, clean
from host.decks import Category, CategoryKind, CategoryList
from host.games.scattergories.announce import VOICE
from host.games.scattergories.bots import BotSkills, BotTable
from host.games.scattergories.config import WILD, ScattergoriesConfig
from host.games.scattergories.events import (
    AgreeMoreTime,
    AskMoreTime,
    Challenge,
    ChooseLetter,
    ReadAnswer,
    Vote,
)
from host.games.scattergories.flow import State
from host.games.scattergories.grammar import EN
from host.games.scattergories.moves import WRITING_QUESTIONS
from host.games.scattergories.questions import ScattergoriesQuestions
from host.games.scattergories.rules import ScattergoriesGame
from host.games.scattergories.talk import ScattergoriesTalk, same_move
from host.speech.ports import Transcript
from tests.games.scattergories.tables import (
    CATEGORIES,
    DECK,
    JUDGE,
    LISTS,
    NAMES,
    Dice,
    new_game,
    to_reading,
)
from tests.transcripts import HALF, LIKELY, LOW, WEAK
from tests.transcripts import heard as transcript

QUESTION_PHRASES = [phrase for phrases in EN.question_phrases.values() for phrase in phrases]
WRITING_PHRASES = [phrase for kind in WRITING_QUESTIONS for phrase in EN.question_phrases[kind]]


@pytest.fixture
def game() -> ScattergoriesGame:
    """Three players, letter P, writing."""
    return new_game()


@pytest.fixture
def talk(game: ScattergoriesGame) -> ScattergoriesTalk:
    return ScattergoriesTalk(game)


def refusal(game: ScattergoriesGame, event: object) -> str | None:
    notes = game.handle(event)
    refused = [n for n in notes if isinstance(n, Note) and n.kind == "refused"]
    return str(refused[0].params["reason"]) if refused else None


# ---------------------------------------------------------------------- a wild star

@pytest.mark.parametrize(("said", "letter"), [
    ("P", "P"), ("the letter P", "P"), ("letter p", "P"), ("pee", "P"), ("I choose M", "M"),
    ("double u", "W"), ("the letter zed", "Z"), ("K please", "K"), ("Ann: the letter B", "B"),
    ("ann bee", "B"),
])
def test_the_roller_chooses_a_letter_after_a_wild_star(said: str, letter: str) -> None:
    game = new_game(WILD)
    assert game.state is State.CHOOSING_LETTER
    assert ScattergoriesTalk(game).parse(said) == ChooseLetter("Ann", letter)


def test_another_players_letter_is_theirs_and_refused() -> None:
    game = new_game(WILD)
    talk = ScattergoriesTalk(game)
    assert talk.parse("Bob: the letter T") == ChooseLetter("Bob", "T")
    assert refusal(game, talk.parse("Bob: the letter T")) == "not_roller"
    assert talk.parse("what's the letter") == Query("letter", "Ann")


# ---------------------------------------------------------------------- the writing time

@pytest.mark.parametrize("said", ["Bob: one more minute", "Bob, more time", "bob more time",
                                  "Bob: can we have one more minute please",
                                  "Bob: more time please", "Bob: we need more time"])
def test_a_named_player_asks_for_more_time(talk: ScattergoriesTalk, said: str) -> None:
    assert talk.parse(said) == AskMoreTime("Bob")


def test_more_time_from_an_unknown_voice_asks_who_speaks(talk: ScattergoriesTalk) -> None:
    assert talk.parse("one more minute") == Unclear("one more minute", anonymous=True)
    assert talk.parse("one more minute", speaker="Cat") == AskMoreTime("Cat")
    assert talk.parse("my turn, Cat") == Query("claim_turn", "Cat")


@pytest.mark.parametrize(("said", "agree"), [
    ("Cat: yes", True), ("cat yes", True), ("Cat: okay", True), ("Cat: agreed", True),
    ("Cat: no", False), ("cat no", False), ("Cat: no way", False), ("Cat: nope", False),
])
def test_the_others_agree_or_refuse(game: ScattergoriesGame, talk: ScattergoriesTalk,
                                    said: str, agree: bool) -> None:
    game.handle(AskMoreTime("Bob"))
    assert talk.parse(said) == AgreeMoreTime("Cat", agree)


@pytest.mark.parametrize(("said", "kind"), [
    ("how much time", "time_left"), ("how much time is left?", "time_left"),
    ("what's the letter", "letter"), ("which letter", "letter"), ("letter?", "letter"),
    ("read the list again", "list"), ("what are the categories", "list"),
    ("pause the game", "pause"), ("quit", "quit"),
])
def test_the_host_answers_only_the_writing_questions(talk: ScattergoriesTalk, said: str,
                                                     kind: str) -> None:
    assert talk.parse(said) == Query(kind)
    assert talk.parse(f"Bob: {said}") == Query(kind, "Bob")


@pytest.mark.parametrize("said", ["score", "whose turn", "what's the category", "repeat",
                                  "help", "Penguin"])
def test_the_host_is_quiet_about_anything_else_while_they_write(talk: ScattergoriesTalk,
                                                                said: str) -> None:
    assert isinstance(talk.parse(said), Unclear)


# ---------------------------------------------------------------------- the reading

@pytest.mark.parametrize(("said", "expected"), [
    ("Penguin", ReadAnswer("Ann", "Penguin")),
    ("Pelican.", ReadAnswer("Ann", "Pelican")),
    ("I wrote Pelican", ReadAnswer("Ann", "Pelican")),
    ("my answer is Puffin", ReadAnswer("Ann", "Puffin")),
    ("Ann: Polar bear", ReadAnswer("Ann", "Polar bear")),
    ("polar bear", ReadAnswer("Ann", "polar bear")),
    ("blank", ReadAnswer("Ann", "")),
    ("pass", ReadAnswer("Ann", "")),
    ("nothing", ReadAnswer("Ann", "")),
    ("I don't have one", ReadAnswer("Ann", "")),
    ("no answer", ReadAnswer("Ann", "")),
    ("Ann: pass", ReadAnswer("Ann", "")),
    ("Bob: Panda", ReadAnswer("Bob", "Panda")),
    ("Uh, Pelican.", ReadAnswer("Ann", "Pelican")),
    ("Um, I have Pelican", ReadAnswer("Ann", "Pelican")),
    ("Ann. Pelican.", ReadAnswer("Ann", "Pelican")),
    ("Mine is Pelican.", ReadAnswer("Ann", "Pelican")),
    ("I don't know.", ReadAnswer("Ann", "")),
    ("No idea", ReadAnswer("Ann", "")),
    ("Um, I didn't write anything", ReadAnswer("Ann", "")),
])
def test_the_reader_on_turn_reads_an_answer_or_a_blank(said: str, expected: ReadAnswer) -> None:
    talk = ScattergoriesTalk(to_reading(new_game()))
    assert talk.parse(said) == expected


@pytest.mark.parametrize("said", ["Hmm, let me find it", "Um... wait", "Where is it?"])
def test_a_reader_finding_their_answer_reads_nothing_yet(said: str) -> None:
    """Once read, an answer stays: words said while looking for it are none."""
    talk = ScattergoriesTalk(to_reading(new_game()))
    assert talk.parse(said) == Unclear(said, quiet=True)
    assert talk.parse("Um...") == Unclear("Um...")  # asked again: perhaps an answer misheard


def test_a_reader_out_of_turn_is_refused() -> None:
    game = to_reading(new_game())
    talk = ScattergoriesTalk(game)
    assert refusal(game, talk.parse("Bob: Panda")) == "not_your_turn"


def test_a_correction_is_the_last_readers_answer_again() -> None:
    game = to_reading(new_game())
    talk = ScattergoriesTalk(game)
    assert isinstance(talk.parse("no, pelican"), Unclear)  # nobody has read yet
    game.handle(ReadAnswer("Ann", "Penguin"))
    for said in ("No, pelican", "no it's pelican", "Ann: no, pelican", "ann no pelican",
                 "I meant pelican"):
        assert talk.parse(said) == ReadAnswer("Ann", "pelican"), said
    assert talk.parse("No, blank") == ReadAnswer("Ann", "")
    assert talk.parse("no answer") == ReadAnswer("Bob", "")  # a blank, not a correction


def test_a_yes_or_a_no_while_reading_answers_nothing() -> None:
    talk = ScattergoriesTalk(to_reading(new_game()))
    for said in ("yes", "no", "Bob: no", "thumbs up"):
        assert isinstance(talk.parse(said), Unclear), said


@pytest.mark.parametrize(("said", "expected"), [
    ("challenge", Challenge("Bob", "Ann")),
    ("I challenge that", Challenge("Bob", "Ann")),
    ("Cat: challenge", Challenge("Cat", "Ann")),
    ("Cat challenge", Challenge("Cat", "Ann")),
    ("Cat: I challenge that", Challenge("Cat", "Ann")),
    ("Cat: challenge Ann", Challenge("Cat", "Ann")),
    ("Cat: I challenge Ann's answer", Challenge("Cat", "Ann")),
    ("cat challenge ann", Challenge("Cat", "Ann")),
])
def test_a_challenge_names_the_answer_read_last_or_its_reader(said: str,
                                                              expected: Challenge) -> None:
    game = to_reading(new_game())
    game.handle(ReadAnswer("Ann", "Pingu"))
    assert ScattergoriesTalk(game).parse(said) == expected


def test_a_challenge_takes_the_last_answer_by_another_not_a_blank() -> None:
    game = to_reading(new_game())
    game.handle(ReadAnswer("Ann", "Pingu"))
    game.handle(ReadAnswer("Bob", ""))
    talk = ScattergoriesTalk(game)
    assert talk.parse("Cat: challenge") == Challenge("Cat", "Ann")
    game.handle(ReadAnswer("Cat", "Pangolin"))  # all have read: the last moment to challenge
    assert game.state is State.REVIEW
    assert talk.parse("Cat: challenge") == Challenge("Cat", "Ann")
    assert talk.parse("Bob: challenge") == Challenge("Bob", "Cat")
    assert talk.parse("challenge") == Unclear("challenge", anonymous=True)


def test_a_challenge_naming_the_answer_or_its_player_works_during_and_after_the_reading(
        ) -> None:
    game = to_reading(new_game())
    talk = ScattergoriesTalk(game)
    game.handle(ReadAnswer("Ann", "Pingu"))
    game.handle(ReadAnswer("Bob", "Magenta"))
    assert talk.parse("Cat: challenge Magenta") == Challenge("Cat", "Bob")
    game.handle(ReadAnswer("Cat", "Pangolin"))
    assert game.state is State.REVIEW
    assert talk.parse("Ann: challenge Magenta") == Challenge("Ann", "Bob")
    assert talk.parse("Ann: I challenge Pangolin") == Challenge("Ann", "Cat")
    assert talk.parse("Ann: challenge Cat") == Challenge("Ann", "Cat")
    assert talk.parse("Cat: challenge Pingu") == Challenge("Cat", "Ann")  # not a correction
    game.handle(TimeUp(game.timer_token))
    for player, answer in (("Ann", "Polar bears"), ("Bob", "Peas"), ("Cat", "Pasta")):
        game.handle(ReadAnswer(player, answer))
    assert talk.parse("Ann: challenge Pasta") == Challenge("Ann", "Cat")
    assert talk.parse("Cat: challenge polar bears") == Challenge("Cat", "Ann")
    assert talk.parse("Cat: challenge Peas") == Challenge("Cat", "Bob")


def test_a_challenge_naming_nothing_read_is_not_an_answer() -> None:
    game = to_reading(new_game())
    talk = ScattergoriesTalk(game)
    game.handle(ReadAnswer("Ann", "Pingu"))
    assert isinstance(talk.parse("Bob: challenge Walrus"), Unclear)
    assert isinstance(talk.parse("Ann: challenge Walrus"), Unclear)


def test_a_challenge_with_nothing_read_is_refused() -> None:
    game = to_reading(new_game())
    talk = ScattergoriesTalk(game)
    assert refusal(game, talk.parse("Bob: challenge")) == "nothing_to_challenge"


@pytest.mark.parametrize(("said", "accept"), [
    ("Bob: yes", True), ("bob thumbs up", True), ("Bob: accept", True), ("Bob: I vote yes", True),
    ("Bob: no", False), ("bob thumbs down", False), ("Bob: reject", False),
])
def test_votes(said: str, accept: bool) -> None:
    game = to_reading(new_game())
    game.handle(ReadAnswer("Ann", "Pingu"))
    game.handle(Challenge("Cat", "Ann"))
    assert game.state is State.VOTING
    talk = ScattergoriesTalk(game)
    assert talk.parse(said) == Vote("Bob", accept)
    assert talk.parse("yes") == Vote("Ann", True)  # the voter the host called


def test_a_bare_vote_is_the_called_voters_and_the_bots_say_it_so() -> None:
    game = to_reading(new_game())
    game.handle(ReadAnswer("Ann", "Pingu"))
    game.handle(Challenge("Cat", "Ann"))
    game.handle(Vote("Ann", True))
    talk = ScattergoriesTalk(game)
    assert talk.parse("thumbs down") == Vote("Bob", False)
    assert talk.say(Vote("Bob", False)) == "thumbs down"
    assert talk.say(Vote("Cat", True)) == "Cat: thumbs up"


@pytest.mark.parametrize(("said", "kind"), [
    ("score", "score"), ("what's the score", "score"), ("whose turn", "situation"),
    ("what's the category", "category"), ("which category", "category"),
    ("what's the letter", "letter"), ("read the list again", "list"),
    ("what's been said", "answers"), ("repeat", "repeat"), ("help", "help"),
    ("how much time", "time_left"),
])
def test_questions_at_the_reading(said: str, kind: str) -> None:
    talk = ScattergoriesTalk(to_reading(new_game()))
    assert talk.parse(said) == Query(kind, "Ann")
    assert talk.parse(f"Cat: {said}") == Query(kind, "Cat")


def test_every_question_offered_is_heard_as_a_question() -> None:
    talk = ScattergoriesTalk(to_reading(new_game()))
    for phrase in QUESTION_PHRASES:
        assert isinstance(talk.parse(phrase), Query), phrase


def test_a_question_or_a_call_never_eats_a_known_answer() -> None:
    game = to_reading(new_game())
    game.handle(TimeUp(game.timer_token))  # Ann: blank
    game.handle(TimeUp(game.timer_token))  # Bob
    game.handle(TimeUp(game.timer_token))  # Cat: the last moment to challenge
    game.handle(TimeUp(game.timer_token))  # scored: category 2, words for the host
    assert game.categories[game.category_index].id == "words-for-the-host"
    talk = ScattergoriesTalk(game)
    for word in ("Score", "Help", "Pass", "Challenge", "Repeat", "score", "letter"):
        assert talk.parse(word) == ReadAnswer("Ann", word), word
    assert talk.parse("Ann: help") == ReadAnswer("Ann", "help")
    assert talk.parse("Bob: help") == Query("help", "Bob")  # not on turn: a question


def test_an_answer_read_already_is_heard_as_an_answer() -> None:
    game = to_reading(new_game())
    game.handle(ReadAnswer("Ann", "Whose turn"))
    assert ScattergoriesTalk(game).parse("whose turn") == ReadAnswer("Bob", "whose turn")


def test_team_members_speak_for_their_seat() -> None:
    seats = make_seats(teams=[["Ann", "Zoe"], ["Bob"], ["Cat"]])
    game = to_reading(new_game(seats=seats))
    talk = ScattergoriesTalk(game)
    assert talk.parse("Zoe: Penguin") == ReadAnswer("Ann and Zoe", "Penguin")
    game.handle(ReadAnswer("Ann and Zoe", "Pingu"))
    assert talk.parse("Cat: challenge Zoe") == Challenge("Cat", "Ann and Zoe")
    assert "Zoe challenge" not in talk.choices()  # nothing of Bob's read yet
    assert "Cat challenge Ann and Zoe" in talk.choices()


def test_nothing_said_is_unclear(talk: ScattergoriesTalk) -> None:
    assert talk.parse("") == Unclear("", quiet=True)  # while the players write
    assert talk.parse("Bob:") == Query("claim_turn", "Bob")


def test_the_host_keeps_quiet_about_table_talk_while_the_players_write(
        talk: ScattergoriesTalk) -> None:
    assert talk.game.state is State.WRITING
    assert talk.parse("what a game") == Unclear("what a game", anonymous=True, quiet=True)
    assert talk.parse("score") == Unclear("score", quiet=True)
    assert talk.parse("one more minute") == Unclear("one more minute", anonymous=True)


# ---------------------------------------------------------------------- say -> parse

def bot_moves(games: int) -> Iterator[tuple[ScattergoriesGame, Any]]:
    """(game, move) before each move of a few whole games of bots on the shipped deck."""
    for seed in range(games):
        rng = random.Random(seed)
        config = ScattergoriesConfig(make_seats(NAMES[:2 + seed % 5]), list_number=1 + seed,
                                     categories=6 if seed % 2 else 12)
        game = ScattergoriesGame(config, DECK, JUDGE, rng)
        game.start()
        bots = BotTable(game, BotSkills(ask_time=0.6, choose_timeout=0.0), rng)
        while not game.over:
            event = bots.next_event()
            yield game, event
            game.handle(event)


def test_what_a_player_says_is_read_back_to_the_same_move() -> None:
    checked: set[type] = set()
    count = 0
    for game, event in bot_moves(6):
        if isinstance(event, TimeUp):
            continue
        talk = ScattergoriesTalk(game)
        said = talk.say(event)
        assert talk.parse(said) == event, said
        assert talk.parse(talk.say(event, prefix=event.player)) == event, said
        heard = talk.parse(clean(said))  # as a recognizer writes it
        assert same_move(event, [heard], game), (said, heard)
        checked.add(type(event))
        count += 1
    assert count > 300
    assert checked == {ReadAnswer, Challenge, Vote, AskMoreTime, AgreeMoreTime, ChooseLetter}


@pytest.mark.parametrize("text", ["pass", "score", "challenge Bob", "Cat Stevens", "yes",
                                  "no, thanks", "I wrote it", "the letter P", "one more minute",
                                  "Um Bongo", "Bob. Marley", "I don't know"])
def test_an_answer_that_sounds_like_something_else_is_said_plainly(text: str) -> None:
    game = to_reading(new_game())
    talk = ScattergoriesTalk(game)
    event = ReadAnswer("Ann", text)
    assert talk.parse(talk.say(event)) == event


def test_moves_are_said_with_the_players_name_unless_awaited() -> None:
    game = to_reading(new_game())
    talk = ScattergoriesTalk(game)
    assert talk.say(ReadAnswer("Ann", "Penguin")) == "Penguin"
    assert talk.say(ReadAnswer("Ann", "")) == "I pass"
    assert talk.say(Challenge("Bob", "Ann")) == "Bob: challenge Ann"
    assert talk.say(Vote("Cat", True)) == "Cat: thumbs up"
    assert talk.say(AskMoreTime("Bob")) == "Bob: one more minute"
    assert talk.say(ChooseLetter("Ann", "P"), prefix="Ann") == "Ann: the letter P"
    assert talk.say(TimeUp(1)) == ""


# ---------------------------------------------------------------------- choices

def test_choices_while_writing_are_more_time_and_the_writing_questions(
        game: ScattergoriesGame, talk: ScattergoriesTalk) -> None:
    phrases = talk.choices()
    assert phrases == ["one more minute", "Ann one more minute", "Bob one more minute",
                       "Cat one more minute", *WRITING_PHRASES]
    game.handle(AskMoreTime("Bob"))
    phrases = talk.choices()
    assert {"yes", "no", "Ann yes", "Cat no"} <= set(phrases)
    assert "Bob yes" not in phrases


def test_choices_while_choosing_are_the_letters_left() -> None:
    game = new_game(WILD)
    phrases = ScattergoriesTalk(game).choices()
    assert {"P", "the letter P", "the letter Z"} <= set(phrases)
    assert set(QUESTION_PHRASES) <= set(phrases)


def test_choices_at_the_reading_hold_the_known_answers_key_letter_first() -> None:
    game = to_reading(new_game())
    talk = ScattergoriesTalk(game)
    phrases = talk.choices()
    assert len(phrases) == len(set(phrases))
    assert phrases[:5] == ["Penguin", "Parrot", "Panda", "Polar bear", "Tiger"]
    assert {"Hippo", "blank", "pass", "I pass", "nothing", "no answer"} <= set(phrases)
    assert set(QUESTION_PHRASES) <= set(phrases)
    assert not [p for p in phrases if "challenge" in p]  # nothing read yet


def test_choices_hold_the_answers_read_and_the_challenges() -> None:
    game = to_reading(new_game())
    game.handle(ReadAnswer("Ann", "Pingu"))
    phrases = ScattergoriesTalk(game).choices()
    assert "Pingu" in phrases  # a duplicate must be heard as one
    assert {"challenge", "I challenge that", "challenge Ann", "Bob challenge",
            "Cat challenge Ann"} <= set(phrases)
    assert "Ann challenge Ann" not in phrases


def test_choices_of_a_generated_category_come_from_the_judge() -> None:
    countries = Category("countries", "Countries", CategoryKind.GENERATED,
                         generator="countries")
    config = ScattergoriesConfig(make_seats(NAMES[:2]), list_number=1)
    game = ScattergoriesGame(config, [CategoryList("l", (countries, *CATEGORIES[1:]))], JUDGE,
                             Dice("P"))
    game.start()
    phrases = ScattergoriesTalk(to_reading(game)).choices()
    assert "Peru" in phrases and "Portugal" in phrases
    assert phrases.index("Peru") < phrases.index("France")


def test_an_open_category_offers_the_decks_answers_with_the_key_letter() -> None:
    cold = CATEGORIES[3]
    config = ScattergoriesConfig(make_seats(NAMES[:2]), list_number=1)
    game = ScattergoriesGame(config, [CategoryList("l", (cold, *CATEGORIES[:3], *CATEGORIES[4:]))],
                             JUDGE, Dice("P"))
    game.start()
    phrases = ScattergoriesTalk(to_reading(game)).choices()
    assert {"Penguin", "Polar bear", "Peach", "Plum"} <= set(phrases)
    assert "Tiger" not in phrases and "Pass" not in phrases  # another letter; a call


def test_a_listed_category_with_answers_on_the_letter_offers_only_its_own() -> None:
    phrases = ScattergoriesTalk(to_reading(new_game())).choices()
    assert "Penguin" in phrases and "Peach" not in phrases


def test_choices_while_voting_are_the_votes_of_those_yet_to_vote() -> None:
    game = to_reading(new_game())
    game.handle(ReadAnswer("Ann", "Pingu"))
    game.handle(Challenge("Cat", "Ann"))
    game.handle(Vote("Cat", False))
    phrases = ScattergoriesTalk(game).choices()
    assert {"yes", "no", "thumbs up", "Ann thumbs up", "Bob thumbs down", "Bob no"} \
        <= set(phrases)
    assert "Cat yes" not in phrases
    assert set(QUESTION_PHRASES) <= set(phrases)


def test_the_talk_takes_answers_outside_the_choices(talk: ScattergoriesTalk) -> None:
    assert talk.offers().open


# ---------------------------------------------------------------------- same_move

def test_same_move_takes_the_judges_sameness() -> None:
    game = to_reading(new_game())
    assert same_move(ReadAnswer("Ann", "Hippopotamus"), [ReadAnswer("Ann", "hippo")], game)
    assert same_move(ReadAnswer("Ann", "Penguin"), [ReadAnswer("Ann", "penguins")], game)
    assert same_move(ReadAnswer("Ann", "Pingu"), [ReadAnswer("Ann", "pingu")], game)
    assert same_move(ReadAnswer("Ann", ""), [ReadAnswer("Ann", "")], game)
    assert same_move(Vote("Ann", True), [Vote("Ann", True)], game)


def test_same_move_refuses_another_answer_player_or_move() -> None:
    game = to_reading(new_game())
    assert not same_move(ReadAnswer("Ann", "Penguin"), [ReadAnswer("Ann", "Panda")], game)
    assert not same_move(ReadAnswer("Ann", "Penguin"), [ReadAnswer("Bob", "Penguin")], game)
    assert not same_move(ReadAnswer("Ann", "Penguin"), [ReadAnswer("Ann", "")], game)
    assert not same_move(ReadAnswer("Ann", "Penguin"), [], game)
    assert not same_move(Vote("Ann", True), [Vote("Ann", False)], game)
    assert not same_move(Challenge("Bob", "Ann"), [Challenge("Bob", "Cat")], game)


# ---------------------------------------------------------------------- in a session

def test_a_table_through_the_session() -> None:
    config = ScattergoriesConfig(make_seats(NAMES[:3]), list_number=1)
    game = ScattergoriesGame(config, LISTS, JUDGE, Dice("P"))
    heard: list[object] = []
    session = Session(game, ScattergoriesTalk(game), ScattergoriesQuestions(game),
                      Phrasebook(game=VOICE, rng=random.Random(0)), FakeClock(),
                      on_event=lambda event, notes: heard.append(event))
    session.start()
    assert [line.kind for line in session.hear_words("Bob, one more minute")] == ["more_time_asked"]
    assert [line.kind for line in session.hear_words("how much time")] == ["time_left"]
    assert [line.kind for line in session.hear_words("what's the letter")] == ["key_letter"]
    assert session.hear_words("score") == []  # the host keeps quiet while the players write
    assert [line.kind for line in session.hear_words("yes")] == ["whose_voice"]
    to_reading(game)
    lines = session.hear_speech(Transcript("", free="Pelican.", free_p=LIKELY))
    assert heard[-1] == ReadAnswer("Ann", "Pelican")
    assert [line.kind for line in lines] == ["answer_read", "turn"]
    assert "Pelican" in lines[0].text
    assert session.hear_words("score")[0].kind == "score"


def test_a_bare_yes_to_more_time_is_the_one_player_still_waited_for(
        game: ScattergoriesGame, talk: ScattergoriesTalk) -> None:
    """The demo's "Bob yes" was heard as "yes" after "Still waiting for Bob.", and met with
    "Who's speaking?"."""
    game.handle(AskMoreTime("Cat"))
    assert talk.parse("yes") == Unclear("yes", anonymous=True)  # Ann and Bob still to answer
    game.handle(AgreeMoreTime("Ann", True))
    assert talk.parse("yes") == AgreeMoreTime("Bob", True)
    assert talk.parse("no") == AgreeMoreTime("Bob", False)
    assert talk.parse("one more minute") == Unclear("one more minute", anonymous=True)


def reading_session() -> Session:
    """A session of three at the reading of round one, key letter P."""
    config = ScattergoriesConfig(make_seats(NAMES[:3]), list_number=1)
    game = ScattergoriesGame(config, LISTS, JUDGE, Dice("P"))
    session = Session(game, ScattergoriesTalk(game), ScattergoriesQuestions(game),
                      Phrasebook(game=VOICE, rng=random.Random(0)), FakeClock())
    session.start()
    to_reading(game)
    return session


def test_an_answer_freely_heard_as_other_words_like_a_known_one_asks_the_known_one() -> None:
    """Whisper wrote "Canoe" as "Can you?": a known answer that sounds like the free transcript,
    a runner-up likelier than the free words (the calibration weighs how alike they sound), is
    asked back rather than the free transcript."""
    session = reading_session()
    heard = transcript(("Panda", LOW), ("Pelican", HALF), free="Pelly can.", free_p=LOW)
    assert [line.text for line in session.hear_speech(heard)] == ["Pelican?"]


def test_an_answer_heard_sure_freely_not_a_choice_heard_unsure_asks_what_was_heard() -> None:
    """The demo's "Eagle", off the choices, was freely heard as "Eagle." and asked back as the
    known answer "Mango?" the closed choice had heard unsure."""
    session = reading_session()
    heard = transcript(("Panda", WEAK), free="Eagle.", free_p=HALF)
    assert [line.text for line in session.hear_speech(heard)] == ["Eagle?"]


def test_a_choice_heard_unsure_that_sounds_like_the_free_transcript_is_asked_back() -> None:
    session = reading_session()
    heard = transcript(("Pelican", HALF), free="Pelly can.", free_p=WEAK)
    assert [line.text for line in session.hear_speech(heard)] == ["Pelican?"]


def test_free_words_heard_sure_that_are_no_move_leave_the_choice_to_ask() -> None:
    """The demo's "Cat" was heard as an unsure "Cat" and freely as a sure "Okay.", which is
    no answer at the reading (a yes answers nothing then): "Cat?" is asked, not "Sorry"."""
    heard = transcript(("Panda", HALF), free="Okay.", free_p=LIKELY)
    assert [line.text for line in reading_session().hear_speech(heard)] == ["Panda?"]


def test_a_choice_heard_unsure_is_asked_back_not_a_likely_one_sounding_more_like_the_free_words(
        ) -> None:
    """The demo's "Tie" came back unsure as "Tie", freely heard as "Time", and "Thyme?" was
    asked: among a reading's hundreds of choices the free words are no better guide than the
    choices' own probabilities (the calibration weighs how alike they sound already)."""
    heard = transcript(("Panda", HALF), ("Parrot", WEAK), ("Penguin", LOW), free="Parrots.",
                       free_p=LOW)
    assert [line.text for line in reading_session().hear_speech(heard)] == ["Panda?"]


def test_a_free_transcript_heard_unsure_leaves_the_choice_to_ask() -> None:
    session = reading_session()
    heard = transcript(("Panda", HALF), free="Eagle.", free_p=WEAK)
    assert [line.text for line in session.hear_speech(heard)] == ["Panda?"]


def test_an_answer_the_deck_knows_freely_heard_is_asked_back_before_a_choice_like_it() -> None:
    """The demo's "Wales" was freely heard as "Wales." and asked back as "Wellies?"."""
    session = reading_session()
    heard = transcript(("Parrot", WEAK), ("Panda", LOW), free="Pear.", free_p=HALF)
    assert [line.text for line in session.hear_speech(heard)] == ["Pear?"]
    heard = transcript(("Panda", WEAK), free="Plum.", free_p=HALF)
    assert [line.text for line in reading_session().hear_speech(heard)] == ["Plum?"]


def test_a_question_not_taken_leaves_a_likely_answer_that_sounds_like_the_free_words() -> None:
    """The demo's "Wet" was heard as a sure "quit", and freely as "Wait.": a question too weak
    to answer is not asked back, the likeliest answer is."""
    heard = transcript(("score", WEAK), ("Panda", WEAK), ("Penguin", LOW), free="Pander.",
                       free_p=LOW)
    assert [line.text for line in reading_session().hear_speech(heard)] == ["Panda?"]


def test_every_phrase_offered_means_something_now() -> None:
    """Each choice of each moment of a few bot games parses to a move or a question, said by
    a player of the round (an unnamed call needs the speaker known)."""
    moments: set[State] = set()
    for game, _ in bot_moves(2):
        talk = ScattergoriesTalk(game)
        speaker = game.seats[game.playing[-1]].name
        for phrase in talk.choices():
            heard = talk.parse(phrase, speaker=game.expected_player() or speaker)
            assert not isinstance(heard, Unclear), (game.state, phrase)
        moments.add(game.state)
    assert moments >= {State.WRITING, State.READING, State.REVIEW, State.VOTING}
