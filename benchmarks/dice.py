"""Dice of Doom: what pruning, ordering, sharing and a clock buy (``lazytree bench
dice-of-doom``).

Everything is measured in one process, on the same seeded boards, so the ratios are
meaningful even on a busy machine (the absolute times are not).
"""

from __future__ import annotations

import cProfile
import gc
import multiprocessing
import random
import resource
import sys
import time
import tracemalloc
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from lazytree._core import core_kind
from lazytree.games.dice_of_doom import DiceOfDoom, DiceState
from lazytree.search import (
    Limit,
    SearchResult,
    SearchStopped,
    alphabeta,
    iterative_deepening,
    minimax,
)
from lazytree.search.engine import alphabeta_tt, deepening
from lazytree.search.limit import DEFAULT_MEMORY
from lazytree.tree import Node, Tree

__all__ = [
    "ai_game",
    "ai_game_in_child",
    "clean_heap",
    "dice_benchmark",
    "eval_match",
    "per_node_cost",
    "processor_depths",
    "scaled_cap",
]


_MEMORY = Limit(memory=DEFAULT_MEMORY)
"""Every search of the benchmark stays within the process's memory budget (a search
that reaches it counts as not finished, like one over its node cap)."""


def _timed(
    game: DiceOfDoom,
    state: DiceState,
    limit: Limit,
    share: bool,
    search: Callable[[Node[Any, Any], Limit], SearchResult[Any]],
) -> dict[str, Any] | None:
    """Run ``search`` on a fresh tree within ``limit`` (its node cap, memory and depth);
    None when the limit stopped it."""
    clean_heap()
    tree: Tree[Any, Any] = Tree(game, state, share=share)
    start = time.perf_counter()
    try:
        result = search(tree.root, limit)
    except SearchStopped:
        return None
    return {
        "value": result.value,
        "best_moves": len(result.best_moves),
        "nodes": tree.stats.nodes_created,
        "seconds": time.perf_counter() - start,
    }


def clean_heap() -> None:
    """Free the trees of the searches before (not timed). These searches share
    positions: a shared tree's table refers to its nodes and every node to the table's
    context, so a dropped shared tree is freed only by a full collection;
    under :func:`~lazytree.gcpause.gc_paused` (the command line's) those wait until
    the *number* of objects has doubled, and on big boards a few objects hold
    megabytes: the trees of one size's searches piled up to the memory budget, which
    then stopped the next size's searches."""
    gc.collect()


