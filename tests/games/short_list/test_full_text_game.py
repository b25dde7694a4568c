"""Whole Short List games typed through the session, in both ways to host, and what the host
does with a guess the recognizer heard outside the card's answers."""

from __future__ import annotations

import random

import pytest

from host.clock import FakeClock
from host.core.events import TimeUp
from host.core.session import Line, Session
from host.games.short_list.bots import BotSkills, BotTable
from host.games.short_list.events import Answer
from host.games.short_list.setup import ShortListOptions, build_session
from tests.transcripts import HALF, LIKELY, LOW, SURE, TWICE, WEAK, heard


def typed_game(options: ShortListOptions, seed: int) -> tuple[Session, int, int]:
    """Bots type every move of a whole game: (the session, moves typed, moves understood)."""
    clock = FakeClock()
    session = build_session(options, clock, None)
    heard: list[object] = []
    session.on_event = lambda event, notes: heard.append(event)
    session.start()
    bots = BotTable(session.game, BotSkills(), random.Random(seed))
    typed = understood = 0
    for _ in range(5000):
        if session.finished:
            break
        event = bots.next_event()
        if isinstance(event, TimeUp):
            clock.advance(session.seconds_to_next_tick() or 0.0)
            session.tick()
            continue
        prefix = None if event.player == session.game.expected_player() else event.player
        before = len(heard)
        session.hear_words(session.talk.say(event, prefix))
        typed += 1
        understood += heard[before : before + 1] == [event]
    return session, typed, understood


@pytest.mark.parametrize("host_quizmaster", [False, True])
def test_bots_type_a_whole_game_and_the_host_understands_every_move(
        host_quizmaster: bool) -> None:
    options = ShortListOptions(players=["Ann", "Bob", "Cat", "Dan"], seed=3,
                               host_quizmaster=host_quizmaster)
    session, typed, understood = typed_game(options, seed=8)
    game = session.game
    assert game.over and game.round_no == game.config.rounds
    assert understood == typed > 50


def hear(session: Session, text: str = "", p: float = 0.0, *, free: str = "",
         free_p: float = 0.0, others: tuple[tuple[str, float], ...] = ()) -> list[Line]:
    """What the session makes of the recognizer hearing `text` with probability `p` ("": no
    choice), these other likeliest choices, and `free` decoding freely with `free_p`."""
    likeliest = ((text, p), *others) if text else others
    return session.hear_speech(heard(*likeliest, free=free, free_p=free_p))


def started(clock: FakeClock) -> Session:
    session = build_session(ShortListOptions(players=["Ann", "Bob", "Cat"], seed=1), clock, None)
    session.start()
    return session


def card_answer(session: Session) -> str:
    """The first answer on the card (a secret until found)."""
    return session.game.card.answers[0].text  # type: ignore[attr-defined,no-any-return]


def test_a_guess_heard_surely_outside_the_card_is_judged() -> None:
    session = started(FakeClock())
    guesser = session.game.expected_player()
    moves: list[object] = []
    session.on_event = lambda event, notes: moves.append(event)
    lines = hear(session, free="Atlantis.", free_p=SURE)
    assert moves == [Answer(guesser, "Atlantis")]
    assert any(line.kind == "answer_wrong" for line in lines)


def test_a_half_heard_guess_is_asked_back_never_judged_on_a_mishearing() -> None:
    session = started(FakeClock())
    guesser = session.game.expected_player()
    lines = hear(session, free="Atlantis", free_p=LIKELY)  # likely, but it costs the round
    assert [line.kind for line in lines] == ["did_you_say"]
    assert session.hear_words("no")[0].kind == "misheard"
    assert session.game.expected_player() == guesser and not session.game.out
    hear(session, free="Narnia", free_p=HALF)
    assert any(line.kind == "answer_wrong" for line in session.hear_words("yes"))


def test_nothing_heard_clearly_is_asked_again() -> None:
    session = started(FakeClock())
    lines = hear(session, free="uh", free_p=LOW)
    assert [line.kind for line in lines] == ["unclear"]
    assert "You can say" not in lines[0].text  # "pass" is not all: any answer may be said
    assert not session.game.out


def test_a_question_heard_unsure_gives_way_to_what_was_freely_heard() -> None:
    session = started(FakeClock())
    lines = hear(session, "repeat", WEAK, free="Atlantis", free_p=HALF,
                 others=(("pass", LOW), ("score", LOW)))
    assert [line.text for line in lines] == ["Atlantis?"]  # asked, not the runner-up
    assert any(line.kind == "answer_wrong" for line in session.hear_words("yes"))


def test_a_guess_heard_as_none_of_the_choices_on_weak_evidence_is_asked_back() -> None:
    session = started(FakeClock())
    lines = hear(session, free="for our work", free_p=HALF)
    assert [line.kind for line in lines] == ["did_you_say"]
    assert session.hear_words("no")[0].kind == "misheard" and not session.game.out


def test_a_yes_or_a_no_is_never_taken_for_a_guess() -> None:
    session = started(FakeClock())
    lines = hear(session, free="No.", free_p=LIKELY)
    assert [line.kind for line in lines] == ["unclear"]


