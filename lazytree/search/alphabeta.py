"""Alpha-beta over the same lazy children: same answers as minimax, fewer nodes forced."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

from lazytree.game import Player
from lazytree.search.core import Settings, run
from lazytree.search.limit import Limit
from lazytree.search.result import SearchResult
from lazytree.tree import Node

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = ["ALPHABETA", "TEXTBOOK", "alphabeta"]

ALPHABETA = Settings("alphabeta")
"""Cut-offs in the game's move order, nothing else."""

TEXTBOOK = Settings("alphabeta:textbook", textbook=True)
"""The same, with the root searched as the lectures' pseudo-code searches it."""


def alphabeta(
    node: Node[S, M],
    depth: int | Limit | None = 4,
    *,
    player: Player | None = None,
    textbook: bool = False,
) -> SearchResult[M]:
    """Rate ``node`` ``depth`` plies deep (``None``: to the end; or a :class:`Limit`)
    for ``player`` (by default the player to move) by fail-soft alpha-beta in the
    game's move order: minimax's value, tied best moves and line, pruned siblings never
    generated. ``textbook`` searches the root with the lectures' narrowing window (one
    best move). ``ValueError`` at a chance node.

    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> r = alphabeta(tree.root, depth=2)
    >>> r.value, r.best_moves, r.stats.evaluations
    (3.0, (0,), 7)
    >>> tied = TreeGame([[3, 5], [3, 1]])
    >>> [(r.best_moves, r.stats.evaluations) for r in (
    ...     alphabeta(Tree(tied).root, 2), alphabeta(Tree(tied).root, 2, textbook=True))]
    [((0,), 4), ((0,), 3)]
    """
    return run(node, depth, player, TEXTBOOK if textbook else ALPHABETA)
