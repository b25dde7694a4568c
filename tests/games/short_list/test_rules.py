"""Short List rules, driven through game events (rule numbers follow issue 12's rule table)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from host.core.events import ArmTimer, Note, Said, TimeUp, make_seats
from host.core.phrasebook import Phrasebook
from host.decks import QuestionCard, load_game_decks
from host.games.short_list.announce import VOICE
from host.games.short_list.config import ShortListConfig
from host.games.short_list.events import Answer, Jump, Pass
from host.games.short_list.notes import NoteKind, Refusal
from host.games.short_list.rules import ShortListGame, State
from host.judge import Judge

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
GERMANY = "sl-en-001"
"""Name a country that shares a land border with Germany: 9 answers, Netherlands | Holland."""


@pytest.fixture(scope="module")
def questions() -> list[QuestionCard]:
    """The shipped English question cards."""
    return [card for deck in load_game_decks("short-list") for card in deck.questions]


class Table:
    """A started game, and the notes of the last event."""

    def __init__(self, game: ShortListGame) -> None:
        self.game = game
        self.notes: list[Said] = game.start()

    def __call__(self, event: Any) -> list[Said]:
        self.notes = self.game.handle(event)
        return self.notes

    def kinds(self) -> list[str]:
        return [note.kind for note in self.notes]

    def note(self, kind: str) -> Any:
        return next(note for note in self.notes if note.kind == kind)

    def refusal(self) -> str:
        note = self.note("refused")
        assert isinstance(note, Note)
        return str(note.params["reason"])

    def seat(self, name: str) -> int:
        return self.game.seat_index(name)

    def blue(self, name: str) -> int:
        return self.game.blue[self.seat(name)]


def make_game(judge: Judge, cards: list[QuestionCard], players: int = 4, *, first: int = 0,
              seed: int = 1) -> ShortListGame:
    config = ShortListConfig(make_seats(NAMES[:players]), first=first)
    return ShortListGame(config, cards, judge, random.Random(seed))


@pytest.fixture
def germany(judge: Judge, questions: list[QuestionCard]) -> Table:
    """Four players, Ann the first quizmaster, every question the Germany card."""
    card = next(card for card in questions if card.id == GERMANY)
    return Table(make_game(judge, [card]))


def conserved(t: Table) -> None:
    assert t.game.crystals_in_play() == (50, 15)
    assert sum(t.game.its_my_turn) + t.game.cards_in_box == 8


# 1. Set-up --------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 9))
def test_set_up_gives_each_player_a_card_and_three_blue_crystals(
        judge: Judge, questions: list[QuestionCard], players: int) -> None:
    game = make_game(judge, questions, players)
    assert game.its_my_turn == [1] * players
    assert game.cards_in_box == 8 - players
    assert game.blue == [3] * players
    assert game.orange == [0] * players
    assert (game.stock_blue, game.stock_orange) == (50 - 3 * players, 15)
    assert game.crystals_in_play() == (50, 15)


@pytest.mark.parametrize("players", [2, 9])
def test_set_up_refuses_fewer_than_three_or_more_than_eight(
        judge: Judge, questions: list[QuestionCard], players: int) -> None:
    with pytest.raises(ValueError, match="3 to 8 players"):
        make_game(judge, questions, players)


def test_set_up_shuffles_the_question_cards_with_the_injected_random(
        judge: Judge, questions: list[QuestionCard]) -> None:
    one, same, other = (make_game(judge, questions, seed=s).pile for s in (5, 5, 6))
    assert one == same
    assert one != other
    assert one != questions
    assert sorted(card.id for card in one) == sorted(card.id for card in questions)


def test_set_up_refuses_duplicate_names_and_an_empty_deck(
        judge: Judge, questions: list[QuestionCard]) -> None:
    with pytest.raises(ValueError, match="different name"):
        ShortListGame(ShortListConfig(make_seats(["Ann", "Bob", "ann"])), questions, judge,
                      random.Random(0))
    with pytest.raises(ValueError, match="empty"):
        make_game(judge, [])


# 2. The quizmaster seat and the number of question rounds ---------------------------------------


@pytest.mark.parametrize(("players", "times"), [(3, 3), (4, 3), (5, 2), (6, 2), (7, 1), (8, 1)])
def test_each_player_is_quizmaster_as_often_as_the_table_size_says(
        judge: Judge, questions: list[QuestionCard], players: int, times: int) -> None:
    t = Table(make_game(judge, questions, players, first=1))
    assert t.game.config.rounds == players * times
    quizmasters = [t.note(NoteKind.QUESTION).params["quizmaster"]]
    while not t.game.over:
        t(Pass(t.game.expected_player() or ""))
        conserved(t)
        quizmasters += [n.params["quizmaster"] for n in t.notes if n.kind == NoteKind.QUESTION]
    names = NAMES[:players]
    clockwise = names[1:] + names[:1]
    assert quizmasters == clockwise * times
    assert t.game.state is State.OVER
    assert NoteKind.GAME_OVER in t.kinds()
    assert t.game.round_no == players * times


def test_the_first_quizmaster_is_the_chosen_youngest(judge: Judge,
                                                      questions: list[QuestionCard]) -> None:
    t = Table(make_game(judge, questions, 5, first=3))
    assert t.note(NoteKind.GAME_STARTED).params["quizmaster"] == "Dan"
    assert t.note(NoteKind.QUESTION).params["quizmaster"] == "Dan"
    assert t.game.quizmaster == 3


def test_a_game_over_refuses_more_guesses(germany: Table) -> None:
    while not germany.game.over:
        germany(Pass(germany.game.expected_player() or ""))
    germany(Pass("Bob"))
    assert germany.refusal() == Refusal.GAME_OVER


# 3. A question round ----------------------------------------------------------------------------


def test_a_question_round_sets_seven_winner_crystals_aside_and_reads_the_question(
        germany: Table) -> None:
    question = germany.note(NoteKind.QUESTION)
    assert question.params["question"].startswith("Name a country that shares a land border")
    assert question.params["answers"] == 9
    assert question.params["crystals"] == 7
    assert question.params["round"] == 1
    assert question.params["rounds"] == 12
    assert germany.game.winner_crystals == 7
    assert germany.game.stock_blue == 50 - 12 - 7
    conserved(germany)


def test_the_top_card_is_read_and_goes_under_the_pile(judge: Judge,
                                                      questions: list[QuestionCard]) -> None:
    t = Table(make_game(judge, questions, 3))
    pile = [*t.game.pile]
    first = t.game.card
    assert first is not None
    assert t.note(NoteKind.QUESTION).params["question"] == first.question
    for name in ("Bob", "Cat"):
        t(Pass(name))
    assert t.game.pile[-1] is first
    assert t.game.card is pile[0]
    assert t.note(NoteKind.QUESTION).params["question"] == pile[0].question


# 4. Guessers in turn from the quizmaster's left -------------------------------------------------


def test_the_quizmasters_left_neighbour_guesses_first_with_a_timer(germany: Table) -> None:
    assert germany.game.expected_player() == "Bob"
    assert germany.note(NoteKind.TURN).params["player"] == "Bob"
    timer = germany.note("timer")
    assert isinstance(timer, ArmTimer)
    assert timer.name == "guess"
    assert timer.seconds == 30.0


def test_only_the_guesser_on_turn_may_answer_or_pass(germany: Table) -> None:
    germany(Answer("Cat", "Denmark"))
    assert germany.refusal() == Refusal.NOT_YOUR_TURN
    germany(Pass("Ann"))
    assert germany.refusal() == Refusal.QUIZMASTER_GUESSES
    germany(Answer("Zed", "Denmark"))
    assert germany.refusal() == Refusal.UNKNOWN_PLAYER
    assert germany.game.winner_crystals == 7
    assert germany.game.expected_player() == "Bob"


def test_time_up_counts_as_a_pass_and_a_stale_timer_is_refused(germany: Table) -> None:
    old = germany.game.timer_token
    germany(TimeUp(old))
    assert germany.kinds()[:2] == [NoteKind.TIMEOUT, NoteKind.CRYSTAL_RETURNED]
    assert germany.game.expected_player() == "Cat"
    germany(TimeUp(old))
    assert germany.refusal() == Refusal.STALE_TIMER
    conserved(germany)


# 5. A right answer ------------------------------------------------------------------------------


def test_a_right_answer_earns_a_winner_crystal_and_play_moves_left(germany: Table) -> None:
    germany(Answer("Bob", "Denmark"))
    right = germany.note(NoteKind.ANSWER_RIGHT)
    assert right.params == {"player": "Bob", "answer": "Denmark", "found": 1, "left": 6}
    assert germany.blue("Bob") == 4
    assert germany.game.winner_crystals == 6
    assert germany.game.expected_player() == "Cat"
    germany(Answer("Cat", "holland"))
    assert germany.note(NoteKind.ANSWER_RIGHT).params["answer"] == "Netherlands"
    germany(Answer("Dan", "Poland"))
    assert germany.game.expected_player() == "Bob"  # round the table, past the quizmaster
    conserved(germany)


def test_seven_answers_found_end_the_round_and_the_quizmaster_gets_nothing(
        germany: Table) -> None:
    guesses = ["Denmark", "Poland", "Austria", "France", "Belgium", "Czechia", "Luxembourg"]
    for i, guess in enumerate(guesses):
        germany(Answer(["Bob", "Cat", "Dan"][i % 3], guess))
    assert NoteKind.ROUND_SEVEN_FOUND in germany.kinds()
    assert germany.blue("Ann") == 3
    assert [germany.blue(n) for n in ("Bob", "Cat", "Dan")] == [6, 5, 5]
    question = germany.note(NoteKind.QUESTION)
    assert question.params["quizmaster"] == "Bob"
    assert germany.game.expected_player() == "Cat"
    conserved(germany)


# 6. A wrong answer or a repeat ------------------------------------------------------------------


def test_a_wrong_answer_pays_the_quizmaster_a_crystal_and_puts_the_guesser_out(
        germany: Table) -> None:
    germany(Answer("Bob", "Spain"))
    assert germany.kinds()[:2] == [NoteKind.ANSWER_WRONG, NoteKind.CRYSTAL_TO_QUIZMASTER]
    assert germany.note(NoteKind.CRYSTAL_TO_QUIZMASTER).params == {"player": "Bob",
                                                                    "quizmaster": "Ann"}
    assert (germany.blue("Bob"), germany.blue("Ann")) == (2, 4)
    assert germany.game.winner_crystals == 7
    germany(Answer("Cat", "Denmark"))
    germany(Answer("Dan", "Poland"))
    assert germany.game.expected_player() == "Cat"  # Bob is out of the round
    germany(Answer("Bob", "Austria"))
    assert germany.refusal() == Refusal.OUT_OF_ROUND
    conserved(germany)


def test_a_repeat_is_wrong(germany: Table) -> None:
    germany(Answer("Bob", "Netherlands"))
    germany(Answer("Cat", "Holland"))
    assert germany.kinds()[:2] == [NoteKind.ANSWER_REPEAT, NoteKind.CRYSTAL_TO_QUIZMASTER]
    assert germany.note(NoteKind.ANSWER_REPEAT).params["answer"] == "Netherlands"
    assert germany.blue("Cat") == 2
    assert germany.game.expected_player() == "Dan"
    conserved(germany)


def test_a_wrong_guesser_without_crystals_costs_the_stockpile_one(germany: Table) -> None:
    germany.game.stock_blue += germany.game.blue[1]  # Bob has lost his crystals
    germany.game.blue[1] = 0
    stock = germany.game.stock_blue
    germany(Answer("Bob", "Spain"))
    assert germany.kinds()[:2] == [NoteKind.ANSWER_WRONG, NoteKind.CRYSTAL_FROM_STOCK]
    assert (germany.blue("Bob"), germany.blue("Ann")) == (0, 4)
    assert germany.game.stock_blue == stock - 1
    conserved(germany)


def test_every_guesser_out_the_quizmaster_takes_the_winner_crystals_left(
        germany: Table) -> None:
    germany(Answer("Bob", "Denmark"))
    germany(Answer("Cat", "Spain"))
    germany(Answer("Dan", "Italy"))
    germany(Answer("Bob", "Sweden"))
    takes = germany.note(NoteKind.ROUND_QUIZMASTER_TAKES)
    assert takes.params == {"quizmaster": "Ann", "crystals": 6}
    assert germany.blue("Ann") == 3 + 3 + 6
    assert germany.game.quizmaster == 1
    conserved(germany)


# 7. A pass --------------------------------------------------------------------------------------


def test_a_pass_puts_the_guesser_out_and_a_winner_crystal_goes_back(germany: Table) -> None:
    stock = germany.game.stock_blue
    germany(Pass("Bob"))
    assert germany.kinds()[:2] == [NoteKind.PASS, NoteKind.CRYSTAL_RETURNED]
    assert germany.game.winner_crystals == 6
    assert germany.game.stock_blue == stock + 1
    assert germany.blue("Bob") == 3
    germany(Answer("Cat", "Denmark"))
    germany(Answer("Dan", "Poland"))
    assert germany.game.expected_player() == "Cat"
    conserved(germany)


def test_no_winner_crystal_left_ends_the_round_and_the_quizmaster_gets_nothing(
        judge: Judge, questions: list[QuestionCard]) -> None:
    card = next(card for card in questions if card.id == GERMANY)
    t = Table(make_game(judge, [card], 8))
    guesses = ["Denmark", "Poland", "Austria", "France"]
    for name, guess in zip(NAMES[1:5], guesses, strict=True):
        t(Answer(name, guess))
    t(Pass("Fay"))
    t(Pass("Gus"))
    assert NoteKind.ROUND_NO_CRYSTALS not in t.kinds()
    t(Pass("Hal"))
    assert NoteKind.ROUND_NO_CRYSTALS in t.kinds()
    assert t.blue("Ann") == 3
    assert t.game.quizmaster == 1
    conserved(t)


# 8. "It's my turn!" -----------------------------------------------------------------------------


def test_a_jump_answers_for_the_guesser_on_turn_who_takes_the_card(germany: Table) -> None:
    germany(Jump("Dan", "Denmark"))
    assert germany.kinds()[:2] == [NoteKind.JUMP, NoteKind.ANSWER_RIGHT]
    assert germany.note(NoteKind.JUMP).params == {"player": "Dan", "over": "Bob"}
    assert germany.note(NoteKind.ANSWER_RIGHT).params["player"] == "Dan"
    assert germany.blue("Dan") == 4
    assert germany.game.its_my_turn == [1, 2, 1, 0]
    assert germany.game.expected_player() == "Bob"  # the jumper's left neighbour, Ann skipped
    germany(Jump("Dan", "Poland"))
    assert germany.refusal() == Refusal.NO_ITS_MY_TURN_CARD
    conserved(germany)


def test_several_jumps_in_a_row_and_the_card_used_again_later(germany: Table) -> None:
    germany(Jump("Cat", "Denmark"))  # over Bob
    assert germany.game.expected_player() == "Dan"
    germany(Jump("Bob", "Poland"))  # over Dan, with his own card
    assert germany.game.expected_player() == "Cat"
    germany(Jump("Bob", "Austria"))  # over Cat, with the card Cat gave him
    assert germany.game.its_my_turn == [1, 0, 1, 2]
    assert germany.blue("Bob") == 5
    assert germany.game.expected_player() == "Cat"
    conserved(germany)


def test_a_wrong_jump_costs_a_crystal_and_puts_the_jumper_out(germany: Table) -> None:
    germany(Jump("Cat", "Spain"))
    assert germany.kinds()[:3] == [NoteKind.JUMP, NoteKind.ANSWER_WRONG,
                                   NoteKind.CRYSTAL_TO_QUIZMASTER]
    assert (germany.blue("Cat"), germany.blue("Ann")) == (2, 4)
    assert germany.game.its_my_turn == [1, 2, 0, 1]
    assert germany.game.expected_player() == "Dan"
    germany(Jump("Cat", "Poland"))
    assert germany.refusal() == Refusal.OUT_OF_ROUND
    conserved(germany)


def test_a_jump_is_refused_to_the_quizmaster_and_the_guesser_on_turn(germany: Table) -> None:
    germany(Jump("Ann", "Denmark"))
    assert germany.refusal() == Refusal.QUIZMASTER_GUESSES
    germany(Jump("Bob", "Denmark"))
    assert germany.refusal() == Refusal.JUMP_ON_OWN_TURN
    assert germany.game.its_my_turn == [1, 1, 1, 1]
    assert germany.game.winner_crystals == 7


# 10. Five blue for one orange -------------------------------------------------------------------


def test_a_stockpile_short_of_blue_exchanges_five_for_an_orange(
        judge: Judge, questions: list[QuestionCard]) -> None:
    card = next(card for card in questions if card.id == GERMANY)
    t = Table(make_game(judge, [card], 8))
    t.game.blue[1] += t.game.stock_blue - 3  # Bob is rich, the stockpile down to 3 blue
    t.game.stock_blue = 3
    points = t.game.points()
    for name in NAMES[1:8]:
        t(Answer(name, "Spain"))  # every guesser wrong: Ann takes the seven winner crystals
    assert NoteKind.ROUND_QUIZMASTER_TAKES in t.kinds()
    exchange = t.note(NoteKind.EXCHANGE_ORANGE)
    assert exchange.params == {"exchanges": {"Bob": 1}}  # the richest: 3 + 16 - 1 (Ann: 17)
    assert t.kinds().index(NoteKind.EXCHANGE_ORANGE) < t.kinds().index(NoteKind.QUESTION)
    assert (t.game.blue[1], t.game.orange[1]) == (13, 1)
    assert t.game.points()["Bob"] == 18
    assert t.game.winner_crystals == 7
    assert t.game.stock_blue == 1
    assert t.game.stock_orange == 14
    assert sum(t.game.points().values()) == sum(points.values()) + 7  # the winner crystals
    conserved(t)


def test_the_exchanges_a_round_needs_are_announced_once_in_one_line(
        judge: Judge, questions: list[QuestionCard]) -> None:
    card = next(card for card in questions if card.id == GERMANY)
    t = Table(make_game(judge, [card], 8))
    t.game.blue[1] += t.game.stock_blue  # Bob is rich, the stockpile empty
    t.game.stock_blue = 0
    for name in NAMES[1:8]:
        t(Answer(name, "Spain"))  # Ann: 3 + 7 + 7; Bob: 3 + 19 - 1
    assert t.kinds().count(NoteKind.EXCHANGE_ORANGE) == 1
    exchange = t.note(NoteKind.EXCHANGE_ORANGE)
    assert exchange.params == {"exchanges": {"Bob": 1, "Ann": 1}}  # Bob 21 -> 16, Ann 17
    line = Phrasebook(game=VOICE, rng=random.Random(0)).render(exchange)
    assert line is not None and line.count("Bob") == line.count("Ann") == 1
    assert "Bob swaps five blue crystals for an orange one, and so does Ann" in line
    conserved(t)


def test_a_guesser_with_only_orange_breaks_one_to_pay(germany: Table) -> None:
    game = germany.game
    game.blue[1], game.orange[1] = 0, 1  # Bob has one orange and no blue
    game.stock_blue += 3
    game.stock_orange -= 1
    germany(Answer("Bob", "Spain"))
    assert germany.kinds()[:3] == [NoteKind.ANSWER_WRONG, NoteKind.BREAK_ORANGE,
                                   NoteKind.CRYSTAL_TO_QUIZMASTER]
    assert (game.blue[1], game.orange[1]) == (4, 0)
    assert game.points()["Bob"] == 4
    assert game.blue[0] == 4
    conserved(germany)


def test_orange_is_worth_five_points(germany: Table) -> None:
    germany.game.orange[2] = 2
    germany.game.stock_orange -= 2
    assert germany.game.points() == {"Ann": 3, "Bob": 3, "Cat": 13, "Dan": 3}


# 11. The end: most points, then most "It's my turn" cards, else shared -------------------------


def last_pass(judge: Judge, questions: list[QuestionCard]) -> Table:
    """Three players who only pass, down to the last guess of the last round (all would end on
    18 points: 3, and 5 winner crystals left to each of their 3 rounds as quizmaster)."""
    t = Table(make_game(judge, questions, 3))
    while not (t.game.round_no == t.game.config.rounds and t.game.out):
        t(Pass(t.game.expected_player() or ""))
    return t


def test_the_most_points_win(judge: Judge, questions: list[QuestionCard]) -> None:
    t = last_pass(judge, questions)
    t.game.blue[0] += 1
    t.game.stock_blue -= 1
    t(Pass(t.game.expected_player() or ""))
    assert t.note(NoteKind.GAME_OVER).params["points"] == {"Ann": 19, "Bob": 18, "Cat": 18}
    assert t.note(NoteKind.GAME_WON).params == {"player": "Ann", "points": 19}
    assert t.game.winners == (0,)
    assert t.game.over


def test_a_tie_goes_to_the_most_its_my_turn_cards(judge: Judge,
                                                   questions: list[QuestionCard]) -> None:
    t = last_pass(judge, questions)
    t.game.its_my_turn = [0, 2, 1]
    t(Pass(t.game.expected_player() or ""))
    broken = t.note(NoteKind.TIE_BROKEN_BY_CARDS)
    assert broken.params == {"player": "Bob", "points": 18, "cards": 2,
                             "tied": ["Ann", "Bob", "Cat"]}
    assert t.game.winners == (1,)


def test_still_tied_the_victory_is_shared(judge: Judge, questions: list[QuestionCard]) -> None:
    t = last_pass(judge, questions)
    t.game.blue[0] += 1
    t.game.blue[2] += 1
    t.game.stock_blue -= 2
    t(Pass(t.game.expected_player() or ""))
    shared = t.note(NoteKind.GAME_SHARED)
    assert shared.params == {"players": ["Ann", "Cat"], "points": 19, "cards": 1}
    assert t.game.winners == (0, 2)
    conserved(t)


# The flow table, and whole games of random moves ------------------------------------------------


def test_every_callback_the_flow_names_is_a_method_of_the_game() -> None:
    from host.games.short_list.flow import TRANSITIONS

    names: set[str] = set()
    for row in TRANSITIONS:
        for key in ("prepare", "conditions", "after", "before"):
            value = row.get(key)
            if value is not None:
                names.update([value] if isinstance(value, str) else value)
    assert names
    assert all(callable(getattr(ShortListGame, name, None)) for name in names)


@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_crystals_and_cards_and_end(judge: Judge, questions: list[QuestionCard],
                                                     seed: int) -> None:
    rng = random.Random(seed)
    players = 3 + seed % 6
    t = Table(make_game(judge, questions, players, first=seed % players, seed=seed))
    kinds = set(NoteKind)
    steps = 0
    while not t.game.over:
        steps += 1
        assert steps < 2000
        game = t.game
        guesser = game.expected_player() or ""
        card = game.card
        assert card is not None
        answers = [entry.text for entry in card.answers]
        roll = rng.random()
        jumpers = [game.seats[i].name for i in range(players)
                   if i not in game.out and i not in (game.quizmaster, game.guesser)
                   and game.its_my_turn[i] > 0]
        if roll < 0.15 and jumpers:
            event: Any = Jump(rng.choice(jumpers), rng.choice([*answers, "Atlantis"]))
        elif roll < 0.3:
            event = Pass(guesser)
        elif roll < 0.35:
            event = TimeUp(game.timer_token)
        elif roll < 0.5:
            event = Answer(guesser, "Atlantis")
        else:
            event = Answer(guesser, rng.choice(answers))
        t(event)
        assert "refused" not in t.kinds(), t.notes
        assert all(note.kind in kinds or note.kind == "timer" for note in t.notes)
        conserved(t)
        assert min(game.blue) >= 0 and min(game.orange) >= 0 and game.stock_blue >= 0
        assert 0 <= game.winner_crystals <= 7
        if not game.over:
            assert game.guesser != game.quizmaster and game.guesser not in game.out
    assert t.game.round_no == t.game.config.rounds
    assert t.game.winners


# The answers nobody found --------------------------------------------------------------------


def test_the_answers_nobody_found_are_read_after_the_round_is_settled(germany: Table) -> None:
    germany(Answer("Bob", "Denmark"))
    germany(Answer("Cat", "holland"))
    germany(Answer("Dan", "Spain"))
    germany(Answer("Bob", "Italy"))
    germany(Pass("Cat"))
    kinds = germany.kinds()
    assert kinds.index(NoteKind.ROUND_QUIZMASTER_TAKES) < kinds.index(NoteKind.UNFOUND_ANSWERS)
    assert kinds.index(NoteKind.UNFOUND_ANSWERS) < kinds.index(NoteKind.QUESTION)
    unfound = germany.note(NoteKind.UNFOUND_ANSWERS)
    assert unfound.params == {
        "answers": ["Poland", "Czech Republic", "Austria", "Switzerland", "France",
                    "Luxembourg", "Belgium"],
        "question": "Name a country that shares a land border with Germany.",
    }


def test_no_unfound_note_when_every_answer_was_found(judge: Judge,
                                                     questions: list[QuestionCard]) -> None:
    card = next(card for card in questions if len(card.answers) == 7)
    t = Table(make_game(judge, [card], 3))
    for i, entry in enumerate(card.answers):
        t(Answer(["Bob", "Cat"][i % 2], entry.text))
    assert NoteKind.ROUND_SEVEN_FOUND in t.kinds()
    assert NoteKind.UNFOUND_ANSWERS not in t.kinds()


# The stockpile running dry (the host's rule) -------------------------------------------------


def dry_stockpile(t: Table, left: int) -> None:
    """Ann (the quizmaster) holds every orange and all but `left` of the stockpile's blue."""
    game = t.game
    game.orange[0], game.stock_orange = game.stock_orange, 0
    game.blue[0] += game.stock_blue - left
    game.stock_blue = left
    conserved(t)


