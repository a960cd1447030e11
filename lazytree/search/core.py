"""The one alpha-beta search every deterministic rater (and expectiminimax) is a setting of.

:func:`run` is the single entry of every search: it turns the depth-or-:class:`Limit`
into a depth and a running :class:`~lazytree.search.budget.Budget` and rates the root
with one :class:`Search`. The raters differ only in their :class:`Settings`:

=================  =====  ==============  ========  ============================
rater              prune  stored ratings  ordering  chance nodes
=================  =====  ==============  ========  ============================
minimax            no     stored          no        mean
alphabeta          yes    stored          no        refused (``ValueError``)
paranoid           yes    stored          no        refused
expectiminimax     yes    stored          no        Star1 with bounds, else mean
alphabeta-tt       yes    reused          yes       Star1 with the game's bounds
=================  =====  ==============  ========  ============================

and the engine adds quiescence, win distance, a width and the game's evaluation bounds
(the parameters of :func:`~lazytree.search.engine.alphabeta_tt`).

A node maximises on the rating player's turns and minimises on everybody else's
(*paranoid* for more than two players); a chance node takes the probability-weighted
mean of its outcomes (:meth:`Search.average`). Values are fail-soft, and each node
searched keeps a rating saying whether its value is exact or a bound. The root
(:meth:`Search.root`) reports *all* tied best moves, each later move searched with the
window just beyond the best so far (or, :attr:`Settings.textbook`, the lectures' one
narrowing window). More: docs/explanation/engine.md.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial
from operator import attrgetter
from typing import Any, Final, TypeVar

from lazytree.game import CHANCE, BestFirstGame, BoundedGame, NoisyGame, OrderedGame, Player
from lazytree.gcpause import search_paused
from lazytree.search.budget import Budget
from lazytree.search.common import INF, UNLIMITED, check_depth, resolve_player
from lazytree.search.limit import Limit
from lazytree.search.result import ChancePruning, SearchResult
from lazytree.tree import (
    BOUNDS,
    EXACT_AT,
    LOWER_AT,
    TO_THE_END,
    UPPER_AT,
    Bound,
    Edge,
    Node,
    TreeContext,
    built_child,
    edge_at,
    generate_to,
    move_at,
    move_count,
    next_child,
    rated_for,
    reordered,
    start_moves,
    stored_at,
    stored_value,
)

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = [
    "HINT_MAX_MOVES",
    "PROBABILITY_TOLERANCE",
    "WIN_BONUS",
    "Search",
    "Settings",
    "as_limit",
    "flat_line",
    "run",
]

WIN_BONUS = 1e-3
"""With win distance on, a terminal position reached ``p`` plies from the tree's start
(``Tree.ply``, so ratings stay reusable after :meth:`Tree.play`) is worth
``WIN_BONUS / (p + 1)`` more when the rating player wins it alone, that much less when
it loses: the fastest win and the slowest loss are preferred."""

HINT_MAX_MOVES = 150
"""With ``hint=None``, a search without a width uses the game's move-ordering hint only
when its root has at most this many moves: past it, ranking every node's moves costs
more than the cut-offs it buys (the figures: docs/benchmarks/engine.md)."""

PROBABILITY_TOLERANCE = 1e-9
"""How far a chance node's outcome probabilities may add up away from 1 (float rounding)."""

CHANCE_REFUSED = "alpha-beta cannot rate chance nodes; use expectiminimax"

_INF: Final = INF  # (a constant of this module: see docs/benchmarks/compiled-core.md)
_NEG_INF: Final = -INF


@dataclass(frozen=True, slots=True)
class Settings:
    """What makes one rater different from another (see the module's table).

    Attributes
    ----------
    rater:
        The name the result carries.
    prune:
        Alpha-beta cut-offs (``False``: every child of every node is searched).
    reuse:
        Answer from a node's stored rating when it was made at the same depth, for the
        same player and settings, and its bound settles the window.
    order:
        Search rated children best first, the rest by the game's hint.
    hint:
        Use that hint: ``True``, ``False``, or ``None`` (with a width, or when the root
        has at most :data:`HINT_MAX_MOVES` moves).
    quiescence:
        Extra plies of noisy moves (:class:`~lazytree.game.NoisyGame`) past the depth.
    win_distance:
        Prefer the fastest win and the slowest loss (:data:`WIN_BONUS`).
    width:
        Search only the first ``width`` moves of a player's node in search order.
    bounded:
        The game's evaluation bounds as the root window and for Star1.
    chance:
        Rate chance nodes by their expectation (``False``: refuse them).
    star1:
        Star1 pruning at chance nodes when evaluation bounds are known.
    textbook:
        Search the root with the lectures' narrowing window (one best move).
    """

    rater: str
    prune: bool = True
    reuse: bool = False
    order: bool = False
    hint: bool | None = None
    quiescence: int = 0
    win_distance: bool = False
    width: int | None = None
    bounded: bool = False
    chance: bool = False
    star1: bool = False
    textbook: bool = False


