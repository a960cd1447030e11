"""What ``lazytree serve`` takes from clients: how fast they create games (:class:`RateLimit`, a
token bucket per address) and what they may hold (:class:`Quotas`).

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
    """What clients of one server may hold, so that strangers cannot lock the players of
    existing games out (see ``lazytree serve --help`` for each cap): games created per address
    and in all, watchers per game and per address, pages per seat, games held per address,
    connections per address, the days before idle games are archived or forgotten, the finished
    games kept and the lobby's page size."""

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
