"""What Crack Word players say, in French and in English, becomes the right move or question;
what bots say is read back to the same move; the recognizer is offered the moves of the turn."""

from __future__ import annotations

import random

import pytest

from host.clock import FakeClock
from host.core.events import TimeUp, make_seats
from host.core.session import Session
from host.core.talk import Query, Unclear
from host.games.crack_word.board import Tile, WordSet, fold, letters_of
from host.games.crack_word.bots import BotSkills, BotTable
from host.games.crack_word.cards import ETOILE, PETARD, Card
from host.games.crack_word.config import CrackWordConfig
from host.games.crack_word.dictionary import load_dictionary
from host.games.crack_word.events import Pass, Petard, Place, Show, Side
from host.games.crack_word.flow import State
from host.games.crack_word.moves import justifying_words, sounded
from host.games.crack_word.rules import CrackWordGame
from host.games.crack_word.setup import CrackWordOptions, build_session
from host.games.crack_word.talk import CrackWordTalk, same_move
from tests.games.crack_word.tables import NAMES, WORDS, new_game, with_hand
from tests.transcripts import HALF, LIKELY, WEAK
from tests.transcripts import heard as transcript

R = Side.RIGHT
L = Side.LEFT
T = Side.TOP


FRENCH = [
    ("R à droite de la ligne deux", Place("Ann", "R", 1, R)),
    ("E à gauche, ligne un", Place("Ann", "E", 0, L)),
    ("E à gauche de la ligne un", Place("Ann", "E", 0, L)),
    ("A sur le A de la ligne trois", Place("Ann", "A", 2, T, at=0)),
    ("A sur le deuxième A de la ligne trois", Place("Ann", "A", 2, T, at=2)),
    ("pétard sur la ligne quatre", Petard("Ann", 3)),
    ("étoile, un S, à droite de la ligne un", Place("Ann", "S", 0, R, star=True)),
    ("je passe", Pass("Ann")),
    ("passe", Pass("Ann")),
    ("R à droite de la ligne deux, pour château", Place("Ann", "R", 1, R, "château")),
    ("R à droite de la ligne deux, mot chariot", Place("Ann", "R", 1, R, "chariot")),
    ("R à droite de la ligne deux, Crack Word !", Place("Ann", "R", 1, R, crack=True)),
    ("Crack Word ! R à droite de la ligne 2", Place("Ann", "R", 1, R, crack=True)),
    ("erre à droite de la ligne deux", Place("Ann", "R", 1, R)),
    ("Bob : je passe", Pass("Bob")),
]
ENGLISH = [
    ("R on the right of row two", Place("Ann", "R", 1, R)),
    ("E on the left, row one", Place("Ann", "E", 0, L)),
    ("A on the A of row three", Place("Ann", "A", 2, T, at=0)),
    ("A on the second A of row three", Place("Ann", "A", 2, T, at=2)),
    ("petard on row four", Petard("Ann", 3)),
    ("star, an S, on the right of row one", Place("Ann", "S", 0, R, star=True)),
    ("pass", Pass("Ann")),
    ("Crack Word!", None),
    ("R on the right of row two, word castle", Place("Ann", "R", 1, R, "castle")),
    ("R on the right of row two, Crack Word!", Place("Ann", "R", 1, R, crack=True)),
    ("are on the right of row to", Place("Ann", "R", 1, R)),
    ("Bob: pass", Pass("Bob")),
]


@pytest.mark.parametrize(("lang", "text", "move"),
                         [("fr", *case) for case in FRENCH] + [("en", *case) for case in ENGLISH])
def test_every_form_parses(lang: str, text: str, move: object) -> None:
    game = with_hand(new_game(lang), "RES", "CHAT", "CHA", "ARA")
    parsed = CrackWordTalk(game).parse(text)
    assert parsed == move if move is not None else isinstance(parsed, Unclear)


QUERIES = [
    ("fr", "lis le tableau", "board"), ("fr", "lis le tableau avec les couleurs", "board_colours"),
    ("fr", "ma main", "hand"), ("fr", "combien de cartes", "count"), ("fr", "le score", "score"),
    ("fr", "répète", "repeat"), ("fr", "aide", "help"), ("fr", "règles", "rules"),
    ("fr", "pause", "pause"), ("fr", "reprends", "resume"), ("fr", "quitter", "quit"),
    ("en", "read the board", "board"), ("en", "my hand", "hand"),
    ("en", "how many cards", "count"), ("en", "score", "score"), ("en", "repeat", "repeat"),
    ("en", "rules", "rules"), ("en", "quit", "quit"),
]


