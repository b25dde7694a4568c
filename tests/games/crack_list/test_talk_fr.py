"""Crack List heard in French: what French players say, typed or heard (accents or not, as the
recognizer writes it), becomes the right move or question, and every move the French talk says
is read back to itself, over French games the bots play with the real French deck and judge."""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest

import host
from host.core.events import make_seats
from host.core.talk import Query, Unclear, clean
from host.decks import CategoryCard
from host.games.crack_list.bots import BotSkills, BotTable
from host.games.crack_list.cards import JOKER, REVERSE, SWAP
from host.games.crack_list.events import (
    Answer,
    CallCountdown,
    Challenge,
    ChooseCategory,
    CrackListEvent,
    Move,
    Pass,
    Penalise,
    PlayCrackList,
    PlayReverse,
    PlayStop,
    PlaySwap,
    Vote,
)
from host.games.crack_list.grammar import FR
from host.games.crack_list.moves import legal_moves
from host.games.crack_list.parsing import IntentParser
from host.games.crack_list.rules import CrackListConfig, CrackListGame, State
from host.games.crack_list.setup import category_cards
from host.games.crack_list.talk import TABLE_CALLS, CrackListTalk, same_move
from host.judge import Judge

FRENCH_CORE = Path(host.__file__).parent / "decks_data" / "crack-list" / "fr" / "core.toml"
PARSER = IntentParser(make_seats(["Ann", "Bob", "Cat"]), grammar=FR)
TEAMS = [["Ann", "Dan"], ["Bob", "Eve"], ["Cat", "Fay"]]
ANSWERS_SAID = 12
"""How many of a seat's listed answers each state says in every way (spread over the list)."""
ENGLISH = frozenset({
    "pass", "challenge", "countdown", "reverse", "swap", "with", "give", "to", "all", "number",
    "yes", "no", "penalty", "my", "turn", "whose", "what's", "category", "hand", "how", "many",
    "cards", "got", "first", "second", "third", "last", "one", "two", "three", "the", "and",
    "it", "them", "help", "rules", "repeat", "quit", "resume", "pause"})
"""English command words, none of which a French player is offered."""


@functools.cache
def french_deck() -> list[CategoryCard]:
    """The red cards of the shipped French core deck."""
    return category_cards("fr", [str(FRENCH_CORE)], adults=False, shipped=False)


@functools.cache
def french_judge() -> Judge:
    """The real French judge."""
    return Judge(lang="fr")


def french_game(seed: int = 3, players: int = 3, *, teams: bool = False,
                physical: bool = False) -> CrackListGame:
    """A started French game on the real deck."""
    seats = make_seats(teams=TEAMS) if teams else make_seats(["Ann", "Bob", "Cat", "Dan",
                                                              "Eve"][:players])
    config = CrackListConfig(seats, cards="physical" if physical else "virtual",
                             first=seed % len(seats))
    game = CrackListGame(config, french_deck(), french_judge(), random.Random(seed))
    game.start()
    return game


