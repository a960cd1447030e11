"""Eager game trees, the way *Realm of Racket*'s chapter 10 builds them: the whole tree
(or the whole tree to a depth) first, every node with every child, and only then a rating:
the baseline lazy trees are measured against (``lazytree compare``).

:func:`build_eager` stops with :class:`EagerStopped` when its node budget, its memory
budget (checked against a cheap estimate, :func:`estimate_node_bytes`) or a
:class:`~lazytree.search.Limit` runs out; building and rating use an explicit stack.
Why an estimate, and how close it is: docs/explanation/laziness.md.

Examples
--------
>>> from lazytree.games.tree_game import TreeGame
>>> game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> tree = build_eager(game, game.initial_state())
>>> tree.nodes, tree.leaves, tree.max_depth
(13, 9, 2)
>>> [move for move, _ in tree.root.children]
[0, 1, 2]
>>> r = eager_minimax(tree)
>>> r.value, r.best_moves, r.pv
(3.0, (0,), (0, 0))
>>> try:
...     build_eager(game, game.initial_state(), max_nodes=5)
... except EagerStopped as exc:
...     print(exc.reason, exc.nodes_built, exc.depth_reached)
nodes 5 2
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, Iterator
from typing import Any, Generic, NamedTuple, TypeVar

from lazytree.game import Game, Player
from lazytree.search.budget import Budget, NodeCount
from lazytree.search.common import tied_best
from lazytree.search.limit import Limit, SearchStopped, StopReason
from lazytree.search.result import Built, SearchResult
from lazytree.tree import StatsSnapshot

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = [
    "DEFAULT_MAX_BYTES",
    "DEFAULT_MAX_NODES",
    "EagerNode",
    "EagerStopped",
    "EagerTree",
    "build_eager",
    "eager_minimax",
    "estimate_node_bytes",
    "walk_eager",
]

DEFAULT_MAX_NODES = 1_000_000
"""Default node budget of :func:`build_eager`."""

DEFAULT_MAX_BYTES = 1 << 30
"""Default memory budget of :func:`build_eager` (1 GiB, estimated)."""


class EagerNode(NamedTuple):
    """One position of an eager tree: ``children`` is every ``(move, child)`` pair in move
    order, ``()`` when the game is over, ``None`` at the depth limit (never generated)."""

    state: Any
    player: Player
    children: tuple[tuple[Any, EagerNode], ...] | None


class EagerTree(NamedTuple, Generic[S, M]):
    """A fully built tree and what building it took: ``nodes`` (root included),
    ``leaves``, ``frontier`` (leaves cut off by the depth), the deepest level built
    (``max_depth``), the ``depth`` asked for (``None``: the whole game) and the memory
    estimate (``bytes_estimate``)."""

    game: Game[S, M]
    root: EagerNode
    depth: int | None
    nodes: int
    leaves: int
    frontier: int
    max_depth: int
    bytes_estimate: int


class EagerStopped(SearchStopped):
    """The eager build ran into a budget: ``reason`` (``"nodes"``, ``"memory"``,
    ``"time"``, ``"stop"``), ``estimated`` (a memory stop on the estimate, not the
    process's memory), ``limit`` (nodes or bytes; 0 for time and stop), and how far it
    got: ``nodes_built``, ``depth_reached``, ``depth`` (asked for), ``bytes_estimate``."""

    def __init__(
        self,
        reason: StopReason,
        limit: int,
        nodes_built: int,
        depth_reached: int,
        depth: int | None,
        bytes_estimate: int,
        *,
        estimated: bool = False,
    ) -> None:
        self.limit = limit
        self.estimated = estimated
        self.nodes_built = nodes_built
        self.depth_reached = depth_reached
        self.depth = depth
        self.bytes_estimate = bytes_estimate
        if reason == "nodes":
            budget = f"the node budget of {limit:,} ran out"
        elif reason == "memory" and estimated:
            budget = f"the memory budget of {_mib(limit)} was exceeded (estimated)"
        elif reason == "memory":
            budget = f"the process's memory budget of {_mib(limit)} was reached"
        else:
            budget = "it was asked to stop" if reason == "stop" else "its time ran out"
        target = "building the whole game" if depth is None else f"of {depth}"
        super().__init__(
            reason,
            f"eager build stopped: {budget} ({nodes_built:,} nodes built, "
            f"reached depth {depth_reached} {target})",
        )


def _mib(n: int) -> str:
    return f"{n / (1 << 20):,.1f} MiB"


_NODE_FIXED = sys.getsizeof(EagerNode(None, 0, None)) + sys.getsizeof((None, None)) + 8
"""A node, its (move, child) pair in the parent, and its slot in the parent's tuple."""


def estimate_node_bytes(state: object, move: object = None) -> int:
    """A cheap estimate of the bytes one eager node holds: ``sys.getsizeof`` of the node,
    its pair and slot in the parent, the move, the state and the containers directly in
    the state (shared objects counted for each node).

    >>> estimate_node_bytes((1, 2, 3)) > estimate_node_bytes(())
    True
    """
    size = _NODE_FIXED + sys.getsizeof(state)
    if isinstance(state, tuple | list | frozenset | set):
        for item in state:
            if isinstance(item, tuple | list | frozenset | set | str | bytes | dict):
                size += sys.getsizeof(item)
    if move is not None:
        size += sys.getsizeof(move)
    # the node's own children tuple: one per node (its pointer slots are counted above)
    return size + sys.getsizeof(())


_EXACT_NODES = 256
_SAMPLE_EVERY = 32
"""The memory estimate sizes the first nodes and then one node in 32, and scales up."""


class _Frame(NamedTuple):
    state: Any
    player: Player
    moves: Iterator[Any]
    built: list[tuple[Any, EagerNode]]
    move: Any  # the move that led here from the parent frame


_END: Any = object()


def build_eager(
    game: Game[S, M],
    state: S,
    depth: int | None = None,
    *,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    max_bytes: int | None = DEFAULT_MAX_BYTES,
    progress: Callable[[int], None] | None = None,
    every: int = 50_000,
    limit: Limit | None = None,
) -> EagerTree[S, M]:
    """Build the complete tree of ``game`` below ``state`` to ``depth`` moves (``None``:
    the whole game; nodes at the depth are built, not expanded).

    Raises :class:`EagerStopped` (the partial tree dropped) past ``max_nodes`` nodes,
    past ``max_bytes`` estimated bytes (:func:`estimate_node_bytes` on a sample, scaled;
    ``None``: no budget), or when ``limit``'s process memory, clock or stop event,
    checked every 1,024 nodes, runs out; ``ValueError`` for a negative depth or budget.
    ``progress`` gets the nodes built every ``every`` nodes.
    """
    if depth is not None and depth < 0:
        raise ValueError(f"depth must be >= 0, got {depth}")
    if (max_nodes is not None and max_nodes < 1) or (max_bytes is not None and max_bytes < 1):
        raise ValueError("budgets must be at least 1 (or None for no budget)")
    whole = (limit or Limit()).replace(depth=None, nodes=max_nodes)
    budget = Budget(whole, NodeCount(), memory_every=1)  # the process's memory: every tally
    byte_limit = sys.maxsize if max_bytes is None else max_bytes
    used = estimate_node_bytes(state)
    if used > byte_limit:
        raise EagerStopped("memory", byte_limit, 1, 0, depth, used, estimated=True)
    if depth == 0:
        return EagerTree(game, EagerNode(state, game.to_move(state), None), 0, 1, 1, 1, 0, used)
    memory_limit = 0 if limit is None else limit.memory or 0
    return _build(game, state, depth, budget, byte_limit, memory_limit, used, progress, every)


def _build(
    game: Game[S, M],
    state: S,
    depth: int | None,
    budget: Budget,
    byte_limit: int,
    memory_limit: int,
    used: int,
    progress: Callable[[int], None] | None,
    every: int,
) -> EagerTree[S, M]:
    """The loop of :func:`build_eager`, from the root ``state`` (``used``: its estimated
    bytes) to ``depth`` moves, ``budget`` tallied every 1,024 nodes and the estimate
    checked against ``byte_limit`` at every node (``memory_limit``: the process's
    budget, which a memory stop names)."""
    to_move, legal_moves, result = game.to_move, game.legal_moves, game.result
    node_limit = sys.maxsize if budget.max_nodes is None else budget.max_nodes
    nodes = 1
    leaves = 0
    frontier = 0
    max_depth = 0
    sampled = used  # bytes of the sampled nodes
    samples = 1

    def over(reason: StopReason, limit: int, estimated: bool = False) -> EagerStopped:
        return EagerStopped(reason, limit, nodes, max_depth, depth, used, estimated=estimated)

    stack: list[_Frame] = [_Frame(state, to_move(state), legal_moves(state), [], None)]
    next_report = every
    root: EagerNode | None = None
    while stack:
        frame = stack[-1]
        move = next(frame.moves, _END)
        if move is _END:  # every child built: the node can exist now
            stack.pop()
            built = frame.built
            if not built:
                leaves += 1
            node = EagerNode(frame.state, frame.player, tuple(built))
            if stack:
                stack[-1].built.append((frame.move, node))
            else:
                root = node
            continue
        if nodes >= node_limit:  # one more node is needed, and there is no room for it
            raise over("nodes", node_limit)
        child = result(frame.state, move)
        nodes += 1
        if nodes <= _EXACT_NODES or nodes % _SAMPLE_EVERY == 0:
            sampled += estimate_node_bytes(child, move)
            samples += 1
        used = sampled * nodes // samples
        level = len(stack)
        if level > max_depth:
            max_depth = level
        if used > byte_limit:
            raise over("memory", byte_limit, estimated=True)
        if not nodes & 1023:
            try:
                budget.tally(nodes)
            except SearchStopped as stopped:
                why = stopped.reason
                raise over(why, memory_limit if why == "memory" else 0) from stopped
        if progress is not None and nodes >= next_report:
            progress(nodes)
            next_report += every
        if depth is not None and level == depth:
            leaves += 1
            frontier += 1
            frame.built.append((move, EagerNode(child, to_move(child), None)))
        else:
            stack.append(_Frame(child, to_move(child), legal_moves(child), [], move))
    assert root is not None
    return EagerTree(game, root, depth, nodes, leaves, frontier, max_depth, used)


def walk_eager(root: EagerNode) -> Iterator[tuple[EagerNode, int]]:
    """Every node of an eager tree with its depth, depth-first in move order (iterative).

    Examples
    --------
    >>> leaf = EagerNode("b", 1, ())
    >>> [(n.state, d) for n, d in walk_eager(EagerNode("a", 0, ((0, leaf),)))]
    [('a', 0), ('b', 1)]
    """
    stack = [(root, 0)]
    while stack:
        node, d = stack.pop()
        yield node, d
        if node.children:
            stack.extend((child, d + 1) for _, child in reversed(node.children))


def eager_minimax(tree: EagerTree[S, M], *, player: Player | None = None) -> SearchResult[M]:
    """Rate a built eager tree by plain minimax over all of it, with the rule of
    :func:`~lazytree.search.minimax.minimax` (so the answers are equal), for ``player``
    (by default the player to move at the root). ``stats`` counts the rating only
    (inner nodes as ``nodes_expanded``, leaf ``evaluations``); ``built``, the tree."""
    game = tree.game
    root = tree.root
    rating_player = root.player if player is None else player
    if rating_player < 0:
        raise ValueError("the rating player must be a real player, not a chance node")
    evaluate = game.evaluate
    evaluations = 0
    expanded = 0
    root_values: list[tuple[Any, float]] = []
    root_lines: list[tuple[Any, ...]] = []

    def prob(node: EagerNode, move: Any) -> float:
        return float(game.outcome_probability(node.state, move))  # type: ignore[attr-defined]

    # A frame is [node, iterator over its (move, child) pairs, best, line, seen, move in];
    # leaves are scored in place, so only nodes with children are ever pushed.
    def fold(frame: list[Any], move: Any, value: float, line: tuple[Any, ...]) -> None:
        node = frame[0]
        mover = node.player
        if frame is stack[0]:
            root_values.append((move, value))
            root_lines.append((move, *line))
        if mover < 0:  # chance: expectation, the line follows the first outcome
            frame[2] += prob(node, move) * value
            if not frame[4]:
                frame[3] = (move, *line)
        elif not frame[4] or (value > frame[2] if mover == rating_player else value < frame[2]):
            frame[2], frame[3] = value, (move, *line)
        frame[4] = True

    stack: list[list[Any]] = []
    if root.children:
        expanded += 1
        stack.append([root, iter(root.children), 0.0, (), False, None])
        value = 0.0
    else:
        evaluations += 1
        value = float(evaluate(root.state, rating_player))
    while stack:
        frame = stack[-1]
        pair = next(frame[1], None)
        if pair is None:  # every child rated
            stack.pop()
            value = frame[2]
            if stack:
                fold(stack[-1], frame[5], value, frame[3])
            continue
        move, child = pair
        if child.children:
            expanded += 1
            stack.append([child, iter(child.children), 0.0, (), False, move])
        else:  # the game is over here, or the depth limit: score the position
            evaluations += 1
            fold(frame, move, float(evaluate(child.state, rating_player)), ())

    best_moves: tuple[Any, ...] = ()
    pv: tuple[Any, ...] = ()
    if root.children and root.player >= 0:
        best_moves, pv = tied_best(root_values, root_lines, value)
    return SearchResult(
        value=value,
        player=rating_player,
        best_moves=best_moves,
        pv=pv,
        depth=tree.depth,
        rater="eager",
        stats=StatsSnapshot(0, expanded, 0, evaluations),
        move_values=tuple(root_values),
        built=Built(tree.nodes, tree.bytes_estimate),
    )
