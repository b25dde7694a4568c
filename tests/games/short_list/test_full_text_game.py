"""Whole Short List games typed through the session, in both ways to host, and what the host
does with a guess the recognizer heard outside the card's answers."""

from __future__ import annotations

import random
from typing import Any

import pytest

from host.clock import FakeClock
from host.core.events import TimeUp
from host.core.session import Line, Session
from host.games.short_list.bots import BotSkills, BotTable
from host.games.short_list.events import Answer
from host.games.short_list.setup import ShortListOptions, build_session
from host.speech.ports import Transcript


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


def hear(session: Session, text: str, **heard: Any) -> list[Line]:
    """What the session makes of the recognizer hearing `text` so (a Transcript's fields)."""
    return session.hear_speech(Transcript(text, **heard))


def started(clock: FakeClock) -> Session:
    session = build_session(ShortListOptions(players=["Ann", "Bob", "Cat"], seed=1), clock, None)
    session.start()
    return session


def test_a_guess_heard_surely_outside_the_card_is_judged() -> None:
    session = started(FakeClock())
    guesser = session.game.expected_player()
    heard: list[object] = []
    session.on_event = lambda event, notes: heard.append(event)
    lines = hear(session, "", free="Atlantis.", free_confidence=0.8)
    assert heard == [Answer(guesser, "Atlantis")]
    assert any(line.kind == "answer_wrong" for line in lines)


def test_a_half_heard_guess_is_asked_back_never_judged_on_a_mishearing() -> None:
    session = started(FakeClock())
    guesser = session.game.expected_player()
    lines = hear(session, "", free="Atlantis", free_confidence=0.3)
    assert [line.kind for line in lines] == ["did_you_say"]
    assert session.hear_words("no")[0].kind == "misheard"
    assert session.game.expected_player() == guesser and not session.game.out
    hear(session, "", free="Narnia", free_confidence=0.3)
    assert any(line.kind == "answer_wrong" for line in session.hear_words("yes"))


def test_nothing_heard_clearly_is_asked_again() -> None:
    session = started(FakeClock())
    lines = hear(session, "", free="uh", free_confidence=0.05)
    assert [line.kind for line in lines] == ["unclear"]
    assert not session.game.out


def test_a_question_heard_unsure_gives_way_to_what_was_freely_heard() -> None:
    session = started(FakeClock())
    lines = hear(session, "repeat", unsure=True, free="Atlantis", free_confidence=0.8,
                                     runners_up=("pass", "score"))
    assert [line.text for line in lines] == ["Atlantis?"]  # asked, not the runner-up
    assert any(line.kind == "answer_wrong" for line in session.hear_words("yes"))


def test_a_guess_heard_as_none_of_the_choices_on_weak_evidence_is_asked_back() -> None:
    session = started(FakeClock())
    lines = hear(session, "", unsure=True, free="for our work", free_confidence=0.8)
    assert [line.kind for line in lines] == ["did_you_say"]
    assert session.hear_words("no")[0].kind == "misheard" and not session.game.out


def test_a_yes_or_a_no_is_never_taken_for_a_guess() -> None:
    session = started(FakeClock())
    lines = hear(session, "", free="No.", free_confidence=0.9)
    assert [line.kind for line in lines] == ["unclear"]


def test_asking_back_never_says_a_card_answer_that_was_not_heard() -> None:
    session = started(FakeClock())
    answer = session.game.card.answers[0].text  # type: ignore[union-attr]
    lines = hear(session, answer, unsure=True, free="Atlantis", free_confidence=0.6)
    assert [line.text for line in lines] == ["Atlantis?"]
    session.hear_words("no")
    close = answer[:-1] + "h" if len(answer) > 6 else answer
    lines = hear(session, answer, unsure=True, free=close, free_confidence=0.6)
    assert lines[0].text == f"{answer}?"  # heard nearly so: that is the guess asked back


def test_a_card_answer_half_heard_among_unclear_words_is_asked_again_and_taken_if_heard_again(
        ) -> None:
    session = started(FakeClock())
    answer = session.game.card.answers[0].text  # type: ignore[union-attr]
    guesser = session.game.expected_player()
    lines = hear(session, answer, unsure=True, free="But ready", free_confidence=0.3)
    assert [line.kind for line in lines] == ["unclear"]
    assert session.game.given == []
    hear(session, answer, unsure=True, free="My credit", free_confidence=0.3)
    assert session.game.given == [answer]
    assert session.game.expected_player() != guesser


