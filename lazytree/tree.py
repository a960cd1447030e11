"""Lazy game trees: nodes whose children are memoized thunks over the move generator.

Nothing below a node exists until something asks for it:

* ``node.children`` is a :class:`~lazytree.lazy.LazySeq` of :class:`Edge` objects; moves
  are pulled from the game's generator one at a time, only as far as a caller iterates;
* each :class:`Edge` is a memoized thunk: its child node (and the child's state) is built
  the first time ``edge.child`` is read, and never again;
* a child's own moves are not generated until its ``children`` are iterated.

A :class:`Tree` keeps counters of all of this in :class:`TreeStats`.

Examples
--------
>>> from lazytree.games.tree_game import TreeGame
>>> tree = Tree(TreeGame([[3, 5], [2, 9]]))
>>> tree.stats.nodes_created, tree.stats.moves_generated
(1, 0)
>>> first = tree.root.children[0]          # generates one move, builds no child yet
>>> tree.stats.moves_generated, tree.stats.nodes_created
(1, 1)
>>> first.child.state                       # forcing the edge builds the child
(0,)
>>> tree.stats.nodes_created
2
"""

from __future__ import annotations

import enum
import random
import weakref
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, NamedTuple, TypeVar

from lazytree.checks import require_game
from lazytree.game import CHANCE, Game, Player
from lazytree.lazy import LazySeq

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = ["Bound", "Edge", "Node", "Rating", "StatsSnapshot", "Tree", "TreeStats"]


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


class TreeStats:
    """Live counters of a tree.

    * ``nodes_created``: nodes built (each forced edge builds at most one; with sharing, a
      position reached again reuses its node and is not counted twice);
    * ``nodes_expanded``: nodes whose move list was asked for;
    * ``moves_generated``: moves pulled from the games' generators;
    * ``evaluations``: calls of ``game.evaluate`` made by raters.
    """

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


class Node(Generic[S, M]):
    """One position of a lazy tree.

    A node never refers to its parent, so a subtree stays alive exactly as long as
    something holds its root.
    """

    __slots__ = ("__weakref__", "_children", "player", "rating", "serial", "state", "tree")

    def __init__(self, tree: Tree[S, M], state: S) -> None:
        self.tree = tree
        self.state = state
        self.serial = tree.stats.nodes_created
        """The order of creation in its tree: the root is 0, the next node built 1, ..."""
        self.player: Player = tree.game.to_move(state)
        self._children: LazySeq[Edge[S, M]] | None = None
        self.rating: Rating | None = None

    @property
    def children(self) -> LazySeq[Edge[S, M]]:
        """The outgoing edges, generated on demand and cached."""
        seq = self._children
        if seq is None:
            tree = self.tree
            tree.stats.nodes_expanded += 1
            moves = tree.game.legal_moves(self.state)
            if self.player == CHANCE:
                edges = self._chance_edges(moves)
            else:
                # The hot path: one Edge per move pulled, made by C-level ``map`` (no
                # generator frame of our own); Edge.__init__ counts the move.
                edges = map(partial(Edge, tree, self.state), moves)
            seq = self._children = LazySeq(edges)
        return seq

    def _chance_edges(self, moves: Iterator[M]) -> Iterator[Edge[S, M]]:
        tree = self.tree
        state = self.state
        outcome_probability = tree.game.outcome_probability  # type: ignore[attr-defined]
        for move in moves:
            edge: Edge[S, M] = Edge(tree, state, move)
            edge.probability = outcome_probability(state, move)
            yield edge

    # -- read-only views that never force anything (for export and inspection) --
    @property
    def expanded(self) -> bool:
        """True once the move list was asked for."""
        return self._children is not None

    @property
    def generated_edges(self) -> tuple[Edge[S, M], ...]:
        """The edges generated so far; never generates more."""
        return () if self._children is None else self._children.cached

    @property
    def fully_generated(self) -> bool:
        """True when every move of this node has been generated."""
        return self._children is not None and self._children.exhausted

    @property
    def is_chance(self) -> bool:
        return self.player == CHANCE

    def is_terminal(self) -> bool:
        """Ask the game whether this position is over (does not touch ``children``)."""
        return self.tree.game.is_terminal(self.state)

    def child_for(self, move: M) -> Node[S, M]:
        """The child reached by ``move``, generating moves only up to that one.

        Raises :class:`~lazytree.game.IllegalMoveError` when ``move`` is not legal here.
        """
        for edge in self.children:
            if edge.move == move:
                return edge.child
        from lazytree.game import IllegalMoveError

        raise IllegalMoveError(f"{move!r} is not a legal move here")

    def __repr__(self) -> str:
        state = "expanded" if self.expanded else "unexpanded"
        return f"<Node player={self.player} {state} state={self.state!r}>"

    def _repr_svg_(self) -> str | None:
        """Draw the explored subtree below this node in a notebook (needs the export layer)."""
        hook = _svg_hook
        return None if hook is None else hook(self)