def test_a_short_stockpile_plays_the_round_with_what_it_gives(germany: Table) -> None:
    dry_stockpile(germany, 3)
    for name in ("Bob", "Cat", "Dan"):
        germany(Answer(name, "Spain"))
    assert germany.note(NoteKind.QUESTION).params["crystals"] == 3
    assert germany.game.winner_crystals == 3
    germany(Answer("Cat", "Denmark"))
    germany(Answer("Dan", "Poland"))
    germany(Answer("Ann", "Austria"))
    assert NoteKind.ROUND_NO_CRYSTALS in germany.kinds()
    conserved(germany)


def test_a_stockpile_that_gives_no_crystal_ends_the_game_early(germany: Table) -> None:
    dry_stockpile(germany, 0)
    for name in ("Bob", "Cat", "Dan"):
        germany(Answer(name, "Spain"))
    kinds = germany.kinds()
    assert NoteKind.QUESTION not in kinds
    assert kinds[-3:] == [NoteKind.STOCK_DRY, NoteKind.GAME_OVER, NoteKind.GAME_WON]
    assert germany.note(NoteKind.STOCK_DRY).params == {"round": 1, "rounds": 12}
    assert germany.game.over and germany.game.winners == (0,)
    germany(Pass("Bob"))
    assert germany.refusal() == Refusal.GAME_OVER
    conserved(germany)


