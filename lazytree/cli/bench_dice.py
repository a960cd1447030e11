"""``lazytree bench dice-of-doom``: what pruning, ordering, sharing and a clock buy.

Everything is measured in one process, on the same seeded boards, so the ratios are
meaningful even on a busy machine (the absolute times are not).
"""

from __future__ import annotations

import random
import time
import tracemalloc
from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.progress import SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from lazytree.cli.common import conflict, console, fail, given, print_json, progress_bar
from lazytree.games.dice_of_doom import DiceOfDoom, DiceState
from lazytree.games.dice_of_doom.rules import MAX_SIZE
from lazytree.search import (
    Limit,
    SearchResult,
    SearchStopped,
    alphabeta,
    iterative_deepening,
    minimax,
)
from lazytree.search.engine import SearchOptions, alphabeta_tt, play_options
from lazytree.search.limit import DEFAULT_MEMORY
from lazytree.tree import Tree, TreeStats

__all__ = ["bench_dice_of_doom", "dice_benchmark", "eval_match", "scaled_cap"]


_MEMORY = Limit(memory=DEFAULT_MEMORY)
"""Every search of the benchmark stays within the process's memory budget (a search
that reaches it counts as not finished, like one over its node cap)."""


class _OverBudget(Exception):
    """A search forced more nodes than the benchmark allows it."""


class _Budgeted:
    """A game that stops any search once its tree has created ``cap`` nodes.

    Everything else (including the engine's optional protocols) is the wrapped game's.
    """

    def __init__(self, game: DiceOfDoom, cap: int) -> None:
        self._game = game
        self._cap = cap
        self.stats: TreeStats | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def result(self, state: DiceState, move: Any) -> DiceState:
        stats = self.stats
        if stats is not None and stats.nodes_created >= self._cap:
            raise _OverBudget
        return self._game.result(state, move)


def _timed(
    game: DiceOfDoom,
    state: DiceState,
    cap: int,
    share: bool,
    search: Callable[[Any], SearchResult[Any]],
) -> dict[str, Any] | None:
    """Run ``search`` on a fresh tree; None when it needed more than ``cap`` nodes."""
    budgeted = _Budgeted(game, cap)
    tree: Tree[Any, Any] = Tree(budgeted, state, share=share)
    budgeted.stats = tree.stats
    start = time.perf_counter()
    try:
        result = search(tree.root)
    except (_OverBudget, SearchStopped):
        return None
    return {
        "value": result.value,
        "best_moves": len(result.best_moves),
        "nodes": tree.stats.nodes_created,
        "seconds": time.perf_counter() - start,
    }


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
) -> dict[str, Any]:
    """Measure everything the command prints; returns the JSON document."""
    rows = []
    limit = _MEMORY.replace(depth=depth)  # every fixed-depth search
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
        for seed in range(seeds):
            state = book.initial_state(random.Random(seed))
            progress(f"{size}x{size} seed {seed}: minimax to depth {depth}")
            mm = _timed(book, state, size_cap, False, lambda n: minimax(n, limit))
            progress(f"{size}x{size} seed {seed}: alpha-beta to depth {depth}")
            ab = _timed(book, state, size_cap, False, lambda n: alphabeta(n, limit))
            progress(f"{size}x{size} seed {seed}: engine to depth {depth}")
            en = _timed(book, state, size_cap, True, lambda n: alphabeta_tt(n, limit))
            for name, run in (("minimax", mm), ("alphabeta", ab), ("engine", en)):
                runs[name].append(run)
            for other in (mm, ab):
                if other is not None and en is not None and other["value"] != en["value"]:
                    same_value = False
            progress(f"{size}x{size} seed {seed}: {budget:g} s iterative deepening")
            tree: Tree[Any, Any] = Tree(book, state, share=True)
            exact = iterative_deepening(tree.root, _MEMORY.replace(seconds=budget))
            exact_depths.append(exact.depth or 0)
            solved = solved or bool(exact.extra.get("complete"))
            tree = Tree(heuristic, state, share=True)
            played = iterative_deepening(
                tree.root, _MEMORY.replace(seconds=budget), options=play_options(tree.root)
            )
            play_depths.append(played.depth or 0)
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
        row["solved_in_budget"] = solved
        rows.append(row)
    doc: dict[str, Any] = {
        "depth": depth,
        "node_cap": cap,
        "budget_seconds": budget,
        "sizes": rows,
    }
    if game_size:
        progress(f"AI-vs-AI game on {game_size}x{game_size}")
        doc["game"] = _ai_game(game_size, game_time, progress)
    if match_size:
        progress(f"heuristic against book on {match_size}x{match_size}")
        doc["match"] = eval_match(match_size, match_seeds)
    return doc


