"""The companion's routes and WebSocket protocol, through starlette's own test client."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

from host.companion.companion import Companion
from host.companion.hub import TABLE, PageDraft
from tests.companion.conftest import take


def test_join_page_offers_each_seat_and_gives_a_seat_its_own_link(crack_list: Companion) -> None:
    client = TestClient(crack_list.app)
    hub = crack_list.hub
    page = client.get(f"/j/{hub.join_code}")
    assert page.status_code == 200 and all(name in page.text for name in ("Ann", "Bob", "Cat"))
    taken = client.post(f"/j/{hub.join_code}/1", follow_redirects=False)
    assert taken.status_code == 303
    link = taken.headers["location"]
    assert link == f"/s/{hub.seat_tokens[1]}"
    assert client.get(link).status_code == 200


@pytest.mark.parametrize("path", ["/j/WRONG1", "/s/nope", "/t/nope", "/static/../x",
                                  "/t/nope/qr.svg", "/anything"])
def test_a_wrong_link_is_a_friendly_404_that_shows_nothing_of_the_game(
        crack_list: Companion, path: str) -> None:
    answer = TestClient(crack_list.app).get(path)
    assert answer.status_code == 404 and answer.headers["content-type"].startswith("text/html")
    assert "href='/'" in answer.text and answer.headers["cache-control"] == "no-store"
    assert not any(word in answer.text for word in ("Crack", "Ann", "Bob", "Cat",
                                                    crack_list.hub.join_code))


@pytest.mark.parametrize("typed", ["{code}", "{lower}", "{spaced}", " {lower_spaced} "])
def test_the_code_is_taken_with_spaces_and_in_lower_case(crack_list: Companion,
                                                         typed: str) -> None:
    client, code = TestClient(crack_list.app), crack_list.hub.join_code
    typed = typed.format(code=code, lower=code.lower(), spaced=f"{code[:3]} {code[3:]}",
                         lower_spaced=" ".join(code.lower()))
    opened = client.get("/", params={"code": typed}, follow_redirects=False)
    assert opened.headers["location"] == f"/j/{code}"
    linked = client.get(f"/j/{typed}", follow_redirects=False)  # a link typed by hand
    assert linked.status_code in (200, 303)
    assert client.get(f"/j/{typed}").url.path == f"/j/{code}"
    assert "Ann" in client.get(f"/j/{typed}").text


def test_a_seat_token_does_not_open_the_table_page(crack_list: Companion) -> None:
    client = TestClient(crack_list.app)
    assert client.get(f"/t/{crack_list.hub.seat_tokens[0]}").status_code == 404
    assert client.get(f"/s/{crack_list.hub.table_token}").status_code == 404


def test_a_wrong_token_is_refused_a_websocket_with_a_404(crack_list: Companion) -> None:
    with pytest.raises(WebSocketDenialResponse) as denied, \
            TestClient(crack_list.app).websocket_connect("/ws/nope"):
        pass
    assert denied.value.status_code == 404


def test_a_seat_page_gets_its_hand_and_the_table_but_no_other_hand(
        crack_list: Companion) -> None:
    client, game = TestClient(crack_list.app), crack_list.session.game
    with client.websocket_connect(f"/ws/{take(client, crack_list, 0)}") as ws:
        page = ws.receive_json()
    assert page["me"]["seat"] == "Ann"
    assert len(page["me"]["hand"]) == len(game.hands[0])  # type: ignore[attr-defined]
    assert page["table"]["turn"] == "Ann" and "me" in page
    text = json.dumps(page)
    assert "Bob" not in json.dumps(page["me"]) and '"hand"' not in json.dumps(page["table"])
    assert text.count('"hand"') == 1


def test_a_tapped_move_goes_through_the_console_grammar_and_updates_every_page(
        crack_list: Companion) -> None:
    client, hub = TestClient(crack_list.app), crack_list.hub
    with client.websocket_connect(f"/ws/{take(client, crack_list, 0)}") as ann, \
            client.websocket_connect(f"/ws/{hub.table_token}") as table:
        first = ann.receive_json()
        table.receive_json()
        choose = first["me"]["actions"][0]
        ann.send_json({"say": choose["say"]})
        move = hub.moves.get(timeout=5)
        hub.moves.put(move)
        lines = crack_list.step()
        assert any(choose["label"] in line.text for line in lines)
        shown = table.receive_json()
        assert shown["table"]["headline"] == choose["label"]
        assert shown["table"]["turn"] == "Bob"
        assert ann.receive_json()["seq"] == shown["seq"]


def test_a_page_speaks_for_its_own_seat_only(crack_list: Companion) -> None:
    hub = crack_list.hub
    hub.send_move(0, "number two")
    hub.send_move(1, "Ann: number one")
    crack_list.step()
    game = crack_list.session.game
    assert game.category.title == game.offered.categories[1].title  # type: ignore[attr-defined]
    refusal = crack_list.session.phrases.line("companion_own_seat", player="Bob")
    assert refusal in (hub.latest(1) or "") and refusal not in (hub.latest(TABLE) or "")


def test_a_move_from_the_table_page_is_ignored(crack_list: Companion) -> None:
    client, hub = TestClient(crack_list.app), crack_list.hub
    with client.websocket_connect(f"/ws/{hub.table_token}") as table:
        table.receive_json()
        table.send_json({"say": "Ann: number one"})
    assert hub.take_moves() == []


def test_giving_a_seat_back_expires_its_link(crack_list: Companion) -> None:
    client, hub = TestClient(crack_list.app), crack_list.hub
    link = client.post(f"/j/{hub.join_code}/2", follow_redirects=False).headers["location"]
    token = link.rsplit("/", 1)[1]
    assert client.post(f"{link}/leave", follow_redirects=False).status_code == 303
    assert client.get(link).status_code == 404
    assert hub.audience(token) is None and 2 in hub.open_seats()


def test_the_front_page_asks_for_the_code_and_a_right_one_opens_the_join_page(
        crack_list: Companion) -> None:
    client, code = TestClient(crack_list.app), crack_list.hub.join_code
    assert "Ann" not in client.get("/").text
    assert "not the code" in client.get("/?code=NOPE").text
    opened = client.get(f"/?code={code.lower()}", follow_redirects=False)
    assert opened.headers["location"] == f"/j/{code}"


def test_pages_are_not_cached_and_load_nothing_from_elsewhere(crack_list: Companion) -> None:
    client, hub = TestClient(crack_list.app), crack_list.hub
    seat = take(client, crack_list, 0)
    for path in (f"/s/{seat}", f"/t/{hub.table_token}", f"/j/{hub.join_code}"):
        headers = client.get(path).headers
        assert headers["cache-control"] == "no-store"
        assert "default-src 'self'" in headers["content-security-policy"]


def test_a_team_seat_page_speaks_for_its_team() -> None:
    from tests.companion.conftest import new_session

    session = new_session("crack-list", [], teams=["Ann,Bob", "Cat,Dan"])
    companion = Companion(session, "Crack List", host="127.0.0.1", port=0)
    companion.hub.send_move(0, "number one")
    companion.step()
    game = session.game
    assert game.category is not None  # type: ignore[attr-defined]
    assert game.expected_player() == "Cat and Dan"


def test_the_table_page_shows_the_join_page_as_a_qr_code(crack_list: Companion) -> None:
    client, hub = TestClient(crack_list.app), crack_list.hub
    svg = client.get(f"/t/{hub.table_token}/qr.svg")
    assert svg.status_code == 200 and svg.headers["content-type"] == "image/svg+xml"
    assert svg.text.startswith("<?xml") and "<svg" in svg.text
    assert client.get(f"/t/{hub.seat_tokens[0]}/qr.svg").status_code == 404


def test_a_page_s_quit_is_confirmed_by_that_page_only(crack_list: Companion) -> None:
    hub, session = crack_list.hub, crack_list.session
    hub.send_move(2, "quit")
    crack_list.step()
    assert session.asking
    hub.send_move(1, "yes")  # Bob's page did not ask
    crack_list.step()
    assert session.asking and not session.finished
    refusal = session.phrases.line("companion_not_your_question", player="Bob")
    assert refusal in (hub.latest(1) or "") and refusal not in (hub.latest(2) or "")
    hub.send_move(2, "Cat: yes")
    crack_list.step()
    assert session.finished


def test_an_answer_read_from_the_sheet_is_the_reader_s_answer() -> None:
    from host.core.events import TimeUp
    from tests.companion.conftest import new_session

    session = new_session("scattergories", ["Ann", "Bob", "Cat"])
    game = session.game
    while str(game.state) != "reading":  # type: ignore[attr-defined]
        session.push(TimeUp(game.timer_token))  # type: ignore[attr-defined]
    companion = Companion(session, "Scattergories", host="127.0.0.1", port=0)
    reader = game.seats.index(next(s for s in game.seats if s.name == game.expected_player()))
    me = json.loads(companion.views.pages()[reader])["me"]
    companion.hub.send_move(reader, me["read_as"].replace("{answer}", "Bob"))
    companion.step()
    assert game.sheet[0][reader] == "Bob"  # type: ignore[attr-defined]


def test_a_page_open_on_a_seat_given_back_is_closed(crack_list: Companion) -> None:
    client = TestClient(crack_list.app)
    token = take(client, crack_list, 0)
    with client.websocket_connect(f"/ws/{token}") as page:
        page.receive_json()
        assert client.post(f"/s/{token}/leave", follow_redirects=False).status_code == 303
        with pytest.raises(WebSocketDisconnect) as closed:
            page.receive_json()
    assert closed.value.code == 4404


def test_a_sheet_s_draft_is_kept_for_its_own_seat_and_never_heard() -> None:
    from tests.companion.conftest import new_session

    session = new_session("scattergories", ["Ann", "Bob"], first="Ann")
    companion = Companion(session, "Scattergories", host="127.0.0.1", port=0)
    companion.publish()
    client, hub = TestClient(companion.app), companion.hub
    with client.websocket_connect(f"/ws/{take(client, companion, 1)}") as bob:
        name = "sheet:" + bob.receive_json()["me"]["sheet_round"]
        for wrong in ({"keep": {"name": name, "index": 100, "text": "Wok"}},
                      {"keep": {"name": name, "index": 0, "text": "W" * 81}},
                      {"keep": {"name": name, "index": True, "text": "Wok"}},
                      {"keep": {"name": "", "index": 0, "text": "Wok"}},
                      {"keep": [name, 0, "Wok"]}, {"keep": {"name": name, "index": 0}}):
            bob.send_json(wrong)  # each dropped by the server
        bob.send_json({"keep": {"name": name, "index": 2, "text": "Wok"}})
        draft = hub.moves.get(timeout=5)
        assert draft == PageDraft(1, name, 2, "Wok") and hub.moves.empty()
        hub.moves.put(draft)
        events: list[object] = []
        session.on_event = lambda event, notes: events.append(event)
        assert companion.step() == [] and events == []  # nothing heard, nothing said
        assert bob.receive_json()["me"]["kept"] == {name: ["", "", "Wok"]}
    assert "Wok" not in (hub.latest(0) or "") + (hub.latest(TABLE) or "")


def test_a_page_that_connects_late_counts_down_from_when_it_connects() -> None:
    """A phone waking up gets the page last published, with the host's time as it is sent:
    its countdown is the time left now, the same as the table's."""
    from tests.companion.conftest import new_session

    def left(page: dict[str, Any]) -> float:  # as app.js's countdown reads it
        return float(page["table"]["timer"]["ends"] - page["now"])

    session = new_session("short-list", ["Ann", "Bob", "Cat"])
    companion = Companion(session, "Short List", host="127.0.0.1", port=0)
    companion.publish()
    client, hub = TestClient(companion.app), companion.hub
    seat = take(client, companion, 0)
    with client.websocket_connect(f"/ws/{hub.table_token}") as table:
        assert left(table.receive_json()) == 30
    published = hub.latest(TABLE), hub.latest(0)
    session.clock.advance(12)  # type: ignore[attr-defined]  # no step: nothing published
    with client.websocket_connect(f"/ws/{hub.table_token}") as table, \
            client.websocket_connect(f"/ws/{seat}") as phone:
        assert left(table.receive_json()) == left(phone.receive_json()) == 18
    assert (hub.latest(TABLE), hub.latest(0)) == published


