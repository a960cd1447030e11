"""The WebSocket of ``lazytree serve``, ``/ws/ID``: a page's hello, then its moves (each confirmed
once stored); :class:`LivePages` counts the pages open against the
:class:`~lazytree.server.limits.Quotas` and closes those of a game that left memory."""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from lazytree.server.api import apply_move
from lazytree.server.live import Channel, Channels, Client, Snapshot
from lazytree.server.pages import WRONG_SEAT
from lazytree.server.runner import Runner
from lazytree.server.state import AppState, address_of, seat_url
from lazytree.server.views import BadRequest, message_object, session_view

__all__ = ["LivePages", "links_for", "parse_hello", "snapshot"]


def snapshot(runner: Runner) -> Snapshot:
    """What :mod:`lazytree.server.live` sends pages: the view as JSON text and the moves."""
    view = session_view(runner)
    with runner.lock:
        history = list(runner.session.history)
        epoch = runner.epoch
        stored_at = dict(runner.stored_at)
    moves = []
    for ply, p in enumerate(history[: view["moves_made"]]):
        move: dict[str, Any] = {"ply": ply, "player": p.player, "text": p.text}
        if p.note:
            move["note"] = p.note
        moves.append(move)
    board = view.pop("board")  # sent whole or as its changes (lazytree.server.live)
    return Snapshot(
        json.dumps(view), moves, epoch, bool(view["thinking"]), view["version"], board, stored_at
    )


def links_for(runner: Runner, role: str, seat: int | None) -> dict[str, Any] | None:
    """The links a page shows: a seat's page the watch link and its own; the host's page also
    the links of the human seats nobody has taken; None for a watcher."""
    if role == "watcher":
        return None
    seats = []
    for k, token in enumerate(runner.tokens):
        taken = runner.claimed[k]
        shown = k == seat or (role == "host" and taken in ("", "host"))
        if token is not None and shown:
            seats.append({"seat": k, "url": seat_url(runner.id, token), "mine": k == seat})
    out: dict[str, Any] = {"watch": f"/play?session={runner.id}", "seats": seats}
    if role == "host" and runner.host is not None:
        out["host"] = seat_url(runner.id, runner.host)
    return out


@dataclass
class _Page:
    """One page's connection: its game and what it was counted as once it said hello."""

    socket: WebSocket
    sid: str
    address: str
    runner: Runner | None = None
    client: Client | None = None
    channel: Channel | None = None
    counted: Runner | None = None
    """The game this page counts against (None until its hello)."""
    key: tuple[str, str] | None = None
    """(game, token) of a seat's or the host's page; None for a watcher's."""

    async def error(self, message: str, code: int | None = None) -> None:
        """Tell the page what is wrong, and close it with ``code`` when given."""
        await self.socket.send_text(json.dumps({"type": "error", "error": message}))
        if code is not None:
            await self.socket.close(code=code)


