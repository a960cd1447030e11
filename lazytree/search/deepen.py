"""The loop of iterative deepening: one rater function at depth 1, 2, 3, ... within a
:class:`~lazytree.search.limit.Limit`.

:func:`deepen` answers with the deepest iteration that completed; the public entry is
:func:`~lazytree.search.raters.iterative_deepening`.

Examples
--------
>>> from lazytree.search.minimax import minimax
>>> from lazytree.tree import Tree
>>> from lazytree.games.tree_game import TreeGame
>>> tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> r = deepen(tree.root, Limit(depth=5), rater=minimax)
>>> r.value, r.depth, [it.depth for it in r.deepening.iterations]
(3.0, 2, [1, 2])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from contextlib import nullcontext
from dataclasses import replace
from typing import Any, TypeVar

from lazytree.game import Player
from lazytree.gcpause import full_collections_held, search_paused
from lazytree.search.budget import Budget
from lazytree.search.common import check_depth, deepest_depth, resolve_player
from lazytree.search.limit import Limit, SearchStopped, StopReason
from lazytree.search.result import Deepening, Iteration, SearchResult
from lazytree.tree import Node, generate_to

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = ["RaterFn", "check_limit", "deepen"]

RaterFn = Callable[..., SearchResult[Any]]
"""A rater function: ``rater(node, limit, *, player=None) -> SearchResult``."""


def check_limit(limit: Limit) -> None:
    """``ValueError`` unless ``limit`` can end a deepening (a depth >= 1, seconds, nodes,
    memory or a stop)."""
    if limit.unbounded:
        raise ValueError("iterative deepening needs a limit: a depth, seconds, nodes or a stop")
    if limit.depth == 0:
        raise ValueError("iterative deepening needs a depth limit >= 1, got 0")


def deepen(
    node: Node[S, M],
    limit: Limit,
    *,
    rater: RaterFn,
    fallback: RaterFn | None = None,
    player: Player | None = None,
    stop_when_forced: bool = False,
    progress: Callable[[SearchResult[M]], None] | None = None,
) -> SearchResult[M]:
    """Search ``node`` with ``rater`` to depth 1, 2, 3, ... until ``limit``: see
    :func:`~lazytree.search.raters.iterative_deepening`, whose parameters these are
    (``rater`` here is a function)."""
    check_limit(limit)
    quick = rater if fallback is None else fallback
    rating_player = resolve_player(node, player)
    return _deepen(node, limit, rater, quick, rating_player, stop_when_forced, progress)


def _rest(limit: Limit, depth: int, elapsed: float, built: int) -> Limit | StopReason:
    """What is left of ``limit`` for the iteration at ``depth``, or why nothing is."""
    seconds = nodes = None
    if limit.seconds is not None:
        seconds = limit.seconds - elapsed
        if seconds <= 0:
            return "time"
    if limit.nodes is not None:
        nodes = limit.nodes - built
        if nodes < 1:
            return "nodes"
    return limit.replace(depth=depth, seconds=seconds, nodes=nodes)


def _deepen(
    node: Node[S, M],
    limit: Limit,
    rate: RaterFn,
    quick: RaterFn,
    player: Player,
    stop_when_forced: bool,
    progress: Callable[[SearchResult[M]], None] | None,
) -> SearchResult[M]:
    budget = limit.budget(node.context)
    # on a clock, a full collection that falls due waits for the next move's start, where
    # this clock counts it (see lazytree.gcpause), instead of stalling an iteration
    held = full_collections_held() if limit.seconds is not None else nullcontext()
    with search_paused(), held:
        return _iterations(node, limit, budget, rate, quick, player, stop_when_forced, progress)


def _iterations(
    node: Node[S, M],
    limit: Limit,
    budget: Budget,
    rate: RaterFn,
    quick: RaterFn,
    player: Player,
    stop_when_forced: bool,
    progress: Callable[[SearchResult[M]], None] | None,
) -> SearchResult[M]:
    stats = node.context.stats
    before = stats.snapshot()
    max_depth = min(check_depth(limit.depth), deepest_depth())
    best: SearchResult[M] | None = None
    iterations: list[Iteration] = []
    interrupted: int | None = None
    stopped: StopReason | None = None
    depth = 1
    while depth <= max_depth:
        t0 = budget.clock()
        n0 = stats.nodes_created
        rest = _rest(limit, depth, budget.elapsed, n0 - before.nodes_created)
        if isinstance(rest, str):  # spent between two iterations
            stopped = rest
            break
        try:
            result = rate(node, rest, player=player)
        except SearchStopped as why:
            interrupted, stopped = depth, why.reason
            break
        best = result
        seconds = round(budget.clock() - t0, 6)
        iterations.append(Iteration(depth, result.value, stats.nodes_created - n0, seconds))
        if progress is not None:
            progress(result)
        if result.complete or not generate_to(node, 0):
            break
        if stop_when_forced and not generate_to(node, 1):  # a single move
            break
        over = budget.exceeded()
        if over is not None:
            stopped = over.reason
            break
        depth += 1
    if best is None:  # never without an answer: one quick ply, no clock
        best = quick(node, 1, player=player)
        iterations.append(Iteration(1, best.value, fallback=True))
    record = Deepening(best.rater, budget.elapsed, tuple(iterations), interrupted, stopped)
    return replace(best, stats=stats.snapshot() - before, rater="deepening", deepening=record)
