"""Turn what a player said (typed or heard) into a Crack List move or a question to the host.

The talk reads as the game's grammar: the words are written once per language
(host.games.crack_list.grammar), the moves of the moment once (host.games.crack_list.moves). say()
gives a move's canonical line (what bots say, what a page's button sends), variants() every way
the recognizer is offered it, offers() the variants of every seat's legal moves and the
questions, and parse() reads each of them back to the same move (the words read in the game's
state by host.games.crack_list.parsing).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from host.core.legal import Offers, Stakes, offered
from host.core.talk import CLAIM_TURN, Query, clean
from host.games.crack_list.cards import CRACK_LIST, REVERSE, STOP
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
from host.games.crack_list.grammar import EN, GRAMMARS
from host.games.crack_list.moves import (
    COUNT,
    LegalMoves,
    acting,
    legal_moves,
    listing_of,
)
from host.games.crack_list.parsing import Intent, IntentParser
from host.games.crack_list.rules import CrackListGame, State
from host.judge.core import Reason
from host.judge.text import strict_key

Spoken = Move | Query
"""What the talk says and parses back: a move, or a question or call for the host."""

TABLE_CALLS = (Challenge, CallCountdown, Vote, Penalise)
"""Moves offered without a name too: their player may be the one awaited, or be known (a
claimed turn, a name typed, a page's button)."""


class CrackListTalk:
    """Crack List's spoken grammar at one table: what players say, parsed, said and offered."""

    def __init__(self, game: CrackListGame, lang: str = "en") -> None:
        self.game = game
        self.grammar = GRAMMARS.get(lang, EN)
        self.parser = IntentParser(game.seats, self._listed, self.grammar)

    def legal(self) -> list[LegalMoves]:
        """Every seat's legal moves, in seat order."""
        return [legal_moves(self.game, seat) for seat in range(len(self.game.seats))]

    # ------------------------------------------------------------------ parse

    def parse(self, text: str, speaker: str | None = None) -> Intent:
        """An utterance as a move, a question or Unclear; without a speaker it is the
        awaited player's."""
        state = self.game.state
        offered_card = self.game.offered
        choosing = state == State.CHOOSING
        titles = [c.title for c in offered_card.categories] if offered_card and choosing else []
        own_card = self._known_titles() if choosing and self._physical else None
        expected = self.game.expected_player()
        _, intent = self.parser.parse(text, state, speaker or expected, titles, own_card)
        if isinstance(intent, Penalise) and speaker is None:
            return self._from_penaliser(intent, text)
        if isinstance(intent, Query | CallCountdown) and state in (State.TURN, State.ANSWERED):
            return self._listed_answer(text, speaker or expected) or intent
        return intent

    @property
    def _physical(self) -> bool:
        return self.game.config.cards == "physical"

    def _known_titles(self) -> list[str]:
        """Every category title of the red deck (with physical cards, the chooser's own red
        card may show any of them)."""
        game = self.game
        cards = (*game.red_pile, *game.red_used)
        return list(dict.fromkeys(c.title for card in cards for c in card.categories))

    def _listed(self, words: str) -> bool:
        """Whether the cleaned words are a listed answer of the category in play."""
        category = self.game.category
        return category is not None and words in listing_of(category, self.game.judge).cleaned

    def _listed_answer(self, text: str, player: str | None) -> Answer | None:
        """The player on turn (or next, closing a last card's window) saying a listed answer
        that sounds like a call or a question ("Countdown" among TV shows, "Help!" among songs)
        is answering: their own countdown cannot be called, and a question can wait."""
        game = self.game
        prefixed, words = self.parser.split_speaker(text)
        player = prefixed or player
        if player is None or player != game.expected_player() \
                or not acting(game, game.seat_index(player)):
            return None
        return Answer(player, words.strip()) if self._listed(clean(words)) else None

    def _from_penaliser(self, penalty: Penalise, text: str) -> Penalise:
        """A penalty handed out without a name is the penaliser's: nobody else may give it
        (after a Joker the host is also waiting for the next player, who is not)."""
        pending = self.game.pending
        if pending is None or self.parser.split_speaker(text)[0] is not None:
            return penalty
        return replace(penalty, player=self.game.seats[pending.seat].name)

    # ------------------------------------------------------------------ say

    def say(self, event: Spoken | CrackListEvent, prefix: str | None = None) -> str:
        """How a player says the move, question or call (what bots say and a page's button
        sends; parse() reads it back); `prefix`: their name first."""
        if isinstance(event, Query) and event.kind == CLAIM_TURN:
            return self.grammar.claim.format(person=self._person(event.player))  # names them
        words = self._words(event)
        return f"{prefix}: {words}" if prefix and words else words

    def _words(self, event: Spoken | CrackListEvent) -> str:
        """The canonical words of a move, question or call."""
        g = self.grammar
        if isinstance(event, Answer):
            said = g.with_joker.format(answer=event.text) if event.joker else \
                g.with_letter.format(letter=event.letter, answer=event.text) if event.letter \
                else event.text
            if event.penalty is None:
                return said
            return g.then_penalty.format(
                answer=said, penalty=self._words(Penalise(event.player, event.penalty)))
        if isinstance(event, ChooseCategory):
            return event.title if event.title else g.choose.format(n=g.number(event.choice))
        if isinstance(event, PlaySwap):  # with a team, by its first person's name
            target = self._person(event.target)
            if event.card is None:
                return g.swap_hand.format(target=target)
            return g.swap_card.format(card=g.cards.get(event.card, event.card), target=target)
        if isinstance(event, Penalise):
            return self._penalty_words(event)
        if isinstance(event, Vote):
            return g.votes[event.accept]
        if isinstance(event, Query):
            if event.kind == COUNT:
                return g.count_question.format(person=self._person(event.target))
            return g.questions.get(event.kind, "")
        words = {Challenge: g.challenge, CallCountdown: g.countdown, Pass: g.passes,
                 PlayStop: g.cards[STOP], PlayReverse: g.cards[REVERSE],
                 PlayCrackList: g.cards[CRACK_LIST]}
        return words.get(type(event), "")

    def _penalty_words(self, event: Penalise) -> str:
        """Who takes the penalty cards, each seat by its first person's name ("all to Ann",
        not "all to Ann and Dan": the "and" would split the team)."""
        g = self.grammar
        if not event.targets:
            return g.no_penalty
        if len(event.targets) == 1 and event.targets[0][1] == 0:
            return g.all_to.format(target=self._person(event.targets[0][0]))
        shares = [g.share.format(n=g.cards_count(n), target=self._person(who))
                  for who, n in event.targets]
        return g.give.format(shares=g.also.join(shares))

    def variants(self, said: Spoken) -> tuple[str, ...]:
        """Every way a player says this move, question or call as the recognizer is offered
        it: with each of the seat's people's names first when it is not the awaited player's
        (and a penalty always), the words alone when it is, or when it is a call anyone may
        make (said by a known speaker); a category also by its other numbers and its title."""
        g = self.grammar
        if isinstance(said, Query):
            if said.kind == CLAIM_TURN:
                return tuple(g.claim.format(person=p) for p in self._people(said.player))
            if said.kind == COUNT:
                return tuple(g.count_question.format(person=p) for p in self._people(said.target))
            return (g.questions[said.kind],) if said.kind in g.questions else ()
        words, expected = self.say(said), self.game.expected_player()
        lines = [f"{person} {words}" for person in self._people(said.player)
                 if said.player != expected or isinstance(said, Penalise)]
        if said.player == expected or isinstance(said, TABLE_CALLS):
            lines.append(words)
        return tuple(dict.fromkeys([*lines, *self._other_ways(said)]))

    def _other_ways(self, said: Move) -> list[str]:
        """A category chosen by its other numbers and by its title; the penalty of a table of
        two given unnamed to the other player ("give them")."""
        game, g = self.game, self.grammar
        if isinstance(said, ChooseCategory) and said.title is None and game.offered:
            ways = list(g.choose_also[said.choice - 1]) if said.choice <= len(g.choose_also) \
                else []
            categories = game.offered.categories
            if said.choice <= len(categories):
                ways.append(categories[said.choice - 1].title)
            return ways
        pending = game.pending
        if isinstance(said, Penalise) and pending is not None and len(game.seats) == 2 \
                and len(said.targets) == 1 and said.targets[0][1] == 0:
            return [g.give_sole[pending.penalty > 1]]
        return []

    def _people(self, seat_name: str | None) -> tuple[str, ...]:
        """The people of the seat called `seat_name` (a team's members speak for it)."""
        return next((seat.people for seat in self.game.seats if seat.name == seat_name), ())

    def _person(self, seat_name: str | None) -> str:
        """The first person of a seat, who names it ("Ann" for Ann and Dan)."""
        return next(iter(self._people(seat_name)), seat_name or "")

    # ------------------------------------------------------------------ offers

    def offers(self) -> Offers:
        """Every variant of every seat's legal moves (the listed answers the player on turn may
        give, an answer given already COSTLY: said again, it costs a card) and of the moves the
        rules would refuse aloud, then the questions and the claims. In an open category's
        turn an answer may be in any words (open); with physical cards, the chooser may read
        any title from their own red card (decode freely)."""
        legal = self.legal()
        if any(moves.own_card for moves in legal):
            return Offers(None)
        repeats = self._repeats()
        choices = [offer for moves in legal for offer in offered(
            self, (*moves.answers, *moves.moves, *moves.refused),
            lambda move: Stakes.COSTLY if isinstance(move, Answer) and repeats(move)
            else Stakes.MOVE)]
        choices += offered(self, [said for moves in legal
                                  for said in (*moves.questions, *moves.calls)],
                           lambda _: Stakes.ASK)
        return Offers(tuple(choices), open=any(moves.open_category for moves in legal))

    def choices(self) -> list[str] | None:
        """The phrases offered to the recognizer now (`offers`), once each; None: decode
        freely."""
        return self.offers().phrases()

    def _repeats(self) -> Callable[[Answer], bool]:
        """Whether an answer repeats one given already in this category, by the judge: said
        again on one's turn it costs a card ("Lazarus" was heard as "Barnabas", given before,
        which Whisper likes)."""
        game, judged = self.game, dict[str, bool]()
        category = game.category
        if game.state is not State.TURN or not game.given or category is None:
            return lambda answer: False

        def repeats(answer: Answer) -> bool:
            if answer.text not in judged:
                judged[answer.text] = game.judge.judge(
                    category, answer.text, given=game.given).reason is Reason.DUPLICATE
            return judged[answer.text]
        return repeats


def same_move(meant: Move, heard: Sequence[CrackListEvent], game: CrackListGame) -> bool:
    """True when the host made the move the player meant: that very event, or the same answer
    (the same words, or another name the list gives it: "Ulysses Grant") with the letter named
    or not ("U, Ushant" heard as "Ushant") when the card the host played is the one meant."""
    if list(heard) == [meant]:
        return True
    if len(heard) != 1 or not isinstance(meant, Answer) or not isinstance(heard[0], Answer):
        return False
    got = heard[0]
    card = got.letter or (game.played[-1] if game.played else None)
    return (got.player == meant.player and got.joker == meant.joker
            and _same_answer(got.text, meant.text, game) and meant.letter in (None, card))


def _same_answer(said: str, meant: str, game: CrackListGame) -> bool:
    """The same words, or two names of one answer on the category's list."""
    if strict_key(said) == strict_key(meant):
        return True
    if game.category is None:
        return False
    matched = {game.judge.judge(game.category, text).matched for text in (said, meant)}
    return len(matched) == 1 and None not in matched
