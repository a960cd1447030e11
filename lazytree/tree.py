"""Lazy game trees: a node's children are memoized thunks over the game's move generator.

The whole idea fits in three objects:

* a :class:`Node`'s ``children`` is a lazy, memoized sequence of :class:`Edge` objects:
  iterating it replays the edges generated so far, then pulls more moves from the game's
  generator, one at a time; ``bool`` pulls at most one move, indexing up to the index,
  ``len`` all of them. No move is generated twice. Once the generator is exhausted the
  children are a plain tuple (every leaf shares :data:`EMPTY`). The searches loop by
  index with :func:`next_child` (the ``i``-th move's child, that move pulled from the
  generator first when it is the next one), one call per child, and make no edge at
  all;
* an :class:`Edge` is a move and a thunk for the child it leads to: ``edge.child``
  builds the child node (and the child's state) the first time it is read, never again.
  The node keeps its moves and children itself; an edge is a view of the node's
  ``i``-th move, made when asked for (two views of one move are equal);
* a :class:`Tree` holds the root and the :class:`TreeContext` its nodes share: the
  counters (:class:`TreeStats`) and, with ``share=True``, a transposition table so a
  position reached twice is one node. No node refers to the tree or to its parent, so an
  unshared tree has no reference cycle.

So at any moment the legal moves of a node are, in generation order, the moves generated
so far (its ``generated_edges``) followed by the moves *never generated* (a cut-off
stopped the generator before them). A generated edge whose child was forced was
*searched*; the others were *generated, not searched*. A search that ranks a node's
moves (a hint, a width) generates all its edges first, so every move it skips there is
"generated, not searched"; a width search on a game that lists its moves best first
(:class:`~lazytree.game.BestFirstGame`) starts a node with that generator instead
(:func:`start_moves`) and generates only the moves it keeps.

Examples
--------
>>> from lazytree.games.tree_game import TreeGame
>>> tree = Tree(TreeGame([[3, 5], [2, 9], [7, 1]]))
>>> tree.stats.nodes_created, tree.stats.moves_generated
(1, 0)
>>> bool(tree.root.children), tree.stats.moves_generated   # pulls one move
(True, 1)
>>> first = tree.root.children[0]          # already generated: nothing new
>>> tree.stats.moves_generated, tree.stats.nodes_created, first.forced
(1, 1, False)
>>> first.child.state                      # forcing the edge builds the child
(0,)
>>> tree.stats.nodes_created, first.forced
(2, True)
>>> [e.move for e in tree.root.generated_edges], tree.root.fully_generated
([0], False)
>>> len(tree.root.children), tree.stats.moves_generated   # len pulls the rest
(3, 3)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar, overload

from lazytree.game import CHANCE, Game, IllegalMoveError, Player, require_game
from lazytree.rating import Bound, Rating

if TYPE_CHECKING:  # fixed-width integers (see docs/benchmarks/compiled-core.md)
    from mypy_extensions import i16, i32, i64

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = [
    "BOUNDS",
    "EMPTY",
    "EXACT_AT",
    "LOWER_AT",
    "TO_THE_END",
    "UPPER_AT",
    "Bound",
    "ChanceEdge",
    "Children",
    "Edge",
    "Node",
    "Rating",
    "Reordered",
    "StatsSnapshot",
    "Tree",
    "TreeContext",
    "TreeStats",
    "child_at",
    "edge_at",
    "generate_to",
    "move_at",
    "move_count",
    "moves_in_order",
    "next_child",
    "pull_move",
    "reordered",
    "start_moves",
]

EMPTY: Final[tuple[Any, ...]] = ()
"""The one child sequence every leaf shares (a node with no moves holds nothing of its own)."""

EXACT_AT: Final = 1
"""Where :attr:`Bound.EXACT <lazytree.rating.Bound.EXACT>` is in :data:`BOUNDS`."""
LOWER_AT: Final = 2
"""Where :attr:`Bound.LOWER <lazytree.rating.Bound.LOWER>` is in :data:`BOUNDS`."""
UPPER_AT: Final = 3
"""Where :attr:`Bound.UPPER <lazytree.rating.Bound.UPPER>` is in :data:`BOUNDS`."""

TO_THE_END: Final = 3
"""What a search adds to a bound's index in :data:`BOUNDS` when no leaf below the node
was cut off by the depth (see :attr:`~lazytree.search.result.SearchResult.complete`)."""

BOUNDS: Final[tuple[Bound | None, ...]] = (
    None,
    Bound.EXACT,
    Bound.LOWER,
    Bound.UPPER,
    Bound.EXACT,
    Bound.LOWER,
    Bound.UPPER,
)
"""A node keeps its rating's bound as an index into this tuple (``_rbound``): 0, None,
while no rating is stored; :data:`EXACT_AT`, :data:`LOWER_AT` or :data:`UPPER_AT`; and
that plus :data:`TO_THE_END` for the same bound from a search that reached the end of
the game on every line it searched below the node (no leaf cut off by the depth): a
later search that reuses the rating still knows its own result is the game's."""

