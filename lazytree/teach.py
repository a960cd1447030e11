"""The search as the lectures trace it: the reference search, telling each step.

:func:`traced_search` runs :mod:`lazytree.reference` with a step callback, records each
:class:`Step` into a :class:`Trace` and builds in the lazy tree exactly the nodes it forced.
``textbook=True`` searches the root with the full window, as the lectures' pseudo-code does.

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
from collections.abc import Callable, Generator, Hashable, Iterator
from dataclasses import dataclass, field, replace
from inspect import GEN_CLOSED, GEN_CREATED, getgeneratorstate
from typing import Any, Literal, Protocol, cast, runtime_checkable

from lazytree import reference
from lazytree.game import CHANCE, BoundedGame, NoisyGame, Player
from lazytree.search.budget import Budget
from lazytree.search.limit import Limit
from lazytree.search.raters import Rater, RaterError
from lazytree.search.result import ChancePruning, SearchResult
from lazytree.traverse import explored_edges
from lazytree.tree import Bound, Node

__all__ = [
    "MAX_QUIESCENCE",
    "MAX_STEPS",
    "MOVES",
    "ORDERS",
    "TRACEABLE",
    "HasMax",
    "Reordered",
    "Step",
    "Trace",
    "TracedRater",
    "node_ids",
    "step_records",
    "traced_rater",
    "traced_search",
]

INF = math.inf

Event = Literal["enter", "leaf", "update", "cutoff", "exit"]
Order = Literal["update-first", "test-first"]

TRACEABLE = ("minimax", "alphabeta", "expectiminimax")
"""The raters :func:`traced_search` runs (``alphabeta`` also as ``alphabeta:textbook``)."""

ORDERS: tuple[Order, ...] = ("update-first", "test-first")
"""How a cut-off's window is shown: ``update-first`` raises the bound, then cuts when
``alpha >= beta`` (AIMA 4th edition); ``test-first`` tests the value against the other bound
first (AIMA 3rd edition, CS188). The search forces the same either way."""

MOVES: tuple[str, ...] = ("given", "reversed", "best-first")
"""The orders a traced search may generate each position's moves in (:class:`Reordered`):
the game's own, reversed, or best first by the static evaluation of the position each
move leads to."""

MAX_QUIESCENCE = 10
"""Most plies of quiescence a traced rater's spelling takes (``alphabeta:quiescence=2``)."""

MAX_STEPS = 50_000
"""Most steps a :class:`Trace` keeps unless told otherwise; past it, it stops recording
(``truncated``) and the search goes on."""

Terms = tuple[tuple[float, float], ...]


@runtime_checkable
class HasMax(Protocol):
    """A game that says which player is MAX whoever moves at the root: a traced search then
    rates from MAX's point of view."""

    def max_player(self) -> Player: ...


