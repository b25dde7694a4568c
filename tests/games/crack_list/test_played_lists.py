"""Issue 44, item 5: the host remembers, per language, the red cards a table was offered and
deals the unplayed box cards first, then the unplayed expansion, then the played ones (least
recently played first), so a table that has been through the box gets fresh expansion lists.
It remembers a card by its categories' ids, so that a rebuild of the expansion, which deals the
categories on renumbered cards, leaves the memory pointing at the same lists."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from host.clock import FakeClock
from host.core.autosave import load
from host.core.events import make_seats
from host.core.session import Session
from host.decks import CategoryCard
from host.games.crack_list.config import CrackListConfig
from host.games.crack_list.events import ChooseCategory, CrackListEvent, PlayCrackList
from host.games.crack_list.played import (
    FILE_NAME,
    VERSION,
    offered_keys,
    read_played,
    remember,
)
from host.games.crack_list.setup import TableOptions, build_session, category_cards
from host.games.crack_list.table import CrackListTable, red_pile
from host.judge import Judge
from tests.games.crack_list.conftest import rig
from tests.games.crack_list.sessions import game_of, kinds, said

LANGS = ("en", "fr")


def drawn(pile: list[CategoryCard]) -> list[str]:
    """The ids of a red pile's cards in the order they are drawn (from its end)."""
    return [card.id for card in reversed(pile)]


def box_and_more(lang: str) -> tuple[list[CategoryCard], list[str], list[str]]:
    """The shipped red cards, and the ids of the box's and of the expansion's."""
    cards = category_cards(lang, [], adults=False)
    return (cards, [c.id for c in cards if not c.expansion], [c.id for c in cards if c.expansion])


def session_at(save: Path, lang: str = "en", seed: int = 3) -> Session:
    """A started two-player session saved at `save` (its memory beside it)."""
    session = build_session(TableOptions(players=["Ann", "Bob"], seed=seed, lang=lang),
                            FakeClock(), save)
    session.start()
    return session


def offered(session: Session) -> CategoryCard:
    """The red card the chooser is offered."""
    card = game_of(session).offered
    assert card is not None
    return card


def test_an_empty_memory_deals_the_box_first_exactly_as_before() -> None:
    cards, box, more = box_and_more("en")
    pile = red_pile(cards, random.Random(3))
    assert set(drawn(pile)[:len(box)]) == set(box) and set(drawn(pile)[len(box):]) == set(more)
    # What a seeded game dealt before the table had a memory.
    rng, before = random.Random(3), [c for c in cards if not c.expansion]
    rng.shuffle(before)
    expansion = [c for c in cards if c.expansion]
    random.Random(hash(rng.getstate()[1])).shuffle(expansion)
    assert pile == expansion + before


@pytest.mark.parametrize("lang", LANGS)
def test_a_memory_holding_every_box_card_offers_the_expansion_first(lang: str) -> None:
    cards, box, more = box_and_more(lang)
    config = CrackListConfig(make_seats(["Ann", "Bob", "Cat"]))
    table = CrackListTable(config, cards, Judge(lang=lang), random.Random(3), box)
    order = drawn(table.red_pile)
    assert set(order[:len(more)]) == set(more)
    assert order[len(more):] == box  # then the box again, least recently played first


def test_unplayed_box_cards_come_before_the_expansion_and_played_ones_last() -> None:
    cards, box, more = box_and_more("en")
    by_id = {card.id: card for card in cards}
    played = [box[5], more[0], box[0]]
    keys = offered_keys([by_id[card] for card in played])
    order = drawn(red_pile(cards, random.Random(8), keys))
    assert set(order[:len(box) - 2]) == set(box) - set(played)
    assert set(order[len(box) - 2:-3]) == set(more) - set(played)
    assert order[-3:] == played


def test_the_memory_is_written_and_the_next_game_deals_other_lists(tmp_path: Path) -> None:
    first = session_at(tmp_path / "a.json")
    memory = tmp_path / FILE_NAME
    assert read_played(memory, "en") == offered_keys([offered(first)])
    second = session_at(tmp_path / "b.json")  # the same seed, the same folder
    assert offered(second).id != offered(first).id
    assert read_played(memory, "en") == offered_keys([offered(first), offered(second)])
    assert read_played(memory, "fr") == []
    alone = session_at(tmp_path / "elsewhere" / "a.json")  # another folder, another memory
    assert offered(alone).id == offered(first).id


def test_a_card_offered_during_the_game_is_remembered(tmp_path: Path) -> None:
    session = session_at(tmp_path / "a.json")
    game = game_of(session)
    session.push(ChooseCategory(game.expected_player() or "", 1))
    rig(game, game.current, ["CRACK_LIST", "A"])
    session.push(PlayCrackList(game.seats[game.current].name))
    assert len(game.offers) == 2
    assert read_played(tmp_path / FILE_NAME, "en") == offered_keys(game.offers)


