"""``lazytree count`` and ``lazytree analyse``: size and value of a position's tree."""

from __future__ import annotations

import time
from collections.abc import Hashable, Sequence
from typing import Annotated, Any

import typer
from rich.progress import SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from lazytree.cli.common import (
    MaxMemoryOption,
    MaxNodesOption,
    PrintJsonOption,
    command_limit,
    conflict,
    console,
    err_console,
    exit_partial,
    fail,
    game_group,
    given,
    human_size,
    memory_budget,
    note_work,
    plural,
    print_json,
    progress_bar,
)
from lazytree.cli.learn import PositionBookOption, WeightsOption, learned_game, open_position_book
from lazytree.export.graph import derived_pv
from lazytree.games import GAMES, Position
from lazytree.position_book import COMPLETE, booked_search
from lazytree.search import (
    RATERS,
    Limit,
    Rater,
    SearchResult,
    SearchStopped,
    make_rater,
    search,
)
from lazytree.search.raters import DEFAULT_PLAYOUTS
from lazytree.traverse import CountStopped, count_tree
from lazytree.tree import Tree

DepthOption = Annotated[
    int | None,
    typer.Option("--depth", "-d", min=0, help="Moves to look ahead; omit for the whole tree."),
]
LookaheadOption = Annotated[int, typer.Option("--depth", "-d", min=0, help="Moves to look ahead.")]
"""``--depth`` where it has a default (``explore``, ``compare``)."""


def move_strings(position: Position, moves: Sequence[Hashable]) -> list[str]:
    """The game's notation for a line of moves played from ``position``."""
    game, state = position
    out = []
    for move in moves:
        out.append(game.move_to_str(state, move))
        state = game.result(state, move)
    return out


CountNodesOption = Annotated[
    int | None,
    typer.Option(
        "--max-nodes",
        min=1,
        help="Node budget: stop after counting this many nodes (default: none; the count "
        "holds only the current line, so only the time it takes grows with the tree). "
        "Reaching it prints the count so far, marked partial, and exits with code 3.",
        show_default=False,
    ),
]


def count(
    position: Position,
    *,
    depth: DepthOption = None,
    max_nodes: CountNodesOption = None,
    max_memory: MaxMemoryOption = None,
    json_out: PrintJsonOption = False,
) -> None:
    """Count the tree from the start position (a position reached twice counts twice)."""
    limit = Limit(nodes=max_nodes, memory=memory_budget(max_memory))
    if depth is None:
        note_work("no --depth")  # the whole tree: what an out-of-memory error names
    start = time.perf_counter()
    stopped: CountStopped | None = None
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
                limit=limit,
            )
        except CountStopped as exc:
            stopped, result = exc, exc.counted
        except KeyboardInterrupt:
            hint = "a smaller --depth" if depth is not None else "--depth"
            counted = bar.tasks[0].completed if bar.tasks else 0
            after = f" after counting {counted:,.0f} nodes" if counted else ""
            fail(
                f"interrupted{after}: the tree is too big to count this way; try {hint}",
                code=130,
            )
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
    data["partial"] = stopped is not None
    data["stopped"] = None if stopped is None else stopped.reason
    why = None
    if stopped is not None:
        what, hint = budget_words(stopped.reason, limit)
        why = (
            f"{what} ran out: the figures are what was counted before it stopped "
            f"(raise {hint}, or give a smaller --depth)"
        )
    if json_out:
        print_json(data)
    else:
        scope = "whole tree" if depth is None else f"to depth {depth}"
        partial = ", [yellow]partial[/]" if stopped is not None else ""
        so_far = " counted before a budget stopped it" if stopped is not None else ""
        console.print(
            f"{position.game.name} ({scope}{partial}): [bold]{plural(result.nodes, 'node')}[/], "
            f"{plural(result.leaves, 'leaf', 'leaves')}{so_far}, in {seconds:.3f} s",
            soft_wrap=True,
        )
    if why is not None:
        exit_partial(why)