# The host as permanent quizmaster (the variant) ----------------------------------------------


def host_game(judge: Judge, cards: list[QuestionCard], players: int = 4, *, first: int = 0,
              rounds: int | None = None) -> Table:
    config = ShortListConfig(make_seats(NAMES[:players]), first=first, host_quizmaster=True,
                             host_rounds=rounds)
    return Table(ShortListGame(config, cards, judge, random.Random(1)))


@pytest.fixture
def hosted(judge: Judge, questions: list[QuestionCard]) -> Table:
    """Four players guessing, the host the quizmaster, every question the Germany card."""
    card = next(card for card in questions if card.id == GERMANY)
    return host_game(judge, [card])


def turns(t: Table) -> list[str]:
    return [note.params["player"] for note in t.notes if note.kind == NoteKind.TURN]


def test_with_the_host_as_quizmaster_everyone_guesses_and_the_opening_turn_rotates(
        judge: Judge, questions: list[QuestionCard]) -> None:
    t = host_game(judge, questions, first=2)
    assert t.game.quizmaster is None
    assert t.note(NoteKind.GAME_STARTED).params["quizmaster"] is None
    assert t.note(NoteKind.GAME_STARTED).params["times"] is None
    assert t.note(NoteKind.QUESTION).params["quizmaster"] is None
    assert t.game.config.rounds == 12  # as the rulebook's game for four
    openers, order = [turns(t)[0]], []
    while not t.game.over:
        t(Pass(t.game.expected_player() or ""))
        order += turns(t)
        if NoteKind.QUESTION in t.kinds():
            openers.append(turns(t)[-1])
    assert openers == ["Cat", "Dan", "Ann", "Bob"] * 3
    assert order[:3] == ["Dan", "Ann", "Bob"]  # every player guesses, round the table
    assert t.game.round_no == 12
    assert t.game.points() == dict.fromkeys(NAMES[:4], 3)  # what is left goes to the host
    assert t.game.host_blue > 0
    conserved(t)


