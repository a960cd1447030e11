"""Memoized thunks and lazy, caching sequences over generators.

These two small types state lazytree's laziness in general form: a sequence that pulls
from a generator only on demand and never twice, and a computation that runs once.
:class:`~lazytree.tree.Node` folds the same contract into itself (its children are
pulled from the game's move generator as a :class:`LazySeq` would, without a separate
object per node) and every :class:`~lazytree.tree.Edge` is a thunk for its child.

Examples
--------
>>> calls = []
>>> t = delay(lambda: calls.append("ran") or 42)
>>> force(t), force(t), calls
(42, 42, ['ran'])

>>> pulled = []
>>> def numbers():
...     for i in range(5):
...         pulled.append(i)
...         yield i
>>> seq = LazySeq(numbers())
>>> bool(seq), pulled
(True, [0])
>>> seq[2], pulled
(2, [0, 1, 2])
>>> list(seq), seq.exhausted
([0, 1, 2, 3, 4], True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Generic, TypeVar, overload

T = TypeVar("T")

__all__ = ["LazySeq", "Thunk", "delay", "force"]


class Thunk(Generic[T]):
    """A delayed computation that runs at most once successfully.

    Forcing runs the function and caches its value. If the function raises, the
    exception propagates and nothing is cached: the next force tries again.
    """

    __slots__ = ("_done", "_fn", "_value")

    def __init__(self, fn: Callable[[], T]) -> None:
        self._fn: Callable[[], T] | None = fn
        self._value: T | None = None
        self._done = False

    @property
    def forced(self) -> bool:
        """True once the thunk has produced its value."""
        return self._done

    def force(self) -> T:
        """Return the value, computing it on the first successful call."""
        if self._done:
            return self._value  # type: ignore[return-value]
        fn = self._fn
        assert fn is not None
        value = fn()  # an exception leaves the thunk unforced
        self._value = value
        self._done = True
        self._fn = None  # let the closure (and what it holds) be collected
        return value

    def peek(self) -> T | None:
        """The value if forced, else None; never forces."""
        return self._value if self._done else None

    def __repr__(self) -> str:
        return f"Thunk({self._value!r})" if self._done else "Thunk(<unforced>)"


def delay(fn: Callable[[], T]) -> Thunk[T]:
    """Wrap ``fn`` in a :class:`Thunk` without calling it."""
    return Thunk(fn)


def force(thunk: Thunk[T]) -> T:
    """Force ``thunk`` (run it once, then return the cached value)."""
    return thunk.force()


class LazySeq(Generic[T]):
    """A read-only sequence that pulls items from a generator only on demand.

    Items already pulled are cached, so iterating twice never generates twice: a second
    iteration replays the cache and then continues the same generator. ``bool()`` pulls
    at most one item, indexing pulls up to that index, ``len()`` pulls everything.
    """

    __slots__ = ("_cache", "_failed", "_on_pull", "_source")

    def __init__(self, source: Iterator[T], on_pull: Callable[[T], None] | None = None) -> None:
        self._cache: list[T] = []
        self._source: Iterator[T] | None = source
        self._on_pull = on_pull
        self._failed: BaseException | None = None

    @property
    def exhausted(self) -> bool:
        """True when the generator has no more items (everything is cached)."""
        return self._source is None

    @property
    def started(self) -> bool:
        """True once at least one pull was attempted (or the source ended)."""
        return bool(self._cache) or self._source is None

    @property
    def cached(self) -> tuple[T, ...]:
        """The items pulled so far; never pulls."""
        return tuple(self._cache)

    def _pull(self) -> bool:
        """Pull one more item into the cache; False when the source is exhausted."""
        source = self._source
        if source is None:
            return False
        if self._failed is not None:
            # A generator that raised is finished; saying "no more items" would be a lie.
            raise RuntimeError("the generator behind this LazySeq failed earlier") from self._failed
        try:
            item = next(source)
        except StopIteration:
            self._source = None
            return False
        except BaseException as exc:
            self._failed = exc
            raise
        self._cache.append(item)
        if self._on_pull is not None:
            self._on_pull(item)
        return True

    def __iter__(self) -> Iterator[T]:
        # Replays the cache, then pulls; the pull of :meth:`_pull` is inlined here
        # because this loop is the hottest path of every search.
        cache = self._cache
        i = 0
        while True:
            if i < len(cache):
                yield cache[i]
                i += 1
                continue
            source = self._source
            if source is None:
                return
            if self._failed is not None:
                raise RuntimeError(
                    "the generator behind this LazySeq failed earlier"
                ) from self._failed
            try:
                item = next(source)
            except StopIteration:
                self._source = None
                return
            except BaseException as exc:
                self._failed = exc
                raise
            cache.append(item)
            if self._on_pull is not None:
                self._on_pull(item)
            i += 1
            yield item

    def __bool__(self) -> bool:
        return bool(self._cache) or self._pull()

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice) or index < 0:
            self._pull_all()
            return self._cache[index]
        while index >= len(self._cache):
            if not self._pull():
                raise IndexError("LazySeq index out of range")
        return self._cache[index]

    def __len__(self) -> int:
        self._pull_all()
        return len(self._cache)

    def _pull_all(self) -> None:
        while self._pull():
            pass

    def __repr__(self) -> str:
        more = "" if self.exhausted else ", ..."
        return f"LazySeq([{', '.join(map(repr, self._cache))}{more}])"
