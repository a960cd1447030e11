"""Raters for more than two players: *paranoid* and *max^n*, and the ``auto`` choice.

* :func:`paranoid` -- the rating player maximises its value and **all** the other
  players are assumed to minimise it, as if they were one opponent. This is exactly
  what :func:`~lazytree.search.alphabeta.alphabeta` computes with a ``player`` argument;
  the name makes the assumption explicit.
* :func:`maxn` -- every player maximises **its own** component of a score vector
  (Luckhardt and Irani, 1986). The vector at a leaf is ``game.evaluate(state, p)`` for
  every player ``p``; chance nodes take the expected vector. No pruning.
* :func:`auto` -- the default for play: expectiminimax for games with chance nodes,
  alpha-beta otherwise.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, TypeVar

from lazytree import game as _game
from lazytree.game import CHANCE, Player
from lazytree.search.alphabeta import alphabeta
from lazytree.search.common import check_depth, resolve_player
from lazytree.search.core import Settings, as_limit, budget_of, check_probability, check_total, run
from lazytree.search.expectiminimax import expectiminimax
from lazytree.search.limit import Limit
from lazytree.search.result import SearchResult
from lazytree.tree import Node

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = ["PARANOID", "auto", "has_chance", "maxn", "paranoid"]

Vector = tuple[float, ...]

PARANOID = Settings("paranoid")
"""Alpha-beta's settings under the name of the assumption it makes."""


def paranoid(
    node: Node[S, M], depth: int | Limit | None = 4, *, player: Player | None = None
) -> SearchResult[M]:
    """Rate ``node`` assuming every other player plays against ``player`` (alpha-beta).

    Games with chance nodes need :func:`~lazytree.search.expectiminimax.expectiminimax`,
    which makes the same assumption at the players' nodes.

    Examples
    --------
    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> r = paranoid(Tree(TreeGame([[3, 12], [2, 4]])).root, depth=2)
    >>> r.value, r.best_moves, r.rater
    (3.0, (0,), 'paranoid')
    """
    return run(node, depth, player, PARANOID)


def has_chance(node: Node[Any, Any]) -> bool:
    """True when the node's game can have chance nodes (:func:`lazytree.game.has_chance`)."""
    return _game.has_chance(node.context.game)


def auto(
    node: Node[S, M], depth: int | Limit | None = 4, *, player: Player | None = None
) -> SearchResult[M]:
    """Expectiminimax for a game with chance nodes, alpha-beta for any other.

    The result's ``rater`` names the rater that ran.

    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> auto(Tree(TreeGame([[3, 12], [2, 4]])).root, depth=2).rater
    'alphabeta'
    """
    if has_chance(node):
        return expectiminimax(node, depth, player=player)
    return alphabeta(node, depth, player=player)


def maxn(
    node: Node[S, M], depth: int | Limit | None = 4, *, player: Player | None = None
) -> SearchResult[M]:
    """Rate ``node`` by max^n: each player maximises its own component of the score vector.

    Ties are broken by the first move in generation order, at every node. Stored
    ratings are left alone: a max^n value is not the paranoid value the other raters
    store.

    Parameters
    ----------
    node:
        The root to rate.
    depth:
        Plies to look ahead (chance nodes count); ``None`` searches to the end of the game; or a
        :class:`~lazytree.search.limit.Limit` (see :func:`lazytree.search.search`).
    player:
        The player whose component is reported as ``value``; by default the player to
        move (required at a chance root).

    Returns
    -------
    SearchResult
        ``value`` is ``player``'s component of the root's vector; ``best_moves`` are the
        root moves tied for the mover's own best component (the first is what max^n
        plays); ``move_values`` give ``player``'s component for each root move;
        ``vector`` is the root's whole vector and ``move_vectors`` each root move's
        vector.

    Raises
    ------
    ValueError
        For a bad depth, a chance root without ``player``, or a bad probability.

    Examples
    --------
    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> r = maxn(Tree(TreeGame([[3, 12], [2, 4]])).root, depth=2)
    >>> r.value, r.best_moves, r.vector       # two players, zero-sum: as minimax
    (3.0, (0,), (3.0, -3.0))
    """
    whole = as_limit(depth)
    return _maxn(node, whole, resolve_player(node, player))


def _maxn(node: Node[S, M], whole: Limit, rating_player: Player) -> SearchResult[M]:
    limit = check_depth(whole.depth)
    budget = budget_of(whole, node)
    context = node.context
    game = context.game
    players = range(game.num_players)
    if not 0 <= rating_player < game.num_players:
        raise ValueError(f"player {rating_player} is not a player of {game.name}")
    before = node.context.stats.snapshot()

    def leaf(n: Node[S, M]) -> Vector:
        return tuple(context.leaf_value(n.state, p) for p in players)

    def combine(n: Node[S, M], rated: list[tuple[float | None, Vector, tuple[M, ...]]]) -> int:
        """Index of the outcome a mover picks (first best), or -1 at a chance node."""
        if n.player == CHANCE:
            return -1
        mover = n.player
        best = 0
        for i, (_, vec, _) in enumerate(rated):
            if vec[mover] > rated[best][1][mover]:
                best = i
        return best

    def expected(rated: list[tuple[float | None, Vector, tuple[M, ...]]]) -> Vector:
        total = [0.0] * len(players)
        seen = 0.0
        for probability, vec, _ in rated:
            p = check_probability(probability)
            seen += p
            for i, v in enumerate(vec):
                total[i] += p * v
        check_total(seen)
        return tuple(total)

    def rate_children(n: Node[S, M], d: int) -> list[tuple[float | None, Vector, tuple[M, ...]]]:
        out = []
        for edge in n.children:
            vec, sub = rate(edge.child, d - 1)
            out.append((edge.probability, vec, (edge.move, *sub)))
        return out

    def rate(n: Node[S, M], d: int) -> tuple[Vector, tuple[M, ...]]:
        if budget is not None:
            budget.check()
        if d == 0 or not n.children:
            return leaf(n), ()
        rated = rate_children(n, d)
        pick = combine(n, rated)
        if pick < 0:
            return expected(rated), rated[0][2]
        return rated[pick][1], rated[pick][2]

    best_moves: tuple[M, ...] = ()
    pv: tuple[M, ...] = ()
    move_vectors: tuple[tuple[M, Vector], ...] = ()
    if limit == 0 or not node.children:
        vector = leaf(node)
    else:
        rated = rate_children(node, limit)
        move_vectors = tuple((line[0], vec) for _, vec, line in rated)
        pick = combine(node, rated)
        if pick < 0:
            vector, pv = expected(rated), rated[0][2]
        else:
            vector, pv = rated[pick][1], rated[pick][2]
            mover = node.player
            best_moves = tuple(m for m, vec in move_vectors if vec[mover] == vector[mover])
    return SearchResult(
        value=vector[rating_player],
        player=rating_player,
        best_moves=best_moves,
        pv=pv,
        depth=None if whole.depth is None else limit,
        rater="maxn",
        stats=node.context.stats.snapshot() - before,
        move_values=tuple((m, vec[rating_player]) for m, vec in move_vectors),
        vector=vector,
        move_vectors=move_vectors,
    )
