"""Iterative walks: counting a game's tree, and visiting the explored part of a lazy tree.

Both use an explicit stack of iterators, so no depth of tree can hit Python's recursion
limit.

Examples
--------
>>> from lazytree.games.tree_game import TreeGame
>>> count_tree(TreeGame([[1, 2], [3, [4, 5]]]), ())
TreeCount(nodes=9, leaves=5, frontier=0, depth=None)
>>> count_tree(TreeGame([[1, 2], [3, [4, 5]]]), (), depth=2)
TreeCount(nodes=7, leaves=4, frontier=4, depth=2)
>>> perft(TreeGame([[1, 2], [3, [4, 5]]]), (), 3), perft_divide(TreeGame([[1, [2]], 3]), (), 2)
(2, [(0, 2), (1, 0)])
>>> from lazytree.search import Limit
>>> try:
...     count_tree(TreeGame([[1, 2], [3, [4, 5]]]), (), limit=Limit(nodes=4))
... except CountStopped as stopped:
...     print(stopped.counted, stopped)
TreeCount(nodes=4, leaves=2, frontier=0, depth=None) the node budget (4 new nodes) ran out
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Any, NamedTuple, TypeVar

from lazytree.checks import require_depth, require_game
from lazytree.game import Game
from lazytree.search.budget import Budget, NodeCount
from lazytree.search.limit import Limit, SearchStopped
from lazytree.tree import Edge, Node

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = [
    "CountStopped",
    "ExploredEdge",
    "TreeCount",
    "WalkStopped",
    "count_tree",
    "explored",
    "explored_edges",
    "perft",
    "perft_divide",
]


class TreeCount(NamedTuple):
    """The size of a game tree counted as a tree (a position reached twice counts twice).

    ``nodes`` includes the root; ``leaves`` are nodes with no children in the counted
    tree (terminal, or at the depth limit); ``frontier`` are the nodes exactly ``depth``
    moves from the root (the *perft* number; 0 without a depth limit).
    """

    nodes: int
    leaves: int
    frontier: int
    depth: int | None


class CountStopped(SearchStopped):
    """:func:`count_tree` ran into its limit; ``counted`` is the count so far (partial:
    the nodes, leaves and frontier counted before it stopped)."""

    def __init__(self, stopped: SearchStopped, counted: TreeCount) -> None:
        super().__init__(stopped.reason, str(stopped))
        self.counted = counted


def count_tree(
    game: Game[S, M],
    state: S,
    depth: int | None = None,
    *,
    progress: Callable[[int], None] | None = None,
    every: int = 100_000,
    limit: Limit | None = None,
) -> TreeCount:
    """Count the tree of ``game`` below ``state`` to ``depth`` moves (``None``: all of it).

    Only the current line is kept (one move iterator per level). ``progress`` gets the
    nodes counted every ``every`` nodes; reaching ``limit`` (not its depth) raises
    :class:`CountStopped` with the count so far.
    """
    require_game(game)
    require_depth(depth)
    legal_moves, result = game.legal_moves, game.result
    nodes = 1
    leaves = 0
    frontier = 0
    if depth == 0:
        return TreeCount(1, 1, 1, depth)
    budget = None
    cap = -1  # no node budget
    if limit is not None and not limit.replace(depth=None).unbounded:
        budget = Budget(limit.replace(depth=None), NodeCount(), memory_every=16)
        cap = -1 if budget.max_nodes is None else budget.max_nodes
    stack: list[tuple[S, Iterator[M], bool]] = [(state, legal_moves(state), False)]
    next_report = every
    while stack:
        parent, moves, had_child = stack[-1]
        move = next(moves, _END)
        if move is _END:
            stack.pop()
            if not had_child:
                leaves += 1
            continue
        if nodes == cap:  # one more node would be past the node budget
            _stop(budget, nodes + 1, TreeCount(nodes, leaves, frontier, depth))
        if not had_child:
            stack[-1] = (parent, moves, True)
        child = result(parent, move)
        nodes += 1
        if depth is not None and len(stack) == depth:
            leaves += 1
            frontier += 1
        else:
            stack.append((child, legal_moves(child), False))
        if progress is not None and nodes >= next_report:
            progress(nodes)
            next_report += every
        if budget is not None and not nodes & 1023:
            _stop(budget, nodes, TreeCount(nodes, leaves, frontier, depth))
    return TreeCount(nodes, leaves, frontier, depth)


_END: Any = object()


def _stop(budget: Budget | None, nodes: int, counted: TreeCount) -> None:
    """:meth:`~lazytree.search.Budget.tally` ``nodes``; :class:`CountStopped` with
    ``counted`` when the budget has run out."""
    assert budget is not None
    try:
        budget.tally(nodes)
    except SearchStopped as stopped:
        raise CountStopped(stopped, counted) from None


def perft(game: Game[S, M], state: S, depth: int) -> int:
    """The number of positions exactly ``depth`` moves from ``state`` (counted as a tree:
    one per move sequence), the standard check of a move generator.

    Games that end before ``depth`` moves add nothing; ``perft(game, state, 0) == 1``.
    It is :func:`count_tree`'s ``frontier``.
    """
    require_depth(depth, optional=False)
    return count_tree(game, state, depth).frontier


def perft_divide(game: Game[S, M], state: S, depth: int) -> list[tuple[M, int]]:
    """:func:`perft` broken down by first move: ``(move, perft of the position after it at
    depth - 1)`` for every legal move of ``state``, in generation order.

    The counts add up to ``perft(game, state, depth)``; a move generator that disagrees
    with a reference can be narrowed down one move at a time.
    """
    require_game(game)
    require_depth(depth, optional=False)
    if depth < 1:
        raise ValueError(f"perft divide needs a depth >= 1, got {depth}")
    return [
        (move, perft(game, game.result(state, move), depth - 1)) for move in game.legal_moves(state)
    ]


def explored(root: Node[S, M]) -> Iterator[tuple[Node[S, M], int]]:
    """Every node that exists below ``root`` (root included) with its depth, once each.

    Depth-first in generation order; a shared position (DAG) is visited once, at the
    depth where it is first met. Nothing is forced: only edges already built are followed.
    """
    yield root, 0
    for _, _, child, depth, first in explored_edges(root):
        if first:
            yield child, depth


class ExploredEdge(NamedTuple):
    """One built edge met by :func:`explored_edges`.

    ``depth`` is the child's depth below the walk's root; ``first`` is true when the walk
    meets ``child`` for the first time (false for a further parent of a shared position).
    """

    parent: Node[Any, Any]
    edge: Edge[Any, Any]
    child: Node[Any, Any]
    depth: int
    first: bool


class WalkStopped(SearchStopped):
    """:func:`explored_edges` ran into its limit (what consumes the walk, an export,
    holds too much memory); ``walked`` edges were reported before it stopped."""

    def __init__(self, stopped: SearchStopped, walked: int) -> None:
        super().__init__(stopped.reason, str(stopped))
        self.walked = walked


WALK_CHECK_EVERY = 256
"""Edges between two checks of :func:`explored_edges`'s limit."""


