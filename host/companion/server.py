"""The companion's web server: starlette routes for the join, seat and table pages and their
WebSocket, run by uvicorn on a thread of its own beside the game's loop."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import socket
import threading
from collections.abc import Sequence
from typing import Any

import segno
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from host.companion.front import STATIC, FrontPages
from host.companion.hub import (
    DRAFT_ENTRIES,
    DRAFT_NAME,
    DRAFT_TEXT,
    EXPIRED,
    TABLE,
    Hub,
    PageDraft,
    new_device,
)
from host.companion.schema import Words

HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'; connect-src 'self'; form-action 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'",
}
"""Every page's headers: never cached, no link given away, nothing from elsewhere."""
MAX_MESSAGE = 1000
"""The longest message a page may send (a move is under 200 characters)."""
DEVICE_COOKIE = "partyhost_device"
"""The cookie that says which device this is (a random id): the seats it took are its own."""
DEVICE_SECONDS = 24 * 3600
"""How long a device keeps its id: a party's length, and more."""


def device_of(request: Request | WebSocket) -> str | None:
    """The id in the device's cookie, if it sent a plausible one."""
    device = request.cookies.get(DEVICE_COOKIE)
    return device if device and len(device) <= 64 else None


def typed_code(text: str) -> str:
    """A join code as typed or linked: spaces, dashes and case do not matter ("k7q 2xm")."""
    return "".join(char for char in text.upper() if char.isalnum())


def build_app(hub: Hub, names: Sequence[str], title: str, words: Words,
              lang: str) -> Starlette:
    """The companion's routes: / (type the join code), /j/CODE (join), /s/TOKEN (a seat),
    /t/TOKEN (the table), /ws/TOKEN (their WebSocket) and /static; else a friendly 404.
    `words`: the pages' text in the game's language `lang` (the host is asked in it to free
    a seat).

    A seat's link is a bearer token, and a link can be copied (a screenshot, a shared
    history): a seat's page, its WebSocket and its "Not me" also need the device cookie of the
    device that took the seat (HttpOnly, SameSite=Strict, set when the seat is taken). On any
    other device the link shows a page that says so, and nothing of the game; the owner's
    device gets its seat back from the same link or from the join page."""
    pages = FrontPages(hub, names, title, words, lang)

    def not_found() -> Response:
        """A wrong or expired link (seat, table, join code, anything else): a friendly 404
        that shows nothing of the game, with a link back to the front page."""
        return HTMLResponse(pages.lost(), status_code=404, headers=HEADERS)

    def taken_page(seat: int, back: str, back_key: str) -> Response:
        """A seat asked for on a device that is not the one that took it (403)."""
        return HTMLResponse(pages.taken(seat, back, back_key), status_code=403, headers=HEADERS)

    async def front(request: Request) -> Response:
        code = typed_code(request.query_params.get("code", ""))
        if code == hub.join_code:
            return RedirectResponse(f"/j/{hub.join_code}", status_code=303)
        return HTMLResponse(pages.front(wrong=bool(code)), headers=HEADERS)

    async def join(request: Request) -> Response:
        code = request.path_params["code"]
        if typed_code(code) != hub.join_code:
            return not_found()
        if code != hub.join_code:  # typed by hand ("/j/k7q 2xm"): the link as printed
            return RedirectResponse(f"/j/{hub.join_code}", status_code=303)
        return HTMLResponse(pages.join(device_of(request)), headers=HEADERS)

    async def take_seat(request: Request) -> Response:
        seat = request.path_params["seat"]
        if typed_code(request.path_params["code"]) != hub.join_code \
                or not 0 <= seat < len(names):
            return not_found()
        device = device_of(request) or new_device()
        token = hub.claim(seat, device)
        if token is None:
            return taken_page(seat, f"/j/{hub.join_code}", "back_to_join")
        taken = RedirectResponse(f"/s/{token}", status_code=303)
        taken.set_cookie(DEVICE_COOKIE, device, max_age=DEVICE_SECONDS, path="/",
                         httponly=True, samesite="strict")
        return taken

    async def leave(request: Request) -> Response:
        seat = hub.audience(request.path_params["token"])
        if seat is None or seat == TABLE or not hub.owns(seat, device_of(request)):
            return not_found()
        hub.release(seat)
        return RedirectResponse(f"/j/{hub.join_code}", status_code=303)

    async def page(request: Request) -> Response:
        audience = hub.audience(request.path_params["token"])
        wanted = TABLE if request.url.path.startswith("/t/") else None
        if audience is None or (wanted == TABLE) != (audience == TABLE):
            return not_found()
        if audience != TABLE and not hub.owns(audience, device_of(request)):
            if not hub.taken(audience):
                return not_found()
            return taken_page(audience, "/", "join_game")
        name = "table.html" if audience == TABLE else "seat.html"
        return HTMLResponse(pages.page_of(name), headers=HEADERS)

    async def join_qr(request: Request) -> Response:
        if hub.audience(request.path_params["token"]) != TABLE:
            return not_found()
        svg = io.BytesIO()
        segno.make(f"{request.base_url}j/{hub.join_code}", error="l").save(
            svg, kind="svg", scale=6, border=2, dark="#14171f", light="#ffffff")
        return Response(svg.getvalue(), media_type="image/svg+xml", headers=HEADERS)

    async def socket_route(websocket: WebSocket) -> None:
        audience = hub.audience(websocket.path_params["token"])
        if audience is None or (audience != TABLE
                                and not hub.owns(audience, device_of(websocket))):
            await websocket.send_denial_response(not_found())
            return
        await websocket.accept()
        await serve_page(websocket, hub, audience)

    async def missing(request: Request, exc: Exception) -> Response:
        return not_found()

    return Starlette(exception_handlers={404: missing}, routes=[
        Route("/", front),
        Route("/j/{code}", join),
        Route("/j/{code}/{seat:int}", take_seat, methods=["POST"]),
        Route("/s/{token}", page),
        Route("/t/{token}", page),
        Route("/t/{token}/qr.svg", join_qr),
        Route("/s/{token}/leave", leave, methods=["POST"]),
        WebSocketRoute("/ws/{token}", socket_route),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ])


