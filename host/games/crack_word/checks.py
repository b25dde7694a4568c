"""Crack Word's invariants for simulated games: every card in exactly one place, legal rows, the
turn order, scores that are the score piles, and every event one of the legal moves."""

from __future__ import annotations

import random
from collections import Counter

from host.core.events import Note, Said, make_seats
from host.core.protocols import SetupError
from host.core.simulate import Bots, SimulationReport, illegal_event, simulate
from host.games.crack_word.board import Lexicon, Row, letters_of
from host.games.crack_word.bots import BotSkills, BotTable
from host.games.crack_word.cards import Card
from host.games.crack_word.config import CrackWordConfig
from host.games.crack_word.events import CrackWordEvent
from host.games.crack_word.hands import deck_count
from host.games.crack_word.moves import legal_moves
from host.games.crack_word.notes import NoteKind
from host.games.crack_word.rules import CrackWordGame

REQUIRED_KINDS = (
    "card_placed_left", "card_placed_right", "card_placed_on_top", "justified",
    "justification_failed", "crack_word", "petard", "etoile", "new_hand", "pass_draw",
    "out_for_good", "end_last_card", "end_all_passed", "game_won",
)
"""Every kind of note a long enough simulation must meet (the issue's list)."""
ACTS = frozenset({NoteKind.CARD_PLACED_LEFT, NoteKind.CARD_PLACED_RIGHT,
                  NoteKind.CARD_PLACED_ON_TOP, NoteKind.CARD_STARTS_ROW, NoteKind.PETARD,
                  NoteKind.PASS_DRAW,
                  NoteKind.OUT_FOR_GOOD, NoteKind.CRACK_WORD, NoteKind.JUSTIFICATION_FAILED})
"""Notes of a move, made by the player on turn."""


def table_problems(game: CrackWordGame) -> list[str]:
    """What is wrong with the table: cards lost or doubled, an illegal row, a player out of
    turn."""
    problems: list[str] = []
    cards = Counter(game.cards_in_play())
    doubled = [card for card, count in cards.items() if count > 1]
    if doubled:
        problems.append(f"cards in two places: {doubled[:3]}")
    problems += colour_problems(game, cards)
    for number, row in enumerate(game.rows):
        problems += [f"row {number}: {problem}" for problem in row_problems(game, row)]
    if not game.over and game.turn in game.out:
        problems.append(f"{game.seats[game.turn].name} is on turn but out for good")
    return problems


def colour_problems(game: CrackWordGame, cards: Counter[Card]) -> list[str]:
    """Each colour's cards, known one by one or only counted (physical cards in hands and
    piles), make its starting pile; no colour shows more cards of a face than its deck holds;
    no count below zero."""
    problems: list[str] = []
    size = game.config.pile_size
    for seat, colour in enumerate(game.colours):
        mine = [card for card in cards if card.colour == colour]
        total = len(mine) + game.held.untracked(seat)
        if total != size:
            problems.append(f"cards not conserved: {colour} has {total} cards, not {size}")
        faces = Counter(card.face for card in mine)
        beyond = [face for face, n in faces.items() if n > deck_count(face, game.config.lang)]
        if beyond:
            problems.append(f"{colour} shows more {beyond[0]} than its deck holds")
        if min(game.held.in_hand(seat), game.held.in_pile(seat)) < 0:
            problems.append(f"{game.seats[seat].name}'s count went below zero")
    return problems


def row_problems(game: CrackWordGame, row: Row) -> list[str]:
    """What is wrong with one row: mixed stacks, a covered Étoile, letters no word holds."""
    problems: list[str] = []
    for stack in row:
        if len({tile.letter for tile in stack}) != 1:
            problems.append("a stack of different letters")
        if any(tile.star for tile in stack[:-1]):
            problems.append("an Étoile covered")
    letters = letters_of(row)
    if len(letters) > 1 and not game.over and not game.lexicon.contains(letters):
        problems.append(f"{letters} is in no word")
    return problems