def as_limit(depth: object) -> Limit:
    """A rater's ``depth`` argument as a :class:`Limit`: a number of plies, ``None``
    (to the end of the game) or a whole limit; ``TypeError`` for anything else.

    >>> as_limit(3)
    Limit(depth=3, seconds=None, nodes=None, memory=None, stop=None, clock='wall')
    >>> as_limit(None).unbounded
    True
    """
    if isinstance(depth, Limit):
        return depth
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int)):
        raise TypeError(f"depth must be an int, None or a Limit, got {depth!r}")
    check_depth(depth)
    return Limit(depth=depth)


def budget_of(limit: Limit, node: Node[Any, Any]) -> Budget | None:
    """A running budget for ``limit``, or ``None`` when only the depth limits it."""
    if limit.replace(depth=None).unbounded:
        return None
    return limit.budget(node.context)


def run(
    node: Node[S, M],
    depth: object,
    player: Player | None,
    settings: Settings,
    *,
    bounds: tuple[float, float] | None = None,
) -> SearchResult[M]:
    """The single entry of every search: rate ``node`` to ``depth`` (plies, ``None``
    for the end of the game, or a :class:`Limit`; checked by :func:`as_limit`) with
    ``settings``.

    A budget of the limit (seconds, nodes, memory, stop) that runs out mid-search
    raises :class:`~lazytree.search.limit.SearchStopped`. ``bounds`` overrides the
    game's evaluation bounds for Star1.
    """
    limit = as_limit(depth)
    plies = check_depth(limit.depth)
    rating_player = resolve_player(node, player)
    search = Search(node, rating_player, settings, budget_of(limit, node), bounds)
    with search_paused():  # fewer scans of the growing tree; the collector as it was after
        return search.root(node, plies)


