"""The lobby by voice: a start phrase, the set-up, the game; what it plays; chatter ignored."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from host.games.crack_list.rules import State
from host.lobby.audio import Voices
from host.lobby.grammar import Start, lobby_phrases
from host.lobby.lobby import request_heard
from host.lobby.state import LobbyState
from host.lobby.tables import TABLES
from host.speech.piper_tts import PiperSynthesizer
from host.speech.ports import SAMPLE_RATE, Recognizer, Transcript
from host.speech.second_opinion import SecondOpinion
from host.speech.stt import make_recognizer
from host.speech.tts import join_pcm
from host.speech.wavio import resample_pcm
from tests.lobby.conftest import CRACK_LIST_TESTING, LobbyMaker, WatchedLobby, host_lines


def test_a_start_phrase_sets_up_the_table_by_voice_and_starts_the_game(
        lobby_hearing: LobbyMaker, tmp_path: Path) -> None:
    lobby, shown = lobby_hearing(
        ["Party Host, let's play Crack List", "Robert", "yes", "Michael", "yes",
         "that's everyone", "physical cards"], seed=2, play_options=CRACK_LIST_TESTING)
    assert lobby.run() == 0
    [session] = lobby.sessions
    assert [seat.name for seat in session.game.seats] == ["Robert", "Michael"]
    assert session.game.state is State.CHOOSING
    said = host_lines(shown)
    assert "Let's play Crack List!" in said or "Crack List it is!" in said
    assert any("welcome" in line.lower() and "Robert" in line for line in said)
    save = json.loads((tmp_path / "state" / "crack-list.json").read_text())
    assert save["options"]["cards"] == "physical" and not save["finished"]
    assert lobby.state.last_table() == ["Robert", "Michael"]


def test_what_can_we_play_lists_the_games_and_chatter_gets_no_reply(
        lobby_hearing: LobbyMaker) -> None:
    lobby, shown = lobby_hearing(["what can we play?",
                                  "I told you the weather would turn, said the man on the news",
                                  "let's go and play in the garden later"])
    assert lobby.run() == 0
    said = host_lines(shown)
    assert said[0].startswith("I'm listening")
    assert any(line.startswith("Crack Word:") for line in said)
    assert any(line.startswith("Short List:") for line in said)
    last_reply = max(i for i, line in enumerate(shown) if line.startswith("HOST: "))
    ignored = [line for line in shown[last_reply:] if "(ignored" in line]
    assert len(ignored) == 2 and not lobby.sessions


def test_four_players_play_in_teams_and_just_start_takes_every_default(
        lobby_hearing: LobbyMaker, tmp_path: Path) -> None:
    LobbyState(tmp_path / "state").remember_table(["Ann", "Bob", "Cat", "Dan"])
    lobby, shown = lobby_hearing(["let's play Crack List with four players", "yes", "teams",
                                  "just start"], seed=2, play_options=CRACK_LIST_TESTING)
    assert lobby.run() == 0
    [session] = lobby.sessions
    assert [seat.members for seat in session.game.seats] == [("Ann", "Bob"), ("Cat", "Dan")]
    said = host_lines(shown)
    assert "The teams are: Ann and Bob, Cat and Dan." in said
    assert not any("Virtual, then." in line for line in said)
    save = json.loads((tmp_path / "state" / "crack-list.json").read_text())
    assert save["options"]["cards"] == "virtual"


def test_crack_word_asks_the_language_and_the_cards(lobby_hearing: LobbyMaker,
                                                    tmp_path: Path) -> None:
    LobbyState(tmp_path / "state").remember_table(["Ann", "Bob"])
    lobby, shown = lobby_hearing(["let's play Crack Word", "yes", "in English",
                                  "physical cards"], seed=2)
    assert lobby.run() == 0
    [session] = lobby.sessions
    assert [seat.name for seat in session.game.seats] == ["Ann", "Bob"]
    said = host_lines(shown)
    assert any(line.startswith("Crack Word in French or in English?") for line in said)
    assert any(line.startswith("Virtual cards, dealt by me") for line in said)
    save = json.loads((tmp_path / "state" / "crack-word.json").read_text())
    assert save["options"]["cards"] == "physical" and save["options"]["lang"] == "en"


def test_requests_to_the_lobby_are_heard_by_the_quick_model_alone(whisper: Recognizer) -> None:
    """The lobby hears the room all day: a second opinion is asked only during a game."""
    voices = Voices(None, [])  # type: ignore[arg-type]
    voices.recognizers["en"] = whisper
    assert voices.requests() is whisper
    ear = make_recognizer("whisper", second_opinion=True)
    voices.recognizers["en"] = ear
    assert isinstance(ear, SecondOpinion)
    assert voices.requests() is ear.quick
    assert voices.recognizer("en") is ear


class CountingEar:
    """A recognizer that counts the utterances it decodes."""

    def __init__(self, ear: Recognizer) -> None:
        self.ear = ear
        self.decoded = 0

    def set_choices(self, choices: Sequence[str] | None) -> None:
        self.ear.set_choices(choices)

    def transcribe(self, pcm: bytes, sample_rate: int = SAMPLE_RATE) -> Transcript:
        self.decoded += 1
        return self.ear.transcribe(pcm, sample_rate)


def test_a_request_is_decoded_once(whisper: Recognizer, piper: PiperSynthesizer) -> None:
    """Whisper decodes freely beside the choices: the check that the free transcript says
    much the same words as the request needs no second decoding of the utterance."""
    speech = join_pcm(piper.synthesize("Party Host, let's play Crack List"))
    ear = CountingEar(whisper)
    intent, heard = request_heard(ear, lobby_phrases(TABLES, "en"),
                                  resample_pcm(speech, piper.sample_rate, SAMPLE_RATE))
    assert intent == Start("crack-list") and heard.free
    assert ear.decoded == 1


def test_a_french_lobby_sets_up_crack_list_in_french_by_voice(
        tmp_path: Path, whisper_fr: Recognizer) -> None:
    """`partyhost serve --lang fr`: the set-up is asked and heard in French (espeak-ng's
    Belgian voice, the multilingual Whisper), and the game is hosted in French."""
    from host.lobby.grammar import Start
    from host.speech.audio import WavFileInput
    from host.speech.cache import CachedSynthesizer
    from host.speech.ears import MicrophoneEars
    from host.speech.espeak_tts import EspeakSynthesizer
    from host.speech.tts import join_pcm
    from host.speech.wavio import write_wav
    from host.voice import Mouth

    voice = EspeakSynthesizer("fr-be+m2")
    folder = tmp_path / "in"
    folder.mkdir()
    said = ["Paul", "oui", "Marie", "oui", "c'est tout le monde", "vraies cartes"]
    for number, text in enumerate(said, 1):
        write_wav(folder / f"{number:02d}.wav", join_pcm(voice.synthesize(text)),
                  voice.sample_rate)
    voices = Voices(None, [])  # type: ignore[arg-type]
    voices.recognizers["fr"] = whisper_fr
    voices.mouths["fr"] = Mouth(CachedSynthesizer(voice), [])
    shown: list[str] = []
    ears = MicrophoneEars(WavFileInput(folder, gap_seconds=0.6), half_duplex=False)
    lobby = WatchedLobby(ears, voices, LobbyState(tmp_path / "state"), show=shown.append,
                         seed=2, lang="fr")
    with pytest.raises(EOFError):  # the recording ends once the game has begun
        lobby.handle(Start("crack-list"))
    [session] = lobby.sessions
    assert [seat.name for seat in session.game.seats] == ["Paul", "Marie"]
    assert session.phrases.lang == "fr"
    assert "HOST: Vraies cartes." in shown
    save = json.loads((tmp_path / "state" / "crack-list.json").read_text())
    assert save["options"]["cards"] == "physical" and save["options"]["lang"] == "fr"
