"""Eager against lazy, measured side by side on the same positions.

:func:`compare_position` rates a position eagerly (:func:`~lazytree.eager.build_eager` then
:func:`~lazytree.eager.eager_minimax`) and lazily with each rater asked for (``+share``: on a shared
tree), each under the same node budget, records nodes, evaluations, time and peak memory per method,
and checks that they agree. It never imports a game.

Examples
--------
>>> from lazytree.games.tree_game import TreeGame
>>> game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> case = compare_position(game, game.initial_state(), 2, memory=False)
>>> for r in case.runs:
...     print(r.method, r.nodes_built, r.value)
eager 13 3.0
minimax 13 3.0
alphabeta 11 3.0
alphabeta+share 11 3.0
alphabeta-tt+share 11 3.0
>>> case.agree, case.ratio("alphabeta", "nodes_built")
(True, Ratio(value=1.1818181818181819, bound='exact'))
"""

from __future__ import annotations

import gc
import time
import tracemalloc
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, NamedTuple, TypeVar

from lazytree.eager import (
    DEFAULT_MAX_BYTES,
    DEFAULT_MAX_NODES,
    EagerStopped,
    build_eager,
    eager_minimax,
)
from lazytree.game import Game
from lazytree.search import Limit, SearchStopped, get_rater, search
from lazytree.traverse import explored
from lazytree.tree import Tree

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = [
    "DEFAULT_METHODS",
    "EAGER",
    "METRICS",
    "Case",
    "Method",
    "Ratio",
    "Run",
    "Step",
    "compare_position",
    "parse_methods",
    "variants",
]

EAGER = "eager"
"""The name of the eager method (build everything, then minimax)."""

DEFAULT_METHODS = ("minimax", "alphabeta", "alphabeta+share", "alphabeta-tt+share")
"""The lazy methods compared with eager by default."""

METRICS = ("nodes_built", "seconds", "peak_bytes")
"""The figures :meth:`Case.ratio` compares (eager's figure over the method's)."""


@dataclass(frozen=True)
class Method:
    """A lazy method: a rater name, on a plain or a sharing tree."""

    rater: str
    share: bool = False

    @property
    def name(self) -> str:
        return self.rater + ("+share" if self.share else "")


def parse_methods(names: str | Iterable[str | Method]) -> tuple[Method, ...]:
    """Lazy methods from names like ``"minimax,alphabeta,alphabeta+share"`` (or a list of names
    and :class:`Method` objects); ``ValueError`` for an unknown rater, a repeated method or an
    empty list.

    >>> [m.name for m in parse_methods("alphabeta, alphabeta+share")]
    ['alphabeta', 'alphabeta+share']
    >>> parse_methods("minimax,quick")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lazytree.search.raters.RaterError: unknown rater 'quick' (known: minimax, alphabeta, ...)
    """
    items = names.split(",") if isinstance(names, str) else list(names)
    methods: list[Method] = []
    for item in items:
        if isinstance(item, Method):
            item = item.name
        text = item.strip()
        if not text:
            continue
        rater, plus, suffix = text.partition("+")
        if plus and suffix != "share":
            raise ValueError(f"{text!r}: the only suffix is '+share'")
        get_rater(rater)  # raises ValueError naming the known raters
        method = Method(rater, share=bool(plus))
        if method in methods:
            raise ValueError(f"method {method.name!r} is listed twice")
        methods.append(method)
    if not methods:
        raise ValueError("no method to compare")
    return tuple(methods)