@pytest.mark.parametrize(("lang", "text", "kind"), QUERIES)
def test_questions_parse(lang: str, text: str, kind: str) -> None:
    assert CrackWordTalk(new_game(lang)).parse(text) == Query(kind, "Ann")


def test_the_name_before_a_question_is_who_asks() -> None:
    assert CrackWordTalk(new_game()).parse("Cat, ma main") == Query("hand", "Cat")


def test_gibberish_is_unclear() -> None:
    talk = CrackWordTalk(new_game())
    assert isinstance(talk.parse("bonjour tout le monde"), Unclear)
    assert isinstance(talk.parse("R à droite de la ligne neuf"), Unclear)


@pytest.mark.parametrize(("lang", "text"), [("fr", "euh… attends, je réfléchis"),
                                            ("en", "hmm, let me think")])
def test_thinking_aloud_gets_no_reply_by_voice(lang: str, text: str) -> None:
    assert CrackWordTalk(new_game(lang)).parse(text) == Unclear(text, quiet=True)
    assert CrackWordTalk(new_game(lang)).parse("R à droite") == Unclear("R à droite")


def test_say_the_forms() -> None:
    game = with_hand(new_game(), "RS*", "CHAT", "CHA", "ARA")
    talk = CrackWordTalk(game)
    assert talk.say(Place("Ann", "R", 1, R, "CHARIOT")) == \
        "R à droite de la ligne deux, pour chariot"
    assert talk.say(Place("Ann", "S", 0, L, star=True)) == \
        "étoile, un S, à gauche de la ligne un"
    assert talk.say(Place("Ann", "A", 2, T, at=2)) == "A sur le deuxième A de la ligne trois"
    assert talk.say(Petard("Ann", 3), "Ann") == "Ann: pétard sur la ligne quatre"
    assert talk.say(Place("Ann", "R", 1, R, crack=True)) == \
        "R à droite de la ligne deux, Crack Word !"
    accented = CrackWordGame(game.config, WordSet(["château", "été"]), random.Random(1))
    assert CrackWordTalk(accented).say(Place("Ann", "E", 0, R, "ETE")) == \
        "E à droite de la ligne un, pour été"  # as the list writes it
    english = CrackWordTalk(game, "en")
    assert english.say(Place("Ann", "S", 0, R, star=True)) == \
        "star, an S, on the right of row one"
    assert english.say(Pass("Ann")) == "pass"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_bot_moves_read_back(lang: str) -> None:
    moves = 0
    for seed in range(4):
        game = new_game(lang, players=2 + seed % 3, seed=seed)
        talk, bots = CrackWordTalk(game), BotTable(game, BotSkills(), random.Random(seed))
        while not game.over and moves < 150 * (seed + 1):
            event = bots.next_event()
            if not isinstance(event, TimeUp):
                assert same_move(event, [talk.parse(talk.say(event))], game), event
                if not (isinstance(event, Place) and event.word and not justified(game, event)):
                    assert talk.say(event) in talk.choices(), event  # a bluff is not offered
                moves += 1
            game.handle(event)
    assert moves >= 300


def justified(game: CrackWordGame, move: Place) -> bool:
    """Whether the move's word holds the letters its card makes."""
    letters = letters_of(game.rows[move.row])
    formed = move.letter + letters if move.side is L else letters + move.letter
    return formed in fold(move.word) and game.lexicon.is_word(fold(move.word))


def test_a_bluffing_bot_names_a_real_word_that_does_not_justify_the_row() -> None:
    game = new_game("en")
    bots = BotTable(game, BotSkills(bluff=1.0, petard=0.0, crack=0.0, give_up=0.0),
                    random.Random(1))
    bluffs = [event for event in (bots.next_event() for _ in range(30))
              if isinstance(event, Place) and event.word]
    assert bluffs
    assert all(game.lexicon.is_word(fold(move.word)) for move in bluffs)
    assert all(not justified(game, move) for move in bluffs)


