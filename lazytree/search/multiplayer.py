"""Raters for more than two players: :func:`paranoid` (every other player minimises the
rating player's value: alpha-beta under the name of its assumption), :func:`maxn`
(each player maximises its own component of a score vector; Luckhardt and Irani 1986),
and :func:`auto` (expectiminimax for games with chance nodes, alpha-beta otherwise)."""

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
    """Rate ``node`` assuming every other player plays against ``player`` (alpha-beta;
    with chance nodes, :func:`~lazytree.search.expectiminimax.expectiminimax`).

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
    """Expectiminimax for a game with chance nodes, alpha-beta for any other (the
    result's ``rater`` names the one that ran).

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
    """Rate ``node`` by max^n: each player maximises its own component of the score
    vector (``game.evaluate(state, p)`` for every ``p`` at a leaf, the expected vector
    at chance nodes), ties to the first move; no pruning, no ratings stored.

    ``value`` is ``player``'s component (by default the player to move; required at a
    chance root), ``best_moves`` the root moves tied for the mover's best component,
    ``vector`` and ``move_vectors`` the whole vectors.

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
