"""The connections ``lazytree serve`` accepts: how many per address (:class:`Doorman`), and how long
a client may take to send a request's headers (:class:`GuardedH11`, :class:`CountedSocket`).

>>> door = Doorman(per_address=2, total=3)
>>> [door.admit("10.0.0.1", k) for k in range(3)], door.admit("10.0.0.2", 9)
([True, True, False], True)
>>> door.admit("10.0.0.3", 10), door.release(9), door.admit("10.0.0.3", 10)
(False, None, True)
"""

from __future__ import annotations

import asyncio
import threading
from collections import Counter
from typing import Any, Final

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = [
    "BODY_SECONDS",
    "HEADER_SECONDS",
    "MAX_HEADERS",
    "CountedSocket",
    "Doorman",
    "GuardedH11",
    "descriptor_budget",
    "uvicorn_limits",
]

HEADER_SECONDS: Final = 10.0
"""Longest time a client may take to send a request's headers, in seconds."""

BODY_SECONDS: Final = 30.0
"""Longest time a client may take to send a request's body, in seconds."""

MAX_HEADERS: Final = 16 * 1024
"""Largest request head (request line and headers) accepted, in bytes."""

KEEP_ALIVE: Final = 5
"""Seconds an idle keep-alive connection is kept open."""


class Doorman:
    """The connections open by client address: at most ``per_address`` from one and ``total`` in
    all, ``header_seconds`` for a request's headers. Thread-safe."""

    def __init__(
        self,
        per_address: int = 256,
        total: int = 4096,
        header_seconds: float = HEADER_SECONDS,
    ) -> None:
        self.per_address = per_address
        self.total = total
        self.header_seconds = header_seconds
        self.refused = 0
        """Connections refused so far (over a cap)."""
        self.timed_out = 0
        """Connections closed so far because their headers came too slowly."""
        self._open: dict[int, str] = {}
        self._by_address: Counter[str] = Counter()
        self._lock = threading.Lock()

    def admit(self, address: str, key: int) -> bool:
        """Count connection ``key`` (an ``id`` of its transport) of ``address``: False
        (not counted) when a cap is reached. A connection counted already is admitted."""
        with self._lock:
            if key in self._open:
                return True
            if self._by_address[address] >= self.per_address or len(self._open) >= self.total:
                self.refused += 1
                return False
            self._open[key] = address
            self._by_address[address] += 1
            return True

    def release(self, key: int) -> None:
        """Connection ``key`` closed (nothing when it was not counted)."""
        with self._lock:
            address = self._open.pop(key, None)
            if address is not None:
                self._by_address[address] -= 1
                if self._by_address[address] <= 0:
                    del self._by_address[address]

    def open(self, address: str | None = None) -> int:
        """Connections open now (of ``address``; None: of all)."""
        with self._lock:
            return len(self._open) if address is None else self._by_address[address]


def _doorman(config: Any) -> Doorman | None:
    door: Doorman | None = getattr(config, "doorman", None)
    return door


def _address(transport: Any) -> str:
    peer = transport.get_extra_info("peername")
    if isinstance(peer, tuple) and peer:
        return str(peer[0])
    return "?"  # (a Unix socket: one address)


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with the per-address and total caps of the config's
    :class:`Doorman` (``config.doorman``) and a deadline for each request's headers."""

    _header_timer: asyncio.TimerHandle | None = None
    _admitted: bool = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        door = _doorman(self.config)
        if door is not None and not door.admit(_address(transport), id(transport)):
            transport.abort()  # refused before a byte is read: the descriptor is free
            return
        self._admitted = True
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self._admitted:
            return
        self._disarm()
        door = _doorman(self.config)
        if door is not None:
            door.release(id(self.transport))
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.conn.their_state is h11.IDLE and self._header_timer is None:
            self._arm()  # the next request of a kept-alive connection
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # the headers are all in
            self._disarm()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._disarm()  # the headers are in: the socket is the page's now
        super().handle_websocket_upgrade(event)

    def _arm(self) -> None:
        door = _doorman(self.config)
        if door is not None:
            self._header_timer = self.loop.call_later(door.header_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        """The headers did not come in time: the connection is closed."""
        self._header_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            door = _doorman(self.config)
            if door is not None:
                door.timed_out += 1
            self.transport.abort()


class CountedSocket:
    """Mixed into a WebSocket protocol: the upgraded connection stays counted by the
    config's :class:`Doorman` until it closes."""

    config: Any
    transport: Any

    def connection_made(self, transport: Any) -> None:
        door = _doorman(self.config)
        if door is not None:
            door.admit(_address(transport), id(transport))  # (counted when it upgraded)
        super().connection_made(transport)  # type: ignore[misc]

    def connection_lost(self, exc: Exception | None) -> None:
        door = _doorman(self.config)
        if door is not None:
            door.release(id(self.transport))
        super().connection_lost(exc)  # type: ignore[misc]


def descriptor_budget(spare: int = 256) -> int:
    """Connections the process can hold: its open-files limit (raised to the hard limit) less
    ``spare`` descriptors; at least 64."""
    try:
        import resource
    except ImportError:  # not on this platform
        return 4096
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard and hard != resource.RLIM_INFINITY:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY:
        return 65_536
    return max(64, int(soft) - spare)


def uvicorn_limits(total: int) -> dict[str, Any]:
    """The uvicorn settings that bound connections: headers of at most :data:`MAX_HEADERS`
    bytes, idle keep-alive closed after :data:`KEEP_ALIVE` s, at most ``total`` at once."""
    return {
        "h11_max_incomplete_event_size": MAX_HEADERS,
        "timeout_keep_alive": KEEP_ALIVE,
        "limit_concurrency": total,
    }
