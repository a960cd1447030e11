"""What ``lazytree serve`` takes from clients: how fast they create games, and JSON
within limits.

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

JSON from the network is parsed by :func:`parse_json`: its nesting depth is counted
before the parser sees it, and huge integers are refused (Python refuses to convert
integers of more than 4,300 digits with a ``ValueError``).
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Final

__all__ = [
    "MAX_ADDRESSES",
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "JSONLimitError",
    "Quotas",
    "RateLimit",
    "nesting_depth",
    "parse_json",
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
    host's) token; ``idle_days``: an unfinished game nobody touched for that long is
    archived (it leaves the lobby; its links still work); ``keep_finished``: the newest
    finished games kept, the older deleted."""

    create_per_address: RateLimit = field(default_factory=RateLimit)
    create_total: RateLimit = field(default_factory=lambda: RateLimit(burst=200, per_second=2.0))
    watchers_per_game: int = 64
    sockets_per_address: int = 64
    pages_per_seat: int = 8
    idle_days: float = 7.0
    keep_finished: int = 10_000


# -- JSON from the network ----------------------------------------------------------------
MAX_DEPTH: Final = 32
"""Deepest nesting of arrays and objects a request's JSON may have (a saved game has 3)."""

MAX_INT_DIGITS: Final = 30
"""Most digits of an integer in a request's JSON (seeds are 64-bit: 20 digits)."""


class JSONLimitError(ValueError):
    """JSON the server refuses to parse: malformed, too deep or with a huge number (the
    message is meant for the client)."""


def nesting_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON text, counted without parsing
    (brackets inside strings do not count), so a document nested 100,000 deep is
    refused before the parser recurses into it.

    >>> nesting_depth('{"a": [1, {"b": "[[["}]}')
    3
    """
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise JSONLimitError(f"a number of {len(text):,} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _no_constant(text: str) -> Any:
    raise JSONLimitError(f"{text} is not a JSON number")


def parse_json(body: bytes | str, max_depth: int = MAX_DEPTH) -> Any:
    """JSON text (or UTF-8 bytes) parsed within limits: at most ``max_depth`` levels of
    nesting (checked before parsing), integers of at most :data:`MAX_INT_DIGITS` digits,
    no ``NaN`` or ``Infinity``. :class:`JSONLimitError` otherwise.

    >>> parse_json(b'{"move": "a1"}')
    {'move': 'a1'}
    >>> parse_json("[" * 40 + "]" * 40)
    Traceback (most recent call last):
    ...
    lazytree.server.limits.JSONLimitError: JSON nested 40 deep (at most 32)
    """
    try:
        text = body.decode("utf-8") if isinstance(body, bytes) else body
    except UnicodeDecodeError as exc:
        raise JSONLimitError(f"malformed JSON: not UTF-8 ({exc.reason})") from None
    depth = nesting_depth(text)
    if depth > max_depth:
        raise JSONLimitError(f"JSON nested {depth:,} deep (at most {max_depth})")
    try:
        return json.loads(text, parse_int=_bounded_int, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise JSONLimitError(f"malformed JSON: {exc}") from None
    except RecursionError:  # (the depth check makes this unreachable; kept as a guard)
        raise JSONLimitError("JSON nested too deep") from None
