"""Solving tic-tac-toe: the lazy tree's raters against plain recursive Python.

Seven runs solve the classic 3 x 3 game from the empty board, all in this process:

* ``baseline minimax`` and ``baseline alpha-beta``: plain recursive functions over a
  tuple board, written here, that know nothing of lazytree (the yardstick);
* ``lazy minimax``: :func:`~lazytree.search.minimax` to the end of the game through a
  :class:`~lazytree.tree.Tree` (every node built, memoized and rated);
* ``lazy alpha-beta``: :func:`~lazytree.search.alphabeta` in the game's natural move
  order;
* ``lazy alpha-beta, shared``: the same on ``Tree(..., share=True)``, where a position
  reached by several move orders is one node (a transposition table);
* ``library minimax`` and ``library alpha-beta, as the README calls it``: the same
  searches called as a library user calls them (``minimax(Tree(game, state).root,
  None)``, no driver's pause around them: the search pauses the collector by itself,
  :func:`~lazytree.gcpause.search_paused`);
* with ``anchors``, the other libraries' searches that are installed
  (:mod:`benchmarks.anchors`: OpenSpiel's C++ and Python alpha-beta, easyAI's
  Negamax), against the baseline alpha-beta.

The baseline alpha-beta does exactly what :func:`~lazytree.search.alphabeta` does (fail-
soft, the same move order, and at the root the window just below the best value so far
that finds *every* tied best move), so the two must visit the same number of nodes.

The game is passed in (the engine imports no game); it must be the 3 x 3 game with cells
generated in reading order, which the run checks by comparing node counts and values.

Times are processor seconds of this process (:func:`time.process_time`), the fastest of
``repeat`` runs: on a shared machine they are disturbed less than wall-clock seconds.
The ``lazy`` runs run inside :func:`~lazytree.gcpause.gc_paused`, as the command line runs
its searches; with ``gc_share`` one more run times lazy minimax with the collector as usual,
to show what the pause saves. :func:`memory_per_node` measures the bytes a forced node costs.

The figures are those of the core this process runs (:func:`lazytree.core_kind`: the
compiled or the pure Python one); the command line runs the other core in a child
process (``LAZYTREE_PURE=1`` or not) and shows both side by side, each ratio measured
in its own process. With ``profile`` the lazy minimax run is made once more under
:mod:`cProfile` and its statistics written to a file (in the compiled core the compiled
functions are invisible to the profiler: their time is put down to their Python callers).

The targets: lazy minimax, in the driver's pause and as the README calls it, at most 1.0x
the baseline's time with the compiled core, 3.0x with the pure one; at most 250 bytes per
forced node.
"""

# The baselines build boards by tuple concatenation, the fastest way in CPython:
# ruff: noqa: RUF005

from __future__ import annotations

import cProfile
import enum
import gc
import math
import sys
import time
import tracemalloc
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.anchors import ANCHOR_NAMES, anchor_runs, anchors_missing
from lazytree._core import CoreKind, core_kind
from lazytree.game import Game
from lazytree.gcpause import gc_paused, searches_unpaused
from lazytree.search import alphabeta, minimax
from lazytree.tree import Node, Tree

__all__ = [
    "BenchRun",
    "MemoryUse",
    "TicTacToeBench",
    "baseline_alphabeta",
    "baseline_minimax",
    "bench_tictactoe",
    "memory_per_node",
    "reachable_positions",
]

TIME_TARGETS: dict[CoreKind, float] = {"compiled": 1.0, "pure": 3.0}
"""Lazy minimax's time over the baseline's: the target, by core."""
MEMORY_TARGET = 250
"""Bytes per forced node: the target."""

LIBRARY_MINIMAX = "library minimax, as the README calls it"
"""Lazy minimax called as a library user calls it: no driver's pause around it."""
LIBRARY_ALPHABETA = "library alpha-beta, as the README calls it"

RATING_FIELDS = 3 * 8
"""The bytes of a node that hold its rating: the value and the key (a word each), the
depth, the player and the bound (one word together in the compiled core)."""

INF = math.inf
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
EMPTY_BOARD = (0,) * 9  # 0 empty, 1 the first player's mark, 2 the second's

Board = tuple[int, ...]