def test_a_resumed_game_deals_what_it_dealt_though_the_memory_moved_on(tmp_path: Path) -> None:
    save = tmp_path / "a.json"
    remember(tmp_path / FILE_NAME, "en", ["en-001", "en-002"])
    session = session_at(save)
    first = offered(session)
    session.push(ChooseCategory(game_of(session).expected_player() or "", 2))
    session_at(tmp_path / "b.json")  # another game moves the memory on
    options, events = load(save, CrackListEvent.__args__)
    resumed = build_session(TableOptions.from_json(options), FakeClock(), save, events)
    assert game_of(resumed).red_used[0] == first
    assert game_of(resumed).category == first.categories[1]


def rebuilt(cards: list[CategoryCard]) -> list[CategoryCard]:
    """The red cards as a rebuild may deal them: the expansion's categories on other cards,
    numbered again from the first (the box unchanged)."""
    box = [card for card in cards if not card.expansion]
    more = [card for card in cards if card.expansion]
    categories = [c for card in more for c in card.categories]
    categories = categories[31:] + categories[:31]  # each number now names other lists
    return box + [CategoryCard(card.id, tuple(categories[3 * i:3 * i + 3]), expansion=True)
                  for i, card in enumerate(more)]


def test_the_memory_points_at_the_same_lists_after_a_rebuild(tmp_path: Path) -> None:
    cards, box, _ = box_and_more("en")
    first = [card for card in cards if card.expansion][:4]
    memory = tmp_path / FILE_NAME
    remember(memory, "en", offered_keys(first))
    again = rebuilt(cards)
    order = list(reversed(red_pile(again, random.Random(3), read_played(memory, "en"))))
    played = set(offered_keys(first))
    holds = [bool(played & {c.id for c in card.categories}) for card in order]
    assert holds == sorted(holds)  # the cards holding a played list come last
    assert played <= {c.id for card, held in zip(order, holds, strict=True) if held
                      for c in card.categories}
    assert {card.id for card in order[:len(box)]} == set(box)
    renumbered = next(card for card in again if card.id == first[0].id)
    assert not holds[order.index(renumbered)]  # its old number names fresh lists now


def test_an_old_memory_keeps_the_box_cards_and_ignores_expansion_card_ids(tmp_path: Path) -> None:
    cards, box, more = box_and_more("en")
    memory = tmp_path / FILE_NAME
    memory.write_text(json.dumps({"version": 1, "played": {"en": [more[0], box[3], "gone"]}}),
                      "utf-8")
    order = drawn(red_pile(cards, random.Random(3), read_played(memory, "en")))
    assert order[-1] == box[3]  # a box card's id still names the same card
    assert more[0] in order[:-1]  # an expansion card's number may name other lists now
    session = session_at(tmp_path / "a.json")
    assert read_played(memory, "en")[-3:] == offered_keys([offered(session)])
    assert json.loads(memory.read_text("utf-8"))["version"] == VERSION


@pytest.mark.parametrize("broken", ["{not json", '{"played": ["en-001"]}', "[1, 2]",
                                    '{"played": {"en": "en-001"}}', "\udcff"])
def test_a_broken_memory_is_ignored_and_rewritten(tmp_path: Path, broken: str) -> None:
    memory = tmp_path / FILE_NAME
    memory.write_bytes(broken.encode("utf-8", "surrogateescape"))
    session = session_at(tmp_path / "a.json")
    assert read_played(memory, "en") == offered_keys([offered(session)])
    assert json.loads(memory.read_text("utf-8"))["version"] == VERSION


@pytest.mark.parametrize("lang", LANGS)
def test_a_table_past_the_box_is_judged_right_in_an_expansion_list(
        tmp_path: Path, lang: str) -> None:
    """Done when: a game drawing expansion categories judges their answers (the real judge)."""
    _, box, more = box_and_more(lang)
    remember(tmp_path / FILE_NAME, lang, box)
    session = session_at(tmp_path / "a.json", lang)
    card = offered(session)
    assert card.id in more and card.expansion
    game = game_of(session)
    choice, category, answer = next(
        (i, category, entry.text) for i, category in enumerate(card.categories, 1)
        for entry in category.answers
        if entry.text.isalpha() and entry.text[0].isascii() and not category.people)
    session.push(ChooseCategory(game.expected_player() or "", choice))
    assert game.category == category
    letter = answer[0].upper()
    rig(game, game.current, [letter, *(c for c in "AEIOST" if c != letter)][:6])
    lines = session.hear_words(answer)
    assert "answer_accepted" in kinds(lines), said(lines)
    assert answer in game.given