def explored_edges(
    root: Node[S, M],
    keep: Callable[[Node[Any, Any]], bool] | None = None,
    *,
    limit: Limit | None = None,
) -> Iterator[ExploredEdge]:
    """Every built edge below ``root``, depth-first in generation order.

    Each edge whose child exists comes once (a shared position with ``first`` true
    once, false for its other parents); nothing is forced. With ``keep``, only edges
    whose child passes ``keep(child)`` are followed. ``limit`` (nodes count the edges)
    is checked every :data:`WALK_CHECK_EVERY` edges; reaching it raises
    :class:`WalkStopped`.

    Examples
    --------
    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> tree = Tree(TreeGame([[1, 2], [3, 4]]))
    >>> _ = tree.root.children[1].child.children[0].child
    >>> [(e.edge.move, e.depth, e.first) for e in explored_edges(tree.root)]
    [(1, 1, True), (0, 2, True)]
    """
    budget = None
    if limit is not None and not limit.replace(depth=None).unbounded:
        budget = Budget(limit.replace(depth=None), NodeCount(), memory_every=1)
    walked = 0
    if budget is not None:
        _walk_check(budget, walked)
    seen = {id(root)}
    stack: list[tuple[Node[Any, Any], Iterator[Edge[Any, Any]], int]] = [
        (root, iter(root.generated_edges), 1)
    ]
    while stack:
        parent, edges, d = stack[-1]
        edge = next(edges, None)
        if edge is None:
            stack.pop()
            continue
        child = edge.peek()
        if child is None or (keep is not None and not keep(child)):
            continue
        first = id(child) not in seen
        walked += 1
        if budget is not None and not walked % WALK_CHECK_EVERY:
            _walk_check(budget, walked)
        yield ExploredEdge(parent, edge, child, d, first)
        if first:
            seen.add(id(child))
            stack.append((child, iter(child.generated_edges), d + 1))


def _walk_check(budget: Budget, walked: int) -> None:
    try:
        budget.tally(walked)
    except SearchStopped as stopped:
        raise WalkStopped(stopped, walked) from None