_EXACT: Final = Bound.EXACT
_LOWER: Final = Bound.LOWER
_UPPER: Final = Bound.UPPER


class Node(Generic[S, M]):
    """One position of a lazy tree.

    A node keeps its generated moves and their children itself, in one list and with no
    object per move: ``_slots`` is None before the moves were asked for, then the list
    ``[move 0, child 0, move 1, child 1, ...]`` (a child is None until it is forced) that
    :func:`pull_move` extends one move at a time from ``_source``, the game's move iterator,
    until it is exhausted (``_source`` None again). A node that has no moves never gets a
    list of its own (it shares :data:`_NO_SLOTS`). A chance node's source is an
    :class:`_Outcomes`, which keeps the outcomes' probabilities and stays once exhausted.
    An :class:`Edge` is a view ``(node, index)`` made when asked for; the searches force
    children by index (:func:`next_child`) and make none. A node never refers to its
    parent or to its :class:`Tree`, so a subtree stays alive exactly as long as
    something holds its root (and, unless the tree shares positions, is freed by
    reference counting when dropped: it has no cycles).

    The rating a rater stored is kept in the node's own fields (``_rvalue``,
    ``_rplayer``, ``_rdepth``, ``_rbound``, the bound's index in :data:`BOUNDS`, 0 while
    unrated, and ``_rkey``), not in a :class:`Rating` object per node: :attr:`rating`
    makes one when read, and assigning a rating (or None) copies its fields. The
    searches write the fields with :meth:`rate_at`, which makes no object at all.

    Nothing holds a node weakly: the sharing table prunes itself (:meth:`Tree.prune`).
    """

    __slots__ = (
        "_rbound",
        "_rdepth",
        "_rkey",
        "_rplayer",
        "_rvalue",
        "_slots",
        "_source",
        "context",
        "player",
        "serial",
        "state",
    )

    def __init__(self, context: TreeContext[S, M], state: S) -> None:
        # the small integers first (packed: see docs/benchmarks/compiled-core.md)
        to_move = context.to_move  # (an attribute read, then a call: see TreeContext)
        self.player: i32 = to_move(state)
        self._rdepth: i32 = 0
        self._rplayer: i16 = 0
        self._rbound: i16 = 0  # no rating stored; else the index of its bound in BOUNDS
        self.serial: i64 = context.stats.nodes_created
        """The order of creation in its tree: the root is 0, the next node built 1, ..."""
        self._rvalue = 0.0
        self.context = context
        self.state = state
        self._rkey: Hashable = None
        self._slots: list[Any] | None = None
        self._source: Iterator[M] | None = None

    @property
    def rating(self) -> Rating | None:
        """The rating a rater stored on this node, or None (a new :class:`Rating` at each
        read, equal to the one stored; assign a rating or None to replace it)."""
        bound = BOUNDS[self._rbound]
        if bound is None:
            return None
        return Rating(self._rvalue, self._rplayer, self._rdepth, bound, self._rkey)

    @rating.setter
    def rating(self, rating: Rating | None) -> None:
        if rating is None:
            self._rbound = 0
            self._rkey = None
        else:
            self.rate(rating.value, rating.player, rating.depth, rating.bound, rating.key)

    def rate(self, value: float, player: Player, depth: int, bound: Bound, key: Hashable) -> None:
        """Store a rating (what ``node.rating = Rating(...)`` does, without the object).

        >>> from lazytree.games.tree_game import TreeGame
        >>> node = Tree(TreeGame([[3, 5]])).root
        >>> node.rating is None
        True
        >>> node.rate(4.0, 0, 2, Bound.LOWER, None)
        >>> node.rating
        Rating(value=4.0, player=0, depth=2, bound=<Bound.LOWER: 'lower'>, key=None)
        >>> node.rating = None
        >>> node.rating is None
        True
        """
        if bound is _EXACT:
            at = EXACT_AT
        elif bound is _LOWER:
            at = LOWER_AT
        elif bound is _UPPER:
            at = UPPER_AT
        else:
            raise TypeError(f"bound must be a Bound, got {bound!r}")
        self.rate_at(value, player, depth, at, key)

    def rate_at(self, value: float, player: Player, depth: int, at: int, key: Hashable) -> None:
        """Store a rating whose bound is given by its index ``at`` in :data:`BOUNDS`
        (what a search computes)."""
        self._rvalue = value
        self._rplayer = player
        self._rdepth = depth
        self._rbound = at
        self._rkey = key

    @property
    def children(self) -> Sequence[Edge[S, M]]:
        """The outgoing edges, generated on demand and memoized (see :class:`Children`);
        a plain tuple (of edge views made for this call) once all are generated."""
        slots = self._slots
        if slots is not None and _exhausted(self):
            return _views(self, len(slots) >> 1)
        return Children(self)  # (which starts the generator when it first pulls a move)

    def edge(self, index: int) -> Edge[S, M] | None:
        """The edge of generation number ``index`` (from 0), generating moves up to it;
        None when the node has no more moves (:func:`edge_at`)."""
        return edge_at(self, index)

    def generate_all(self) -> tuple[Edge[S, M], ...]:
        """Generate every move not generated yet (building no child) and return all the
        edges, in generation order: what a search that ranks the moves of a node calls."""
        return _views(self, move_count(self))

    # -- read-only views that never generate or force anything (export, inspection) --
    @property
    def expanded(self) -> bool:
        """True once the move generator was started (a move was asked for)."""
        return self._slots is not None

    @property
    def generated_edges(self) -> tuple[Edge[S, M], ...]:
        """The edges generated so far, in generation order: always the first moves of
        the game's generator."""
        slots = self._slots
        return EMPTY if slots is None else _views(self, len(slots) >> 1)

    @property
    def generated_moves(self) -> tuple[M, ...]:
        """The moves generated so far, in generation order (no edge view made)."""
        slots = self._slots
        return EMPTY if not slots else tuple(slots[0 : len(slots) & ~1 : 2])

    @property
    def forced_children(self) -> list[Node[S, M]]:
        """The children built so far, in generation order (forces nothing)."""
        slots = self._slots
        return [] if not slots else [c for c in slots[1::2] if c is not None]

    @property
    def fully_generated(self) -> bool:
        """True when every move of this node has been generated."""
        return self._slots is not None and _exhausted(self)

    @property
    def is_chance(self) -> bool:
        return self.player == CHANCE

    def is_terminal(self) -> bool:
        """Ask the game whether this position is over (does not touch ``children``)."""
        return self.context.game.is_terminal(self.state)

    def child_for(self, move: M) -> Node[S, M]:
        """The child reached by ``move``, generating moves only up to that one.

        Raises :class:`~lazytree.game.IllegalMoveError` when ``move`` is not legal here.
        """
        i = 0
        while generate_to(self, i):
            if move_at(self, i) == move:
                return child_at(self, i)
            i += 1
        raise IllegalMoveError(f"{move!r} is not a legal move here")

    def __repr__(self) -> str:
        state = "expanded" if self.expanded else "unexpanded"
        return f"<Node player={self.player} {state} state={self.state!r}>"

    def _repr_svg_(self) -> str | None:
        """Draw the explored subtree below this node in a notebook (needs the export layer)."""
        hook = _svg_hook
        return None if hook is None else hook(self)


