"""Pieces shared by the raters: depth handling and leaf evaluation."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

from lazytree.checks import require_depth, require_node, require_player
from lazytree.game import CHANCE
from lazytree.tree import Bound, Node, Rating

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

UNLIMITED = 10**9
"""Depth used internally for 'search to the end of the game'."""


def check_depth(depth: int | None) -> int:
    """Validate a user depth and turn ``None`` (no limit) into :data:`UNLIMITED`."""
    if depth is None:
        return UNLIMITED
    require_depth(depth)
    limit = sys.getrecursionlimit() // 4
    if depth > limit and depth != UNLIMITED:
        raise ValueError(f"depth {depth} is deeper than this rater supports ({limit})")
    return depth


def resolve_player(node: Node[Any, Any], player: int | None) -> int:
    """The player whose point of view a search takes: ``player``, or by default the
    player to move at ``node``. ``ValueError`` when that is no real player (a chance
    root without an explicit ``player``, or a negative number)."""
    require_node(node)
    if player is not None:
        require_player(node, player)
    if player is None:
        if node.player == CHANCE:
            raise ValueError("the root is a chance node: say whose point of view (player=)")
        player = node.player
    if player < 0:
        raise ValueError("the rating player must be a real player, not a chance node")
    return player


def leaf_value(node: Node[Any, Any], player: int) -> float:
    """Evaluate ``node`` from ``player``'s point of view and count the evaluation."""
    tree = node.tree
    tree.stats.evaluations += 1
    return float(tree.game.evaluate(node.state, player))


INF = math.inf

Window = Callable[[Node[Any, Any], int, float, float], tuple[float, tuple[Any, ...]]]
"""A windowed search: ``(node, depth, alpha, beta) -> (value, principal line)``,
exact when ``alpha < value < beta``, fail-soft otherwise."""


class RootRating(NamedTuple, Generic[M]):
    """What :func:`rate_root_moves` found."""

    value: float
    best_moves: tuple[M, ...]
    pv: tuple[M, ...]
    move_values: tuple[tuple[M, float], ...]


def tied_best(
    move_values: Sequence[tuple[M, float]], lines: Sequence[tuple[M, ...]], value: float
) -> tuple[tuple[M, ...], tuple[M, ...]]:
    """From exact root values: every move worth ``value`` (generation order) and the
    principal line of the first of them (``lines[i]`` starts with move ``i``)."""
    best = [i for i, (_, v) in enumerate(move_values) if v == value]
    return tuple(move_values[i][0] for i in best), lines[best[0]]


def rate_root_moves(node: Node[Any, M], limit: int, player: int, search: Window) -> RootRating[M]:
    """Rate every move of a player's root with a windowed search, finding *all* tied
    best moves.

    Each later move is searched with the window just beyond the best value so far
    (``math.nextafter``), so a move equal to the best comes back exact while a worse
    one fails: the value, best-move set and principal line equal plain minimax's. The
    root keeps an exact rating.
    """
    maximizing = node.player == player
    value = -INF if maximizing else INF
    best_moves: list[M] = []
    pv: tuple[M, ...] = ()
    move_values: list[tuple[M, float]] = []
    for edge in node.children:
        if not best_moves:
            v, sub = search(edge.child, limit - 1, -INF, INF)
        elif maximizing:  # exact when v >= value, an upper bound below value otherwise
            v, sub = search(edge.child, limit - 1, math.nextafter(value, -INF), INF)
        else:
            v, sub = search(edge.child, limit - 1, -INF, math.nextafter(value, INF))
        if not best_moves or (v > value if maximizing else v < value):
            value, best_moves, pv = v, [edge.move], (edge.move, *sub)
            move_values.append((edge.move, v))
        elif v == value:
            best_moves.append(edge.move)
            move_values.append((edge.move, v))
    node.rating = Rating(value, player, limit, Bound.EXACT)
    return RootRating(value, tuple(best_moves), pv, tuple(move_values))
