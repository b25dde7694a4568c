"""What Short List players say, typed or heard, becomes the right move or question; what bots
say is read back to the same move; the recognizer is offered the phrases of the moment."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from host.clock import FakeClock
from host.core.events import Note, TimeUp, make_seats
from host.core.legal import Stakes
from host.core.phrasebook import Phrasebook
from host.core.session import Session
from host.core.talk import Query, Unclear, clean
from host.decks import QuestionCard
from host.games.short_list.announce import VOICE
from host.games.short_list.events import Answer, Jump, Pass, ShortListEvent
from host.games.short_list.grammar import EN
from host.games.short_list.questions import ShortListQuestions
from host.games.short_list.rules import ShortListGame
from host.games.short_list.talk import ShortListTalk, same_move
from tests.games.short_list.tables import CARDS, GERMANY, card, new_game, random_move

QUESTION_PHRASES = [phrase for phrases in EN.question_phrases.values() for phrase in phrases]
"""Every question as the recognizer is offered it."""
HELP = "Help!"
"""A Beatles song that is also a question for the host."""


def help_card() -> QuestionCard:
    """The shipped card that has "Help!" among its answers."""
    return next(c for c in CARDS if any(e.text == HELP for e in c.answers))


def moves(games: int, *, host_quizmaster: bool = False) -> Iterator[tuple[ShortListGame, Any]]:
    """(game, move) before each move of a few random whole games."""
    for seed in range(games):
        rng = random.Random(seed)
        game = new_game(rng.sample(CARDS, 12), 3 + seed % 6, seed=seed,
                        host_quizmaster=host_quizmaster)
        while not game.over:
            event = random_move(game, rng)
            yield game, event
            game.handle(event)


@pytest.fixture
def game() -> ShortListGame:
    """Four players on the Germany card: Ann is quizmaster, Bob on turn."""
    return new_game()


@pytest.fixture
def talk(game: ShortListGame) -> ShortListTalk:
    return ShortListTalk(game)


# ---------------------------------------------------------------------- the guesser on turn

@pytest.mark.parametrize(("said", "expected"), [
    ("Denmark", Answer("Bob", "Denmark")),
    ("Lisbon", Answer("Bob", "Lisbon")),
    ("is it Denmark?", Answer("Bob", "Denmark")),
    ("I'll say Poland", Answer("Bob", "Poland")),
    ("I think it's Holland", Answer("Bob", "Holland")),
    ("my answer is Austria", Answer("Bob", "Austria")),
    ("Bob: Denmark", Answer("Bob", "Denmark")),
    ("guinea-bissau", Answer("Bob", "guinea-bissau")),
    ("Denmark.", Answer("Bob", "Denmark")),
    ("Atlantis.", Answer("Bob", "Atlantis")),
    ("Is it Lisbon?", Answer("Bob", "Lisbon")),
    ("Pass.", Pass("Bob")),
    ("pass", Pass("Bob")),
    ("I pass", Pass("Bob")),
    ("no idea", Pass("Bob")),
    ("I don't know", Pass("Bob")),
    ("skip", Pass("Bob")),
    ("Bob: pass", Pass("Bob")),
])
def test_the_guesser_on_turn_answers_or_passes(talk: ShortListTalk, said: str,
                                               expected: ShortListEvent) -> None:
    assert talk.parse(said) == expected


def test_a_filler_is_taken_off_once(talk: ShortListTalk) -> None:
    assert talk.parse("my answer is pass") == Answer("Bob", "pass")
    assert talk.parse("my answer is how many left") == Answer("Bob", "how many left")


# ---------------------------------------------------------------------- It's my turn!

@pytest.mark.parametrize("said", [
    "It's my turn, Cat: Poland",
    "it's my turn cat poland",
    "Cat: it's my turn, Poland",
    "Cat, it's my turn: Poland",
    "cat it's my turn poland",
    "my turn, Cat: Poland",
    "Cat: Poland",
    "It's my turn, Cat. Poland.",
    "Cat. It's my turn. Poland.",
    "Cat, it’s my turn: Poland",
])
def test_a_jump_names_the_jumper(talk: ShortListTalk, said: str) -> None:
    heard = talk.parse(said)
    assert isinstance(heard, Jump)
    assert (heard.player, heard.text.lower()) == ("Cat", "poland")


@pytest.mark.parametrize("said", ["Cat, it's my turn", "it's my turn, Cat", "cat it's my turn",
                                  "Cat: my turn", "Cat:"])
def test_a_claim_alone_gives_the_floor(talk: ShortListTalk, said: str) -> None:
    assert talk.parse(said) == Query("claim_turn", "Cat")


def test_after_a_claim_the_answer_is_the_jump(talk: ShortListTalk) -> None:
    assert talk.parse("Poland", speaker="Cat") == Jump("Cat", "Poland")
    assert talk.parse("is it Poland", speaker="Cat") == Jump("Cat", "Poland")
    assert talk.parse("Poland", speaker="Bob") == Answer("Bob", "Poland")


def test_a_claim_by_an_unknown_voice_asks_who_speaks(talk: ShortListTalk) -> None:
    assert talk.parse("it's my turn: Poland") == Unclear("it's my turn: Poland", anonymous=True)
    assert talk.parse("it's my turn: Poland", speaker="Dan") == Jump("Dan", "Poland")
    assert talk.parse("it's my turn", speaker="Dan") == Query("claim_turn", "Dan")


@pytest.mark.parametrize(("said", "jumper", "answer"), [
    ("It's my turn, can't deal with my daughter.", "Cat", "deal with my daughter"),
    ("it's my turn, can't Poland", "Cat", "Poland"),
    ("It's my turn, and Austria.", None, None),  # "and" sounds like Ann, the quizmaster
])
def test_a_claim_whose_name_was_heard_as_a_word_like_it_is_that_jumpers(
        talk: ShortListTalk, said: str, jumper: str | None, answer: str | None) -> None:
    """Whisper writes the Scottish voice's "Cat" as "can't": among those who may jump, only
    Cat sounds like it (Ann is the quizmaster, Bob on turn)."""
    heard = talk.parse(said)
    if jumper is None:
        assert heard == Unclear(said, anonymous=True)
    else:
        assert heard == Jump(jumper, answer or "")


def test_a_pass_out_of_turn_is_the_speakers_and_refused(game: ShortListGame,
                                                        talk: ShortListTalk) -> None:
    assert talk.parse("Cat: pass") == Pass("Cat")
    assert talk.parse("It's my turn, Cat: pass") == Pass("Cat")
    assert _refusal(game, talk.parse("Cat: pass")) == "not_your_turn"


def test_thinking_aloud_costs_no_crystal(talk: ShortListTalk) -> None:
    """A guess off the card puts its guesser out: "hmm, let me think" is none."""
    assert talk.parse("Bob: hmm, let me think") == Unclear("Bob: hmm, let me think", quiet=True)
    assert talk.parse("hang on") == Unclear("hang on", quiet=True)
    # A filler alone is asked again: by voice it may be a short answer misheard.
    assert talk.parse("Dan: um, well, erm") == Unclear("Dan: um, well, erm")


def test_the_guesser_on_turn_claiming_the_turn_is_answering(talk: ShortListTalk) -> None:
    """No card is spent and nothing is lost: the answer is judged as the turn's."""
    assert talk.parse("It's my turn, Bob: Poland") == Answer("Bob", "Poland")
    assert talk.parse("Bob: it's my turn! Poland") == Answer("Bob", "Poland")