_NO_SLOTS: Final[list[Any]] = []
"""The slots of every node whose generator has given no move yet (never appended to: a
node gets a list of its own with its first move, so a leaf holds no list)."""


def generate_to(node: Node[S, M], index: int) -> bool:
    """Generate the moves of ``node`` up to generation number ``index`` (from 0), building
    no child; False when the node has no move of that number. The move is then
    :func:`move_at` ``(node, index)`` and its child :func:`child_at` ``(node, index)``."""
    slots = node._slots
    if slots is not None and 2 * index < len(slots) - 1:
        return True
    while pull_move(node):  # (which starts the generator the first time)
        slots = node._slots
        assert slots is not None
        if 2 * index < len(slots) - 1:
            return True
    return False


def move_count(node: Node[S, M]) -> int:
    """How many moves ``node`` has: every move not generated yet is generated (building
    no child), no edge view is made."""
    while pull_move(node):  # a failing generator keeps the moves pulled before it
        pass
    slots = node._slots
    assert slots is not None
    return len(slots) >> 1


def move_at(node: Node[S, M], index: int) -> M:
    """The generated move number ``index`` of ``node`` (:func:`generate_to` first)."""
    slots = node._slots
    assert slots is not None
    move: M = slots[2 * index]
    return move


def edge_at(node: Node[S, M], index: int) -> Edge[S, M] | None:
    """The edge of generation number ``index`` (from 0) of ``node``, generating moves up
    to it; None when the node has no more moves."""
    if not generate_to(node, index):
        return None
    return ChanceEdge(node, index) if node.player == CHANCE else Edge(node, index)