def test_a_placement_heard_freely_with_another_word_is_the_move_to_ask_back() -> None:
    game = with_hand(new_game("en"), "RS", "AT", "ON", "ES", "IR")
    talk = CrackWordTalk(game)
    offered = "S on the right of row one, word stats"
    freely = "S on the right of row 1, word carrot."
    assert talk.free_placement(offered, freely) == "S on the right of row one, word carrot"
    assert talk.free_placement("", freely) == "S on the right of row one, word carrot"
    assert talk.free_placement("pass", freely) == "S on the right of row one, word carrot"
    # the scorer hears the letters, rows and sides better: another placement is kept
    assert talk.free_placement("R on the left of row one, word rats", freely) is None
    assert talk.free_placement(offered, "S on the right of row 1, word stats.") is None
    assert talk.free_placement(offered, "S on the right of row 1.") is None  # no word named
    assert talk.free_placement(offered, "T on the right of row 1, word carrot.") is None  # not held
    assert talk.free_placement(offered, "Bob: S on the right of row 1, word carrot.") is None
    assert talk.free_placement(offered, "what a game") is None


def test_choices_are_the_turns_moves() -> None:
    game = with_hand(new_game(), "R!*", "CHA", "CHAT", "A", "")
    choices = CrackWordTalk(game).choices()
    assert "R à droite de la ligne un, pour chariot" in choices
    assert "R à droite de la ligne un" not in choices  # CHAR needs its word
    assert "R à gauche de la ligne quatre" in choices  # a row of one letter needs none
    assert "R à gauche de la ligne trois, pour rat" in choices
    assert "étoile, un Z, à gauche de la ligne quatre" in choices
    assert not any(c.startswith("étoile, un Z, à gauche de la ligne trois") for c in choices)
    assert "pétard sur la ligne deux" in choices
    assert "pétard sur la ligne quatre" not in choices  # an empty row
    assert {"je passe", "lis le tableau", "ma main", "le score"} <= set(choices)
    assert not any(c.startswith("E ") for c in choices)  # not in hand


def test_a_crack_word_is_offered() -> None:
    game = with_hand(new_game(), "R", "CHA")
    game.rows[0] = [[Tile(letter, game.colours[0], Card(letter, game.colours[0], 950 + i))]
                    for i, letter in enumerate("CHA")]
    assert "R à droite de la ligne un, Crack Word !" in CrackWordTalk(game).choices()


def test_refill_offers_the_emptied_row_only() -> None:
    game = with_hand(new_game(), "RE")
    game.state = State.REFILL
    game.emptied, game.rows[2] = 2, []
    choices = CrackWordTalk(game).choices()
    assert "R à gauche de la ligne trois" in choices
    assert not any("ligne un" in c for c in choices)
    assert "je passe" not in choices


def test_same_move_forgives_spelling_and_the_leftmost_place() -> None:
    game = new_game()
    meant = Place("Ann", "R", 1, R, "château")
    assert same_move(meant, [Place("Ann", "R", 1, R, "CHATEAU")], game)
    assert not same_move(meant, [Place("Ann", "R", 1, L, "château")], game)
    assert same_move(Place("Ann", "A", 0, T), [Place("Ann", "A", 0, T, at=0)], game)
    assert not same_move(Pass("Ann"), [Pass("Bob")], game)


def test_same_move_hears_a_word_as_any_that_sounds_the_same() -> None:
    """A French justifying word heard as its homophone is the move meant; a word that only
    sounds close is not."""
    game = new_game()
    meant = Place("Ann", "I", 3, L, "kidnappé")
    assert same_move(meant, [Place("Ann", "I", 3, L, "kidnapper")], game)
    assert not same_move(meant, [Place("Ann", "I", 3, L, "kidnapping")], game)
    assert not same_move(meant, [Place("Ann", "I", 2, L, "kidnapper")], game)
    assert not same_move(Place("Ann", "R", 4, R, "désaérai"),
                         [Place("Ann", "R", 4, R, "désaéra")], game)


def test_same_move_hears_a_bots_word_in_the_cards_letters_as_the_dictionary_writes_it(
        ) -> None:
    """The bots name words as the cards spell them ("KIDNAPPE"): said, it is "kidnappé",
    which "kidnapper" sounds like."""
    config = CrackWordConfig(make_seats(NAMES[:3]), lang="fr", first=0)
    game = CrackWordGame(config, WordSet(["kidnappé", "kidnapping"]), random.Random(1))
    meant = Place("Ann", "I", 3, L, "KIDNAPPE")
    assert same_move(meant, [Place("Ann", "I", 3, L, "kidnapper")], game)
    assert not same_move(meant, [Place("Ann", "I", 3, L, "kidnapping")], game)


