"""What a rater stores on a node: a value, whose it is, how deep, and whether it is a bound."""

from __future__ import annotations

import enum
from collections.abc import Hashable
from typing import NamedTuple

from lazytree.game import Player

__all__ = ["Bound", "Rating"]


class Bound(enum.Enum):
    """How a stored rating relates to the true value at its depth."""

    EXACT = "exact"
    LOWER = "lower"  # true value >= value
    UPPER = "upper"  # true value <= value


class Rating(NamedTuple):
    """A value a rater stored on a node.

    ``value`` is from the point of view of ``player``; it is valid for a search of
    ``depth`` moves below the node, as an exact value or a bound. ``key`` names the
    search settings the value is valid under (``None``: a plain depth-limited search;
    other raters, e.g. with quiescence or win distance, put their settings there so
    nobody mistakes their values for plain ones). (A named tuple rather than a frozen
    dataclass: raters create one per node, and this is the cheap kind.)
    """

    value: float
    player: Player
    depth: int
    bound: Bound = Bound.EXACT
    key: Hashable = None