class Reordered:
    """``game`` with each position's moves generated in another order (one of :data:`MOVES`);
    ``best-first`` ranks them by the static evaluation of the position each leads to,
    evaluations no search counts.

    >>> from lazytree.games.tree_game import TreeGame
    >>> game = TreeGame([[3, 12], [2, 4], 14])
    >>> list(Reordered(game, "reversed").legal_moves(())), Reordered(game, "best-first").order
    ([2, 1, 0], 'best-first')
    >>> list(Reordered(game, "best-first").legal_moves((0,)))  # MIN moves: 3 first
    [0, 1]
    >>> import copy
    >>> list(copy.deepcopy(Reordered(game, "reversed")).legal_moves((1,)))
    [1, 0]
    """

    def __init__(self, game: Any, order: str) -> None:
        if order not in MOVES:
            raise ValueError(f"moves must be one of {', '.join(MOVES)}, not {order!r}")
        self.game, self.order = game, order

    def legal_moves(self, state: Any) -> Iterator[Any]:
        game = self.game
        moves = list(game.legal_moves(state))
        mover = game.to_move(state)
        if self.order == "reversed":
            moves.reverse()
        elif self.order == "best-first" and mover != CHANCE:
            moves.sort(key=lambda move: -game.evaluate(game.result(state, move), mover))
        return iter(moves)

    def __getattr__(self, name: str) -> Any:  # the rest is the game's
        if name == "game":  # not set yet: a copy or an unpickling is making this one
            raise AttributeError(name)
        return getattr(self.game, name)


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a traced search, values from the rating player's point of view.

    ``event``: ``enter`` (with the window ``(alpha, beta)``), ``leaf`` (evaluated: ``value``),
    ``update`` (a child's value backed up: ``node``'s value and window so far), ``cutoff`` (the
    later moves are never generated; at a chance node, a Star1 bound), ``exit`` (``value``,
    fail-soft). ``bound`` says what an ``exit`` or chance ``cutoff`` value is; ``terms`` holds a
    chance node's ``(probability, value)`` pairs (with ``assumed`` the last is the outcomes not
    searched); ``quiescence``: past the depth limit.
    """

    node: Node[Any, Any]
    event: Event
    alpha: float
    beta: float
    value: float | None = None
    terms: Terms = ()
    bound: Bound | None = None
    assumed: bool = False
    quiescence: bool = False


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


@dataclass
class _Open:
    """A node the search entered and has not left."""

    ref: reference.Node[Any, Any]  # the reference's node
    node: Node[Any, Any]  # the lazy tree's node
    entered: tuple[float, float]  # the window it was entered with
    now: tuple[float, float]  # its window after its last update
    before: tuple[float, float]  # its window before its last update
    move: Any = None  # the move to it (None at the root)
    p: float = 1.0  # its probability, at a chance node
    best: float | None = None  # the best value backed up so far (MAX or MIN)
    line: tuple[Any, ...] = ()  # the moves of its best line so far
    cut: bool = False
    moves: list[tuple[Any, float]] = field(default_factory=list)  # the root's exact moves


class _Recorder:
    """The step callback of one traced search: builds in the lazy tree the nodes the
    reference builds, rates them, records the steps, keeps the budget."""

    def __init__(
        self,
        root: Node[Any, Any],
        search: _Settings,
        trace: Trace | None,
        budget: Budget | None,
    ) -> None:
        self.root, self.search, self.trace, self.budget = root, search, trace, budget
        self.open: list[_Open] = []
        self.visits = 0
        self.frontier = False
        self.line: tuple[Any, ...] = ()
        self.moves: tuple[tuple[Any, float], ...] = ()

    def add(self, step: Step) -> None:
        if self.trace is not None:
            self.trace.add(step)

    def bound(self, value: float, window: tuple[float, float]) -> Bound:
        """How a fail-soft value searched in ``window`` relates to the truth."""
        if not self.search.prune or window[0] < value < window[1]:
            return Bound.EXACT
        return Bound.UPPER if value <= window[0] else Bound.LOWER

    def node_of(self, ref: reference.Node[Any, Any]) -> tuple[Node[Any, Any], Any, float]:
        """The lazy tree's node of ``ref`` (built as the reference built it), the move to
        it and its probability (None and 1 at the root and the current node)."""
        if not self.open:
            return self.root, None, 1.0
        top = self.open[-1]
        if top.ref is ref:
            return top.node, None, 1.0
        generated = top.ref.children.generated
        for i in range(len(generated) - 1, -1, -1):
            if generated[i].thunk.value is ref:
                edge = top.node.edge(i)
                assert edge is not None and edge.move == generated[i].move
                return edge.child, edge.move, generated[i].probability
        raise AssertionError("a step at a node neither the current one nor its child")

    @staticmethod
    def sync(ref: reference.Node[Any, Any], node: Node[Any, Any]) -> None:
        """Generate at ``node`` the moves the reference generated at ``ref`` (and find
        there are no more where it found that)."""
        state = getgeneratorstate(cast(Generator[Any, None, None], ref.children.more))
        if state != GEN_CREATED:
            n = len(ref.children.generated)
            node.edge(n if state == GEN_CLOSED else n - 1)

    def __call__(
        self,
        event: str,
        ref: reference.Node[Any, Any],
        alpha: float,
        beta: float,
        value: float | None,
        terms: Terms,
    ) -> None:
        if event in ("enter", "leaf") and self.open:  # (the root is not counted)
            self.visits += 1
            if self.budget is not None and not self.visits & 3:
                self.budget.check()
        node, move, p = self.node_of(ref)
        depth = self.search.depth - len(self.open)  # the node's depth left (but below)
        if event == "enter":
            if node.player == CHANCE and not self.search.chance:
                raise ValueError("alpha-beta cannot rate chance nodes; use expectiminimax")
            if depth <= 0:  # quiescence: the reference evaluated it to stand pat
                self.frontier = True
                node.context.stats.evaluations += 1
            window = (alpha, beta)
            self.open.append(_Open(ref, node, window, window, window, move, p))
            self.add(Step(node, "enter", alpha, beta, quiescence=depth <= 0))
        elif event == "leaf":
            assert value is not None
            self.sync(ref, node)
            if depth <= 0 and not (self.open and node.is_terminal()):
                self.frontier = True  # the depth limit stopped the search here
            node.context.stats.evaluations += 1  # the reference evaluated it
            node.rate(value, self.search.player, depth, Bound.EXACT, None)
            self.add(Step(node, "leaf", alpha, beta, value, quiescence=depth < 0))
            self.left(move, p, value, (alpha, beta), ())
        elif event == "update":
            top = self.open[-1]
            top.before, top.now = top.now, (alpha, beta)
            if depth < 0 and top.best is None:  # standing pat: a child must beat it
                top.best = value
            self.add(Step(node, "update", alpha, beta, value, terms, quiescence=depth < 0))
        elif event == "cutoff":
            assert value is not None
            top = self.open[-1]
            top.cut = True
            if node.player == CHANCE:  # Star1: the last term is the rest, at a bound
                bound = Bound.UPPER if value <= alpha else Bound.LOWER
                self.add(Step(node, "cutoff", alpha, beta, value, terms, bound, True))
                return
            if self.search.order == "test-first":  # the window before its last update
                top.now = top.before
                alpha, beta = top.before
                last = self.trace.steps[-1] if self.trace is not None and self.trace.steps else None
                if last is not None and last.node is node and last.event == "update":
                    self.trace.steps[-1] = replace(last, alpha=alpha, beta=beta)  # type: ignore[union-attr]
            self.add(Step(node, "cutoff", alpha, beta, value, quiescence=depth < 0))
        else:  # exit
            assert value is not None
            top = self.open.pop()
            self.sync(ref, node)
            depth = self.search.depth - len(self.open)
            bound = self.bound(value, top.entered) if self.open else Bound.EXACT
            node.rate(value, self.search.player, depth, bound, None)
            chance_cut = top.cut and node.player == CHANCE
            quiet = depth <= 0
            self.add(Step(node, "exit", *top.now, value, terms, bound, chance_cut, quiet))
            if self.open:
                self.left(top.move, top.p, value, top.entered, top.line)
            else:
                self.line, self.moves = top.line, tuple(top.moves)

    def left(
        self, move: Any, p: float, value: float, window: tuple[float, float], line: tuple[Any, ...]
    ) -> None:
        """A child (``move``) was left with ``value``, searched in ``window``: its parent's
        best line, and at the root the moves rated exactly."""
        if not self.open:  # the root was a leaf
            return
        parent = self.open[-1]
        if parent.node.player == CHANCE:
            if not parent.line and p > 0:
                parent.line = (move, *line)
        elif parent.best is None or (
            value > parent.best if parent.node.player == self.search.player else value < parent.best
        ):
            parent.best, parent.line = value, (move, *line)
        if len(self.open) == 1 and self.bound(value, window) is Bound.EXACT:
            parent.moves.append((move, value))


@dataclass(frozen=True)
class _Settings:
    """What one traced search does."""

    player: Player
    depth: int
    prune: bool
    chance: bool
    order: Order


def traced_search(
    node: Node[Any, Any],
    depth: int | Limit,
    rater: str = "alphabeta",
    *,
    textbook: bool = False,
    star1: bool = True,
    order: Order = "update-first",
    player: Player | None = None,
    trace: Trace | None = None,
    quiescence: int = 0,
) -> SearchResult[Any]:
    """Rate ``node`` ``depth`` plies deep (or a :class:`Limit`) with ``rater`` (one of
    :data:`TRACEABLE`) by the reference search, recording each step into ``trace`` and building
    below ``node`` the nodes it forces.

    ``textbook``: the root searched as the lectures' pseudo-code; ``star1``: chance nodes
    pruned; ``order``: how a cut-off's window is shown (:data:`ORDERS`); ``quiescence``: plies
    of noisy moves past the depth. Values from ``player``'s point of view (default MAX's,
    :class:`HasMax`, else the player to move).
    """
    if rater not in TRACEABLE:
        raise ValueError(f"no traced search for {rater!r} (traced: {', '.join(TRACEABLE)})")
    if textbook and rater == "minimax":
        raise ValueError("textbook is an option of alphabeta and expectiminimax")
    if order not in ORDERS:
        raise ValueError(f"order must be one of {', '.join(ORDERS)}, not {order!r}")
    limit = depth if isinstance(depth, Limit) else Limit(depth=depth)
    if limit.depth is None or isinstance(limit.depth, bool) or limit.depth < 0:
        raise ValueError(f"a traced search needs a depth >= 0, got {limit.depth!r}")
    game = node.context.game
    if quiescence and (rater != "alphabeta" or not isinstance(game, NoisyGame)):
        raise ValueError("quiescence needs alphabeta and a game with noisy moves (NoisyGame)")
    if isinstance(quiescence, bool) or quiescence < 0:
        raise ValueError(f"quiescence must be a number of plies >= 0, got {quiescence!r}")
    me = player
    if me is None:
        me = game.max_player() if isinstance(game, HasMax) else node.player
    if me == CHANCE:
        raise ValueError("the root is a chance node: say whose point of view (player=)")
    bounds = None
    if star1 and rater == "expectiminimax" and isinstance(game, BoundedGame):
        found = game.evaluation_bounds(me)
        if found is not None:
            lo, hi = float(found[0]), float(found[1])
            if lo > hi:
                raise ValueError(f"evaluation bounds {found} are empty (lower > upper)")
            if math.isfinite(lo) and math.isfinite(hi):
                bounds = (lo, hi)
    prune = rater == "alphabeta" or (rater == "expectiminimax" and star1)
    settings = _Settings(me, limit.depth, prune, rater != "alphabeta", order)
    rest = limit.replace(depth=None)
    budget = None if rest.unbounded else rest.budget(node.context)
    recorder = _Recorder(node, settings, trace, budget)
    stats = node.context.stats
    before = stats.snapshot()
    value, best = reference.search(
        reference.tree(game, node.state),
        limit.depth,
        prune=settings.prune,
        player=me,
        textbook=textbook,
        step=recorder,
        bounds=bounds,
        quiescence=quiescence,
    )
    name = f"{rater}:textbook" if textbook else rater
    name += f":quiescence={quiescence}" if quiescence else ""
    chance = None
    if settings.chance:
        chance = ChancePruning("star1", bounds) if bounds else ChancePruning("none")
    return SearchResult(
        value=value,
        player=me,
        best_moves=best,
        pv=recorder.line,
        depth=limit.depth,
        rater=name,
        stats=stats.snapshot() - before,
        move_values=recorder.moves,
        complete=not recorder.frontier,
        visits=recorder.visits,
        chance=chance,
    )


class TracedRater(Rater):
    """A rater (as :func:`~lazytree.search.raters.make_rater` makes) that runs
    :func:`traced_search`; with ``record`` each search's steps go to :attr:`trace`."""

    def __init__(
        self,
        text: str,
        name: str,
        *,
        textbook: bool,
        star1: bool,
        order: Order = "update-first",
        moves: str = "given",
        quiescence: int = 0,
        record: bool = True,
    ) -> None:
        super().__init__(text, self._run)
        self.rater, self.textbook, self.star1, self.order = name, textbook, star1, order
        self.moves, self.quiescence, self.record = moves, quiescence, record
        self.trace: Trace | None = None

    def game_for(self, game: Any) -> Any:
        """The game a tree for this rater is built on: ``game``, its moves reordered
        (:class:`Reordered`) unless they come as given."""
        return game if self.moves == "given" else Reordered(game, self.moves)

    @property
    def untraced(self) -> str:
        """The spelling of the same search for the fast raters (no trace-only option)."""
        return self.rater if self.star1 else f"{self.rater}:star1=false"

    def _run(
        self, node: Node[Any, Any], limit: Limit, *, player: Player | None = None
    ) -> SearchResult[Any]:
        game = node.context.game
        if self.moves != "given" and not (isinstance(game, Reordered) and game.order == self.moves):
            raise ValueError(f"moves={self.moves}: build the tree on TracedRater.game_for(game)")
        self.trace = Trace() if self.record else None
        result = traced_search(
            node,
            limit,
            self.rater,
            textbook=self.textbook,
            star1=self.star1,
            order=self.order,
            player=player,
            trace=self.trace,
            quiescence=self.quiescence,
        )
        if self.moves == "given":
            return result
        return replace(result, rater=f"{result.rater}:moves={self.moves}")