RATER_SPELLING = (
    "name:key=value parameters, e.g. alphabeta-tt:width=8:quiescence=1 or "
    "mcts:playouts=500:seed=3 (UCT: no depth; its playouts, default "
    f"{DEFAULT_PLAYOUTS:,}, or --time bound it)"
)
"""How ``--rater`` is spelled (the same as :func:`lazytree.search.search`)."""

RaterOption = Annotated[
    str,
    typer.Option(
        "--rater",
        "-r",
        help=f"Search algorithm: {', '.join(RATERS)} (auto: expectiminimax for games with "
        f"chance, else alphabeta); {RATER_SPELLING}.",
    ),
]

EngineRaterOption = Annotated[
    str | None,
    typer.Option(
        "--rater",
        "-r",
        help=f"Search algorithm: {', '.join(RATERS)}. Default: the fast exact engine "
        "(alphabeta-tt on a tree that shares transposed positions, deepened one move at "
        "a time, so a budget that runs out still leaves the deepest completed answer); "
        f"{RATER_SPELLING}.",
        show_default=False,
    ),
]


def command_rater(
    rater: str | None, *, depth_flags: tuple[str, ...] = ("--depth",), position_book: bool = False
) -> Rater | None:
    """The rater ``--rater`` spells (``None``: the default engine); a one-line error for a bad
    spelling, or depth options (``--position-book``) given to a rater without a depth."""
    if rater is None:
        return None
    try:
        made = make_rater(rater)
    except ValueError as exc:
        fail(str(exc))
    if not made.has_depth:
        for flag in depth_flags:
            if given(flag.removeprefix("--")):
                why = f"{made.name} has no depth: its playouts or --time bound it"
                conflict(flag, f"--rater {rater}", why)
        if position_book:
            why = f"a {made.name} value is no searched depth a position book can keep"
            conflict("--position-book", f"--rater {rater}", why)
    return made


TimeOption = Annotated[
    float | None,
    typer.Option(
        "--time",
        "-t",
        min=0.0,
        help="Iterative deepening of --rater (auto: alphabeta-tt, exact, full width) for "
        "this many seconds, up to --depth; reports the deepest completed depth.",
    ),
]


def run_search(tree: Tree[Any, Any], rate: Rater | None, limit: Limit) -> SearchResult[Any]:
    """Rate ``tree``'s root within ``limit``: the default engine (``rate`` None) or a clock
    deepens, answering with the deepest completed iteration; otherwise one search to the limit's
    depth (:class:`~lazytree.search.SearchStopped` when a budget runs out). ``ValueError`` when
    the rater cannot handle the position."""
    engine = make_rater("alphabeta-tt")
    if rate is None:
        # to the end of the game in one search: a deepening one would not know when it
        # got there (a stored rating reused through a transposition may hide a cut-off)
        whole = limit.depth is None and not limit.seconds
        return search(tree.root, limit, engine if whole else engine.deepened())
    if limit.seconds:  # auto deepens the engine, which rates chance nodes too
        return search(tree.root, limit, (engine if rate.name == "auto" else rate).deepened())
    return search(tree.root, limit, rate)


def partial_reason(result: SearchResult[Any], depth: int | None) -> str | None:
    """Why a deepening ``result`` falls short of ``depth`` (``None``: the end of the game):
    ``"nodes"`` or ``"memory"``, or ``None`` when it is complete or only the clock stopped it."""
    stopped = result.stopped
    if stopped not in ("nodes", "memory") or result.complete:
        return None
    searched = result.depth
    if result.mcts is None and depth is not None and searched is not None and searched >= depth:
        return None
    return str(stopped)


def budget_words(
    reason: str, limit: Limit, node: str = "node", nodes_flag: str = "--max-nodes"
) -> tuple[str, str]:
    """The budget that ran out (``reason``: ``"nodes"`` or ``"memory"``) in words, and the
    option that raises it."""
    if reason == "nodes":
        return f"the node budget ({plural(limit.nodes or 0, node)})", nodes_flag
    return f"the memory budget ({human_size(limit.memory or 0)})", "--max-memory"


