"""One :class:`Limit` for every search; its :class:`~lazytree.search.budget.Budget` enforces it.

A limit is data (as python-chess's ``engine.Limit``): how deep, how long, how many new
nodes, how much memory, and an event another thread may set to say "stop now". A search
turns it into a running budget (:meth:`Limit.budget`) and calls its ``check`` every few
nodes, which raises :class:`SearchStopped` naming the reason; a loop that builds no
tree calls ``tally`` with the nodes it has made instead.

Examples
--------
>>> from lazytree.tree import Tree
>>> from lazytree.games.tree_game import TreeGame
>>> tree = Tree(TreeGame([[1, 2], [3, 4], [5, 6]]))
>>> budget = Limit(nodes=2).budget(tree)
>>> budget.check()                      # nothing built yet
>>> for edge in tree.root.children:
...     _ = edge.child
>>> budget.check()                      # three new nodes
Traceback (most recent call last):
...
lazytree.search.stopping.SearchStopped: the node budget (2 new nodes) ran out
>>> Limit(seconds=float("nan"))
Traceback (most recent call last):
...
ValueError: seconds must be a number > 0, got nan
"""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from lazytree.search.budget import Budget, NodeCount
from lazytree.search.stopping import CLOCKS, Clock, SearchStopped, StopReason, memory_in_use

__all__ = [
    "CLOCKS",
    "DEFAULT_MEMORY",
    "Clock",
    "Limit",
    "SearchStopped",
    "StopReason",
    "memory_in_use",
]


def _machine_memory() -> int | None:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None


_TOTAL = _machine_memory()
_CEILING = min(2 * 1024**3, _TOTAL // 4) if _TOTAL else 2 * 1024**3
DEFAULT_MEMORY: int = _CEILING - 128 * 1024**2
"""The default memory budget in bytes: 128 MiB under the smaller of 2 GiB and a quarter
of the machine's memory (headroom for what a stopped command still writes)."""


def _positive_int(name: str, value: int | None, low: int) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int or None, got {type(value).__name__}")
    if value < low:
        raise ValueError(f"{name} must be >= {low}, got {value}")


@dataclass(frozen=True, slots=True)
class Limit:
    """What a search may spend, and who hears how much it has spent: any of ``depth``,
    ``seconds``, ``nodes``, ``memory`` and ``stop`` left ``None`` does not stop it.

    Attributes
    ----------
    depth:
        Plies to search (iterative deepening: the deepest iteration tried).
    seconds:
        Seconds from the start of the search, counted by ``clock``.
    nodes:
        New nodes the search may build (its tree's ``nodes_created`` may grow by this).
    memory:
        Bytes of memory the whole process may hold (:func:`memory_in_use`).
    stop:
        An event; once set (by any thread) the search stops as soon as it checks.
    progress:
        Told what has been spent: called with the tree's ``nodes_created`` every
        :data:`~lazytree.search.budget.PROGRESS_EVERY` new nodes, while the budget of
        another field runs. It never stops the search.
    clock:
        What ``seconds`` counts: ``"wall"`` (the default) or ``"cpu"``, the CPU time of
        the searching thread (:data:`CLOCKS`).

    >>> Limit(seconds=1, clock="cpu").clock
    'cpu'
    """

    depth: int | None = None
    seconds: float | None = None
    nodes: int | None = None
    memory: int | None = None
    stop: threading.Event | None = field(default=None, compare=False)
    clock: Clock = "wall"
    progress: Callable[[int], None] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.clock not in CLOCKS:
            raise ValueError(f"clock must be 'wall' or 'cpu', got {self.clock!r}")
        _positive_int("depth", self.depth, 0)
        _positive_int("nodes", self.nodes, 1)
        _positive_int("memory", self.memory, 1)
        if self.seconds is not None:
            if isinstance(self.seconds, bool) or not isinstance(self.seconds, int | float):
                raise TypeError(f"seconds must be a number or None, got {self.seconds!r}")
            if not (math.isfinite(self.seconds) and self.seconds > 0):
                raise ValueError(f"seconds must be a number > 0, got {self.seconds}")

    @property
    def unbounded(self) -> bool:
        """True when nothing at all limits a search (it may run to the end of the game)."""
        return (
            self.depth is None
            and self.seconds is None
            and self.nodes is None
            and self.memory is None
            and self.stop is None
        )

    def replace(self, **changes: Any) -> Limit:
        """A copy with some fields changed (``dataclasses.replace``)."""
        return replace(self, **changes)

    def budget(self, tree: Any = None) -> Budget:
        """Start the clock: a :class:`~lazytree.search.budget.Budget` over ``tree``'s
        counters from now on, or without a tree over a fresh
        :class:`~lazytree.search.budget.NodeCount` (advanced by its ``tally``)."""
        return Budget(self, NodeCount() if tree is None else tree)
