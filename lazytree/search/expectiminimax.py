"""Expectiminimax: alpha-beta at the players' nodes, exact expectations at chance nodes.

At a chance node (``node.player == CHANCE``) the value is the probability-weighted mean
of the outcomes' values. Two ways to get it:

* **Star1** (Ballard 1983; see Hauk, Buro and Schaeffer, *Rediscovering \\*-Minimax
  Search*, 2004) when the leaf values are known to lie in ``[L, U]``: after some
  outcomes have been searched, the ones left can only add between ``L`` and ``U``
  times their probability, so each outcome is searched with the narrowest window that
  still decides whether the whole chance node falls outside the parent's window, and
  the node is cut off as soon as it must. Sound only with true bounds, so the bounds
  come from the caller (``bounds=``) or the game (an optional method
  ``evaluation_bounds(player) -> (L, U) | None``), and every leaf value is checked
  against them.
* **Plain expectimax** otherwise: every outcome is searched with an open window and
  averaged. Alpha-beta still prunes at the players' nodes below and above.

Like :func:`~lazytree.search.minimax.minimax`, a chance node counts as one ply of the
depth, and with more than two players every other player minimises the rating
player's value (the *paranoid* assumption).
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any, TypeVar

from lazytree.game import CHANCE, BoundedGame, Player
from lazytree.search.common import check_depth, leaf_value, rate_root_moves, resolve_player
from lazytree.search.result import SearchResult
from lazytree.tree import Bound, Node, Rating

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = ["expectiminimax"]

INF = math.inf
PROBABILITY_TOLERANCE = 1e-9
"""How far a chance node's outcome probabilities may add up away from 1 (float rounding)."""