def stopped_message(
    reason: str, limit: Limit, result: SearchResult[Any] | None, nodes_flag: str = "--max-nodes"
) -> str:
    """The one line that says a budget stopped the search, and what the answer is worth."""
    what, hint = budget_words(reason, limit, "new node", nodes_flag)
    if result is not None and result.mcts is not None:
        done = plural(result.mcts.playouts, "playout")
        return (
            f"{what} ran out after {done}: the answer is the most visited move so far "
            f"(raise {hint})"
        )
    if result is None:
        return (
            f"{what} ran out before the search finished: no answer. Raise {hint}, search "
            "less deep, or leave out --rater (the default engine answers with the deepest "
            "depth it completes)"
        )
    cut = None if result.deepening is None else result.deepening.interrupted
    at = f" at depth {cut}" if cut else ""
    return f"{what} ran out{at}: the answer is from depth {result.depth} (raise {hint})"


def result_dict(position: Position, result: SearchResult[Any], seconds: float) -> dict[str, Any]:
    """The JSON form of a search result, moves in the game's notation."""
    game, state = position
    data: dict[str, Any] = {"game": game.name, "rater": result.rater}
    if result.deepening is not None:  # iterative deepening: the rater of its iterations
        data["deepened"] = result.deepening.searched_by
    return data | {
        # None: to the end of the game (also when a deepening search got there)
        "depth": None if result.complete else result.depth,
        "player": result.player,
        "value": result.value,
        "best_moves": [game.move_to_str(state, m) for m in result.best_moves],
        "pv": move_strings(position, result.pv),
        "move_values": {game.move_to_str(state, m): v for m, v in result.move_values},
        "stats": result.stats.as_dict(),
        "seconds": round(seconds, 6),
    }


def outcome(
    position: Position, result: SearchResult[Any], tree: Tree[Any, Any] | None = None
) -> dict[str, Any] | None:
    """Who wins with best play: the returns of the position a search to the end of the game
    leads to (None for a depth-limited search), the line followed on through the ratings stored
    in ``tree`` where the search reused one."""
    if result.depth is not None and not result.complete:
        return None
    game, state = position
    line = tuple(result.pv)
    for move in line:
        state = game.result(state, move)
    if not game.is_terminal(state) and tree is not None:
        node = tree.root
        for move in line:
            node = node.child_for(move)
        more = derived_pv(node)
        line += more
        for move in more:
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
    return {
        "returns": scores,
        "winners": winners,
        "text": text,
        "moves": len(line),
        "line": move_strings(position, line),
    }


def analyse(
    position: Position,
    *,
    depth: Annotated[
        int | None,
        typer.Option(
            "--depth",
            "-d",
            min=0,
            help="Moves to look ahead; default: the game's analysis depth "
            "(the whole game for small games such as knights, tictactoe and tree).",
        ),
    ] = None,
    solve: Annotated[
        bool, typer.Option("--solve", help="Search to the end of the game (instead of --depth).")
    ] = False,
    rater: EngineRaterOption = None,
    time_budget: TimeOption = None,
    max_nodes: MaxNodesOption = None,
    max_memory: MaxMemoryOption = None,
    json_out: PrintJsonOption = False,
    position_book: PositionBookOption = None,
    weights: WeightsOption = None,
) -> None:
    """Rate the start position: value, all best moves, principal variation, nodes forced.

    A node or memory budget that runs out prints the deepest answer completed, marked
    partial, and exits with code 3. --rater mcts runs UCT (mcts:playouts=N:seed=S, or
    until --time): the most visited move and line, the visits of each move."""
    rate = command_rater(
        rater, depth_flags=("--depth", "--solve"), position_book=position_book is not None
    )
    position = Position(learned_game(position.game, weights), position.state)
    opened = open_position_book(position_book, position.game)
    if rate is not None and not rate.has_depth:
        depth = None
    elif solve:
        if given("depth"):
            conflict("--solve", "--depth", "--solve searches to the end of the game")
        depth = None
    elif depth is None:
        spec = GAMES.get(position.game.name)
        depth = spec.analysis_depth if spec is not None else 4
    limit = command_limit(position.state, max_nodes, max_memory, depth=depth, seconds=time_budget)
    # a rater named without a clock counts as the book does (no shared positions)
    share = rate is None or bool(time_budget) or not rate.has_depth
    tree: Tree[Any, Any] = Tree(position.game, position.state, share=share)
    start = time.perf_counter()
    engine = rater or "the exact engine"
    with err_console.status(f"searching with {engine}..."):
        try:
            result = booked_search(  # --position-book: answered from it, or stored in it
                opened,
                tree,
                lambda: run_search(tree, rate, limit),
                depth=COMPLETE if depth is None else depth,
            )
        except ValueError as exc:
            fail(str(exc))
        except SearchStopped as stop:
            if json_out:
                print_json(
                    {
                        "game": position.game.name,
                        "rater": rater,
                        "partial": True,
                        "stopped": stop.reason,
                        "answer": None,
                        "stats": tree.stats.snapshot().as_dict(),
                        "seconds": round(time.perf_counter() - start, 6),
                    }
                )
            exit_partial(stopped_message(stop.reason, limit, None))
    seconds = time.perf_counter() - start
    data, end = _analysis(position, result, tree, seconds)
    reason = partial_reason(result, depth)
    short = None if reason is None else stopped_message(reason, limit, result)
    data["partial"] = short is not None
    if json_out:
        print_json(data)
    else:
        _print_analysis(position, result, data, end, seconds)
    if short is not None:
        exit_partial(short)