class Search:
    """One search: its settings and the recursive routine (one, for every player)."""

    def __init__(
        self,
        root: Node[Any, Any],
        player: Player,
        settings: Settings,
        budget: Budget | None = None,
        bounds: tuple[float, float] | None = None,
    ) -> None:
        tree = root.context
        game = tree.game
        self.game = game
        self.context: TreeContext[Any, Any] = tree
        self.stats = tree.stats
        self.player = player
        self.settings = settings
        self.budget = budget
        self.visits = 0
        self.frontier = False  # did the search stop anywhere before the end of the game?
        # the leaves cut off by the depth so far, and the reused ratings of subtrees that
        # had some: a node whose search added none is rated as searched to the end
        # (tree.TO_THE_END), so a later search reusing its rating knows it too
        self.cuts = 0
        self.prune = settings.prune
        self.reuse = settings.reuse
        self.order = settings.order
        ordered = game if settings.order and isinstance(game, OrderedGame) else None
        auto = ordered is not None and settings.hint is None and settings.width is None
        if auto and move_count(root) > HINT_MAX_MOVES:  # too many moves to rank each node
            ordered = None
        self.hint = None if settings.hint is False else ordered
        self.noisy = game if settings.quiescence and isinstance(game, NoisyGame) else None
        self.q = settings.quiescence if self.noisy is not None else 0
        self.width = settings.width
        self.offers_best_first = isinstance(game, BestFirstGame)  # nodes may be best first
        self.best_first = self.best_first_source(game)
        # no hint, width or reordering by stored ratings: every node's moves are searched
        # in generation order (ranked() is None), asked once here, not at every node
        self.lazy_order = self.hint is None and self.width is None and not self.order
        self.wd = settings.win_distance
        self.chance = settings.chance
        self.root_ply = tree.ply if tree.is_root(root) else 0
        wants_bounds = settings.bounded or settings.star1
        if bounds is None and wants_bounds and isinstance(game, BoundedGame):
            bounds = game.evaluation_bounds(player)
        lo, hi = (-INF, INF) if bounds is None else (float(bounds[0]), float(bounds[1]))
        if lo > hi:
            raise ValueError(f"evaluation bounds {bounds} are empty (lower > upper)")
        if self.wd:
            lo, hi = lo - WIN_BONUS, hi + WIN_BONUS
        self.star1 = settings.star1 and bounds is not None
        # a leaf's value is the game's evaluation as it is (no bonus to add, no bounds
        # to check): the search's loop then asks the tree for a game's end, one call less
        self.plain_leaves = not self.wd and not self.star1
        if self.star1 and not (math.isfinite(lo) and math.isfinite(hi)):
            raise ValueError(f"Star1 needs finite evaluation bounds, got {bounds}")
        self.value_lo, self.value_hi = lo, hi  # what every leaf value lies within
        # the window at the root (and the range where a bound may be stored as exact)
        self.lo, self.hi = (lo, hi) if settings.bounded else (-INF, INF)
        base = (self.q, self.width, self.wd)
        self.base_key: Hashable = None if base == (0, None, False) else base

    # -- helpers ---------------------------------------------------------------------
    def key(self, ply: int) -> Hashable:
        if self.wd:
            return (self.base_key, self.root_ply + ply)
        return self.base_key

    def leaf(self, n: Node[Any, Any], ply: int, terminal: bool | None = None) -> float:
        """The tree's leaf value of ``n`` (plus the win-distance bonus), counted."""
        game = self.game
        value = self.context.leaf_value(n.state, self.player)
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
        if self.star1 and not self.value_lo <= value <= self.value_hi:
            raise ValueError(
                f"evaluate returned {value}, outside the bounds [{self.value_lo}, "
                f"{self.value_hi}] that Star1 pruning relies on (check evaluation_bounds "
                "or pass bounds=)"
            )
        return value

    def ranked(self, n: Node[Any, Any], maximizing: bool) -> list[Edge[Any, Any]] | None:
        """The edges of ``n`` in search order (rated children first, then the hint's
        order, the first ``width``), or None for the lazy generation order (no hint,
        width or stored ratings: a cut-off leaves the rest never generated). Ranking
        generates every edge, building no child, unless the game lists its moves best
        first (:meth:`best_of`: only the ``width`` kept are pulled)."""
        hint = self.hint
        width = self.width
        if hint is None and width is None and not (self.order and n.fully_generated):
            return None
        if self.best_first is not None:
            best = self.best_of(n, maximizing)
            if best is not None:
                return best
        edges = list(n.generate_all())
        if hint is not None and len(edges) > 1:  # (C-level maps: a node may have 1,000s)
            moves = list(map(_move_of, edges))
            by_move = dict(zip(moves, edges, strict=True))
            edges = list(map(by_move.__getitem__, hint.order_moves(n.state, moves)))
        if self.order:
            self.rated_to_front(edges, maximizing)
        if width is not None:
            del edges[width:]
        return edges

    def rated_to_front(self, edges: list[Edge[Any, Any]], maximizing: bool) -> None:
        """Move the edges whose children are rated for this player to the front of
        ``edges``, best first (:meth:`rated_first`); the others keep their order."""
        if len(edges) < 2:
            return
        rank = self.rated_first(maximizing)
        rated = [e for e in edges if e.forced and rank(e)[0] == 0]  # only forced are
        if rated:
            rated.sort(key=rank)
            for e in rated:
                edges.remove(e)
            edges[:0] = rated

    # -- the move source of a width search (BestFirstGame) ------------------------------
    def best_first_source(self, game: Any) -> Any:
        """The game, when this search keeps the first ``width`` moves by the game's hint
        and the game lists its moves in that order itself (:class:`BestFirstGame`), else
        None."""
        if self.width is None or self.hint is None or self.hint is not game:
            return None
        return game if self.offers_best_first else None

    def best_of(self, n: Node[Any, Any], maximizing: bool) -> list[Edge[Any, Any]] | None:
        """What :meth:`ranked` returns, pulling only the moves it keeps: a node not
        started yet gets the game's best-first generator
        (:func:`~lazytree.tree.start_moves`). None for a node started in the move-list
        order, or where the game answers None (rank it all)."""
        game = self.best_first
        width = self.width
        assert game is not None and width is not None
        if n.fully_generated:
            return self.best_of_generated(n, maximizing)
        if not n.expanded:
            state = n.state
            moves = game.moves_best_first(state)
            if moves is None:  # no cheaper than ranking the move list here
                return None
            start_moves(n, moves, partial(game.moves_best_first, state))
        elif not reordered(n):
            return None
        edges = list(n.generated_edges)
        pulled = len(edges)
        if self.order:
            self.rated_to_front(edges, maximizing)
        while len(edges) < width:
            edge = edge_at(n, pulled)
            if edge is None:
                break
            edges.append(edge)
            pulled += 1
        del edges[width:]
        return edges

    def best_of_generated(self, n: Node[Any, Any], maximizing: bool) -> list[Edge[Any, Any]] | None:
        """What :meth:`ranked` returns for a node whose moves are all generated (a root
        whose moves were counted), reading the hint's order from a fresh best-first
        generator only as far as it needs: to the last edge rated for this player and
        the first ``width`` others, not every move. None where the game answers None."""
        game = self.best_first
        width = self.width
        assert game is not None and width is not None
        moves = game.moves_best_first(n.state)
        if moves is None:
            return None
        generated = n.generated_moves
        rated: set[int] = set()  # the generation numbers of the children rated for us
        if self.order:
            for k in range(len(generated)):
                child = built_child(n, k)
                if child is not None and rated_for(child, self.player):
                    rated.add(k)
        number = {move: i for i, move in enumerate(generated)}
        front: list[Edge[Any, Any]] = []  # the rated ones, in the hint's order
        rest: list[Edge[Any, Any]] = []  # the first others, in the hint's order
        need = width - len(rated)
        missing = len(rated)
        for move in moves:
            if missing == 0 and len(rest) >= need:
                break
            i = number.get(move)
            if i is None:  # not one of the node's moves: rank them all instead
                return None
            if i in rated:
                front.append(Edge(n, i))
                missing -= 1
            elif len(rest) < need:
                rest.append(Edge(n, i))
        if len(front) > 1:
            front.sort(key=self.rated_first(maximizing))
        front.extend(rest)
        del front[width:]
        return front

    def noisy_edges(self, n: Node[Any, Any], noisy: NoisyGame) -> list[Edge[Any, Any]]:
        """The edges of ``n``'s noisy moves in the game's move-list order, the first
        ``width`` of them (quiescence), generating moves only until it has them. A node
        whose moves may have been generated best first (:meth:`best_of`) finds them
        through the game's move list."""
        state = n.state
        width = self.width
        maybe_best_first = n.fully_generated or reordered(n)
        if n.expanded and maybe_best_first and self.offers_best_first:
            by_move = {e.move: e for e in n.generate_all()}
            found = []
            for move in self.game.legal_moves(state):  # the move-list order
                if noisy.is_noisy(state, move):
                    found.append(by_move[move])
                    if width is not None and len(found) >= width:
                        break
            return found
        found = []
        i = 0
        while width is None or len(found) < width:
            edge = edge_at(n, i)
            if edge is None:
                break
            i += 1
            if noisy.is_noisy(state, edge.move):
                found.append(edge)
        return found

    def rated_first(self, maximizing: bool) -> Callable[[Edge[Any, Any]], tuple[int, float]]:
        """A sort key: edges to children rated for this player first, best first."""
        player = self.player
        sign = -1.0 if maximizing else 1.0

        def key(e: Edge[Any, Any]) -> tuple[int, float]:
            child = e.peek()
            r = None if child is None else child.rating
            if r is None or r.player != player:
                return (1, 0.0)
            return (0, sign * r.value)

        return key

    def store(self, n: Node[Any, Any], value: float, dkey: int, ply: int, bound: Bound) -> None:
        n.rate(value, self.player, dkey, bound, self.key(ply))

    def bound(self, best: float, alpha: float, beta: float) -> Bound:
        """How a fail-soft value searched in ``(alpha, beta)`` relates to the truth."""
        bound = BOUNDS[self.bound_index(best, alpha, beta)]
        assert bound is not None
        return bound

    def bound_index(self, best: float, alpha: float, beta: float) -> int:
        """:meth:`bound` as its index in :data:`~lazytree.tree.BOUNDS` (what a node keeps)."""
        if self.prune and self.lo < best < self.hi:
            return UPPER_AT if best <= alpha else LOWER_AT if best >= beta else EXACT_AT
        return EXACT_AT  # without pruning, or at the edge of the value range

    def reused(self, n: Node[Any, Any], dkey: int, ply: int, alpha: float, beta: float) -> bool:
        """Whether ``n``'s stored rating answers its search ``dkey`` deep within
        ``(alpha, beta)`` (:func:`~lazytree.tree.stored_at`; one whose subtree may have
        been cut off counts a cut)."""
        at = stored_at(n, dkey, self.player, self.key(ply), alpha, beta)
        if at == 0:
            return False
        if at <= TO_THE_END:  # the rated subtree may have been cut off
            self.frontier = True
            self.cuts += 1
        return True

    def stand_pat(
        self, n: Node[Any, Any], dkey: int, ply: int, alpha: float, beta: float, maximizing: bool
    ) -> tuple[list[Edge[Any, Any]] | None, float, float, float]:
        """A quiescence node: its static value (standing pat) and its noisy moves to
        search, with the window narrowed by that value; no moves (``None``) when standing
        pat is the node's value, which is then stored."""
        noisy = self.noisy
        assert noisy is not None
        noisy_moves = self.noisy_edges(n, noisy)
        if self.width is not None:
            del noisy_moves[self.width :]
        best = self.leaf(n, ply, terminal=not n.children)
        if not noisy_moves:
            self.store(n, best, dkey, ply, Bound.EXACT)
            return None, best, alpha, beta
        if self.prune:
            a0, b0 = alpha, beta
            if maximizing:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:  # standing pat is already good enough
                self.store(n, best, dkey, ply, self.bound(best, a0, b0))
                return None, best, alpha, beta
        return noisy_moves, best, alpha, beta

    def game_over(self, n: Node[Any, Any], ply: int) -> float:
        """The value of ``n``, a position without moves, for the rating player."""
        if self.plain_leaves:
            return self.context.leaf_value(n.state, self.player)
        return self.leaf(n, ply, terminal=True)

    # -- the search --------------------------------------------------------------------
    def search(
        self, n: Node[Any, Any], d: int, r: int, ply: int, alpha: float, beta: float
    ) -> tuple[float, tuple[Any, ...]]:
        """Value of ``n`` searched ``d`` plies deep (then ``r`` quiescence plies),
        fail-soft within ``(alpha, beta)``, and the line that gives it (as nested pairs,
        see :func:`flat_line`)."""
        self.visits += 1
        budget = self.budget
        if budget is not None and not self.visits & 3:
            budget.check()
        dkey = d if d > 0 else r - self.q
        if self.reuse and self.reused(n, dkey, ply, alpha, beta):
            return stored_value(n), ()
        cuts = self.cuts  # none more by the end: nothing below this node was cut off
        mover = n.player
        if mover == CHANCE:
            if not self.chance:
                raise ValueError(CHANCE_REFUSED)
            if d > 0:
                return self.average(n, d, r, ply, alpha, beta)
            r = 0  # no quiescence below a chance node: it is a leaf here
        maximizing = mover == self.player
        a0, b0 = alpha, beta
        ranked: list[Edge[Any, Any]] | None  # None: the lazy children in generation order
        if d == 0:
            self.cuts += 1  # (a leaf at depth 0 counts as cut off, even at the game's end)
            if not self.frontier and not self.game.is_terminal(n.state):
                self.frontier = True
            if r == 0:
                value = self.leaf(n, ply)
                n.rate_at(value, self.player, dkey, EXACT_AT, self.key(ply))
                return value, ()
            ranked, best, alpha, beta = self.stand_pat(n, dkey, ply, alpha, beta, maximizing)
            if ranked is None:  # standing pat is the value
                return best, ()
        else:
            ranked = None if self.lazy_order else self.ranked(n, maximizing)
            best = _NEG_INF if maximizing else _INF
        prune = self.prune
        i = 0  # the moves searched so far (the next one's number)
        top = 0  # the best move so far: 1 + its number (0: none yet)
        sub: tuple[Any, ...] = ()  # and the line below it
        while True:  # over the moves: an index loop, no edge, view or generator per node
            if ranked is None:
                child = next_child(n, i)
                if child is None:
                    break
            elif i < len(ranked):
                child = ranked[i].child
            else:
                break
            i += 1
            if d > 0:
                value, below = self.search(child, d - 1, r, ply + 1, alpha, beta)
            else:
                value, below = self.search(child, 0, r - 1, ply + 1, alpha, beta)
            if maximizing:
                if value > best:
                    best, top, sub = value, i, below
                    if prune and best > alpha:
                        alpha = best
                        if alpha >= beta:  # cut: the rest is never even generated
                            break
            elif value < best:
                best, top, sub = value, i, below
                if prune and best < beta:
                    beta = best
                    if alpha >= beta:
                        break
        if i == 0 and d > 0:  # no moves: the game is over here
            best = self.game_over(n, ply)
            at = EXACT_AT + TO_THE_END  # (a game's end: nothing below to cut off)
        else:
            at = self.bound_index(best, a0, b0) if prune else EXACT_AT
            if self.cuts == cuts:  # searched to the end of the game on every line below
                at += TO_THE_END
        n.rate_at(best, self.player, dkey, at, self.key(ply) if self.wd else self.base_key)
        if not top:
            return best, ()
        if ranked is not None:
            return best, (ranked[top - 1].move, sub)
        return best, (move_at(n, top - 1), sub)

    def average(
        self,
        n: Node[Any, Any],
        d: int,
        r: int,
        ply: int,
        alpha: float,
        beta: float,
        record: list[tuple[Any, float]] | None = None,
    ) -> tuple[float, tuple[Any, ...]]:
        """A chance node: the probability-weighted mean of its outcomes' values, the line
        through the first outcome; with Star1, cut off (a bound) as soon as it must.
        ``record`` (a chance root) gets every outcome's exact ``(outcome, value)``;
        otherwise outcomes of probability 0 are skipped."""
        star1 = self.star1 and self.prune and record is None
        lo_v, hi_v = self.value_lo, self.value_hi
        total = 0.0  # sum of p * value over the outcomes searched so far
        seen = 0.0  # their probability
        line: tuple[Any, ...] = ()
        value: float
        any_outcome = False
        for edge in n.children:
            any_outcome = True
            p = check_probability(edge.probability)
            if p == 0.0 and record is None:
                continue
            seen += p
            if star1:
                rest = max(0.0, 1.0 - seen)  # probability still unsearched after this one
                a = (alpha - total - rest * hi_v) / p
                b = (beta - total - rest * lo_v) / p
                if a >= hi_v:  # even the best outcomes cannot lift it above alpha
                    return self._cut(n, d, ply, total + (p + rest) * hi_v, alpha, beta, line)
                if b <= lo_v:  # even the worst outcomes keep it at or above beta
                    return self._cut(n, d, ply, total + (p + rest) * lo_v, alpha, beta, line)
                value, sub = self.search(edge.child, d - 1, r, ply + 1, max(lo_v, a), min(hi_v, b))
                if value <= a:  # fail low: an upper bound <= alpha
                    cut = total + p * value + rest * hi_v
                    return self._cut(n, d, ply, cut, alpha, beta, line or (edge.move, sub))
                if value >= b:  # fail high: a lower bound >= beta
                    cut = total + p * value + rest * lo_v
                    return self._cut(n, d, ply, cut, alpha, beta, line or (edge.move, sub))
            else:
                value, sub = self.search(edge.child, d - 1, r, ply + 1, -INF, INF)
                if record is not None:
                    record.append((edge.move, value))
            total += p * value
            if not line and p > 0:
                line = (edge.move, sub)
        if not any_outcome:  # no outcomes: the game is over here
            best = self.leaf(n, ply, terminal=True)
            self.store(n, best, d, ply, Bound.EXACT)
            return best, ()
        check_total(seen)
        return self._cut(n, d, ply, total, alpha, beta, line)

    def _cut(
        self,
        n: Node[Any, Any],
        d: int,
        ply: int,
        value: float,
        alpha: float,
        beta: float,
        line: tuple[Any, ...],
    ) -> tuple[float, tuple[Any, ...]]:
        self.store(n, value, d, ply, self.bound(value, alpha, beta))
        return value, line

    def root(self, node: Node[Any, Any], limit: int) -> SearchResult[Any]:
        """Rate ``node`` ``limit`` plies deep: every move, all tied best ones (with
        :attr:`Settings.textbook`, the first best one of one narrowing window)."""
        before = self.stats.snapshot()
        best_moves: list[Any] = []
        move_values: list[tuple[Any, float]] = []
        pv: tuple[Any, ...] = ()
        if limit == 0 or not generate_to(node, 0):
            value = self.leaf(node, 0, terminal=True if limit else None)
            self.frontier = self.frontier or limit == 0
            self.store(node, value, limit, 0, Bound.EXACT)
        elif node.player == CHANCE:  # no move to choose: rate every outcome exactly
            if not self.chance:
                raise ValueError(CHANCE_REFUSED)
            value, pv = self.average(node, limit, self.q, 0, -INF, INF, record=move_values)
            pv = flat_line(pv)
        else:
            maximizing = node.player == self.player
            value = -INF if maximizing else INF
            lines: dict[Any, tuple[Any, ...]] = {}
            prune = self.prune
            textbook = self.settings.textbook and prune
            alpha, beta = self.lo, self.hi  # the textbook's root window
            ranked = self.ranked(node, maximizing)
            for edge in node.children if ranked is None else ranked:
                if textbook:
                    a, b = alpha, beta
                elif not prune or not best_moves:
                    a, b = (self.lo, self.hi) if prune else (-INF, INF)
                elif maximizing:  # exact when v >= value, an upper bound below value otherwise
                    a, b = math.nextafter(value, -INF), self.hi
                else:
                    a, b = self.lo, math.nextafter(value, INF)
                v, sub = self.search(edge.child, limit - 1, self.q, 1, a, b)
                if not best_moves or (v > value if maximizing else v < value):
                    value, best_moves = v, [edge.move]
                    move_values.append((edge.move, v))
                    lines[edge.move] = (edge.move, sub)
                elif v == value and not textbook:
                    best_moves.append(edge.move)
                    move_values.append((edge.move, v))
                    lines[edge.move] = (edge.move, sub)
                elif not prune:  # every value is exact without pruning
                    move_values.append((edge.move, v))
                if textbook:
                    if maximizing:
                        alpha = max(alpha, value)
                    else:
                        beta = min(beta, value)
                    if alpha >= beta:
                        break
            if ranked is not None:  # back to generation order
                position = {e.move: e.index for e in ranked}
                best_moves.sort(key=position.__getitem__)
                move_values.sort(key=lambda mv: position[mv[0]])
            pv = flat_line(lines[best_moves[0]])
            self.store(node, value, limit, 0, Bound.EXACT)
        return SearchResult(
            value=value,
            player=self.player,
            best_moves=tuple(best_moves),
            pv=pv,
            depth=limit if limit < UNLIMITED else None,
            rater=self.settings.rater,
            stats=self.stats.snapshot() - before,
            move_values=tuple(move_values),
            complete=not self.frontier,
            visits=self.visits,
            chance=self.chance_pruning(),
        )

    def chance_pruning(self) -> ChancePruning | None:
        """For a rater of chance nodes, how it rated them: Star1 with the evaluation
        bounds it used, or no pruning; ``None`` for a rater that refuses them."""
        if not self.chance:
            return None
        if self.star1:
            return ChancePruning("star1", (self.value_lo, self.value_hi))
        return ChancePruning("none")


_move_of = attrgetter("move")


def flat_line(line: tuple[Any, ...]) -> tuple[Any, ...]:
    """The moves of a line as the search builds it, nested pairs ``(move, rest)`` with
    ``()`` at the end (one pair per node whose best value improves, instead of a copy of
    the whole line), as a flat tuple.

    >>> flat_line((3, (1, (4, ()))))
    (3, 1, 4)
    >>> flat_line(())
    ()
    """
    moves = []
    while line:
        moves.append(line[0])
        line = line[1]
    return tuple(moves)


def check_probability(p: float | None) -> float:
    """``p`` when it is a probability (>= 0); ``ValueError`` otherwise."""
    if p is None or not p >= 0:
        raise ValueError(f"a chance outcome has probability {p!r}")
    return p


def check_total(total: float) -> None:
    """``ValueError`` unless a chance node's probabilities add up to 1."""
    if abs(total - 1.0) > PROBABILITY_TOLERANCE:
        raise ValueError(f"the outcomes of a chance node have probabilities adding to {total}")
