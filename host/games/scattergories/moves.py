"""What each seat may do now in a Scattergories game: the one list the talk, the recognizer, the
companion pages, the bots and the simulator's referee all read.

A seat's legal moves come in three kinds. `moves` are said in set words, by the moment: the
roller's letters after a wild star; more time, and its yes or no, while the players write; the
reader's blank and everyone's challenges while a category is read; every voter's thumbs up or
down (the challenged player's too). An answer is in the reader's own words (`answer`), legal
whatever they are: the recognizer is offered the category's known answers as its likely forms
(`answers`). The reader just read back may say their answer again when the host misheard it
(`correction`). Beside them, the `questions` for the host, as the talk parses them.
"""

from __future__ import annotations

import functools
import string
from dataclasses import dataclass

from host.core.talk import Query
from host.decks import Category
from host.games.scattergories.events import (
    AgreeMoreTime,
    AskMoreTime,
    Challenge,
    ChooseLetter,
    Move,
    ReadAnswer,
    Vote,
)
from host.games.scattergories.flow import State
from host.games.scattergories.lists import deck_words
from host.games.scattergories.reading import sounds_alike
from host.games.scattergories.rules import ScattergoriesGame
from host.judge import Judge
from host.judge.text import words as answer_words

WRITING_QUESTIONS = ("time_left", "letter", "list")
"""The questions the host answers while the players write: it is otherwise quiet, as in the
box (the core's pause and quit stay possible)."""
QUESTIONS = (*WRITING_QUESTIONS, "category", "score", "situation", "answers")
"""The questions anyone may ask the host at other times (each answered by its kind)."""
KNOWN_OTHERS = 200
"""Known answers with another first letter offered at most (a generated category may know
thousands)."""


@dataclass(frozen=True, slots=True)
class OpenAnswer:
    """An answer in the player's own words: legal whatever they are (a correction, when it
    may be what the host misheard)."""

    player: str
    corrects: str | None = None
    """The answer read back that this one says again, heard wrong ("" a blank); None: the
    reader on turn reads anything."""
    lang: str = "en"
    """The answers' language, for whether a correction sounds like the answer read back."""

    def with_words(self, text: str) -> ReadAnswer:
        """The move this answer is, said in these words."""
        return ReadAnswer(self.player, text)

    def allows(self, text: str) -> bool:
        """Whether these words may be this answer (a correction sounds like the one read)."""
        return self.corrects is None or sounds_alike(self.corrects, text.strip(), self.lang)


@dataclass(frozen=True)
class LegalMoves:
    """What one seat may do now: moves in set words, an answer in its own words (the known
    answers its likely forms), a correction, and the questions beside them."""

    moves: tuple[Move, ...] = ()
    """Moves said in set words: a letter, more time, yes or no, a blank, challenges, votes."""
    answer: OpenAnswer | None = None
    """The reader on turn's answer, in their own words (None: this seat does not read now)."""
    answer_forms: tuple[str, ...] = ()
    """The likely forms of the reader's answer (`known_forms`), when this seat reads."""
    stand_ins: frozenset[str] = frozenset()
    """Those of `answer_forms` that are the deck's words, not the category's own."""
    correction: OpenAnswer | None = None
    """The last reader's answer said again, when the host may have misheard it."""
    questions: tuple[Query, ...] = ()
    """The questions for the host."""

    @property
    def answers(self) -> tuple[ReadAnswer, ...]:
        """Every likely form of the reader's answer as their move."""
        answer = self.answer
        return () if answer is None else tuple(answer.with_words(f) for f in self.answer_forms)

    def allows(self, move: Move) -> bool:
        """Whether this seat may make this move now (an answer in whatever words)."""
        if isinstance(move, ReadAnswer):
            return move in self.moves or any(
                open_answer is not None and move == open_answer.with_words(move.text)
                and open_answer.allows(move.text)
                for open_answer in (self.answer, self.correction))
        return move in self.moves


def legal_moves(game: ScattergoriesGame, seat: int) -> LegalMoves:
    """What the player at `seat` may do now, by the moment: choose the letter (the roller),
    ask for more time or answer the request (while the players write), read, correct,
    challenge (while a category is read), vote (every player of the round, once); anyone asks
    the host."""
    name = game.seats[seat].name
    questions = _questions(name, game.state is State.WRITING)
    if seat not in game.playing:
        return LegalMoves(questions=questions)
    state = game.state
    if state is State.CHOOSING_LETTER and seat == game.roller:
        used = set(game.used_letters)
        letters = tuple(ChooseLetter(name, letter) for letter in string.ascii_uppercase
                        if letter not in used)
        return LegalMoves(letters, questions=questions)
    if state is State.WRITING:
        return LegalMoves(_writing(game, seat, name), questions=questions)
    if state is State.VOTING:
        votes = () if seat in game.votes else (Vote(name, True), Vote(name, False))
        return LegalMoves(votes, questions=questions)
    if state in (State.READING, State.REVIEW):
        return _reading(game, seat, name, questions)
    return LegalMoves(questions=questions)


