"""What every game's grammar promises about its legal moves: each is read back from every way
it is said (python-chess's `parse_san(san(move)) == move`)."""

from __future__ import annotations

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