def test_the_host_rounds_option_sets_the_length_of_the_variant(
        judge: Judge, questions: list[QuestionCard]) -> None:
    t = host_game(judge, questions, 3, rounds=2)
    assert t.note(NoteKind.QUESTION).params["rounds"] == 2
    while not t.game.over:
        t(Pass(t.game.expected_player() or ""))
    assert t.game.round_no == 2
    with pytest.raises(ValueError, match="at least one round"):
        host_game(judge, questions, rounds=0)


def test_a_wrong_guess_pays_the_hosts_own_pile(hosted: Table) -> None:
    hosted(Answer("Ann", "Spain"))
    assert hosted.kinds()[:2] == [NoteKind.ANSWER_WRONG, NoteKind.CRYSTAL_TO_QUIZMASTER]
    assert hosted.note(NoteKind.CRYSTAL_TO_QUIZMASTER).params == {"player": "Ann",
                                                                   "quizmaster": None}
    assert hosted.blue("Ann") == 2 and hosted.game.host_blue == 1
    hosted.game.stock_blue += hosted.game.blue[1]
    hosted.game.blue[1] = 0
    hosted(Answer("Bob", "Italy"))  # Bob has nothing: the host takes one from the stockpile
    assert NoteKind.CRYSTAL_FROM_STOCK in hosted.kinds()
    assert hosted.game.host_blue == 2
    conserved(hosted)