@pytest.mark.parametrize(("said", "reason"), [
    ("Ann: Poland", "quizmaster_guesses"),
])
def test_moves_the_rules_refuse(game: ShortListGame, talk: ShortListTalk, said: str,
                                reason: str) -> None:
    assert _refusal(game, talk.parse(said)) == reason


def test_nothing_said_is_unclear(talk: ShortListTalk) -> None:
    assert talk.parse("") == Unclear("")
    assert talk.parse(" ?! ") == Unclear(" ?! ")


def test_a_claim_by_a_stranger_asks_who_they_are(talk: ShortListTalk) -> None:
    assert talk.parse("It's my turn, Eve: Poland") == Query("who_is", None, "Eve")


def test_a_jump_without_a_card_or_out_of_the_round_is_refused(game: ShortListGame,
                                                              talk: ShortListTalk) -> None:
    game.handle(talk.parse("It's my turn, Dan: Poland"))  # Dan's card goes to Bob, who is next
    assert game.expected_player() == "Bob"
    assert _refusal(game, talk.parse("It's my turn, Dan: Austria")) == "no_its_my_turn_card"
    game.handle(talk.parse("pass"))  # Bob is out, Cat on turn
    assert _refusal(game, talk.parse("It's my turn, Bob: Austria")) == "out_of_round"


def _refusal(game: ShortListGame, event: object) -> str | None:
    notes = game.handle(event)
    refused = [n for n in notes if isinstance(n, Note) and n.kind == "refused"]
    return str(refused[0].params["reason"]) if refused else None


# ---------------------------------------------------------------------- questions

