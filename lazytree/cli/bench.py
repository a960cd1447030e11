"""``lazytree bench BENCHMARK``: the lazy tree against plain Python, in one process.

``bench`` is a command group with one command per benchmark.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from lazytree.bench import bench_tictactoe, tiny_searches
from lazytree.cli.analyse import JsonOption
from lazytree.cli.bench_dice import bench_dice_of_doom
from lazytree.cli.common import CheckedCommand, console, err_console, print_json
from lazytree.games import load_game

bench_app = typer.Typer(
    name="bench",
    help="Benchmarks: lazy-tree searches against plain recursive Python, ratios in one process.",
    no_args_is_help=True,
)
bench_app.command("dice-of-doom", cls=CheckedCommand)(bench_dice_of_doom)


@bench_app.command("tictactoe", cls=CheckedCommand)
def tictactoe(
    repeat: Annotated[
        int, typer.Option("--repeat", "-n", min=1, help="Runs of each solve; the fastest counts.")
    ] = 1,
    pause_gc: Annotated[
        bool,
        typer.Option("--pause-gc", help="Pause Python's garbage collector during every timed run."),
    ] = False,
    gc_share: Annotated[
        bool,
        typer.Option(
            "--gc-share",
            help="Also time lazy minimax with the collector as usual (not paused as "
            "the command line pauses it) and report the collector's share.",
        ),
    ] = False,
    memory: Annotated[
        bool,
        typer.Option("--memory/--no-memory", help="Measure the bytes per forced node."),
    ] = True,
    json_out: JsonOption = False,
) -> None:
    """Solve tic-tac-toe: lazy minimax, alpha-beta, shared alpha-beta vs plain Python.

    Prints nodes visited and seconds for each run, and the ratios to the baseline of the
    same algorithm, all measured in this process.
    """
    game, state = load_game("tictactoe")
    with err_console.status("solving tic-tac-toe...") as status:
        result = bench_tictactoe(
            game,
            state,
            repeat=repeat,
            pause_gc=pause_gc,
            gc_share=gc_share,
            memory=memory,
            progress=lambda name: status.update(f"solving: {name}"),
        )
    data = result.as_dict()
    if json_out:
        print_json(data)
        return
    gc_note = ", garbage collector paused" if pause_gc else ""
    table = Table(
        title=f"tic-tac-toe solved from the empty board (processor seconds, best of {repeat}"
        f"{gc_note}; lazy runs inside gc_paused)"
    )
    for column in ("run", "value", "nodes", "seconds", "time ratio", "node ratio"):
        table.add_column(column, justify="left" if column == "run" else "right")
    for row in data["runs"]:
        table.add_row(
            row["name"],
            f"{row['value']:g}",
            f"{row['nodes']:,}",
            f"{row['seconds']:.3f}",
            f"{row['time_ratio']:.2f}x" if "time_ratio" in row else "-",
            f"{row['node_ratio']:.3f}x" if "node_ratio" in row else "-",
        )
    console.print(table)
    console.print(
        "ratios: lazy run / baseline of the same algorithm (plain recursive Python); "
        f"distinct reachable positions: {data['distinct_positions']:,}"
    )
    if "gc_share_of_lazy_minimax" in data:
        console.print(
            "the collector's share of lazy minimax when not paused: "
            f"{data['gc_share_of_lazy_minimax']:.0%}"
        )
    if "memory_per_node" in data:
        m = data["memory_per_node"]
        console.print(
            f"memory per forced node (whole tree after minimax, tracemalloc): {m['total']:.0f} B"
            f" = tree {m['tree']:.0f} + game's states {m['game']:.0f} + rater's ratings "
            f"{m['rater']:.0f} + other {m['other']:.0f}"
        )
    for target, met in data["targets"].items():
        mark = "[green]met[/]" if met else "[red]missed[/]"
        console.print(f"  {mark}  {target}")


@bench_app.command("gc", cls=CheckedCommand)
def collector(
    searches: Annotated[
        int, typer.Option("--searches", min=1, help="Tiny searches to time each way.")
    ] = 400,
    live: Annotated[
        int, typer.Option("--live", min=0, help="Small lists kept alive in the second run.")
    ] = 2_000_000,
    json_out: JsonOption = False,
) -> None:
    """Tiny searches (tic-tac-toe, alpha-beta to depth 1) alone and among many live
    objects, in this process: a search's cost must not grow with the host's heap."""
    game, state = load_game("tictactoe")
    with err_console.status("timing tiny searches..."):
        result = tiny_searches(game, state, searches=searches, live=live)
    if json_out:
        print_json(result.as_dict())
        return
    console.print(
        f"{result.searches:,} tiny searches: {result.alone:.3f} s alone, {result.among:.3f} s "
        f"with {result.live:,} small lists alive, ratio {result.ratio:.2f} (processor seconds)",
        soft_wrap=True,
    )
