"""Live pages: every change of a game pushed at once to every page open on it.

A page opens ``/ws/GAME`` and says hello with the ply it has shown; it is sent the moves since and
the view, then an update after every change (the board as a delta after the first), and progress
while an AI thinks. Each page has its own bounded queue and sender; a slow page is disconnected and
catches up when it reconnects. Changes from any thread are coalesced by :meth:`Channel.poke`. The
messages: ``docs/how-to/play-together.md``.
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

from lazytree.boards import pack_moves
from lazytree.server.runner import Runner

__all__ = ["PROGRESS_EVERY", "Channel", "Channels", "Client", "Snapshot"]

PROGRESS_EVERY = 0.25
"""Seconds between two progress messages of a thinking AI."""

SEND_TIMEOUT = 5.0
"""A page that takes longer than this to take a message is dropped (it reconnects)."""

QUEUE = 32
"""Messages waiting for one page at most; one more and the page is dropped."""

SLOW_CLOSE = 4408
"""The close code of a page dropped for reading too slowly (it reconnects)."""


@dataclass(frozen=True)
class Snapshot:
    """A game as pages are sent it: its view without the board (JSON text), the board
    document, the moves (as sent) and epoch."""

    view: str
    moves: list[dict[str, Any]]
    epoch: int
    thinking: bool
    version: int
    board: dict[str, Any] = field(default_factory=dict)
    at: dict[int, float] = field(default_factory=dict)
    """When the latest moves were stored (ply: seconds since the epoch)."""


def board_delta(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any] | None:
    """What changed from board document ``old`` to ``new`` (see the module), or None
    when the cells are not the same cells (another board: send it whole).

    >>> a = {"kind": "hex", "cells": [{"owner": 0}, {"owner": 1}], "toMove": 0}
    >>> board_delta(a, {"kind": "hex", "cells": [{"owner": 0}, {"owner": 0}], "toMove": 1})
    {'cells': [[1, {'owner': 0}]], 'set': {'toMove': 1}, 'unset': []}
    >>> b = {"kind": "text", "text": "a\\nb\\nc", "moves": [{"move": "x", "path": []}]}
    >>> board_delta(b, {**b, "text": "a\\nB\\nc", "moves": []})
    {'cells': [], 'set': {}, 'unset': [], 'lines': [3, [[1, 'B']]], 'moves': []}
    """
    cells_old, cells_new = old.get("cells", []), new.get("cells", [])
    if len(cells_old) != len(cells_new) or old.get("kind") != new.get("kind"):
        return None
    cells = [[i, c] for i, (b, c) in enumerate(zip(cells_old, cells_new, strict=True)) if b != c]
    changed = {k: v for k, v in new.items() if k != "cells" and old.get(k) != v}
    delta: dict[str, Any] = {
        "cells": cells,
        "set": changed,
        "unset": [k for k in old if k not in new],
    }
    if isinstance(changed.get("text"), str) and isinstance(old.get("text"), str):
        lines_old, lines_new = old["text"].split("\n"), changed["text"].split("\n")
        lines = [
            [i, line]
            for i, line in enumerate(lines_new)
            if i >= len(lines_old) or lines_old[i] != line
        ]
        del changed["text"]
        delta["lines"] = [len(lines_new), lines]
    if isinstance(changed.get("moves"), list):
        delta["moves"] = pack_moves(changed.pop("moves"))
    return delta


@dataclass
class Built:
    """A snapshot as sent: the snapshot, its board as JSON text, and the delta from the
    snapshot sent before it (JSON text; None: none)."""

    snap: Snapshot
    board: str
    delta: str | None
    previous: int
    """The version the delta starts from."""


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
    queue: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(QUEUE))
    dropped: bool = False
    """The page read too slowly: it was disconnected."""
    sender: asyncio.Task[None] | None = None
    closing: asyncio.Task[None] | None = None
    send_timeout: float = SEND_TIMEOUT

    def push(self, built: Built) -> bool:
        """Queue the moves this page has not had and the view (the board's changes when it
        has the board before, else the whole board); False when the queue is full."""
        snap = built.snap
        if snap.version <= self.version:
            return True
        same = self.epoch in (-1, snap.epoch) and self.ply <= len(snap.moves)
        start = self.ply if same else 0
        moves = snap.moves[start:]
        links = self.links()
        extra = f',"you":{{"role":"{self.role}","seat":{json.dumps(self.seat)}}}'
        if links is not None:
            extra += f',"links":{json.dumps(links)}'
        at = {ply: round(t, 4) for ply, t in snap.at.items() if ply >= start}
        if at:
            extra += f',"at":{json.dumps(at)}'
        view = snap.view
        if built.delta is not None and self.version == built.previous and self.epoch == snap.epoch:
            extra += f',"delta":{built.delta}'
        else:
            view = f'{view[:-1]},"board":{built.board}}}'
        text = (
            f'{{"type":"update","from":{start},"ply":{len(snap.moves)},'
            f'"moves":{json.dumps(moves)}{extra},"view":{view}}}'
        )
        if not self.offer(text):
            return False
        self.ply, self.epoch, self.version = len(snap.moves), snap.epoch, snap.version
        return True

    def offer(self, text: str) -> bool:
        """Queue ``text`` for the page; False (nothing queued) when its queue is full."""
        if self.dropped:
            return False
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            return False
        if self.sender is None:
            self.sender = asyncio.get_running_loop().create_task(self._send_all())
        return True

    async def _send_all(self) -> None:
        """Send the queued messages one by one; drop the page when one takes longer than
        :attr:`send_timeout` seconds."""
        try:
            while True:
                text = await self.queue.get()
                await asyncio.wait_for(self.socket.send_text(text), self.send_timeout)
        except asyncio.CancelledError:
            raise
        except Exception:
            self.drop()

    def drop(self) -> None:
        """Disconnect the page (it reads too slowly, or its socket failed): it reconnects
        and catches up."""
        if self.dropped:
            return
        self.dropped = True
        loop = asyncio.get_running_loop()
        if self.sender is not None and self.sender is not asyncio.current_task():
            self.sender.cancel()
        self.closing = loop.create_task(self._close())

    async def _close(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.socket.close(SLOW_CLOSE), self.send_timeout)

    def stop(self) -> None:
        """The page left: its sender ends."""
        if self.sender is not None:
            self.sender.cancel()


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
        self._last: Built | None = None
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

    async def _build(self) -> Built:
        """The game's snapshot now, with its board's changes since the last one built."""
        last = self._last
        built = await run_in_threadpool(self._built, last)
        if self._last is last and (last is None or built.snap.version > last.snap.version):
            self._last = built
        return built

    def _built(self, last: Built | None) -> Built:
        snap = self.snapshot(self.runner)
        delta = None
        if last is not None and last.snap.epoch == snap.epoch:
            change = board_delta(last.snap.board, snap.board)
            delta = None if change is None else json.dumps(change, separators=(",", ":"))
        previous = -2 if last is None else last.snap.version
        return Built(snap, json.dumps(snap.board), delta, previous)

    async def _flush(self) -> None:
        while self._dirty and self.clients:
            self._dirty = False
            built = await self._build()
            self._send(built, list(self.clients))
            if built.snap.thinking and (self._ticking is None or self._ticking.done()):
                self._ticking = self.loop.create_task(self._tick())

    def _send(self, built: Built, clients: list[Client]) -> None:
        """Queue the snapshot for each page (no page waits for another); drop the pages
        whose queue is full."""
        for client in clients:
            if not client.push(built):
                self._drop(client)

    def _drop(self, client: Client) -> None:
        self.clients.discard(client)
        client.drop()

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
                if client.queue.qsize() < QUEUE // 2:  # progress can wait: a move cannot
                    client.offer(message)
                if client.dropped:
                    self._drop(client)

    async def join(self, client: Client) -> None:
        """A page said hello: send it what it missed, then every change."""
        self.clients.add(client)
        built = await self._build()
        self._send(built, [client])
        if built.snap.thinking and (self._ticking is None or self._ticking.done()):
            self._ticking = self.loop.create_task(self._tick())

    def leave(self, client: Client) -> None:
        self.clients.discard(client)
        client.stop()

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
