"""``lazytree bench BENCHMARK``: the lazy tree against plain Python, in one process.

``bench`` is a command group with one command per benchmark.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn
from rich.table import Table

from benchmarks import bench_tictactoe, tiny_searches
from benchmarks.cli_dice import bench_dice_of_doom
from benchmarks.cores import other_core_json
from benchmarks.serve import (
    ServeFair,
    bench_board,
    bench_serve,
    bench_serve_ai,
    bench_serve_fair,
)
from lazytree._core import core_kind
from lazytree.cli.common import (
    CheckedCommand,
    PrintJsonOption,
    console,
    err_console,
    fail,
    print_json,
    progress_bar,
)
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
    anchors: Annotated[
        bool,
        typer.Option(
            "--anchors/--no-anchors",
            help="Also solve it with OpenSpiel's alpha-beta (C++ where bound, and Python "
            "over C++ states) and easyAI's Negamax where installed (pip install "
            "'lazytree[anchors]'), in this process, against the baseline alpha-beta.",
        ),
    ] = True,
    other_core: Annotated[
        bool,
        typer.Option(
            "--other-core/--this-core-only",
            help="Also run the benchmark on the other core (pure Python when this process "
            "runs the compiled one, and the reverse when it is built) in a child process, "
            "and show both side by side (each ratio measured in its own process).",
        ),
    ] = True,
    profile: Annotated[
        Path | None,
        typer.Option(
            "--profile",
            help="Write the cProfile statistics of one more lazy minimax run (this core) to "
            "this file; read them with `python -m pstats FILE`. In the compiled core the "
            "profiler sees only the interpreted functions.",
            dir_okay=False,
        ),
    ] = None,
    json_out: PrintJsonOption = False,
) -> None:
    """Solve tic-tac-toe: lazy minimax, alpha-beta, shared alpha-beta vs plain Python.

    Prints nodes visited and seconds for each run, and the ratios to the baseline of the
    same algorithm, all measured in this process; by default the same again on the
    other core (compiled or pure Python), in a child process.
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
            anchors=anchors,
            profile=profile,
            progress=lambda name: status.update(f"solving ({core_kind()} core): {name}"),
        )
        other = None
        if other_core:
            status.update("solving on the other core (a child process)...")
            flags = [f"--repeat={repeat}", "--memory" if memory else "--no-memory"]
            flags.append("--anchors" if anchors else "--no-anchors")
            other = _other_core_run([*flags, *(["--pause-gc"] if pause_gc else [])])
    data = result.as_dict()
    if other is not None:
        data["other_core"] = other
    if json_out:
        print_json(data)
        return
    gc_note = ", garbage collector paused" if pause_gc else ""
    table = Table(
        title=f"tic-tac-toe solved from the empty board (processor seconds, best of {repeat}"
        f"{gc_note}; 'lazy' runs inside the driver's gc_paused, 'library' runs as the "
        "README calls them)"
    )
    cores = [data] if other is None else [data, other]
    table.add_column("run")
    for column in ("value", "nodes"):
        table.add_column(column, justify="right")
    for doc in cores:
        table.add_column(f"seconds, {doc['core']}", justify="right")
        table.add_column(f"time ratio, {doc['core']}", justify="right")
    table.add_column("node ratio", justify="right")
    others = {} if other is None else {row["name"]: row for row in other["runs"]}
    for row in data["runs"]:
        nodes = f"{row['nodes']:,}" if row["nodes"] else "-"  # (not counted)
        cells = [row["name"], f"{row['value']:g}", nodes]
        for r in [row] if other is None else [row, others.get(row["name"], {})]:
            cells.append(f"{r['seconds']:.3f}" if "seconds" in r else "-")
            cells.append(f"{r['time_ratio']:.2f}x" if "time_ratio" in r else "-")
        cells.append(f"{row['node_ratio']:.3f}x" if "node_ratio" in row else "-")
        table.add_row(*cells)
    console.print(table)
    for line in data.get("anchors_missing", []):
        console.print(f"[dim]not run: {line}[/]")
    console.print(
        "ratios: lazy run / baseline of the same algorithm (plain recursive Python) in the "
        f"same process; distinct reachable positions: {data['distinct_positions']:,}"
    )
    if other_core and other is None:
        console.print("the compiled core is not built: only the pure Python core was measured")
    if "gc_share_of_lazy_minimax" in data:
        console.print(
            "the collector's share of lazy minimax when not paused: "
            f"{data['gc_share_of_lazy_minimax']:.0%}"
        )
    for doc in cores:
        _print_memory(doc)
        for target, met in doc["targets"].items():
            mark = "[green]met[/]" if met else "[red]missed[/]"
            console.print(f"  {mark}  {target}")
    if profile is not None:
        console.print(f"profile of lazy minimax ({data['core']} core) written to {profile}")