def test_same_move_takes_a_french_word_that_sounds_the_same() -> None:
    game = new_game()
    for said, heard in (("bougainvillées", "bougainvillée"), ("marques", "marque"),
                        ("isbas", "isba"), ("désaffectés", "désaffecté")):
        assert same_move(Place("Ann", "R", 1, R, said), [Place("Ann", "R", 1, R, heard)], game)
    assert not same_move(Place("Ann", "R", 1, R, "marque"), [Place("Ann", "R", 1, R, "remarque")],
                         game)
    assert not same_move(Place("Ann", "R", 1, R, "porte"), [Place("Ann", "R", 1, R, "port")], game)
    assert not same_move(Place("Ann", "D", 1, R, "des"), [Place("Ann", "D", 1, R, "de")], game)
    assert sounded("castles", "en") == "CASTLES"


def test_talk_flags() -> None:
    assert not CrackWordTalk(new_game()).offers().open
    assert ETOILE != PETARD


def physical_game(lang: str = "fr", first: int | None = None) -> CrackWordGame:
    """A started game with physical cards, at the cut (or, Ann first, the starting letters)."""
    config = CrackWordConfig(make_seats(NAMES[:3]), lang=lang, cards="physical", first=first)
    game = CrackWordGame(config, WORDS, random.Random(1))
    game.start()
    return game


@pytest.mark.parametrize(("lang", "text", "shown"), [
    ("fr", "c'est un R", Show("Ann", "R")), ("fr", "R", Show("Ann", "R")),
    ("fr", "je montre un erre", Show("Ann", "R")), ("fr", "c'est une étoile", Show("Ann", ETOILE)),
    ("fr", "un pétard", Show("Ann", PETARD)), ("fr", "Bob : j'ai un A", Show("Bob", "A")),
    ("en", "it's an R", Show("Ann", "R")), ("en", "a star", Show("Ann", ETOILE)),
    ("en", "Cat: I show a petard", Show("Cat", PETARD)), ("en", "E", Show("Ann", "E")),
])
def test_the_card_shown_at_the_cut_parses(lang: str, text: str, shown: Show) -> None:
    assert CrackWordTalk(physical_game(lang)).parse(text) == shown


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_cards_shown_are_said_offered_and_read_back(lang: str) -> None:
    game = physical_game(lang)
    talk = CrackWordTalk(game)
    choices = talk.choices()
    for face in ("A", "E", "R", PETARD, ETOILE):
        said = talk.say(Show("Ann", face))
        assert talk.parse(said) == Show("Ann", face) and said in choices
    assert talk.say(Show("Ann", "R")) == ("c'est un R" if lang == "fr" else "it's an R")
    assert any(c.endswith(" K") for c in choices) == (lang == "en")  # no K in French
    assert not any(" à droite " in c or " on the right " in c for c in choices)
    assert isinstance(CrackWordTalk(new_game(lang)).parse("R"), Unclear)  # not while playing


def test_physical_choices_offer_every_letter_the_colour_may_hold() -> None:
    game = physical_game(first=0)
    for number, letter in enumerate("CHAO"):
        game.handle(Show(NAMES[number % 3], letter))
    choices = CrackWordTalk(game).choices()
    assert "H à droite de la ligne un" not in choices  # CH needs its word: one is offered
    assert [c for c in choices if c.startswith("H à droite de la ligne un")] == \
        ["H à droite de la ligne un, pour char"]
    assert "R à droite de la ligne trois, pour arbre" in choices  # any letter Ann's colour has
    assert not any(c.startswith("Z à gauche de la ligne trois") for c in choices)  # no word
    assert "pétard sur la ligne un" in choices and "je passe" in choices


