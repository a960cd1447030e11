"""Lazy game trees: a node's children are memoized thunks over the game's move generator.

* a :class:`Node`'s ``children`` is a lazy, memoized sequence of :class:`Edge` objects:
  iterating replays the edges generated so far, then pulls more moves from the game's
  generator one at a time; ``bool`` pulls at most one move, ``len`` all of them. No move
  is generated twice. The searches loop by index with :func:`next_child` and make no
  edge at all;
* an :class:`Edge` is a view of a node's ``i``-th move: ``edge.child`` builds the child
  the first time it is read, never again (the node keeps it);
* a :class:`Tree` holds the root and the :class:`TreeContext` its nodes share: the
  counters (:class:`TreeStats`) and, with ``share=True``, a transposition table. No node
  refers to the tree or to its parent, so an unshared tree has no reference cycle.

A node's legal moves are, in generation order, the moves generated so far followed by
the moves never generated (a cut-off stopped the generator before them); a generated
edge whose child was forced was searched. How it works: docs/how-it-works.md.

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
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar, overload

from lazytree.counters import StatsSnapshot, TreeStats
from lazytree.game import CHANCE, Game, IllegalMoveError, Player, require_game
from lazytree.rating import Bound, Rating
from lazytree.sources import Failed, Outcomes, Reordered

if TYPE_CHECKING:  # fixed-width integers (docs/benchmarks/compiled-core.md)
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
    "built_child",
    "child_at",
    "edge_at",
    "generate_to",
    "move_at",
    "move_count",
    "moves_in_order",
    "next_child",
    "pull_move",
    "rated_for",
    "reordered",
    "start_moves",
    "stored_at",
    "stored_value",
]

EMPTY: Final[tuple[Any, ...]] = ()
"""The one child sequence every leaf shares."""

EXACT_AT: Final = 1
LOWER_AT: Final = 2
UPPER_AT: Final = 3
TO_THE_END: Final = 3
"""Added to a bound's index when no leaf below the node was cut off by the depth."""

BOUNDS: Final[tuple[Bound | None, ...]] = (None, *(Bound.EXACT, Bound.LOWER, Bound.UPPER) * 2)
"""A node keeps its rating's bound as an index into this tuple: 0 (None) while unrated,
:data:`EXACT_AT`, :data:`LOWER_AT` or :data:`UPPER_AT`, plus :data:`TO_THE_END` when
the search reached the game's end on every line below the node (so a later search
reusing the rating knows its result is the game's)."""

_EXACT: Final = Bound.EXACT
_LOWER: Final = Bound.LOWER
_UPPER: Final = Bound.UPPER


class Node(Generic[S, M]):
    """One position of a lazy tree.

    ``_slots`` is None before the moves were asked for, then the list ``[move 0, child
    0, move 1, child 1, ...]`` (a child is None until forced) that :func:`pull_move`
    extends from ``_source``, the move iterator (None once exhausted; a chance node's
    is an :class:`Outcomes`, which keeps the probabilities). A node without moves
    shares :data:`_NO_SLOTS`. The stored rating is kept in the ``_r*`` fields (no
    :class:`Rating` object per node): :attr:`rating` makes one when read. Only this
    module reads these fields; the searches use its functions (:func:`next_child`,
    :func:`stored_at`, ...).
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
        # the small integers first (packed: docs/benchmarks/compiled-core.md)
        to_move = context.to_move  # (read, then called: see TreeContext)
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


def built_child(node: Node[S, M], index: int) -> Node[S, M] | None:
    """The child of ``node``'s generated move number ``index`` if it was built; never forces."""
    slots = node._slots
    assert slots is not None
    child: Node[S, M] | None = slots[2 * index + 1]
    return child


def stored_at(
    node: Node[Any, Any], depth: int, player: Player, key: Hashable, alpha: float, beta: float
) -> int:
    """The index in :data:`BOUNDS` of the rating stored on ``node`` when it was made
    ``depth`` deep for ``player`` and ``key`` and settles the window ``(alpha, beta)``
    (its value is then :func:`stored_value`); 0 otherwise."""
    at = node._rbound
    if at == 0 or node._rdepth != depth or node._rplayer != player or node._rkey != key:
        return 0
    bound = BOUNDS[at]
    v = node._rvalue
    if bound is _EXACT or (bound is _LOWER and v >= beta) or (bound is _UPPER and v <= alpha):
        return at
    return 0


