"""The idea of lazytree on one screen: a lazy game tree and the raters that force it.

A node's children are a lazy, memoized sequence of edges over the game's move generator;
each edge holds a thunk of its child (Realm of Racket's ``delay`` and ``force``). Nothing
below a node exists until a rater forces it, no move is generated twice and no child
built twice, and a rater that stops early (a cut-off) leaves the rest *never generated*.
The fast core (:mod:`lazytree.tree`, :mod:`lazytree.search`) is tested against it.

>>> from lazytree.games.tree_game import TreeGame
>>> root = tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> search(root, 2)
(3.0, (0,))
>>> root.counts  # the second move's 4 and 6 were never generated
Counts(generated=10, forced=10, evaluations=7)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from functools import partial
from math import inf, nextafter
from typing import Generic, TypeVar, cast

from lazytree.game import CHANCE, ChanceGame, Game, Player

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)
T = TypeVar("T")

__all__ = ["Children", "Counts", "Edge", "Node", "Thunk", "alphabeta", "delay", "edges"]
__all__ += ["evaluate", "expectiminimax", "force", "minimax", "search", "tree"]


@dataclass
class Thunk(Generic[T]):
    """A computation kept for later (``compute``), run when forced, then remembered."""

    compute: Callable[[], T] | None  # None once forced
    value: T | None = None


delay = Thunk  # Racket's delay: delay(compute) is a thunk of compute, not run yet


def force(thunk: Thunk[T]) -> T:
    """Racket's ``force``: the value of ``thunk``, computed the first time only."""
    if thunk.compute is not None:
        thunk.value, thunk.compute = thunk.compute(), None
    return cast(T, thunk.value)


@dataclass
class Counts:
    """What the nodes of one tree did so far (the fast core's ``TreeStats``)."""

    generated: int = 0  # moves pulled from the game's generators
    forced: int = 0  # children built (the root is not)
    evaluations: int = 0  # positions rated by the game's evaluation


@dataclass(frozen=True)
class Edge(Generic[S, M]):
    """A move, its probability (1.0 but at a chance node) and the thunk of its child."""

    move: M
    probability: float
    thunk: Thunk[Node[S, M]]


def edges(node: Node[S, M]) -> Iterator[Edge[S, M]]:
    """The edges of ``node``, made one by one from the moves the game generates."""
    chance = cast(ChanceGame[S, M], node.game) if node.player == CHANCE else None
    for move in node.game.legal_moves(node.state):
        node.counts.generated += 1
        p = 1.0 if chance is None else chance.outcome_probability(node.state, move)
        yield Edge(move, p, delay(partial(node.result, move)))


class Children(Generic[S, M]):
    """A node's edges, a lazy memoized sequence over :func:`edges` (as python-chess's
    ``board.legal_moves``): iterating twice never generates twice, stopping early never
    generates the rest, and ``bool`` pulls at most one edge."""

    def __init__(self, node: Node[S, M]) -> None:
        self.more = edges(node)  # the edges not generated yet
        self.generated: list[Edge[S, M]] = []  # the first edges of ``more``, in order

    def pull(self) -> bool:
        """Generate one more edge; False when there is none."""
        edge = next(self.more, None)
        if edge is not None:
            self.generated.append(edge)
        return edge is not None

    def __iter__(self) -> Iterator[Edge[S, M]]:
        i = 0
        while i < len(self.generated) or self.pull():
            yield self.generated[i]
            i += 1

    def __bool__(self) -> bool:
        return bool(self.generated) or self.pull()


class Node(Generic[S, M]):
    """A position: its state, the player to move (or ``CHANCE``) and its lazy children."""

    def __init__(self, game: Game[S, M], state: S, counts: Counts) -> None:
        self.game, self.state, self.counts = game, state, counts  # one Counts per tree
        self.player: Player = game.to_move(state)
        self.children: Children[S, M] = Children(self)

    def result(self, move: M) -> Node[S, M]:
        """The child reached by ``move``: what forcing its edge runs, once."""
        self.counts.forced += 1
        return Node(self.game, self.game.result(self.state, move), self.counts)


def tree(game: Game[S, M], state: S | None = None) -> Node[S, M]:
    """The root of a new lazy tree of ``game`` at ``state`` (by default the start)."""
    return Node(game, game.initial_state() if state is None else state, Counts())


def evaluate(node: Node[S, M], player: Player) -> float:
    """The game's value of ``node`` from ``player``'s point of view, counted."""
    node.counts.evaluations += 1
    return float(node.game.evaluate(node.state, player))


def minimax(node: Node[S, M], depth: int, player: Player) -> float:
    """The value of ``node`` ``depth`` plies deep for ``player``: its children's maximum on
    ``player``'s turns, their minimum on others', their mean at a chance node."""
    if depth == 0 or not node.children:
        return evaluate(node, player)
    values = [minimax(force(edge.thunk), depth - 1, player) for edge in node.children]
    if node.player == CHANCE:
        return sum(e.probability * v for e, v in zip(node.children, values, strict=True))
    return max(values) if node.player == player else min(values)


def alphabeta(node: Node[S, M], depth: int, alpha: float, beta: float, player: Player) -> float:
    """Minimax's value of ``node`` if it lies strictly inside ``(alpha, beta)``, else a
    bound past the window on the same side (fail-soft). A cut-off ends the loop over the
    children, so the moves after it are never generated."""
    if depth == 0 or not node.children:
        return evaluate(node, player)
    if node.player == CHANCE:
        return expectiminimax(node, depth, player)
    maximizing = node.player == player
    value = -inf if maximizing else inf
    for edge in node.children:
        v = alphabeta(force(edge.thunk), depth - 1, alpha, beta, player)
        if maximizing:
            value = max(value, v)
            alpha = max(alpha, value)
        else:
            value = min(value, v)
            beta = min(beta, value)
        if alpha >= beta:
            break  # a cut-off
    return value


def expectiminimax(node: Node[S, M], depth: int, player: Player) -> float:
    """A chance node's value: its outcomes' values by alpha-beta with an open window (the
    fast core's Star1 narrows them), weighted by their probabilities."""
    return sum(
        e.probability * alphabeta(force(e.thunk), depth - 1, -inf, inf, player)
        for e in node.children
    )


def search(
    root: Node[S, M], depth: int, prune: bool = True, player: Player | None = None
) -> tuple[float, tuple[M, ...]]:
    """The value of ``root`` ``depth`` plies deep for ``player`` (by default the one to
    move) by alpha-beta (minimax if not ``prune``), and its tied best moves. The root loop
    is the fast core's, so both force the same: to find every tied best move, each move
    after the first is searched with the window just past the best value so far
    (``nextafter``), where a move as good comes back exact and a worse one fails."""
    me = root.player if player is None else player
    if me == CHANCE:
        raise ValueError("the root is a chance node: say whose point of view (player=)")
    if depth == 0 or not root.children:
        return evaluate(root, me), ()
    if root.player == CHANCE:  # no move to choose
        return (expectiminimax(root, depth, me) if prune else minimax(root, depth, me)), ()
    maximizing = root.player == me
    value, best = -inf, list[M]()
    for edge in root.children:
        alpha = nextafter(value, -inf) if best and maximizing else -inf
        beta = nextafter(value, inf) if best and not maximizing else inf
        child = force(edge.thunk)
        v = alphabeta(child, depth - 1, alpha, beta, me) if prune else minimax(child, depth - 1, me)
        if not best or (v > value if maximizing else v < value):
            value, best = v, [edge.move]
        elif v == value:
            best.append(edge.move)
    return value, tuple(best)
