"""Alpha-beta for big trees: stored ratings, move ordering, quiescence, win distance, a clock.

:func:`alphabeta_tt` is :func:`~lazytree.search.alphabeta.alphabeta` with the tools a
search on a large board needs, each switched by a field of :class:`SearchOptions`:

* **stored ratings** (transpositions): every node searched keeps a
  :class:`~lazytree.tree.Rating` with the depth and bound (exact / lower / upper) it is
  valid for. A later visit of the same node (the same position reached by another
  move order in a tree built with ``Tree(share=True)``, the next iteration of
  :func:`iterative_deepening`, the next turn after :meth:`Tree.play`) reuses it when
  the depth, the rating player and the search settings (``Rating.key``) are the same:
  an exact rating is the answer, a lower bound at or above beta or an upper bound at or
  below alpha is a cut-off. Ratings are only ever reused at the depth they were made
  for, so reusing them never changes a result.
* **move ordering**: children already rated are searched best first (the best move of
  the previous iteration first), then the rest in the order of the game's hint
  (:class:`OrderedGame`). Ordering needs all moves of a node, so an ordered node
  generates its whole move list (a lazy cut-off still saves building the children).
* **quiescence**: at the depth limit, moves the game calls noisy (:class:`NoisyGame`)
  are searched up to ``quiescence`` more plies; the player to move may also stop
  ("stand pat") with the static evaluation.
* **win distance**: a terminal position the rating player wins is worth a little more
  the sooner it comes, a lost one a little more the later it comes (see
  :data:`WIN_BONUS`).
* **width**: optionally only the first ``width`` moves in ordered order are searched
  (selective search, for boards where full width cannot reach a useful depth; the
  result then is no longer the minimax value).

The best moves are always reported in *generation order*, whatever order they were
searched in, so the set and its order are those of :func:`~lazytree.search.minimax`
(without ``width``). Below the root, the principal variation follows the first best
move in *search* order, and it stops early where a stored rating answered.

:func:`iterative_deepening` searches depth 1, 2, 3, ... within a :class:`Limit` (depth,
seconds, nodes) and answers with the deepest completed iteration.

Examples
--------
>>> from lazytree.tree import Tree
>>> from lazytree.games.tree_game import TreeGame
>>> tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> r = alphabeta_tt(tree.root, 2)
>>> r.value, r.best_moves
(3.0, (0,))
>>> again = alphabeta_tt(tree.root, 2)           # every root child is rated already
>>> again.value, again.best_moves, again.stats.evaluations
(3.0, (0,), 0)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol, TypeVar, runtime_checkable

from lazytree.game import BoundedGame, Player
from lazytree.search.common import UNLIMITED, check_depth, resolve_player
from lazytree.search.limit import Budget, Limit, SearchStopped
from lazytree.search.result import SearchResult
from lazytree.tree import Bound, Edge, Node, Rating

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = [
    "WIN_BONUS",
    "BoundedGame",
    "Limit",
    "NoisyGame",
    "OrderedGame",
    "SearchOptions",
    "alphabeta_tt",
    "iterative_deepening",
    "play_options",
]

INF = math.inf

WIN_BONUS = 1e-3
"""With win distance on, a terminal position reached ``p`` plies from the start of the
game is worth ``WIN_BONUS / (p + 1)`` more when the rating player wins it (the unique
best ``returns``) and that much less when it loses (someone else scores more). The
bonus shrinks with the ply, so the fastest win and the slowest loss are preferred; it
is counted from the tree's start (``Tree.ply``) rather than from the search root so a
node's value does not depend on where a search started (ratings stay reusable after
:meth:`Tree.play`)."""


# -- what a game may offer the engine ----------------------------------------------------
@runtime_checkable
class OrderedGame(Protocol):
    """A game that can say which moves to search first."""

    def order_moves(self, state: Any, moves: Sequence[Any]) -> Sequence[Any]:
        """``moves`` (all legal moves of ``state``, generation order) reordered, most
        promising for the player to move first; the same moves, each once."""
        ...


@runtime_checkable
class NoisyGame(Protocol):
    """A game whose positions can be unsettled by some moves (captures, ...)."""

    def is_noisy(self, state: Any, move: Any) -> bool:
        """True when ``move`` changes the position so much that a search should not
        stop right before it (quiescence search)."""
        ...


@dataclass(frozen=True, slots=True)
class SearchOptions:
    """Switches of :func:`alphabeta_tt` (the defaults give exactly minimax's answers).

    Attributes
    ----------
    prune:
        Alpha-beta cut-offs; ``False`` gives plain minimax with the same leaf rules
        (quiescence, win distance), as a reference.
    ratings:
        Reuse stored ratings (and store them).
    order:
        Search rated children best first, the rest by the game's hint.
    quiescence:
        Extra plies of noisy moves searched past the depth limit (0: off).
    win_distance:
        Prefer the fastest win and the slowest loss (see :data:`WIN_BONUS`).
    width:
        Search only the first ``width`` moves of every node, in ordered order
        (``None``: all; not exact).
    """

    prune: bool = True
    ratings: bool = True
    order: bool = True
    quiescence: int = 0
    win_distance: bool = False
    width: int | None = None

    def __post_init__(self) -> None:
        if self.quiescence < 0:
            raise ValueError(f"quiescence must be >= 0, got {self.quiescence}")
        if self.width is not None and self.width < 1:
            raise ValueError(f"width must be >= 1, got {self.width}")


class _Search:
    """One search: its settings and the recursive routine (one, for every player)."""

    def __init__(
        self, root: Node[Any, Any], player: Player, opts: SearchOptions, clock: Budget | None
    ) -> None:
        tree = root.tree
        game = tree.game
        self.game = game
        self.stats = tree.stats
        self.player = player
        self.opts = opts
        self.clock = clock
        self.visits = 0
        self.frontier = False  # did the search stop anywhere before the end of the game?
        self.prune = opts.prune
        self.use_ratings = opts.ratings
        self.hint = game if opts.order and isinstance(game, OrderedGame) else None
        self.noisy = game if opts.quiescence and isinstance(game, NoisyGame) else None
        self.q = opts.quiescence if self.noisy is not None else 0
        self.width = opts.width
        self.wd = opts.win_distance
        self.root_ply = tree.ply if root is tree.root else 0
        bounds = game.evaluation_bounds(player) if isinstance(game, BoundedGame) else None
        lo, hi = bounds if bounds is not None else (-INF, INF)
        if self.wd:
            lo, hi = lo - WIN_BONUS, hi + WIN_BONUS
        self.lo, self.hi = lo, hi
        base = (self.q, self.width, self.wd)
        self.base_key: Hashable = None if base == (0, None, False) else base

    # -- helpers ---------------------------------------------------------------------
    def key(self, ply: int) -> Hashable:
        if self.wd:
            return (self.base_key, self.root_ply + ply)
        return self.base_key

    def leaf(self, n: Node[Any, Any], ply: int, terminal: bool | None = None) -> float:
        stats = self.stats
        stats.evaluations += 1
        game = self.game
        value = float(game.evaluate(n.state, self.player))
        if self.wd:
            if terminal is None:
                terminal = game.is_terminal(n.state)
            if terminal:
                scores = game.returns(n.state)
                mine = scores[self.player]
                top = max(scores)
                bonus = WIN_BONUS / (self.root_ply + ply + 1)
                if mine < top:
                    value -= bonus
                elif sum(1 for s in scores if s == top) == 1:
                    value += bonus
        return value

    def edges(self, n: Node[Any, Any], maximizing: bool) -> Iterable[Edge[Any, Any]]:
        """The edges of ``n`` in search order (lazy when nothing asks for an order)."""
        hint = self.hint
        width = self.width
        if hint is None and width is None and not (self.opts.order and n.fully_generated):
            return n.children
        edges = list(n.children)
        if hint is not None and len(edges) > 1:
            by_move = {e.move: e for e in edges}
            edges = [by_move[m] for m in hint.order_moves(n.state, [e.move for e in edges])]
        if self.opts.order and len(edges) > 1:
            player = self.player
            sign = -1.0 if maximizing else 1.0

            def rated_first(e: Edge[Any, Any]) -> tuple[int, float]:
                child = e.peek()
                r = None if child is None else child.rating
                if r is None or r.player != player:
                    return (1, 0.0)
                return (0, sign * r.value)

            edges.sort(key=rated_first)
        if width is not None:
            del edges[width:]
        return edges

    def store(self, n: Node[Any, Any], value: float, dkey: int, ply: int, bound: Bound) -> None:
        n.rating = Rating(value, self.player, dkey, bound, self.key(ply))

    # -- the search --------------------------------------------------------------------
    def search(
        self, n: Node[Any, Any], d: int, r: int, ply: int, alpha: float, beta: float
    ) -> tuple[float, tuple[Any, ...]]:
        """Value of ``n`` searched ``d`` plies deep (then ``r`` quiescence plies),
        fail-soft within ``(alpha, beta)``, and the line that gives it."""
        self.visits += 1
        clock = self.clock
        if clock is not None and not self.visits & 3:
            clock.check()
        dkey = d if d > 0 else r - self.q
        if self.use_ratings:
            rating = n.rating
            if (
                rating is not None
                and rating.depth == dkey
                and rating.player == self.player
                and rating.key == self.key(ply)
            ):
                bound = rating.bound
                v = rating.value
                if (
                    bound is Bound.EXACT
                    or (bound is Bound.LOWER and v >= beta)
                    or (bound is Bound.UPPER and v <= alpha)
                ):
                    self.frontier = True  # unknown: the rated subtree may have been cut off
                    return v, ()
        mover = n.player
        if mover < 0:
            raise ValueError("alpha-beta cannot rate chance nodes; use expectiminimax")
        maximizing = mover == self.player
        a0, b0 = alpha, beta
        line: tuple[Any, ...] = ()
        if d == 0:
            if not self.frontier and not self.game.is_terminal(n.state):
                self.frontier = True
            if r == 0:
                value = self.leaf(n, ply)
                self.store(n, value, dkey, ply, Bound.EXACT)
                return value, ()
            noisy = self.noisy
            assert noisy is not None
            state = n.state
            children = [e for e in n.children if noisy.is_noisy(state, e.move)]
            if self.width is not None:
                del children[self.width :]
            best = self.leaf(n, ply, terminal=not n.children)  # stand pat
            if not children:
                self.store(n, best, dkey, ply, Bound.EXACT)
                return best, ()
            if self.prune:
                if maximizing:
                    alpha = max(alpha, best)
                else:
                    beta = min(beta, best)
        else:
            children = self.edges(n, maximizing)  # type: ignore[assignment]
            best = -INF if maximizing else INF
        prune = self.prune
        seen = False
        for edge in children:
            if prune and alpha >= beta:
                break
            seen = True
            if d > 0:
                value, sub = self.search(edge.child, d - 1, r, ply + 1, alpha, beta)
            else:
                value, sub = self.search(edge.child, 0, r - 1, ply + 1, alpha, beta)
            if maximizing:
                if value > best:
                    best, line = value, (edge.move, *sub)
                    if prune and best > alpha:
                        alpha = best
            elif value < best:
                best, line = value, (edge.move, *sub)
                if prune and best < beta:
                    beta = best
        if d > 0 and not seen:  # no moves: the game is over here
            best = self.leaf(n, ply, terminal=True)
            self.store(n, best, dkey, ply, Bound.EXACT)
            return best, ()
        if prune and self.lo < best < self.hi:
            bound = Bound.UPPER if best <= a0 else Bound.LOWER if best >= b0 else Bound.EXACT
        else:  # without pruning, or at the edge of the value range, the value is exact
            bound = Bound.EXACT
        self.store(n, best, dkey, ply, bound)
        return best, line

    def root(self, node: Node[Any, Any], limit: int) -> SearchResult[Any]:
        before = self.stats.snapshot()
        best_moves: list[Any] = []
        move_values: list[tuple[Any, float]] = []
        pv: tuple[Any, ...] = ()
        if limit == 0 or not node.children:
            value = self.leaf(node, 0, terminal=True if limit else None)
            self.frontier = self.frontier or limit == 0
            self.store(node, value, limit, 0, Bound.EXACT)
        else:
            if node.player < 0:
                raise ValueError("alpha-beta cannot rate chance nodes; use expectiminimax")
            maximizing = node.player == self.player
            value = -INF if maximizing else INF
            lines: dict[Any, tuple[Any, ...]] = {}
            lo, hi = (self.lo, self.hi) if self.prune else (-INF, INF)
            for edge in self.edges(node, maximizing):
                if not best_moves:
                    a, b = lo, hi
                elif maximizing:  # exact when v >= value, an upper bound below value otherwise
                    a, b = math.nextafter(value, -INF), hi
                else:
                    a, b = lo, math.nextafter(value, INF)
                if not self.prune:
                    a, b = -INF, INF
                v, sub = self.search(edge.child, limit - 1, self.q, 1, a, b)
                if not best_moves or (v > value if maximizing else v < value):
                    value, best_moves = v, [edge.move]
                    move_values.append((edge.move, v))
                    lines[edge.move] = (edge.move, *sub)
                elif v == value:
                    best_moves.append(edge.move)
                    move_values.append((edge.move, v))
                    lines[edge.move] = (edge.move, *sub)
            position = {e.move: i for i, e in enumerate(node.generated_edges)}
            best_moves.sort(key=position.__getitem__)
            move_values.sort(key=lambda mv: position[mv[0]])
            pv = lines[best_moves[0]]
            self.store(node, value, limit, 0, Bound.EXACT)
        return SearchResult(
            value=value,
            player=self.player,
            best_moves=tuple(best_moves),
            pv=pv,
            depth=limit if limit < UNLIMITED else None,
            rater="alphabeta-tt",
            stats=self.stats.snapshot() - before,
            move_values=tuple(move_values),
            extra={"visits": self.visits, "complete": not self.frontier},
        )


def alphabeta_tt(
    node: Node[S, M],
    depth: int | None = 4,
    *,
    player: Player | None = None,
    options: SearchOptions | None = None,
) -> SearchResult[M]:
    """Rate ``node`` by alpha-beta with stored ratings and move ordering (see the module).

    Parameters
    ----------
    node:
        The root to rate (its tree may share positions: ``Tree(share=True)``).
    depth:
        Plies to look ahead; ``None`` searches to the end of the game.
    player:
        The rating player; by default the player to move at ``node``.
    options:
        Which tools to use; the default (:class:`SearchOptions` ``()``) prunes, reuses
        ratings and orders moves, and gives exactly minimax's value and best moves.

    Returns
    -------
    SearchResult
        As :func:`~lazytree.search.minimax.minimax`'s; ``extra["complete"]`` is true
        when no leaf was cut off by the depth limit (the value is the game's value).

    Examples
    --------
    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> tree = Tree(TreeGame([[5, 6], [1, 5], [7, 5]]))
    >>> alphabeta_tt(tree.root, 2).best_moves   # all tied best moves, generation order
    (0, 2)
    """
    limit = check_depth(depth)
    rating_player = resolve_player(node, player)
    return _Search(node, rating_player, options or SearchOptions(), None).root(node, limit)


def iterative_deepening(
    node: Node[S, M],
    limit: Limit,
    *,
    player: Player | None = None,
    options: SearchOptions | None = None,
    stop_when_forced: bool = False,
    progress: Callable[[SearchResult[M]], None] | None = None,
) -> SearchResult[M]:
    """Search ``node`` to depth 1, 2, 3, ... until ``limit``; answer with the deepest
    completed iteration (with ``stop_when_forced``, after depth 1 when ``node`` has a
    single move: a player needs no clock to find it).

    Each iteration is :func:`alphabeta_tt`; it finds the previous iterations' nodes
    already built and their ratings stored, so it searches the previous best moves
    first and walks the forced part of the tree without building anything again. The
    limit's clock, node and memory budgets and stop event are checked inside the search
    (every few nodes); an iteration they interrupt is thrown away. There is always an
    answer: if even the first iteration is interrupted, a one-ply search without
    quiescence (and without a clock) gives it. The deepening also stops once an
    iteration saw no depth cut-off (it solved the game from here). ``limit.depth``
    ``None`` deepens until another part of the limit stops it (a limit with no part at
    all is a ``ValueError``). ``progress`` is called with each completed iteration's
    result (from the searching thread).

    Returns
    -------
    SearchResult
        The deepest completed iteration's answer with ``stats`` of all iterations;
        ``depth`` is the depth reached, and ``extra`` holds ``seconds``,
        ``iterations`` (depth, value, nodes created, seconds of each completed one),
        ``interrupted`` (the depth abandoned, or ``None``) and ``stopped`` (why it was
        abandoned: ``"time"``, ``"nodes"``, ``"memory"``, ``"stop"``, or ``None``).

    Examples
    --------
    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> r = iterative_deepening(tree.root, Limit(depth=5))
    >>> r.value, r.depth, [it["depth"] for it in r.extra["iterations"]]
    (3.0, 2, [1, 2])
    """
    if limit.unbounded:
        raise ValueError("iterative deepening needs a limit: a depth, seconds, nodes or a stop")
    if limit.depth == 0:
        raise ValueError("iterative deepening needs a depth limit >= 1, got 0")
    rating_player = resolve_player(node, player)
    opts = options or SearchOptions()
    tree = node.tree
    stats = tree.stats
    before = stats.snapshot()
    max_depth = check_depth(limit.depth)
    budget = limit.budget(tree)
    best: SearchResult[M] | None = None
    iterations: list[dict[str, Any]] = []
    interrupted: int | None = None
    stopped: str | None = None
    depth = 1
    while depth <= max_depth:
        t0 = time.perf_counter()
        n0 = stats.nodes_created
        search = _Search(node, rating_player, opts, budget)
        try:
            result = search.root(node, depth)
        except SearchStopped as why:
            interrupted, stopped = depth, why.reason
            if best is None:  # never without an answer: one quick ply, no clock
                quick = replace(opts, quiescence=0)
                best = _Search(node, rating_player, quick, None).root(node, 1)
                iterations.append({"depth": 1, "value": best.value, "fallback": True})
            break
        best = result
        iterations.append(
            {
                "depth": depth,
                "value": result.value,
                "nodes_created": stats.nodes_created - n0,
                "seconds": round(time.perf_counter() - t0, 6),
            }
        )
        if progress is not None:
            progress(result)
        if result.extra["complete"] or not node.children:
            break
        if stop_when_forced and len(node.generated_edges) == 1 and node.fully_generated:
            break
        over = budget.exceeded()
        if over is not None:
            stopped = over.reason
            break
        depth += 1
    assert best is not None
    extra = dict(best.extra)
    extra.update(
        seconds=budget.elapsed, iterations=iterations, interrupted=interrupted, stopped=stopped
    )
    return replace(best, stats=stats.snapshot() - before, extra=extra, rater="deepening")


def play_options(
    node: Node[Any, Any],
    *,
    quiescence: int | str = "auto",
    width: int | str | None = "auto",
) -> SearchOptions:
    """The settings an AI player uses at ``node``: ratings, ordering, win distance,
    a ``width`` (``"auto"``: 8 moves a node, 6 when ``node`` has more than 100
    moves, so a clock of about a second still reaches 4 plies on boards of hundreds of
    territories; positions with fewer moves are searched in full anyway) and
    ``quiescence`` (``"auto"``: 1 ply when ``node`` has at most 12 moves, else 0,
    since it costs plies of depth on big boards).

    This generates the moves of ``node`` (to count them) when an option is ``"auto"``.

    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> play_options(Tree(TreeGame([[1, 2], [3, 4]])).root)
    SearchOptions(prune=True, ratings=True, order=True, quiescence=1, win_distance=True, width=8)
    """
    moves = len(node.children) if "auto" in (width, quiescence) else 0
    if width == "auto":
        width = 8 if moves <= 100 else 6
    if isinstance(width, str):
        raise ValueError(f"width must be a number, None or 'auto', got {width!r}")
    if quiescence == "auto":
        quiescence = 1 if moves <= 12 else 0
    if isinstance(quiescence, str):
        raise ValueError(f"quiescence must be a number or 'auto', got {quiescence!r}")
    return SearchOptions(quiescence=quiescence, win_distance=True, width=width)
