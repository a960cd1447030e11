"""``lazytree count`` and ``lazytree analyse``: size and value of a position's tree."""

from __future__ import annotations

import time
from collections.abc import Hashable, Sequence
from typing import Annotated, Any, Optional

import typer
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from games import Position
from lazytree.cli.common import console, err_console, fail, game_group, print_json
from lazytree.search import RATERS, Limit, SearchResult, get_rater, iterative_deepening
from lazytree.traverse import count_tree
from lazytree.tree import Tree

DepthOption = Annotated[
    Optional[int],  # noqa: UP045 (typer needs the Optional spelling)
    typer.Option("--depth", "-d", min=0, help="Moves to look ahead; omit for the whole tree."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON document instead.")]


def move_strings(position: Position, moves: Sequence[Hashable]) -> list[str]:
    """The game's notation for a line of moves played from ``position``."""
    game, state = position
    out = []
    for move in moves:
        out.append(game.move_to_str(state, move))
        state = game.result(state, move)
    return out


def count(position: Position, *, depth: DepthOption = None, json_out: JsonOption = False) -> None:
    """Count the tree from the start position (a position reached twice counts twice)."""
    start = time.perf_counter()
    with Progress(
        SpinnerColumn(),
        TextColumn("counting: {task.completed:,} nodes"),
        TimeElapsedColumn(),
        console=err_console,
        transient=True,
    ) as progress:
        task = progress.add_task("count", total=None)
        try:
            result = count_tree(
                position.game,
                position.state,
                depth,
                progress=lambda n: progress.update(task, completed=n),
            )
        except KeyboardInterrupt:
            fail("interrupted: the tree is too big to count this way; try --depth", code=130)
    seconds = time.perf_counter() - start
    data: dict[str, Any] = {
        "game": position.game.name,
        "depth": depth,
        "nodes": result.nodes,
        "leaves": result.leaves,
        "seconds": round(seconds, 6),
    }
    if depth is not None:
        data["frontier"] = result.frontier
    if json_out:
        print_json(data)
        return
    scope = "whole tree" if depth is None else f"to depth {depth}"
    console.print(
        f"{position.game.name} ({scope}): [bold]{result.nodes:,}[/] nodes, "
        f"{result.leaves:,} leaves, in {seconds:.3f} s"
    )


RaterOption = Annotated[
    str,
    typer.Option("--rater", "-r", help=f"Search algorithm: {', '.join(RATERS)}."),
]


def result_dict(position: Position, result: SearchResult[Any], seconds: float) -> dict[str, Any]:
    """The JSON form of a search result, moves in the game's notation."""
    game, state = position
    return {
        "game": game.name,
        "rater": result.rater,
        "depth": result.depth,
        "player": result.player,
        "value": result.value,
        "best_moves": [game.move_to_str(state, m) for m in result.best_moves],
        "pv": move_strings(position, result.pv),
        "move_values": {game.move_to_str(state, m): v for m, v in result.move_values},
        "stats": result.stats.as_dict(),
        "seconds": round(seconds, 6),
    }


def analyse(
    position: Position,
    *,
    depth: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--depth", "-d", min=0, help="Moves to look ahead; omit to solve the game."),
    ] = 4,
    rater: RaterOption = "alphabeta",
    time_budget: Annotated[
        Optional[float],  # noqa: UP045
        typer.Option(
            "--time",
            "-t",
            min=0.0,
            help="Iterative deepening (alphabeta-tt, exact: full width) for this many "
            "seconds, up to --depth; reports the deepest completed depth.",
        ),
    ] = None,
    json_out: JsonOption = False,
) -> None:
    """Rate the start position: value, all best moves, principal variation, nodes forced."""
    try:
        rate = get_rater(rater)
    except ValueError as exc:
        fail(str(exc))
    # positions are shared only for the deepening search: plain raters count as the book
    tree: Tree[Any, Any] = Tree(position.game, position.state, share=bool(time_budget))
    start = time.perf_counter()
    with err_console.status(f"searching with {rater}..."):
        try:
            if time_budget:
                result = iterative_deepening(tree.root, Limit(depth=depth, time=time_budget))
            else:
                result = rate(tree.root, depth)
        except ValueError as exc:
            fail(str(exc))
    seconds = time.perf_counter() - start
    data = result_dict(position, result, seconds)
    if json_out:
        print_json(data)
        return
    console.print(position.game.render(position.state))
    table = Table(show_header=False, box=None)
    table.add_row("value", f"{result.value:g} (for player {result.player})")
    table.add_row("best moves", ", ".join(data["best_moves"]) or "none (game over)")
    table.add_row("principal variation", " ".join(data["pv"]) or "-")
    scope = "end of game" if result.depth is None else f"{result.depth} moves"
    table.add_row("search", f"{result.rater} to {scope}, {seconds:.3f} s")
    s = result.stats
    table.add_row(
        "forced",
        f"{s.nodes_created:,} nodes created, {s.nodes_expanded:,} expanded, "
        f"{s.moves_generated:,} moves generated, {s.evaluations:,} evaluations",
    )
    console.print(table)


count_app = game_group("count", "Count the game tree from a start position.", count)
analyse_app = game_group("analyse", "Rate a position: value, best moves, principal line.", analyse)
