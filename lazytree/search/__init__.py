"""Raters: search functions that force a lazy tree and return a :class:`SearchResult`.

Every rater has the signature ``rater(node, depth, *, player=None) -> SearchResult``,
where ``depth`` is a number of plies, ``None`` (to the end of the game) or a whole
:class:`Limit` (depth, seconds, nodes, memory, stop event: a budget that runs out
mid-search raises :class:`SearchStopped`), and is listed in :data:`RATERS` under its
short name, which is what the CLI's ``--rater`` option accepts.
:func:`iterative_deepening` wraps any of them to search within a clock.

All but ``maxn`` are settings of one alpha-beta search (:mod:`lazytree.search.core`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lazytree.search.alphabeta import alphabeta
from lazytree.search.deepening import iterative_deepening
from lazytree.search.engine import SearchOptions, alphabeta_tt
from lazytree.search.expectiminimax import expectiminimax
from lazytree.search.limit import Budget, Limit, SearchStopped
from lazytree.search.minimax import minimax
from lazytree.search.multiplayer import auto, maxn, paranoid
from lazytree.search.result import SearchResult

Rater = Callable[..., SearchResult[Any]]

RATERS: dict[str, Rater] = {
    "minimax": minimax,
    "alphabeta": alphabeta,
    "alphabeta-tt": alphabeta_tt,
    "expectiminimax": expectiminimax,
    "paranoid": paranoid,
    "maxn": maxn,
    "auto": auto,
}
"""Raters by short name. ``auto`` picks ``expectiminimax`` for games with chance nodes
and ``alphabeta`` otherwise."""


def get_rater(name: str) -> Rater:
    """The rater called ``name``; ``ValueError`` listing the known names otherwise."""
    try:
        return RATERS[name]
    except KeyError:
        known = ", ".join(sorted(RATERS))
        raise ValueError(f"unknown rater {name!r} (known: {known})") from None


__all__ = [
    "RATERS",
    "Budget",
    "Limit",
    "Rater",
    "SearchOptions",
    "SearchResult",
    "SearchStopped",
    "alphabeta",
    "alphabeta_tt",
    "auto",
    "expectiminimax",
    "get_rater",
    "iterative_deepening",
    "maxn",
    "minimax",
    "paranoid",
]
