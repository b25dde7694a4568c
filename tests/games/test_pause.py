"""After a pause the host says where every game stands, the time left kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from host.lobby.lobby import play_arguments
from host.play import make_session
from host.registry import GAMES, spoken_languages


@pytest.mark.parametrize(("game", "lang"), [(game, lang) for game, kind in GAMES.items()
                                             for lang in spoken_languages(kind)])
def test_a_resume_says_where_the_game_stands(game: str, lang: str, tmp_path: Path) -> None:
    """"And we're back!" alone left a table that had paused to fetch drinks asking whose
    turn it was; a resume says that, as the game's "whose turn is it?" would."""
    args = play_arguments(game, ["--players", "Ann", "Bob", "Cat", "--lang", lang,
                                 "--save", str(tmp_path / "save.json")])
    session, _ = make_session(args)
    session.start()
    session.hear_words("pause the game")
    said = session.hear_words("resume")
    assert said[0].kind == "resumed" and len(said) > 1
    recap = " ".join(line.text for line in said[1:])
    expected = session.game.expected_player()
    assert (expected or "") in recap
    assert "writing_started" not in [line.kind for line in said]  # "the timer starts now"
    assert not session.paused and session.table.timer_waits  # the recap costs nobody time
