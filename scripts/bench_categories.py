#!/usr/bin/env python3
"""How hard each Crack List category is for a table of bots: each category of a deck is
played on its own (a red card offering it alone) for some simulated games, and the share of
its rounds abandoned with everyone stuck is reported, the hardest and the easiest first.

    .venv/bin/python scripts/bench_categories.py --lang fr          # the French expansion
    .venv/bin/python scripts/bench_categories.py --deck my.toml --all
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

from host.decks import Category, CategoryCard, DeckError, load_deck
from host.decks_build.build import deck_path
from host.games.crack_list.bots import BotSkills
from host.games.crack_list.checks import simulate_crack_list
from host.judge import Judge


@dataclass(frozen=True)
class Trial:
    """One category's simulated rounds."""

    category: Category
    rounds: int
    """Rounds the category was played in (chosen, or drawn by a Crack List card)."""
    abandoned: int
    """Rounds that ended with every player stuck."""
    stuck: float
    """Share of the answering turns that ended in a pass or a timeout."""

    @property
    def rate(self) -> float:
        """Share of its rounds abandoned with everyone stuck."""
        return self.abandoned / self.rounds if self.rounds else 0.0


def trial(category: Category, judge: Judge, games: int, seed: int, players: int) -> Trial:
    """Bot games where every red card offers this category alone."""
    card = CategoryCard(category.id, (category,))
    report = simulate_crack_list([card], judge, games=games, seed=seed, players=players,
                                 skills=BotSkills())
    events = report.events
    stuck = events["pass"] + events["timeout"]
    turns = stuck + events["answer_accepted"] + events["answer_wrong"]
    return Trial(category, events["category_chosen"], events["category_abandoned"],
                 stuck / turns if turns else 0.0)


def ranked(trials: list[Trial]) -> list[Trial]:
    """Hardest first: most often abandoned, then most often stuck."""
    return sorted(trials, key=lambda t: (-t.rate, -t.stuck, t.category.id))


def row(t: Trial) -> str:
    """One category as a Markdown table row."""
    return (f"| {t.category.title} | {t.category.difficulty} | {len(t.category.answers)} | "
            f"{t.rate:.0%} | {t.stuck:.0%} |")


def main() -> int:
    """Simulate every category of a deck and print the hardest and easiest."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lang", choices=("en", "fr"), default="en",
                        help="the deck's language (default: en)")
    parser.add_argument("--deck", type=Path,
                        help="a Crack List deck file (default: the language's expansion)")
    parser.add_argument("--games", type=int, default=10, help="bot games per category")
    parser.add_argument("--players", type=int, default=4, help="bots at the table")
    parser.add_argument("--seed", type=int, default=0, help="random seed")
    parser.add_argument("--top", type=int, default=10, help="how many hardest and easiest")
    parser.add_argument("--all", action="store_true", help="every category, hardest first")
    args = parser.parse_args()
    try:
        deck = load_deck(args.deck or deck_path(args.lang))
    except DeckError as err:
        print(f"bench_categories: {err}", file=sys.stderr)
        return 2
    judge = Judge(lang=deck.lang)
    cats = [c for card in deck.cards for c in card.categories]
    trials = ranked([trial(c, judge, args.games, args.seed, args.players) for c in cats])
    rounds = sum(t.rounds for t in trials)
    abandoned = sum(t.abandoned for t in trials)
    print(f"{deck.name} ({deck.lang}): {len(trials)} categories, {args.games} games of "
          f"{args.players} bots each, {rounds} rounds, {abandoned / rounds:.1%} abandoned")
    head = ["| category | difficulty | answers | abandoned | stuck turns |",
            "| --- | --- | --- | --- | --- |"]
    if args.all:
        print("\n".join([*head, *map(row, trials)]))
        return 0
    print("\nHardest\n" + "\n".join([*head, *map(row, trials[:args.top])]))
    print("\nEasiest\n" + "\n".join([*head, *map(row, trials[::-1][:args.top])]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
