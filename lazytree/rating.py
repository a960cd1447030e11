"""What a rater stores on a node: a value, whose it is, how deep, and whether it is a bound."""

from __future__ import annotations

import enum
from collections.abc import Hashable, Iterator
from typing import Any, final

from lazytree.game import Player

__all__ = ["Bound", "Rating"]


class Bound(enum.Enum):
    """How a stored rating relates to the true value at its depth."""

    EXACT = "exact"
    LOWER = "lower"  # true value >= value
    UPPER = "upper"  # true value <= value


@final
class Rating:
    """A value a rater stored on a node (read-only by convention: raters replace a
    node's rating, they never change one).

    ``value`` is from the point of view of ``player``, valid for a search of ``depth``
    moves below the node as an exact value or a bound, under the search settings
    ``key`` names (``None``: a plain depth-limited search). A rating compares, indexes
    and unpacks as the tuple ``(value, player, depth, bound, key)``.

    >>> Rating(0.5, 0, 3)
    Rating(value=0.5, player=0, depth=3, bound=<Bound.EXACT: 'exact'>, key=None)
    >>> Rating(0.5, 0, 3) == Rating(0.5, 0, 3, Bound.EXACT, None)
    True
    >>> Rating(0.5, 0, 3)[:3]
    (0.5, 0, 3)
    """

    __slots__ = ("bound", "depth", "key", "player", "value")

    def __init__(
        self,
        value: float,
        player: Player,
        depth: int,
        bound: Bound = Bound.EXACT,
        key: Hashable = None,
    ) -> None:
        self.value = value
        self.player = player
        self.depth = depth
        self.bound = bound
        self.key = key

    def as_tuple(self) -> tuple[float, Player, int, Bound, Hashable]:
        """The fields in order ``(value, player, depth, bound, key)``."""
        return (self.value, self.player, self.depth, self.bound, self.key)

    def __getitem__(self, index: Any) -> Any:
        """Indexing and slicing as the tuple ``(value, player, depth, bound, key)``."""
        return self.as_tuple()[index]

    def __iter__(self) -> Iterator[Any]:
        return iter(self.as_tuple())

    def __len__(self) -> int:
        return 5

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rating):
            return NotImplemented
        return self.as_tuple() == other.as_tuple()

    def __hash__(self) -> int:
        return hash(self.as_tuple())

    def __repr__(self) -> str:
        return (
            f"Rating(value={self.value!r}, player={self.player!r}, depth={self.depth!r}, "
            f"bound={self.bound!r}, key={self.key!r})"
        )