def variants(
    options: Mapping[str, Any],
    sizes: Sequence[int] | None = None,
    seeds: int = 1,
    *,
    first_seed: int | None = None,
) -> Iterator[dict[str, Any]]:
    """The game options of every case: ``options`` with each of ``sizes`` and ``seeds`` seeds
    from ``first_seed``; ``ValueError`` when the game has no such option.

    >>> list(variants({"size": 3, "seed": None}, [2, 3], seeds=2))  # doctest: +NORMALIZE_WHITESPACE
    [{'size': 2, 'seed': 0}, {'size': 2, 'seed': 1}, {'size': 3, 'seed': 0},
     {'size': 3, 'seed': 1}]
    """
    if sizes is not None and "size" not in options:
        raise ValueError("this game has no size option, so --sizes does not apply")
    if seeds < 1:
        raise ValueError(f"seeds must be at least 1, got {seeds}")
    has_seed = "seed" in options
    if seeds > 1 and not has_seed:
        raise ValueError("this game has no seed option, so --seeds must be 1")
    start = first_seed if first_seed is not None else (options.get("seed") or 0)
    for size in sizes if sizes is not None else [None]:
        for k in range(seeds):
            case = dict(options)
            if size is not None:
                case["size"] = size
            if has_seed:
                case["seed"] = start + k
            yield case


@dataclass(frozen=True)
class Run:
    """What one method did on one position: ``complete`` false when a budget stopped it
    (``value`` and ``best_moves`` ``None``, ``stopped`` why), ``nodes_needed`` the nodes the
    rater rated, ``peak_bytes`` the tracemalloc peak (``None``: not measured), ``all_best``
    false for a method that reports one tied best move."""

    method: str
    complete: bool
    value: float | None
    best_moves: tuple[Any, ...] | None
    best_move_names: tuple[str, ...] | None
    nodes_built: int
    nodes_needed: int | None
    evaluations: int | None
    seconds: float
    peak_bytes: int | None = None
    depth_reached: int | None = None
    stopped: str | None = None
    all_best: bool = True

    @classmethod
    def cut_short(
        cls, method: str, nodes: int, evaluations: int | None, seconds: float, why: str, **more: Any
    ) -> Run:
        """The run of ``method`` that a budget stopped (``why``) after ``nodes`` nodes."""
        return cls(
            method, False, None, None, None, nodes, None, evaluations, seconds, stopped=why, **more
        )

    def as_dict(self) -> dict[str, Any]:
        """The JSON form (moves in the game's notation)."""
        return {
            "method": self.method,
            "complete": self.complete,
            "value": self.value,
            "best_moves": None if self.best_move_names is None else list(self.best_move_names),
            "nodes_built": self.nodes_built,
            "nodes_needed": self.nodes_needed,
            "evaluations": self.evaluations,
            "seconds": round(self.seconds, 6),
            "peak_bytes": self.peak_bytes,
            "depth_reached": self.depth_reached,
            "stopped": self.stopped,
        }


class Ratio(NamedTuple):
    """Eager's figure divided by a method's; ``bound`` is ``"exact"``, ``"lower"`` (eager was
    stopped) or ``"upper"`` (the lazy method was)."""

    value: float
    bound: str

    def __str__(self) -> str:
        mark = {"exact": "", "lower": ">=", "upper": "<="}[self.bound]
        return f"{mark}{self.value:,.3g}x"


