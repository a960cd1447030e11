"""Does a search cost more in a big process? Tiny searches, alone and among many objects.

A library call must not do work in proportion to everything else the process holds (a
notebook's data, a server's sessions): :func:`tiny_searches` times ``searches``
alpha-beta searches of depth 1, each on a fresh tree, first in a process holding only
what it holds, then with ``live`` more small objects alive (a list of one-element
lists, what a big program keeps), in this process, and reports the ratio. A ratio near
1 says a search's cost does not grow with the host's heap.

The game is passed in (the benchmarks import no game); the command line uses
tic-tac-toe from the empty board.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Hashable
from dataclasses import asdict, dataclass
from typing import Any

from lazytree.game import Game
from lazytree.search import alphabeta
from lazytree.tree import Tree

__all__ = ["CollectorBench", "tiny_searches"]


@dataclass(frozen=True)
class CollectorBench:
    """What :func:`tiny_searches` measured: processor seconds of the searches alone and
    among ``live`` objects, and their ratio (``among / alone``)."""

    searches: int
    live: int
    alone: float
    among: float

    @property
    def ratio(self) -> float:
        """``among / alone``: how many times slower the searches were among the objects."""
        return self.among / self.alone if self.alone > 0 else float("inf")

    def as_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready data (the ratio included)."""
        return {**asdict(self), "ratio": round(self.ratio, 3)}


def _searches(game: Game[Any, Any], state: Hashable, count: int) -> float:
    gc.collect()
    start = time.process_time()
    for _ in range(count):
        alphabeta(Tree(game, state).root, 1)
    return time.process_time() - start


def tiny_searches(
    game: Game[Any, Any], state: Hashable, *, searches: int = 400, live: int = 2_000_000
) -> CollectorBench:
    """Time ``searches`` alpha-beta searches of depth 1 of ``state`` (a fresh tree each),
    alone and then with ``live`` more small objects alive in the process.

    >>> from lazytree.games.tree_game import TreeGame
    >>> game = TreeGame([[1, 2], [3, 4]])
    >>> bench = tiny_searches(game, game.initial_state(), searches=5, live=1_000)
    >>> (bench.searches, bench.live, bench.alone >= 0, bench.among >= 0)
    (5, 1000, True, True)
    """
    if searches < 1 or live < 0:
        raise ValueError(f"need searches >= 1 and live >= 0, got {searches} and {live}")
    alone = _searches(game, state, searches)
    objects = [[i] for i in range(live)]
    try:
        among = _searches(game, state, searches)
    finally:
        del objects
    return CollectorBench(searches, live, alone, among)