def test_asking_back_never_says_a_card_answer_that_was_not_heard() -> None:
    session = started(FakeClock())
    answer = card_answer(session)
    lines = hear(session, answer, HALF, free="Atlantis", free_p=SURE)
    assert [line.text for line in lines] == ["Atlantis?"]
    session.hear_words("no")
    close = answer[:-1] + "h" if len(answer) > 6 else answer
    lines = hear(session, answer, HALF, free=close, free_p=WEAK)
    assert lines[0].text == f"{answer}?"  # heard nearly so: that is the guess asked back


def test_a_card_answer_half_heard_among_unclear_words_is_asked_again_and_taken_if_heard_again(
        ) -> None:
    session = started(FakeClock())
    answer = card_answer(session)
    guesser = session.game.expected_player()
    lines = hear(session, answer, TWICE, free="But ready", free_p=LOW)
    assert [line.kind for line in lines] == ["unclear"]
    assert session.game.given == []
    hear(session, answer, TWICE, free="My credit", free_p=LOW)
    assert session.game.given == [answer]
    assert session.game.expected_player() != guesser


@pytest.mark.parametrize("free", ["Atlantis.", "Tefies"])
def test_a_guess_freely_heard_beside_a_card_answer_heard_unsure_is_asked_back(free: str) -> None:
    """The demo's "Tethys", off the card, was heard twice as an unsure card answer, and
    freely as "Tefies" then "Taffies": the free words are the guess asked back, and the card
    answer is never said."""
    session = started(FakeClock())
    answer = card_answer(session)
    lines = hear(session, answer, WEAK, free=free, free_p=WEAK)
    assert [line.text for line in lines] == [f"{free.rstrip('.')}?"]
    assert session.game.given == []


@pytest.mark.parametrize(("free", "free_p"), [("No, no, no.", LOW), ("Yeah.", HALF)])
def test_a_card_answer_heard_likely_among_unclear_words_is_taken_at_once(
        free: str, free_p: float) -> None:
    """Unclear words are words heard unsure, or words that are no move: the demo's "Young",
    nearly sure, was freely heard as a sure "Yeah." (a yes answers no question card) three
    times running, and lost each time."""
    session = started(FakeClock())
    answer = card_answer(session)
    hear(session, answer, LIKELY, free=free, free_p=free_p)
    assert session.game.given == [answer]


def test_a_card_answer_half_heard_among_other_words_heard_sure_is_not_taken() -> None:
    """The free words heard sure are the likelier guess, asked back; the card answer is neither
    given nor said."""
    session = started(FakeClock())
    answer = card_answer(session)
    lines = hear(session, answer, HALF, free="Atlantis.", free_p=SURE)
    assert [line.text for line in lines] == ["Atlantis?"] and session.game.given == []


def test_a_card_answer_heard_twice_with_a_yes_freely_heard_twice_is_taken() -> None:
    session = started(FakeClock())
    answer = card_answer(session)
    lines = hear(session, answer, TWICE, free="Yeah.", free_p=LOW)
    assert [line.kind for line in lines] == ["unclear"]
    hear(session, answer, TWICE, free="Yeah.", free_p=LOW)
    assert session.game.given == [answer]  # "Yeah." twice is no guess: the answer is


def test_a_card_answer_heard_again_with_clear_words_the_player_denied_is_taken() -> None:
    session = started(FakeClock())
    answer = card_answer(session)
    lines = hear(session, answer, TWICE, free="Atlantis.", free_p=HALF)
    assert [line.text for line in lines] == ["Atlantis?"]
    session.hear_words("no")
    lines = hear(session, answer, TWICE, free="Atlantis.", free_p=HALF)
    assert [line.kind for line in lines] == ["unclear"]  # not "Atlantis?" again
    hear(session, answer, TWICE, free="Atlantis!", free_p=HALF)
    assert session.game.given == [answer]  # heard twice running, the denied words aside


def test_a_card_answer_heard_unsure_beside_a_claim_off_the_card_is_not_taken() -> None:
    """The demo's "It's my turn, Dan Mediterranean Avenue", freely "It's my turn, and
    Mediterranean Avenue.", was heard as an unsure jump with a card answer (Ethiopia): the
    jump with the words freely heard is asked back (as the choice's jumper's), and the card
    answer is neither taken nor said."""
    session = started(FakeClock())
    answer = card_answer(session)
    claim = f"it's my turn Cat {answer}"
    lines = hear(session, claim, WEAK, free="It's my turn, I'm Mediterranean.", free_p=HALF)
    assert [line.text for line in lines] == ["It's my turn, Cat: Mediterranean?"]
    assert session.game.given == []


def test_a_clear_claim_without_a_name_beside_an_unsure_pass_asks_who_speaks() -> None:
    """A claim heard clearly is a move by someone: the pass heard unsure is not asked back."""
    session = started(FakeClock())
    lines = hear(session, "pass", LOW, free="It's my turn, I am negative.", free_p=SURE)
    assert [line.kind for line in lines] == ["whose_voice"]


