"""The recognizer is told what makes sense now (the legal moves, said), and nothing that doesn't."""

from __future__ import annotations

from pathlib import Path

from host.clock import FakeClock
from host.games.crack_list.cards import JOKER, SWAP
from host.games.crack_list.events import Penalise
from host.games.crack_list.parsing import IntentParser
from host.games.crack_list.setup import TableOptions, build_session
from host.speech.ports import Transcript
from tests.transcripts import HALF, LIKELY

RULES_DECK = str(Path(__file__).parents[2] / "data" / "decks" / "crack-list-rules.toml")


def session(cards: str = "virtual"):
    options = TableOptions(
        players=["Ann", "Bob", "Cat"], seed=2, decks=[RULES_DECK], shipped_decks=False, cards=cards
    )
    s = build_session(options, FakeClock(), None)
    s.start()
    return s


def choose_films(s) -> None:
    titles = [c.title for c in s.game.offered.categories]
    s.hear_words(f"number {['one', 'two', 'three'][titles.index('Films')]}")


def test_choosing_expects_numbers_and_the_titles_on_offer() -> None:
    s = session()
    phrases = s.talk.choices()
    assert {"number one", "two", "Films", "Planets of the solar system"} <= set(phrases)
    assert "Jaws" not in phrases


def test_a_turn_expects_only_answers_the_hand_can_play() -> None:
    s = session()
    choose_films(s)
    hand = s.game.hands[s.game.current]
    hand[:] = ["J", "G", "STOP"]
    phrases = set(s.talk.choices())
    assert {"Jaws", "J, Jaws", "The Godfather", "G, The Godfather", "stop", "pass"} <= phrases
    assert {"Alien", "reverse", "swap with Bob", "joker Alien"}.isdisjoint(phrases)
    assert {
        "Ann challenge",
        "Cat crack on",
        "what's the category",
        "how many cards has Ann got",
    } <= phrases


def test_jokers_and_swaps_open_their_phrases() -> None:
    s = session()
    choose_films(s)
    player = s.game.expected_player()
    s.game.hands[s.game.current][:] = [JOKER, SWAP, "A"]
    phrases = set(s.talk.choices())
    others = [n for n in ("Ann", "Bob", "Cat") if n != player]
    assert {"joker Zodiac", f"swap with {others[0]}", f"swap my A with {others[1]}"} <= phrases


def test_physical_cards_expect_every_answer() -> None:
    s = session("physical")
    choose_films(s)
    assert {"Jaws", "Alien", "joker Alien", "stop", "reverse"} <= set(s.talk.choices())


def choose_open_category(s) -> str:
    """The open category chosen; returns the player on turn."""
    titles = [c.title for c in s.game.offered.categories]
    number = ["one", "two", "three"][titles.index("Things you'd shout at a referee")]
    s.hear_words(f"number {number}")
    return s.game.expected_player()


def test_an_open_category_expects_the_other_moves_and_takes_answers_freely_heard() -> None:
    """In the Crack List demo, "pass" in an open category was decoded freely as "POSS" and
    played as an answer needing a P, four times: the moves are choices there too, and what
    the recognizer heard outside them is the answer."""
    s = session()
    player = choose_open_category(s)
    assert s.talk.offers().open
    assert {"pass", "what's the category", f"my turn {player}"} <= set(s.talk.choices())
    s.hear_speech(Transcript("pass", confidence=0.9, free="Pass."))
    assert s.game.expected_player() != player
    s.game.hands[s.game.current][:] = ["O", "B", "C"]
    answered = s.hear_speech(Transcript("", free="Offside!", free_p=LIKELY))
    assert s.game.given == ["Offside"], [line.text for line in answered]  # as judged


def test_an_answer_heard_unsure_in_an_open_category_is_asked_back() -> None:
    s = session()
    choose_open_category(s)
    s.game.hands[s.game.current][:] = ["O", "B", "C"]
    lines = s.hear_speech(Transcript("", free="Offside", free_p=HALF))
    assert [line.text for line in lines] == ["Offside?"]
    s.hear_speech(Transcript("yes", confidence=0.9))
    assert s.game.given == ["Offside"]


def test_a_listed_category_is_not_open() -> None:
    s = session()
    choose_films(s)
    assert not s.talk.offers().open


def test_every_expected_phrase_parses_to_something() -> None:
    s = session()
    choose_films(s)
    parser = IntentParser(s.game.seats)
    for phrase in s.talk.choices():
        _, intent = parser.parse(phrase, "turn", s.game.expected_player())
        assert type(intent).__name__ != "Unclear", phrase


def answered(hand: list[str], said: str):
    """A game of Films where the player to act, holding `hand`, has just said `said`; returns
    the session and that player."""
    s = session()
    choose_films(s)
    player = s.game.expected_player()
    s.game.hands[s.game.current][:] = hand
    s.hear_words(said)
    return s, player


def test_a_penalty_expects_its_legal_splits_among_the_others_only() -> None:
    s, player = answered(["J", "A", "B"], "Jaws")
    phrases = set(s.talk.choices())
    a, b = [n for n in ("Ann", "Bob", "Cat") if n != player]
    assert {f"give two to {a}", f"give one to {a} and one to {b}", f"all to {b}"} <= phrases
    assert not {p for p in phrases if p.startswith("give") and player in p}
    assert not {p for p in phrases if "three" in p or ("two to" in p and " and " in p)}
    penalise = [p for p in phrases if p.startswith(("give", "all to"))]
    parser = IntentParser(s.game.seats)
    for phrase in penalise:
        _, event = parser.parse(phrase, "answered", speaker=player)
        assert isinstance(event, Penalise) and event.player == player, phrase
        assert sum(n for _, n in event.targets) in (0, 2), phrase


def test_after_a_joker_the_host_waits_for_the_penaliser_named_or_not() -> None:
    s, player = answered([JOKER, "A", "B"], "joker Jaws")
    assert s.game.pending is not None and s.game.pending.optional_penalty
    assert s.game.expected_player() == player  # their decision: the next player waits
    other = next(n for n in ("Ann", "Bob", "Cat") if n != player)
    phrases = set(s.talk.choices())
    assert {f"{player} give two to {other}", f"{player} no penalty",
            f"give two to {other}"} <= phrases
    heard: list[object] = []
    s.on_event = lambda event, notes: heard.append(event)
    s.hear_words(f"give two to {other}")
    assert heard == [Penalise(player, ((other, 2),))]


def test_a_turn_expects_answers_already_given_so_a_repeat_is_called_out() -> None:
    s, player = answered(["J", "A", "B"], "Jaws")
    s.hear_words("give two to " + next(n for n in ("Ann", "Bob", "Cat") if n != player))
    assert s.game.state.value == "turn"
    s.game.hands[s.game.current][:] = ["T", "U"]
    assert "Jaws" in s.talk.choices()
    said = " ".join(line.text for line in s.hear_words("Jaws"))
    assert "Jaws has already been said" in said or "We've had Jaws already" in said


def test_a_pause_is_asked_for_in_words_that_do_not_sound_like_pass() -> None:
    s = session()
    choose_films(s)
    phrases = s.expected_phrases()
    assert "pass" in phrases and "pause the game" in phrases and "pause" not in phrases
    s.hear_words("pause the game")
    assert s.paused