def child_at(node: Node[S, M], index: int) -> Node[S, M]:
    """The child of ``node``'s generated move number ``index``, built the first time
    (never again: the node keeps it)."""
    child = next_child(node, index)
    assert child is not None  # (the move is generated: nothing to pull)
    return child


def next_child(node: Node[S, M], index: int) -> Node[S, M] | None:
    """The child of ``node``'s move number ``index``, built the first time (never again:
    the node keeps it), the move generated first when it is the next one; None when the
    node has no move of that number. ``index`` is at most the number of moves generated.

    The search's step over a node's children in generation order: one call per child,
    and one more to learn that there are no more moves; nothing is generated or built
    beyond the child asked for.
    """
    slots = node._slots
    k = 2 * index + 1
    if slots is not None and k < len(slots):  # generated: built already?
        child: Node[S, M] | None = slots[k]
        if child is not None:
            return child
    elif pull_move(node):
        slots = node._slots
        assert slots is not None
    else:  # no more moves
        return None
    context = node.context
    result = context.result  # (read, then called: see TreeContext)
    child = context.node_for(result(node.state, slots[k - 1]))
    slots[k] = child
    return child


def _views(node: Node[S, M], n: int) -> tuple[Edge[S, M], ...]:
    """Edge views of the first ``n`` moves of ``node``."""
    if n == 0:
        return EMPTY
    if node.player == CHANCE:
        return tuple([ChanceEdge(node, i) for i in range(n)])
    return tuple([Edge(node, i) for i in range(n)])


def _start(node: Node[S, M], moves: Iterator[M]) -> Iterator[M]:
    """Make ``moves`` the move source of ``node`` (an :class:`_Outcomes` around them at a
    chance node), count the node expanded, and return the source; the node's list of
    moves and children is made with its first move (see :func:`pull_move`)."""
    node.context.stats.nodes_expanded += 1
    source: Iterator[M] = _Outcomes(moves, node) if node.player == CHANCE else moves
    node._source = source
    node._slots = _NO_SLOTS
    return source


def pull_move(node: Node[S, M]) -> bool:
    """Generate one more move of ``node`` (starting its generator the first time),
    building no child; False once the generator is exhausted. A generator that raised
    is remembered: asking again raises, never says "no more moves"."""
    source = node._source
    if source is None:
        if node._slots is not None:  # exhausted
            return False
        source = _start(node, iter(node.context.legal_moves(node.state)))
    try:
        for move in source:  # noqa: B007 (one move: a loop, not a call of next)
            break
        else:
            if type(source) is not _Outcomes:  # (which keeps the probabilities)
                node._source = None
            return False
    except BaseException as exc:
        _failed(node, source, exc)
        raise
    # the move and an empty child slot, no object; a reader in another thread counts the
    # moves as len(slots) // 2, so it never sees a move without its slot
    slots = node._slots
    if slots is _NO_SLOTS or slots is None:
        node._slots = [move, None]
    else:
        slots.append(move)
        slots.append(None)
    node.context.stats.moves_generated += 1
    return True


def _failed(node: Node[S, M], source: Iterator[Any], error: BaseException) -> None:
    """The move source of ``node`` raised ``error``: remember it (see :class:`_Failed`;
    a chance node's :class:`_Outcomes` remembers it itself)."""
    if not isinstance(source, (_Failed, _Outcomes)):
        node._source = _Failed(error)


def _exhausted(node: Node[S, M]) -> bool:
    """True when the move source of ``node`` (started) has no more moves."""
    source = node._source
    return source is None or (type(source) is _Outcomes and source.moves is None)