def _analysis(
    position: Position, result: SearchResult[Any], tree: Tree[Any, Any], seconds: float
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The JSON document of ``analyse`` (but ``partial``) and the outcome with best play
    (None: the search did not reach the end of the game)."""
    data = result_dict(position, result, seconds)
    if result.position_book is not None:
        data["position_book"] = result.position_book.status
    end = outcome(position, result, tree)
    if end is not None:
        data["pv"] = end.pop("line")  # the whole line to the end of the game
        data["outcome"] = end
    uct = result.mcts
    if uct is not None:  # UCT: how many playouts, and the visits that chose the move
        data["playouts"] = uct.playouts
        game, state = position
        data["visits"] = {game.move_to_str(state, m): n for m, n in uct.visits}
    return data, end


def _print_analysis(
    position: Position,
    result: SearchResult[Any],
    data: dict[str, Any],
    end: dict[str, Any] | None,
    seconds: float,
) -> None:
    """The position and what ``analyse`` found (``data``: its JSON document; ``end``: the
    outcome with best play) as a table."""
    console.print(position.game.render(position.state))
    table = Table(show_header=False, box=None)
    table.add_row("value", f"{result.value:g} (for player {result.player})")
    table.add_row("best moves", ", ".join(data["best_moves"]) or "none (game over)")
    table.add_row("principal variation", " ".join(data["pv"]) or "-")
    if end is not None:
        table.add_row("with best play", f"[bold]{end['text']}[/] after {end['moves']} moves")
    whole = result.depth is None or result.complete
    scope = "end of game" if whole else f"{result.depth} moves"
    name = result.rater if "deepened" not in data else f"{result.rater} ({data['deepened']})"
    uct = result.mcts
    if uct is not None:
        scope = f"{plural(data['playouts'], 'playout')}, the most visited line"
        table.add_row("visits", ", ".join(f"{m} {n:,}" for m, n in data["visits"].items()))
    joint = ", " if uct is not None else " to "
    table.add_row("search", f"{name}{joint}{scope}, {seconds:.3f} s")
    s = result.stats
    table.add_row(  # the words of docs/reference/glossary.md, each one count
        "counted",
        f"{s.nodes_created:,} nodes created below the root, {s.nodes_expanded:,} nodes "
        f"expanded (the root included), {s.moves_generated:,} moves generated, "
        f"{s.evaluations:,} evaluations",
    )
    console.print(table)


count_app = game_group("count", "Count the game tree from a start position.", count)
analyse_app = game_group("analyse", "Rate a position: value, best moves, principal line.", analyse)