@pytest.mark.parametrize(
    ("said", "state", "expected"),
    [
        ("un", "choosing", ChooseCategory("Ann", 1)),
        ("la première", "choosing", ChooseCategory("Ann", 1)),
        ("la premiere", "choosing", ChooseCategory("Ann", 1)),
        ("je prends la deux", "choosing", ChooseCategory("Ann", 2)),
        ("la deuxième", "choosing", ChooseCategory("Ann", 2)),
        ("numéro trois", "choosing", ChooseCategory("Ann", 3)),
        ("Numéro 3.", "choosing", ChooseCategory("Ann", 3)),
        ("la troisième", "choosing", ChooseCategory("Ann", 3)),
        ("la dernière", "choosing", ChooseCategory("Ann", 3)),
        ("amazone", "turn", Answer("Ann", "amazone")),
        ("A, amazone", "turn", Answer("Ann", "amazone", letter="A")),
        ("A : amazone", "turn", Answer("Ann", "amazone", letter="A")),
        ("bé, banane", "turn", Answer("Ann", "banane", letter="B")),
        ("be banane", "turn", Answer("Ann", "banane", letter="B")),
        ("B comme banane", "turn", Answer("Ann", "banane", letter="B")),
        ("i grec, yaourt", "turn", Answer("Ann", "yaourt", letter="Y")),
        ("igrec yaourt", "turn", Answer("Ann", "yaourt", letter="Y")),
        ("zède, zèbre", "turn", Answer("Ann", "zèbre", letter="Z")),
        ("zede zebre", "turn", Answer("Ann", "zebre", letter="Z")),
        ("É, éléphant", "turn", Answer("Ann", "éléphant", letter="E")),
        ("joker ananas", "turn", Answer("Ann", "ananas", joker=True)),
        ("U", "turn", Answer("Ann", "", letter="U")),
        ("quatre", "choosing", ChooseCategory("Ann", 4)),  # the rules say there are three
        ("la lettre U", "turn", Answer("Ann", "", letter="U")),
        ("euh, attends, je réfléchis", "turn", Unclear("euh, attends, je réfléchis", quiet=True)),
        ("Attends !", "turn", Unclear("Attends !", quiet=True)),
        ("non", "turn", Vote("Ann", False)),  # un vote en retard : pas une réponse « Non »
        ("Bob : oui", "answered", Vote("Bob", True)),
        ("O, oui", "turn", Answer("Ann", "oui", letter="O")),
        ("je joue le joker", "turn", Answer("Ann", "", joker=True)),
        ("Joker : ananas", "turn", Answer("Ann", "ananas", joker=True)),
        ("je passe", "turn", Pass("Ann")),
        ("Je sais pas", "turn", Pass("Ann")),
        ("stop", "turn", PlayStop("Ann")),
        ("je joue stop", "turn", PlayStop("Ann")),
        ("inversion", "turn", PlayReverse("Ann")),
        ("sens inverse", "turn", PlayReverse("Ann")),
        ("crack list", "turn", PlayCrackList("Ann")),
        ("échange avec Bob", "turn", PlaySwap("Ann", "Bob")),
        ("echange avec Bob", "turn", PlaySwap("Ann", "Bob")),
        ("j'échange avec Bob", "turn", PlaySwap("Ann", "Bob")),
        ("échange ma main avec Bob", "turn", PlaySwap("Ann", "Bob")),
        ("échange mes cartes avec Cat", "turn", PlaySwap("Ann", "Cat")),
        ("échange mon J avec Bob", "turn", PlaySwap("Ann", "Bob", "J")),
        ("échange ma carte bé avec Cat", "turn", PlaySwap("Ann", "Cat", "B")),
        ("échange mon inversion avec Cat", "turn", PlaySwap("Ann", "Cat", REVERSE)),
        ("échange mon joker avec Cat", "turn", PlaySwap("Ann", "Cat", JOKER)),
        ("échange mon échange avec Cat", "turn", PlaySwap("Ann", "Cat", SWAP)),
        ("Bob : je conteste", "turn", Challenge("Bob")),
        ("Bob: contestation", "turn", Challenge("Bob")),
        ("Bob je conteste", "turn", Challenge("Bob")),
        ("Bob contestation", "turn", Challenge("Bob")),
        ("Cat : 5, 4, 3, 2, 1, crack on", "turn", CallCountdown("Cat")),
        ("Cat : cinq, quatre, trois, deux, un, crack on !", "turn", CallCountdown("Cat")),
        ("Cat crack on", "turn", CallCountdown("Cat")),
        ("deux pour Cat", "answered", Penalise("Ann", (("Cat", 2),))),
        ("deux à Cat", "answered", Penalise("Ann", (("Cat", 2),))),
        ("je donne deux cartes à Cat", "answered", Penalise("Ann", (("Cat", 2),))),
        ("une à Bob et deux à Cat", "answered", Penalise("Ann", (("Bob", 1), ("Cat", 2)))),
        ("une pour Bob et deux pour Cat", "answered",
         Penalise("Ann", (("Bob", 1), ("Cat", 2)))),
        ("toutes pour Cat", "answered", Penalise("Ann", (("Cat", 0),))),
        ("tout pour Cat", "answered", Penalise("Ann", (("Cat", 0),))),
        ("tout à Bob", "answered", Penalise("Ann", (("Bob", 0),))),
        ("pas de pénalité", "answered", Penalise("Ann", ())),
        ("pas de penalite", "answered", Penalise("Ann", ())),
        ("personne", "answered", Penalise("Ann", ())),
        ("Bob : oui", "voting", Vote("Bob", True)),
        ("Bob : ouais", "voting", Vote("Bob", True)),
        ("Bob : d'accord", "voting", Vote("Bob", True)),
        ("Bob oui", "voting", Vote("Bob", True)),
        ("Cat : non", "voting", Vote("Cat", False)),
        ("Cat non", "voting", Vote("Cat", False)),
        ("à moi, Bob : je conteste", "turn", Challenge("Bob")),
        ("c'est à moi, Cat, crack on", "turn", CallCountdown("Cat")),
        ("c est a moi Cat crack on", "turn", CallCountdown("Cat")),  # typed without apostrophe
        ("j sais pas", "turn", Pass("Ann")),
        ("Bob : d accord", "voting", Vote("Bob", True)),
        ("Bob : pas daccord", "voting", Vote("Bob", False)),
        ("Em, main", "turn", Answer("Ann", "main", letter="M")),  # letter names as spelt
        ("ere, rein", "turn", Answer("Ann", "rein", letter="R")),
        ("en avion", "turn", Answer("Ann", "en avion")),  # no N: "en" is a word here
    ],
)
def test_french_words_become_moves(said: str, state: str, expected: object) -> None:
    assert PARSER.parse(said, State(state), "Ann")[1] == expected


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("Q, quiche, tout pour Ann", Answer("Cat", "quiche", "Q", penalty=(("Ann", 0),))),
        ("K, kiwi, une à Ann et une à Bob",
         Answer("Cat", "kiwi", "K", penalty=(("Ann", 1), ("Bob", 1)))),
        ("joker zèbre, pas de pénalité", Answer("Cat", "zèbre", joker=True, penalty=())),
        ("A, amazone, tout pour Ann", Answer("Cat", "amazone, tout pour Ann", "A")),  # no +
    ],
)
def test_a_penalty_said_with_the_answer_in_french(said: str, expected: Answer) -> None:
    assert PARSER.parse(said, State.TURN, "Cat")[1] == expected