_YES = {"true": True, "yes": True, "1": True, "on": True}
_NO = {"false": False, "no": False, "0": False, "off": False}


def traced_rater(text: str, *, record: bool = True) -> TracedRater | None:
    """The traced rater ``text`` spells (``minimax``, ``alphabeta``, ``expectiminimax``, with
    ``textbook``, ``star1``, ``order``, ``moves`` and ``quiescence``), ``None`` for any other; a
    bad parameter is a :class:`~lazytree.search.raters.RaterError`.

    >>> traced_rater("alphabeta:textbook").textbook, traced_rater("mcts") is None
    (True, True)
    >>> traced_rater("alphabeta:order=test-first").order
    'test-first'
    """
    name, *params = [part.strip() for part in text.split(":")]
    if name not in TRACEABLE:
        return None
    flags = {"textbook": False, "star1": True}
    order: Order = "update-first"
    moves = "given"
    quiescence = 0
    allowed = {
        "minimax": ("moves",),
        "alphabeta": ("textbook", "order", "moves", "quiescence"),
        "expectiminimax": ("textbook", "star1", "order", "moves"),
    }[name]
    for param in params:
        key, _, raw = param.partition("=")
        if key not in allowed:
            known = ", ".join(allowed) or "none"
            raise RaterError(f"{name} has no parameter {key!r} (parameters: {known})")
        if key == "order":
            if raw not in ORDERS:
                raise RaterError(f"{name}: order={raw!r} is not {' or '.join(ORDERS)}")
            order = "test-first" if raw == "test-first" else "update-first"
            continue
        if key == "quiescence":
            if not raw.isdigit() or not 0 <= int(raw) <= MAX_QUIESCENCE:
                raise RaterError(f"{name}: quiescence={raw!r} is not 0 to {MAX_QUIESCENCE} plies")
            quiescence = int(raw)
            continue
        if key == "moves":
            if raw not in MOVES:
                raise RaterError(f"{name}: moves={raw!r} is not {', '.join(MOVES)}")
            moves = raw
            continue
        flag = True if not raw else _YES.get(raw.lower(), _NO.get(raw.lower()))
        if flag is None:
            raise RaterError(f"{name}: {key}={raw!r} is not true or false")
        flags[key] = flag
    return TracedRater(
        text,
        name,
        textbook=flags["textbook"],
        star1=flags["star1"],
        order=order,
        moves=moves,
        quiescence=quiescence,
        record=record,
    )


