"""The counters of a lazy tree: what it built, generated and evaluated."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["StatsSnapshot", "TreeStats"]


class TreeStats:
    """Live counters of a tree: nodes built (``nodes_created``; a shared position once),
    nodes whose generator was started (``nodes_expanded``), moves pulled from the
    generators (``moves_generated``), calls of ``game.evaluate`` by raters
    (``evaluations``)."""

    __slots__ = ("evaluations", "moves_generated", "nodes_created", "nodes_expanded")

    def __init__(self) -> None:
        self.nodes_created = 0
        self.nodes_expanded = 0
        self.moves_generated = 0
        self.evaluations = 0

    def snapshot(self) -> StatsSnapshot:
        return StatsSnapshot(
            self.nodes_created, self.nodes_expanded, self.moves_generated, self.evaluations
        )

    def __repr__(self) -> str:
        return f"TreeStats({self.snapshot().as_dict()})"


@dataclass(frozen=True, slots=True)
class StatsSnapshot:
    """Counters of a tree at one moment (or the difference of two moments)."""

    nodes_created: int = 0
    nodes_expanded: int = 0
    moves_generated: int = 0
    evaluations: int = 0

    def __sub__(self, other: StatsSnapshot) -> StatsSnapshot:
        return StatsSnapshot(
            self.nodes_created - other.nodes_created,
            self.nodes_expanded - other.nodes_expanded,
            self.moves_generated - other.moves_generated,
            self.evaluations - other.evaluations,
        )

    def as_dict(self) -> dict[str, int]:
        return {
            "nodes_created": self.nodes_created,
            "nodes_expanded": self.nodes_expanded,
            "moves_generated": self.moves_generated,
            "evaluations": self.evaluations,
        }
