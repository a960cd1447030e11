"""The result object every rater returns, and the typed records some raters add to it.

The records compare equal when the searches did the same (their ``seconds`` are left out).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Generic, Literal, TypeVar

from lazytree.game import Player
from lazytree.search.limit import StopReason
from lazytree.tree import StatsSnapshot

M = TypeVar("M", bound=Hashable)

__all__ = [
    "Built",
    "ChancePruning",
    "Deepening",
    "Iteration",
    "MCTSRun",
    "PositionBookUse",
    "SearchResult",
    "Vector",
]

Vector = tuple[float, ...]
"""A value for every player, indexed by player (max^n)."""


@dataclass(frozen=True)
class Iteration:
    """One completed iteration of a deepening search.

    ``fallback`` marks the one-ply search without a clock that answers when even the
    first iteration was interrupted (its nodes and seconds are not counted)."""

    depth: int
    value: float
    nodes_created: int = 0
    seconds: float = field(default=0.0, compare=False)
    fallback: bool = False


@dataclass(frozen=True)
class Deepening:
    """What iterative deepening did: the rater of its iterations (``searched_by``), its
    seconds, every completed iteration, the depth abandoned (``interrupted``) and why
    (``stopped``: the part of the limit that ran out), or ``None`` for both."""

    searched_by: str
    seconds: float = field(compare=False)
    iterations: tuple[Iteration, ...]
    interrupted: int | None = None
    stopped: StopReason | None = None


@dataclass(frozen=True)
class MCTSRun(Generic[M]):
    """What one UCT search did: its ``playouts``, why it ``stopped`` (``"playouts"``:
    it ran them all, else the part of the limit that ran out), its ``seconds`` and the
    ``visits`` of each root move tried, in generation order."""

    playouts: int
    stopped: Literal["playouts"] | StopReason
    seconds: float = field(compare=False)
    visits: tuple[tuple[M, int], ...] = ()


@dataclass(frozen=True)
class ChancePruning:
    """How a rater of chance nodes rated them: ``pruning`` (``"star1"`` or ``"none"``)
    and the evaluation ``bounds`` Star1 used (``None`` without Star1)."""

    pruning: Literal["star1", "none"]
    bounds: tuple[float, float] | None = None


@dataclass(frozen=True)
class PositionBookUse:
    """What the position book did for a search (:func:`~lazytree.position_book.booked_search`):
    ``status`` is ``"hit"`` (the answer came from the position book: ``depth`` is the depth of
    the entry, ``uses`` how often it answered), ``"miss"`` (searched, then stored) or
    ``"off"`` (the position book is broken and skipped)."""

    status: Literal["hit", "miss", "off"]
    depth: int | None = None
    uses: int | None = None


@dataclass(frozen=True)
class Built:
    """The size of an eagerly built tree (:func:`~lazytree.eager.eager_rate`):
    ``nodes`` and an estimate of its bytes."""

    nodes: int
    bytes_estimate: int


@dataclass(frozen=True)
class SearchResult(Generic[M]):
    """What a rater found at the root.

    Two results are equal when the fields up to ``move_values`` are; the records after
    them describe how the search went and are left out of the comparison.

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
    complete:
        No leaf was cut off by the depth limit: the value is the game's own (the
        alpha-beta family; ``False`` when not known).
    visits:
        Nodes the search entered (the alpha-beta family), or ``None``.
    chance:
        How chance nodes were rated (raters of chance nodes), or ``None``.
    vector:
        The root's value for every player (max^n), or ``None``.
    move_vectors:
        Each root move's vector (max^n), in generation order.
    deepening:
        The iterations of a deepening search, or ``None``.
    mcts:
        The playouts and root visits of a UCT search, or ``None``.
    position_book:
        What the position book did, or ``None`` (no position book).
    built:
        The size of an eagerly built tree, or ``None``.
    """

    value: float
    player: Player
    best_moves: tuple[M, ...]
    pv: tuple[M, ...]
    depth: int | None
    rater: str
    stats: StatsSnapshot
    move_values: tuple[tuple[M, float], ...] = field(default=())
    complete: bool = field(default=False, compare=False)
    visits: int | None = field(default=None, compare=False)
    chance: ChancePruning | None = field(default=None, compare=False)
    vector: Vector | None = field(default=None, compare=False)
    move_vectors: tuple[tuple[M, Vector], ...] = field(default=(), compare=False)
    deepening: Deepening | None = field(default=None, compare=False)
    mcts: MCTSRun[M] | None = field(default=None, compare=False)
    position_book: PositionBookUse | None = field(default=None, compare=False)
    built: Built | None = field(default=None, compare=False)

    @property
    def best_move(self) -> M | None:
        """The first best move, or None at a terminal root."""
        return self.best_moves[0] if self.best_moves else None

    @property
    def stopped(self) -> StopReason | None:
        """The part of the limit that stopped a deepening or UCT search early, or
        ``None`` (it ran to its depth or its playouts)."""
        if self.deepening is not None:
            return self.deepening.stopped
        if self.mcts is not None and self.mcts.stopped != "playouts":
            return self.mcts.stopped
        return None

    @property
    def position_book_hit(self) -> bool:
        """True when the answer came from the position book (nothing was searched)."""
        return self.position_book is not None and self.position_book.status == "hit"