def test_a_card_answer_half_heard_as_words_that_sound_like_it_is_asked_back() -> None:
    session = started(FakeClock())
    assert session.game.card.answers[2].text == "Mercredi"  # type: ignore[union-attr]
    lines = hear(session, "Mercredi", HALF, free="My credit", free_p=LOW)
    assert [line.text for line in lines] == ["Mercredi?"]
    session.hear_words("yes")
    assert session.game.given == ["Mercredi"]


def test_a_card_answer_runner_up_heard_freely_as_words_like_it_is_asked_back() -> None:
    session = started(FakeClock())
    lines = hear(session, "pass", LOW, free="My credit.", free_p=LOW,
                 others=(("Mercredi", WEAK),))
    assert [line.text for line in lines] == ["Mercredi?"]  # not "My credit" judged wrong
    session.hear_words("yes")
    assert session.game.given == ["Mercredi"]


def test_a_jump_half_heard_is_asked_back_when_the_words_after_the_claim_sound_like_it(
        ) -> None:
    session = started(FakeClock())
    choice = "it's my turn Cat Mercredi"
    assert choice in session.expected_phrases()  # type: ignore[operator]
    lines = hear(session, choice, HALF, free="It's my turn, can't, my credit.", free_p=LOW)
    assert [line.text for line in lines] == ["It's my turn Cat Mercredi?"]


def test_a_jump_off_the_card_whose_name_is_misheard_is_asked_back_as_the_choice_jumper_s(
        ) -> None:
    session = started(FakeClock())
    choice = "it's my turn Cat Mercredi"
    lines = hear(session, choice, WEAK, free="It's my turn, can't. Tuesday.", free_p=HALF)
    assert [line.text for line in lines] == ["It's my turn, Cat: Tuesday?"]
    session.hear_words("yes")
    assert session.game.given == [] and session.game.its_my_turn[2] == 0  # Cat's card is gone


def test_a_claim_heard_freely_without_a_name_is_not_asked_back_but_the_host_asks_who() -> None:
    session = started(FakeClock())
    lines = hear(session, free="It's my turn, I am negative.", free_p=LIKELY)
    assert [line.kind for line in lines] == ["whose_voice"]
    assert session.table.confirming is None


def test_an_answer_found_this_round_is_no_secret_and_is_asked_back() -> None:
    session = started(FakeClock())
    session.hear_words("Lundi")
    lines = hear(session, "Lundi", HALF, free="But ready", free_p=LOW)
    assert [line.text for line in lines] == ["Lundi?"]


def test_a_card_answer_half_heard_once_is_forgotten_after_something_else() -> None:
    session = started(FakeClock())
    answer = card_answer(session)
    hear(session, answer, TWICE, free="But ready", free_p=LOW)
    hear(session, free="uh", free_p=LOW)
    lines = hear(session, answer, TWICE, free="But ready", free_p=LOW)
    assert [line.kind for line in lines] == ["unclear"] and session.game.given == []


def test_words_the_guesser_said_no_to_are_never_judged_when_heard_again() -> None:
    session = started(FakeClock())
    guesser = session.game.expected_player()
    lines = hear(session, free="Yeah man.", free_p=HALF)
    assert [line.text for line in lines] == ["Yeah man?"]
    session.hear_words("no")
    lines = hear(session, free="Yeah man.", free_p=LIKELY)
    assert [line.kind for line in lines] == ["unclear"]
    lines = hear(session, free="Yeah, men.", free_p=LIKELY)  # nearly
    assert [line.kind for line in lines] == ["unclear"]
    assert session.game.expected_player() == guesser and not session.game.out


def test_a_pass_heard_unsure_is_asked_back_as_a_pass_it_is_no_secret() -> None:
    session = started(FakeClock())
    lines = hear(session, "pass", HALF, free="Past me", free_p=LOW)
    assert [line.text for line in lines] == ["Pass?"]


def test_while_asking_back_only_yes_no_or_the_guess_is_offered_to_the_recognizer() -> None:
    session = started(FakeClock())
    hear(session, free="Atlantis", free_p=HALF)
    assert session.expected_phrases() == ["yes", "no", "Atlantis"]


def test_a_jump_with_a_found_answer_heard_unsure_beside_a_claim_without_a_name_is_asked_back(
        ) -> None:
    """The demo's "It's my turn, Dan North Carolina Avenue" came back as an unsure jump by Dan
    with an answer found already (no secret) and freely as "It's my turn, and North Carolina
    Avenue" ("and" sounds as much like Ann): the jump is asked back as Dan's with the words
    heard, not "Who's speaking?" three times running."""
    session = started(FakeClock())
    session.hear_words("Lundi")
    jumps = [phrase for phrase in session.expected_phrases() or []
             if phrase.startswith("it's my turn") and phrase.endswith("Lundi")]
    jumper = jumps[0].split()[3]
    lines = hear(session, jumps[0], WEAK, free="It's my turn, and the Atlantic Ocean floor.",
                 free_p=HALF)
    assert [line.text for line in lines] == [f"It's my turn, {jumper}: the Atlantic Ocean floor?"]