def _ai_game(size: int, seconds: float, progress: Callable[[str], None]) -> dict[str, Any]:
    """A whole game, the heuristic AI against itself, ``seconds`` per move."""
    game = DiceOfDoom(size=size, eval="heuristic")
    tree: Tree[DiceState, Any] = Tree(game, game.initial_state(random.Random(0)), share=True)
    limit = _MEMORY.replace(seconds=seconds)
    moves = turns = solved = 0
    depths: list[int] = []
    tracemalloc.start()
    start = time.perf_counter()
    try:
        while not game.is_terminal(tree.root.state) and moves < 5000:
            player = tree.root.player
            options = play_options(tree.root)
            result = iterative_deepening(tree.root, limit, options=options, stop_when_forced=True)
            if result.extra.get("complete") or len(tree.root.children) == 1:
                solved += 1  # the end of the game was in sight, or the move was forced
            else:
                depths.append(result.depth or 0)
            tree.play(result.best_moves[0])
            moves += 1
            if tree.root.player != player:
                turns += 1
            progress(f"AI-vs-AI game on {size}x{size}: move {moves}, turn {turns}")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return {
        "size": size,
        "seconds_per_move": seconds,
        "moves": moves,
        "turns": turns + 1,
        "winners": list(game.winners(tree.root.state)),
        "solved_moves": solved,
        "min_depth": min(depths, default=0),
        "mean_depth": round(sum(depths) / len(depths), 2) if depths else 0,
        "seconds": round(time.perf_counter() - start, 3),
        "peak_memory_mb": round(peak / 2**20, 1),
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
    options = SearchOptions(win_distance=True, width=width)
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
                    state, alphabeta_tt(tree.root, depth, options=options).best_moves[0]
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


def _fmt(x: float | None, spec: str) -> str:
    return "-" if x is None else format(x, spec)


QUICK_SETS = {
    "sizes": "--sizes",
    "seeds": "--seeds",
    "budget": "--budget",
    "game_size": "--game-size",
    "game_time": "--game-time",
    "match_size": "--match-size",
    "match_seeds": "--match-seeds",
}
"""The options ``--quick`` sets (giving one of them too is a conflict)."""


def bench_dice_of_doom(
    sizes: Annotated[
        str, typer.Option("--sizes", help="Board sizes, comma separated.")
    ] = "3,5,8,10,15,20",
    seeds: Annotated[int, typer.Option("--seeds", min=1, help="Seeded boards per size.")] = 3,
    depth: Annotated[int, typer.Option("--depth", min=1, help="Fixed search depth.")] = 4,
    max_nodes: Annotated[
        int,
        typer.Option(
            "--max-nodes",
            min=1,
            help="Node budget of one fixed-depth search up to 5x5 (scaled down by the "
            "board area above, to bound memory).",
        ),
    ] = 200_000,
    budget: Annotated[
        float, typer.Option("--budget", min=0.01, help="Seconds for the depth-reached column.")
    ] = 1.0,
    game_size: Annotated[
        int, typer.Option("--game-size", min=0, help="Board of the AI-vs-AI game (0: none).")
    ] = 10,
    game_time: Annotated[
        float, typer.Option("--game-time", min=0.01, help="Seconds per move in that game.")
    ] = 1.0,
    match_size: Annotated[
        int,
        typer.Option("--match-size", min=0, help="Board of the heuristic-vs-book match (0: none)."),
    ] = 8,
    match_seeds: Annotated[
        int, typer.Option("--match-seeds", min=1, help="Boards of that match (2 games each).")
    ] = 6,
    quick: Annotated[
        bool,
        typer.Option(
            "--quick",
            help="A tiny run: sizes 3,4, one seed, 0.1 s budgets, a 3x3 game.",
        ),
    ] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON document.")] = False,
) -> None:
    """Nodes and time of minimax, alpha-beta and the full engine (alpha-beta + ordering
    + stored ratings + sharing) at a fixed depth under the book's evaluation; the depth
    a clock reaches; a whole AI-vs-AI game with its peak memory; and a match of the
    heuristic evaluation against the book's."""
    try:
        size_list = [int(s) for s in sizes.split(",") if s.strip()]
    except ValueError:
        fail(f"--sizes {sizes!r}: expected sizes separated by commas, e.g. 3,5,10")
    if not size_list or any(not 2 <= s <= MAX_SIZE for s in size_list):
        fail(f"--sizes {sizes!r}: every size must be from 2 to {MAX_SIZE}")
    for flag, value in (("--game-size", game_size), ("--match-size", match_size)):
        if value != 0 and not 2 <= value <= MAX_SIZE:
            fail(f"{flag} {value}: expected 0 (none) or a board size from 2 to {MAX_SIZE}")
    overridden = [
        flag
        for name, flag in QUICK_SETS.items()
        if given(name)  # --quick sets these itself
    ]
    if quick and overridden:
        conflict("--quick", overridden[0], "--quick sets it")
    if quick:
        size_list, seeds, budget, game_size, game_time = [3, 4], 1, 0.1, 3, 0.05
        match_size, match_seeds = 3, 1
        max_nodes = min(max_nodes, 20_000)
    with progress_bar(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        TimeElapsedColumn(),
    ) as bar:
        task = bar.add_task("benchmark", total=None)
        doc = dice_benchmark(
            size_list,
            seeds,
            depth,
            max_nodes,
            budget,
            game_size,
            game_time,
            progress=lambda text: bar.update(task, description=text),
            match_size=match_size,
            match_seeds=match_seeds,
        )
    if json_out:
        print_json(doc)
        return
    nodes = Table(title=f"Nodes forced to depth {depth}, book eval, {seeds} seed(s) per size")
    for col in ("size", "minimax", "alpha-beta", "engine", "engine/minimax", "ab/minimax", "same"):
        nodes.add_column(col, justify="right")
    times = Table(title=f"Seconds to depth {depth}; depth a {budget:g} s clock completes")
    for col in ("size", "minimax", "alpha-beta", "engine", "engine/minimax", "exact", "play"):
        times.add_column(col, justify="right")
    for row in doc["sizes"]:
        name = f"{row['size']}x{row['size']}"
        mm, ab, en = row["minimax"], row["alphabeta"], row["engine"]
        nodes.add_row(
            name,
            _fmt(mm["nodes"], ",.0f"),
            _fmt(ab["nodes"], ",.0f"),
            _fmt(en["nodes"], ",.0f"),
            _fmt(row["engine_vs_minimax_nodes"], ".4f"),
            _fmt(row["alphabeta_vs_minimax_nodes"], ".3f"),
            "yes" if row["same_value"] else "NO",
        )
        times.add_row(
            name,
            _fmt(mm["seconds"], ".3f"),
            _fmt(ab["seconds"], ".3f"),
            _fmt(en["seconds"], ".3f"),
            _fmt(row["engine_vs_minimax_time"], ".4f"),
            f"{row['depth_in_budget_exact']}{'*' if row['solved_in_budget'] else ''}",
            str(row["depth_in_budget_play"]),
        )
    console.print(nodes)
    console.print(times)
    console.print(
        f"[dim]'-': did not finish within the node budget ({max_nodes:,} up to 5x5, "
        "scaled down by the board area above) on every seed. Nodes and "
        "seconds are sums over the seeds; 'same': the engine's root value equals "
        "minimax's and alpha-beta's wherever they finished. Depth columns: the smallest "
        "over the seeds; 'exact' is the full-width engine (book eval), 'play' what "
        "`lazytree play` uses (heuristic eval, width and quiescence of play_options); "
        "*: on some seed the search reached the end of the game.[/]"
    )
    g = doc.get("game")
    if g:
        console.print(
            f"AI-vs-AI game on {g['size']}x{g['size']}, {g['seconds_per_move']:g} s per move: "
            f"{g['turns']} turns, {g['moves']} moves ({g['solved_moves']} forced or searched "
            f"to the end of the game), depth reached at least {g['min_depth']} (mean "
            f"{g['mean_depth']}) on the others, {g['seconds']:.1f} s, peak memory "
            f"{g['peak_memory_mb']} MB (tracemalloc), winners {g['winners']}"
        )
    m = doc.get("match")
    if m:
        console.print(
            f"heuristic against book eval on {m['size']}x{m['size']} (depth {m['depth']}, "
            f"width {m['width']}, {m['games']} games, seats swapped): heuristic wins "
            f"{m['heuristic']}, book wins {m['book']}, ties {m['ties']}; territory margin "
            f"{m['margin']:+d} for the heuristic"
        )