def test_every_guesser_out_the_host_takes_the_winner_crystals_for_nobody(hosted: Table) -> None:
    hosted(Answer("Ann", "Denmark"))
    hosted(Jump("Cat", "Poland"))  # over Bob: anyone may jump, there is no quizmaster seat
    assert hosted.game.expected_player() == "Dan"
    for name in ("Dan", "Ann", "Bob", "Cat"):
        hosted(Answer(name, "Spain"))
    takes = hosted.note(NoteKind.ROUND_QUIZMASTER_TAKES)
    assert takes.params == {"quizmaster": None, "crystals": 5}
    assert hosted.game.host_blue == 4 + 5
    assert hosted.game.points() == {"Ann": 3, "Bob": 2, "Cat": 3, "Dan": 2}
    assert hosted.game.expected_player() == "Bob"  # round 2 opens one seat on
    conserved(hosted)


def test_the_variant_ends_as_the_rulebook_among_the_players_only(
        judge: Judge, questions: list[QuestionCard]) -> None:
    t = host_game(judge, questions, 3, rounds=1)
    t.game.its_my_turn = [1, 2, 0]
    t(Answer("Ann", "Atlantis"))
    t(Answer("Bob", "Atlantis"))
    t(Answer("Cat", "Atlantis"))  # everyone on 2 points; the host's pile on 3 + 7
    assert t.game.host_blue == 10
    assert t.note(NoteKind.GAME_OVER).params["points"] == {"Ann": 2, "Bob": 2, "Cat": 2}
    assert t.note(NoteKind.TIE_BROKEN_BY_CARDS).params == {
        "player": "Bob", "points": 2, "cards": 2, "tied": ["Ann", "Bob", "Cat"]}
    assert t.game.winners == (1,)


def test_the_hosts_pile_goes_back_into_a_stockpile_run_short(hosted: Table) -> None:
    game = hosted.game
    game.host_blue, game.stock_blue = game.stock_blue - 2, 2
    for name in ("Ann", "Bob", "Cat", "Dan"):
        hosted(Answer(name, "Spain"))  # the host's pile: 29 + 4 + the 7 winner crystals
    returned = hosted.note(NoteKind.HOST_PILE_RETURNED)
    assert returned.params == {"crystals": 40}
    kinds = hosted.kinds()
    assert kinds.index(NoteKind.HOST_PILE_RETURNED) < kinds.index(NoteKind.QUESTION)
    assert NoteKind.EXCHANGE_ORANGE not in kinds
    assert (game.host_blue, game.stock_blue, game.winner_crystals) == (0, 35, 7)
    conserved(hosted)
