"""``lazytree count`` and ``lazytree analyse``: size and value of a position's tree."""

from __future__ import annotations

import time
from collections.abc import Hashable, Sequence
from typing import Annotated, Any, Optional

import typer
from rich.progress import SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from lazytree.book import COMPLETE, booked_search
from lazytree.cli.common import console, err_console, fail, game_group, print_json, progress_bar
from lazytree.cli.learn import BookOption, WeightsOption, learned_game, open_book
from lazytree.games import GAMES, Position
from lazytree.search import (
    RATERS,
    Limit,
    Rater,
    SearchResult,
    alphabeta_tt,
    auto,
    get_rater,
    iterative_deepening,
)
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
    with progress_bar(
        SpinnerColumn(), TextColumn("counting: {task.completed:,} nodes"), TimeElapsedColumn()
    ) as bar:
        task = bar.add_task("count", total=None)
        try:
            result = count_tree(
                position.game,
                position.state,
                depth,
                progress=lambda n: bar.update(task, completed=n),
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
    typer.Option(
        "--rater",
        "-r",
        help=f"Search algorithm: {', '.join(RATERS)} (auto: expectiminimax for games with "
        "chance, else alphabeta).",
    ),
]


TimeOption = Annotated[
    Optional[float],  # noqa: UP045
    typer.Option(
        "--time",
        "-t",
        min=0.0,
        help="Iterative deepening of --rater (auto: alphabeta-tt, exact, full width) for "
        "this many seconds, up to --depth; reports the deepest completed depth.",
    ),
]


def run_search(
    tree: Tree[Any, Any], rate: Rater, depth: int | None, seconds: float | None
) -> SearchResult[Any]:
    """Rate ``tree``'s root: iterative deepening of ``rate`` for ``seconds`` (up to
    ``depth``) when a time is given, else ``rate`` to ``depth``. The ``auto`` rater
    deepens with alphabeta-tt (exact, full width; its stored ratings make each depth
    cheap). ``ValueError`` when the rater cannot handle the position."""
    if seconds:
        deepened: Rater = alphabeta_tt if rate is auto else rate
        return iterative_deepening(tree.root, Limit(depth=depth, seconds=seconds), rater=deepened)
    return rate(tree.root, depth)


def result_dict(position: Position, result: SearchResult[Any], seconds: float) -> dict[str, Any]:
    """The JSON form of a search result, moves in the game's notation."""
    game, state = position
    data: dict[str, Any] = {"game": game.name, "rater": result.rater}
    if "searched_by" in result.extra:  # iterative deepening: the rater of its iterations
        data["deepened"] = result.extra["searched_by"]
    return data | {
        "depth": result.depth,
        "player": result.player,
        "value": result.value,
        "best_moves": [game.move_to_str(state, m) for m in result.best_moves],
        "pv": move_strings(position, result.pv),
        "move_values": {game.move_to_str(state, m): v for m, v in result.move_values},
        "stats": result.stats.as_dict(),
        "seconds": round(seconds, 6),
    }


def outcome(position: Position, result: SearchResult[Any]) -> dict[str, Any] | None:
    """Who wins with best play, from a search to the end of the game: the returns of the
    position its principal variation ends in (None for a depth-limited search)."""
    if result.depth is not None:
        return None
    game, state = position
    for move in result.pv:
        state = game.result(state, move)
    if not game.is_terminal(state):
        return None
    scores = list(game.returns(state))
    best = max(scores)
    winners = [p for p, v in enumerate(scores) if v == best]
    if len(winners) == len(scores):
        text = "a draw" if len(scores) == 2 else "a tie between all players"
    elif len(winners) == 1:
        text = f"player {winners[0]} wins"
    else:
        text = f"a tie between players {', '.join(map(str, winners))}"
    return {"returns": scores, "winners": winners, "text": text, "moves": len(result.pv)}


def analyse(
    position: Position,
    *,
    depth: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option(
            "--depth",
            "-d",
            min=0,
            help="Moves to look ahead; default: the game's analysis depth "
            "(the whole game for small games such as knights, tictactoe and tree).",
        ),
    ] = None,
    solve: Annotated[
        bool, typer.Option("--solve", help="Search to the end of the game (ignores --depth).")
    ] = False,
    rater: RaterOption = "auto",
    time_budget: TimeOption = None,
    json_out: JsonOption = False,
    book: BookOption = None,
    weights: WeightsOption = None,
) -> None:
    """Rate the start position: value, all best moves, principal variation, nodes forced."""
    position = Position(learned_game(position.game, weights), position.state)
    opened = open_book(book, position.game)
    try:
        rate = get_rater(rater)
    except ValueError as exc:
        fail(str(exc))
    if solve:
        depth = None
    elif depth is None:
        spec = GAMES.get(position.game.name)
        depth = spec.analysis_depth if spec is not None else 4
    # positions are shared only for the deepening search: plain raters count as the book
    tree: Tree[Any, Any] = Tree(position.game, position.state, share=bool(time_budget))
    start = time.perf_counter()
    with err_console.status(f"searching with {rater}..."):
        try:
            result = booked_search(  # --book: answered from it, or stored in it
                opened,
                tree,
                lambda: run_search(tree, rate, depth, time_budget),
                depth=COMPLETE if depth is None else depth,
            )
        except ValueError as exc:
            fail(str(exc))
    seconds = time.perf_counter() - start
    data = result_dict(position, result, seconds)
    if "book" in result.extra:
        data["book"] = result.extra["book"]
    end = outcome(position, result)
    if end is not None:
        data["outcome"] = end
    if json_out:
        print_json(data)
        return
    console.print(position.game.render(position.state))
    table = Table(show_header=False, box=None)
    table.add_row("value", f"{result.value:g} (for player {result.player})")
    table.add_row("best moves", ", ".join(data["best_moves"]) or "none (game over)")
    table.add_row("principal variation", " ".join(data["pv"]) or "-")
    if end is not None:
        table.add_row("with best play", f"[bold]{end['text']}[/] after {end['moves']} moves")
    scope = "end of game" if result.depth is None else f"{result.depth} moves"
    name = result.rater if "deepened" not in data else f"{result.rater} ({data['deepened']})"
    table.add_row("search", f"{name} to {scope}, {seconds:.3f} s")
    s = result.stats
    table.add_row(
        "forced",
        f"{s.nodes_created:,} nodes created, {s.nodes_expanded:,} expanded, "
        f"{s.moves_generated:,} moves generated, {s.evaluations:,} evaluations",
    )
    console.print(table)


count_app = game_group("count", "Count the game tree from a start position.", count)
analyse_app = game_group("analyse", "Rate a position: value, best moves, principal line.", analyse)
