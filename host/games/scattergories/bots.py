"""Bot players for Scattergories: they write and read answers as people would, mistakes,
copies, blanks, answers that do not fit, challenges, votes and pleas for one more minute
included.

Who may act, and how, is read from the legal moves (host.games.scattergories.moves): the bots
choose among them; the words of an answer are the bot's own (the deck's answers), as a player's
are. Every random choice draws `rng.random()` (host.core.simulate.Dice), one draw per choice
in a fixed order, so a seed always plays the same game. A bot's real answer is a known answer
of the category (for an open category, of any list of the deck) with the right first letter;
a bluff is a real word of the deck with the key letter that the category does not know, which
the bots know to challenge (made-up syllables only when the deck has no such word).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from host.core.events import TimeUp
from host.core.simulate import Dice
from host.games.scattergories.events import (
    AgreeMoreTime,
    AskMoreTime,
    Challenge,
    ChooseLetter,
    Move,
    ScattergoriesEvent,
    Vote,
)
from host.games.scattergories.flow import State
from host.games.scattergories.lists import category_words, deck_words
from host.games.scattergories.moves import legal_moves
from host.games.scattergories.rules import ScattergoriesGame

SYLLABLES = ("ba", "lo", "rin", "ta", "vex", "mu", "dro", "ki", "zel", "po", "nar", "fu")
"""What a made-up bluff is made of, after its key letter ("Pzelmu"), when the deck has no word
to bluff with."""


@dataclass(frozen=True)
class BotSkills:
    """How the table of bots behaves. A reader's answer is one of six kinds, in proportion to
    `know`, `other_letter`, `copy`, `repeat_own`, `invent` and `blank` (chances when they sum
    to 1, as the defaults do); the others are chances of their own."""

    know: float = 0.6
    """A known answer with the key letter (2 points, unless another player gave it too)."""
    other_letter: float = 0.1
    """A known answer with another first letter (1 point)."""
    copy: float = 0.1
    """The same answer as another player's to this category (0 for both)."""
    repeat_own: float = 0.03
    """The bot's own answer to an earlier category of the round (0)."""
    invent: float = 0.08
    """A bluff with the key letter that does not fit the category, for the others to
    challenge."""
    blank: float = 0.09
    """Nothing written."""
    read_timeout: float = 0.03
    """The reader on turn says nothing until the time runs out (a blank)."""
    challenge: float = 0.04
    """Chance that a real answer, once read, is challenged."""
    challenge_bluff: float = 0.7
    """Chance that a bluff, once read, is challenged."""
    honest_vote: float = 0.8
    """Chance a voter votes for a real answer, or against a bluff."""
    vote_timeout: float = 0.03
    """Chance the vote's time runs out before the next vote."""
    ask_time: float = 0.2
    """Chance, each round, that a bot asks for one more minute."""
    agree: float = 0.8
    """Chance a bot agrees to more time."""
    choose_timeout: float = 0.2
    """Chance a roller lets the time run out after a wild star (the host rolls for them)."""

    def __post_init__(self) -> None:
        weights = (self.know, self.other_letter, self.copy, self.repeat_own, self.invent,
                   self.blank)
        if min(weights) < 0 or sum(weights) <= 0:
            raise ValueError("the bots' chances must be positive numbers, some above zero")