async def serve_page(websocket: WebSocket, hub: Hub, audience: int) -> None:
    """Send the audience's pages as they are published; queue the moves a seat's page sends.
    The page closes when its link expires (the seat was given up or taken again)."""
    outbox = hub.connect(audience)
    token = websocket.path_params["token"]
    sender = asyncio.create_task(_send_all(websocket, hub, outbox))
    try:
        while True:
            message = await websocket.receive_text()
            if hub.audience(token) != audience:
                break
            if audience == TABLE:  # the table's page sends nothing the game takes
                continue
            data = _message(message)
            text = _move_text(data)
            draft = _draft(audience, data)
            if text is not None:
                hub.send_move(audience, text)
            elif draft is not None:
                hub.send_draft(draft)
    except WebSocketDisconnect:
        pass
    finally:
        sender.cancel()
        hub.disconnect(audience, outbox)
    with contextlib.suppress(RuntimeError):
        await websocket.close(code=4404)


async def _send_all(websocket: WebSocket, hub: Hub, outbox: asyncio.Queue[str]) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            page = await outbox.get()
            if page == EXPIRED:
                await websocket.close(code=4404)
                return
            await websocket.send_text(hub.stamped(page))


def _message(message: str) -> dict[str, Any]:
    """A page's message as the JSON object it should be; {} for anything else."""
    if len(message) > MAX_MESSAGE:
        return {}
    try:
        data = json.loads(message)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _move_text(data: dict[str, Any]) -> str | None:
    """The text of a page's {"say": "..."} message, or None for anything else."""
    said = data.get("say")
    return said if isinstance(said, str) and said.strip() else None


def _draft(seat: int, data: dict[str, Any]) -> PageDraft | None:
    """The draft entry of a page's {"keep": {"name": ..., "index": i, "text": ...}} message
    (its sheet's answer to keep), or None for anything else or anything too long."""
    keep = data.get("keep")
    if not isinstance(keep, dict):
        return None
    name, index, text = keep.get("name"), keep.get("index"), keep.get("text")
    if not (isinstance(name, str) and 0 < len(name) <= DRAFT_NAME and type(index) is int
            and 0 <= index < DRAFT_ENTRIES and isinstance(text, str)
            and len(text) <= DRAFT_TEXT):
        return None
    return PageDraft(seat, name, index, text)


class Server:
    """uvicorn serving the companion's app on its own thread, on a socket bound here (so the
    port is known before the first page opens)."""

    def __init__(self, app: Starlette, host: str, port: int) -> None:
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.socket.bind((host, port))
        self.host, self.port = self.socket.getsockname()[:2]
        config = uvicorn.Config(app, log_level="warning", lifespan="off", ws="websockets-sansio")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self._run, name="companion-server", daemon=True)

    def start(self) -> None:
        """Start serving (returns at once; pages may connect as soon as the port listens)."""
        self.socket.listen(64)
        self.thread.start()

    def _run(self) -> None:
        self.server.run(sockets=[self.socket])

    def stop(self, timeout: float = 5.0) -> None:
        """Stop serving and wait for the thread to end."""
        self.server.should_exit = True
        self.thread.join(timeout)
        self.socket.close()
