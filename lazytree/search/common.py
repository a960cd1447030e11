"""Pieces shared by the raters: depth handling, the rating player, tied best moves.

A leaf's evaluation is :meth:`lazytree.tree.TreeContext.leaf_value`, one for every rater.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Hashable, Sequence
from typing import Any, TypeVar

from lazytree.checks import require_depth, require_node, require_player
from lazytree.game import CHANCE
from lazytree.tree import Node

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

UNLIMITED = 10**9
"""Depth used internally for 'search to the end of the game'."""


def check_depth(depth: int | None) -> int:
    """Validate a user depth and turn ``None`` (no limit) into :data:`UNLIMITED`."""
    if depth is None:
        return UNLIMITED
    require_depth(depth)
    limit = deepest_depth()
    if depth > limit and depth != UNLIMITED:
        raise ValueError(f"depth {depth} is deeper than this rater supports ({limit})")
    return depth


def deepest_depth() -> int:
    """The deepest depth limit a rater accepts (a quarter of the recursion limit)."""
    return sys.getrecursionlimit() // 4


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


INF = math.inf


def tied_best(
    move_values: Sequence[tuple[M, float]], lines: Sequence[tuple[M, ...]], value: float
) -> tuple[tuple[M, ...], tuple[M, ...]]:
    """From exact root values: every move worth ``value`` (generation order) and the
    principal line of the first of them (``lines[i]`` starts with move ``i``)."""
    best = [i for i, (_, v) in enumerate(move_values) if v == value]
    return tuple(move_values[i][0] for i in best), lines[best[0]]
