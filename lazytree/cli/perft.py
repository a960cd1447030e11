"""``lazytree perft GAME --depth D``: positions at exactly D moves, the move-generator check."""

from __future__ import annotations

import time
from typing import Annotated, Any

import typer
from rich.progress import SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from lazytree.cli.common import PrintJsonOption, console, fail, game_group, print_json, progress_bar
from lazytree.games import Position
from lazytree.traverse import count_tree, perft_divide


def perft(
    position: Position,
    *,
    depth: Annotated[
        int,
        typer.Option("--depth", "-d", min=0, help="Count positions exactly this many moves in."),
    ],
    divide: Annotated[
        bool, typer.Option("--divide", help="Break the count down by first move.")
    ] = False,
    json_out: PrintJsonOption = False,
) -> None:
    """Count the positions exactly --depth moves from the start (games that end sooner
    add nothing); with --divide, one count per first move."""
    game, state = position
    if divide and depth < 1:
        fail("--divide needs --depth 1 or more")
    start = time.perf_counter()
    rows: list[tuple[str, int]] = []
    with progress_bar(
        SpinnerColumn(),
        TextColumn("perft {task.description}: {task.completed:,} nodes walked"),
        TimeElapsedColumn(),
    ) as progress:
        task = progress.add_task(str(depth), total=None)
        try:
            if divide:
                for move, n in perft_divide(game, state, depth):
                    rows.append((game.move_to_str(state, move), n))
                    progress.update(task, advance=n)
                total = sum(n for _, n in rows)
            else:
                total = count_tree(
                    game, state, depth, progress=lambda n: progress.update(task, completed=n)
                ).frontier
        except KeyboardInterrupt:
            walked = progress.tasks[0].completed if progress.tasks else 0
            after = f" after walking {walked:,.0f} nodes" if walked else ""
            fail(f"interrupted{after}: try a smaller --depth", code=130)
    seconds = time.perf_counter() - start
    if json_out:
        data: dict[str, Any] = {
            "game": game.name,
            "depth": depth,
            "perft": total,
            "seconds": round(seconds, 6),
        }
        if divide:
            data["divide"] = [{"move": label, "perft": n} for label, n in rows]
        print_json(data)
        return
    if divide:
        table = Table(box=None)
        table.add_column("move")
        table.add_column(f"perft({depth - 1})", justify="right")
        for label, n in rows:
            table.add_row(label, f"{n:,}")
        console.print(table)
    console.print(f"{game.name}: perft({depth}) = [bold]{total:,}[/]   [dim]{seconds:.3f} s[/]")


perft_app = game_group(
    "perft",
    "Count positions exactly D moves from the start (checks a move generator).",
    perft,
)
