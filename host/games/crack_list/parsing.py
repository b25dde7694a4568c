"""Words said at a Crack List table read as a move or a question, in a state of the game: the
grammar's patterns (host.games.crack_list.grammar) applied in turn, knowing the players and the
answers the host knows. host.games.crack_list.talk reads the game's state for it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from rapidfuzz import fuzz

from host.core.events import Seat
from host.core.talk import CLAIM_TURN, Query, Speakers, Unclear, clean, stalled
from host.games.crack_list.cards import CRACK_LIST, LETTERS, REVERSE, STOP, penalty_of
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
from host.games.crack_list.grammar import EN, Grammar
from host.games.crack_list.moves import CATEGORIES_ON_A_CARD
from host.games.crack_list.questions import asked
from host.games.crack_list.rules import State
from host.judge.text import answer_letters

Intent = CrackListEvent | Query | Unclear
"""What words said are: a move, a question or call for the host, or nothing understood."""
COMMANDS: Mapping[str, Callable[[str], Move]] = {
    "challenge": Challenge, "countdown": CallCountdown, "pass": Pass,
    STOP: PlayStop, REVERSE: PlayReverse, CRACK_LIST: PlayCrackList}
"""The move each kind of command (Grammar.commands) is."""
TITLE_RATIO = 75
"""How alike (token set ratio) words must be to a title on the red card to choose it."""
OWN_CARD_RATIO = 85
"""How alike words must be to a known title to be it, read from one's own red card."""


