"""The autosave keeps what a player could still want: every move taken, saved as it is made and
replayed to resume (over the fake game Colours), and an unfinished game never overwritten."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from host.clock import FakeClock
from host.core.autosave import SaveError, keep_unfinished, load
from host.core.events import TimeUp
from tests.core.fakegame.rules import EVENTS, Name, Pass
from tests.core.fakegame.table import ColourOptions, kinds, new_session, texts

NOON = datetime(2025, 1, 31, 12, 0, 5)


def _save(path: Path, *, events: int, finished: bool = False) -> None:
    path.write_text(json.dumps({"version": 1, "options": {}, "finished": finished,
                                "events": [{"type": "E"}] * events}))


def test_an_unfinished_game_moves_to_a_dated_file_beside_it(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    _save(save, events=3)
    before = save.read_text()
    kept = keep_unfinished(save, NOON)
    assert kept == tmp_path / "g.unfinished-2025-01-31-120005.json"
    assert kept.read_text() == before and not save.exists()
    _save(save, events=1)  # a second one in the same second does not replace the first
    again = keep_unfinished(save, NOON)
    assert again == tmp_path / "g.unfinished-2025-01-31-120005-2.json"
    assert kept.read_text() == before


def test_nothing_to_keep(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    assert keep_unfinished(save, NOON) is None
    _save(save, events=5, finished=True)
    assert keep_unfinished(save, NOON) is None and save.exists()
    _save(save, events=0)
    assert keep_unfinished(save, NOON) is None and save.exists()


def test_a_file_that_is_not_a_readable_save_is_never_overwritten(tmp_path: Path) -> None:
    for text in ("{not json", "[1, 2]", "\xff"):
        save = tmp_path / "notes.json"
        save.write_text(text, "latin-1")
        kept = keep_unfinished(save, NOON)
        assert kept is not None and kept.read_text("latin-1") == text
        kept.unlink()


def test_every_move_taken_is_saved_and_replaying_them_resumes_the_game(tmp_path: Path) -> None:
    clock, save = FakeClock(), tmp_path / "colours.json"
    session = new_session(clock, options=ColourOptions(secret="teal"), save=save)
    session.start()
    session.hear_words("red")
    session.hear_words("Ann: green")  # refused: not her turn, not saved
    session.hear_words("pass")
    clock.advance(20)
    session.tick()  # Cat's time runs out
    options, events = load(save, EVENTS)
    assert events == [Name("Ann", "red"), Pass("Bob"), TimeUp(3)]
    resumed = new_session(FakeClock(), options=ColourOptions.from_json(options), save=save,
                          events=events)
    game, again = session.game, resumed.game
    assert (again.turn, again.named, again.scores, again.secret) == \
        (game.turn, game.named, game.scores, "teal")
    assert kinds(resumed.start(resumed=True)) == ["resumed_game", "turn"]
    assert texts(resumed.hear_words("repeat")) == "Welcome back to Colours! | Ann, your turn."
    assert resumed.seconds_to_next_tick() == 20.0  # the turn's timer armed again
    resumed.hear_words("blue")
    assert load(save, EVENTS)[1] == [*events, Name("Ann", "blue")]


def test_a_game_paused_while_the_sound_was_lost_picks_up_as_a_resumed_game_does(
        tmp_path: Path) -> None:
    """Issue 45: `play` came back from a lost satellite with "And we're back!" alone, where
    `serve`, resuming from the save, said where the game was: one line for both now."""
    clock, save = FakeClock(), tmp_path / "colours.json"
    session = new_session(clock, save=save)
    session.start()
    session.hear_words("red")
    session.hear_words("pause")  # the sound is lost
    clock.advance(100)
    lines = session.pick_up()  # it is back
    options, events = load(save, EVENTS)
    resumed = new_session(FakeClock(), options=ColourOptions.from_json(options), save=save,
                          events=events)
    assert kinds(lines) == kinds(resumed.start(resumed=True)) == ["resumed_game", "turn"]
    assert texts(lines) == "Welcome back to Colours! | Bob, your turn."
    assert not session.paused and session.seconds_to_next_tick() == 20.0


def test_resume_of_a_finished_game_says_so(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    session = new_session(FakeClock(), save=save)
    session.start()
    session.hear_words("gold")
    assert session.finished
    with pytest.raises(SaveError, match="already over"):
        load(save, EVENTS)
    with pytest.raises(SaveError, match="no saved game"):
        load(tmp_path / "missing.json", EVENTS)


def test_a_save_holding_an_event_the_game_does_not_know_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    for event, why in (({"type": "Shout", "player": "Ann"}, "unknown event"),
                       ({"type": "Name", "player": "Ann"}, "a damaged Name event")):
        save.write_text(json.dumps({"version": 1, "options": {}, "events": [event]}))
        with pytest.raises(SaveError, match=why):
            load(save, EVENTS)
