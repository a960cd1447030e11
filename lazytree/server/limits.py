"""How fast one client may create games on ``lazytree serve``: a token bucket per address.

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
from collections import OrderedDict
from typing import Final

__all__ = ["MAX_ADDRESSES", "RateLimit"]

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
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def allow(self, address: str, now: float | None = None) -> bool:
        """Take a token from ``address``'s bucket: False when it is empty."""
        t = time.monotonic() if now is None else now
        with self._lock:
            tokens, last = self._buckets.pop(address, (float(self.burst), t))
            tokens = min(float(self.burst), tokens + (t - last) * self.per_second)
            allowed = tokens >= 1.0
            self._buckets[address] = (tokens - 1.0 if allowed else tokens, t)
            while len(self._buckets) > MAX_ADDRESSES:
                self._buckets.popitem(last=False)
            return allowed
