"""Crack List's challenges and votes: their checks, conditions and moves.

A challenge stands against the answer that stands, or against a refusal the list may be wrong
about, until the next player acts (host.games.crack_list.flow says when). The category's list
settles a listed answer at once; anything else goes to a vote of every player but the answerer,
settled as soon as its result can no longer change. The table's own moves (saying, timers,
playing and drawing cards) are host.games.crack_list.rules.CrackListGame's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from host.core.events import IllegalEvent, TimeUp
from host.games.crack_list import cards
from host.games.crack_list.config import PendingAnswer
from host.games.crack_list.events import Answer, Challenge, CrackListEvent, Vote
from host.games.crack_list.flow import State
from host.games.crack_list.notes import NoteKind, Refusal
from host.games.crack_list.table import CrackListTable


class ChallengeRules(CrackListTable):
    """The challenges and votes of one table."""

    if TYPE_CHECKING:  # made by CrackListGame
        def _say(self, kind: NoteKind, **params: Any) -> None: ...
        def _arm(self, name: str) -> None: ...
        def _play(self, seat: int, card: str) -> None: ...
        def _draw(self, seat: int, count: int, *, penalty: bool = False) -> list[str]: ...
        def _begin_turn(self, how: str) -> None: ...

    # ----------------------------------------------------------------- checks (prepare)

    def check_challenge(self, event: Challenge) -> None:
        """An answer stands, challenged once, by someone else; or a refusal the list may be
        wrong about, challenged once, by anyone (its answerer first of all)."""
        pending = self._pending()
        if self.seat_index(event.player) == pending.seat and not pending.refused:
            raise IllegalEvent(Refusal.OWN_CHALLENGE, player=self._name(pending.seat))
        if pending.challenged:
            raise IllegalEvent(Refusal.ALREADY_CHALLENGED)

    def check_vote(self, event: Vote) -> None:
        """Each player but the answerer votes once."""
        voter = self.seat_index(event.player)
        if voter == self._pending().seat:
            raise IllegalEvent(Refusal.OWN_VOTE, player=self._name(voter))
        if voter in self.votes:
            raise IllegalEvent(Refusal.ALREADY_VOTED, player=self._name(voter))

    # ----------------------------------------------------------------- conditions

    def refusal_may_be_challenged(self, event: Answer) -> bool:
        """The answer was refused only as missing from a list that may lack it (not a closed
        list), and the player has a card to play it with should the table overrule."""
        return self._judgement().card is not None

    def holds_a_refusal(self, event: CrackListEvent) -> bool:
        """What stands open to challenge is a refusal."""
        return self._pending().refused

    def answer_was_challenged(self, event: CrackListEvent) -> bool:
        """The answer has been challenged already (and stood): no window is left for it."""
        return self._pending().challenged

    def answer_is_on_the_list(self, event: Challenge) -> bool:
        """The challenged answer is on the category's list, so the challenge fails."""
        pending = self._pending()
        return bool(pending.verdict.accepted) and not pending.refused

    def vote_is_decided(self, event: Vote) -> bool:
        """With this vote, the result can no longer change, however the others vote."""
        yes, no = self._vote_count()
        yes, no = yes + event.accept, no + (not event.accept)
        left = len(self.seats) - 1 - len(self.votes) - 1  # the answerer does not vote
        return self._vote_accepts(yes + left, no) == self._vote_accepts(yes, no + left)

    def vote_upholds(self, event: Vote | TimeUp) -> bool:
        """The answer has as many votes for it as against (a tie lets it stand)."""
        return self._vote_accepts(*self._vote_count())

    def challenged_a_refusal(self, event: Vote | TimeUp) -> bool:
        """The vote is on a refusal, not on an answer that stands."""
        return self._pending().refused

    def vote_overrules(self, event: Vote | TimeUp) -> bool:
        """More votes for the refused answer than against (a tie keeps the refusal)."""
        return self._vote_accepts(*self._vote_count())

    def reinstated_answer_has_penalty(self, event: Vote | TimeUp) -> bool:
        """The refused answer, now accepted, is on a penalty letter."""
        return self._pending().penalty > 0

    def reinstated_answer_is_last(self, event: Vote | TimeUp) -> bool:
        """The refused answer, now accepted, is its player's last card (once the card drawn for
        it goes back)."""
        pending = self._pending()
        return len(self.hands[pending.seat]) - len(pending.drawn) == 1

    def rejection_is_last_to_fail(self, event: Vote | TimeUp) -> bool:
        """Every other player had failed in a row before the answer the vote rejects: with
        it, everyone is stuck."""
        return self._pending().fails_before + 1 >= len(self.seats)

    def vote_began_on_a_turn(self, event: Vote | TimeUp) -> bool:
        """The challenge came during the next player's turn."""
        return self.vote_from is State.TURN

    # ----------------------------------------------------------------- callbacks (after)

    def hold_refusal(self, event: Answer) -> None:
        """The refusal stays open to a challenge: the list may lack the answer."""
        judged = self._judgement()
        assert judged.card is not None
        said = self._as_said(judged.verdict, event.text)
        self.pending = PendingAnswer(judged.seat, said, judged.verdict, judged.card,
                                     judged.penalty, judged.card == cards.JOKER, refused=True,
                                     drawn=self._failed_draw)
        self._say(NoteKind.REFUSAL_OPEN, player=self._name(judged.seat), answer=said)

    def open_challenge_window(self, event: Answer) -> None:
        """A short time to challenge before the category goes."""
        self._arm("challenge")

    def say_challenge(self, event: Challenge) -> None:
        """Someone challenges the answer that stands."""
        pending = self._pending()
        pending.challenged = True
        self._say(
            NoteKind.CHALLENGE,
            player=self._name(self.seat_index(event.player)),
            answerer=self._name(pending.seat),
            answer=pending.text,
        )

    def settle_by_the_list(self, event: Challenge) -> None:
        """The list has the answer: it stands."""
        self._say(NoteKind.CHALLENGE_SETTLED_BY_LIST, answer=self._pending().text)

    def rearm_timer(self, event: Challenge) -> None:
        """The timer the challenge stopped starts again, from the top."""
        self._arm(self.timer_name)

    def open_vote(self, event: Challenge) -> None:
        """A vote begins, remembering where play stopped."""
        self.votes = {}
        self.vote_from = self.state
        self.interrupted_timer = self.timer_name

    def ask_for_votes(self, event: Challenge) -> None:
        """The table (all but the answerer) is asked to vote on the answer, or the refusal."""
        self._notes.append(self._vote_note(self._pending()))
        self._arm("vote")

    def record_vote(self, event: Vote) -> None:
        """A player's vote counts."""
        voter = self.seat_index(event.player)
        self.votes[voter] = event.accept
        self._say(NoteKind.VOTE, player=self._name(voter), accept=event.accept)

    def uphold_answer(self, event: Vote | TimeUp) -> None:
        """The vote lets the answer stand."""
        yes, no = self._vote_count()
        self._say(NoteKind.VOTE_UPHELD, answer=self._pending().text, yes=yes, no=no)

    def take_answer_back(self, event: Vote | TimeUp) -> None:
        """The vote rejects the answer: its card goes back to the answerer, who draws one."""
        pending = self._pending()
        yes, no = self._vote_count()
        self._say(NoteKind.VOTE_REJECTED, answer=pending.text, player=self._name(pending.seat),
                  yes=yes, no=no)
        card = self.played.pop()
        self.hands[pending.seat].append(cards.HIDDEN if self._physical else card)
        self._return_penalty(pending)
        given = pending.verdict.matched or pending.text
        if given in self.given:
            self.given.remove(given)
        self.pending = None
        self._draw(pending.seat, 1)
        self.fails_in_row = pending.fails_before + 1

    def reinstate_answer(self, event: Vote | TimeUp) -> None:
        """The vote overrules a refusal: the card drawn for it goes back on the draw pile and
        the answer is played, challenged already, as if accepted; play goes on from its
        player."""
        pending = self._pending()
        yes, no = self._vote_count()
        seat = self.current = pending.seat
        for card in pending.drawn:
            self.hands[seat].remove(card)
            self.draw_pile.append(card)
        self._play(seat, pending.card)
        self.given.append(pending.text)
        self.fails_in_row = 0
        self.pending = PendingAnswer(seat, pending.text, pending.verdict, pending.card,
                                     pending.penalty, pending.optional_penalty, challenged=True,
                                     penalty_due=pending.penalty > 0)
        self._say(NoteKind.VOTE_OVERRULES, answer=pending.text, player=self._name(seat),
                  card=pending.card, yes=yes, no=no, cards=len(self.hands[seat]))

    def keep_refusal(self, event: Vote | TimeUp) -> None:
        """The vote keeps the refusal: nothing changes."""
        pending = self._pending()
        yes, no = self._vote_count()
        self._say(NoteKind.VOTE_KEEPS_REFUSAL, answer=pending.text,
                  player=self._name(pending.seat), yes=yes, no=no)
        self.pending = None

    def restart_turn_timer(self, event: Vote | TimeUp) -> None:
        """The turn starts again, from the top, and its player is told so (the table's ears
        were on the vote)."""
        self._begin_turn("again")

    def restart_timer(self, event: CrackListEvent) -> None:
        """The timer the vote interrupted starts again, from the top."""
        self._arm(self.interrupted_timer)

    # ----------------------------------------------------------------- helpers

    def _vote_accepts(self, yes: int, no: int) -> bool:
        """Whether these votes accept the answer: a tie keeps the host's ruling (an answer it
        let stand stands, a refusal stays a refusal)."""
        return yes > no if self._pending().refused else yes >= no

    def _return_penalty(self, pending: PendingAnswer) -> None:
        """A rejected answer's penalty cards go back on the draw pile."""
        for seat, taken in pending.penalised:
            for card in taken:
                self.hands[seat].remove(card)
                self.draw_pile.append(card)
        returned = [(self._name(seat), len(taken)) for seat, taken in pending.penalised if taken]
        if returned:
            self._say(NoteKind.PENALTY_RETURNED, targets=returned)