@pytest.mark.parametrize(("said", "kind"), [
    ("how many left", "answers_left"),
    ("how many answers left", "answers_left"),
    ("How many answers are left?", "answers_left"),
    ("what was the question", "question"),
    ("repeat the question", "question"),
    ("what's the question?", "question"),
    ("what has been said", "said_so_far"),
    ("what's been said", "said_so_far"),
    ("which answers", "said_so_far"),
    ("score", "score"),
    ("what's the score", "score"),
    ("how many crystals do I have", "score"),  # never judged as an answer, which costs one
    ("How many crystals has Bob got?", "score"),
    ("whose turn", "situation"),
    ("whose turn is it?", "situation"),
    ("repeat", "repeat"),
    ("help", "help"),
    ("rules", "rules"),
    ("pause the game", "pause"),
    ("resume", "resume"),
    ("quit", "quit"),
])
def test_questions_for_the_host(talk: ShortListTalk, said: str, kind: str) -> None:
    assert talk.parse(said) == Query(kind, "Bob")
    named = talk.parse(f"Cat: {said}")
    assert named == Query(kind, "Cat")


def test_every_question_offered_is_heard_as_a_question(talk: ShortListTalk) -> None:
    for phrase in QUESTION_PHRASES:
        assert isinstance(talk.parse(phrase), Query), phrase


def test_a_question_never_eats_a_listed_answer() -> None:
    game = new_game([help_card()])
    talk = ShortListTalk(game)
    assert talk.parse(HELP) == Answer("Bob", HELP)
    assert talk.parse("help") == Answer("Bob", "help")
    assert talk.parse("Bob: help") == Answer("Bob", "help")
    assert talk.parse("It's my turn, Cat: Help!") == Jump("Cat", HELP)
    assert talk.parse("Cat: help") == Query("help", "Cat")  # off turn and no claim: a question


# ---------------------------------------------------------------------- say -> parse

def test_what_a_player_says_is_read_back_to_the_same_move() -> None:
    checked = 0
    for variant in (False, True):
        for game, event in moves(8, host_quizmaster=variant):
            if isinstance(event, TimeUp):
                continue
            talk = ShortListTalk(game)
            said = talk.say(event)
            assert talk.parse(said) == event, said
            if not isinstance(event, Jump):
                assert talk.parse(talk.say(event, prefix=event.player)) == event
            heard = talk.parse(clean(said))  # as a recognizer writes it
            assert isinstance(heard, Answer | Jump | Pass)
            assert same_move(event, [heard], game), said
            checked += 1
    assert checked > 300


@pytest.mark.parametrize("text", ["pass", "how many left", "Cat is here", "is it Lisbon",
                                  "It's my turn", "score"])
def test_an_answer_that_sounds_like_something_else_is_said_plainly(talk: ShortListTalk,
                                                                  text: str) -> None:
    for event in (Answer("Bob", text), Jump("Cat", text)):
        assert talk.parse(talk.say(event)) == event


def test_a_jump_is_said_with_the_claim(talk: ShortListTalk) -> None:
    assert talk.say(Jump("Cat", "Poland")) == "It's my turn, Cat: Poland"
    assert talk.say(Pass("Bob")) == "pass"
    assert talk.say(Answer("Bob", "Poland"), prefix="Bob") == "Bob: Poland"


def test_team_members_speak_for_their_seat() -> None:
    seats = make_seats(teams=[["Ann"], ["Bob", "Zoe"], ["Cat"], ["Dan"]])
    game = new_game(seats=seats)
    talk = ShortListTalk(game)
    assert talk.parse("It's my turn, Dan: Poland") == Jump("Dan", "Poland")
    assert talk.parse("Zoe: Poland") == Answer("Bob and Zoe", "Poland")
    assert "Dan it's my turn" in talk.choices()


# ---------------------------------------------------------------------- choices

def test_choices_hold_every_answer_form_pass_jumps_and_questions(game: ShortListGame,
                                                                 talk: ShortListTalk) -> None:
    phrases = talk.choices()
    assert len(phrases) == len(set(phrases))
    forms = [f for e in card().answers for f in (e.text, *e.aliases)]
    assert set(forms) <= set(phrases)
    assert {"Holland", "The Netherlands", "Czechia", "pass"} <= set(phrases)
    assert set(QUESTION_PHRASES) <= set(phrases)
    for person in ("Cat", "Dan"):
        assert f"{person} it's my turn" in phrases
        assert {f"it's my turn {person} {form}" for form in forms} <= set(phrases)
    assert not [p for p in phrases if "Ann" in p or "Bob" in p]  # the quizmaster, the guesser


def test_choices_keep_found_answers_a_repeat_is_a_move(game: ShortListGame,
                                                       talk: ShortListTalk) -> None:
    game.handle(Answer("Bob", "Holland"))
    assert "Holland" in talk.choices()
    assert "Netherlands" in talk.choices()


