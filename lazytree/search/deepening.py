"""Iterative deepening: a wrapper any rater can use to search within a :class:`Limit`.

:func:`iterative_deepening` calls a rater at depth 1, 2, 3, ... with what is left of the
limit (the seconds and nodes not yet spent, the memory cap, the stop event); the rater
raises :class:`SearchStopped` when that runs out mid-search, and the deepening answers
with the deepest iteration that completed.
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
from lazytree.tree import Node

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = ["iterative_deepening"]

RaterFn = Callable[..., SearchResult[Any]]


def _rater(rater: RaterFn | str | None) -> RaterFn:
    """The rater of each iteration: a function, a rater spelled for
    :func:`~lazytree.search.search` (``"alphabeta-tt:width=8"``), or by default
    :func:`~lazytree.search.engine.alphabeta_tt`."""
    if rater is None:
        from lazytree.search.engine import alphabeta_tt

        return alphabeta_tt
    if isinstance(rater, str):
        from lazytree.search.raters import make_rater

        return make_rater(rater)
    return rater


def iterative_deepening(
    node: Node[S, M],
    limit: Limit,
    *,
    rater: RaterFn | str | None = None,
    fallback: RaterFn | None = None,
    player: Player | None = None,
    stop_when_forced: bool = False,
    progress: Callable[[SearchResult[M]], None] | None = None,
) -> SearchResult[M]:
    """Search ``node`` to depth 1, 2, 3, ... until ``limit``; answer with the deepest
    completed iteration (with ``stop_when_forced``, after depth 1 when ``node`` has a
    single move: a player needs no clock to find it).

    Parameters
    ----------
    node:
        The root to rate.
    limit:
        When to stop: ``depth`` is the deepest iteration tried (``None``: until another
        part of the limit stops it); seconds, nodes, memory and the stop event count
        over all iterations. A limit with no part at all is a ``ValueError``.
    rater:
        Any rater: a function ``rater(node, limit, *, player=None)``, or its name with
        parameters as :func:`~lazytree.search.search` spells it (``"minimax"``,
        ``"alphabeta-tt:width=8"``); by default
        :func:`~lazytree.search.engine.alphabeta_tt`, whose stored ratings let each
        iteration search the previous best moves first and walk the part of the tree
        already built without building it again.
    fallback:
        The rater of the one-ply answer when even the first iteration is interrupted
        (by default ``rater``).
    player:
        The rating player; by default the player to move at ``node``.
    stop_when_forced:
        Stop after depth 1 when the root has a single move.
    progress:
        Called with each completed iteration's result (from the searching thread).

    Notes
    -----
    Each iteration gets what is left of the limit; a budget that runs out inside one
    raises :class:`SearchStopped` there and that iteration is thrown away. There is
    always an answer: if even the first iteration is interrupted, a one-ply search of
    ``fallback`` (without a clock) gives it. The deepening also stops once an
    iteration saw no depth cut-off (it solved the game from here).

    Returns
    -------
    SearchResult
        The deepest completed iteration's answer with ``stats`` of all iterations;
        ``rater`` is ``"deepening"``, ``depth`` the depth reached, and ``deepening`` a
        :class:`~lazytree.search.result.Deepening` record: the rater of the iterations
        (``searched_by``), the seconds, each completed iteration (depth, value, nodes
        created, seconds), the depth abandoned (``interrupted``) and why
        (``stopped``: ``"time"``, ``"nodes"``, ``"memory"``, ``"stop"``, or ``None``).

    Examples
    --------
    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> r = iterative_deepening(tree.root, Limit(depth=5))
    >>> r.value, r.depth, [it.depth for it in r.deepening.iterations]
    (3.0, 2, [1, 2])
    >>> iterative_deepening(tree.root, Limit(depth=5), rater="minimax").best_moves
    (0,)
    """
    if limit.unbounded:
        raise ValueError("iterative deepening needs a limit: a depth, seconds, nodes or a stop")
    if limit.depth == 0:
        raise ValueError("iterative deepening needs a depth limit >= 1, got 0")
    rate = _rater(rater)
    quick = rate if fallback is None else fallback
    rating_player = resolve_player(node, player)
    return _deepen(node, limit, rate, quick, rating_player, stop_when_forced, progress)


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
    budget = limit.budget(node.tree)
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
    stats = node.tree.stats
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
        if result.complete or not node.children:
            break
        if stop_when_forced and len(node.children) == 1:
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
