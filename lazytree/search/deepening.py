"""Iterative deepening: a wrapper any rater can use to search within a :class:`Limit`.

:func:`iterative_deepening` calls a rater at depth 1, 2, 3, ... with what is left of the
limit (the seconds and nodes not yet spent, the memory cap, the stop event); the rater
raises :class:`SearchStopped` when that runs out mid-search, and the deepening answers
with the deepest iteration that completed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from lazytree.game import Player
from lazytree.search.deepen import RaterFn, check_limit, deepen
from lazytree.search.engine import alphabeta_tt
from lazytree.search.limit import Limit
from lazytree.search.raters import make_rater
from lazytree.search.result import SearchResult
from lazytree.tree import Node

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = ["iterative_deepening"]


def _rater(rater: RaterFn | str | None) -> RaterFn:
    """The rater of each iteration: a function, a rater spelled for
    :func:`~lazytree.search.search` (``"alphabeta-tt:width=8"``), or by default
    :func:`~lazytree.search.engine.alphabeta_tt`."""
    if rater is None:
        return alphabeta_tt
    if isinstance(rater, str):
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
        A function ``rater(node, limit, *, player=None)`` or a rater's name as
        :func:`~lazytree.search.search` spells it (``"alphabeta-tt:width=8"``); by
        default :func:`~lazytree.search.engine.alphabeta_tt`, whose stored ratings
        order each iteration by the previous one.
    fallback:
        The rater of the one-ply answer (without a clock) when even the first iteration
        is interrupted (by default ``rater``): there is always an answer.
    player:
        The rating player; by default the player to move at ``node``.
    stop_when_forced:
        Stop after depth 1 when the root has a single move.
    progress:
        Called with each completed iteration's result (from the searching thread).

    Returns
    -------
    SearchResult
        The deepest completed iteration's answer (the deepening also stops once one
        solved the game), ``stats`` of all iterations, ``rater`` ``"deepening"`` and a
        :class:`~lazytree.search.result.Deepening` record of the iterations and of
        why it stopped.

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
    check_limit(limit)
    return deepen(
        node,
        limit,
        rater=_rater(rater),
        fallback=fallback,
        player=player,
        stop_when_forced=stop_when_forced,
        progress=progress,
    )