def stored_value(node: Node[Any, Any]) -> float:
    """The value of the rating stored on ``node`` (0.0 when there is none)."""
    return node._rvalue


def rated_for(node: Node[Any, Any], player: Player) -> bool:
    """True when ``node`` holds a rating made for ``player``."""
    return node._rbound != 0 and node._rplayer == player


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
    """The child of ``node``'s move number ``index`` (at most the number of moves
    generated), built the first time, the move generated first when it is the next one;
    None when the node has no move of that number: the search's step over the children."""
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
    """Make ``moves`` the move source of ``node`` (an :class:`Outcomes` around them at a
    chance node), count the node expanded, and return the source; the node's list of
    moves and children is made with its first move (see :func:`pull_move`)."""
    node.context.stats.nodes_expanded += 1
    source: Iterator[M] = moves
    if node.player == CHANCE:
        source = Outcomes(moves, node.context.game, node.state)
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
            if type(source) is not Outcomes:  # (which keeps the probabilities)
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
    """The move source of ``node`` raised ``error``: remember it (see :class:`Failed`;
    a chance node's :class:`Outcomes` remembers it itself)."""
    if not isinstance(source, (Failed, Outcomes)):
        node._source = Failed(error)


def _exhausted(node: Node[S, M]) -> bool:
    """True when the move source of ``node`` (started) has no more moves."""
    source = node._source
    return source is None or (type(source) is Outcomes and source.moves is None)


def start_moves(
    node: Node[S, M], moves: Iterator[M], again: Callable[[], Iterator[M] | None]
) -> bool:
    """Make ``moves`` (the legal moves, each once, in another order:
    :class:`~lazytree.game.BestFirstGame`) the move generator of ``node`` unless its
    generator was started already; True when this started it. ``again()`` makes the
    same generator afresh (:func:`moves_in_order`)."""
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
    """The move generator of ``node`` (inside a chance node's :class:`Outcomes`)."""
    source = node._source
    return source.moves if type(source) is Outcomes else source


class Children(Sequence["Edge[S, M]"]):
    """The children of a node whose moves are not all generated yet: a short-lived view
    over the node's own moves. Iterating replays the edges generated so far, then pulls
    more; nested iterations each see every edge once, no move is generated twice."""

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
    """A move of a node and the memoized thunk of its child: a view ``(node, index)`` of
    the node's generated move number ``index``; two views of one move are equal."""

    __slots__ = ("_index", "_node")

    def __init__(self, node: Node[S, M], index: int) -> None:
        self._node = node
        self._index = index

    @property
    def index(self) -> int:
        """The move's generation number at its node (from 0)."""
        return self._index

    @property
    def move(self) -> M:
        return move_at(self._node, self._index)

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
        return built_child(self._node, self._index)

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
        assert type(source) is Outcomes
        return source.probs[self._index]


class TreeContext(Generic[S, M]):
    """What every node of a tree refers to (``node.context``): the rules, the counters, the
    sharing table and the ply of the root. It refers to the root only with sharing, so
    an unshared tree has no cycle and is freed by reference counting."""

    def __init__(self, game: Game[S, M], share: bool) -> None:
        self.game = game
        # the rules every forced node calls, bound once; callers read one into a local,
        # then call it (docs/benchmarks/compiled-core.md)
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
        """The game's evaluation of ``state`` from ``player``'s point of view, counted in
        :attr:`TreeStats.evaluations`: every rater evaluates here."""
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
        When true, positions reached by several move orders share one node (a DAG;
        see :meth:`prune`).

    ``game``, ``stats``, ``share`` and ``ply`` are the :class:`TreeContext`'s.
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
        through forced edges; done by itself at every :meth:`play`, when
        :attr:`shared_positions` is read and when the table has doubled."""
        self.context.prune()

    def play(self, move: M) -> Node[S, M]:
        """Make ``move`` at the root and keep only the subtree below it (its forced nodes
        and their ratings); the rest of the old tree is freed."""
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


PRUNE_MIN = 4096
"""The sharing table is pruned when it doubles since the last pruning, never below this."""

_svg_hook: Callable[[Node[Any, Any]], str | None] | None = None
"""Set by the export layer when it is imported, so the core never imports it."""