class IntentParser:
    """Knows the players and parses their utterances for one Crack List table."""

    def __init__(self, seats: Sequence[Seat], listed: Callable[[str], bool] = lambda words: False,
                 grammar: Grammar = EN) -> None:
        """`listed(words)`: whether these cleaned words are an answer the host knows in the
        category now (such an answer is not split into a letter and the rest)."""
        self.listed = listed
        self.grammar = grammar
        self.speakers = Speakers(seats, self.is_table_call, lang=grammar.lang)
        self.seats = self.speakers.seats
        self.person_to_seat = self.speakers.person_to_seat

    def is_table_call(self, words: str) -> bool:
        """What a player may say after their bare name ("Bob challenge", "Bob all to Cat")."""
        g = self.grammar
        return bool(g.table_call.fullmatch(words) or g.penalty_tail.fullmatch(words))

    def split_speaker(self, text: str) -> tuple[str | None, str]:
        """Take a "Bob: ...", "Bob, ..." or "my turn, Bob ..." prefix off: (seat or None, rest)."""
        return self.speakers.split(text)

    def parse(
        self, text: str, state: State, speaker: str | None = None, titles: Sequence[str] = (),
        own_card: Sequence[str] | None = None,
    ) -> tuple[str | None, Intent]:
        """Parse an utterance in a game state ("choosing", "turn", "answered", "voting");
        `titles` are the categories on offer while choosing; `own_card`, with physical cards,
        the titles of every known category, one of which the chooser may read from their own
        red card (or one no deck has)."""
        prefixed, rest = self.split_speaker(text)
        speaker = prefixed or speaker
        words = clean(rest)
        if prefixed and not words:
            return speaker, Query(CLAIM_TURN, speaker)
        if not words:
            return speaker, Unclear(text)
        query = asked(self.grammar, words, speaker, self.person_to_seat)
        if query is not None:
            return speaker, query
        stall = stalled(text, rest, self.grammar.lang) \
            if state != State.VOTING and not self.listed(words) else None
        if stall is not None:  # "hmm, let me think", "um": no answer, no category, no penalty
            return speaker, stall
        if speaker is None:
            return None, Unclear(text, anonymous=True)
        number = self.grammar.choice.fullmatch(words)  # "three" is no title like "Trees"
        if state == State.CHOOSING and titles and not number:
            by_name = self._choice_by_title(words, titles, speaker)
            if by_name is not None:
                return speaker, by_name
        if state == State.CHOOSING and own_card is not None and not number:
            return speaker, self._own_card_choice(words, rest, own_card, speaker)
        event = self._event(words, rest, state, speaker)
        return speaker, event if event is not None else Unclear(text)

    # ------------------------------------------------------------------ moves

    def _event(self, words: str, raw: str, state: State, speaker: str) -> CrackListEvent | None:
        if state == State.CHOOSING:
            return self._choice(words, speaker)
        if state == State.VOTING:
            return self._vote(words, speaker)
        simple = self._command(words, speaker)
        if simple is not None:
            return simple
        swap = self._swap(words, speaker)
        if swap is not None:
            return swap
        penalty = self._penalty(words, speaker) if state == State.ANSWERED else None
        if penalty is not None:
            return penalty
        if not self.listed(words):  # a late vote or a "no" to the table is no answer "No"
            vote = self._vote(words, speaker)
            if vote is not None:
                return vote
        turn = state == State.TURN
        with_penalty = self._answer_with_penalty(words, raw, speaker) if turn else None
        return with_penalty or self._answer(words, raw, speaker)

    def _command(self, words: str, speaker: str) -> CrackListEvent | None:
        """A move said in fixed words: a challenge, the countdown, a pass, an action card."""
        kind = next((kind for pattern, kind in self.grammar.commands
                     if pattern.fullmatch(words)), None)
        return COMMANDS[kind](speaker) if kind is not None else None

    def _choice(self, words: str, speaker: str) -> CrackListEvent | None:
        g = self.grammar
        match = g.choice.fullmatch(words)
        if match:
            said = match.group("n")
            return ChooseCategory(speaker, CATEGORIES_ON_A_CARD if said in g.last
                                  else g.numbers[said])
        return None

    @staticmethod
    def _own_card_choice(
        words: str, raw: str, known: Sequence[str], speaker: str
    ) -> ChooseCategory:
        """A category read from the chooser's own red card: a known one by its title, said
        closely enough, or else the words as said (an open category)."""
        scores = [fuzz.ratio(words, clean(title)) for title in known]
        best = max(range(len(known)), key=scores.__getitem__, default=None)
        if best is not None and scores[best] >= OWN_CARD_RATIO:
            return ChooseCategory(speaker, 0, title=known[best])
        return ChooseCategory(speaker, 0, title=raw.strip(" ,.;:!?"))

    @staticmethod
    def _choice_by_title(words: str, titles: Sequence[str], speaker: str) -> CrackListEvent | None:
        scores = [fuzz.token_set_ratio(words, clean(title)) for title in titles]
        best = max(range(len(titles)), key=scores.__getitem__)
        ahead = all(scores[best] > s for i, s in enumerate(scores) if i != best)
        return ChooseCategory(speaker, best + 1) if scores[best] >= TITLE_RATIO and ahead \
            else None

    def _vote(self, words: str, speaker: str) -> CrackListEvent | None:
        g = self.grammar
        if g.vote_yes.fullmatch(words):
            return Vote(speaker, True)
        if g.vote_no.fullmatch(words):
            return Vote(speaker, False)
        return None

    def _seat_named(self, words: str) -> str | None:
        return self.person_to_seat.get(words.strip())

    def _swap(self, words: str, speaker: str) -> CrackListEvent | None:
        match = self.grammar.swap.fullmatch(words)
        if not match:
            return None
        target = self._seat_named(match.group("who"))
        if target is None:
            return None
        card = match.group("card")
        if card is None or card in self.grammar.whole_hand:
            return PlaySwap(speaker, target)
        return PlaySwap(speaker, target, self._card_name(card))

    def _card_name(self, words: str) -> str:
        g = self.grammar
        words = g.card_framing.sub("", words.strip())
        card = g.card_named(words)
        if card is not None:
            return card
        if len(words) == 1 and words.upper() in LETTERS:
            return words.upper()
        return g.letter_names.get(words, words.upper())

    def _penalty(self, words: str, speaker: str) -> CrackListEvent | None:
        g = self.grammar
        if g.declines.fullmatch(words):
            return Penalise(speaker, ())
        other = [seat.name for seat in self.seats if seat.name != speaker]
        if len(other) == 1 and g.give_sole_said.fullmatch(words):
            return Penalise(speaker, ((other[0], 0),))
        body = g.give_framing.sub("", words)
        targets: list[tuple[str, int]] = []
        for part in filter(str.strip, g.shares_apart.split(body)):
            target = self._penalty_part(part.strip())
            if target is None:
                return None
            targets.append(target)
        return Penalise(speaker, tuple(targets)) if targets else None

    def _penalty_part(self, part: str) -> tuple[str, int] | None:
        g = self.grammar
        match = next((m for pattern in g.counted_share if (m := pattern.fullmatch(part))), None)
        if match:
            who = self._seat_named(match.group("who"))
            count = g.numbers.get(match.group("n"))
            if who and count:
                return who, count
        match = g.uncounted_share.fullmatch(part)
        who = self._seat_named((match.group("who") or match.group("who2")) if match else "")
        return (who, 0) if who else None

    def _answer_with_penalty(self, words: str, raw: str, speaker: str) -> Answer | None:
        """An answer on a penalty letter (or the Joker) and who takes the penalty, said in one
        breath ("Q, queen snake, all to Ann"): the answer, then the penalty. A listed answer is
        never split, and the penalty must name players."""
        if self.listed(words):
            return None
        tokens, raw_tokens = words.split(), raw.split()
        for cut in range(1, len(tokens)):
            tail = " ".join(tokens[cut:])
            if not self.grammar.penalty_tail.fullmatch(tail):
                continue
            penalty = self._penalty(tail, speaker)
            if not isinstance(penalty, Penalise):
                continue
            same = len(raw_tokens) == len(tokens)
            head = " ".join(raw_tokens[:cut]).rstrip(",;: ") if same else " ".join(tokens[:cut])
            answer = self._answer(clean(head), head, speaker)
            if isinstance(answer, Answer) and answer.text \
                    and _may_penalise(answer, self.grammar.lang):
                return replace(answer, penalty=penalty.targets)
        return None

    def _answer(self, words: str, raw: str, speaker: str) -> CrackListEvent:
        g = self.grammar
        alone = self._card_alone(words, speaker)
        if alone is not None:
            return alone
        joker = g.joker.match(words)
        if joker and joker.group("rest"):
            rest = joker.group("rest")
            if joker.group("for") and self.listed(f"{g.joker_for} {rest}"):  # "joker For Your Eyes"
                rest = f"{g.joker_for} {rest}"
            return Answer(speaker, self._original_tail(raw, words, rest), joker=True)
        named = bool(g.named_letter.match(raw))
        letter, rest = (None, words) if self.listed(words) and not named else \
            self._letter_prefix(words, named=named)
        if letter:
            return Answer(speaker, self._original_tail(raw, words, rest), letter=letter)
        return Answer(speaker, raw.strip())

    def _card_alone(self, words: str, speaker: str) -> Answer | None:
        """The Joker or a letter named with no answer yet ("joker", "U"), unless the words
        are an answer the host knows: the rules then ask for the answer."""
        if self.listed(words):
            return None
        joker = self.grammar.joker.fullmatch(words)
        if joker and not joker.group("rest") and not joker.group("for"):
            return Answer(speaker, "", joker=True)
        letter = self.grammar.letter_alone.fullmatch(words)
        return Answer(speaker, "", letter=letter.group("l").upper()) if letter else None

    def _letter_prefix(self, words: str, *, named: bool) -> tuple[str | None, str]:
        """The letter card a player names before the answer. Set apart ("T, toast") it is
        always the card played, and the rules judge whether the answer fits it; otherwise
        ("t toast", "Oh, okapi") it is taken as a letter only when the answer could be played
        with it by the judge's rule (articles, first or last names): "T Rex" stays whole."""
        g = self.grammar
        # Set apart, the letter takes nothing else: "F, For Your Eyes Only".
        match = (g.letter_set_apart if named else g.letter_before).match(words)
        if not match:
            return None, words
        token, rest = match.group("l"), match.group("rest")
        letter = token.upper() if len(token) == 1 else g.letter_names.get(token)
        if letter is None:
            return None, words
        if named or letter in answer_letters(rest, g.lang, people=True):
            return letter, rest
        return None, words

    @staticmethod
    def _original_tail(raw: str, words: str, tail_clean: str) -> str:
        """The answer part in the player's own spelling: drop as many raw words as the
        (cleaned) prefix had."""
        prefix_words = len(words.split()) - len(tail_clean.split())
        raw_words = raw.split()
        if 0 <= prefix_words < len(raw_words):
            return " ".join(raw_words[prefix_words:]).lstrip(",: ")
        return tail_clean


def _may_penalise(answer: Answer, lang: str) -> bool:
    """The answer could be on a penalty letter: the Joker, or a + letter named or starting it."""
    if answer.joker or (answer.letter and penalty_of(answer.letter)):
        return True
    return answer.letter is None and any(
        map(penalty_of, answer_letters(answer.text, lang, people=True)))
