"""What every game's grammar promises about its legal moves (each is read back from every way it
is said, as python-chess's `parse_san(san(move)) == move`), and the legal moves of the moment as
the recognizer is offered them, with what each would cost misheard (`Offers`)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Protocol


class Grammar(Protocol):
    """A game's talk as its grammar: a move's canonical line, every variant, and back."""

    def say(self, event: Any, prefix: str | None = None) -> str:
        """The canonical line of a move, question or call (`prefix`: the player's name first)."""
        ...

    def variants(self, said: Any) -> tuple[str, ...]:
        """Every way the recognizer is offered this move, question or call."""
        ...

    def parse(self, text: str, speaker: str | None = None) -> Any:
        """What these words are, said by `speaker` when known."""
        ...


def ways_said(grammar: Grammar, said: Any, player: str) -> list[str]:
    """Every way `player` says this: the canonical line, with their name first, each variant."""
    lines = [grammar.say(said), grammar.say(said, prefix=player), *grammar.variants(said)]
    return list(dict.fromkeys(line for line in lines if line))


def misread(grammar: Grammar, said: Any, player: str, *,
            unnamed: bool = True) -> list[str]:
    """The ways `player` says this that are not read back to it, each with what was read:
    every way said by them (the console's named line, a page's button, a claimed turn) and,
    when `unnamed`, each variant heard from an unknown voice (what the recognizer returns)."""
    heard: list[tuple[str, str | None]] = [(line, player)
                                          for line in ways_said(grammar, said, player)]
    if unnamed:
        heard += [(line, None) for line in grammar.variants(said)]
    return [f"{line!r} by {speaker or 'an unknown voice'}: {read}"
            for line, speaker in heard if (read := grammar.parse(line, speaker)) != said]


class Stakes(IntEnum):
    """How much it costs to act on a move misheard: what the hearing weighs before acting."""

    UNDO = -1
    """A reply that only holds the game back, a no to the host's own question: misheard,
    the player says the move again."""
    ASK = 0
    """A question or a command for the host: as quick to say again as to confirm."""
    MOVE = 1
    """An ordinary move: asked back when heard half sure."""
    COSTLY = 2
    """A move that costs its player when made by mistake (an answer given already, said
    again): played only when the host is surer still."""
    SECRET = 3
    """A move whose words are the table's secret (a card's answer not found yet): never said
    aloud unless heard; asked for again rather than asked back."""


@dataclass(frozen=True)
class Offer:
    """One phrase the recognizer is offered: the legal move it says, and what acting on it
    misheard would cost."""

    phrase: str
    move: Any
    stakes: Stakes = Stakes.MOVE
    secret: str = ""
    """With SECRET stakes, the words of the phrase that are the secret (the answer inside a
    jump: "it's my turn Cat Lisbon" keeps "Lisbon")."""


def no_free_move(choice: str, free: str) -> str | None:
    """For a game whose every move is offered: nothing is read from the free transcript."""
    return None


@dataclass(frozen=True)
class Offers:
    """The legal moves of the moment as said: the recognizer's choices, each with its stakes,
    whether a move may also be in words no choice holds, and how a move is read from what
    decoding freely heard."""

    choices: tuple[Offer, ...] | None
    """Every way each legal move, question and call is said; None: decode freely."""
    open: bool = False
    """True when a legal move may be in words none of the choices hold (a Short List guess off
    the card): the host then also takes what the recognizer heard outside them."""
    open_stakes: Stakes = Stakes.MOVE
    """What acting on a move heard outside the choices costs when it was misheard (with
    `open`): a Short List guess off the card puts its player out of the round."""
    free_move: Callable[[str, str], str | None] = no_free_move
    """(the choice heard unsure or "", the free transcript) -> a legal move no choice could
    hold, as said, to ask back instead (a Crack Word placement justified by a word not
    offered); None keeps to the choice."""

    def phrases(self) -> list[str] | None:
        """The choices' phrases, once each, in order (None: decode freely)."""
        if self.choices is None:
            return None
        return list(dict.fromkeys(offer.phrase for offer in self.choices))

    def offer(self, phrase: str) -> Offer | None:
        """The offer of this phrase, if it is one."""
        return self._by_phrase.get(phrase)

    def stakes(self, phrase: str) -> Stakes:
        """What acting on this phrase misheard would cost (MOVE when it is none offered)."""
        offer = self.offer(phrase)
        return offer.stakes if offer is not None else Stakes.MOVE

    def secret(self, phrase: str) -> str:
        """The secret words of this phrase, or "" when it keeps none."""
        offer = self.offer(phrase)
        return offer.secret if offer is not None and offer.stakes is Stakes.SECRET else ""

    @functools.cached_property
    def _by_phrase(self) -> dict[str, Offer]:
        """Each phrase's offer (the first, when two moves are said alike)."""
        by_phrase: dict[str, Offer] = {}
        for offer in self.choices or ():
            by_phrase.setdefault(offer.phrase, offer)
        return by_phrase


def offered(grammar: Grammar, moves: Any, stakes: Callable[[Any], Stakes] = lambda _: Stakes.MOVE,
            secret: Callable[[Any], str] = lambda _: "") -> tuple[Offer, ...]:
    """Each variant of each of these moves as an offer, with the move's stakes and secret."""
    return tuple(Offer(phrase, move, stakes(move), secret(move))
                 for move in moves for phrase in grammar.variants(move))
