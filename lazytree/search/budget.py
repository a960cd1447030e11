"""The running :class:`Budget` of a :class:`~lazytree.search.limit.Limit`: what a search
checks every few nodes.

:meth:`Limit.budget <lazytree.search.limit.Limit.budget>` makes one; a loop that builds
no tree (the eager build, counting a tree) runs one over a :class:`NodeCount` and calls
:meth:`Budget.tally` with the nodes it has made. The clocks, the memory reading and
:class:`~lazytree.search.stopping.SearchStopped` are :mod:`lazytree.search.stopping`'s.

Examples
--------
>>> from lazytree.search.limit import Limit
>>> loop = Limit(nodes=1_000).budget()    # over a NodeCount: no tree
>>> loop.tally(900)
>>> loop.tally(1_024)
Traceback (most recent call last):
...
lazytree.search.stopping.SearchStopped: the node budget (1,000 new nodes) ran out
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import lazytree.search.stopping as _stopping  # (its memory_in_use read at each use)
from lazytree.search.stopping import CLOCKS, SearchStopped

if TYPE_CHECKING:
    from lazytree.search.limit import Limit

__all__ = ["PROGRESS_EVERY", "Budget", "NodeCount"]

PROGRESS_EVERY = 50_000
"""New nodes between two calls of a limit's ``progress``."""


class NodeCount:
    """A plain counter of nodes made, for a loop that builds no tree: what a
    :class:`Budget` reads where a search's budget reads its tree's ``stats``.

    >>> NodeCount(3).nodes_created
    3
    """

    __slots__ = ("nodes_created",)

    def __init__(self, nodes_created: int = 0) -> None:
        self.nodes_created = nodes_created


class Budget:
    """A :class:`Limit` running over one tree (or one :class:`NodeCount`): call
    :meth:`check` every few nodes.

    ``counter`` is a tree or anything with a ``nodes_created`` count. The clock and the
    stop event are read at every call, the process's memory every ``memory_every``-th;
    ``max_nodes`` is the count at which the node budget runs out (``None``: none).
    """

    __slots__ = (
        "_calls",
        "_next_report",
        "clock",
        "deadline",
        "limit",
        "max_memory",
        "max_nodes",
        "memory_every",
        "progress",
        "start",
        "stats",
        "stop",
    )

    def __init__(self, limit: Limit, counter: Any, *, memory_every: int = 64) -> None:
        self.limit = limit
        self.stats = getattr(counter, "stats", counter)
        self.clock = CLOCKS[limit.clock]
        self.start = self.clock()
        self.deadline = None if limit.seconds is None else self.start + limit.seconds
        self.max_nodes = None if limit.nodes is None else self.stats.nodes_created + limit.nodes
        self.max_memory = limit.memory
        self.stop = limit.stop
        self.memory_every = memory_every
        self._calls = 0
        self.progress = limit.progress
        self._next_report = self.stats.nodes_created + PROGRESS_EVERY

    @property
    def elapsed(self) -> float:
        """Seconds since the budget started (by the limit's clock)."""
        return self.clock() - self.start

    def exceeded(self, *, memory: bool = True) -> SearchStopped | None:
        """The reason to stop now, or ``None`` (with ``memory=False`` the process's
        memory is not read)."""
        if self.stop is not None and self.stop.is_set():
            return SearchStopped("stop", "the search was asked to stop")
        if self.deadline is not None and self.clock() > self.deadline:
            return SearchStopped("time", f"the time budget ({self.limit.seconds:g} s) ran out")
        if self.max_nodes is not None and self.stats.nodes_created > self.max_nodes:
            return SearchStopped(
                "nodes", f"the node budget ({self.limit.nodes:,} new nodes) ran out"
            )
        if memory and self.max_memory is not None and self._over_memory(self.max_memory):
            mib = self.max_memory / 1024**2
            return SearchStopped("memory", f"the memory budget ({mib:,.0f} MiB) ran out")
        return None

    @staticmethod
    def _over_memory(max_memory: int) -> bool:
        """Whether the process holds more than ``max_memory`` bytes (never, where its
        memory cannot be read)."""
        used = _stopping.memory_in_use()
        return used is not None and used > max_memory

    def check(self) -> None:
        """Raise :class:`SearchStopped` when any part of the limit is reached (the
        memory is read on every ``memory_every``-th call)."""
        self._calls += 1
        memory = self._calls >= self.memory_every
        if memory:
            self._calls = 0
        if self.progress is not None and self.stats.nodes_created >= self._next_report:
            self._next_report = self.stats.nodes_created + PROGRESS_EVERY
            self.progress(self.stats.nodes_created)
        stopped = self.exceeded(memory=memory)
        if stopped is not None:
            raise stopped

    def tally(self, nodes: int) -> None:
        """For a budget over a :class:`NodeCount`: ``nodes`` were made since the start;
        :meth:`check` (a loop calls this every few hundred nodes, and compares its
        count with :attr:`max_nodes` in between when it must stop exactly)."""
        self.stats.nodes_created = nodes
        self.check()
