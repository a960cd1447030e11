"""Live pages: every change of a game pushed at once to every page open on it.

A page opens a WebSocket on ``/ws/GAME`` and says ``{"hello": {"ply": N, "seat":
TOKEN}}`` (``seat`` null or absent for a watcher; ``ply``: the moves it has already
shown, 0 for a new page). The server answers with ``{"type": "update", ...}``: the moves
since ply ``N`` and the game's view, and then pushes one such message after every change
(a move stored, an undo, the AI starting or ending its turn, the end of the game), and
while an AI thinks a ``{"type": "progress", ...}`` message at most
:data:`PROGRESS_EVERY` seconds apart. A page that lost its connection reconnects
and says the ply it had: it is sent the moves it missed.

An update is ``{"type": "update", "from": F, "ply": P, "moves": [...], "view": {...}}``:
``moves`` are the plies ``F`` to ``P - 1`` (each ``{"ply", "player", "text"}`` and a
``note`` for a dice roll), so a client can check that it lost and doubled nothing;
``F`` is 0 after an undo or redo (the moves it had may be gone). A seat's and the host's
page also get ``links`` (see :func:`lazytree.server.app.links_for`).

Changes come from any thread (the AI's worker, the request handlers): :meth:`Channel.poke`
hands them to the event loop (``call_soon_threadsafe``), which coalesces them: however
many moves were made meanwhile, one view is built (in a worker thread) and sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket

from lazytree.server.runner import Runner

__all__ = ["PROGRESS_EVERY", "Channel", "Channels", "Client", "Snapshot"]

PROGRESS_EVERY = 0.25
"""Seconds between two progress messages of a thinking AI."""

SEND_TIMEOUT = 10.0
"""A page that takes longer than this to take a message is dropped (it reconnects)."""


@dataclass(frozen=True)
class Snapshot:
    """A game as pages are sent it: its view (JSON text), moves (as sent) and epoch."""

    view: str
    moves: list[dict[str, Any]]
    epoch: int
    thinking: bool
    version: int


@dataclass(eq=False)
class Client:
    """One open page: its socket, role (``seat``, ``host``, ``watcher``), seat, the
    plies it was sent and the epoch they belong to."""

    socket: WebSocket
    role: str
    seat: int | None
    ply: int
    epoch: int = -1
    links: Callable[[], dict[str, Any] | None] = field(default=lambda: None)
    version: int = -1
    """The game's version of the last snapshot sent (an older one is never sent)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def push(self, snap: Snapshot) -> None:
        """Send the moves this page has not had and the view (one push at a time)."""
        async with self.lock:
            if snap.version <= self.version:
                return
            same = self.epoch in (-1, snap.epoch) and self.ply <= len(snap.moves)
            start = self.ply if same else 0
            moves = snap.moves[start:]
            links = self.links()
            extra = f',"you":{{"role":"{self.role}","seat":{json.dumps(self.seat)}}}'
            if links is not None:
                extra += f',"links":{json.dumps(links)}'
            text = (
                f'{{"type":"update","from":{start},"ply":{len(snap.moves)},'
                f'"moves":{json.dumps(moves)}{extra},"view":{snap.view}}}'
            )
            await asyncio.wait_for(self.socket.send_text(text), SEND_TIMEOUT)
            self.ply, self.epoch, self.version = len(snap.moves), snap.epoch, snap.version


class Channel:
    """The open pages of one game."""

    def __init__(
        self,
        runner: Runner,
        loop: asyncio.AbstractEventLoop,
        snapshot: Callable[[Runner], Snapshot],
    ) -> None:
        self.runner = runner
        self.loop = loop
        self.snapshot = snapshot
        self.clients: set[Client] = set()
        self._dirty = False
        self._flushing: asyncio.Task[None] | None = None
        self._ticking: asyncio.Task[None] | None = None
        self._closed = False
        runner.listeners.append(self.poke)

    def poke(self) -> None:
        """The game changed (call from any thread)."""
        if not self._closed:
            with contextlib.suppress(RuntimeError):  # the loop has closed: the server stops
                self.loop.call_soon_threadsafe(self._schedule)

    def _schedule(self) -> None:
        self._dirty = True
        if self._flushing is None or self._flushing.done():
            self._flushing = self.loop.create_task(self._flush())

    async def _flush(self) -> None:
        while self._dirty and self.clients:
            self._dirty = False
            snap = await run_in_threadpool(self.snapshot, self.runner)
            await self._send(snap, list(self.clients))
            if snap.thinking and (self._ticking is None or self._ticking.done()):
                self._ticking = self.loop.create_task(self._tick())

    async def _send(self, snap: Snapshot, clients: list[Client]) -> None:
        results = await asyncio.gather(*(c.push(snap) for c in clients), return_exceptions=True)
        for client, result in zip(clients, results, strict=True):
            if isinstance(result, BaseException):
                self.clients.discard(client)
                with contextlib.suppress(Exception):
                    await client.socket.close(1011)

    async def _tick(self) -> None:
        """Progress of the thinking AI, every :data:`PROGRESS_EVERY` seconds."""
        runner = self.runner
        while runner.thinking and self.clients:
            await asyncio.sleep(PROGRESS_EVERY)
            progress = runner.progress
            message = json.dumps(
                {
                    "type": "progress",
                    "waiting": runner.waiting,
                    "progress": None if progress is None else progress.as_json(),
                }
            )
            for client in list(self.clients):
                try:
                    await asyncio.wait_for(client.socket.send_text(message), SEND_TIMEOUT)
                except Exception:
                    self.clients.discard(client)

    async def join(self, client: Client) -> None:
        """A page said hello: send it what it missed, then every change."""
        self.clients.add(client)
        snap = await run_in_threadpool(self.snapshot, self.runner)
        await self._send(snap, [client])
        if snap.thinking and (self._ticking is None or self._ticking.done()):
            self._ticking = self.loop.create_task(self._tick())

    def leave(self, client: Client) -> None:
        self.clients.discard(client)

    def close(self) -> None:
        self._closed = True
        with contextlib.suppress(ValueError):
            self.runner.listeners.remove(self.poke)


class Channels:
    """The channel of every game with a page open (made on the first hello)."""

    def __init__(self, snapshot: Callable[[Runner], Snapshot]) -> None:
        self.snapshot = snapshot
        self._channels: dict[int, Channel] = {}

    def of(self, runner: Runner) -> Channel:
        channel = self._channels.get(id(runner))
        if channel is None or channel.runner is not runner:
            channel = Channel(runner, asyncio.get_running_loop(), self.snapshot)
            self._channels[id(runner)] = channel
        return channel

    def release(self, channel: Channel) -> None:
        """Forget ``channel`` once its last page left (the game may leave memory)."""
        if not channel.clients and self._channels.get(id(channel.runner)) is channel:
            del self._channels[id(channel.runner)]
            channel.close()
