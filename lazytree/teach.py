"""The search as the lectures trace it: each step recorded, and textbook alpha-beta.

:func:`traced_search` rates a node of a lazy tree exactly as the fast raters
``minimax``, ``alphabeta`` and ``expectiminimax`` do (the same nodes forced in the same
order, the same values and ratings stored; ``tests/test_teach.py`` checks it), written
once in the lectures' shape, and records into a :class:`Trace` each :class:`Step`: a
node entered with its ``(alpha, beta)`` window, a leaf evaluated, the value a child
backs up into its parent (``update``: the parent's value and window after it), a
cut-off, a node left with its value (a chance node's with its weighted sum). The fast
core records nothing: tracing costs nothing when it is off.

With ``textbook=True`` the root is searched like the lectures' pseudo-code: one
alpha-beta call with the full window, so the root's alpha rises with the best value
and later moves are cut as a hand trace cuts them; the answer is one best move. The
default (the fast core's root) searches each later root move with a window just past
the best value so far, so that a move as good comes back exact and *every* tied best
move is reported; it prunes less at the root. The fast rater ``alphabeta:textbook``
(:func:`~lazytree.search.alphabeta.alphabeta` with ``textbook=True``) is the textbook
search without the trace, forcing the same nodes.

>>> from lazytree.tree import Tree
>>> from lazytree.games.tree_game import TreeGame
>>> tree = Tree(TreeGame([[3, 5], [3, 1]]))
>>> trace = Trace()
>>> traced_search(tree.root, 2, "alphabeta", textbook=True, trace=trace).value
3.0
>>> [(s.event, tree.game.label(s.node.state)) for s in trace.steps if s.event != "update"]
... # doctest: +NORMALIZE_WHITESPACE
[('enter', 'root'), ('enter', '0'), ('leaf', '3'), ('leaf', '5'), ('exit', '0'),
 ('enter', '1'), ('leaf', '3'), ('cutoff', '1'), ('exit', '1'), ('exit', 'root')]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

from lazytree.game import CHANCE, BoundedGame, Player
from lazytree.search.limit import Limit
from lazytree.search.raters import Rater, RaterError
from lazytree.search.result import ChancePruning, SearchResult
from lazytree.traverse import explored_edges
from lazytree.tree import Bound, Node

__all__ = [
    "MAX_STEPS",
    "TRACEABLE",
    "Step",
    "Trace",
    "TracedRater",
    "node_ids",
    "step_records",
    "traced_rater",
    "traced_search",
]

INF = math.inf

Line = tuple[Any, ...]
"""A line of moves as the search builds it: nested pairs ``(move, rest)``, ``()`` at the end."""
Valued = tuple[float, Line]

Event = Literal["enter", "leaf", "update", "cutoff", "exit"]

TRACEABLE = ("minimax", "alphabeta", "expectiminimax")
"""The raters :func:`traced_search` runs (``alphabeta`` also as ``alphabeta:textbook``)."""

MAX_STEPS = 50_000
"""Most steps a :class:`Trace` keeps unless told otherwise; past it, it stops recording
(``truncated``) and the search goes on."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a traced search.

    ``event`` is ``enter`` (the search arrives at ``node`` with the window ``(alpha,
    beta)``), ``leaf`` (``node`` is evaluated: ``value``), ``update`` (a child's value
    backed up into ``node``: ``value`` is ``node``'s value so far, ``(alpha, beta)`` its
    window after it; at a chance node, the weighted sum so far), ``cutoff`` (``alpha >=
    beta`` at ``node``: its moves after this one are never generated; at a chance node,
    Star1 found it cannot matter) or ``exit`` (the search leaves ``node`` with
    ``value``, fail-soft: exact inside the window it entered with, a bound outside).
    Values are from the rating player's point of view. ``terms`` holds a chance node's
    ``(probability, value)`` pairs (its weighted sum) on ``update`` and ``exit``.
    """

    node: Node[Any, Any]
    event: Event
    alpha: float
    beta: float
    value: float | None = None
    terms: tuple[tuple[float, float], ...] = ()


class Trace:
    """The steps of one traced search, in order (at most ``max_steps``; past it the
    recording stops and ``truncated`` is set)."""

    def __init__(self, max_steps: int | None = MAX_STEPS) -> None:
        self.steps: list[Step] = []
        self.max_steps = max_steps
        self.truncated = False

    def add(self, step: Step) -> None:
        if self.max_steps is not None and len(self.steps) >= self.max_steps:
            self.truncated = True
        else:
            self.steps.append(step)

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)


class _Search:
    """One traced search (the fast core's :class:`~lazytree.search.core.Search` for the
    settings of minimax, alphabeta and expectiminimax, in the lectures' shape). Its leaves
    are rated by :meth:`~lazytree.tree.TreeContext.leaf_value`, as every rater's are."""

    def __init__(
        self,
        root: Node[Any, Any],
        player: Player,
        *,
        prune: bool,
        chance: bool,
        star1: bool,
        limit: Limit,
        trace: Trace | None,
    ) -> None:
        self.context = root.context
        self.game = root.context.game
        self.player = player
        self.prune = prune
        self.chance = chance
        self.trace = trace
        self.visits = 0
        self.frontier = False
        rest = limit.replace(depth=None)
        self.budget = None if rest.unbounded else rest.budget(root.context)
        lo, hi = -INF, INF
        bounds = None
        if star1 and isinstance(self.game, BoundedGame):
            bounds = self.game.evaluation_bounds(player)
        if bounds is not None:
            lo, hi = float(bounds[0]), float(bounds[1])
            if lo > hi:
                raise ValueError(f"evaluation bounds {bounds} are empty (lower > upper)")
        self.star1 = bounds is not None and math.isfinite(lo) and math.isfinite(hi)
        self.lo, self.hi = lo, hi

    def record(
        self,
        node: Node[Any, Any],
        event: Event,
        alpha: float,
        beta: float,
        value: float | None = None,
        terms: tuple[tuple[float, float], ...] = (),
    ) -> None:
        if self.trace is not None:
            self.trace.add(Step(node, event, alpha, beta, value, terms))

    def bound(self, value: float, alpha: float, beta: float) -> Bound:
        """How a fail-soft value searched in ``(alpha, beta)`` relates to the truth."""
        if not self.prune:
            return Bound.EXACT
        return Bound.UPPER if value <= alpha else Bound.LOWER if value >= beta else Bound.EXACT

    def search(self, n: Node[Any, Any], d: int, alpha: float, beta: float) -> Valued:
        """The lectures' alpha-beta (minimax without pruning): ``n``'s value ``d``
        plies deep, fail-soft within ``(alpha, beta)``, and the line that gives it (nested
        pairs ``(move, rest)``)."""
        self.visits += 1
        if self.budget is not None and not self.visits & 3:
            self.budget.check()
        if n.player == CHANCE:
            if not self.chance:
                raise ValueError("alpha-beta cannot rate chance nodes; use expectiminimax")
            if d > 0:
                return self.average(n, d, alpha, beta)
        if d == 0:
            if not self.frontier and not self.game.is_terminal(n.state):
                self.frontier = True
            value = self.context.leaf_value(n.state, self.player)
            n.rate(value, self.player, 0, Bound.EXACT, None)
            self.record(n, "leaf", alpha, beta, value)
            return value, ()
        self.record(n, "enter", alpha, beta)
        maximizing = n.player == self.player
        a0, b0 = alpha, beta
        best = -INF if maximizing else INF
        line: Line = ()
        searched = 0
        for edge in n.children:
            searched += 1
            v, below = self.search(edge.child, d - 1, alpha, beta)
            if v > best if maximizing else v < best:
                best, line = v, (edge.move, below)
            if self.prune:
                alpha, beta = (max(alpha, best), beta) if maximizing else (alpha, min(beta, best))
            self.record(n, "update", alpha, beta, best)
            if self.prune and alpha >= beta:
                self.record(n, "cutoff", alpha, beta, best)
                break  # the moves after this one are never generated
        if not searched:  # no moves: the game is over here
            best = self.context.leaf_value(n.state, self.player)
            n.rate(best, self.player, d, Bound.EXACT, None)
            self.record(n, "leaf", a0, b0, best)
            return best, ()
        n.rate(best, self.player, d, self.bound(best, a0, b0), None)
        self.record(n, "exit", alpha, beta, best)
        return best, line

    def average(
        self,
        n: Node[Any, Any],
        d: int,
        alpha: float,
        beta: float,
        record: list[tuple[Any, float]] | None = None,
    ) -> Valued:
        """A chance node: its outcomes' values weighted by their probabilities, with
        Star1's windows and cuts when the game bounds its values (the fast core's
        ``Search.average``), and the line through the first outcome."""
        self.record(n, "enter", alpha, beta)
        star1 = self.star1 and self.prune and record is None
        lo, hi = self.lo, self.hi
        total = seen = 0.0
        terms: list[tuple[float, float]] = []
        line: Line = ()
        outcomes = 0
        for edge in n.children:
            outcomes += 1
            p = edge.probability
            if p is None or not p >= 0:
                raise ValueError(f"a chance outcome has probability {p!r}")
            if p == 0.0 and record is None:
                continue
            seen += p
            if star1:
                rest = max(0.0, 1.0 - seen)
                a = (alpha - total - rest * hi) / p
                b = (beta - total - rest * lo) / p
                if a >= hi:  # even the best outcomes cannot lift it above alpha
                    return self.cut(n, d, total + (p + rest) * hi, alpha, beta, terms, line)
                if b <= lo:  # even the worst outcomes keep it at or above beta
                    return self.cut(n, d, total + (p + rest) * lo, alpha, beta, terms, line)
                value, sub = self.search(edge.child, d - 1, max(lo, a), min(hi, b))
                terms.append((p, value))
                if value <= a:
                    cut = total + p * value + rest * hi
                    return self.cut(n, d, cut, alpha, beta, terms, line or (edge.move, sub))
                if value >= b:
                    cut = total + p * value + rest * lo
                    return self.cut(n, d, cut, alpha, beta, terms, line or (edge.move, sub))
            else:
                value, sub = self.search(edge.child, d - 1, -INF, INF)
                terms.append((p, value))
                if record is not None:
                    record.append((edge.move, value))
            total += p * value
            if not line and p > 0:
                line = (edge.move, sub)
            self.record(n, "update", alpha, beta, total, tuple(terms))
        if not outcomes:  # no outcomes: the game is over here
            best = self.context.leaf_value(n.state, self.player)
            n.rate(best, self.player, d, Bound.EXACT, None)
            self.record(n, "leaf", alpha, beta, best)
            return best, ()
        if abs(seen - 1.0) > 1e-9:
            raise ValueError(f"the outcomes of a chance node have probabilities adding to {seen}")
        n.rate(total, self.player, d, self.bound(total, alpha, beta), None)
        self.record(n, "exit", alpha, beta, total, tuple(terms))
        return total, line

    def cut(
        self,
        n: Node[Any, Any],
        d: int,
        value: float,
        alpha: float,
        beta: float,
        terms: list[tuple[float, float]],
        line: Line,
    ) -> Valued:
        """Star1's cut at a chance node: the bound ``value`` it returns."""
        self.record(n, "cutoff", alpha, beta, value, tuple(terms))
        n.rate(value, self.player, d, self.bound(value, alpha, beta), None)
        self.record(n, "exit", alpha, beta, value, tuple(terms))
        return value, line

    def root(
        self, node: Node[Any, Any], depth: int, textbook: bool, rater: str
    ) -> SearchResult[Any]:
        """Rate ``node`` ``depth`` plies deep: every tied best move (the fast core's
        root), or with ``textbook`` the first best move of one full-window search."""
        stats = self.context.stats
        before = stats.snapshot()
        best: list[Any] = []
        move_values: list[tuple[Any, float]] = []
        line: Line = ()
        if depth == 0 or not node.children:
            value = self.context.leaf_value(node.state, self.player)
            self.frontier = self.frontier or depth == 0
            node.rate(value, self.player, depth, Bound.EXACT, None)
            self.record(node, "leaf", -INF, INF, value)
        elif node.player == CHANCE:
            if not self.chance:
                raise ValueError("alpha-beta cannot rate chance nodes; use expectiminimax")
            value, line = self.average(node, depth, -INF, INF, record=move_values)
            node.rate(value, self.player, depth, Bound.EXACT, None)
        else:
            maximizing = node.player == self.player
            value = -INF if maximizing else INF
            alpha, beta = -INF, INF
            self.record(node, "enter", alpha, beta)
            for edge in node.children:
                if textbook or not self.prune or not best:
                    a, b = alpha, beta
                elif maximizing:  # exact when v >= value, an upper bound below value otherwise
                    a, b = math.nextafter(value, -INF), INF
                else:
                    a, b = -INF, math.nextafter(value, INF)
                v, sub = self.search(edge.child, depth - 1, a, b)
                if not best or (v > value if maximizing else v < value):
                    value, best, line = v, [edge.move], (edge.move, sub)
                    move_values.append((edge.move, v))
                elif v == value and not textbook:
                    best.append(edge.move)
                    move_values.append((edge.move, v))
                elif not self.prune:
                    move_values.append((edge.move, v))
                if textbook:
                    if maximizing:
                        alpha = max(alpha, value)
                    else:
                        beta = min(beta, value)
                    self.record(node, "update", alpha, beta, value)
                    if alpha >= beta:
                        self.record(node, "cutoff", alpha, beta, value)
                        break
                elif not self.prune:
                    self.record(node, "update", alpha, beta, value)
                elif maximizing:  # the window the next move is searched with
                    self.record(node, "update", math.nextafter(value, -INF), INF, value)
                else:
                    self.record(node, "update", -INF, math.nextafter(value, INF), value)
            node.rate(value, self.player, depth, Bound.EXACT, None)
            self.record(node, "exit", alpha, beta, value)
        return SearchResult(
            value=value,
            player=self.player,
            best_moves=tuple(best),
            pv=flat(line),
            depth=depth,
            rater=rater,
            stats=stats.snapshot() - before,
            move_values=tuple(move_values),
            complete=not self.frontier,
            visits=self.visits,
            chance=self.chance_pruning() if self.chance else None,
        )

    def chance_pruning(self) -> ChancePruning:
        if self.star1 and self.prune:
            return ChancePruning("star1", (self.lo, self.hi))
        return ChancePruning("none")


def flat(line: Line) -> tuple[Any, ...]:
    """The moves of a line of nested pairs ``(move, rest)``, as a flat tuple.

    >>> flat((3, (1, ())))
    (3, 1)
    """
    moves = []
    while line:
        moves.append(line[0])
        line = line[1]
    return tuple(moves)


def traced_search(
    node: Node[Any, Any],
    depth: int | Limit,
    rater: str = "alphabeta",
    *,
    textbook: bool = False,
    star1: bool = True,
    player: Player | None = None,
    trace: Trace | None = None,
) -> SearchResult[Any]:
    """Rate ``node`` ``depth`` plies deep (a number, or a :class:`Limit` with a depth and
    any budget) with ``rater`` (one of :data:`TRACEABLE`), recording each step into
    ``trace`` when one is given.

    Without ``textbook`` it forces, evaluates and stores exactly what the fast rater of
    that name does. ``textbook`` (``alphabeta`` only) searches the root with the full
    window, as the lectures' pseudo-code: one best move, the textbook's cuts. ``star1``
    (``expectiminimax``) prunes chance nodes when the game bounds its values. Values
    are from ``player``'s point of view (by default the player to move).
    """
    if rater not in TRACEABLE:
        raise ValueError(f"no traced search for {rater!r} (traced: {', '.join(TRACEABLE)})")
    if textbook and rater != "alphabeta":
        raise ValueError("textbook is an option of alphabeta")
    limit = depth if isinstance(depth, Limit) else Limit(depth=depth)
    if limit.depth is None or isinstance(limit.depth, bool) or limit.depth < 0:
        raise ValueError(f"a traced search needs a depth >= 0, got {limit.depth!r}")
    me = node.player if player is None else player
    if me == CHANCE:
        raise ValueError("the root is a chance node: say whose point of view (player=)")
    search = _Search(
        node,
        me,
        prune=rater != "minimax",
        chance=rater != "alphabeta",
        star1=star1 and rater == "expectiminimax",
        limit=limit,
        trace=trace,
    )
    name = "alphabeta:textbook" if textbook else rater
    return search.root(node, limit.depth, textbook, name)


class TracedRater(Rater):
    """A rater (as :func:`~lazytree.search.raters.make_rater` makes) that runs
    :func:`traced_search`; with ``record`` each search's steps go to :attr:`trace`."""

    def __init__(
        self, text: str, name: str, *, textbook: bool, star1: bool, record: bool = True
    ) -> None:
        super().__init__(text, self._run)
        self.rater, self.textbook, self.star1 = name, textbook, star1
        self.record = record
        self.trace: Trace | None = None

    def _run(
        self, node: Node[Any, Any], limit: Limit, *, player: Player | None = None
    ) -> SearchResult[Any]:
        self.trace = Trace() if self.record else None
        return traced_search(
            node,
            limit,
            self.rater,
            textbook=self.textbook,
            star1=self.star1,
            player=player,
            trace=self.trace,
        )


_YES = {"true": True, "yes": True, "1": True, "on": True}
_NO = {"false": False, "no": False, "0": False, "off": False}


def traced_rater(text: str, *, record: bool = True) -> TracedRater | None:
    """The traced rater ``text`` spells: ``minimax``, ``alphabeta``,
    ``alphabeta:textbook`` (or ``textbook=true``), ``expectiminimax`` (``:star1=false``);
    ``None`` for any other rater. A bad parameter of these is a one-line
    :class:`~lazytree.search.raters.RaterError`.

    >>> traced_rater("alphabeta:textbook").textbook, traced_rater("mcts") is None
    (True, True)
    """
    name, *params = [part.strip() for part in text.split(":")]
    if name not in TRACEABLE:
        return None
    options = {"textbook": False, "star1": True}
    allowed = {"alphabeta": ("textbook",), "expectiminimax": ("star1",)}.get(name, ())
    for param in params:
        key, _, raw = param.partition("=")
        if key not in allowed:
            known = ", ".join(allowed) or "none"
            raise RaterError(f"{name} has no parameter {key!r} (parameters: {known})")
        if not raw:
            flag: bool | None = True
        else:
            flag = _YES.get(raw.lower(), _NO.get(raw.lower()))
        if flag is None:
            raise RaterError(f"{name}: {key}={raw!r} is not true or false")
        options[key] = flag
    return TracedRater(
        text, name, textbook=options["textbook"], star1=options["star1"], record=record
    )


def node_ids(root: Node[Any, Any]) -> dict[int, str]:
    """The export's node id (``"root"``, ``"root/2/1"``; see
    :func:`~lazytree.export.graph.to_networkx`) of each node that exists below ``root``,
    by ``id(node)``."""
    game = root.context.game
    ids = {id(root): "root"}
    used = {"root"}
    for parent, edge, child, _, first in explored_edges(root):
        if not first:
            continue
        wanted = f"{ids[id(parent)]}/{game.move_to_str(parent.state, edge.move)}"
        name, k = wanted, 2
        while name in used:
            name, k = f"{wanted}#{k}", k + 1
        used.add(name)
        ids[id(child)] = name
    return ids


def _number(value: float | None) -> float | None:
    """A value for JSON: ``None`` for an infinite one (alpha's -inf, beta's +inf)."""
    return None if value is None or not math.isfinite(value) else value


def step_records(
    steps: Iterator[Step] | list[Step], name: Callable[[Node[Any, Any]], Hashable]
) -> list[dict[str, Any]]:
    """The steps as JSON-ready records ``{node, event, alpha, beta, value}`` (and
    ``terms`` at a chance node), each node named by ``name``; an infinite bound is
    ``None`` (alpha's -inf, beta's +inf)."""
    out: list[dict[str, Any]] = []
    for s in steps:
        record: dict[str, Any] = {
            "node": name(s.node),
            "event": s.event,
            "alpha": _number(s.alpha),
            "beta": _number(s.beta),
            "value": _number(s.value),
        }
        if s.terms:
            record["terms"] = [[p, _number(v)] for p, v in s.terms]
        out.append(record)
    return out
