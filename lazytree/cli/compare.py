"""``lazytree compare GAME``: eager against lazy on the same start positions."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from lazytree.cli.analyse import LookaheadOption
from lazytree.cli.common import (
    EXIT_INTERRUPTED,
    MIN_MEMORY,
    GameSetup,
    PrintJsonOption,
    conflict,
    console,
    default_nodes,
    err_console,
    exit_partial,
    fail,
    game_group,
    given,
    human_size,
    memory_budget,
    print_json,
    progress_bar,
    setup_position,
)
from lazytree.cli.files import check_output
from lazytree.compare import (
    DEFAULT_METHODS,
    EAGER,
    Case,
    Method,
    Run,
    Step,
    case_label,
    compare_position,
    human_bytes,
    parse_methods,
    plot_cases,
    short_moves,
    variants,
)
from lazytree.eager import DEFAULT_MAX_BYTES, DEFAULT_MAX_NODES
from lazytree.games import Position
from lazytree.search import Limit
from lazytree.search.limit import DEFAULT_MEMORY

DEFAULT_DEPTH = 6
"""Deep enough that eager's cost shows on a 5x5 board, shallow enough that
``lazytree compare dice-of-doom --sizes 2,3,4,5`` takes about a minute."""


MAX_CASES = 1_000
"""The most cases (board sizes times seeds) one ``compare`` run takes."""


def parse_sizes(text: str) -> list[int]:
    """``"2,3,4,5"`` (or ``"2-5"``) as a list of board sizes (at most :data:`MAX_CASES`).

    >>> parse_sizes("2-4,7")
    [2, 3, 4, 7]
    >>> parse_sizes("2-1000000000")
    Traceback (most recent call last):
    ...
    ValueError: --sizes '2-1000000000': 999,999,999 sizes; at most 1,000
    """
    sizes: list[int] = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        low, dash, high = part.partition("-")
        try:
            if dash:
                first, last = int(low), int(high)
                if last - first >= MAX_CASES:
                    raise OverflowError(last - first + 1)
                sizes.extend(range(first, last + 1))
            else:
                sizes.append(int(part))
        except OverflowError as many:
            raise ValueError(
                f"--sizes {text!r}: {many.args[0]:,} sizes; at most {MAX_CASES:,}"
            ) from None
        except ValueError:
            raise ValueError(f"--sizes {text!r}: expected sizes like 2,3,4,5 or 2-5") from None
        if len(sizes) > MAX_CASES:
            raise ValueError(f"--sizes {text!r}: more than {MAX_CASES:,} sizes")
    if not sizes:
        raise ValueError(f"--sizes {text!r}: no size given")
    return sizes


def varying_keys(cases: list[Case]) -> tuple[str, ...]:
    """The case options (size, seed) that differ between cases; all of them for one case."""
    keys = tuple(k for k in ("size", "seed") if any(k in c.options for c in cases))
    if len(cases) < 2:
        return keys
    return tuple(k for k in keys if len({repr(c.options.get(k)) for c in cases}) > 1) or keys


def _answer(run: Run, case: Case) -> tuple[str, str, str]:
    if not run.complete:
        return "[bold yellow]stopped[/]", "-", "-"
    verdict = case.verdict(run.method)
    same = {"NO": "[bold red]NO[/]", "yes": "[green]yes[/]"}.get(verdict, verdict)
    return f"{run.value:g}", short_moves(run.best_move_names), same


def render_table(cases: list[Case], memory: bool) -> Table:
    """The comparison as a rich table: one row per case and method."""
    keys = varying_keys(cases)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1))
    columns = ("case", "method", "value", "best moves", "built", "needed", "time", "peak mem")
    for name in (*columns, "eager/x\nnodes", "eager/x\ntime", "eager/x\nmem", "same\nanswer"):
        if memory or name not in ("peak mem", "eager/x\nmem"):
            left = name in ("case", "method", "best moves", "same\nanswer")
            table.add_column(name, justify="left" if left else "right")
    metrics = ("nodes_built", "seconds", "peak_bytes") if memory else ("nodes_built", "seconds")
    for i, case in enumerate(cases):
        for j, run in enumerate(case.runs):
            value, moves, same = _answer(run, case)
            ratios = []
            for metric in metrics:
                q = None if run.method == EAGER else case.ratio(run.method, metric)
                ratios.append("" if run.method == EAGER else "-" if q is None else str(q))
            row = [
                case_label(case, keys) if j == 0 else "",
                run.method,
                value,
                moves,
                f"{run.nodes_built:,}",
                "-" if run.nodes_needed is None else f"{run.nodes_needed:,}",
                f"{run.seconds:.3f} s",
            ]
            if memory:
                row.append(human_bytes(run.peak_bytes))
            last = j == len(case.runs) - 1 and i < len(cases) - 1
            table.add_row(*row, *ratios, same, end_section=last)
    return table


# the options of ``compare``
WholeGameOption = Annotated[
    bool,
    typer.Option(
        "--whole-game",
        help="No depth limit: build and search the whole game, as chapter 10 does "
        "(replaces --depth; mind the budgets).",
    ),
]
SizesOption = Annotated[
    str | None,
    typer.Option(
        "--sizes",
        help="Board sizes to compare, e.g. 2,3,4,5 or 2-5 (games with a size option); "
        "default: the --size given.",
    ),
]
SeedsOption = Annotated[
    int,
    typer.Option(
        "--seeds",
        min=1,
        help="Start boards per size: seeds --seed, --seed+1, ... (--seed defaults to 0).",
    ),
]
DEFAULT_RATERS = ",".join(DEFAULT_METHODS)
"""``--rater``'s default: the lazy methods of :data:`~lazytree.compare.DEFAULT_METHODS`."""
MethodsOption = Annotated[
    str,
    typer.Option(
        "--rater",
        "-r",
        help="Lazy methods, comma-separated: rater names, and NAME+share for the rater on "
        "a tree that shares transposed positions. Eager (build, then minimax) always runs.",
    ),
]
CompareNodesOption = Annotated[
    int | None,
    typer.Option(
        "--max-nodes",
        min=1,
        help=f"Node budget of every method (eager and lazy) per case (default "
        f"{DEFAULT_MAX_NODES:,}, fewer on big boards so they fit the memory budget).",
        show_default=False,
    ),
]
CompareMemoryOption = Annotated[
    str | None,
    typer.Option(
        "--max-memory",
        help="Memory budget, e.g. 500M or 2G (a bare number is MiB): of the eager build "
        f"(estimated; default {DEFAULT_MAX_BYTES >> 20:,} MiB) and of the whole process "
        f"while any method runs (measured; default and most {human_size(DEFAULT_MEMORY)}); "
        f"at least {human_size(MIN_MEMORY)}.",
        show_default=False,
    ),
]
MeasureMemoryOption = Annotated[
    bool,
    typer.Option(
        "--memory/--no-memory",
        help="Measure peak memory with tracemalloc (a second, traced run of each method).",
    ),
]
PlotOption = Annotated[
    Path | None,
    typer.Option("--plot", help="Write a PNG: nodes and time against board size, log scale."),
]