@pytest.mark.parametrize(
    ("said", "kind", "target"),
    [
        ("c'est quoi la catégorie", "category", None),
        ("C'est quoi la catégorie ?", "category", None),
        ("quelle est la catégorie", "category", None),
        ("tu peux me redire la catégorie s'il te plaît", "category", None),
        ("ma main", "hand", None),
        ("mes cartes", "hand", None),
        ("montre-moi mes cartes", "hand", None),
        ("combien de cartes a Bob", "count", "Bob"),
        ("combien de cartes a Cat ?", "count", "Cat"),
        ("combien de cartes il reste à Bob", "count", "Bob"),
        ("combien de cartes reste-t-il à Bob ?", "count", "Bob"),
        ("il reste combien de cartes à Bob", "count", "Bob"),
        ("Bob a combien de cartes ?", "count", "Bob"),
        ("combien de cartes j'ai", "count", None),
        ("combien de cartes", "counts", None),
        ("combien de cartes chacun", "counts", None),
        ("le score", "score", None),
        ("score", "score", None),
        ("qui gagne", "score", None),
        ("c'est à qui", "situation", None),
        ("à qui le tour", "situation", None),
        ("c'est à qui de jouer ?", "situation", None),
        ("c est quoi la categorie", "category", None),  # typed without apostrophe
        ("cest a qui", "situation", None),
        ("qu est ce que j ai en main", "hand", None),
        ("combien de carte il reste a Cat ?", "count", "Cat"),
        ("combien de cartes j ai", "count", None),
        ("combien de temps il reste", "time_left", None),
        ("il reste combien de temps", "time_left", None),
        ("répète", "repeat", None),
        ("repete", "repeat", None),
        ("aide", "help", None),
        ("règles", "rules", None),
        ("les règles", "rules", None),
        ("on fait une pause", "pause", None),
        ("attendez une minute", "pause", None),  # "attends" alone: thinking aloud
        ("on reprend", "resume", None),
        ("quitter", "quit", None),
    ],
)
def test_questions_to_the_host_in_french(said: str, kind: str, target: str | None) -> None:
    assert PARSER.parse(said, State.TURN, "Ann")[1] == Query(kind, "Ann", target)


