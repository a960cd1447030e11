"""What ``lazytree serve`` takes from clients: how fast they create games, and what they
may hold (:class:`Quotas`); the JSON they send is parsed by :func:`lazytree.safejson.parse_json`.

How fast one client may create games: a token bucket per address (the server also keeps
one for every client together).

Each address may create :attr:`RateLimit.burst` games at once, then one every
``1 / per_second`` seconds (the bucket refills at that rate). The server keeps at most
:data:`MAX_ADDRESSES` buckets (the oldest dropped), so a flood of addresses cannot fill
its memory.

>>> limit = RateLimit(burst=2, per_second=1.0)
>>> [limit.allow("10.0.0.1", now=0.0) for _ in range(3)]
[True, True, False]
>>> limit.allow("10.0.0.1", now=1.0), limit.allow("10.0.0.2", now=1.0)
(True, True)

"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Final

from lazytree.server.recent import Recent

__all__ = [
    "MAX_ADDRESSES",
    "Quotas",
    "RateLimit",
]

MAX_ADDRESSES: Final = 10_000
"""Client addresses remembered at once."""


class RateLimit:
    """A token bucket per client address: ``burst`` games at once, ``per_second`` more a
    second."""

    def __init__(self, burst: int = 20, per_second: float = 0.2) -> None:
        if burst < 1 or per_second <= 0:
            raise ValueError("burst must be at least 1 and per_second positive")
        self.burst = burst
        self.per_second = per_second
        self._buckets: Recent[str, tuple[float, float]] = Recent(MAX_ADDRESSES)
        self._lock = threading.Lock()

    def allow(self, address: str, now: float | None = None) -> bool:
        """Take a token from ``address``'s bucket: False when it is empty."""
        t = time.monotonic() if now is None else now
        with self._lock:
            tokens, last = self._buckets.get(address) or (float(self.burst), t)
            tokens = min(float(self.burst), tokens + (t - last) * self.per_second)
            allowed = tokens >= 1.0
            self._buckets[address] = (tokens - 1.0 if allowed else tokens, t)
            return allowed


@dataclass
class Quotas:
    """What clients of one server may hold, together and each: none of these can be
    filled by strangers to lock the players of existing games out (a seat's or the
    host's page is never counted against the watchers' caps; a game only watched is not
    held in memory).

    ``create_per_address`` and ``create_total``: new games (and loaded ones) per client
    address and for everyone together; ``watchers_per_game``: pages open on one game
    without a seat's token; ``sockets_per_address``: watchers' pages one address may
    keep open on the whole server; ``pages_per_seat``: pages open with one seat's (or the
    host's) token; ``games_per_address``: games one address may hold in memory with
    seats' or hosts' pages (those of the games it created included);
    ``connections_per_address``: connections one address may have open at once (HTTP
    and WebSocket; see :mod:`lazytree.server.connections`); ``idle_days``: an unfinished
    game nobody touched for that long is archived (it leaves the lobby; its links still
    work); ``forget_days``: an unfinished game nobody touched for that long is deleted,
    ``forget_empty_days``: one without a move; ``keep_finished``: the newest finished
    games kept, the older deleted; ``lobby_page``: games of each state on one page of the
    lobby."""

    create_per_address: RateLimit = field(default_factory=RateLimit)
    create_total: RateLimit = field(default_factory=lambda: RateLimit(burst=200, per_second=2.0))
    watchers_per_game: int = 64
    sockets_per_address: int = 64
    pages_per_seat: int = 8
    games_per_address: int = 8
    connections_per_address: int = 256
    idle_days: float = 7.0
    forget_days: float = 30.0
    forget_empty_days: float = 1.0
    keep_finished: int = 10_000
    lobby_page: int = 50
