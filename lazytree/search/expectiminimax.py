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
* Without bounds, every outcome is searched with an open window and averaged;
  alpha-beta still prunes at the players' nodes below and above.
* **Plain expectiminimax** (``star1=False``): no pruning at all, at chance nodes or at
  the players' nodes; every position within the depth is searched, as the textbooks'
  expectiminimax does.

Like :func:`~lazytree.search.minimax.minimax`, a chance node counts as one ply of the
depth, and with more than two players every other player minimises the rating
player's value (the *paranoid* assumption).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from typing import TypeVar

from lazytree.game import Player
from lazytree.search.core import PROBABILITY_TOLERANCE, Settings, run
from lazytree.search.limit import Limit
from lazytree.search.result import SearchResult
from lazytree.tree import Node

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = ["PROBABILITY_TOLERANCE", "expectiminimax"]

EXPECTIMINIMAX = Settings("expectiminimax", chance=True, star1=True)
PLAIN_EXPECTIMAX = dataclasses.replace(EXPECTIMINIMAX, star1=False, prune=False)


def expectiminimax(
    node: Node[S, M],
    depth: int | Limit | None = 4,
    *,
    player: Player | None = None,
    bounds: tuple[float, float] | None = None,
    star1: bool = True,
) -> SearchResult[M]:
    """Rate ``node`` by depth-limited expectiminimax with alpha-beta and Star1 pruning
    (``star1=False``: none).

    Parameters
    ----------
    node:
        The root to rate (a player's node or a chance node).
    depth:
        Plies to look ahead, chance nodes included; ``None`` searches to the end of the game; or a
        :class:`~lazytree.search.limit.Limit` (see :func:`lazytree.search.search`).
    player:
        The rating player; by default the player to move at ``node`` (required when the
        root is a chance node). Values are from this player's point of view.
    bounds:
        ``(L, U)``, bounds of every value ``game.evaluate`` can return; by default the
        game's ``evaluation_bounds(player)`` if it has one.
    star1:
        Use Star1 pruning at chance nodes when bounds are known, and alpha-beta at the
        players' nodes (default); ``False``: plain expectiminimax, which prunes nothing.

    Returns
    -------
    SearchResult
        Value, all tied best moves (none at a chance root), principal variation (through
        the first outcome at chance nodes), and ``chance``: how chance nodes were
        pruned (``"star1"`` with the bounds, or ``"none"``). The value equals plain
        expectimax's (up to float rounding).

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
    >>> r.value, r.best_moves, r.chance.pruning
    (2.75, (1,), 'star1')
    """
    settings = EXPECTIMINIMAX if star1 else PLAIN_EXPECTIMAX
    return run(node, depth, player, settings, bounds=bounds)
