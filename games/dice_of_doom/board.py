"""Hex-board geometry of Dice of Doom: offset rows and the book's neighbour lists.

Territories are numbered row by row; even rows are drawn half a hex to the right.
:func:`neighbors` is the book's ``neighbors`` list in the book's order (the order
attacks are generated in, so ties between moves break as the book's do).

Examples
--------
>>> neighbors(0, 2), neighbors(1, 2), neighbors(2, 2), neighbors(3, 2)
((3, 2, 1), (3, 0), (0, 3), (1, 0, 2))

*Land of Lisp* draws a rhombus (each row half a hex left of the one above):
:func:`lisp_neighbors` is that book's list. From 3 x 3 the two differ:

>>> neighbors(4, 3), lisp_neighbors(4, 3)
((1, 7, 0, 6, 5, 3), (1, 7, 0, 3, 5, 8))
"""

from __future__ import annotations

from functools import lru_cache

__all__ = [
    "groups_and_frontier",
    "largest_groups",
    "lisp_neighbor_table",
    "lisp_neighbors",
    "neighbor_table",
    "neighbors",
    "row_of",
]


def row_of(pos: int, size: int) -> int:
    """The row of territory ``pos`` (0 at the top)."""
    return pos // size


def neighbors(pos: int, size: int) -> tuple[int, ...]:
    """Neighbours of territory ``pos`` on a ``size`` x ``size`` board, in the book's order."""
    top = pos < size
    bottom = row_of(pos, size) == size - 1
    right = (pos + 1) % size == 0
    left = pos % size == 0
    out: list[int] = []
    if row_of(pos, size) % 2 == 0:  # even rows are shifted half a hex to the right
        candidates = (
            (top or right, pos - size + 1),
            (bottom or right, pos + size + 1),
            (top, pos - size),
            (bottom, pos + size),
            (right, pos + 1),
            (left, pos - 1),
        )
    else:
        candidates = (
            (top, pos - size),
            (bottom, pos + size),
            (top or left, pos - size - 1),
            (bottom or left, pos + size - 1),
            (right, pos + 1),
            (left, pos - 1),
        )
    for blocked, n in candidates:
        if not blocked:
            out.append(n)
    return tuple(out)


@lru_cache(maxsize=64)
def neighbor_table(size: int) -> tuple[tuple[int, ...], ...]:
    """Neighbours of every territory of a ``size`` x ``size`` board (cached per size)."""
    return tuple(neighbors(pos, size) for pos in range(size * size))


def lisp_neighbors(pos: int, size: int) -> tuple[int, ...]:
    """Neighbours of ``pos`` on *Land of Lisp*'s rhombus board, in that book's order.

    The book's ``neighbors`` (chapter 15) lists up, down, then up-left and left unless
    ``pos`` is on the left edge, then right and down-right unless it is on the right
    edge, dropping numbers outside the board.
    """
    n = size * size
    up, down = pos - size, pos + size
    candidates = [up, down]
    if pos % size != 0:
        candidates += [up - 1, pos - 1]
    if (pos + 1) % size != 0:
        candidates += [pos + 1, down + 1]
    return tuple(p for p in candidates if 0 <= p < n)


@lru_cache(maxsize=64)
def lisp_neighbor_table(size: int) -> tuple[tuple[int, ...], ...]:
    """:func:`lisp_neighbors` of every territory of a ``size`` x ``size`` board (cached)."""
    return tuple(lisp_neighbors(pos, size) for pos in range(size * size))


def largest_groups(
    neighbors: tuple[tuple[int, ...], ...], owners: tuple[int, ...], players: int
) -> list[int]:
    """The size of each player's largest group of connected territories: one flood fill
    over the whole board (every territory is visited once).

    >>> largest_groups(neighbor_table(3), (0, 0, 0, 0, 1, 1, 1, 1, 1), 2)
    [4, 5]
    """
    return groups_and_frontier(neighbors, owners, players)[0]


def groups_and_frontier(
    neighbors: tuple[tuple[int, ...], ...], owners: tuple[int, ...], players: int
) -> tuple[list[int], tuple[bool, ...]]:
    """Each player's largest group (:func:`largest_groups`) and, for every territory,
    whether it is on a frontier (has a neighbour of another owner), from the same flood
    fill.

    >>> groups_and_frontier(lisp_neighbor_table(3), (0, 0, 0, 0, 0, 0, 0, 0, 1), 2)
    ([8, 1], (False, False, False, False, True, True, False, True, True))
    """
    best = [0] * players
    seen = [False] * len(owners)
    front = [False] * len(owners)
    for start, owner in enumerate(owners):
        if seen[start]:
            continue
        seen[start] = True
        stack = [start]
        size = 0
        while stack:
            i = stack.pop()
            size += 1
            for j in neighbors[i]:
                if owners[j] != owner:
                    front[i] = True
                elif not seen[j]:
                    seen[j] = True
                    stack.append(j)
        if size > best[owner]:
            best[owner] = size
    return best, tuple(front)
