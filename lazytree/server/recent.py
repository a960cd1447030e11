"""The server's one cache type: :class:`Recent`, a mapping that keeps the most recently
used entries only.

Every bounded memory of the server is one (a worker's games and explored trees, where a
game's or a tree's last search ran, the rate limit's buckets, the workers' usage per
owner), so that no stranger can fill the process by asking for new keys.

>>> seen = Recent[str, int](2, on_drop=lambda v: print("dropped", v))
>>> seen["a"], seen["b"] = 1, 2
>>> seen.get("a")  # "a" is now the most recent
1
>>> seen["c"] = 3
dropped 2
>>> sorted(seen.keys()), len(seen), "b" in seen
(['a', 'c'], 2, False)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import suppress
from typing import Any, Generic, TypeVar, overload

__all__ = ["Recent"]

K = TypeVar("K")
V = TypeVar("V")

_MISSING: Any = object()


class Recent(Generic[K, V]):
    """A mapping of at most ``size`` entries: setting or getting a key makes it the most
    recent, and a new key past ``size`` drops the least recent (``on_drop`` is called
    with its value; an entry :meth:`pop` removes is not "dropped"). Not locked: callers
    that share one between threads hold their own lock."""

    def __init__(self, size: int, on_drop: Callable[[V], None] | None = None) -> None:
        if size < 1:
            raise ValueError("a Recent keeps at least one entry")
        self.size = size
        self.on_drop = on_drop
        self._items: OrderedDict[K, V] = OrderedDict()

    @overload
    def get(self, key: K) -> V | None: ...
    @overload
    def get(self, key: K, default: V) -> V: ...

    def get(self, key: K, default: V | None = None) -> V | None:
        """The value of ``key`` (now the most recent), or ``default``."""
        value = self._items.get(key, _MISSING)
        if value is _MISSING:
            return default
        with suppress(KeyError):  # (dropped meanwhile by another thread)
            self._items.move_to_end(key)
        return value  # type: ignore[no-any-return]

    def __setitem__(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            _, old = self._items.popitem(last=False)
            if self.on_drop is not None:
                self.on_drop(old)

    def pop(self, key: K, default: V | None = None) -> V | None:
        """Remove ``key`` and give its value back (``default`` when it was not kept)."""
        return self._items.pop(key, default)

    def keys(self) -> Iterator[K]:
        """The keys, the least recent first."""
        return iter(list(self._items))

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)