@dataclass(frozen=True)
class Case:
    """Every method on one position; ``agree``: whether every complete method found the value
    and best moves of ``checked_against`` (``mismatches`` says which differ; ``None`` with fewer
    than two complete)."""

    game: str
    options: dict[str, Any]
    depth: int | None
    runs: tuple[Run, ...]
    agree: bool | None
    checked_against: str | None
    mismatches: tuple[str, ...] = field(default=())

    def run(self, method: str) -> Run:
        """The run of ``method`` (``KeyError`` if it was not compared)."""
        for r in self.runs:
            if r.method == method:
                return r
        raise KeyError(method)

    def ratio(self, method: str, metric: str) -> Ratio | None:
        """Eager's ``metric`` over ``method``'s (one of :data:`METRICS`), or ``None``
        when a figure is missing or zero."""
        if metric not in METRICS:
            raise ValueError(f"unknown metric {metric!r} (known: {', '.join(METRICS)})")
        eager, other = self.run(EAGER), self.run(method)
        a, b = getattr(eager, metric), getattr(other, metric)
        if a is None or b is None or b == 0 or (not eager.complete and not other.complete):
            return None
        bound = "lower" if not eager.complete else "upper" if not other.complete else "exact"
        return Ratio(a / b, bound)

    def verdict(self, method: str) -> str:
        """``"ref"`` for the answer the others were checked against, ``"yes"`` when
        ``method`` agrees with it, ``"NO"`` when it does not, ``"-"`` when unchecked."""
        run = self.run(method)
        if self.checked_against is None or not run.complete:
            return "-"
        if method == self.checked_against:
            return "ref"
        return "NO" if any(m.startswith(method + " ") for m in self.mismatches) else "yes"

    def as_dict(self) -> dict[str, Any]:
        """The JSON form: options, depth, agreement, and each run with its ratios."""
        methods = []
        for r in self.runs:
            entry = r.as_dict()
            ratios: dict[str, Any] = {}
            for metric in METRICS:
                q = self.ratio(r.method, metric)
                ratios[metric] = None if q is None else {"value": q.value, "bound": q.bound}
            entry["eager_over_this"] = ratios
            methods.append(entry)
        return {
            "game": self.game,
            "options": self.options,
            "depth": self.depth,
            "agree": self.agree,
            "checked_against": self.checked_against,
            "mismatches": list(self.mismatches),
            "methods": methods,
        }


class Step(NamedTuple):
    """Where :func:`compare_position` is: ``method``, ``phase`` (``"timing"``, ``"memory"`` or
    ``"done"``), the nodes built so far and, when done, the :class:`Run`."""

    method: str
    phase: str
    nodes: int = 0
    run: Run | None = None


def _names(game: Game[Any, Any], state: Any, moves: tuple[Any, ...]) -> tuple[str, ...]:
    return tuple(game.move_to_str(state, m) for m in moves)


def _run_eager(
    game: Game[Any, Any],
    state: Any,
    depth: int | None,
    max_nodes: int | None,
    max_bytes: int | None,
    on_nodes: Callable[[int], None] | None = None,
    *,
    limit: Limit | None = None,
) -> Run:
    start = time.perf_counter()
    try:
        tree = build_eager(
            game,
            state,
            depth,
            max_nodes=max_nodes,
            max_bytes=max_bytes,
            progress=on_nodes,
            limit=limit,
        )
        result = eager_minimax(tree)
    except EagerStopped as exc:
        seconds = time.perf_counter() - start
        reached = exc.depth_reached
        return Run.cut_short(EAGER, exc.nodes_built, None, seconds, str(exc), depth_reached=reached)
    seconds = time.perf_counter() - start
    s = result.stats
    return Run(
        EAGER,
        True,
        result.value,
        result.best_moves,
        _names(game, state, result.best_moves),
        tree.nodes,
        s.nodes_expanded + s.evaluations,
        s.evaluations,
        seconds,
        depth_reached=tree.max_depth,
    )


def _run_lazy(
    game: Game[Any, Any],
    state: Any,
    depth: int | None,
    method: Method,
    max_nodes: int | None,
    on_nodes: Callable[[int], None] | None = None,
    *,
    limit: Limit | None = None,
) -> Run:
    whole = (limit or Limit()).replace(depth=depth, nodes=max_nodes, progress=on_nodes)
    start = time.perf_counter()
    tree: Tree[Any, Any] = Tree(game, state, share=method.share)
    rater = get_rater(method.rater)
    try:
        result = search(tree.root, whole, rater)
    except SearchStopped as exc:
        seconds, stats = time.perf_counter() - start, tree.stats
        why = f"lazy search stopped: {exc}"
        return Run.cut_short(method.name, stats.nodes_created, stats.evaluations, seconds, why)
    seconds = time.perf_counter() - start
    needed = deepest = 0
    for node, d in explored(tree.root):
        needed += node.rating is not None
        deepest = max(deepest, d)
    return Run(
        method.name,
        True,
        result.value,
        result.best_moves,
        _names(game, state, result.best_moves),
        tree.stats.nodes_created,
        needed,
        result.stats.evaluations,
        seconds,
        depth_reached=deepest,
        all_best=rater.all_best,
    )


