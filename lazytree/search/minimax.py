"""Depth-limited minimax, shaped like the book's ``rate-moves`` / ``rate-position``."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

from lazytree.game import Player
from lazytree.search.common import (
    UNLIMITED,
    check_depth,
    leaf_value,
    resolve_player,
    tied_best,
)
from lazytree.search.result import SearchResult
from lazytree.tree import Bound, Node, Rating

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = ["minimax"]


def minimax(
    node: Node[S, M], depth: int | None = 4, *, player: Player | None = None
) -> SearchResult[M]:
    """Rate ``node`` by plain minimax to ``depth`` single moves.

    At depth 0, or at a node with no moves, the game's ``evaluate`` scores the position
    from ``player``'s point of view; above, a node takes the maximum of its children on
    ``player``'s turns and the minimum on everybody else's (paranoid for more than two
    players), and the probability-weighted mean at chance nodes. Every child of every
    node above the depth limit is forced, nothing deeper is.

    Parameters
    ----------
    node:
        The root to rate.
    depth:
        Number of single moves to look ahead; ``None`` searches to the end of the game.
    player:
        The rating player; by default the player to move at ``node``.

    Returns
    -------
    SearchResult
        Value from ``player``'s point of view, all tied best moves, the principal
        variation and what the search forced. Each rated node keeps an exact
        :class:`~lazytree.tree.Rating`.

    Examples
    --------
    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> r = minimax(tree.root, depth=2)
    >>> r.value, r.best_moves, r.pv
    (3.0, (0,), (0, 0))
    """
    limit = check_depth(depth)
    rating_player = resolve_player(node, player)
    before = node.tree.stats.snapshot()

    def rate(n: Node[S, M], d: int) -> tuple[float, tuple[M, ...]]:
        if d == 0:
            value = leaf_value(n, rating_player)
            n.rating = Rating(value, rating_player, 0, Bound.EXACT)
            return value, ()
        mover = n.player
        best = 0.0
        line: tuple[M, ...] = ()
        seen = False
        for edge in n.children:
            value, sub = rate(edge.child, d - 1)
            if mover < 0:  # chance node: expectation
                best += (edge.probability or 0.0) * value
                if not seen:
                    line = (edge.move, *sub)
            elif not seen or (value > best if mover == rating_player else value < best):
                best, line = value, (edge.move, *sub)
            seen = True
        if not seen:  # no moves: the game is over here
            best = leaf_value(n, rating_player)
        n.rating = Rating(best, rating_player, min(d, UNLIMITED), Bound.EXACT)
        return best, line

    root_values: list[tuple[M, float]] = []
    lines: list[tuple[M, ...]] = []
    best_moves: tuple[M, ...] = ()
    pv: tuple[M, ...] = ()
    if limit == 0 or not node.children:
        value = leaf_value(node, rating_player)
        node.rating = Rating(value, rating_player, limit, Bound.EXACT)
    else:
        for edge in node.children:
            v, sub = rate(edge.child, limit - 1)
            root_values.append((edge.move, v))
            lines.append((edge.move, *sub))
        value = _combine(node, rating_player, [v for _, v in root_values])
        node.rating = Rating(value, rating_player, limit, Bound.EXACT)
        if node.player >= 0:  # a chance root has no best move, only an expectation
            best_moves, pv = tied_best(root_values, lines, value)
    return SearchResult(
        value=value,
        player=rating_player,
        best_moves=best_moves,
        pv=pv,
        depth=None if depth is None else limit,
        rater="minimax",
        stats=node.tree.stats.snapshot() - before,
        move_values=tuple(root_values),
    )


def _combine(node: Node[S, M], player: Player, values: list[float]) -> float:
    if node.player < 0:
        probs = [e.probability or 0.0 for e in node.generated_edges]
        return sum(p * v for p, v in zip(probs, values, strict=True))
    return max(values) if node.player == player else min(values)