@functools.lru_cache(maxsize=64)
def _questions(name: str, writing: bool) -> tuple[Query, ...]:
    """The questions this player may ask the host (fewer while the players write)."""
    return tuple(Query(kind, name) for kind in (WRITING_QUESTIONS if writing else QUESTIONS))


def _writing(game: ScattergoriesGame, seat: int, name: str) -> tuple[Move, ...]:
    """More time asked while none is (and the round has some), or the request answered."""
    if game.request is None:
        return (AskMoreTime(name),) if game.extensions_left > 0 else ()
    if seat in game.request:  # the asker, or a player who agreed already
        return ()
    return AgreeMoreTime(name, True), AgreeMoreTime(name, False)


def _reading(game: ScattergoriesGame, seat: int, name: str,
             questions: tuple[Query, ...]) -> LegalMoves:
    """The reader on turn's answer or blank, the last reader's correction, and challenges of
    the others' answers read to this category (not blanks, each once)."""
    index = game.category_index
    read = game.sheet[index]
    challenges = tuple(Challenge(name, game.seats[other].name) for other, text in read.items()
                       if other != seat and text and (index, other) not in game.challenged)
    lang = game.config.lang
    last = game.order[game.reader_pos - 1] if game.reader_pos > 0 else None
    correction = OpenAnswer(name, read.get(seat, ""), lang) \
        if seat == last and (index, seat) not in game.challenged \
        and not (game.state is State.READING and seat == game.reader()) else None
    if game.state is not State.READING or seat != game.reader():
        return LegalMoves(challenges, correction=correction, questions=questions)
    forms, stand_ins = known_forms(game)
    return LegalMoves((ReadAnswer(name, ""), *challenges), OpenAnswer(name, lang=lang), forms,
                      stand_ins, correction, questions)


def known_forms(game: ScattergoriesGame) -> tuple[tuple[str, ...], frozenset[str]]:
    """The likely forms of an answer to the category being read, with those that stand in
    for its own: every known form of the category (canonical and aliases), those with the
    key letter first; when it knows none with the letter (an open one, or "Farm animals" with
    W), the deck's known answers with the letter stand in (real words a player may well say:
    without them the host decoded freely and the commands won in babble, "Quoits" heard as
    "quit", "Capybara" as "repeat"); then the answers read already to it (a duplicate must be
    heard as one). None outside the reading.

    Demo (3 players, seeds 1, 2, 3): 0.602, 0.552, 0.600 before the deck's words; 0.625,
    0.655, 0.655 with them offered for every category; 0.661, 0.661, 0.864 with them only
    where the category has none of its own (a listed category's own answers are the likely
    ones, the others' words only compete)."""
    category = game.category
    if category is None:
        return (), frozenset()
    read = tuple(text for text in game.sheet[game.category_index].values() if text)
    key = (category, game.letter, game.judge, game.lists, read)
    cached = _KNOWN.get(id(category))
    if cached is not None and cached[0] == key:
        return cached[1]
    keyed, others = _own_forms(game, category)
    stand_ins = () if keyed else tuple(deck_words(game.lists, game.config.lang)
                                       .get(game.letter or "", []))
    forms = tuple(dict.fromkeys([*(keyed or stand_ins), *others, *read]))
    known = forms, frozenset(stand_ins).difference(others, read)
    _KNOWN[id(category)] = (key, known)
    return known


_KNOWN: dict[int, tuple[tuple[object, ...], tuple[tuple[str, ...], frozenset[str]]]] = {}
"""The likely forms of each category's answers, by the category's id, with what they were
worked out from (the category, the letter, the judge, the deck, the answers read): a reading
asks for them at every move."""


def _own_forms(game: ScattergoriesGame, category: Category) -> tuple[list[str], list[str]]:
    """The category's own known forms with the key letter, and (at most KNOWN_OTHERS) with
    another; a generated category's are its judge's."""
    forms = [form for entry in category.answers for form in (entry.text, *entry.aliases)]
    judge = game.judge
    if not forms and isinstance(judge, Judge) and category.verifiable:
        forms = list(dict.fromkeys(judge.index(category).exact.values()))
    letter = game.letter or ""
    keyed = [form for form in forms if _plays(form, category, letter)]
    chosen = set(keyed)
    others = [form for form in forms if form not in chosen][:KNOWN_OTHERS]
    return keyed, others


def _plays(form: str, category: Category, letter: str) -> bool:
    """Whether this form plays the key letter (a person's last name too)."""
    words = answer_words(form)
    return bool(words) and (words[0][:1].upper() == letter
                            or (category.people and words[-1][:1].upper() == letter))