def _peak(run: Callable[[], object]) -> int:
    """Peak traced memory of ``run()`` above what was allocated before it, in bytes."""
    gc.collect()
    was_tracing = tracemalloc.is_tracing()
    if not was_tracing:
        tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        run()
        return max(0, tracemalloc.get_traced_memory()[1] - base)
    finally:
        if not was_tracing:
            tracemalloc.stop()


def compare_position(
    game: Game[S, M],
    state: S,
    depth: int | None,
    methods: str | Iterable[str | Method] = DEFAULT_METHODS,
    *,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    max_bytes: int | None = DEFAULT_MAX_BYTES,
    memory: bool = True,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[Step], None] | None = None,
    limit: Limit | None = None,
) -> Case:
    """Rate ``state`` (for the player to move) eagerly and with every lazy method, to ``depth``
    (``None``: the whole game), and check the answers agree.

    ``methods`` as :func:`parse_methods` takes them; ``max_nodes`` and ``max_bytes`` bound the
    eager build and ``max_nodes`` each lazy tree; ``memory`` measures peak memory in a second,
    traced run; ``options`` are kept for reports; ``progress`` is called with a :class:`Step` as
    each method goes; ``limit`` holds the memory budget and stop event of every method. The
    :class:`Case`, eager first.
    """
    lazy = parse_methods(methods)
    if depth is not None and depth < 0:
        raise ValueError(f"depth must be >= 0, got {depth}")
    jobs: list[tuple[str, Callable[[Callable[[int], None] | None], Run]]] = [
        (EAGER, partial(_run_eager, game, state, depth, max_nodes, max_bytes, limit=limit))
    ]
    for method in lazy:
        lazy_job = partial(_run_lazy, game, state, depth, method, max_nodes, limit=limit)
        jobs.append((method.name, lazy_job))
    runs: list[Run] = []

    def tell(name: str, phase: str) -> Callable[[int], None] | None:
        if progress is None:
            return None
        report = progress
        report(Step(name, phase))
        return lambda n: report(Step(name, phase, n))

    for name, job in jobs:
        gc.collect()
        run = job(tell(name, "timing"))
        if memory:
            peak = _peak(partial(job, tell(name, "memory")))
            run = replace(run, peak_bytes=peak)
        runs.append(run)
        if progress is not None:
            progress(Step(name, "done", run.nodes_built, run))
    agree, against, mismatches = _check(runs)
    return Case(game.name, dict(options or {}), depth, tuple(runs), agree, against, mismatches)


def _check(runs: Sequence[Run]) -> tuple[bool | None, str | None, tuple[str, ...]]:
    complete = [r for r in runs if r.complete]
    if len(complete) < 2:
        return None, None, ()
    ref = complete[0]  # eager when it completed: it comes first
    mismatches = []
    for r in complete[1:]:
        if r.value != ref.value:
            mismatches.append(f"{r.method} value {r.value} differs from {ref.method}'s {ref.value}")
        mine, theirs = set(r.best_moves or ()), set(ref.best_moves or ())
        if r.all_best and ref.all_best:
            same = mine == theirs
        else:  # one best move of several tied ones: one of the other's
            same = bool(mine and theirs) and (mine <= theirs or theirs <= mine)
        if not same:
            mismatches.append(
                f"{r.method} best moves {list(r.best_move_names or ())} differ from "
                f"{ref.method}'s {list(ref.best_move_names or ())}"
            )
    return not mismatches, ref.method, tuple(mismatches)
