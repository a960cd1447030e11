"""The server's one cache type: :class:`Recent`, a mapping that keeps the most recently
set entries only.

Every bounded memory of the server is one (a worker's games and explored trees, where a
game's or a tree's last search ran, the rate limit's buckets, the workers' figures per
owner), so that no stranger can fill the process by asking for new keys.

>>> seen = Recent[str, int](2, on_drop=lambda v: print("dropped", v))
>>> seen["a"], seen["b"] = 1, 2
>>> seen["a"] = seen["a"] + 10  # setting "a" again makes it the most recent
>>> seen["c"] = 3
dropped 2
>>> dict(seen), seen.get("b"), seen == {"a": 11, "c": 3}
({'a': 11, 'c': 3}, None, True)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar

__all__ = ["Recent"]

K = TypeVar("K")
V = TypeVar("V")


class Recent(Mapping[K, V]):
    """A mapping of at most ``size`` entries: setting a key makes it the most recent, and past
    ``size`` the least recent is dropped (``on_drop`` gets its value; :meth:`pop` drops
    nothing). Reading changes nothing. Not locked."""

    def __init__(self, size: int, on_drop: Callable[[V], None] | None = None) -> None:
        if size < 1:
            raise ValueError("a Recent keeps at least one entry")
        self.size = size
        self.on_drop = on_drop
        self._items: OrderedDict[K, V] = OrderedDict()

    def __getitem__(self, key: K) -> V:
        return self._items[key]

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

    def __iter__(self) -> Iterator[K]:
        return iter(list(self._items))  # (a copy: the entries may change meanwhile)

    def __len__(self) -> int:
        return len(self._items)