_svg_hook: Callable[[Node[Any, Any]], str | None] | None = None
"""Set by the export layer when it is imported, so the core never imports it."""


class Edge(Generic[S, M]):
    """A move and the memoized thunk of the child it leads to."""

    __slots__ = ("_child", "_parent_state", "_tree", "move", "probability")

    def __init__(self, tree: Tree[S, M], parent_state: S, move: M) -> None:
        """An unforced edge for ``move`` from ``parent_state``; counts one generated move."""
        tree.stats.moves_generated += 1
        self.move = move
        self.probability: float | None = None
        self._tree: Tree[S, M] | None = tree
        self._parent_state: S | None = parent_state
        self._child: Node[S, M] | None = None

    @property
    def forced(self) -> bool:
        """True once the child node exists."""
        return self._child is not None

    @property
    def child(self) -> Node[S, M]:
        """The child node, built on first access and cached."""
        child = self._child
        if child is None:
            tree = self._tree
            assert tree is not None
            state = tree.game.result(self._parent_state, self.move)  # type: ignore[arg-type]
            if tree._table is None:  # no sharing: Tree.node_for inlined (the hot path)
                child = self._child = Node(tree, state)
                tree.stats.nodes_created += 1
            else:
                child = self._child = tree.node_for(state)
            self._tree = None
            self._parent_state = None
        return child

    def peek(self) -> Node[S, M] | None:
        """The child if it was built, else None; never forces."""
        return self._child

    def __repr__(self) -> str:
        return f"<Edge {self.move!r} {'forced' if self.forced else 'unforced'}>"


class Tree(Generic[S, M]):
    """A lazily expanded game tree rooted at a position.

    Parameters
    ----------
    game:
        The rules, any object implementing :class:`~lazytree.game.Game`.
    state:
        The root position; by default ``game.initial_state(rng)``.
    rng:
        Used only to draw a random initial state when ``state`` is not given.
    share:
        When true, positions reached by several move orders share one node, so the
        tree becomes a DAG (a transposition table held through weak references, so
        positions nobody can reach any more are freed).
    """

    def __init__(
        self,
        game: Game[S, M],
        state: S | None = None,
        *,
        rng: random.Random | None = None,
        share: bool = False,
    ) -> None:
        require_game(game)
        self.game = game
        self.stats = TreeStats()
        self.share = share
        self.ply = 0
        """Moves played with :meth:`play` since the tree was made (the root's ply)."""
        self._table: weakref.WeakValueDictionary[S, Node[S, M]] | None = (
            weakref.WeakValueDictionary() if share else None
        )
        if state is None:
            state = game.initial_state(rng)
        self.root: Node[S, M] = self.node_for(state)

    def node_for(self, state: S) -> Node[S, M]:
        """The node of ``state``: a new one, or with sharing the one already alive."""
        table = self._table
        if table is not None:
            node = table.get(state)
            if node is not None:
                return node
        node = Node(self, state)
        self.stats.nodes_created += 1
        if table is not None:
            table[state] = node
        return node

    def play(self, move: M) -> Node[S, M]:
        """Make ``move`` at the root and keep only the subtree below it.

        The forced part of that subtree (nodes and their stored ratings) is reused; the
        rest of the old tree is no longer referenced and becomes garbage.
        """
        self.root = self.root.child_for(move)
        self.ply += 1
        return self.root

    @property
    def shared_positions(self) -> int:
        """How many positions the sharing table holds now (0 without sharing)."""
        return 0 if self._table is None else len(self._table)

    def __repr__(self) -> str:
        return f"<Tree of {self.game.name} {self.stats!r}>"

    def _repr_svg_(self) -> str | None:
        """Draw the explored part of the tree in a notebook (needs the export layer)."""
        hook = _svg_hook
        return None if hook is None else hook(self.root)