def _winner(board: Board) -> int:
    for a, b, c in LINES:
        mark = board[a]
        if mark and mark == board[b] == board[c]:
            return mark
    return 0


def baseline_minimax(board: Board = EMPTY_BOARD, mark: int = 1) -> tuple[float, int]:
    """Plain recursive minimax over a tuple board; ``(value for mark's player, nodes)``.

    >>> baseline_minimax()
    (0.0, 549946)
    """
    visited = 0
    me = mark

    def value(board: Board, mark: int) -> float:
        nonlocal visited
        visited += 1
        w = _winner(board)
        if w:
            return 1.0 if w == me else -1.0
        if 0 not in board:
            return 0.0
        best = -INF if mark == me else INF
        for i in range(9):
            if board[i] == 0:
                v = value(board[:i] + (mark,) + board[i + 1 :], 3 - mark)
                if (v > best) if mark == me else (v < best):
                    best = v
        return best

    return value(board, mark), visited


def baseline_alphabeta(board: Board = EMPTY_BOARD, mark: int = 1) -> tuple[float, int]:
    """Plain recursive fail-soft alpha-beta, same order and root windows as
    :func:`~lazytree.search.alphabeta`; ``(value, nodes)``.

    >>> baseline_alphabeta()[0]
    0.0
    """
    visited = 1  # the root
    me = mark

    def value(board: Board, mark: int, alpha: float, beta: float) -> float:
        nonlocal visited
        visited += 1
        w = _winner(board)
        if w:
            return 1.0 if w == me else -1.0
        if 0 not in board:
            return 0.0
        maximizing = mark == me
        best = -INF if maximizing else INF
        for i in range(9):
            if board[i] == 0:
                v = value(board[:i] + (mark,) + board[i + 1 :], 3 - mark, alpha, beta)
                if maximizing:
                    if v > best:
                        best = v
                        if best > alpha:
                            alpha = best
                            if alpha >= beta:
                                break
                elif v < best:
                    best = v
                    if best < beta:
                        beta = best
                        if alpha >= beta:
                            break
        return best

    # The root: the first move with a full window, every later one with the window just
    # below (for the maximizer) the best value so far, so a tied move comes back exact.
    if _winner(board) or 0 not in board:
        visited = 0
        return value(board, mark, -INF, INF), visited
    best: float | None = None
    for i in range(9):
        if board[i] == 0:
            child = board[:i] + (mark,) + board[i + 1 :]
            if best is None:
                v = value(child, 3 - mark, -INF, INF)
            else:
                v = value(child, 3 - mark, math.nextafter(best, -INF), INF)
            if best is None or v > best:
                best = v
    assert best is not None
    return best, visited


def reachable_positions(board: Board = EMPTY_BOARD, mark: int = 1) -> int:
    """How many distinct positions can occur in a game from ``board`` (it included).

    >>> reachable_positions()
    5478
    """
    seen = {board}
    stack = [(board, mark)]
    while stack:
        b, m = stack.pop()
        if _winner(b) or 0 not in b:
            continue
        for i in range(9):
            if b[i] == 0:
                child = b[:i] + (m,) + b[i + 1 :]
                if child not in seen:
                    seen.add(child)
                    stack.append((child, 3 - m))
    return len(seen)


@dataclass(frozen=True)
class BenchRun:
    """One solve: what ran, the value it found, nodes visited and seconds (best of runs).

    For the lazy runs ``nodes`` is the number of tree nodes created (each a position
    visited; with sharing, each *distinct* position); for the baselines, the number of
    calls of the recursive function.
    """

    name: str
    value: float
    nodes: int
    seconds: float
    evaluations: int | None = None


@dataclass(frozen=True)
class MemoryUse:
    """Bytes held by a whole lazy tree after minimax, per forced node, by owner.

    ``tree``: what the tree itself allocates (nodes, each node's list of moves and
    children, serial numbers); ``game``: the states and moves (and their numbers) the
    rules made; ``rater``: the ratings and values the search stored; ``other``: the rest
    of the total (see :func:`memory_per_node`).
    """

    nodes: int
    total: float
    tree: float
    game: float
    rater: float
    other: float


def _shared(obj: object) -> bool:
    """Objects no tree owns: None, booleans, enum members, Python's cached small ints."""
    if obj is None or isinstance(obj, bool | enum.Enum):
        return True
    return isinstance(obj, int) and -5 <= obj <= 256