def compare(
    position: Position,
    setup: GameSetup,
    *,
    depth: LookaheadOption = DEFAULT_DEPTH,
    whole_game: WholeGameOption = False,
    sizes: SizesOption = None,
    seeds: SeedsOption = 1,
    rater: MethodsOption = DEFAULT_RATERS,
    max_nodes: CompareNodesOption = None,
    max_memory: CompareMemoryOption = None,
    memory: MeasureMemoryOption = True,
    json_out: PrintJsonOption = False,
    plot: PlotOption = None,
) -> None:
    """Rate the start position eagerly (build the whole tree to the depth, then minimax) and
    lazily (each rater forcing only what it needs); compare nodes, time and memory, and
    check that every method finds the same value and best moves."""
    if whole_game and given("depth"):
        conflict("--whole-game", "--depth", "the whole game has no depth limit")
    methods, option_sets = _cases(setup, rater, sizes, seeds)
    if plot is not None:
        check_output(plot, "--plot")
    process_memory = memory_budget(max_memory)
    eager_bytes = DEFAULT_MAX_BYTES if max_memory is None else process_memory
    # the first case and the largest board now (their mistakes are found before any work,
    # and the largest sets the default node budget); the others as they come
    largest = max(option_sets, key=lambda opts: opts.get("size") or 0)
    built = {id(o): setup_position(setup.spec, o) for o in (option_sets[0], largest)}
    if max_nodes is None:
        max_nodes = min(DEFAULT_MAX_NODES, *(default_nodes(pos.state) for pos in built.values()))
    search_depth = None if whole_game else depth
    start = time.perf_counter()
    one_case = partial(
        compare_position,
        depth=search_depth,
        methods=methods,
        max_nodes=max_nodes,
        max_bytes=eager_bytes,
        limit=Limit(memory=process_memory),
        memory=memory,
    )
    cases, interrupted = _run_cases(setup, option_sets, built, one_case, 1 + len(methods))
    seconds = time.perf_counter() - start
    done = f"{len(cases)} of {len(option_sets)} cases done"
    if interrupted and not cases:
        fail(f"interrupted: {done}", code=EXIT_INTERRUPTED)
    if json_out:
        print_json(
            {
                "game": setup.spec.name,
                "depth": search_depth,
                "methods": [EAGER, *(m.name for m in methods)],
                "max_nodes": max_nodes,
                "max_bytes": eager_bytes,
                "max_process_bytes": process_memory,
                "memory_measured": memory,
                "cases": [c.as_dict() for c in cases],
                "all_agree": all(c.agree is not False for c in cases),
                "seconds": round(seconds, 3),
                "plot": None if plot is None else str(plot),
            }
        )
    else:
        scope = "the whole game" if search_depth is None else f"depth {depth}"
        budgets = (max_nodes, eager_bytes, process_memory)
        _print_cases(setup.spec.name, cases, scope, budgets, memory, seconds)
    if interrupted:
        fail(f"interrupted: {done} (shown above)", code=EXIT_INTERRUPTED)
    if plot is not None:  # after the table: a plot that cannot be written loses nothing
        try:
            plot_cases(cases, plot)
        except (OSError, ValueError) as exc:
            fail(f"cannot write the plot to {plot}: {getattr(exc, 'strerror', None) or exc}")
        if not json_out:
            console.print(f"plot written to {plot}", soft_wrap=True)
    _exit_code(cases)


