"""Raters: search functions that force a lazy tree and return a :class:`SearchResult`.

:func:`search` is the one entry: ``search(node, limit, "alphabeta-tt:width=8")`` rates
``node`` within a :class:`Limit` (depth, seconds, nodes, memory, stop event) with a rater
named as :data:`RATERS` lists it (``name:key=value`` parameters, the same spelling as the
CLI's ``--rater``). The rater functions behind the names are public too: each has the
signature ``rater(node, depth, *, player=None) -> SearchResult``, where ``depth`` is a
number of plies, ``None`` (to the end of the game) or a whole :class:`Limit` (a budget
that runs out mid-search raises :class:`SearchStopped`).
:func:`iterative_deepening` wraps any of them to search within a clock.

All but ``maxn`` and ``mcts`` are settings of one alpha-beta search
(:mod:`lazytree.search.core`).
"""

from __future__ import annotations

from lazytree.search.alphabeta import alphabeta
from lazytree.search.budget import Budget
from lazytree.search.engine import alphabeta_tt, deepening
from lazytree.search.expectiminimax import expectiminimax
from lazytree.search.limit import Limit, SearchStopped
from lazytree.search.mcts import mcts
from lazytree.search.minimax import minimax
from lazytree.search.multiplayer import auto, maxn, paranoid
from lazytree.search.raters import (
    RATERS,
    Rater,
    RaterError,
    get_rater,
    iterative_deepening,
    make_rater,
    search,
)
from lazytree.search.result import SearchResult

__all__ = [
    "RATERS",
    "Budget",
    "Limit",
    "Rater",
    "RaterError",
    "SearchResult",
    "SearchStopped",
    "alphabeta",
    "alphabeta_tt",
    "auto",
    "deepening",
    "expectiminimax",
    "get_rater",
    "iterative_deepening",
    "make_rater",
    "maxn",
    "mcts",
    "minimax",
    "paranoid",
    "search",
]
