"""``lazytree bench dice-of-doom``: the command; the measuring is in
:mod:`benchmarks.dice` and :mod:`benchmarks.racket`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from benchmarks.cores import other_core_json
from benchmarks.dice import dice_benchmark, per_node_cost, processor_depths
from benchmarks.playgame import CLOCK_SLACK, play_command_game_in_child
from benchmarks.racket import RacketUnavailable, compare_with_racket
from lazytree._core import core_kind
from lazytree.cli.common import conflict, console, fail, given, print_json, progress_bar
from lazytree.cli.play import command_seat
from lazytree.games import load_game
from lazytree.games.dice_of_doom.rules import MAX_SIZE
from lazytree.gcpause import gc_paused

__all__ = ["bench_dice_of_doom"]


def _fmt(x: float | None, spec: str) -> str:
    return "-" if x is None else format(x, spec)


QUICK_SETS = {
    "sizes": "--sizes",
    "seeds": "--seeds",
    "budget": "--budget",
    "game_size": "--game-size",
    "game_time": "--game-time",
    "game_moves": "--game-moves",
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
    game_moves: Annotated[
        int,
        typer.Option("--game-moves", min=1, help="Most moves of that game (it stops there)."),
    ] = 60,
    profile: Annotated[
        Path | None,
        typer.Option(
            "--profile",
            help="Run the clocked searches (the depth columns) of each size's first board "
            "once more under cProfile, after measuring them, and write the statistics to "
            "this file; read them with `python -m pstats FILE`. In the compiled core the "
            "profiler sees only the interpreted functions.",
            dir_okay=False,
        ),
    ] = None,
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
    against_racket: Annotated[
        bool,
        typer.Option(
            "--against-racket",
            help="Instead: the book's AI (minimax depth --depth) against the book's own "
            "Racket program on the same boards, its first decision and its whole turn "
            "(sizes 5,6 unless --sizes is given; 20 boards 5x5 and 10 6x6 unless --seeds "
            "gives the boards per size), on this core and the other one. Needs racket and "
            "its package realm (Debian: racket); the book is compiled with raco make at "
            "Racket's defaults.",
        ),
    ] = False,
    play_game: Annotated[
        bool,
        typer.Option(
            "--play-game",
            help="Instead: the game people play, `lazytree play dice-of-doom --size N "
            "--human none --time T` with the play command's settings (N: --game-size, "
            "default 20 here; T: --game-time), to the end (or --game-moves moves if given), "
            "in a process of its own: its peak resident memory (target 300 MB) and each "
            "move's wall-clock seconds from asking the AI to the move played (target: none "
            "over 1.1x the clock).",
        ),
    ] = False,
    cpu_clock: Annotated[
        bool,
        typer.Option(
            "--cpu-clock",
            help="--play-game: the AI's clock and each move's time in processor seconds "
            "of the game's process instead of the play command's wall clock (on a shared "
            "machine: what the program keeps itself, without the waits for a processor).",
        ),
    ] = False,
    repeat: Annotated[
        int,
        typer.Option(
            "--repeat",
            "-n",
            min=1,
            help="--against-racket: rounds per board, interleaved with Racket's; the median "
            "counts.",
        ),
    ] = 3,
    other_core: Annotated[
        bool,
        typer.Option(
            "--other-core/--this-core-only",
            help="Also measure the other core (pure Python or compiled) in a child process "
            "with the same options and show both (the heuristic-vs-book match, whose games "
            "are the same on both cores, runs once).",
        ),
    ] = True,
    per_node: Annotated[
        bool,
        typer.Option(
            "--per-node",
            help="Instead: what a node costs on 20x20 and on 100x100 at a fixed depth (the "
            "play AI to depth 5, the exact engine to depth 2): nodes per second of processor "
            "time, their ratio 100x100 over 20x20, and bytes per node; and the depth each "
            "completes in 1 s of processor time on three 100x100 boards (this core only).",
        ),
    ] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON document.")] = False,
) -> None:
    """Nodes and time of minimax, alpha-beta and the full engine (alpha-beta + ordering
    + stored ratings + sharing) at a fixed depth under the book's evaluation; the depth
    a clock reaches; a whole AI-vs-AI game with its peak memory; and a match of the
    heuristic evaluation against the book's. With --against-racket: the book's AI
    against the book's Racket program instead. Each part runs on the compiled and on the
    pure Python core (the other one in a child process) unless --this-core-only."""
    sizes_given = sizes != "3,5,8,10,15,20"
    try:
        size_list = [int(s) for s in sizes.split(",") if s.strip()]
    except ValueError:
        fail(f"--sizes {sizes!r}: expected sizes separated by commas, e.g. 3,5,10")
    if not size_list or any(not 2 <= s <= MAX_SIZE for s in size_list):
        fail(f"--sizes {sizes!r}: every size must be from 2 to {MAX_SIZE}")
    for flag, value in (("--game-size", game_size), ("--match-size", match_size)):
        if value != 0 and not 2 <= value <= MAX_SIZE:
            fail(f"{flag} {value}: expected 0 (none) or a board size from 2 to {MAX_SIZE}")
    overridden = [flag for name, flag in QUICK_SETS.items() if given(name)]
    if quick and overridden:
        conflict("--quick", overridden[0], "--quick sets it")
    if per_node:
        _per_node(json_out)
        return
    if play_game:
        if against_racket:
            conflict("--play-game", "--against-racket", "they are different benchmarks")
        _play_game(
            game_size if given("game_size") else 20,
            game_time,
            game_moves if given("game_moves") else None,
            json_out,
            cpu_clock,
        )
        return
    if against_racket:
        boards = seeds if given("seeds") else None
        sizes_run = size_list if sizes_given else [5, 6]
        _against_racket(sizes_run, boards, depth, repeat, other_core, json_out)
        return
    if quick:
        size_list, seeds, budget, game_size, game_time = [3, 4], 1, 0.1, 3, 0.05
        game_moves = 60
        match_size, match_seeds = 3, 1
        max_nodes = min(max_nodes, 20_000)
    with (
        progress_bar(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            TimeElapsedColumn(),
        ) as bar,
        gc_paused(),  # the benchmark is the driver: fewer full collections while it runs
    ):
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
            game_moves=game_moves,
            profile=profile,
        )
        if other_core:
            bar.update(task, description="the other core (a child process)...")
            args = ["bench", "dice-of-doom", "--this-core-only", "--json"]
            args += [f"--sizes={','.join(map(str, size_list))}", f"--seeds={seeds}"]
            args += [f"--depth={depth}", f"--max-nodes={max_nodes}", f"--budget={budget}"]
            args += [f"--game-size={game_size}", f"--game-time={game_time}"]
            args += [f"--game-moves={game_moves}", "--match-size=0"]
            other = other_core_json(args)
            if other is not None:
                doc["other_core"] = other
    if json_out:
        print_json(doc)
        return
    for run in [doc] + ([doc["other_core"]] if "other_core" in doc else []):
        _print_dice(run, depth, seeds, budget)
    console.print(
        f"[dim]'-': did not finish within the node budget ({max_nodes:,} up to 5x5, "
        "scaled down by the board area above) on every seed. Nodes and "
        "seconds are sums over the seeds; 'same': the engine's root value equals "
        "minimax's and alpha-beta's wherever they finished. Depth columns: the smallest "
        "over the seeds; 'exact' is the full-width engine (book eval), 'play' what "
        "`lazytree play` uses (heuristic eval, width and quiescence of the deepening rater); "
        "*: on some seed the search reached the end of the game.[/]"
    )
    if profile is not None:
        console.print(f"profile of the clocked searches written to {profile}")
    m = doc.get("match")
    if m:
        console.print(
            f"heuristic against book eval on {m['size']}x{m['size']} (depth {m['depth']}, "
            f"width {m['width']}, {m['games']} games, seats swapped): heuristic wins "
            f"{m['heuristic']}, book wins {m['book']}, ties {m['ties']}; territory margin "
            f"{m['margin']:+d} for the heuristic"
        )


def _print_dice(doc: dict[str, Any], depth: int, seeds: int, budget: float) -> None:
    """The tables and the game's line of one core's run."""
    core = f"{doc['core']} core"
    nodes = Table(
        title=f"Nodes forced to depth {depth}, book eval, {seeds} seed(s) per size, {core}"
    )
    for col in ("size", "minimax", "alpha-beta", "engine", "engine/minimax", "ab/minimax", "same"):
        nodes.add_column(col, justify="right")
    times = Table(title=f"Seconds to depth {depth}; depth a {budget:g} s clock completes, {core}")
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
    g = doc.get("game")
    if g:
        console.print(
            f"AI-vs-AI game on {g['size']}x{g['size']}, {g['seconds_per_move']:g} s per move, "
            f"{core}: "
            f"{g['turns']} turns, {g['moves']} moves"
            f"{'' if g['finished'] else ' (stopped at the move cap)'} "
            f"({g['solved_moves']} forced or searched "
            f"to the end of the game), depth reached at least {g['min_depth']} (mean "
            f"{g['mean_depth']}) on the others, {g['seconds']:.1f} s, peak memory "
            f"{g['peak_memory_mb']} MB (resident, the game's own process), "
            f"winners {g['winners']}"
        )


def _per_node(json_out: bool) -> None:
    with gc_paused():
        doc = per_node_cost()
        doc["depth_in_processor_second"] = processor_depths()
    doc["core"] = core_kind()
    if json_out:
        print_json(doc)
        return
    table = Table(title=f"What a node costs at a fixed depth, {doc['core']} core")
    for col in ("search", "size", "depth", "nodes", "nodes/s", "bytes/node"):
        table.add_column(col, justify="right")
    for kind, depth in (("play", doc["play_depth"]), ("exact", doc["exact_depth"])):
        for size in doc["sizes"]:
            row = doc[str(size)][kind]
            table.add_row(
                kind,
                f"{size}x{size}",
                str(depth),
                f"{row['nodes']:,}",
                f"{row['nodes_per_second']:,.0f}",
                f"{row['bytes_per_node']:,}",
            )
    console.print(table)
    small, big = doc["sizes"]
    console.print(
        f"nodes per second, {big}x{big} over {small}x{small}: play "
        f"{doc['play_nodes_per_second_big_over_small']:.3f}, exact "
        f"{doc['exact_nodes_per_second_big_over_small']:.3f} (1.0: a node costs the same "
        "on both boards)"
    )
    depths = doc["depth_in_processor_second"]
    size = depths["size"]
    console.print(
        f"depth completed in {depths['budget_seconds']:g} s of processor time on {size}x{size} "
        f"(boards 0, 1, 2): exact {depths['exact']}, play {depths['play']}"
    )


def _against_racket(
    sizes: list[int], boards: int | None, depth: int, repeat: int, other_core: bool, json_out: bool
) -> None:
    with progress_bar(
        SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn()
    ) as bar:
        task = bar.add_task("the book's AI against Racket", total=None)
        try:
            doc = compare_with_racket(
                sizes,
                boards,
                depth=depth,
                repeat=repeat,
                progress=lambda text: bar.update(task, description=f"{core_kind()} core: {text}"),
            )
        except RacketUnavailable as err:
            fail(f"--against-racket: {err}")
        if other_core:
            bar.update(task, description="the other core (a child process)...")
            args = ["bench", "dice-of-doom", "--against-racket", "--this-core-only", "--json"]
            args += [f"--sizes={','.join(map(str, sizes))}", f"--depth={depth}"]
            args += [f"--repeat={repeat}", *([f"--seeds={boards}"] if boards else [])]
            other = other_core_json(args)
            if other is not None:
                doc["other_core"] = other
    if json_out:
        print_json(doc)
        return
    for run in [doc] + ([doc["other_core"]] if "other_core" in doc else []):
        _print_racket(run, depth)
    console.print(
        "[dim]ratio: lazytree's time / Racket's, per board (each side's processor time, "
        f"median of {repeat} interleaved rounds), then the median and range over the boards "
        "(below 1: lazytree is faster); target: at most 0.35 with the compiled "
        "core. Racket: the installed book program, compiled by raco make at its defaults. "
        "same: the first decision's nodes, every move's value and the best move, and "
        "the turn's moves, equal to the book's.[/]"
    )


PLAY_SEED = 1
"""The session's seed of ``--play-game`` (the board and the tie-breaks): the same game
from run to run, where the play command draws one."""


def _play_game(
    size: int, seconds: float, moves: int | None, json_out: bool, cpu_clock: bool
) -> None:

    if size == 0:
        fail("--play-game needs a board: --game-size from 2 to " + str(MAX_SIZE))
    ai = command_seat(load_game("dice-of-doom", size=size), seconds)
    with progress_bar(
        SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn()
    ) as bar:
        bar.add_task(f"`lazytree play dice-of-doom --size {size} --human none` (a child)")
        doc = play_command_game_in_child(
            ai, size, seconds, max_moves=moves, seed=PLAY_SEED, cpu_clock=cpu_clock
        )
    if json_out:
        print_json(doc)
        return
    worst = doc["worst_move"] or {}
    console.print(
        f"{doc['command']} ({doc['seat']}, {core_kind()} core): {doc['moves']} moves"
        f"{'' if doc['finished'] else ' (stopped at the move cap)'}, {doc['game_seconds']:.0f} s; "
        f"peak memory {doc['peak_memory_mb']} MB (resident, the game's own process; target "
        f"{doc['memory_target_mb']} MB); longest move {doc['max_move_over_budget']:.2f}x the "
        f"clock ({doc['clock']}; {doc['max_move_wall']:.3f} s wall, {doc['max_move_cpu']:.3f} s "
        f"processor; move {worst.get('index')}: search {worst.get('search', 0):.3f} s, "
        f"depth {worst.get('depth')}), median {doc['median_move_wall']:.3f} s wall, "
        f"{doc['moves_over_slack']} over {CLOCK_SLACK:g}x; "
        f"longest search alone {doc['max_search_over_budget']:.2f}x the clock; the game got "
        f"{doc['cpu_share']:.0%} of a processor",
        soft_wrap=True,
    )
    for target, met in doc["targets"].items():
        console.print(f"  {'[green]met[/]' if met else '[red]missed[/]'}  {target}")


def _print_racket(doc: dict[str, Any], depth: int) -> None:
    table = Table(
        title=f"The book's AI (minimax depth {depth}) against the book's Racket program, "
        f"{doc['core']} core"
    )
    for col in ("size", "boards", "measure", "lazytree s", "racket s", "median ratio", "range"):
        table.add_column(col, justify="right")
    table.add_column("same", justify="right")
    boards = doc["boards"]
    for row in doc["sizes"]:
        first, turn = row["first_decision"], row["whole_turn"]
        name = f"{row['size']}x{row['size']}"
        table.add_row(
            name,
            str(row["boards"]),
            "first decision",
            f"{first['python_seconds']:.3f}",
            f"{first['racket_seconds']:.3f}",
            f"{first['median']:.2f}x",
            f"{first['min']:.2f}-{first['max']:.2f}",
            f"{first['same_nodes_values_best']}/{row['boards']}",
        )
        table.add_row(
            name,
            str(row["boards"]),
            "whole turn",
            f"{row['python_seconds']:.3f}",
            f"{row['racket_seconds']:.3f}",
            f"{turn['median']:.2f}x",
            f"{turn['min']:.2f}-{turn['max']:.2f}",
            f"{sum(b['moves'] == b['racket_moves'] for b in boards if b['size'] == row['size'])}"
            f"/{row['boards']}",
        )
    first, turn = doc["first_decision"], doc["whole_turn"]
    table.add_row(
        "all",
        str(first["boards"]),
        "first decision",
        "",
        "",
        f"{first['median']:.2f}x",
        f"{first['min']:.2f}-{first['max']:.2f}",
        f"{first['same_nodes_values_best']}/{first['boards']}",
    )
    table.add_row(
        "all",
        str(turn["boards"]),
        "whole turn",
        "",
        "",
        f"{turn['median']:.2f}x",
        f"{turn['min']:.2f}-{turn['max']:.2f}",
        f"{turn['same_moves']}/{turn['boards']}",
    )
    console.print(table)
