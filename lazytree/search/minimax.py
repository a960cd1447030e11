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
        Number of single moves to look ahead; ``None`` searches to the end of the game; or a
        :class:`~lazytree.search.limit.Limit` (see :func:`lazytree.search.search`).
    player:
        The rating player; by default the player to move at ``node``.

    Returns
    -------
    SearchResult
        Value from ``player``'s point of view, all tied best moves, the principal
        variation (none at a chance root) and what the search forced. Each rated node
        keeps an exact :class:`~lazytree.tree.Rating`.

    Examples
    --------
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