class _Outcomes:
    """The move source of a chance node: the outcomes (from the game's or a reordered
    generator) and, as each is pulled, its probability (the game's
    ``outcome_probability``), kept once the outcomes are exhausted (``moves`` None)."""

    __slots__ = ("game", "moves", "probs", "state")

    def __init__(self, moves: Iterator[Any], node: Node[Any, Any]) -> None:
        self.moves: Iterator[Any] | None = moves
        self.game: Any = node.context.game  # (not the node: a node's tree has no cycles)
        self.state: Any = node.state
        self.probs: list[float] = []

    def __iter__(self) -> _Outcomes:
        return self

    def __next__(self) -> Any:
        moves = self.moves
        if moves is None:
            raise StopIteration
        try:
            move = next(moves)
            p = self.game.outcome_probability(self.state, move)
        except StopIteration:
            self.moves = None
            raise
        except BaseException as exc:
            if not isinstance(moves, _Failed):
                self.moves = _Failed(exc)
            raise
        self.probs.append(p)
        return move


# -- a move source other than the game's legal_moves (a width search's, best first) --
class Reordered(Generic[M]):
    """The move generator of a node started in an order of its own (:func:`start_moves`),
    with the way to make a fresh one (:func:`moves_in_order`)."""

    __slots__ = ("again", "moves")

    def __init__(self, moves: Iterator[M], again: Callable[[], Iterator[M] | None]) -> None:
        self.moves = moves
        self.again = again

    def __iter__(self) -> Reordered[M]:
        return self

    def __next__(self) -> M:
        return next(self.moves)


def start_moves(
    node: Node[S, M], moves: Iterator[M], again: Callable[[], Iterator[M] | None]
) -> bool:
    """Make ``moves`` the move generator of ``node`` unless its generator was started
    already; True when this started it. ``again()`` makes the same generator afresh.

    ``moves`` must be the legal moves of the node's state, each once, in another order
    (:class:`~lazytree.game.BestFirstGame`: a width search pulls only the best few).
    The node's generation order is then that order: its generated edges are a prefix
    of ``moves`` (as they are of ``legal_moves`` otherwise), and :func:`moves_in_order`
    lists the moves in it.
    """
    if node._slots is not None:
        return False
    _start(node, Reordered(moves, again))
    return True


def reordered(node: Node[S, M]) -> bool:
    """True while ``node`` pulls moves from a generator :func:`start_moves` gave it."""
    return isinstance(_moves_of(node), Reordered)


def moves_in_order(node: Node[S, M]) -> Iterator[M]:
    """A fresh generator of the legal moves of ``node`` in its generation order (the
    game's ``legal_moves``, or the order :func:`start_moves` gave it while its moves are
    not all generated), touching neither the node nor its counters: what the exports
    read the moves never generated from."""
    source = _moves_of(node)
    if isinstance(source, Reordered):
        again = source.again()
        if again is not None:
            return again
    return iter(node.context.game.legal_moves(node.state))


def _moves_of(node: Node[S, M]) -> Iterator[Any] | None:
    """The move generator of ``node`` (inside a chance node's :class:`_Outcomes`)."""
    source = node._source
    return source.moves if type(source) is _Outcomes else source


class Children(Sequence["Edge[S, M]"]):
    """The children of a node whose moves are not all generated yet: a short-lived view
    (made by :attr:`Node.children`, never stored) over the node's own moves.

    Iterating replays the edges generated so far, then pulls more; several iterations at
    once (nested loops) each see every edge once, and no move is generated twice.
    """

    __slots__ = ("_node",)

    def __init__(self, node: Node[S, M]) -> None:
        self._node = node

    def __iter__(self) -> Iterator[Edge[S, M]]:
        node = self._node
        i = 0
        while True:
            edge = edge_at(node, i)
            if edge is None:
                return
            yield edge
            i += 1

    def __bool__(self) -> bool:
        return generate_to(self._node, 0)

    def __len__(self) -> int:
        return len(self._node.generate_all())

    @overload
    def __getitem__(self, index: int) -> Edge[S, M]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Edge[S, M]]: ...

    def __getitem__(self, index: int | slice) -> Edge[S, M] | Sequence[Edge[S, M]]:
        node = self._node
        if isinstance(index, slice) or index < 0:
            return node.generate_all()[index]
        edge = edge_at(node, index)
        if edge is None:
            raise IndexError("child index out of range")
        return edge

    def __repr__(self) -> str:
        node = self._node
        more = "" if node.fully_generated else ", ..."
        return f"Children([{', '.join(map(repr, node.generated_edges))}{more}])"