def test_a_claim_in_french_names_who_speaks_next() -> None:
    assert PARSER.parse("à moi, Bob", State.TURN, "Ann")[1] == Query("claim_turn", "Bob")
    assert PARSER.parse("a moi Cat", State.TURN, "Ann")[1] == Query("claim_turn", "Cat")


def test_french_nonsense_is_unclear() -> None:
    assert isinstance(PARSER.parse("euh", State.CHOOSING, "Ann")[1], Unclear)
    assert isinstance(PARSER.parse("peut-être", State.VOTING, "Ann")[1], Unclear)


def test_a_french_title_is_chosen_by_name() -> None:
    game = french_game()
    assert game.offered is not None and game.state is State.CHOOSING
    talk = CrackListTalk(game, "fr")
    chooser = game.expected_player()
    assert chooser is not None
    for number, category in enumerate(game.offered.categories, 1):
        assert talk.parse(category.title) == ChooseCategory(chooser, number), category.title
        assert talk.parse(clean(category.title)) == ChooseCategory(chooser, number)


def test_a_title_typed_with_physical_cards_in_french_is_chosen() -> None:
    game = french_game(physical=True)
    talk = CrackListTalk(game, "fr")
    chooser = game.expected_player()
    assert chooser is not None
    known = next(c.title for card in game.red_pile for c in card.categories)
    assert talk.parse(known) == ChooseCategory(chooser, 0, title=known)
    assert talk.parse(clean(known)) == ChooseCategory(chooser, 0, title=known)  # no accents
    assert talk.parse("Des villes de Bretagne") == \
        ChooseCategory(chooser, 0, title="Des villes de Bretagne")  # a card of one's own
    assert talk.parse("la deuxième") == ChooseCategory(chooser, 2)


def test_the_french_talk_says_french() -> None:
    game = french_game(players=3)
    talk = CrackListTalk(game, "fr")
    assert talk.say(Penalise("Ann", (("Bob", 1), ("Cat", 2)))) == "une pour Bob et deux pour Cat"
    assert talk.say(Penalise("Ann", (("Bob", 0),))) == "tout pour Bob"
    assert talk.say(Penalise("Ann", ())) == "pas de pénalité"
    assert talk.say(PlaySwap("Ann", "Bob", "J")) == "échange mon J avec Bob"
    assert talk.say(PlaySwap("Ann", "Bob", REVERSE)) == "échange mon inversion avec Bob"
    assert talk.say(PlaySwap("Ann", "Bob")) == "échange avec Bob"
    assert talk.say(Challenge("Bob"), prefix="Bob") == "Bob: je conteste"
    assert talk.say(ChooseCategory("Ann", 2)) == "numéro deux"
    assert talk.say(Answer("Ann", "amazone", "A")) == "A, amazone"
    assert talk.say(Answer("Ann", "ananas", joker=True)) == "joker ananas"
    assert talk.say(PlayStop("Ann")) == "stop" and talk.say(PlayReverse("Ann")) == "inversion"
    assert talk.say(Pass("Ann")) == "je passe"
    assert talk.say(CallCountdown("Cat")) == "crack on"
    assert (talk.say(Vote("Bob", True)), talk.say(Vote("Bob", False))) == ("oui", "non")


