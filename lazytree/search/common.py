"""Pieces shared by the raters: depth handling and leaf evaluation."""

from __future__ import annotations

import sys
from collections.abc import Hashable
from typing import Any, TypeVar

from lazytree.tree import Node

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

UNLIMITED = 10**9
"""Depth used internally for 'search to the end of the game'."""


def check_depth(depth: int | None) -> int:
    """Validate a user depth and turn ``None`` (no limit) into :data:`UNLIMITED`."""
    if depth is None:
        return UNLIMITED
    if depth < 0:
        raise ValueError(f"depth must be >= 0, got {depth}")
    limit = sys.getrecursionlimit() // 4
    if depth > limit and depth != UNLIMITED:
        raise ValueError(f"depth {depth} is deeper than this rater supports ({limit})")
    return depth


def leaf_value(node: Node[Any, Any], player: int) -> float:
    """Evaluate ``node`` from ``player``'s point of view and count the evaluation."""
    tree = node.tree
    tree.stats.evaluations += 1
    return float(tree.game.evaluate(node.state, player))
