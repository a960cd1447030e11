"""Lazy game trees: nodes whose children are memoized thunks over the move generator.

Nothing below a node exists until something asks for it:

* ``node.children`` is a lazy sequence of :class:`Edge` objects folded into the node;
  moves are pulled from the game's generator one at a time, only as far as a caller
  iterates (once all are pulled it is a plain tuple; a leaf shares one empty tuple);
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
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, NamedTuple, TypeVar, overload

from lazytree.checks import require_game
from lazytree.game import CHANCE, Game, Player

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = [
    "EMPTY",
    "Bound",
    "ChanceEdge",
    "Edge",
    "Node",
    "Rating",
    "StatsSnapshot",
    "Tree",
    "TreeStats",
]


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


EMPTY: tuple[Any, ...] = ()
"""The one child sequence every leaf shares (a node with no moves holds nothing of its own)."""


class _Failed:
    """Put in place of a move generator that raised: the node's moves are *not* all
    generated, and asking for more says so instead of pretending there are none."""

    __slots__ = ("error",)

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def fail(self) -> RuntimeError:
        err = RuntimeError("the move generator of this node failed earlier")
        err.__cause__ = self.error
        return err


class Node(Generic[S, M]):
    """One position of a lazy tree.

    A node never refers to its parent, so a subtree stays alive exactly as long as
    something holds its root.

    The node is its own lazy child sequence: ``_edges`` is None before the moves were
    asked for, a list while they are being generated (``_source`` is the rest of the
    generator), and a tuple once they all were (the shared :data:`EMPTY` for a leaf).
    """

    __slots__ = (
        "__weakref__",
        "_edges",
        "_source",
        "_sparse",
        "player",
        "rating",
        "serial",
        "state",
        "tree",
    )

    def __init__(self, tree: Tree[S, M], state: S) -> None:
        self.tree = tree
        self.state = state
        self.serial = tree.stats.nodes_created
        """The order of creation in its tree: the root is 0, the next node built 1, ..."""
        self.player: Player = tree.game.to_move(state)
        self._edges: list[Edge[S, M]] | tuple[Edge[S, M], ...] | None = None
        self._source: Iterator[Edge[S, M]] | _Failed | None = None
        self._sparse: _Sparse[S, M] | None = None  # what moves() and edge_for() made
        self.rating: Rating | None = None

    @property
    def children(self) -> Sequence[Edge[S, M]]:
        """The outgoing edges, generated on demand and cached.

        Once every move is generated this is a plain tuple (the fast path: searches that
        come back to a node replay it at C speed); before, a view that pulls moves from
        the game's generator only as far as it is iterated or indexed (``bool`` pulls at
        most one, ``len`` all), each move at most once.
        """
        edges = self._edges
        if type(edges) is tuple:
            return edges
        if edges is None:  # the first time: start the game's generator
            tree = self.tree
            state = self.state
            sparse = self._sparse
            if sparse is not None:  # moves() or edge_for() came first
                self._source = sparse.source(self)
                self._edges = []
                return _Children(self)
            tree.stats.nodes_expanded += 1
            moves = tree.game.legal_moves(state)
            if self.player == CHANCE:
                self._source = _chance_edges((tree, state), moves)
            else:
                # The hot path: one Edge per move pulled, made by C-level ``map``.
                self._source = map(partial(Edge, (tree, state)), moves)
            self._edges = []
        return _Children(self)

    def _pull(self) -> bool:
        """Generate one more edge; False when there are no more (never after a failure)."""
        source = self._source
        if source is None:
            return False
        if type(source) is _Failed:
            raise source.fail()
        edges = self._edges
        assert isinstance(edges, list)
        try:
            edge = next(source)  # type: ignore[arg-type]
        except StopIteration:
            self._finish(edges)
            return False
        except BaseException as exc:
            self._source = _Failed(exc)
            raise
        edges.append(edge)
        self.tree.stats.moves_generated += 1
        return True

    def _finish(self, edges: list[Edge[S, M]]) -> None:
        self._edges = tuple(edges) if edges else EMPTY
        self._source = None

    def moves(self) -> list[M]:
        """All legal moves here, in generation order, without building their edges
        (cached; do not change the list). With :meth:`edge_for` a search can rank the
        moves and build edges only for those it searches."""
        sparse = self._sparse
        if sparse is not None and sparse.moves is not None:
            return sparse.moves
        edges = self._edges
        if type(edges) is tuple:
            return [e.move for e in edges]
        if sparse is None:
            sparse = self._sparse = _Sparse(self)
            self.tree.stats.nodes_expanded += edges is None
        moves = sparse.moves = list(self.tree.game.legal_moves(self.state))
        return moves

    def edge_for(self, move: M) -> Edge[S, M]:
        """The edge of legal move ``move`` (one of :meth:`moves`), building no other:
        an edge generated already is returned; a new one is kept and later yielded by
        :attr:`children` in its place, so its child (and rating) is never built twice."""
        if self._edges is not None:  # generated, at least in part: generate up to the move
            for edge in self.children:
                if edge.move == move:
                    return edge
            raise KeyError(move)
        sparse = self._sparse
        if sparse is None:
            sparse = self._sparse = _Sparse(self)
            self.tree.stats.nodes_expanded += 1
        found = sparse.loose.get(move)
        if found is None:
            found = sparse.loose[move] = sparse.edge(move)
            self.tree.stats.moves_generated += 1
        return found

    # -- read-only views that never force anything (for export and inspection) --
    @property
    def expanded(self) -> bool:
        """True once the move list was asked for."""
        return self._edges is not None or self._sparse is not None

    @property
    def generated_edges(self) -> tuple[Edge[S, M], ...]:
        """The edges generated so far (those :meth:`edge_for` built last); never
        generates more."""
        edges = self._edges
        cached = EMPTY if edges is None else edges if type(edges) is tuple else tuple(edges)
        sparse = self._sparse
        return cached + tuple(sparse.loose.values()) if sparse and sparse.loose else cached

    @property
    def fully_generated(self) -> bool:
        """True when every move of this node has been generated."""
        return type(self._edges) is tuple

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


class _Sparse(Generic[S, M]):
    """A node's moves listed and edges built one at a time (:meth:`Node.moves`,
    :meth:`Node.edge_for`) before, or instead of, generating its children."""

    __slots__ = ("loose", "moves", "origin")

    def __init__(self, node: Node[S, M]) -> None:
        self.origin = (node.tree, node.state)
        self.moves: list[M] | None = None
        self.loose: dict[M, Edge[S, M]] = {}

    def edge(self, move: M) -> Edge[S, M]:
        tree, state = self.origin
        if tree.game.to_move(state) == CHANCE:
            probability = tree.game.outcome_probability(state, move)  # type: ignore[attr-defined]
            return ChanceEdge(self.origin, move, probability)
        return Edge(self.origin, move)

    def source(self, node: Node[S, M]) -> Iterator[Edge[S, M]]:
        """The node's edges in generation order, taking the ones built already (they
        were counted when built, so the pull that yields them is not counted again)."""
        moves = self.moves
        stats = node.tree.stats
        loose = self.loose
        for move in node.tree.game.legal_moves(node.state) if moves is None else moves:
            edge = loose.pop(move, None)
            if edge is None:
                yield self.edge(move)
            else:
                stats.moves_generated -= 1
                yield edge


class _Children(Sequence["Edge[S, M]"]):
    """The children of a node whose moves are not all generated yet: a short-lived view
    (made by :attr:`Node.children`, never stored) over the node's own cache.

    Iterating replays the edges generated so far, then pulls more from the node's
    generator; several iterations at once (nested loops) each see every edge once.
    """

    __slots__ = ("_node",)

    def __init__(self, node: Node[S, M]) -> None:
        self._node = node

    def __iter__(self) -> Iterator[Edge[S, M]]:
        node = self._node
        edges = node._edges
        assert edges is not None
        i = 0
        while True:
            while i < len(edges):
                yield edges[i]
                i += 1
            source = node._source
            if source is None:
                return
            if type(source) is _Failed:
                raise source.fail()
            stats = node.tree.stats
            # the pull of Node._pull, inlined: this loop is the hottest of a first search
            while True:
                try:
                    edge = next(source)  # type: ignore[arg-type]
                except StopIteration:
                    node._edges = tuple(edges) if edges else EMPTY
                    node._source = None
                    return
                except BaseException as exc:
                    node._source = _Failed(exc)
                    raise
                edges.append(edge)  # type: ignore[union-attr]
                stats.moves_generated += 1
                i += 1
                yield edge
                if i != len(edges):  # another iteration pulled meanwhile: replay first
                    break

    def __bool__(self) -> bool:
        node = self._node
        return bool(node._edges) or node._pull()

    @overload
    def __getitem__(self, index: int) -> Edge[S, M]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Edge[S, M]]: ...

    def __getitem__(self, index: int | slice) -> Edge[S, M] | Sequence[Edge[S, M]]:
        node = self._node
        if isinstance(index, slice) or index < 0:
            while node._pull():
                pass
            return node.generated_edges[index]
        while index >= len(node._edges):  # type: ignore[arg-type]
            if not node._pull():
                raise IndexError("child index out of range")
        return node._edges[index]  # type: ignore[index]

    def __len__(self) -> int:
        node = self._node
        while node._pull():
            pass
        return len(node.generated_edges)

    def __repr__(self) -> str:
        node = self._node
        more = "" if node.fully_generated else ", ..."
        return f"Children([{', '.join(map(repr, node.generated_edges))}{more}])"


_svg_hook: Callable[[Node[Any, Any]], str | None] | None = None
"""Set by the export layer when it is imported, so the core never imports it."""


class Edge(Generic[S, M]):
    """A move and the memoized thunk of the child it leads to."""

    __slots__ = ("_child", "_origin", "move")

    probability: float | None = None
    """The chance of this outcome at a chance node (None for a player's move)."""

    def __init__(self, origin: tuple[Tree[S, M], S], move: M) -> None:
        """An unforced edge for ``move`` from a parent position: ``origin`` is its
        ``(tree, state)``, shared by all edges of the parent."""
        self.move = move
        self._origin: tuple[Tree[S, M], S] | None = origin
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
            origin = self._origin
            assert origin is not None
            tree = origin[0]
            state = tree.game.result(origin[1], self.move)
            if tree._table is None:  # no sharing: Tree.node_for inlined (the hot path)
                child = self._child = Node(tree, state)
                tree.stats.nodes_created += 1
            else:
                child = self._child = tree.node_for(state)
            self._origin = None
        return child

    def peek(self) -> Node[S, M] | None:
        """The child if it was built, else None; never forces."""
        return self._child

    def __repr__(self) -> str:
        return f"<Edge {self.move!r} {'forced' if self.forced else 'unforced'}>"


class ChanceEdge(Edge[S, M]):
    """An outcome of a chance node, with its probability."""

    __slots__ = ("probability",)

    def __init__(self, origin: tuple[Tree[S, M], S], move: M, probability: float) -> None:
        super().__init__(origin, move)
        self.probability = probability


def _chance_edges(origin: tuple[Tree[S, M], S], moves: Iterator[M]) -> Iterator[Edge[S, M]]:
    tree, state = origin
    outcome_probability = tree.game.outcome_probability  # type: ignore[attr-defined]
    for move in moves:
        yield ChanceEdge(origin, move, outcome_probability(state, move))


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