def _cases(
    setup: GameSetup, rater: str, sizes: str | None, seeds: int
) -> tuple[tuple[Method, ...], list[dict[str, Any]]]:
    """The lazy methods ``--rater`` names and the game options of every case (a one-line
    error and exit 2 for a mistake)."""
    try:
        methods = parse_methods(rater)
        size_list = parse_sizes(sizes) if sizes is not None else None
        asked = len(size_list or [None]) * seeds
        if asked > MAX_CASES:
            given_as = "--seeds" if size_list is None else "--sizes and --seeds"
            raise ValueError(f"{given_as} ask for {asked:,} cases; at most {MAX_CASES:,}")
        return methods, list(variants(setup.options, size_list, seeds))
    except ValueError as exc:
        fail(f"{setup.spec.name}: {exc}")


def _run_cases(
    setup: GameSetup,
    option_sets: list[dict[str, Any]],
    built: dict[int, Position],
    one_case: Callable[..., Case],
    steps_per_case: int,
) -> tuple[list[Case], bool]:
    """Every case compared, under a progress bar (``built``: positions made already, by
    the ``id`` of their options); the cases done and whether Ctrl-C stopped the rest."""
    cases: list[Case] = []
    with progress_bar(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    ) as progress:
        task = progress.add_task("comparing", total=len(option_sets) * steps_per_case)
        for opts in option_sets:
            label = ", ".join(f"{k} {opts[k]}" for k in ("size", "seed") if k in opts)
            label = label or setup.spec.name

            def report(step: Step, label: str = label) -> None:
                if step.phase == "done":
                    progress.advance(task)
                    return
                doing = f"{label}: {step.method}"
                if step.phase == "memory":
                    doing += " (memory run)"
                if step.nodes:
                    doing += f", {step.nodes:,} nodes"
                progress.update(task, description=doing)

            try:
                pos = built.pop(id(opts)) if id(opts) in built else None
                if pos is None:
                    pos = setup_position(setup.spec, opts)
                case = one_case(
                    pos.game,
                    pos.state,
                    options={k: v for k, v in opts.items() if k in ("size", "seed")},
                    progress=report,
                )
            except KeyboardInterrupt:
                return cases, True
            except ValueError as exc:  # e.g. a rater that cannot handle this game
                fail(f"{setup.spec.name}: {exc}")
            cases.append(case)
    return cases, False