@pytest.mark.parametrize(("lang", "text", "target"), [
    ("fr", "combien de cartes a Bob", "Bob"), ("fr", "combien de cartes à Cat ?", "Cat"),
    ("fr", "combien de cartes pour Bob", "Bob"), ("fr", "Bob a combien de cartes", "Bob"),
    ("fr", "combien de cartes a-t-il Bob", "Bob"), ("fr", "combien de cartes", None),
    ("en", "how many cards has Bob got", "Bob"), ("en", "how many cards does Cat have", "Cat"),
    ("en", "how many cards for Bob", "Bob"), ("en", "how many cards", None),
])
def test_one_player_s_count_is_asked_by_name(lang: str, text: str, target: str | None) -> None:
    talk = CrackWordTalk(new_game(lang))
    assert talk.parse(text) == Query("count", "Ann", target)
    assert talk.parse(f"Cat, {text}") == Query("count", "Cat", target)
    phrase = "combien de cartes a Bob" if lang == "fr" else "how many cards has Bob got"
    assert phrase in talk.choices()
    assert isinstance(talk.parse(text.replace("Bob", "Zed").replace("Cat", "Zed")),
                      Unclear) == (target is not None)


def test_on_top_of_a_vowel_french_elides() -> None:
    game = with_hand(new_game(), "ARE", "RAT", "ERE", "A")
    talk = CrackWordTalk(game)
    assert talk.say(Place("Ann", "A", 0, T, at=1)) == "A sur l'A de la ligne un"
    assert talk.say(Place("Ann", "R", 0, T, at=0)) == "R sur le R de la ligne un"
    assert talk.say(Place("Ann", "E", 1, T, at=2)) == "E sur le deuxième E de la ligne deux"
    for said in ("A sur l'A de la ligne un", "A sur le A de la ligne un",
                 "A sur l a de la ligne un"):
        assert talk.parse(said) == Place("Ann", "A", 0, T, at=1), said


def test_a_bluff_heard_freely_is_asked_back_and_once_denied_the_choice_is_asked() -> None:
    """The free transcript's placement (a word not offered) likelier than the choice is asked
    back; denied, it is not asked again, but the choice in words nearly the same is: it is
    another move, which the no said nothing against; a choice likelier than the free
    transcript is played."""
    def started() -> Session:
        session = build_session(CrackWordOptions(players=["Ann", "Bob"], lang="en", seed=3,
                                                 first="Ann"), FakeClock(), None)
        session.start()
        with_hand(session.game, "RS", "AT", "ON", "ES", "IR")
        return session

    session = started()
    bluff = "S on the right of row one, word carrot"
    stats = "S on the right of row one, word stats"
    free = "S on the right of row 1, word carrot."
    unsure = transcript((stats, WEAK), free=free, free_p=HALF)
    assert [line.text for line in session.hear_speech(unsure)] == [f"{bluff}?"]
    assert session.hear_words("no")  # misheard: say it again
    assert [line.text for line in session.hear_speech(unsure)] == [f"{stats}?"]
    session = started()
    session.hear_speech(transcript((stats, LIKELY), free=free, free_p=HALF))
    assert session.game.expected_player() == "Bob"


def test_a_no_to_one_placement_leaves_the_placement_alike_in_all_but_a_word_to_be_played() -> None:
    """Two placements said alike in all but their word are two moves: the no to the one asked
    back takes nothing from the other, heard next (a French game's 'C à gauche de la ligne
    deux' denied once left every placement on row two unplayable)."""
    session = build_session(CrackWordOptions(players=["Ann", "Bob"], lang="en", seed=3,
                                             first="Ann"), FakeClock(), None)
    session.start()
    with_hand(session.game, "RS", "AT", "ON", "ES", "IR")
    stats = "S on the right of row one, word stats"
    seats = "S on the right of row one, word seats"
    assert [line.text for line in session.hear_speech(transcript((stats, HALF)))] == [f"{stats}?"]
    assert session.hear_words("no")
    session.hear_speech(transcript((seats, LIKELY), (stats, WEAK)))
    assert session.game.expected_player() == "Bob"


@pytest.mark.parametrize(("lang", "letters", "first"), [
    ("en", "ARMREST", ["ARMREST"]),  # not also ARMRESTS
    ("fr", "MARQU", ["MARQUE", "REMARQUE", "REMARQUER", "MARQUER"]),  # not MARQUES
])
def test_a_placement_is_offered_one_of_a_word_and_its_plural(
        lang: str, letters: str, first: list[str]) -> None:
    game = new_game(lang)
    game.lexicon = load_dictionary(lang)
    assert justifying_words(game, letters) == first