def _footprint(root: Node[Any, Any]) -> dict[str, int]:
    """The bytes (``sys.getsizeof``) of what the forced tree below ``root`` holds, by
    owner: the tree's nodes, each node's one list of moves and children, serial numbers; the
    game's states and moves (and the objects inside them); the rater's ratings (and
    the objects inside them).
    Each object is counted once; the walk reads the objects themselves, so it does not
    depend on which core made them. A node keeps its rating's fields itself: those
    :data:`RATING_FIELDS` bytes of the node count as the rater's."""
    seen: set[int] = set()
    sizes = {"tree": 0, "game": 0, "rater": 0}

    def add(owner: str, obj: object, deep: bool = False) -> None:
        if _shared(obj) or id(obj) in seen:
            return
        seen.add(id(obj))
        sizes[owner] += sys.getsizeof(obj)
        if deep:
            for inner in gc.get_referents(obj):
                if not isinstance(inner, type):
                    add(owner, inner, deep=True)

    stack = [root]
    while stack:
        node = stack.pop()
        add("tree", node)
        add("tree", node.serial)
        add("tree", node._slots)  # the generated moves and their children, one list
        for move in node.generated_moves:
            add("game", move, deep=True)
        add("game", node.state, deep=True)
        # the rating's fields live in the node (3 words of it, the rater's share) and
        # hold the value (a float object in the pure core) and the key
        sizes["tree"] -= RATING_FIELDS
        sizes["rater"] += RATING_FIELDS
        if node._rbound:  # (0: no rating stored)
            add("rater", node._rvalue)
            add("rater", node._rkey, deep=True)
        stack.extend(node.forced_children)
    return sizes


def memory_per_node(game: Game[Any, Any], state: Hashable) -> MemoryUse:
    """Rate ``state`` by lazy minimax to the end of the game, keep the tree, and divide
    the bytes it holds (:mod:`tracemalloc`: every block allocated and still held) by
    the nodes it forced.

    The split by owner comes from a walk of the kept tree (:func:`_footprint`), which
    reads the objects themselves and so works the same on both cores (allocation
    tracebacks do not: compiled functions have no Python frames); ``other`` is the rest
    of the total (allocator rounding, the game's caches).
    """
    gc.collect()
    tracemalloc.start()
    try:
        tree: Tree[Any, Any] = Tree(game, state)
        with gc_paused():
            minimax(tree.root, None)
        total = sum(stat.size for stat in tracemalloc.take_snapshot().statistics("filename"))
    finally:
        tracemalloc.stop()
    owners = _footprint(tree.root)
    n = tree.stats.nodes_created
    other = total - sum(owners.values())
    return MemoryUse(
        n, total / n, owners["tree"] / n, owners["game"] / n, owners["rater"] / n, other / n
    )