def scaled_cap(cap: int, size: int) -> int:
    """The node budget on a ``size`` board: ``cap`` up to 5x5, scaled down by the area
    above, so a capped search holds about as much memory on any board.

    >>> scaled_cap(100_000, 5), scaled_cap(100_000, 10), scaled_cap(100_000, 20)
    (100000, 25000, 6250)
    """
    return max(1, cap * 25 // max(25, size * size))


def _ratio(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None or b == 0 else a / b


def _sum(rows: list[dict[str, Any] | None], key: str) -> Any:
    if any(r is None for r in rows):
        return None
    return sum(r[key] for r in rows if r is not None)


def dice_benchmark(
    sizes: list[int],
    seeds: int,
    depth: int,
    cap: int,
    budget: float,
    game_size: int,
    game_time: float,
    progress: Callable[[str], None] = lambda _: None,
    match_size: int = 0,
    match_seeds: int = 0,
    game_moves: int = 60,
    profile: str | Path | None = None,
) -> dict[str, Any]:
    """Measure everything the command prints; returns the JSON document.

    With ``profile`` the clocked searches (the depth-reached columns) of each size's
    first board are made once more under cProfile (after they were measured: the
    profiler slows them) and the statistics written to that file (``python -m pstats
    FILE``; in the compiled core the profiler sees only the interpreted functions)."""
    profiler = cProfile.Profile() if profile is not None else None
    rows = []
    fixed = _MEMORY.replace(depth=depth)  # every fixed-depth search
    clock = _MEMORY.replace(seconds=budget)  # every clocked search
    for size in sizes:
        book = DiceOfDoom(size=size, eval="book")
        heuristic = DiceOfDoom(size=size, eval="heuristic")
        runs: dict[str, list[dict[str, Any] | None]] = {
            "minimax": [],
            "alphabeta": [],
            "engine": [],
        }
        exact_depths: list[int] = []
        play_depths: list[int] = []
        same_value = True
        solved = False
        size_cap = scaled_cap(cap, size)
        capped = fixed.replace(nodes=size_cap)
        for seed in range(seeds):
            state = book.initial_state(random.Random(seed))
            progress(f"{size}x{size} seed {seed}: minimax to depth {depth}")
            mm = _timed(book, state, capped, False, minimax)
            progress(f"{size}x{size} seed {seed}: alpha-beta to depth {depth}")
            ab = _timed(book, state, capped, False, alphabeta)
            progress(f"{size}x{size} seed {seed}: engine to depth {depth}")
            en = _timed(book, state, capped, True, alphabeta_tt)
            for name, run in (("minimax", mm), ("alphabeta", ab), ("engine", en)):
                runs[name].append(run)
            for other in (mm, ab):
                if other is not None and en is not None and other["value"] != en["value"]:
                    same_value = False
            progress(f"{size}x{size} seed {seed}: {budget:g} s iterative deepening")
            clean_heap()
            tree: Tree[Any, Any] = Tree(book, state, share=True)
            exact = iterative_deepening(tree.root, _MEMORY.replace(seconds=budget))
            exact_depths.append(exact.depth or 0)
            solved = solved or exact.complete
            del tree
            clean_heap()
            tree = Tree(heuristic, state, share=True)
            played = deepening(tree.root, _MEMORY.replace(seconds=budget), stop_when_forced=False)
            play_depths.append(played.depth or 0)
            del tree
        if profiler is not None:  # once more, under the profiler (slower: not measured)
            progress(f"{size}x{size}: the clocked searches under the profiler")
            state = book.initial_state(random.Random(0))
            profiler.runcall(iterative_deepening, Tree(book, state, share=True).root, clock)
            root = Tree(heuristic, state, share=True).root
            profiler.runcall(deepening, root, clock, stop_when_forced=False)
        row: dict[str, Any] = {"size": size, "seeds": seeds, "depth": depth, "node_cap": size_cap}
        for name, rs in runs.items():
            row[name] = {
                "finished": sum(r is not None for r in rs),
                "nodes": _sum(rs, "nodes"),
                "seconds": _sum(rs, "seconds"),
            }
        row["engine_vs_minimax_nodes"] = _ratio(row["engine"]["nodes"], row["minimax"]["nodes"])
        row["engine_vs_minimax_time"] = _ratio(row["engine"]["seconds"], row["minimax"]["seconds"])
        row["alphabeta_vs_minimax_nodes"] = _ratio(
            row["alphabeta"]["nodes"], row["minimax"]["nodes"]
        )
        row["engine_vs_alphabeta_nodes"] = _ratio(row["engine"]["nodes"], row["alphabeta"]["nodes"])
        row["same_value"] = same_value
        row["depth_in_budget_exact"] = min(exact_depths)
        row["depth_in_budget_play"] = min(play_depths)
        row["depths_in_budget_exact"] = exact_depths  # each seed's, in seed order
        row["depths_in_budget_play"] = play_depths
        row["solved_in_budget"] = solved
        rows.append(row)
    doc: dict[str, Any] = {
        "core": core_kind(),
        "depth": depth,
        "node_cap": cap,
        "budget_seconds": budget,
        "sizes": rows,
    }
    if profiler is not None:
        profiler.dump_stats(str(profile))
        doc["profile"] = str(profile)
    if game_size:
        progress(f"AI-vs-AI game on {game_size}x{game_size} (in a process of its own)")
        doc["game"] = ai_game_in_child(game_size, game_time, game_moves)
    if match_size:
        progress(f"heuristic against book on {match_size}x{match_size}")
        doc["match"] = eval_match(match_size, match_seeds)
    return doc


def ai_game_in_child(size: int, seconds: float, moves: int) -> dict[str, Any]:
    """:func:`ai_game` in a fresh process (started, not forked, with this process's
    core), so its peak resident memory is the game's own."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        return pool.submit(ai_game, size, seconds, moves).result()


def _peak_rss_mb() -> float:
    """The peak resident memory of this process so far, in MiB.

    Linux's ``VmHWM`` where there is one: the peak of this program's own memory.
    (``ru_maxrss`` keeps, across the ``exec`` that starts a spawned child, the peak of
    the copy of the parent it was forked from: the game's child reported the parent's
    peak whenever the parent was the bigger.)"""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 2**10, 1)  # kB
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB (bytes on macOS)
    return round(peak / (2**20 if sys.platform == "darwin" else 2**10), 1)


def ai_game(size: int, seconds: float, max_moves: int = 60) -> dict[str, Any]:
    """A game, the heuristic AI against itself, ``seconds`` per move, for at most
    ``max_moves`` moves; ``peak_memory_mb`` is the process's peak resident memory (the
    whole process: run it in a process of its own, :func:`ai_game_in_child`)."""
    game = DiceOfDoom(size=size, eval="heuristic")
    tree: Tree[DiceState, Any] = Tree(game, game.initial_state(random.Random(0)), share=True)
    limit = _MEMORY.replace(seconds=seconds)
    moves = turns = solved = 0
    depths: list[int] = []
    start = time.perf_counter()
    while not game.is_terminal(tree.root.state) and moves < max_moves:
        player = tree.root.player
        result = deepening(tree.root, limit)
        if result.complete or len(tree.root.children) == 1:
            solved += 1  # the end of the game was in sight, or the move was forced
        else:
            depths.append(result.depth or 0)
        tree.play(result.best_moves[0])
        moves += 1
        if tree.root.player != player:
            turns += 1
    return {
        "size": size,
        "seconds_per_move": seconds,
        "moves": moves,
        "move_cap": max_moves,
        "finished": game.is_terminal(tree.root.state),
        "turns": turns + 1,
        "winners": list(game.winners(tree.root.state)),
        "solved_moves": solved,
        "min_depth": min(depths, default=0),
        "mean_depth": round(sum(depths) / len(depths), 2) if depths else 0,
        "seconds": round(time.perf_counter() - start, 3),
        "peak_memory_mb": _peak_rss_mb(),
        "shared_positions_at_end": tree.shared_positions,
    }


def eval_match(size: int, seeds: int, depth: int = 3, width: int | None = 8) -> dict[str, Any]:
    """The heuristic evaluation against the book's: the same engine at a fixed depth
    (no clock, so the result does not depend on the machine), each seeded board played
    twice with the seats swapped. Returns wins and the heuristic's total territory
    margin at the end of the games."""
    players = {"heuristic": DiceOfDoom(size=size, eval="heuristic")}
    players["book"] = DiceOfDoom(size=size, eval="book")
    rules = players["book"]
    out: dict[str, Any] = {"size": size, "depth": depth, "width": width, "games": 0}
    out.update(heuristic=0, book=0, ties=0, margin=0)
    for seed in range(seeds):
        for seat in (0, 1):
            state = rules.initial_state(random.Random(1000 + seed))
            for _ in range(5000):
                if rules.is_terminal(state):
                    break
                side = "heuristic" if state.player == seat else "book"
                tree: Tree[DiceState, Any] = Tree(players[side], state, share=True)
                state = rules.result(
                    state,
                    alphabeta_tt(tree.root, depth, win_distance=True, width=width).best_moves[0],
                )
            winners = rules.winners(state)
            counts = rules.territories(state)
            out["games"] += 1
            out["margin"] += counts[seat] - max(c for p, c in enumerate(counts) if p != seat)
            if len(winners) > 1:
                out["ties"] += 1
            else:
                out["heuristic" if winners[0] == seat else "book"] += 1
    return out


def _search_cost(
    game: DiceOfDoom, seed: int, depth: int, play: bool, traced: bool
) -> dict[str, Any]:
    """One search of the board of ``seed`` to ``depth`` on a fresh shared tree and a
    fresh position (a position keeps what searches derived from it): the play AI's
    (:func:`~lazytree.search.engine.deepening`) or the exact engine's
    (:func:`~lazytree.search.iterative_deepening`). With ``traced``, the peak of the
    memory Python allocated during it (tracemalloc: slower, so not timed)."""
    clean_heap()
    state = game.initial_state(random.Random(seed))
    game.attack_objects()  # made once per game, not per node: before the count starts
    tree: Tree[Any, Any] = Tree(game, state, share=True)
    limit = _MEMORY.replace(depth=depth)
    if traced:
        tracemalloc.start()
    start = time.process_time()  # the machine may be shared: this process's own time
    try:
        if play:
            result = deepening(tree.root, limit, stop_when_forced=False)
        else:
            result = iterative_deepening(tree.root, limit)
        seconds = time.process_time() - start
        peak = tracemalloc.get_traced_memory()[1] if traced else 0
    finally:
        if traced:
            tracemalloc.stop()
    nodes = tree.stats.nodes_created
    out = {"depth": result.depth, "nodes": nodes, "seconds": seconds}
    out["nodes_per_second"] = nodes / seconds
    if traced:
        out["bytes_per_node"] = peak // max(1, nodes)
    return out


def per_node_cost(
    sizes: tuple[int, int] = (20, 100),
    play_depth: int = 5,
    exact_depth: int = 2,
    seed: int = 0,
    rounds: int = 3,
) -> dict[str, Any]:
    """What a node costs on a small and on a big board, at a fixed depth (so the
    figures do not depend on the clock): the play AI's nodes per second of processor
    time (median of ``rounds`` searches) on each of ``sizes`` and their ratio, big over
    small (1.0: a node costs the same on both); and the exact engine's nodes per second
    and bytes per node (the peak of Python's allocations during the search over its
    nodes) on each size."""
    out: dict[str, Any] = {"sizes": list(sizes), "play_depth": play_depth}
    out["exact_depth"] = exact_depth
    for size in sizes:
        book = DiceOfDoom(size=size, eval="book")
        heuristic = DiceOfDoom(size=size, eval="heuristic")
        runs = [_search_cost(heuristic, seed, play_depth, True, False) for _ in range(rounds)]
        runs.sort(key=lambda r: r["nodes_per_second"])
        play = dict(runs[len(runs) // 2])
        play["bytes_per_node"] = _search_cost(heuristic, seed, play_depth, True, True)[
            "bytes_per_node"
        ]
        exact = _search_cost(book, seed, exact_depth, False, False)
        exact["bytes_per_node"] = _search_cost(book, seed, exact_depth, False, True)[
            "bytes_per_node"
        ]
        out[str(size)] = {"play": play, "exact": exact}
    small, big = (out[str(s)] for s in sizes)
    for kind in ("play", "exact"):
        out[f"{kind}_nodes_per_second_big_over_small"] = (
            big[kind]["nodes_per_second"] / small[kind]["nodes_per_second"]
        )
    return out


def processor_depths(size: int = 100, seeds: int = 3, budget: float = 1.0) -> dict[str, Any]:
    """The depth the exact engine and the play AI complete within ``budget`` seconds of
    the searching thread's processor time (``Limit(clock="cpu")``: a shared machine's
    load does not count), on each of ``seeds`` boards of ``size``; a fresh tree and
    position each, the heap cleaned before each (:func:`clean_heap`)."""
    limit = _MEMORY.replace(seconds=budget, clock="cpu")
    out: dict[str, Any] = {"size": size, "budget_seconds": budget}
    for kind, eval in (("exact", "book"), ("play", "heuristic")):
        game = DiceOfDoom(size=size, eval=eval)
        depths = []
        for seed in range(seeds):
            clean_heap()
            tree: Tree[Any, Any] = Tree(game, game.initial_state(random.Random(seed)), share=True)
            if kind == "exact":
                result = iterative_deepening(tree.root, limit)
            else:
                result = deepening(tree.root, limit, stop_when_forced=False)
            depths.append(result.depth or 0)
            del tree
        out[kind] = depths
    return out
