"""Chunked sequences: a long tuple kept in three levels of tuples, so that a copy with a
few items changed shares every other block and chunk with the original (a big Dice of
Doom board, its attack table, its group labels)."""

from __future__ import annotations

from itertools import chain
from typing import Any, Final

__all__ = [
    "CHUNK",
    "FAN",
    "FAN_MASK",
    "MASK",
    "SHIFT",
    "TOP",
    "Chunks",
    "Overlay",
    "at",
    "changed_in",
    "chunked",
    "flattened",
    "updated",
]

SHIFT: Final = 5
CHUNK: Final = 1 << SHIFT
"""Items per chunk (the innermost tuples)."""
MASK: Final = CHUNK - 1
FAN: Final = 5
"""A block holds ``1 << FAN`` chunks."""
FAN_MASK: Final = (1 << FAN) - 1
TOP: Final = SHIFT + FAN
"""Item ``i`` lies in block ``i >> TOP``."""

Chunks = tuple[tuple[tuple[Any, ...], ...], ...]
"""Blocks of chunks: item ``i`` is ``chunks[i >> TOP][(i >> SHIFT) & FAN_MASK][i & MASK]``
(:func:`at`). A copy with a few items changed (:func:`updated`) copies the outer tuple
(``n / 1024`` entries) and the block and chunk of each item changed, nothing else."""


def chunked(values: tuple[Any, ...]) -> Chunks:
    """``values`` in chunks of :data:`CHUNK` and blocks of ``1 << FAN`` chunks (the last
    ones may be shorter).

    >>> c = chunked(tuple(range(2100)))
    >>> [len(block) for block in c], [len(row) for row in c[-1]], at(c, 2090)
    ([32, 32, 2], [32, 20], 2090)
    >>> flattened(c) == tuple(range(2100))
    True
    """
    rows = [values[k : k + CHUNK] for k in range(0, len(values), CHUNK)]
    span = 1 << FAN
    return tuple([tuple(rows[k : k + span]) for k in range(0, len(rows), span)])


def flattened(chunks: Chunks) -> tuple[Any, ...]:
    """The flat tuple of a chunked sequence."""
    return tuple(chain.from_iterable(chain.from_iterable(chunks)))


def at(chunks: Chunks, i: int) -> Any:
    """Item ``i`` of a chunked sequence."""
    return chunks[i >> TOP][(i >> SHIFT) & FAN_MASK][i & MASK]


def changed_in(a: Chunks, b: Chunks) -> list[int]:
    """The items (ascending) where two chunked sequences of one length differ: a block or
    chunk the two share is skipped unread, so two positions a move apart compare in
    ``n / 1024`` steps and a few chunks, not ``n``.

    >>> c = chunked(tuple(range(3000)))
    >>> changed_in(c, updated(c, [2500, 7], [-1, -2])), changed_in(c, chunked(tuple(range(3000))))
    ([7, 2500], [])
    """
    out: list[int] = []
    for i in range(len(a)):
        block_a = a[i]
        block_b = b[i]
        if block_a is block_b:
            continue
        for j in range(len(block_a)):
            row_a = block_a[j]
            row_b = block_b[j]
            if row_a is row_b or row_a == row_b:
                continue
            first = (i << TOP) | (j << SHIFT)
            for k in range(len(row_a)):
                if row_a[k] != row_b[k]:
                    out.append(first + k)
    return out


def updated(chunks: Chunks, cells: list[int], values: list[Any]) -> Chunks:
    """``chunks`` with item ``cells[k]`` set to ``values[k]`` (later ones win): a new
    outer tuple and new blocks and chunks where an item changed, sharing every other
    block and chunk; ``chunks`` itself when no item changes.

    >>> c = chunked(tuple(range(3000)))
    >>> d = updated(c, [5, 70, 5, 2500], [-1, -2, -3, -4])
    >>> at(d, 5), at(d, 70), at(d, 2500), d[1] is c[1], d[0][1] is c[0][1]
    (-3, -2, -4, True, True)
    >>> updated(c, [3], [3]) is c
    True
    """
    rows: dict[int, list[Any]] = {}
    for k in range(len(cells)):
        i = cells[k]
        c = i >> SHIFT
        row = rows.get(c)
        if row is None:
            old: tuple[Any, ...] = chunks[c >> FAN][c & FAN_MASK]
            if old[i & MASK] == values[k]:
                continue
            row = list(old)
            rows[c] = row
        row[i & MASK] = values[k]
    if not rows:
        return chunks
    blocks: dict[int, list[tuple[Any, ...]]] = {}
    for c, row in rows.items():
        b = c >> FAN
        block = blocks.get(b)
        if block is None:
            block = list(chunks[b])
            blocks[b] = block
        block[c & FAN_MASK] = tuple(row)
    out = list(chunks)
    for b, block in blocks.items():
        out[b] = tuple(block)
    return tuple(out)


class Overlay:
    """A chunked sequence (:data:`Chunks`) with items set over it, for the few cells a
    move changes: reads see the items set, :meth:`made` is the new chunked sequence
    (sharing the chunks no item was set in)."""

    __slots__ = ("changed", "chunks")

    def __init__(self, chunks: Chunks) -> None:
        self.chunks = chunks
        self.changed: dict[int, Any] = {}

    def __getitem__(self, i: int) -> Any:
        changed = self.changed
        if i in changed:
            return changed[i]
        return self.chunks[i >> TOP][(i >> SHIFT) & FAN_MASK][i & MASK]

    def __setitem__(self, i: int, value: Any) -> None:
        self.changed[i] = value

    def made(self) -> Chunks:
        changed = self.changed
        return updated(self.chunks, list(changed), list(changed.values()))