def test_the_server_s_own_pages_speak_the_game_s_language() -> None:
    """A French game's front, join, taken and 404 pages are in French (and say so to the
    browser), the seat and table pages too."""
    from tests.companion.conftest import new_session

    session = new_session("crack-word", ["Ann", "Bob"], lang="fr")
    companion = Companion(session, "Crack Word", host="127.0.0.1", port=0)
    hub, mine, other = companion.hub, TestClient(companion.app), TestClient(companion.app)
    code = hub.join_code
    front = mine.get("/?code=NOPE").text
    assert "Tape le code" in front and "Ce n'est pas le code." in front
    assert "Qui es-tu ?" in mine.get(f"/j/{code}").text
    seat = take(mine, companion, 0)
    assert "Retour à ta place : Ann" in mine.get(f"/j/{code}").text
    assert "Ann (prise)" in other.get(f"/j/{code}").text
    taken = other.post(f"/j/{code}/0")
    assert taken.status_code == 403
    assert "La place de Ann est prise sur un autre téléphone." in taken.text
    assert "« libère la place de Ann »" in taken.text and "Retour à la page" in taken.text
    lost = mine.get("/s/nope")
    assert lost.status_code == 404 and "Ce lien n'ouvre rien ici." in lost.text
    for page in (front, taken.text, lost.text, mine.get(f"/s/{seat}").text,
                 mine.get(f"/t/{hub.table_token}").text):
        assert '<html lang="fr">' in page
    for english in ("Type the code", "taken", "This link"):
        assert english not in front + taken.text + lost.text


def test_a_name_on_the_join_page_is_text_not_markup() -> None:
    from tests.companion.conftest import new_session

    session = new_session("crack-list", ["<b>Ann</b>", "Bob"])
    companion = Companion(session, "Crack List", host="127.0.0.1", port=0)
    client = TestClient(companion.app)
    take(client, companion, 0)
    page = client.get(f"/j/{companion.hub.join_code}").text
    assert "&lt;b&gt;Ann&lt;/b&gt;" in page and "<b>Ann" not in page