class LivePages:
    """The pages open on one app's games: their channels
    (:class:`~lazytree.server.live.Channels`) and the counts the quotas are checked against."""

    def __init__(self, state: AppState) -> None:
        self.state = state
        self.channels = Channels(snapshot)
        self.watchers: Counter[str] = Counter()  # watchers' pages by game
        self.addresses: Counter[str] = Counter()  # watchers' pages by client address
        self.seat_pages: Counter[tuple[str, str]] = Counter()  # pages by game and token
        self.holding: dict[str, Counter[str]] = {}  # seats' and hosts' pages by address, by game
        self.open_channels: dict[int, Channel] = {}  # by id(runner): the games with pages open

    def routes(self) -> list[WebSocketRoute]:
        return [WebSocketRoute("/ws/{sid}", self.serve)]

    def dropped(self, runner: Runner) -> None:
        """A game only watched left memory: its watchers' pages reconnect (and load it
        again), so watchers never keep a game in memory (called from any thread)."""
        channel = self.open_channels.get(id(runner))
        if channel is not None and channel.runner is runner:
            with contextlib.suppress(RuntimeError):  # the loop has closed
                channel.loop.call_soon_threadsafe(self._close_pages, channel)

    @staticmethod
    def _close_pages(channel: Channel) -> None:
        for client in list(channel.clients):  # 1012: the page reconnects at once
            channel.loop.create_task(close_quietly(client.socket, 1012))

    def refused(self, sid: str, address: str, role: str, token: str | None) -> str | None:
        """Why one more page may not open on game ``sid`` (a watchers' cap, a seat token's
        pages, the games one address holds), or None."""
        caps = self.state.quotas
        if role != "watcher":
            if self.seat_pages[(sid, token or "")] >= caps.pages_per_seat:
                return f"this seat has {caps.pages_per_seat} pages open already: close one"
            held = self.holding.get(address, Counter())
            if sid not in held and len(held) >= caps.games_per_address:
                return (
                    f"{address} has pages open on {caps.games_per_address} games already: close one"
                )
            return None
        if self.watchers[sid] >= caps.watchers_per_game:
            return f"this game has {caps.watchers_per_game} watchers: try to watch later"
        if self.addresses[address] >= caps.sockets_per_address:
            return f"{address} watches {caps.sockets_per_address} pages already: close one"
        return None

    async def serve(self, socket: WebSocket) -> None:
        """A page's WebSocket: its hello, then its moves, a mistake answered with an error
        and the socket kept open."""
        await socket.accept()
        page = _Page(socket, socket.path_params["sid"], address_of(socket))
        try:
            try:
                page.runner = await self.state.runner(page.sid)
            except BadRequest as exc:
                # 1013: try again later (the page reconnects); 4404: no such game
                await page.error(str(exc), 1013 if exc.status == 503 else 4404)
                return
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                try:
                    data = parse_message(message)
                    if "hello" in data:
                        if not await self.hello(page, data["hello"]):
                            return
                    elif "move" in data:
                        await self.move(page, data["move"])
                    else:
                        raise BadRequest(
                            f"unknown message {sorted(data)[:3]}: expected hello or move"
                        )
                except BadRequest as exc:
                    await page.error(str(exc))
        except WebSocketDisconnect:
            return
        finally:
            self.leave(page)

    async def hello(self, page: _Page, hello: Any) -> bool:
        """The page's hello: counted, joined to its game's channel (sent what it missed); a
        seat's or the host's page resumes an AI to move. False when refused."""
        runner = page.runner
        assert runner is not None
        if page.client is not None:
            raise BadRequest("hello was said already")
        ply, token, epoch = parse_hello(hello)
        role, seat = runner.role(token)
        if token and role == "watcher":
            await page.error(WRONG_SEAT, 4403)
            return False
        full = self.refused(page.sid, page.address, role, token)
        if full is not None:
            await page.error(full, 4429)
            return False
        if role == "watcher":
            self.watchers[page.sid] += 1
            self.addresses[page.address] += 1
        else:
            page.key = (page.sid, token or "")
            self.seat_pages[page.key] += 1
            self.holding.setdefault(page.address, Counter())[page.sid] += 1
            runner.seated += 1
        page.counted = runner
        if role == "seat" and seat is not None:
            await run_in_threadpool(runner.claim, seat)
        links = partial(links_for, runner, role, seat)
        page.client = Client(page.socket, role, seat, ply, epoch, links=links)
        page.channel = self.channels.of(runner)
        self.open_channels[id(runner)] = page.channel
        await page.channel.join(page.client)
        s = runner.session
        # the AI's turn, or a turn a reloaded page's leaving cancelled: a seat's or the
        # host's page resumes it, a watcher's never does
        ai_to_move = not s.is_over and not s.seat().is_human
        resume = not runner.thinking or runner.cancelled
        if role != "watcher" and ai_to_move and resume:
            await run_in_threadpool(runner.start_ai)
        return True

    async def move(self, page: _Page, text: Any) -> None:
        """A move of a seat's or the host's page, confirmed once stored
        (:func:`~lazytree.server.api.apply_move`)."""
        client = page.client
        if client is None or page.runner is None:
            raise BadRequest("say hello first")
        if not isinstance(text, str) or len(text) > 200:
            raise BadRequest('expected {"move": "..."}: the move as text')
        if client.role == "watcher":
            raise BadRequest("a watcher cannot move", 403)
        ply = await run_in_threadpool(apply_move, page.runner, client.role, client.seat, text)
        await page.socket.send_text(json.dumps({"type": "confirmed", "move": text, "ply": ply}))

    def leave(self, page: _Page) -> None:
        """The page closed: it is counted no more, leaves its channel, and a game nobody
        watches any more stops its AI (and leaves memory once over)."""
        if page.counted is not None:
            if page.key is None:
                uncount(self.watchers, page.sid)
                uncount(self.addresses, page.address)
            else:
                uncount(self.seat_pages, page.key)
                held = self.holding.get(page.address)
                if held is not None:
                    uncount(held, page.sid)
                    if not held:
                        del self.holding[page.address]
                page.counted.seated -= 1
        channel = page.channel
        if channel is None or page.client is None:
            return
        channel.leave(page.client)
        if not channel.clients:
            self.channels.release(channel)
            if self.open_channels.get(id(channel.runner)) is channel:
                del self.open_channels[id(channel.runner)]
            if channel.runner.thinking:  # nobody watches: the AI stops
                channel.runner.cancel(wait=0)
            self.state.sessions.release(channel.runner)  # a game over leaves memory


async def close_quietly(socket: WebSocket, code: int) -> None:
    """Close a page's socket; a page that has gone already is no error (nothing is
    logged: its leaving is expected)."""
    with contextlib.suppress(RuntimeError, OSError, WebSocketDisconnect):
        await socket.close(code=code)


def uncount(counter: Counter[Any], key: Any) -> None:
    """One less of ``key`` (forgotten at zero, so the counter stays small)."""
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]


def parse_message(message: Mapping[str, Any]) -> dict[str, Any]:
    """A page's WebSocket message as a JSON object; :class:`BadRequest` for binary,
    oversized (over :data:`~lazytree.server.views.MAX_MESSAGE` bytes) or malformed ones."""
    text = message.get("text")
    if text is None:
        raise BadRequest("expected a text message of JSON")
    return message_object(text)


def parse_hello(hello: Any) -> tuple[int, str | None, int]:
    """``{"ply": N, "seat": TOKEN, "epoch": E}`` (all optional): the plies the page has,
    its seat's token and the epoch of its moves (-1: unknown).

    >>> parse_hello({"ply": 3, "seat": "tok"})
    (3, 'tok', -1)
    """
    if not isinstance(hello, dict):
        raise BadRequest('expected {"hello": {"ply": N, "seat": TOKEN}}')
    ply, token, epoch = hello.get("ply", 0), hello.get("seat"), hello.get("epoch", -1)
    if isinstance(ply, bool) or not isinstance(ply, int) or ply < 0:
        raise BadRequest("hello: ply must be the number of moves the page has (0 or more)")
    if token is not None and (not isinstance(token, str) or len(token) > 200):
        raise BadRequest("hello: seat must be the seat's token")
    if isinstance(epoch, bool) or not isinstance(epoch, int):
        raise BadRequest("hello: epoch must be a whole number")
    return ply, token or None, epoch