class Edge(Generic[S, M]):
    """A move of a node and the memoized thunk of the child it leads to: a view
    ``(node, index)`` of the node's generated move number ``index``, made when asked for
    (the node keeps its moves and children itself, no object per move). Two views of
    the same move of the same node are equal.
    """

    __slots__ = ("_index", "_node")

    def __init__(self, node: Node[S, M], index: int) -> None:
        """The view of ``node``'s generated move number ``index``."""
        self._node = node
        self._index = index

    @property
    def index(self) -> int:
        """The move's generation number at its node (from 0)."""
        return self._index

    @property
    def move(self) -> M:
        slots = self._node._slots
        assert slots is not None
        move: M = slots[2 * self._index]
        return move

    @property
    def probability(self) -> float | None:
        """The chance of this outcome at a chance node (None for a player's move)."""
        return None

    @property
    def forced(self) -> bool:
        """True once the child node exists (a search went below this move)."""
        return self.peek() is not None

    @property
    def child(self) -> Node[S, M]:
        """The child node, built on first access and cached (by the node)."""
        return child_at(self._node, self._index)

    def peek(self) -> Node[S, M] | None:
        """The child if it was built, else None; never forces."""
        slots = self._node._slots
        assert slots is not None
        child: Node[S, M] | None = slots[2 * self._index + 1]
        return child

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Edge):
            return NotImplemented
        return self._node is other._node and self._index == other._index

    def __hash__(self) -> int:
        return hash((id(self._node), self._index))

    def __repr__(self) -> str:
        return f"<Edge {self.move!r} {'forced' if self.forced else 'unforced'}>"


class ChanceEdge(Edge[S, M]):
    """An outcome of a chance node, with its probability."""

    __slots__ = ()

    @property
    def probability(self) -> float | None:
        source = self._node._source
        assert type(source) is _Outcomes
        return source.probs[self._index]