class BotTable:
    """Chooses the next event for whoever should act in a game."""

    def __init__(self, game: ScattergoriesGame, skills: BotSkills, rng: random.Random) -> None:
        self.game = game
        self.skills = skills
        self.rng = rng
        self.dice = Dice(rng)
        self._deck_words = deck_words(game.lists, game.config.lang)
        self._bluffs: set[str] = set()
        """The bluffs written, which the bots know do not fit."""
        self._considered: set[tuple[int, int, int]] = set()
        """The (round, category, seat) answers whose challenge was decided."""
        self._asked_round = 0

    def next_event(self) -> ScattergoriesEvent:
        """The next thing someone at the table does: one of the legal moves, or the time
        running out."""
        game = self.game
        legal = [legal_moves(game, seat) for seat in range(len(game.seats))]
        moves = [move for seat_moves in legal for move in seat_moves.moves]
        state = game.state
        if state is State.CHOOSING_LETTER:
            return self._choose(moves)
        if state is State.WRITING:
            return self._writing(moves)
        if state is State.VOTING:
            return self._vote(moves)
        challenge = self._challenge(moves)
        if challenge is not None:
            return challenge
        reader = next((seat_moves.answer for seat_moves in legal if seat_moves.answer), None)
        if reader is not None and not self.dice.happens(self.skills.read_timeout):
            return reader.with_words(self._answer(game.seat_index(reader.player)))
        return self._time_up()

    # ----------------------------------------------------------------- the table

    def _name(self, seat: int) -> str:
        return self.game.seats[seat].name

    def _time_up(self) -> TimeUp:
        return TimeUp(self.game.timer_token)

    # ----------------------------------------------------------------- moves

    def _choose(self, moves: Sequence[Move]) -> ScattergoriesEvent:
        """After a wild star the roller names a letter not used yet (or lets the time run)."""
        if self.dice.happens(self.skills.choose_timeout):
            return self._time_up()
        return self.dice.pick([move for move in moves if isinstance(move, ChooseLetter)])

    def _writing(self, moves: Sequence[Move]) -> ScattergoriesEvent:
        """Answer a request for more time (the first player yet to answer), sometimes ask for
        it, else let the time run."""
        game = self.game
        answers = [move for move in moves if isinstance(move, AgreeMoreTime)]
        if answers:
            agree = self.dice.happens(self.skills.agree)
            return next(move for move in answers if move.agree == agree)
        if self._asked_round != game.round_no:
            self._asked_round = game.round_no
            askers = [move for move in moves if isinstance(move, AskMoreTime)]
            if askers and self.dice.happens(self.skills.ask_time):
                return self.dice.pick(askers)
        return self._time_up()

    def _challenge(self, moves: Sequence[Move]) -> Challenge | None:
        """Someone challenges the answer read last, if nobody has thought about it yet."""
        game = self.game
        read = game.sheet[game.category_index]
        challenges = [move for move in moves if isinstance(move, Challenge)]
        for seat, text in read.items():
            key = (game.round_no, game.category_index, seat)
            if key in self._considered:
                continue
            self._considered.add(key)
            bluff = text in self._bluffs
            chance = self.skills.challenge_bluff if bluff else self.skills.challenge
            against = [move for move in challenges if move.target == self._name(seat)]
            if against and self.dice.happens(chance):
                return self.dice.pick(against)
        return None

    def _vote(self, moves: Sequence[Move]) -> ScattergoriesEvent:
        """The next voter's thumbs up or down (the first yet to vote, the challenged player
        too): honest mostly, the challenged for themselves."""
        game = self.game
        if self.dice.happens(self.skills.vote_timeout):
            return self._time_up()
        votes = [move for move in moves if isinstance(move, Vote)]
        voter = votes[0].player
        target = game.target
        if target is not None and voter == self._name(target):
            accept = True
        else:
            text = game.sheet[game.category_index].get(target or 0, "")
            accept = self.dice.happens(self.skills.honest_vote) != (text in self._bluffs)
        return next(move for move in votes if move.player == voter and move.accept == accept)

    # ----------------------------------------------------------------- answers

    def _answer(self, seat: int) -> str:
        """What the bot at `seat` wrote for the category being read."""
        skills = self.skills
        weights = (skills.know, skills.other_letter, skills.copy, skills.repeat_own,
                   skills.invent, skills.blank)
        roll = self.rng.random() * sum(weights)
        kind = next((i for i in range(len(weights)) if roll < sum(weights[:i + 1])), 5)
        if kind == 2:
            return self._copied(seat) or self._known(seat)
        if kind == 3:
            return self._own_repeat(seat) or self._known(seat)
        if kind == 4:
            return self._bluff(seat)
        if kind == 5:
            return ""
        return self._known(seat, other_letter=kind == 1)

    def _known(self, seat: int, *, other_letter: bool = False) -> str:
        """A known answer with the key letter (or another), not used by the bot this round;
        with none, any word of the deck with the letter (a real word, perhaps off the
        category); with none either, a made-up one."""
        game = self.game
        category = game.categories[game.category_index]
        letter = game.letter or "A"
        words = category_words(category, game.config.lang) if category.answers else \
            self._deck_words
        if other_letter:
            options = [w for key, ws in words.items() if key != letter for w in ws[:3]]
        else:
            options = words.get(letter, [])
        mine = self._written_before(seat)
        options = [word for word in options if word not in mine] or \
            [word for word in self._deck_words.get(letter, []) if word not in mine]
        return self.dice.pick(options) if options else self._made_up()

    def _copied(self, seat: int) -> str | None:
        """Another player's answer read to this category."""
        read = self.game.sheet[self.game.category_index]
        answers = [text for other, text in read.items() if other != seat and text]
        return self.dice.pick(answers) if answers else None

    def _own_repeat(self, seat: int) -> str | None:
        """The bot's own answer to an earlier category of the round."""
        answers = self._written_before(seat)
        return self.dice.pick(answers) if answers else None

    def _written_before(self, seat: int) -> list[str]:
        """The bot's answers to the earlier categories of the round (blanks aside)."""
        game = self.game
        answers = [game.sheet[i].get(seat, "") for i in range(game.category_index)]
        return [text for text in answers if text]

    def _bluff(self, seat: int) -> str:
        """A word of the deck with the key letter that the category does not know and the bot
        has not written this round (a Scattergories bluff is a real word: a made-up one is
        what no player says and no ear can write), remembered as a bluff; made up when the
        deck has none."""
        game = self.game
        category = game.categories[game.category_index]
        letter = game.letter or "A"
        known = {answer for words in category_words(category, game.config.lang).values()
                 for answer in words}
        mine = self._written_before(seat)
        options = [word for word in self._deck_words.get(letter, [])
                   if word not in known and word not in mine]
        if not options:
            return self._made_up()
        word = self.dice.pick(options)
        self._bluffs.add(word)
        return word

    def _made_up(self) -> str:
        """A made-up word with the key letter, remembered as a bluff."""
        letter = self.game.letter or "A"
        word = letter + "".join(self.dice.pick(SYLLABLES) for _ in range(2))
        self._bluffs.add(word)
        return word


def voice_bots(game: ScattergoriesGame, rng: random.Random) -> BotTable:
    """Bots for the spoken demo: they never let a reading or a vote time out (the demo moves
    the writing time on itself), always choose a letter after a wild star, and seldom bluff
    (a bluff, often a rare word, is among the hardest things to hear right)."""
    skills = BotSkills(read_timeout=0.0, vote_timeout=0.0, choose_timeout=0.0, invent=0.02,
                       blank=0.15)
    return BotTable(game, skills, rng)