def test_choices_drop_jumps_of_guessers_out_or_without_a_card(game: ShortListGame,
                                                              talk: ShortListTalk) -> None:
    game.handle(Jump("Dan", "Poland"))  # Dan's card goes to Bob; Ann is quizmaster, so Bob next
    phrases = talk.choices()
    assert "Dan it's my turn" not in phrases
    assert game.expected_player() == "Bob"
    game.handle(Pass("Bob"))  # Bob is out, Cat on turn
    phrases = talk.choices()
    assert "Bob it's my turn" not in phrases and "Cat it's my turn" not in phrases


def test_choices_in_the_host_quizmaster_variant_offer_every_guesser() -> None:
    game = new_game(host_quizmaster=True)
    talk = ShortListTalk(game)
    on_turn = game.expected_player()
    others = [seat.name for seat in game.seats if seat.name != on_turn]
    assert all(f"{name} it's my turn" in talk.choices() for name in others)


def test_once_the_game_is_over_only_questions_are_offered() -> None:
    game = new_game(players=7)  # 7 rounds
    while not game.over:
        game.handle(Pass(game.seats[game.guesser].name))
    talk = ShortListTalk(game)
    assert talk.choices() == QUESTION_PHRASES
    assert isinstance(talk.parse("score"), Query)
    assert not talk.offers().open  # nobody may guess any more


def test_the_talk_takes_answers_outside_the_choices_as_surely_as_a_repeat(
        talk: ShortListTalk) -> None:
    """A guess off the card costs its guesser the round: misheard, it would cost them too."""
    assert talk.offers().open
    assert talk.offers().open_stakes is Stakes.COSTLY


# ---------------------------------------------------------------------- same_move

def test_same_move_takes_an_alias_or_the_same_words(game: ShortListGame) -> None:
    assert same_move(Answer("Bob", "Holland"), [Answer("Bob", "the netherlands")], game)
    assert same_move(Answer("Bob", "Czech Republic"), [Answer("Bob", "czechia")], game)
    assert same_move(Answer("Bob", "Lisbon"), [Answer("Bob", "lisbon")], game)
    assert same_move(Jump("Cat", "Poland"), [Jump("Cat", "poland")], game)
    assert same_move(Pass("Bob"), [Pass("Bob")], game)


def test_a_guess_off_the_card_heard_as_other_words_off_it_is_the_same_move(
        game: ShortListGame) -> None:
    """The ruling, the crystal and the turn are the same: the demo counts it apart."""
    assert same_move(Answer("Bob", "Lisbon"), [Answer("Bob", "Madrid")], game)


def test_same_move_refuses_another_player_answer_or_move(game: ShortListGame) -> None:
    assert not same_move(Answer("Bob", "Holland"), [Answer("Bob", "Poland")], game)
    assert not same_move(Answer("Bob", "Poland"), [Answer("Bob", "Madrid")], game)
    assert not same_move(Answer("Bob", "Madrid"), [Answer("Bob", "Poland")], game)
    assert not same_move(Answer("Bob", "Holland"), [Answer("Cat", "Holland")], game)
    assert not same_move(Jump("Cat", "Poland"), [Answer("Cat", "Poland")], game)
    assert not same_move(Pass("Bob"), [Answer("Bob", "pass")], game)
    assert not same_move(Answer("Bob", "Poland"), [], game)


def test_same_move_judges_on_the_card_just_turned() -> None:
    """The move that ends a round puts its card under the pile: it is still the card meant."""
    games = (new_game([card(), card("sl-en-002")], players=3, seed=seed) for seed in range(9))
    game = next(g for g in games if g.card is not None and g.card.id == GERMANY)
    game.handle(Pass("Bob"))  # a winner crystal back: six to win, all by Cat
    for answer in ("Denmark", "Poland", "Austria", "Switzerland", "France", "Holland"):
        game.handle(Answer("Cat", answer))  # the last one takes the last crystal
    assert game.card is not None and game.card.id != GERMANY
    assert same_move(Answer("Cat", "Holland"), [Answer("Cat", "Netherlands")], game)


# ---------------------------------------------------------------------- in a session

def test_a_claim_then_the_answer_jumps_in_through_the_session() -> None:
    game = new_game()
    heard: list[object] = []
    session = Session(game, ShortListTalk(game), ShortListQuestions(game),
                      Phrasebook(game=VOICE, rng=random.Random(0)), FakeClock(),
                      on_event=lambda event, notes: heard.append(event))
    assert [line.kind for line in session.hear_words("Dan, it's my turn")] == ["go_ahead"]
    lines = session.hear_words("Poland")
    assert heard == [Jump("Dan", "Poland")]
    assert [line.kind for line in lines][:2] == ["jump", "answer_right"]
    assert session.hear_words("how many left")[0].kind == "answers_left"
    assert session.hear_words("Help")[0].kind == "help"  # not on the Germany card: a question
