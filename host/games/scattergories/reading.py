"""The reading of a Scattergories round: each answer read in turn, challenged and voted on,
then every answer of the category scored once.

The checks (`prepare`), conditions and moves (`after`) of host.games.scattergories.flow's reading
rows; the table's own moves (the roll, the timer, the rounds) are
host.games.scattergories.rules.ScattergoriesGame's, which this mixin is a part of.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rapidfuzz.distance import Levenshtein

from host.core.events import IllegalEvent, Note, Said, Seat, TimeUp
from host.decks import Category
from host.games.scattergories.config import ScattergoriesConfig
from host.games.scattergories.events import Challenge, ReadAnswer, ScattergoriesEvent, Vote
from host.games.scattergories.flow import State
from host.games.scattergories.notes import NoteKind, Refusal
from host.judge import Reason, Verdict, normalize
from host.judge.people import person_letters
from host.judge.sounds import sound

if TYPE_CHECKING:
    from host.games.scattergories.rules import LetterJudge

SCORE_KINDS: dict[NoteKind, int] = {
    NoteKind.ANSWER_SCORED_2: 2,
    NoteKind.ANSWER_SCORED_1: 1,
    NoteKind.ANSWER_DUPLICATE_0: 0,
    NoteKind.ANSWER_UNFIT_0: 0,
    NoteKind.ANSWER_REPEAT_0: 0,
    NoteKind.ANSWER_BLANK: 0,
}
"""The note that scores an answer, by kind, and the points it gives."""


MISHEARD_LIKENESS = 0.55
"""The least likeness (normalised Levenshtein similarity, 0 to 1, of the two answers' keys)
of a correction to the answer read back: "Pengwin" and "Penguin" (0.86), "Lamer" and "Lemur"
(0.6) are one answer misheard; "Penguin" and "Puffin" (0.43), "Poodle" and "Pug" (0.17) two
answers."""


def sounds_alike(read: str, said: str, lang: str) -> bool:
    """Whether `said` may be what the host misheard as `read`: the same, or the same first
    letter and spelling close enough, or one cut short of the other ("Polar" for "Polar
    bear"); a blank is like nothing else."""
    heard, meant = normalize(read, lang=lang), normalize(said, lang=lang)
    if heard == meant:
        return True
    if not heard or not meant or heard[0] != meant[0]:
        return False
    if heard.startswith(meant) or meant.startswith(heard):
        return True
    return Levenshtein.normalized_similarity(sound(heard), sound(meant)) >= MISHEARD_LIKENESS


class ReadingRules:
    """The reading, the challenges, the votes and the scoring of one table's rounds."""

    if TYPE_CHECKING:  # made by ScattergoriesGame
        config: ScattergoriesConfig
        state: State
        seats: tuple[Seat, ...]
        judge: LetterJudge
        categories: tuple[Category, ...]
        letter: str | None
        round_no: int
        playing: tuple[int, ...]
        roller: int
        category_index: int
        order: tuple[int, ...]
        reader_pos: int
        sheet: list[dict[int, str]]
        verdicts: dict[tuple[int, int], Verdict]
        challenged: set[tuple[int, int]]
        rejected: set[tuple[int, int]]
        scores: list[dict[int, int]]
        target: int | None
        votes: dict[int, bool]
        _notes: list[Said]
        all_have_read: Callable[[ScattergoriesEvent], bool]
        back_to_reading: Callable[[ScattergoriesEvent], bool]

        def _say(self, kind: NoteKind, **params: Any) -> None: ...
        def _arm(self, name: str) -> None: ...
        def _name(self, seat: int) -> str: ...
        def _from(self, first: int) -> list[int]: ...
        def _by_name(self, points: dict[int, int]) -> dict[str, int]: ...
        def _target(self) -> int: ...
        def seat_index(self, name: str) -> int: ...
        def check_player(self, event: ScattergoriesEvent) -> int: ...

    def reader(self) -> int:
        """The seat of the reader on turn (the last reader once all have read)."""
        return self.order[min(self.reader_pos, len(self.order) - 1)]

    def voter(self) -> int | None:
        """The seat whose vote the host calls for: the first, in seat order, yet to vote."""
        return next((seat for seat in self.playing if seat not in self.votes), None)

    # ----------------------------------------------------------------- checks (prepare)
    # Each raises IllegalEvent, before anything changes.

    def check_reader(self, event: ReadAnswer) -> None:
        """Only the reader on turn reads, and the one before corrects their answer (not once
        it is challenged) when the host misheard it: an answer is fixed once read."""
        seat = self.check_player(event)
        if self.is_correction(event):
            read = self._answer(seat)
            if not sounds_alike(read, event.text.strip(), self.config.lang):
                raise IllegalEvent(Refusal.ANSWER_FIXED, player=self._name(seat),
                                   answer=read or "blank")
            return
        if (self.category_index, seat) in self.challenged:
            raise IllegalEvent(Refusal.ANSWER_CHALLENGED, player=self._name(seat))
        if seat != self.reader():
            raise IllegalEvent(Refusal.NOT_YOUR_TURN, player=self._name(seat),
                               turn=self._name(self.reader()))

    def is_correction(self, event: ReadAnswer) -> bool:
        """The player who read last corrects their answer before the next reader has read (or
        before the category is scored), unless it is being challenged."""
        seat = self.seat_index(event.player)
        last = self.order[self.reader_pos - 1] if self.reader_pos > 0 else None
        challenged = (self.category_index, seat) in self.challenged
        on_turn = self.state is not State.REVIEW and seat == self.reader()
        return seat == last and not on_turn and not challenged

    def check_challenge(self, event: Challenge) -> None:
        """Another player's answer read to this category (not a blank), challenged once."""
        challenger = self.check_player(event)
        target = self.seat_index(event.target)
        key = (self.category_index, target)
        if target == challenger:
            raise IllegalEvent(Refusal.OWN_CHALLENGE, player=self._name(target))
        if not self.sheet[self.category_index].get(target):
            raise IllegalEvent(Refusal.NOTHING_TO_CHALLENGE, player=self._name(target))
        if key in self.challenged:
            raise IllegalEvent(Refusal.ALREADY_CHALLENGED, player=self._name(target))

    def check_vote(self, event: Vote) -> None:
        """Every player of the round votes once, the challenged one too."""
        voter = self.check_player(event)
        if voter in self.votes:
            raise IllegalEvent(Refusal.ALREADY_VOTED, player=self._name(voter))

    # ----------------------------------------------------------------- conditions

    def list_settles_it(self, event: Challenge) -> bool:
        """The judge has ruled on the challenged answer: on the list, or off a closed one."""
        return self._verdict(self.seat_index(event.target)).accepted is not None

    def is_last_vote(self, event: Vote) -> bool:
        """With this vote, every player of the round has voted."""
        return len(self.votes) + 1 == len(self.playing)

    def readers_left(self, event: ScattergoriesEvent) -> bool:
        """Some players have not read this category yet."""
        return self.reader_pos < len(self.order)

    # ----------------------------------------------------------------- moves (after)

    def open_category(self, event: ScattergoriesEvent) -> None:
        """The category is named; its first reader is the roller."""
        self.order = tuple(self._from(self.roller))
        self.reader_pos = 0
        self._notes.append(self._category_note())
        self._begin_turn()

    def take_answer(self, event: ReadAnswer) -> None:
        """The reader's answer (or blank) is written down and read back."""
        self._write(self.reader(), event.text.strip())

    def take_correction(self, event: ReadAnswer) -> None:
        """The last reader's answer, said again: written down instead, and read back."""
        seat = self.seat_index(event.player)
        self.verdicts.pop((self.category_index, seat), None)
        self._write(seat, event.text.strip(), corrected=True)

    def read_blank(self, event: TimeUp) -> None:
        """The reader said nothing in time: a blank."""
        self._say(NoteKind.READ_TIMEOUT, player=self._name(self.reader()))
        self._write(self.reader(), "")

    def pass_turn(self, event: ScattergoriesEvent) -> None:
        """The next reader reads; after the last, the last moment to challenge."""
        self.reader_pos += 1
        if self.reader_pos < len(self.order):
            self._begin_turn()
            return
        answers = {self._name(seat): self.sheet[self.category_index].get(seat, "")
                   for seat in self.order}
        self._say(NoteKind.CATEGORY_READ, category=self.categories[self.category_index].title,
                  number=self.category_index + 1, answers=answers,
                  seconds=self.config.challenge_seconds)
        self.all_have_read(event)

    def open_review(self, event: ScattergoriesEvent) -> None:
        """Everyone has read: a short time to challenge before the scoring."""
        self._arm("challenge")

    def settle_by_list(self, event: Challenge) -> None:
        """The category's list settles the challenge: the answer stands or falls without a
        vote."""
        target = self.seat_index(event.target)
        self._challenge(event, target)
        verdict = self._verdict(target)
        self._say(NoteKind.CHALLENGE_SETTLED, player=self._name(target),
                  answer=self._answer(target), accepted=verdict.accepted,
                  matched=verdict.matched)

    def open_vote(self, event: Challenge) -> None:
        """The challenged answer goes to the vote of every player."""
        self.target = self.seat_index(event.target)
        self.votes = {}
        self._challenge(event, self.target)
        self._arm("vote")
        self._call_voter()

    def take_vote(self, event: Vote) -> None:
        """A thumbs up or down."""
        voter = self.seat_index(event.player)
        self.votes[voter] = event.accept
        self._say(NoteKind.VOTE, player=self._name(voter), accept=event.accept,
                  voted=len(self.votes), voters=len(self.playing))
        self._call_voter()

    def _call_voter(self) -> None:
        """Name the next player to vote, as the reading calls each reader: a voice host cannot
        see thumbs, nor tell voices apart, so a bare "thumbs up" is the called player's (anyone
        may still vote first by saying their name). Before, a vote heard without the voter's
        name (a short "Ann" lost in babble) was asked whose it was, over and over: a demo game
        (seed 3, the deck's words offered for every category) spent 40 of its 145 utterances
        so, at 0.655 understood; with the voter called, 0.747 (seeds 1 to 6 of today's demo
        hold no vote: unchanged there)."""
        voter = self.voter()
        if voter is not None:
            self._say(NoteKind.VOTER, player=self._name(voter))

    def settle_vote(self, event: Vote | TimeUp) -> None:
        """The majority decides; in a tie the challenged player's vote does not count, and a
        tie that remains lets the answer stand."""
        target = self._target()
        yes, no = self._count(self.votes)
        if yes == no and target in self.votes:
            yes, no = self._count({k: v for k, v in self.votes.items() if k != target})
            self._say(NoteKind.TIE_VOTE_WITHOUT_CHALLENGED, player=self._name(target),
                      yes=yes, no=no)
        accepted = yes >= no
        if not accepted:
            self.rejected.add((self.category_index, target))
        kind = NoteKind.VOTE_ACCEPTED if accepted else NoteKind.VOTE_REJECTED
        self._say(kind, player=self._name(target), answer=self._answer(target), yes=yes, no=no)
        self.target = None
        self.back_to_reading(event)

    def resume_turn(self, event: ScattergoriesEvent) -> None:
        """After the vote, the reader on turn reads, with a fresh timer."""
        self._begin_turn()

    def score_category(self, event: TimeUp) -> None:
        """Every answer to the category scored once, in reading order, then its points."""
        index = self.category_index
        points = {seat: self._score(index, seat) for seat in self.order}
        self.scores[index] = points
        self._say(NoteKind.CATEGORY_SCORED, category=self.categories[index].title,
                  number=index + 1, points=self._by_name(points))

    # ----------------------------------------------------------------- helpers

    def _write(self, seat: int, text: str, *, corrected: bool = False) -> None:
        """Write down one reader's answer, judge it once, and read it back."""
        index = self.category_index
        category = self.categories[index]
        verdict = self.judge.judge(category, text, article_letter=False) if text else None
        if verdict is not None and verdict.reason is Reason.EMPTY:
            text, verdict = "", None
        if verdict is not None:
            verdict = self._with_name_letters(text, verdict)
        self.sheet[index][seat] = text
        if verdict is not None:
            self.verdicts[(index, seat)] = verdict
        self._say(NoteKind.ANSWER_READ, player=self._name(seat), answer=text,
                  blank=not text, category=category.title, number=index + 1,
                  letter=self.letter, corrected=corrected,
                  letter_ok=None if verdict is None else self.letter in verdict.letters)

    def _with_name_letters(self, text: str, verdict: Verdict) -> Verdict:
        """The verdict with a person's last name carrying the letter too, in any category
        ("George Michael" plays M for Songs or Singers, "Billy Idol" I for Things that are
        loud), as the rulebook says of every person's name."""
        extra = [x for x in person_letters(text, self.config.lang) if x not in verdict.letters]
        return replace(verdict, letters=(*verdict.letters, *extra)) if extra else verdict

    def _score(self, index: int, seat: int) -> int:
        """Score one answer and say it: blank, voted down or off the list, the same as
        another's, a repeat of the player's own, then 2 or 1 by its first letter."""
        text = self.sheet[index].get(seat, "")
        kind = NoteKind.ANSWER_BLANK
        reason = None
        if text:
            kind, reason = self._judge_score(index, seat, text)
        points = SCORE_KINDS[kind]
        self._say(kind, player=self._name(seat), answer=text, points=points,
                  category=self.categories[index].title, number=index + 1,
                  round=self.round_no, reason=reason)
        return points

    def _judge_score(self, index: int, seat: int, text: str) -> tuple[NoteKind, str | None]:
        """The kind of score a written answer gets, and why when it scores nothing."""
        verdict = self._verdict(seat, index)
        if (index, seat) in self.rejected:
            return NoteKind.ANSWER_UNFIT_0, "vote"
        if verdict.accepted is False:
            return NoteKind.ANSWER_UNFIT_0, "list"
        others = [other for s, other in self.sheet[index].items() if s != seat and other]
        category = self.categories[index]
        if others and self.judge.judge(category, text, given=others,
                                       article_letter=False).reason is Reason.DUPLICATE:
            return NoteKind.ANSWER_DUPLICATE_0, "same"
        key = normalize(text, lang=self.config.lang)
        if any(normalize(self.sheet[i].get(seat, ""), lang=self.config.lang) == key
               for i in range(index) if self.sheet[i].get(seat)):
            return NoteKind.ANSWER_REPEAT_0, "repeat"
        if self.letter in verdict.letters:
            return NoteKind.ANSWER_SCORED_2, None
        return NoteKind.ANSWER_SCORED_1, None

    def _challenge(self, event: Challenge, target: int) -> None:
        self.challenged.add((self.category_index, target))
        self._say(NoteKind.CHALLENGE, player=self._name(self.seat_index(event.player)),
                  target=self._name(target), answer=self._answer(target),
                  category=self.categories[self.category_index].title)

    def _verdict(self, seat: int, index: int | None = None) -> Verdict:
        """The judge's ruling on a written answer, given when it was read."""
        return self.verdicts[(self.category_index if index is None else index, seat)]

    def _answer(self, seat: int) -> str:
        return self.sheet[self.category_index].get(seat, "")

    def _count(self, votes: dict[int, bool]) -> tuple[int, int]:
        yes = sum(votes.values())
        return yes, len(votes) - yes

    def _begin_turn(self) -> None:
        self._notes.append(self._turn_note())
        self._arm("read")

    def _turn_note(self) -> Note:
        return Note(NoteKind.TURN, {"player": self._name(self.reader()),
                                    "category": self.categories[self.category_index].title,
                                    "number": self.category_index + 1})

    def _category_note(self) -> Note:
        return Note(NoteKind.CATEGORY, {
            "number": self.category_index + 1, "of": len(self.categories),
            "category": self.categories[self.category_index].title, "letter": self.letter,
            "first": self._name(self.order[0]) if self.order else None,
            "spoken_answers": self.config.spoken_answers})