@dataclass(frozen=True)
class TicTacToeBench:
    """The figures of :func:`bench_tictactoe` and the targets they are held against."""

    runs: tuple[BenchRun, ...]
    positions: int
    repeat: int
    pause_gc: bool = False
    memory: MemoryUse | None = None
    anchors_missing: tuple[str, ...] = ()
    """One line for each other library's search that did not run (not installed)."""
    core: CoreKind = field(default_factory=core_kind)
    """The core the runs ran on."""

    @property
    def time_target(self) -> float:
        """The target of :attr:`time_ratio_minimax` for this core."""
        return TIME_TARGETS[self.core]

    def run(self, name: str) -> BenchRun:
        for r in self.runs:
            if r.name == name:
                return r
        raise KeyError(name)

    @property
    def time_ratio_minimax(self) -> float:
        """Lazy minimax time / baseline minimax time (target: :attr:`time_target`)."""
        return self.run("lazy minimax").seconds / self.run("baseline minimax").seconds

    @property
    def time_ratio_library(self) -> float:
        """Lazy minimax called as the README calls it (no driver's pause) / baseline
        minimax (target: :attr:`time_target`)."""
        return self.run(LIBRARY_MINIMAX).seconds / self.run("baseline minimax").seconds

    @property
    def time_ratio_alphabeta(self) -> float:
        """Lazy alpha-beta time / baseline alpha-beta time."""
        return self.run("lazy alpha-beta").seconds / self.run("baseline alpha-beta").seconds

    @property
    def gc_share(self) -> float | None:
        """The collector's share of lazy minimax's time when it is not paused (None when
        that run was not made)."""
        try:
            usual = self.run("lazy minimax, collector as usual").seconds
        except KeyError:
            return None
        return 1.0 - self.run("lazy minimax").seconds / usual

    def targets(self) -> dict[str, bool]:
        """(a) lazy minimax within :attr:`time_target` of the baseline's time (1.0x
        compiled, 3.0x pure); (b) lazy alpha-beta visits exactly the baseline alpha-beta's
        nodes; (c) the shared tree creates no more nodes than there are distinct
        positions; (d) at most 250 bytes per forced node (when measured). Also: every
        run finds the same value."""
        values = {r.value for r in self.runs}
        memory = {}
        if self.memory is not None:
            memory = {
                f"d: memory per forced node <= {MEMORY_TARGET} B": (
                    self.memory.total <= MEMORY_TARGET
                )
            }
        return {
            f"a: minimax within {self.time_target:g}x of baseline time ({self.core} core)": (
                self.time_ratio_minimax <= self.time_target
            ),
            f"e: minimax called as in the README within {self.time_target:g}x of baseline "
            f"time ({self.core} core)": (self.time_ratio_library <= self.time_target),
            "b: alpha-beta nodes == baseline alpha-beta nodes": (
                self.run("lazy alpha-beta").nodes == self.run("baseline alpha-beta").nodes
            ),
            "c: shared alpha-beta nodes <= distinct positions": (
                self.run("lazy alpha-beta, shared").nodes <= self.positions
            ),
            "minimax nodes == baseline minimax nodes": (
                self.run("lazy minimax").nodes == self.run("baseline minimax").nodes
            ),
            "all runs agree on the value": len(values) == 1,
            **memory,
        }

    def as_dict(self) -> dict[str, Any]:
        base = {
            "lazy minimax": "baseline minimax",
            LIBRARY_MINIMAX: "baseline minimax",
            "lazy minimax, collector as usual": "baseline minimax",
            "lazy alpha-beta": "baseline alpha-beta",
            LIBRARY_ALPHABETA: "baseline alpha-beta",
            "lazy alpha-beta, shared": "baseline alpha-beta",
            **dict.fromkeys(ANCHOR_NAMES, "baseline alpha-beta"),
        }
        runs = []
        for r in self.runs:
            row: dict[str, Any] = {
                "name": r.name,
                "value": r.value,
                "nodes": r.nodes,
                "seconds": round(r.seconds, 6),
            }
            if r.evaluations is not None:
                row["evaluations"] = r.evaluations
            if r.name in base:
                b = self.run(base[r.name])
                row["baseline"] = b.name
                row["time_ratio"] = round(r.seconds / b.seconds, 3)
                if r.nodes:  # (0: the library does not count them)
                    row["node_ratio"] = round(r.nodes / b.nodes, 4)
            runs.append(row)
        doc: dict[str, Any] = {
            "benchmark": "tictactoe",
            "core": self.core,
            "clock": "processor time",
            "repeat": self.repeat,
            "gc_paused": self.pause_gc,
            "distinct_positions": self.positions,
            "runs": runs,
            "anchors_missing": list(self.anchors_missing),
        }
        if self.gc_share is not None:
            doc["gc_share_of_lazy_minimax"] = round(self.gc_share, 3)
        if self.memory is not None:
            m = self.memory
            doc["memory_per_node"] = {
                "nodes": m.nodes,
                "total": round(m.total, 1),
                "tree": round(m.tree, 1),
                "game": round(m.game, 1),
                "rater": round(m.rater, 1),
                "other": round(m.other, 1),
            }
        doc["targets"] = self.targets()
        return doc


def _timed(
    fn: Callable[[], tuple[float, int, int | None]], repeat: int, pause_gc: bool
) -> tuple[Any, float]:
    best = INF
    out: Any = None
    for _ in range(repeat):
        gc.collect()
        if pause_gc:
            gc.disable()
        try:
            start = time.process_time()
            out = fn()
            best = min(best, time.process_time() - start)
        finally:
            if pause_gc:
                gc.enable()
    return out, best