def _print_memory(data: dict[str, Any]) -> None:
    if "memory_per_node" in data:
        m = data["memory_per_node"]
        console.print(
            f"memory per forced node ({data['core']} core; whole tree after minimax, "
            f"tracemalloc): {m['total']:.0f} B = tree {m['tree']:.0f} + game's states "
            f"{m['game']:.0f} + rater's ratings {m['rater']:.0f} + other {m['other']:.0f}"
        )


def _other_core_run(flags: list[str]) -> dict[str, Any] | None:
    """``bench tictactoe --json`` on the other core, in a child process; None when the
    other core is the compiled one and it is not built."""
    return other_core_json(["bench", "tictactoe", "--this-core-only", "--json", *flags])


@bench_app.command("gc", cls=CheckedCommand)
def collector(
    searches: Annotated[
        int, typer.Option("--searches", min=1, help="Tiny searches to time each way.")
    ] = 400,
    live: Annotated[
        int, typer.Option("--live", min=0, help="Small lists kept alive in the second run.")
    ] = 2_000_000,
    json_out: PrintJsonOption = False,
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


@bench_app.command("serve", cls=CheckedCommand)
def serve_load(
    games: Annotated[
        int | None,
        typer.Option(
            "--games",
            min=1,
            max=500,
            help="Games: of the crowd (default 200), or with --lift-caps played at once "
            "(2 clients each, default 50).",
        ),
    ] = None,
    lift_caps: Annotated[
        bool,
        typer.Option(
            "--lift-caps",
            help="The load of two-human games from one address, the server's caps lifted.",
        ),
    ] = False,
    addresses: Annotated[
        int,
        typer.Option("--addresses", min=1, max=200, help="Addresses of the crowd (127.0.0.x)."),
    ] = 20,
    attacker_games: Annotated[
        int,
        typer.Option(
            "--attacker-games", min=0, max=200, help="Games of 5 s AIs the attacker opens."
        ),
    ] = 20,
    max_moves: Annotated[
        int, typer.Option("--max-moves", min=1, max=10_000, help="Most plies of one game.")
    ] = 200,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the boards and the moves.")] = 1,
    ai_games: Annotated[
        int,
        typer.Option(
            "--ai-games",
            min=0,
            max=2000,
            help="Run the AI load instead: this many games of two AIs, watched by --sockets.",
        ),
    ] = 0,
    sockets: Annotated[
        int, typer.Option("--sockets", min=0, max=5000, help="Pages watching the AI games.")
    ] = 400,
    slow: Annotated[
        int, typer.Option("--slow", min=0, max=5000, help="Of --sockets, pages that never read.")
    ] = 20,
    seconds: Annotated[
        float | None,
        typer.Option(
            "--seconds",
            min=1,
            max=3600,
            help="How long the AI load runs at most (default 60; the crowd's: 900).",
        ),
    ] = None,
    ai_time: Annotated[
        float | None,
        typer.Option(
            "--ai-time",
            min=0.01,
            max=5,
            help="The AIs' seconds a move (default 0.1; the crowd's: 0.05).",
        ),
    ] = None,
    drain: Annotated[
        float,
        typer.Option(
            "--drain",
            min=0,
            max=3600,
            help="After --seconds, how long the AI load waits at most for the games still going.",
        ),
    ] = 300.0,
    workers: Annotated[
        int | None,
        typer.Option("--workers", min=1, max=256, help="The server's worker processes."),
    ] = None,
    dask: Annotated[
        bool,
        typer.Option("--dask", help="The AI load's searches on a two-worker Dask LocalCluster."),
    ] = False,
    board_size: Annotated[
        int,
        typer.Option(
            "--board-size",
            min=0,
            max=100,
            help="Instead: the web process's memory per game and a move's update size, "
            "four games of Dice of Doom SIZE x SIZE held with a page open (0: off).",
        ),
    ] = 0,
    json_out: PrintJsonOption = False,
) -> None:
    """The load benchmarks of lazytree serve.

    By default the server runs as lazytree serve does, with its default caps, in a
    process of its own, against a crowd, an attacker and a victim, every one an address
    of 127.0.0.0/8: --addresses addresses create --games games of two AIs (Dice of Doom
    3x3, --ai-time seconds a move), three at a time each, each watched to its end by
    its host's page; one address opens --attacker-games games of 5 s AIs and keeps them
    thinking, to take the workers; a victim's game of 0.2 s AIs is played beside it,
    then another among the crowd.
    Reports the games and pages the server refused, the players' pages evicted (their
    game put out of memory), the gaps between the victim's moves and the longest wait
    of its searches for a worker, and each creator address's share of the worker time;
    exits 1 when a game did not end, a page was evicted or a client failed.

    With --lift-caps: GAMES two-human games of Dice of Doom 3x3, two WebSocket clients
    each playing random moves, all at once from one address against a server in this
    process whose caps are lifted (its database in a temporary file).

    Reports the moves confirmed, the latency from a move sent to its push reaching the
    other client (p50, p95, max), and what was lost, duplicated, unconfirmed or differs
    from the database; exits 1 when any of those is not zero. The machine's load shows
    in the latencies: run it on a quiet machine to compare figures.

    With --ai-games N: N games of two AIs (--ai-time seconds a move) from one address on
    a server in a process of its own whose caps are lifted, its searches in --workers
    processes or (--dask) on a two-worker Dask LocalCluster, watched by --sockets pages
    of which --slow never read (on a tiny receive buffer, so the server has to drop
    them), for --seconds; then no game is started and it waits (at most --drain seconds)
    until every game ended. Reports the games started and finished, moves stored, lost
    and duplicated, the latency from a move stored to its push for pages of games
    without a slow page and for the reading pages of games with one, the slow pages
    dropped and when, /healthz's latency and the web process's resident memory at start,
    peak and once every page left.
    """
    if board_size:
        with err_console.status(f"four games of {board_size}x{board_size}, 12 moves each"):
            board = bench_board(board_size, 4, 12, seed)
        if json_out:
            print_json(board.as_json())
            return
        table = Table(title=f"lazytree serve, Dice of Doom {board_size}x{board_size}")
        table.add_column("figure")
        table.add_column("value", justify="right")
        table.add_row("web process memory per game", f"{board.mb_per_game:.1f} MiB")
        table.add_row(
            "a page's first update (the whole board)", f"{board.first_update_kb:,.1f} KiB"
        )
        table.add_row(
            "a move's update, largest (deflated)",
            f"{board.move_update_kb:.1f} KiB ({board.move_update_deflated_kb:.1f} KiB)",
        )
        console.print(table)
        return
    if ai_games:
        if slow > sockets:
            fail(f"--slow {slow} is more than --sockets {sockets}")
        seconds = 60.0 if seconds is None else seconds
        ai_time = 0.1 if ai_time is None else ai_time
        with err_console.status(
            f"{ai_games} AI games, {sockets} pages, {seconds:g} s of load"
        ) as status:
            load = bench_serve_ai(
                ai_games,
                sockets,
                slow,
                seconds,
                ai_time,
                dask=dask,
                workers=workers,
                seed=seed,
                drain=drain,
                on_progress=status.update,
            )
        if json_out:
            print_json(load.as_json())
        else:
            where = "a two-worker Dask LocalCluster" if dask else "worker processes"
            table = Table(
                title=f"lazytree serve, AI load: {ai_games} games, {sockets} pages "
                f"({load.slow} never read), searches in {where}"
            )
            table.add_column("figure")
            table.add_column("value", justify="right")
            for name, value in [
                ("seconds of load, then of waiting", f"{load.seconds:g}, {load.drain_seconds:g}"),
                ("games started / played to the end", f"{load.started:,} / {load.finished:,}"),
                ("moves stored", f"{load.moves:,}"),
                ("moves pushed to reading pages", f"{load.pushed:,}"),
                (
                    "lost / duplicated / differing",
                    f"{load.lost} / {load.duplicated} / {load.mismatched}",
                ),
                (
                    "stored -> push, games without a slow page, p50 / p95 / max",
                    f"{load.p50_ms:.1f} / {load.p95_ms:.1f} / {load.max_ms:.1f} ms",
                ),
                (
                    "stored -> push, other pages of games with one, p50 / p95 / max",
                    f"{load.slow_games_p50_ms:.1f} / {load.slow_games_p95_ms:.1f} / "
                    f"{load.slow_games_max_ms:.1f} ms",
                ),
                (
                    "/healthz p50 / p99 / max",
                    f"{load.healthz_p50_ms:.1f} / "
                    f"{load.healthz_p99_ms:.1f} / {load.healthz_max_ms:.1f} ms",
                ),
                (
                    "web process RSS start / after a first game / peak / end",
                    f"{load.rss_start_mb:.0f} / {load.rss_warm_mb:.0f} / "
                    f"{load.rss_peak_mb:.0f} / {load.rss_end_mb:.0f} MiB",
                ),
                (
                    "never-reading pages dropped (s after the start)",
                    f"{load.slow_dropped} of {load.slow}"
                    + (
                        f" ({load.slow_dropped_at[0]:g} to {load.slow_dropped_at[-1]:g} s)"
                        if load.slow_dropped_at
                        else ""
                    ),
                ),
            ]:
                table.add_row(name, value)
            console.print(table)
            for game in load.unfinished:
                err_console.print(f"not finished: {json.dumps(game)}", soft_wrap=True)
            for error in load.errors:
                err_console.print(f"error: {error}", soft_wrap=True)
        if not load.ok:
            raise typer.Exit(1)
        return

    if not lift_caps:
        with err_console.status("the crowd, the attacker and the victim") as status:
            fair = bench_serve_fair(
                200 if games is None else games,
                addresses,
                ai_seconds=0.05 if ai_time is None else ai_time,
                attacker_games=attacker_games,
                seconds=900.0 if seconds is None else seconds,
                workers=workers,
                seed=seed,
                on_progress=status.update,
            )
        if json_out:
            print_json(fair.as_json())
        else:
            _print_fair(fair)
        if not fair.ok:
            raise typer.Exit(1)
        return

    games = 50 if games is None else games
    with progress_bar(TextColumn("games played"), BarColumn(), MofNCompleteColumn()) as bar:
        task = bar.add_task("games", total=games)
        result = bench_serve(games, max_moves, seed, on_game=lambda: bar.advance(task))
    if json_out:
        print_json(result.as_json())
    else:
        table = Table(title=f"lazytree serve under load: {games} games, {2 * games} clients")
        table.add_column("figure")
        table.add_column("value", justify="right")
        rows = [
            ("moves confirmed", f"{result.moves:,}"),
            ("pushed to the other client", f"{result.pushes:,}"),
            ("games played to the end", f"{result.finished:,}"),
            ("move -> push p50", f"{result.p50_ms:.1f} ms"),
            ("move -> push p95", f"{result.p95_ms:.1f} ms"),
            ("move -> push max", f"{result.max_ms:.1f} ms"),
            ("moves a second", f"{result.moves_per_second:,.1f}"),
            ("lost / duplicated", f"{result.lost} / {result.duplicated}"),
            ("unconfirmed / differing from the db", f"{result.unconfirmed} / {result.mismatched}"),
        ]
        for name, value in rows:
            table.add_row(name, value)
        console.print(table)
        for error in result.errors:
            err_console.print(f"error: {error}", soft_wrap=True)
    if not result.ok:
        raise typer.Exit(1)


def _print_fair(fair: ServeFair) -> None:
    """The figures of :func:`~benchmarks.serve.bench_serve_fair` as a table."""
    table = Table(
        title=f"lazytree serve, default caps: {fair.games} games from {fair.addresses} "
        f"addresses, an attacker with {fair.attacker_games} games of 5 s AIs, a victim"
    )
    table.add_column("figure")
    table.add_column("value", justify="right")
    top = sorted(fair.share.items(), key=lambda kv: -kv[1])[:3]
    for name, value in [
        ("seconds", f"{fair.seconds:g}"),
        ("crowd's games played to the end", f"{fair.finished} of {fair.games}"),
        ("players' pages evicted", f"{fair.evicted}"),
        (
            "new games refused (asked again) / pages refused",
            f"{fair.refused_games} / {fair.refused_pages}",
        ),
        (
            "attacker's games made / its pages refused",
            f"{fair.attacker_created} / {fair.attacker_pages_refused}",
        ),
        (
            "victim's moves, gap p50 / max",
            f"{fair.victim_moves}, {fair.victim_p50_ms:.0f} / {fair.victim_max_ms:.0f} ms",
        ),
        (
            "victim among the crowd, gap p50 / max",
            f"{fair.crowd_victim_p50_ms:.0f} / {fair.crowd_victim_max_ms:.0f} ms",
        ),
        (
            "longest wait for a worker: victim / attacker",
            f"{fair.victim_wait_max_ms:.0f} / {fair.attacker_wait_max_ms:.0f} ms",
        ),
        ("attacker's share of the worker time", f"{fair.attacker_share:.1%}"),
        ("largest shares", ", ".join(f"{k} {v:.1%}" for k, v in top)),
        ("connections refused", f"{fair.connections_refused}"),
    ]:
        table.add_row(name, value)
    console.print(table)
    for error in fair.errors:
        err_console.print(f"error: {error}", soft_wrap=True)