def expectiminimax(
    node: Node[S, M],
    depth: int | None = 4,
    *,
    player: Player | None = None,
    bounds: tuple[float, float] | None = None,
    star1: bool = True,
) -> SearchResult[M]:
    """Rate ``node`` by depth-limited expectiminimax with alpha-beta (and Star1) pruning.

    Parameters
    ----------
    node:
        The root to rate (a player's node or a chance node).
    depth:
        Plies to look ahead, chance nodes included; ``None`` searches to the end.
    player:
        The rating player; by default the player to move at ``node`` (required when the
        root is a chance node). Values are from this player's point of view.
    bounds:
        ``(L, U)``, bounds of every value ``game.evaluate`` can return; by default the
        game's ``evaluation_bounds(player)`` if it has one.
    star1:
        Use Star1 pruning at chance nodes when bounds are known (default); ``False``
        forces plain expectimax there.

    Returns
    -------
    SearchResult
        Value, all tied best moves (none at a chance root), principal variation (through
        the first outcome at chance nodes), and ``extra["chance_pruning"]``: ``"star1"``
        or ``"none"``. The value equals plain expectimax's (up to float rounding).

    Raises
    ------
    ValueError
        For a bad depth or bounds, a chance root without ``player``, outcome
        probabilities that are negative or do not add up to 1, or a leaf value outside
        the bounds Star1 relies on.

    Examples
    --------
    A max node over two coin flips, leaves from the max player's point of view:

    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import ChanceTreeGame
    >>> coin = {"chance": [[0.5, 4], [0.5, 0]]}
    >>> biased = {"chance": [[0.25, 8], [0.75, 1]]}
    >>> game = ChanceTreeGame([coin, biased])
    >>> r = expectiminimax(Tree(game).root, depth=2, bounds=(0, 8))
    >>> r.value, r.best_moves, r.extra["chance_pruning"]
    (2.75, (1,), 'star1')
    """
    limit = check_depth(depth)
    rating_player = resolve_player(node, player)
    game: Any = node.tree.game
    if star1 and bounds is None and isinstance(game, BoundedGame):
        bounds = game.evaluation_bounds(rating_player)
    use_star1 = star1 and bounds is not None
    lo_bound, hi_bound = (-INF, INF) if bounds is None else (float(bounds[0]), float(bounds[1]))
    if use_star1 and not (math.isfinite(lo_bound) and math.isfinite(hi_bound)):
        raise ValueError(f"Star1 needs finite evaluation bounds, got {bounds}")
    if lo_bound > hi_bound:
        raise ValueError(f"evaluation bounds {bounds} are empty (lower > upper)")
    before = node.tree.stats.snapshot()

    def leaf(n: Node[S, M], d: int) -> float:
        value = leaf_value(n, rating_player)
        if use_star1 and not lo_bound <= value <= hi_bound:
            raise ValueError(
                f"evaluate returned {value}, outside the bounds [{lo_bound}, {hi_bound}] "
                "that Star1 pruning relies on (check evaluation_bounds or pass bounds=)"
            )
        n.rating = Rating(value, rating_player, d, Bound.EXACT)
        return value

    def check_probability(p: float | None) -> float:
        if p is None or not p >= 0:
            raise ValueError(f"a chance outcome has probability {p!r}")
        return p

    def check_total(total: float) -> None:
        if abs(total - 1.0) > PROBABILITY_TOLERANCE:
            raise ValueError(f"the outcomes of a chance node have probabilities adding to {total}")

    def chance(n: Node[S, M], d: int, alpha: float, beta: float) -> tuple[float, tuple[M, ...]]:
        """Expectation over the outcomes; a Star1 cut returns a bound outside the window."""
        total = 0.0  # sum of p * value over the outcomes searched so far
        seen = 0.0  # their probability
        line: tuple[M, ...] = ()
        for edge in n.children:
            p = check_probability(edge.probability)
            if p == 0.0:
                continue
            seen += p
            if use_star1:
                rest = max(0.0, 1.0 - seen)  # probability still unsearched after this one
                a = (alpha - total - rest * hi_bound) / p
                b = (beta - total - rest * lo_bound) / p
                if a >= hi_bound:  # even the best outcomes cannot lift it above alpha
                    return total + (p + rest) * hi_bound, line
                if b <= lo_bound:  # even the worst outcomes keep it at or above beta
                    return total + (p + rest) * lo_bound, line
                value, sub = search(edge.child, d - 1, max(lo_bound, a), min(hi_bound, b))
                if value <= a:  # fail low: an upper bound <= alpha
                    return total + p * value + rest * hi_bound, line or (edge.move, *sub)
                if value >= b:  # fail high: a lower bound >= beta
                    return total + p * value + rest * lo_bound, line or (edge.move, *sub)
            else:
                value, sub = search(edge.child, d - 1, -INF, INF)
            total += p * value
            if not line:
                line = (edge.move, *sub)
        check_total(seen)
        return total, line

    def choose(n: Node[S, M], d: int, alpha: float, beta: float) -> tuple[float, tuple[M, ...]]:
        """Alpha-beta at a player's node; ``sign`` turns a minimising node into a maximising one."""
        sign = 1.0 if n.player == rating_player else -1.0
        lo, hi = (alpha, beta) if sign > 0 else (-beta, -alpha)
        best = -INF
        line: tuple[M, ...] = ()
        for edge in n.children:
            child_window = (lo, hi) if sign > 0 else (-hi, -lo)
            value, sub = search(edge.child, d - 1, *child_window)
            if sign * value > best:
                best, line = sign * value, (edge.move, *sub)
                if best > lo:
                    lo = best
                    if lo >= hi:
                        break
        return sign * best, line

    def search(n: Node[S, M], d: int, alpha: float, beta: float) -> tuple[float, tuple[M, ...]]:
        if d == 0 or not n.children:
            return leaf(n, d), ()
        if n.player == CHANCE:
            value, line = chance(n, d, alpha, beta)
        else:
            value, line = choose(n, d, alpha, beta)
        bound = Bound.UPPER if value <= alpha else Bound.LOWER if value >= beta else Bound.EXACT
        n.rating = Rating(value, rating_player, d, bound)
        return value, line

    best_moves: list[M] = []
    move_values: list[tuple[M, float]] = []
    pv: tuple[M, ...] = ()
    if limit == 0 or not node.children:
        value = leaf(node, limit)
    elif node.player == CHANCE:  # no move to choose: rate every outcome exactly
        value, seen = 0.0, 0.0
        for edge in node.children:
            p = check_probability(edge.probability)
            v, sub = search(edge.child, limit - 1, -INF, INF)
            move_values.append((edge.move, v))
            value += p * v
            seen += p
            if not pv and p > 0:
                pv = (edge.move, *sub)
        check_total(seen)
        node.rating = Rating(value, rating_player, limit, Bound.EXACT)
    else:
        root = rate_root_moves(node, limit, rating_player, search)
        value, pv = root.value, root.pv
        best_moves, move_values = list(root.best_moves), list(root.move_values)
    return SearchResult(
        value=value,
        player=rating_player,
        best_moves=tuple(best_moves),
        pv=pv,
        depth=None if depth is None else limit,
        rater="expectiminimax",
        stats=node.tree.stats.snapshot() - before,
        move_values=tuple(move_values),
        extra={
            "chance_pruning": "star1" if use_star1 else "none",
            "bounds": (lo_bound, hi_bound) if use_star1 else None,
        },
    )