def bench_tictactoe(
    game: Game[Any, Any],
    state: Hashable,
    *,
    repeat: int = 1,
    pause_gc: bool = False,
    gc_share: bool = False,
    memory: bool = True,
    anchors: bool = True,
    profile: str | Path | None = None,
    progress: Callable[[str], None] | None = None,
) -> TicTacToeBench:
    """Solve tic-tac-toe five ways (see the module docstring) and time each.

    Parameters
    ----------
    game, state:
        The 3 x 3 tic-tac-toe game of the registry and its empty board.
    repeat:
        Runs of each solve; the fastest time is kept (timings on a shared machine are
        noisy, the minimum is the least disturbed).
    pause_gc:
        Pause Python's cyclic garbage collector during every timed run (baselines
        included), to see how much of the lazy tree's time is the collector scanning
        the nodes it keeps.
    gc_share:
        Also time lazy minimax with the collector as usual (neither in
        :func:`~lazytree.gcpause.gc_paused` nor in the search's own pause:
        :func:`~lazytree.gcpause.searches_unpaused`) and report the collector's share.
    anchors:
        Also solve it with the other libraries' searches that are installed
        (:mod:`benchmarks.anchors`: OpenSpiel, easyAI), in this process.
    memory:
        Measure the bytes per forced node (:func:`memory_per_node`).
    profile:
        A file to write the :mod:`cProfile` statistics of one more lazy minimax run to
        (read them with :mod:`pstats` or ``python -m pstats FILE``); not timed.
    progress:
        Called with the name of each run before it starts.
    """
    if repeat < 1:
        raise ValueError(f"repeat must be >= 1, got {repeat}")

    def lazy(
        rater: Callable[..., Any], share: bool, paused: bool = True
    ) -> Callable[[], tuple[float, int, int]]:
        def run() -> tuple[float, int, int]:
            tree: Tree[Any, Any] = Tree(game, state, share=share)
            if paused:
                with gc_paused():
                    result = rater(tree.root, None)
            else:
                result = rater(tree.root, None)
            return result.value, tree.stats.nodes_created, tree.stats.evaluations

        return run

    def plain(fn: Callable[[], tuple[float, int]]) -> Callable[[], tuple[float, int, None]]:
        def run() -> tuple[float, int, None]:
            value, nodes = fn()
            return value, nodes, None

        return run

    def library(rater: Callable[..., Any]) -> Callable[[], tuple[float, int, int]]:
        def run() -> tuple[float, int, int]:
            tree: Tree[Any, Any] = Tree(game, state)
            result = rater(tree.root, None)  # as the README calls it: no driver's pause
            return result.value, tree.stats.nodes_created, tree.stats.evaluations

        return run

    def as_usual() -> tuple[float, int, int]:
        with searches_unpaused():
            return library(minimax)()

    plan: list[tuple[str, Callable[[], tuple[float, int, int | None]]]] = [
        ("baseline minimax", plain(baseline_minimax)),
        ("lazy minimax", lazy(minimax, False)),
        (LIBRARY_MINIMAX, library(minimax)),
        ("baseline alpha-beta", plain(baseline_alphabeta)),
        ("lazy alpha-beta", lazy(alphabeta, False)),
        (LIBRARY_ALPHABETA, library(alphabeta)),
        ("lazy alpha-beta, shared", lazy(alphabeta, True)),
    ]
    if gc_share:
        plan.append(("lazy minimax, collector as usual", as_usual))
    if anchors:
        plan += [(name, fn) for name, fn in anchor_runs(progress).items()]
    runs = []
    for name, fn in plan:
        if progress is not None:
            progress(name)
        (value, nodes, evaluations), seconds = _timed(fn, repeat, pause_gc)
        runs.append(BenchRun(name, value, nodes, seconds, evaluations))
    if profile is not None:
        if progress is not None:
            progress("profile of lazy minimax")
        profiler = cProfile.Profile()
        profiler.runcall(lazy(minimax, False))
        profiler.dump_stats(str(profile))
    used = None
    if memory:
        if progress is not None:
            progress("memory per forced node")
        used = memory_per_node(game, state)
    missing = anchors_missing() if anchors else ()
    return TicTacToeBench(tuple(runs), reachable_positions(), repeat, pause_gc, used, missing)
