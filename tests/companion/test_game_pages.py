"""What each game's pages say, read from the views as the server sends them: moves that cannot
be taken back ask for a second tap, a one-card swap names the cards as the player's own, a
hint fits the moment, a turn timed in two parts is one countdown, notes a page keeps reach that
page only, Scattergories' sheet is no sheet when answers are spoken."""

from __future__ import annotations

import json
from typing import Any

from host.companion.hub import PageDraft
from host.companion.views import TableViews
from host.console import hear_typed
from host.core.events import TimeUp
from tests.companion.conftest import new_session, seconds_left
from tests.games.crack_list.conftest import rig


def pages(views: TableViews) -> dict[int, dict[str, Any]]:
    """Every audience's page as sent."""
    return {audience: json.loads(page) for audience, page in views.pages().items()}


def buttons(me: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """A seat's buttons by label, those they open too."""
    found = {}
    for button in me.get("actions", []):
        found[button["label"]] = button
        found.update({option["label"]: option for option in button.get("options", [])})
    return found


def test_crack_list_swaps_and_pass_ask_twice_and_a_one_card_swap_names_your_cards() -> None:
    session = new_session("crack-list", ["Ann", "Bob", "Cat"], seed=5)
    rig(session.game, 1, ["SWAP", "J", "A"])  # type: ignore[arg-type]
    hear_typed(session, "Ann: number one")
    views = TableViews(session, "Crack List")
    bob = pages(views)[1]["me"]
    found = buttons(bob)
    assert found["Pass"]["confirm"].startswith("Tap again")
    assert found["Swap hands with Ann"]["confirm"] == "Tap again: your whole hand for Ann's"
    assert [o["label"] for o in found["Swap one of your cards with Cat"]["options"]] == \
        ["Your A", "Your J +2"]
    assert found["Your J +2"]["say"] == "swap my J with Cat"
    # The Swap card tapped opens the same swaps; a letter tapped starts the answer.
    taps = {card["text"]: card.get("tap") for card in bob["hand"]}
    assert [o["label"] for o in taps["Swap"]["options"]] == [
        "Swap hands with Ann", "Swap hands with Cat", "Swap one of your cards with Ann",
        "Swap one of your cards with Cat"]
    assert taps["A"] == {"label": "A", "say": "", "fill": "A, "}
    assert bob["acting"] and "letter card" in bob["hint"]
    assert not pages(views)[0]["me"]["acting"] and "tap" not in pages(views)[0]["me"]["hand"][0]


def test_a_french_crack_list_page_names_the_action_cards_in_french() -> None:
    session = new_session("crack-list", ["Ann", "Bob", "Cat"], seed=5, lang="fr")
    rig(session.game, 1, ["SWAP", "REVERSE", "CRACK_LIST", "A"])  # type: ignore[arg-type]
    hear_typed(session, "Ann: numéro un")
    bob = pages(TableViews(session, "Crack List"))[1]["me"]
    assert [card["text"] for card in bob["hand"]] == ["A", "Crack List", "Inversion", "Échange"]
    assert "Passer" in buttons(bob)


def test_crack_list_hints_follow_the_penalty_and_the_vote() -> None:
    session = new_session("crack-list", ["Ann", "Bob", "Cat"], seed=5)
    views = TableViews(session, "Crack List")
    for line in ("Ann: number one", "Bob: A, Arctic", "Cat: W, Winter"):
        hear_typed(session, line)
    sent = pages(views)
    assert sent[2]["me"]["hint"].startswith("Hand out your 2 penalty cards")
    assert sent[2]["me"]["acting_label"] == "Hand them out!"
    assert sent[0]["me"]["hint"] == "Cat is handing out penalty cards."
    assert "Type anything" not in json.dumps(sent)
    for line in ("Cat: one to Ann and one to Bob", "Ann: B, Bath water", "Bob: challenge"):
        hear_typed(session, line)
    sent = pages(views)
    assert sent[2]["me"]["hint"] == "Vote: does Bath water count?"
    assert sent[2]["me"]["acting"] and sent[2]["me"]["acting_label"] == "Your vote!"
    assert sent[0]["me"]["hint"] == "The others are voting on your answer."
    tiles = {tile["name"]: tile for tile in sent[-1]["table"]["scores"]}
    assert tiles["Bob"].get("waiting") and tiles["Cat"].get("waiting")
    assert not tiles["Ann"].get("waiting") and tiles["Ann"]["tags"] == ["answer challenged"]
    assert sent[-1]["table"]["score_label"] == "rounds won"


def test_a_turn_in_two_parts_is_one_countdown() -> None:
    session = new_session("crack-list", ["Ann", "Bob", "Cat"], seed=5)
    views = TableViews(session, "Crack List")
    hear_typed(session, "Ann: number one")
    whole = session.game.config.turn_seconds  # type: ignore[attr-defined]
    assert seconds_left(views) == whole
    session.clock.advance(whole / 2 + 1)  # type: ignore[attr-defined]
    session.tick()  # the first part ran out: the second is armed
    assert session.game.timer_name == "turn"  # type: ignore[attr-defined]
    left = seconds_left(views)
    assert whole / 2 - 2 <= left <= whole / 2 - 1


def test_scattergories_notes_kept_for_a_page_reach_that_page_only() -> None:
    session = new_session("scattergories", ["Ann", "Bob"], first="Ann")
    views = TableViews(session, "Scattergories")
    views.keep(PageDraft(1, "sheet:1:W", 2, "Wok"))
    sent = pages(views)
    assert sent[1]["me"]["kept"] == {"sheet:1:W": ["", "", "Wok"]}
    assert "Wok" not in json.dumps(sent[0]) and "Wok" not in json.dumps(sent[-1])
    assert "reading" not in sent[1]["me"]  # no Read button while they write
    game = session.game
    while str(game.state) != "reading":  # type: ignore[attr-defined]
        session.push(TimeUp(game.timer_token))  # type: ignore[attr-defined]
    sent = pages(views)
    reader = game.seats.index(next(s for s in game.seats if s.name == game.expected_player()))
    assert sent[reader]["me"]["reading"] == 0 and sent[1 - reader]["me"]["reading"] == -1


def test_scattergories_with_spoken_answers_has_no_sheet() -> None:
    session = new_session("scattergories", ["Ann", "Bob"], spoken_answers=True)
    me = pages(TableViews(session, "Scattergories"))[0]["me"]
    assert "sheet" not in me and "paper" not in me["hint"]
    assert "you'll say them at the reading" in me["hint"]


def test_crack_word_names_colours_as_colours_in_each_language() -> None:
    for lang, colours in (("en", {"red", "blue"}), ("fr", {"rouge", "bleu"})):
        session = new_session("crack-word", ["Ann", "Bob"], lang=lang)
        sent = pages(TableViews(session, "Crack Word"))
        legend = [card["text"] for card in sent[-1]["table"]["legend"]]
        assert {text.split(":")[-1].strip() for text in legend} == colours
        assert "minus" not in json.dumps([sent[0]["me"]["facts"], legend])