@pytest.mark.parametrize(("first", "second"), [("Atlantis.", "Atlantis."), ("Tefies", "Taffies")])
def test_a_guess_freely_heard_alike_twice_is_asked_back_not_the_card_answer_heard_unsure(
        first: str, second: str) -> None:
    """The demo's "Tethys", off the card, was heard twice as an unsure card answer, and
    freely as "Tefies" then "Taffies": words that sound alike, so they are the guess."""
    session = started(FakeClock())
    answer = session.game.card.answers[0].text  # type: ignore[union-attr]
    lines = hear(session, answer, unsure=True, free=first, free_confidence=0.3)
    assert [line.kind for line in lines] == ["unclear"]
    lines = hear(session, answer, unsure=True, free=second, free_confidence=0.3)
    assert [line.text for line in lines] == [f"{second.rstrip('.')}?"]
    assert session.game.given == []


@pytest.mark.parametrize(("free", "confidence"), [("No, no, no.", 0.3), ("Yeah.", 0.6)])
def test_a_card_answer_heard_nearly_sure_among_unclear_words_is_taken_at_once(
        free: str, confidence: float) -> None:
    """Unclear words are words heard unsure, or words that are no move: the demo's "Young",
    nearly sure, was freely heard as a sure "Yeah." (a yes answers no question card) three
    times running, and lost each time."""
    session = started(FakeClock())
    answer = session.game.card.answers[0].text  # type: ignore[union-attr]
    hear(session, answer, unsure=True, nearly_sure=True, free=free,
                             free_confidence=confidence)
    assert session.game.given == [answer]


def test_a_card_answer_heard_nearly_sure_among_clear_other_words_is_not_taken() -> None:
    session = started(FakeClock())
    answer = session.game.card.answers[0].text  # type: ignore[union-attr]
    lines = hear(session, answer, unsure=True, nearly_sure=True, free="Atlantis.",
                                     free_confidence=0.8)
    assert session.game.given == [] and [line.text for line in lines] == ["Atlantis?"]


def test_a_card_answer_heard_twice_with_a_yes_freely_heard_twice_is_taken() -> None:
    session = started(FakeClock())
    answer = session.game.card.answers[0].text  # type: ignore[union-attr]
    lines = hear(session, answer, unsure=True, free="Yeah.", free_confidence=0.3)
    assert [line.kind for line in lines] == ["unclear"]
    hear(session, answer, unsure=True, free="Yeah.", free_confidence=0.3)
    assert session.game.given == [answer]  # "Yeah." twice is no guess: the answer is


def test_a_card_answer_heard_again_with_clear_words_the_player_denied_is_taken() -> None:
    session = started(FakeClock())
    answer = session.game.card.answers[0].text  # type: ignore[union-attr]
    lines = hear(session, answer, unsure=True, free="Atlantis.", free_confidence=0.8)
    assert [line.text for line in lines] == ["Atlantis?"]
    session.hear_words("no")
    lines = hear(session, answer, unsure=True, free="Atlantis.", free_confidence=0.8)
    assert [line.kind for line in lines] == ["unclear"]  # not "Atlantis?" again
    hear(session, answer, unsure=True, free="Atlantis!", free_confidence=0.8)
    assert session.game.given == [answer]  # heard twice running, the denied words aside


def test_a_card_answer_heard_unsure_beside_a_clear_claim_without_a_name_is_not_taken() -> None:
    """A claim heard clearly, whose speaker was not heard, is a guess: the card answer heard
    unsure beside it twice running is not taken (the demo's "It's my turn, Dan Mediterranean
    Avenue", freely "It's my turn, and Mediterranean Avenue.", was heard as an unsure
    Ethiopia)."""
    session = started(FakeClock())
    answer = session.game.card.answers[0].text  # type: ignore[union-attr]
    claim = f"it's my turn Cat {answer}"
    for _ in range(2):
        hear(session, claim, unsure=True, free="It's my turn, I'm Mediterranean.",
                                 free_confidence=0.7)
    assert session.game.given == []


def test_a_clear_claim_without_a_name_beside_an_unsure_pass_asks_who_speaks() -> None:
    """A claim heard clearly is a move by someone: the pass heard unsure is not asked back."""
    session = started(FakeClock())
    lines = hear(session, "pass", unsure=True, free="It's my turn, I am negative.",
                                     free_confidence=0.8)
    assert [line.kind for line in lines] == ["whose_voice"]