def node_ids(root: Node[Any, Any]) -> dict[int, str]:
    """The export's node id (``"root/2/1"``, as :func:`~lazytree.export.graph.to_networkx`) of
    each node below ``root``, by ``id(node)``."""
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


DIGITS = 12
"""Significant digits a step's numbers are written with (``step_number``): a window
Star1 computes, such as 2.9999999999999996, is written 3."""


def step_number(value: float | None) -> float | None:
    """A step's number for JSON: ``None`` for none or an infinite one (alpha's -inf,
    beta's +inf), else rounded to :data:`DIGITS` significant digits.

    >>> step_number(2.9999999999999996), step_number(-math.inf), step_number(0.1 + 0.2)
    (3.0, None, 0.3)
    """
    if value is None or not math.isfinite(value):
        return None
    return float(f"{value:.{DIGITS}g}")


def step_records(
    steps: Iterator[Step] | list[Step], name: Callable[[Node[Any, Any]], Hashable]
) -> list[dict[str, Any]]:
    """The steps as JSON-ready records ``{node, event, alpha, beta, value}`` (nodes named by
    ``name``, numbers by :func:`step_number`), with ``bound``, ``terms``, ``assumed`` and
    ``quiescence`` where a step has them."""
    out: list[dict[str, Any]] = []
    for s in steps:
        record: dict[str, Any] = {
            "node": name(s.node),
            "event": s.event,
            "alpha": step_number(s.alpha),
            "beta": step_number(s.beta),
            "value": step_number(s.value),
        }
        if s.bound is not None:
            record["bound"] = s.bound.value
        if s.terms:
            record["terms"] = [[step_number(p), step_number(v)] for p, v in s.terms]
        if s.assumed:
            record["assumed"] = True
        if s.quiescence:
            record["quiescence"] = True
        out.append(record)
    return out
