"""Depth-limited minimax, shaped like the book's ``rate-moves`` / ``rate-position``."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from typing import TypeVar

from lazytree.game import CHANCE, Player
from lazytree.search.core import Settings, run
from lazytree.search.limit import Limit
from lazytree.search.result import SearchResult
from lazytree.tree import Node

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = ["MINIMAX", "minimax"]

MINIMAX = Settings("minimax", prune=False, chance=True)
"""The one search without cut-offs; chance nodes take their expectation."""


def minimax(
    node: Node[S, M], depth: int | Limit | None = 4, *, player: Player | None = None
) -> SearchResult[M]:
    """Rate ``node`` by plain minimax ``depth`` plies deep (``None``: to the end; or a
    :class:`Limit`), from ``player``'s point of view (by default the player to move):
    leaves are the game's ``evaluate``, a node takes the maximum of its children on
    ``player``'s turns, the minimum on the others' and the mean at chance nodes.

    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> r = minimax(tree.root, depth=2)
    >>> r.value, r.best_moves, r.pv
    (3.0, (0,), (0, 0))
    >>> minimax(tree.root, Limit(depth=2, nodes=100)).value
    3.0
    """
    result = run(node, depth, player, MINIMAX)
    if node.player == CHANCE:  # as the book: a chance root has no move to choose, so no line
        result = replace(result, pv=())
    return result