def _print_cases(
    game: str,
    cases: list[Case],
    scope: str,
    budgets: tuple[int, int, int],
    memory: bool,
    seconds: float,
) -> None:
    """The comparison as a headline (``budgets``: of nodes, of the eager build's and the
    process's bytes), the table, what it found and how to read it."""
    out = console
    if not console.is_terminal:  # piped: keep whole rows (rich would fold at 80 columns)
        out = Console(highlight=False, width=max(console.width, 150))
    fixed = [k for k in ("size", "seed") if k in cases[0].options and k not in varying_keys(cases)]
    same = ", ".join(f"{k} {cases[0].options[k]}" for k in fixed)
    max_nodes, eager_bytes, process_memory = budgets
    out.print(
        f"[bold]{game}[/]{f' ({same})' if same and len(cases) > 1 else ''}, "
        f"{scope}: eager (build the whole tree, then "
        f"minimax) against lazy raters. Budget {max_nodes:,} nodes per method, "
        f"{human_size(eager_bytes)} for the eager build (estimated), "
        f"{human_size(process_memory)} for the process."
    )
    out.print(render_table(cases, memory))
    checked = [c for c in cases if c.agree is not None]
    against_eager = sum(1 for c in checked if c.checked_against == EAGER)
    if all(c.agree is not False for c in cases):
        out.print(
            f"[green]Same value and best moves from every method[/] in all {len(checked)} "
            f"case(s) checked ({against_eager} against eager; ref: the answer checked against)."
        )
    for case in cases:
        for run in case.runs:
            if not run.complete:
                out.print(f"[yellow]{case_label(case)}, {run.method}:[/] {run.stopped}")
    out.print(
        "built: nodes constructed; needed: distinct nodes the rater gave a value to; "
        "eager/x: eager's figure divided by this method's (>= when eager was stopped by "
        "its budget, so the true ratio is larger)."
    )
    out.print(f"{len(cases)} case(s) in {seconds:.1f} s.")


def _exit_code(cases: list[Case]) -> None:
    """Exit 1 when methods disagree (a bug, shown on stderr), 3 when a budget stopped a
    run, else return."""
    mismatched = [c for c in cases if c.agree is False]
    if mismatched:
        for case in mismatched:
            for line in case.mismatches:
                err_console.print(f"[bold red]MISMATCH[/] ({case_label(case)}): {line}")
        err_console.print(
            "[bold red]error:[/] eager and lazy rating disagree: this is a bug, please report it"
        )
        raise typer.Exit(1)
    stopped = sum(1 for c in cases for r in c.runs if not r.complete)
    if stopped:
        runs = sum(len(c.runs) for c in cases)
        exit_partial(
            f"{stopped} of {runs} runs were stopped by a budget (marked in the table); "
            "raise --max-nodes or --max-memory, or search less deep"
        )


compare_app = game_group(
    "compare",
    "Eager against lazy: nodes, time and memory to rate the start position.",
    compare,
    pass_setup=True,
)