class CrackWordReferee:
    """Checks one game after every event: that the event was one of the legal moves (seen
    before the rules get it), the table, the turn order (replayed from the notes), and the scores
    said at the end against the score piles."""

    def __init__(self, game: CrackWordGame) -> None:
        self.game = game
        self.turn = game.turn
        self.out: frozenset[int] = frozenset()
        self.opening = False
        self.illegal: str | None = None
        """What was wrong with the event the bots made since `watch`."""


    def watch(self) -> None:
        """Remember who is on turn and who is out before the event."""
        self.turn, self.out = self.game.turn, frozenset(self.game.out)
        self.illegal = None

    def see(self, event: CrackWordEvent) -> None:
        """Judge the event the bots made, before the rules get it."""
        self.illegal = self.illegal_event(event)

    def illegal_event(self, event: CrackWordEvent) -> str | None:
        """Describe this event, if it is none of its player's legal moves now (nor the running
        timer's time-up)."""
        return illegal_event(self.game, event, legal_moves)

    def problems(self, notes: list[Said]) -> list[str]:
        """What is wrong after the event that gave these notes."""
        problems = table_problems(self.game)
        if self.illegal:
            problems.append(self.illegal)
        for note in notes:
            if isinstance(note, Note):
                problems += self._note_problems(note)
        return problems

    def _note_problems(self, note: Note) -> list[str]:
        """A turn given to the wrong player, or scores said that are not the score piles (a
        Crack Word's only while the game goes on: the end's bonus follows it)."""
        game = self.game
        if note.kind in ACTS and note.params["player"] != game.seats[self.turn].name:
            return [f"{note.params['player']} acted ({note.kind}) on "
                    f"{game.seats[self.turn].name}'s turn"]
        if note.kind == NoteKind.OUT_FOR_GOOD:
            self.out = self.out | {game.seat_index(note.params["player"])}
        if note.kind == NoteKind.HANDS_DEALT:
            self.opening = True  # the hands taken (physical cards), the starter plays
        if note.kind == NoteKind.TURN:
            expected = self.turn if self.opening else self._next(self.turn)
            self.opening = False
            self.turn = game.seat_index(note.params["player"])
            if self.turn != expected:
                return [f"turn went to {note.params['player']}, expected "
                        f"{game.seats[expected].name}"]
        if note.kind == NoteKind.CRACK_WORD and not game.over \
                and note.params["score"] != game.points()[note.params["player"]]:
            return [f"score {note.params['score']} said at the Crack Word is not the score pile"]
        if note.kind in (NoteKind.GAME_WON, NoteKind.GAME_SHARED) \
                and note.params["points"] != game.points():
            return [f"scores {note.params['points']} are not the score piles {game.points()}"]
        return []

    def _next(self, seat: int) -> int:
        """The next seat clockwise not out for good."""
        for step in range(1, len(self.game.seats) + 1):
            nxt = (seat + step) % len(self.game.seats)
            if nxt not in self.out:
                return nxt
        return seat



def simulate_crack_word(lexicon: Lexicon, *, games: int, seed: int, players: int = 3,
                        lang: str = "fr", skills: BotSkills | None = None,
                        expert: bool = False, cards: str = "virtual") -> SimulationReport:
    """Play `games` bot games of Crack Word (`cards`: virtual, or physical: the bots hold
    real cards and say what they show and place); SetupError when the table cannot be set
    up."""
    names = [f"Bot{i + 1}" for i in range(players)]
    config = CrackWordConfig(make_seats(names), lang=lang, expert=expert,
                             cards="physical" if cards == "physical" else "virtual")
    try:
        config.validate()
    except ValueError as err:
        raise SetupError(str(err)) from err

    def new_table(rng: random.Random) -> tuple[CrackWordGame, Bots, CrackWordReferee]:
        game = CrackWordGame(config, lexicon, rng)
        bots = BotTable(game, skills or BotSkills(), random.Random(rng.random()))
        referee = CrackWordReferee(game)
        return game, bots, referee

    return simulate(new_table, games=games, seed=seed, required=REQUIRED_KINDS)