def test_a_team_takes_a_french_penalty_by_its_first_player_s_name() -> None:
    game = french_game(teams=True)
    talk = CrackListTalk(game, "fr")
    ann, bob, cat = (seat.name for seat in game.seats)
    event = Penalise(ann, ((bob, 1), (cat, 2)))
    assert talk.say(event) == "une pour Bob et deux pour Cat"
    parser = IntentParser(game.seats, grammar=FR)
    assert parser.parse(talk.say(event, prefix="Ann"), State.ANSWERED)[1] == event


# ---------------------------------------------------------------- said, heard back


def _spread(answers: tuple[Answer, ...]) -> tuple[Answer, ...]:
    step = max(1, len(answers) // ANSWERS_SAID)
    return answers[::step]


def _misread(talk: CrackListTalk, move: Move, name: str, *, unnamed: bool) -> list[str]:
    """The ways `name` says this move (and, when `unnamed`, an unknown voice) that are not
    read back to the move the player meant (same_move: an answer may come back in another
    of its listed names, its letter the card played)."""
    game = talk.game
    lines: list[tuple[str, str | None]] = [(line, name) for line in dict.fromkeys(
        (talk.say(move), talk.say(move, prefix=name), *talk.variants(move))) if line]
    if unnamed:
        lines += [(line, None) for line in talk.variants(move)]
    wrong = []
    for line, speaker in lines:
        heard = talk.parse(line, speaker)
        if heard != move and not (isinstance(heard, CrackListEvent)
                                  and same_move(move, [heard], game)):
            wrong.append(f"{line!r} by {speaker or 'an unknown voice'}: {heard}")
    return wrong


def _english(talk: CrackListTalk) -> list[str]:
    """The phrases offered now with an English command word in them (an answer's own words,
    a player's name apart)."""
    offers = talk.offers().choices or ()
    names = {clean(person) for seat in talk.game.seats for person in seat.people}
    found = []
    for offer in offers:
        words = clean(offer.phrase)
        if isinstance(offer.move, Answer):
            words = words.replace(clean(offer.move.text), " ")
        english = set(words.split()) & ENGLISH - names
        if english:
            found.append(f"{offer.phrase!r}: {sorted(english)}")
    return found


def _check_state(talk: CrackListTalk) -> list[str]:
    """Every legal move of every seat (and every move the rules refuse aloud), said in French
    every way, read back to itself; every call and question to the host read back to
    itself; no English offered."""
    game = talk.game
    awaited = game.expected_player()
    failures = []
    for seat in range(len(game.seats)):
        legal = legal_moves(game, seat)
        name = game.seats[seat].name
        for move in (*legal.moves, *_spread(legal.answers), *legal.refused[:ANSWERS_SAID]):
            unnamed = move.player == awaited or not isinstance(move, TABLE_CALLS)
            failures += _misread(talk, move, name, unnamed=unnamed)
        for said in (*legal.calls, *legal.questions):
            for line in (talk.say(said), *talk.variants(said)):
                heard = talk.parse(line, name)
                if heard != said and not (isinstance(heard, Answer)
                                          and heard.player == awaited):
                    failures.append(f"{line!r}: {heard} for {said}")
    return failures + _english(talk)


@pytest.mark.parametrize(
    ("seed", "players", "teams", "physical"),
    [(3, 3, False, False), (1, 2, False, False), (5, 4, False, False), (7, 3, True, False),
     (2, 3, False, True), (9, 3, True, True)],
)
def test_every_french_move_said_is_read_back_across_a_french_game(
        seed: int, players: int, teams: bool, physical: bool) -> None:
    game = french_game(seed, players, teams=teams, physical=physical)
    talk = CrackListTalk(game, "fr")
    bots = BotTable(game, BotSkills(), random.Random(seed + 1))
    failures: list[str] = []
    states = set()
    for step in range(200):
        if game.over:
            break
        if step % 3 == 0:
            failures += _check_state(talk)
            states.add(game.state)
        game.handle(bots.next_event())
    assert not failures, "\n".join(failures[:30])
    assert {State.CHOOSING, State.TURN} <= states
