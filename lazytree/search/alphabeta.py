"""Alpha-beta over the same lazy children: same answers as minimax, fewer nodes forced."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

from lazytree.game import Player
from lazytree.search.common import (
    INF,
    RootRating,
    check_depth,
    leaf_value,
    rate_root_moves,
    resolve_player,
)
from lazytree.search.result import SearchResult
from lazytree.tree import Bound, Node, Rating

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = ["alphabeta"]


def alphabeta(
    node: Node[S, M], depth: int | None = 4, *, player: Player | None = None
) -> SearchResult[M]:
    """Rate ``node`` by depth-limited alpha-beta (fail-soft) in the game's move order.

    The value, the set of tied best moves and the principal variation are exactly those
    of :func:`~lazytree.search.minimax.minimax` at the same depth; a cut-off stops pulling
    moves from the node's generator, so pruned siblings are never even generated.

    To find *every* tied best move, each later root move is searched with the window
    just below the best value so far (``math.nextafter``), so a move equal to the best
    comes back exact while a worse one fails low.

    Parameters
    ----------
    node:
        The root to rate.
    depth:
        Number of single moves to look ahead; ``None`` searches to the end of the game.
    player:
        The rating player; by default the player to move at ``node``. Values are from
        this player's point of view; other players minimise it.

    Returns
    -------
    SearchResult
        Each node searched keeps a :class:`~lazytree.tree.Rating` whose bound says
        whether its value is exact or only a lower/upper bound.

    Raises
    ------
    ValueError
        At a chance node (use an expectiminimax rater for games with chance).

    Examples
    --------
    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> r = alphabeta(tree.root, depth=2)
    >>> r.value, r.best_moves, r.stats.evaluations
    (3.0, (0,), 7)
    """
    limit = check_depth(depth)
    rating_player = resolve_player(node, player)
    before = node.tree.stats.snapshot()

    def search(n: Node[S, M], d: int, alpha: float, beta: float) -> tuple[float, tuple[M, ...]]:
        if d == 0:
            value = leaf_value(n, rating_player)
            n.rating = Rating(value, rating_player, 0, Bound.EXACT)
            return value, ()
        mover = n.player
        if mover < 0:
            raise ValueError("alpha-beta cannot rate chance nodes; use expectiminimax")
        a0, b0 = alpha, beta
        maximizing = mover == rating_player
        best = -INF if maximizing else INF
        line: tuple[M, ...] = ()
        seen = False
        for edge in n.children:
            seen = True
            value, sub = search(edge.child, d - 1, alpha, beta)
            if maximizing:
                if value > best:
                    best, line = value, (edge.move, *sub)
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            elif value < best:
                best, line = value, (edge.move, *sub)
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
        if not seen:
            best = leaf_value(n, rating_player)
            n.rating = Rating(best, rating_player, d, Bound.EXACT)
            return best, ()
        if best <= a0:
            bound = Bound.UPPER
        elif best >= b0:
            bound = Bound.LOWER
        else:
            bound = Bound.EXACT
        n.rating = Rating(best, rating_player, d, bound)
        return best, line

    root = RootRating[M](0.0, (), (), ())
    if limit == 0 or not node.children:
        value = leaf_value(node, rating_player)
        node.rating = Rating(value, rating_player, limit, Bound.EXACT)
        root = root._replace(value=value)
    else:
        if node.player < 0:
            raise ValueError("alpha-beta cannot rate chance nodes; use expectiminimax")
        root = rate_root_moves(node, limit, rating_player, search)
    return SearchResult(
        value=root.value,
        player=rating_player,
        best_moves=root.best_moves,
        pv=root.pv,
        depth=None if depth is None else limit,
        rater="alphabeta",
        stats=node.tree.stats.snapshot() - before,
        move_values=root.move_values,
    )