def test_a_card_answer_half_heard_as_words_that_sound_like_it_is_asked_back() -> None:
    session = started(FakeClock())
    assert session.game.card.answers[2].text == "Mercredi"  # type: ignore[union-attr]
    lines = hear(session, "Mercredi", unsure=True, free="My credit",
                                     free_confidence=0.3)
    assert [line.text for line in lines] == ["Mercredi?"]
    session.hear_words("yes")
    assert session.game.given == ["Mercredi"]


def test_a_card_answer_taken_for_none_but_heard_freely_as_words_like_it_is_asked_back() -> None:
    session = started(FakeClock())
    lines = hear(session, "", free="My credit.", free_confidence=0.8,
                                     runners_up=("Mercredi", "pass"))
    assert [line.text for line in lines] == ["Mercredi?"]  # not "My credit" judged wrong
    session.hear_words("yes")
    assert session.game.given == ["Mercredi"]


def test_a_jump_half_heard_is_asked_back_when_the_words_after_the_claim_sound_like_it(
        ) -> None:
    session = started(FakeClock())
    choice = "it's my turn Cat Mercredi"
    assert choice in session.expected_phrases()  # type: ignore[operator]
    lines = hear(session, choice, unsure=True, free="It's my turn, can't, my credit.",
                                     free_confidence=0.3)
    assert [line.text for line in lines] == ["It's my turn Cat Mercredi?"]


def test_a_jump_off_the_card_whose_name_is_misheard_is_asked_back_as_the_choice_jumper_s(
        ) -> None:
    session = started(FakeClock())
    choice = "it's my turn Cat Mercredi"
    lines = hear(session, choice, unsure=True, free="It's my turn, can't. Tuesday.",
                                     free_confidence=0.7)
    assert [line.text for line in lines] == ["It's my turn, Cat: Tuesday?"]
    session.hear_words("yes")
    assert session.game.given == [] and session.game.its_my_turn[2] == 0  # Cat's card is gone


def test_a_claim_heard_freely_without_a_name_is_not_asked_back_but_the_host_asks_who() -> None:
    session = started(FakeClock())
    lines = hear(session, "", free="It's my turn, I am negative.",
                                     free_confidence=0.3)
    assert [line.kind for line in lines] == ["whose_voice"]
    assert session.table.confirming is None


def test_an_answer_found_this_round_is_no_secret_and_is_asked_back() -> None:
    session = started(FakeClock())
    session.hear_words("Lundi")
    lines = hear(session, "Lundi", unsure=True, free="But ready", free_confidence=0.3)
    assert [line.text for line in lines] == ["Lundi?"]


def test_a_card_answer_half_heard_once_is_forgotten_after_something_else() -> None:
    session = started(FakeClock())
    answer = session.game.card.answers[0].text  # type: ignore[union-attr]
    hear(session, answer, unsure=True, free="But ready", free_confidence=0.3)
    hear(session, "", free="uh", free_confidence=0.05)
    lines = hear(session, answer, unsure=True, free="But ready", free_confidence=0.3)
    assert [line.kind for line in lines] == ["unclear"] and session.game.given == []


def test_words_the_guesser_said_no_to_are_never_judged_when_heard_again() -> None:
    session = started(FakeClock())
    guesser = session.game.expected_player()
    lines = hear(session, "", free="Yeah man.", free_confidence=0.3)
    assert [line.text for line in lines] == ["Yeah man?"]
    session.hear_words("no")
    lines = hear(session, "", free="Yeah man.", free_confidence=0.8)
    assert [line.kind for line in lines] == ["unclear"]
    lines = hear(session, "", free="Yeah, men.", free_confidence=0.8)  # nearly
    assert [line.kind for line in lines] == ["unclear"]
    assert session.game.expected_player() == guesser and not session.game.out


def test_a_pass_heard_unsure_is_asked_back_as_a_pass_it_is_no_secret() -> None:
    session = started(FakeClock())
    lines = hear(session, "pass", unsure=True, free="Past me", free_confidence=0.3)
    assert [line.text for line in lines] == ["Pass?"]


def test_while_asking_back_only_yes_no_or_the_guess_is_offered_to_the_recognizer() -> None:
    session = started(FakeClock())
    hear(session, "", free="Atlantis", free_confidence=0.3)
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
    lines = hear(session, jumps[0], unsure=True,
                                     free="It's my turn, and the Atlantic Ocean floor.",
                                     free_confidence=0.7)
    assert [line.text for line in lines] == [f"It's my turn, {jumper}: the Atlantic Ocean floor?"]
