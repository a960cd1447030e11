"""The idea of lazytree on one screen: a lazy game tree and the raters that force it.

A node's children: a lazy, memoized sequence of edges over the move generator, each a thunk
of its child (Racket's ``delay``, ``force``); the fast core and the trace stand on it.

>>> from lazytree.games.tree_game import TreeGame
>>> root = tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> search(root, 2), root.counts  # the second move's 4 and 6 were never generated
((3.0, (0,)), Counts(generated=10, forced=10, evaluations=7))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import partial
from itertools import chain, islice
from math import inf, nextafter
from typing import Any, Generic, TypeVar, cast

from lazytree.game import CHANCE, ChanceGame, Game, NoisyGame, Player

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)
T = TypeVar("T")


@dataclass
class Thunk(Generic[T]):
    """Racket's ``delay``: a computation kept for later, run when forced, then remembered."""

    compute: Callable[[], T] | None  # None once forced
    value: T | None = None


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
        yield Edge(move, p, Thunk(partial(node.result, move)))


class Children(Generic[S, M]):
    """A node's edges, lazy and memoized: iterating twice never generates twice, stopping
    early never generates the rest (python-chess's ``board.legal_moves``)."""

    def __init__(self, node: Node[S, M]) -> None:
        self.more = edges(node)  # the edges not generated yet
        self.generated: list[Edge[S, M]] = []  # the first edges of ``more``, in order

    def pull(self, i: int) -> bool:
        self.generated.extend(islice(self.more, 1))  # one edge, or none
        return len(self.generated) > i

    def __iter__(self) -> Iterator[Edge[S, M]]:
        i = 0
        while i < len(self.generated) or self.pull(i):
            yield self.generated[i]
            i += 1

    def __bool__(self) -> bool:
        return bool(self.generated) or self.pull(0)


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


@dataclass(frozen=True)
class How:
    """How a search rates: for ``player``, cutting or not, Star1 given ``bounds``, ``quiescence``
    plies past the depth, telling ``step(event, node, alpha, beta, value, (p, value) terms)``."""

    player: Player
    prune: bool = True
    bounds: tuple[float, float] | None = None
    step: Callable[..., None] = lambda *_: None  # enter, leaf, update, cutoff, exit
    quiescence: int = 0


def alphabeta(node: Node[S, M], depth: int, alpha: float, beta: float, how: How) -> float:
    """Minimax's value of ``node`` if strictly inside ``(alpha, beta)``, else a bound past
    the window on that side (fail-soft). A cut-off: the moves after are never generated."""
    edges: Iterable[Edge[S, M]] = node.children
    if (quiet := depth <= 0) and depth > -how.quiescence and node.player != CHANCE:  # quiescence
        edges = [e for e in edges if cast(NoisyGame, node.game).is_noisy(node.state, e.move)]
    stand = [float(node.game.evaluate(node.state, how.player))] if quiet or not edges else []
    node.counts.evaluations += len(stand)  # a leaf's value, or standing pat (quiescence)
    if depth <= -how.quiescence or (quiet and node.player == CHANCE) or not edges:
        how.step("leaf", node, alpha, beta, stand[0], ())
        return stand[0]
    if node.player == CHANCE:
        return expectiminimax(node, depth, alpha, beta, how)
    how.step("enter", node, alpha, beta, None, ())
    value = -inf if (maximizing := node.player == how.player) else inf
    for v in chain(stand, (alphabeta(force(e.thunk), depth - 1, alpha, beta, how) for e in edges)):
        value = max(value, v) if maximizing else min(value, v)
        if how.prune:
            alpha, beta = (max(alpha, value), beta) if maximizing else (alpha, min(beta, value))
        how.step("update", node, alpha, beta, value, ())
        if alpha >= beta:
            how.step("cutoff", node, alpha, beta, value, ())
            break  # a cut-off
    how.step("exit", node, alpha, beta, value, ())
    return value


def expectiminimax(node: Node[S, M], depth: int, alpha: float, beta: float, how: How) -> float:
    """A chance node's value (a ply): its outcomes' weighted by their probabilities; Star1
    with ``how.bounds``: an outcome's window is what can still move the sum, or it cuts."""
    how.step("enter", node, alpha, beta, None, ())
    (lo, hi), total, seen, terms = how.bounds or (-inf, inf), 0.0, 0.0, list[tuple[float, float]]()
    for e in filter(lambda e: e.probability or not how.bounds, node.children):  # p > 0
        p, seen = e.probability, seen + e.probability
        rest = max(0.0, 1.0 - seen)  # the outcomes not seen yet
        a = (alpha - total - rest * hi) / p if how.bounds else -inf
        b = (beta - total - rest * lo) / p if how.bounds else inf
        if cut := a >= hi or b <= lo:  # this outcome and the rest, at their best (worst)
            terms.append((p + rest, hi if a >= hi else lo))
        else:
            v = alphabeta(force(e.thunk), depth - 1, max(lo, a), min(hi, b), how)
            terms.append((p, v))
            if cut := bool(how.bounds) and not a < v < b:  # the rest at their best (worst)
                terms.append((rest, hi if v <= a else lo))
        total = sum(p * v for p, v in terms)
        how.step("cutoff" if cut else "update", node, alpha, beta, total, tuple(terms))
        if cut:
            break
    how.step("exit", node, alpha, beta, total, tuple(terms))
    return total


def search(root: Node[S, M], depth: int, prune: bool = True, player: Player | None = None,
    textbook: bool = False, step: Callable[..., None] = How.step, bounds: Any = None,
    quiescence: int = 0) -> tuple[float, tuple[M, ...]]:  # fmt: skip
    """``root``'s value ``depth`` plies deep for ``player`` (by default the one to move) and
    every tied best move: a move's window starts just past the best so far (``nextafter``),
    as the fast core's; ``textbook``: the lectures' root (the best value, one best move)."""
    how = How(root.player if player is None else player, prune, bounds, step, quiescence)
    if how.player == CHANCE:
        raise ValueError("the root is a chance node: say whose point of view (player=)")
    if depth == 0 or not root.children or root.player == CHANCE:  # no move to choose
        return alphabeta(root, depth, -inf, inf, replace(how, bounds=None, quiescence=0)), ()
    value = -inf if (maximizing := root.player == how.player) else inf
    best, alpha, beta = list[M](), -inf, inf
    step("enter", root, alpha, beta, None, ())
    for edge in root.children:
        v = alphabeta(force(edge.thunk), depth - 1, alpha, beta, how)
        if not best or (v > value if maximizing else v < value):
            value, best = v, [edge.move]
        elif v == value and not textbook:
            best.append(edge.move)
        if prune:  # the next move's window
            past = value if textbook else nextafter(value, -inf if maximizing else inf)
            alpha, beta = (past, inf) if maximizing else (-inf, past)
        step("update", root, alpha, beta, value, ())
    step("exit", root, alpha, beta, value, ())
    return value, tuple(best)
