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
    """Rate ``node`` by depth-limited alpha-beta (fail-soft) in the game's move order.

    The value, the set of tied best moves and the principal variation are exactly those
    of :func:`~lazytree.search.minimax.minimax` at the same depth; a cut-off stops pulling
    moves from the node's generator, so pruned siblings are never even generated.

    To find *every* tied best move, each later root move is searched with the window
    just below the best value so far (``math.nextafter``), so a move equal to the best
    comes back exact while a worse one fails low.

    With ``textbook`` the root is searched as the lectures' pseudo-code searches it: one
    window whose bound moves to the best value so far, so a later move only as good
    fails and is cut where a hand trace cuts it; the value is the same, the best moves
    are the first best one only, and the result's ``rater`` is ``alphabeta:textbook``.

    Parameters
    ----------
    node:
        The root to rate.
    depth:
        Number of single moves to look ahead; ``None`` searches to the end of the game; or a
        :class:`~lazytree.search.limit.Limit` (see :func:`lazytree.search.search`).
    player:
        The rating player; by default the player to move at ``node``. Values are from
        this player's point of view; other players minimise it.
    textbook:
        Search the root with the textbook's narrowing window (one best move).

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
    >>> tied = TreeGame([[3, 5], [3, 1]])
    >>> [(r.best_moves, r.stats.evaluations) for r in (
    ...     alphabeta(Tree(tied).root, 2), alphabeta(Tree(tied).root, 2, textbook=True))]
    [((0,), 4), ((0,), 3)]
    """
    return run(node, depth, player, TEXTBOOK if textbook else ALPHABETA)
