"""Expectiminimax: alpha-beta at the players' nodes, exact expectations at chance nodes,
with Star1 pruning there when the values are bounded (Ballard 1983; Hauk, Buro and
Schaeffer 2004; how: docs/reference/games.md). A chance node counts as one ply, and
with more than two players every other player minimises (*paranoid*).
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
    """Rate ``node`` (a chance root needs ``player``) ``depth`` plies deep by
    expectiminimax with alpha-beta and Star1 pruning, given ``bounds`` ``(L, U)`` on
    every evaluation (by default the game's ``evaluation_bounds(player)``); with
    ``star1=False``, plain expectiminimax, which prunes nothing. The value is plain
    expectimax's; ``chance`` says how chance nodes were pruned. ``ValueError`` for bad
    bounds or probabilities, or a leaf value outside the bounds.

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
