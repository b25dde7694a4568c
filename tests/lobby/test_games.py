"""Games from the lobby by voice: "stop the game" saves one for "resume the game", a game
that ends is followed by the offer of a rematch, and a game over is let go before the next."""

from __future__ import annotations

import gc
import itertools
import weakref
from pathlib import Path
from typing import Any

from host.core.session import Session
from host.judge.generated import rhyme_index
from host.lobby.lobby import Ended, Lobby
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


class GamesWatched(Lobby):
    """A lobby that notes how each game ended (True: it was over), holding none of them."""

    def __init__(self, *args: Any, **options: Any) -> None:
        self.ended: list[Ended] = []
        super().__init__(*args, **options)

    def play_one(self, game: str, arguments: list[str]) -> Ended:
        ended = super().play_one(game, arguments)
        self.ended.append(ended)
        return ended


def test_after_a_game_the_host_offers_a_rematch_lets_the_game_go_and_goes_back_on_silence(
        lobby_hearing: LobbyMaker, tmp_path: Path) -> None:
    """A game that ends is followed by the offer of a rematch, and a silence after the
    rematch is back to the lobby. Issue 45: `serve` grew game after game; the lobby kept
    every game played, and each rematch was played inside the call that played the game
    before. Now nothing holds a game over once the next begins (its memory goes back to the
    system, host.memory), nor the dictionaries a rhyme was found in."""
    deck = tmp_path / "germany.toml"
    deck.write_text(GERMANY)
    LobbyState(tmp_path / "state").remember_table(["Ann", "Bob", "Cat"])
    passes = ["pass", "pass", "pass"]
    watched, shown = lobby_hearing(
        ["let's play Short List", "yes", "yes", *passes, "yes", *passes, SILENCE],
        seed=1, play_options=["--rounds", "1", "--deck", str(deck), "--only-my-decks"])
    games: list[weakref.ref[Session]] = []
    alive_at_start: list[list[bool]] = []
    seats: list[list[str]] = []

    def started(session: Session) -> None:
        gc.collect()
        alive_at_start.append([game() is not None for game in games])
        games.append(weakref.ref(session))
        seats.append([seat.name for seat in session.game.seats])

    lobby = GamesWatched(watched.ears, watched.voices, watched.state, seed=1,
                         play_options=watched.play_options, show=shown.append, on_game=started)
    rhyme_index()  # as a game with a rhyme among its lists leaves it
    assert lobby.run() == 0
    assert lobby.ended == [True, True]  # the game and its rematch, both over
    assert seats[1] == ["Ann", "Bob", "Cat"]
    assert rhyme_index.cache_info().currsize == 0  # 80 MB the next game may not need
    assert alive_at_start == [[], [False]]
    gc.collect()
    assert [game() for game in games] == [None, None]
    said = host_lines(shown)
    assert said.count("Same table again? Say yes for a rematch.") == 2
    # The game's own last line congratulates the table; the question that follows does not.
    assert not any("Well played" in line and "Well played" in after
                   for line, after in itertools.pairwise(said))
    assert said[-1] == "I'll be here. Say: let's play, when you want another game."
