"""Immutable game states that compute their hash once.

:class:`CachedHashState` is a small record compared, hashed, pickled and copied by
value like a named tuple (fields by name, unpacking, ``len``, indexing, ``_replace``,
``_fields``, the same ``repr``), whose hash is computed when first asked for and kept
(never pickled): for states of long tuples that a sharing tree hashes at every lookup.

Examples
--------
>>> class Point(CachedHashState):
...     __slots__ = ("x", "y")
...     _fields = ("x", "y")
...     def __init__(self, x: int, y: int = 0) -> None:
...         self.x = x
...         self.y = y
...         self._hash = None
>>> p = Point(1, 2)
>>> p, p == Point(1, 2), hash(p) == hash((1, 2)), p._replace(y=5), tuple(p)
(Point(x=1, y=2), True, True, Point(x=1, y=5), (1, 2))
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import attrgetter
from typing import Any, ClassVar, Self

__all__ = ["CachedHashState"]


class CachedHashState:
    """Base of a state record (see the module docstring). A subclass lists its fields in
    ``__slots__`` and ``_fields`` (the same order as its ``__init__`` parameters), and its
    ``__init__`` sets them and ``self._hash = None``. Never assign a field afterwards."""

    __slots__ = ("_hash",)
    _hash: int | None
    _fields: ClassVar[tuple[str, ...]] = ()
    _values: ClassVar[Any]  # attrgetter of every field, as one tuple

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = cls._fields
        cls._values = staticmethod(
            attrgetter(*fields) if len(fields) > 1 else lambda s: (getattr(s, fields[0]),)
        )

    def __hash__(self) -> int:
        h: int | None = self._hash
        if h is None:
            h = self._hash = hash(self._values(self))
        return h

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, CachedHashState)
        mine, theirs = self._hash, other._hash
        if mine is not None and theirs is not None and mine != theirs:
            return False
        return bool(self._values(self) == other._values(other))

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __iter__(self) -> Iterator[Any]:
        return iter(self._values(self))

    def __len__(self) -> int:
        return len(self._fields)

    def __getitem__(self, index: int) -> Any:
        return self._values(self)[index]

    def _replace(self, **changes: Any) -> Self:
        values = dict(zip(self._fields, self._values(self), strict=True))
        unknown = set(changes) - set(values)
        if unknown:
            raise ValueError(f"got unexpected field names: {sorted(unknown)!r}")
        values.update(changes)
        return type(self)(**values)

    def _asdict(self) -> dict[str, Any]:
        return dict(zip(self._fields, self._values(self), strict=True))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), tuple(self._values(self)))

    def __repr__(self) -> str:
        inner = ", ".join(
            f"{name}={value!r}" for name, value in zip(self._fields, self, strict=True)
        )
        return f"{type(self).__name__}({inner})"
