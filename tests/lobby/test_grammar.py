"""The lobby's words and memory, without audio: every phrase offered is a request, teams are
seated in order, the stopped game is the last unfinished save."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from host.lobby.grammar import REQUESTS, ListGames, Resume, Start, lobby_phrases, parse
from host.lobby.lobby import in_game_lines, play_arguments, squeezed
from host.lobby.state import LobbyState
from host.lobby.tables import SETUPS, TABLES, teams_of
from host.play import make_session
from host.registry import GAMES, spoken_languages


def test_every_phrase_offered_is_a_request_and_every_game_has_a_set_up() -> None:
    assert set(SETUPS) == set(GAMES)
    assert all(parse(phrase, TABLES) is not None for phrase in lobby_phrases(TABLES))
    assert parse("Party Host, let's play Scattergories with four players.", TABLES) == \
        Start("scattergories", 4)
    assert parse("Hey Party Host, play Crack Word!", TABLES) == Start("crack-word")
    assert parse("resume the game", TABLES) == Resume()
    assert parse("What can we play?", TABLES) == ListGames()
    assert parse("let's play cards", TABLES) is None
    assert parse("let's play outside", TABLES) is None


def test_a_french_lobby_hears_its_requests_in_french() -> None:
    assert all(parse(phrase, TABLES, "fr") is not None
               for phrase in lobby_phrases(TABLES, "fr"))
    assert "party host, on joue à Crack List" in lobby_phrases(TABLES, "fr")
    assert parse("Party Host, on joue à Crack List à trois !", TABLES, "fr") == \
        Start("crack-list", 3)
    assert parse("jouons a crack word", TABLES, "fr") == Start("crack-word")
    assert parse("On reprend la partie.", TABLES, "fr") == Resume()
    assert parse("À quoi on peut jouer ?", TABLES, "fr") == ListGames()
    assert parse("on joue à la balle", TABLES, "fr") is None
    assert parse("let's play Crack List", TABLES, "fr") is None  # one language at a time


def test_a_game_stopped_from_the_lobby_names_the_lobbys_words_to_carry_on() -> None:
    assert in_game_lines("en", "fr")["quit"] == [
        "The game is stopped and saved. Say: on reprend la partie, to carry on later."]
    assert "Dites : resume the game" in in_game_lines("fr", "en")["quit"][0]


@pytest.mark.parametrize(("game", "lang"), [(game, lang) for game, kind in GAMES.items()
                                             for lang in spoken_languages(kind)])
def test_the_lobbys_words_to_carry_on_resume_a_paused_game_too(game: str, lang: str,
                                                             tmp_path: Path) -> None:
    """Issue 45: "resume the game" (what the quit line told the players to say) was not heard
    in a paused game; only "resume" was. Every way the lobby says it, in the game's language,
    is offered while paused and resumes the game."""
    args = play_arguments(game, ["--players", "Ann", "Bob", "Cat", "--lang", lang,
                                 "--save", str(tmp_path / "save.json")])
    session, _ = make_session(args)
    session.start()
    session.hear_words("pause the game")
    assert session.paused
    assert REQUESTS[lang].resume[0] in (session.expected_phrases() or [])
    for phrase in REQUESTS[lang].resume:
        session.hear_words("pause the game")
        assert session.hear_words(phrase)[0].kind == "resumed", phrase
        assert not session.paused


def test_transcripts_are_compared_as_they_sound() -> None:
    assert squeezed("Hey Party Host, Playcrack Word.") == \
        squeezed("hey party host, play crack word")
    assert squeezed("with 4 players") == squeezed("with four players")


def test_teams_of_two_in_seat_order_the_last_of_three() -> None:
    assert teams_of(["A", "B", "C", "D"]) == [["A", "B"], ["C", "D"]]
    assert teams_of(["A", "B", "C", "D", "E"]) == [["A", "B"], ["C", "D", "E"]]


def test_the_stopped_game_is_the_last_unfinished_save(tmp_path: Path) -> None:
    state = LobbyState(tmp_path)
    assert state.stopped_game() is None
    state.remember_table(["Ann", "Bob"])
    state.remember_options("crack-list", ["--players", "Ann", "Bob"])
    for number, (name, finished) in enumerate([("short-list", False), ("crack-list", False),
                                               ("scattergories", True)]):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps({"options": {}, "events": [], "finished": finished}))
        os.utime(path, (1000 + number, 1000 + number))
    stopped = state.stopped_game()
    assert stopped is not None and stopped.game == "crack-list"
    assert state.last_table() == ["Ann", "Bob"]
    assert state.options("crack-list") == ["--players", "Ann", "Bob"]
    state.remember_table(["Cat", "Ann"])
    assert state.recent_names() == ["Cat", "Ann", "Bob"]
