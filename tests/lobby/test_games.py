"""Games from the lobby by voice: "stop the game" saves one for "resume the game", and a game
that ends is followed by the offer of a rematch."""

from __future__ import annotations

from pathlib import Path

from host.lobby.state import LobbyState
from tests.games.short_list.decks import GERMANY
from tests.lobby.conftest import CRACK_LIST_TESTING, SILENCE, LobbyMaker, host_lines


def test_a_stopped_game_is_saved_and_resumed_by_voice(lobby_hearing: LobbyMaker,
                                                       tmp_path: Path) -> None:
    LobbyState(tmp_path / "state").remember_table(["Ann", "Bob", "Cat"])
    lobby, shown = lobby_hearing(
        ["let's play Crack List", "yes", "just start", "number two", "stop the game", "yes",
         "resume the game"], seed=2, play_options=CRACK_LIST_TESTING)
    assert lobby.run() == 0
    stopped, resumed = lobby.sessions
    assert stopped.table.quit and not stopped.game.over
    assert resumed.game.category is not None
    assert resumed.game.category.title == "Planets of the solar system"
    assert [seat.name for seat in resumed.game.seats] == ["Ann", "Bob", "Cat"]
    said = host_lines(shown)
    assert any("Same players as last time: Ann, Bob and Cat" in line for line in said)
    assert "Let's carry on with Crack List!" in said


def test_after_a_game_the_host_offers_a_rematch_and_goes_back_to_the_lobby_on_silence(
        lobby_hearing: LobbyMaker, tmp_path: Path) -> None:
    deck = tmp_path / "germany.toml"
    deck.write_text(GERMANY)
    LobbyState(tmp_path / "state").remember_table(["Ann", "Bob", "Cat"])
    passes = ["pass", "pass", "pass"]
    lobby, shown = lobby_hearing(
        ["let's play Short List", "yes", "yes", *passes, "yes", *passes, SILENCE],
        seed=1, play_options=["--rounds", "1", "--deck", str(deck), "--only-my-decks"])
    assert lobby.run() == 0
    first, rematch = lobby.sessions
    assert first.game.over and rematch.game.over
    assert [seat.name for seat in rematch.game.seats] == ["Ann", "Bob", "Cat"]
    said = host_lines(shown)
    assert said.count("Well played, everyone! Same table again? Say yes for a rematch.") == 2
    assert said[-1] == "I'll be here. Say: let's play, when you want another game."
