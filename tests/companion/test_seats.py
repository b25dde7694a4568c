"""A seat belongs to the device that took it: kept while its page is closed, given back by its
owner ("Not me") or freed by the host ("free Cat's seat"); its link is useless on any other
device. Each test client is a device of its own (its own cookie jar)."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient, WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

from host.companion.companion import Companion
from host.companion.server import DEVICE_COOKIE
from host.console import hear_typed
from tests.companion.conftest import new_session, speak, take

CAT = 2


def test_a_seat_stays_with_its_device_while_its_page_is_closed(crack_list: Companion) -> None:
    phone, other = TestClient(crack_list.app), TestClient(crack_list.app)
    hub = crack_list.hub
    token = take(phone, crack_list, CAT)
    with phone.websocket_connect(f"/ws/{token}") as page:
        page.receive_json()
    assert hub.pages_open(CAT) == 0 and CAT not in hub.open_seats()
    assert "Cat (taken)" in other.get(f"/j/{hub.join_code}").text
    refused = other.post(f"/j/{hub.join_code}/{CAT}", follow_redirects=False)
    assert refused.status_code == 403
    assert "Cat's seat is taken on another phone" in refused.text
    assert "free Cat's seat" in refused.text and f"href='/j/{hub.join_code}'" in refused.text
    # The phone comes back: its join page offers it its seat, with the same link.
    assert "Back to your seat: Cat" in phone.get(f"/j/{hub.join_code}").text
    assert take(phone, crack_list, CAT) == token
    assert phone.get(f"/s/{token}").status_code == 200
    with phone.websocket_connect(f"/ws/{token}") as page:
        assert page.receive_json()["me"]["seat"] == "Cat"


def test_a_seat_link_copied_to_another_device_shows_nothing_of_the_game(
        crack_list: Companion) -> None:
    phone, other = TestClient(crack_list.app), TestClient(crack_list.app)
    token = take(phone, crack_list, CAT)
    copied = other.get(f"/s/{token}")
    assert copied.status_code == 403 and "Cat's seat is taken on another phone" in copied.text
    assert "hand" not in copied.text and "Crack" not in copied.text and "app.js" not in copied.text
    with pytest.raises(WebSocketDenialResponse) as denied, \
            other.websocket_connect(f"/ws/{token}"):
        pass
    assert denied.value.status_code == 404
    assert other.post(f"/s/{token}/leave", follow_redirects=False).status_code == 404
    assert crack_list.hub.taken(CAT) and phone.get(f"/s/{token}").status_code == 200


def test_the_device_cookie_is_http_only_and_strictly_same_site(crack_list: Companion) -> None:
    answer = TestClient(crack_list.app).post(f"/j/{crack_list.hub.join_code}/0",
                                             follow_redirects=False)
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{DEVICE_COOKIE}=") and "HttpOnly" in cookie
    assert "SameSite=strict" in cookie or "SameSite=Strict" in cookie


def test_one_device_may_hold_several_seats(crack_list: Companion) -> None:
    phone = TestClient(crack_list.app)  # a phone passed round a team, or tabs of one browser
    first, second = take(phone, crack_list, 0), take(phone, crack_list, 1)
    assert first != second and crack_list.hub.open_seats() == [CAT]


def test_the_host_frees_a_seat_at_the_console_and_another_device_takes_it(
        crack_list: Companion) -> None:
    phone, other = TestClient(crack_list.app), TestClient(crack_list.app)
    session, hub = crack_list.session, crack_list.hub
    token = take(phone, crack_list, CAT)
    with phone.websocket_connect(f"/ws/{token}") as page:
        page.receive_json()
        lines = hear_typed(session, "free Cat's seat")
        with pytest.raises(WebSocketDisconnect) as closed:
            page.receive_json()
    assert closed.value.code == 4404
    assert [line.text for line in lines] == [
        session.phrases.line("seat_freed", player="Cat")]
    assert CAT in hub.open_seats() and phone.get(f"/s/{token}").status_code == 404
    mine = take(other, crack_list, CAT)
    with other.websocket_connect(f"/ws/{mine}") as page:
        assert page.receive_json()["me"]["seat"] == "Cat"
    again = hear_typed(session, "free Bob's seat")  # nobody took it
    assert again[0].kind == "seat_not_taken" and hear_typed(session, "free Zed's seat")[0].kind \
        == "seat_whose"


def test_a_page_cannot_free_a_seat(crack_list: Companion) -> None:
    phone = TestClient(crack_list.app)
    take(phone, crack_list, CAT)
    crack_list.hub.send_move(0, "free Cat's seat")
    crack_list.step()
    assert crack_list.hub.taken(CAT)
    refusal = crack_list.session.phrases.line("companion_host_frees", player="Ann")
    assert refusal in (crack_list.hub.latest(0) or "")


def test_free_a_seat_in_french_and_the_ear_is_offered_it_for_taken_seats() -> None:
    session = new_session("crack-word", ["Ann", "Bob"], lang="fr")
    companion = Companion(session, "Crack Word", host="127.0.0.1", port=0)
    phone = TestClient(companion.app)
    take(phone, companion, 1)
    offered = session.expected_phrases() or []
    assert "libère la place de Bob" in offered and "libère la place de Ann" not in offered
    refused = TestClient(companion.app).post(f"/j/{companion.hub.join_code}/1")
    assert "libère la place de Bob" in refused.text
    lines = hear_typed(session, "libère la place de Bob")
    assert lines[0].kind == "seat_freed" and not companion.hub.taken(1)


def test_without_the_companion_free_a_seat_is_no_command() -> None:
    session = new_session("crack-list", ["Ann", "Bob", "Cat"])
    assert not any(line.kind.startswith("seat_") for line in hear_typed(session,
                                                                       "free Cat's seat"))
    assert not any("seat" in phrase for phrase in session.expected_phrases() or [])


def test_the_host_frees_a_seat_by_voice(tmp_path: Path) -> None:
    from host.speech.piper_tts import PiperSynthesizer
    from host.speech.stt import make_recognizer
    from host.voice import Mouth, VoiceLoop

    session = new_session("crack-list", ["Ann", "Bob", "Cat"], seed=5)
    companion = Companion(session, "Crack List", host="127.0.0.1", port=0)
    take(TestClient(companion.app), companion, CAT)
    piper = PiperSynthesizer(steady=True)
    loop = VoiceLoop(session, speak(tmp_path, piper, "free Cat's seat"), make_recognizer("auto"),
                     Mouth(piper, []), pages=companion)
    while companion.hub.taken(CAT) and loop.step():
        pass
    assert not companion.hub.taken(CAT) and session.verdict.text == "free Cat's seat"
