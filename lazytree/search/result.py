"""The result object every rater returns."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from lazytree.game import Player
from lazytree.tree import StatsSnapshot

M = TypeVar("M", bound=Hashable)

__all__ = ["SearchResult"]


@dataclass(frozen=True)
class SearchResult(Generic[M]):
    """What a rater found at the root.

    Attributes
    ----------
    value:
        The root's value **from the point of view of** ``player`` (the rating player).
    player:
        The rating player.
    best_moves:
        Every root move whose value equals ``value``, in generation order (empty at a
        terminal root). ``best_moves[0]`` is what the book's ``argmax`` would pick.
    pv:
        The principal variation: the line both sides play if each picks its first best
        move, starting with ``best_moves[0]``.
    depth:
        The search depth in single moves (``None``: searched to the end of the game).
    rater:
        The rater's short name (``"minimax"``, ``"alphabeta"``, ...).
    stats:
        What this search made happen in the tree: nodes created and expanded, moves
        generated and leaves evaluated.
    move_values:
        The value of each root move the rater rated exactly, in generation order.
    """

    value: float
    player: Player
    best_moves: tuple[M, ...]
    pv: tuple[M, ...]
    depth: int | None
    rater: str
    stats: StatsSnapshot
    move_values: tuple[tuple[M, float], ...] = field(default=())
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def best_move(self) -> M | None:
        """The first best move, or None at a terminal root."""
        return self.best_moves[0] if self.best_moves else None
