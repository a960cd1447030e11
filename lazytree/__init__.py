"""lazytree: game trees whose children are memoized thunks over generators.

Nothing below a node exists until a rater forces it; a forced child is never computed
twice; a pruning rater stops pulling moves from the generator as soon as it can.

>>> from lazytree import Tree, alphabeta
>>> from lazytree.games.tree_game import TreeGame
>>> tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> alphabeta(tree.root, depth=2).value
3.0

Importing the package imports no game: games are found through :mod:`lazytree.catalog`
when first used.
``lazytree.core_kind()`` says which core runs: ``"compiled"`` (mypyc extension modules,
built by ``setup.py``) or ``"pure"`` (the Python sources; ``LAZYTREE_PURE=1`` forces it).
"""

from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _version

# first: importing _core selects the core (LAZYTREE_PURE=1 loads the modules' sources)
from lazytree._core import core_kind
from lazytree.ai import AIMove, ai_turn, choose_move
from lazytree.game import CHANCE, ChanceGame, Game, IllegalMoveError, Player
from lazytree.search import (
    RATERS,
    Limit,
    SearchResult,
    alphabeta,
    alphabeta_tt,
    iterative_deepening,
    minimax,
)
from lazytree.traverse import TreeCount, count_tree, explored
from lazytree.tree import Bound, Edge, Node, Rating, StatsSnapshot, Tree, TreeStats

try:
    __version__ = _version("lazytree")
except PackageNotFoundError:  # run from a checkout that was never installed
    __version__ = "0+unknown"

__all__ = [
    "CHANCE",
    "RATERS",
    "AIMove",
    "Bound",
    "ChanceGame",
    "Edge",
    "Game",
    "IllegalMoveError",
    "Limit",
    "Node",
    "Player",
    "Rating",
    "SearchResult",
    "StatsSnapshot",
    "Tree",
    "TreeCount",
    "TreeStats",
    "__version__",
    "ai_turn",
    "alphabeta",
    "alphabeta_tt",
    "choose_move",
    "core_kind",
    "count_tree",
    "explored",
    "iterative_deepening",
    "minimax",
]