class TreeContext(Generic[S, M]):
    """What every node of a tree refers to (``node.context``): the rules, the counters, the
    sharing table and the ply of the root.

    A :class:`Tree` is the handle a caller holds: its root and this context. The context
    never refers to the root of an unshared tree, so a tree has no reference cycle: when
    the last reference to its root goes, reference counting frees every node at once,
    with no work left for the cyclic collector. (A shared tree's table refers to its
    nodes, so a dropped shared tree waits for the collector.)
    """

    def __init__(self, game: Game[S, M], share: bool) -> None:
        self.game = game
        # the three rules every forced node calls, bound once; callers read one into a
        # local, then call it (why: docs/benchmarks/compiled-core.md)
        self.to_move: Callable[[S], Player] = game.to_move
        self.result: Callable[[S, M], S] = game.result
        self.legal_moves: Callable[[S], Iterator[M]] = game.legal_moves
        self.evaluate: Callable[[S, Player], float] = game.evaluate  # (for leaf_value)
        self.stats = TreeStats()
        self.share = share
        self.ply = 0
        """Moves played with :meth:`Tree.play` since the tree was made (the root's ply)."""
        self.root_serial = 0
        """The :attr:`Node.serial` of the tree's root (0 until a move is played)."""
        self._root: Node[S, M] | None = None  # the root, kept only with sharing (prune)
        self._table: dict[S, Node[S, M]] | None = {} if share else None
        self._prune_at = PRUNE_MIN

    def leaf_value(self, state: S, player: Player) -> float:
        """A rater's leaf: the game's evaluation of ``state`` from ``player``'s point of
        view, counted in :attr:`TreeStats.evaluations`. Every rater evaluates here."""
        self.stats.evaluations += 1
        evaluate = self.evaluate
        return float(evaluate(state, player))

    def set_root(self, root: Node[S, M]) -> None:
        """The tree's root is now ``root`` (made, or reached by a move played)."""
        self.root_serial = root.serial
        if self._table is not None:
            self._root = root

    def prune(self) -> int:
        """Drop from the sharing table the positions not reachable from the root; how
        many positions it keeps (0 without sharing)."""
        return 0 if self._table is None else len(self._prune())

    def is_root(self, node: Node[S, M]) -> bool:
        """True when ``node`` is the root of its tree."""
        return node.context is self and node.serial == self.root_serial

    def node_for(self, state: S) -> Node[S, M]:
        """The node of ``state``: a new one, or with sharing the one already in the table."""
        table = self._table
        if table is not None:
            node = table.get(state)
            if node is not None:
                return node
            if len(table) >= self._prune_at:
                table = self._prune()
        node = Node(self, state)
        self.stats.nodes_created += 1
        if table is not None:
            table[state] = node
        return node

    def _prune(self) -> dict[S, Node[S, M]]:
        """Keep in the sharing table only the positions reachable from the root."""
        kept: dict[S, Node[S, M]] = {}
        root = self._root
        stack = [] if root is None else [root]
        while stack:
            node = stack.pop()
            state = node.state
            if state in kept:
                continue
            kept[state] = node
            stack.extend(node.forced_children)
        self._table = kept
        self._prune_at = max(PRUNE_MIN, 2 * len(kept))
        return kept

    def __repr__(self) -> str:
        return f"<TreeContext of {self.game.name} {self.stats!r}>"


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
        tree becomes a DAG (a transposition table; positions no longer reachable from
        the root are dropped from it, see :meth:`prune`).

    The tree holds its root and the :class:`TreeContext` its nodes share (``game``,
    ``stats``, ``share`` and ``ply`` are the context's); no node refers to the tree
    itself, so the tree has no reference cycle.
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
        self.context: TreeContext[S, M] = TreeContext(game, share)
        if state is None:
            state = game.initial_state(rng)
        self.root: Node[S, M] = self.context.node_for(state)
        self.context.set_root(self.root)

    @property
    def game(self) -> Game[S, M]:
        return self.context.game

    @property
    def stats(self) -> TreeStats:
        return self.context.stats

    @property
    def share(self) -> bool:
        return self.context.share

    @property
    def ply(self) -> int:
        """Moves played with :meth:`play` since the tree was made (the root's ply)."""
        return self.context.ply

    def node_for(self, state: S) -> Node[S, M]:
        """The node of ``state``: a new one, or with sharing the one already in the table."""
        return self.context.node_for(state)

    def prune(self) -> None:
        """Drop from the sharing table the positions no longer reachable from the root
        through forced edges (after :meth:`play`, the old root's other subtrees).

        The table holds its nodes strongly, so it forgets the unreachable ones itself:
        at every :meth:`play`, when :attr:`shared_positions` is read, and when it has
        doubled since the last time (a walk of the reachable nodes, amortised over the
        insertions). Nodes a caller still holds outside the root's subtree stay alive; a
        search that reaches their position again builds a new node for it.
        """
        self.context.prune()

    def play(self, move: M) -> Node[S, M]:
        """Make ``move`` at the root and keep only the subtree below it.

        The forced part of that subtree (nodes and their stored ratings) is reused; the
        rest of the old tree is no longer referenced and is freed (and leaves the
        sharing table).
        """
        root = self.root.child_for(move)
        self.root = root
        context = self.context
        context.ply += 1
        context.set_root(root)
        context.prune()
        return root

    @property
    def shared_positions(self) -> int:
        """How many positions reachable from the root the sharing table holds (0 without
        sharing)."""
        return self.context.prune()

    def __repr__(self) -> str:
        return f"<Tree of {self.game.name} {self.stats!r}>"

    def _repr_svg_(self) -> str | None:
        """Draw the explored part of the tree in a notebook (needs the export layer)."""
        hook = _svg_hook
        return None if hook is None else hook(self.root)


class TreeStats:
    """Live counters of a tree.

    * ``nodes_created``: nodes built (each forced edge builds at most one; with sharing, a
      position reached again reuses its node and is not counted twice);
    * ``nodes_expanded``: nodes whose move generator was started;
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


class _Failed:
    """Put in place of a move generator that raised: the node's moves are *not* all
    generated, and asking for more says so (each ``next`` raises a RuntimeError caused
    by the first error) instead of pretending there are none."""

    __slots__ = ("error",)

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def __iter__(self) -> _Failed:
        return self

    def __next__(self) -> Any:
        err = RuntimeError("the move generator of this node failed earlier")
        err.__cause__ = self.error
        raise err


PRUNE_MIN = 4096
"""The sharing table is pruned (:meth:`Tree.prune`) when it reaches twice the positions
it kept at the last pruning, and never below this many."""

_svg_hook: Callable[[Node[Any, Any]], str | None] | None = None
"""Set by the export layer when it is imported, so the core never imports it."""
