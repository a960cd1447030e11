"""The report of a comparison: the plot (matplotlib, imported by :func:`plot_cases` alone) and the
tables of :func:`compare_position`'s cases."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any, BinaryIO

from lazytree.compare.runner import EAGER, METRICS, Case, Run

__all__ = ["case_label", "human_bytes", "markdown_table", "plot_cases", "short_moves"]


def _geomean(values: Sequence[float]) -> float:
    if len(values) == 1:
        return values[0]
    return math.exp(sum(math.log(v) for v in values) / len(values))


def plot_cases(
    cases: Sequence[Case], path: str | Path | BinaryIO | None = None, *, dpi: int = 110
) -> Any:
    """Nodes built and time against board size, log scale, one line per method (seeds of a size
    as their geometric mean, a point stopped by a budget as an upward triangle), written as PNG
    to ``path`` (a name or a binary file; ``None``: nowhere). The figure (Agg renderer)."""
    if not cases:
        raise ValueError("nothing to plot: no cases")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    sized = all("size" in c.options for c in cases)
    xs_of = {id(c): (c.options["size"] if sized else i) for i, c in enumerate(cases)}
    methods = [r.method for r in cases[0].runs]
    fig = Figure(figsize=(10, 4.2), layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(1, 2)
    panels = (("nodes_built", "nodes built"), ("seconds", "time (s)"))
    for ax, (metric, label) in zip(axes, panels, strict=True):
        for method in methods:
            points: dict[Any, list[Run]] = {}
            for c in cases:
                points.setdefault(xs_of[id(c)], []).append(c.run(method))
            xs = sorted(points)
            ys = [_geomean([max(getattr(r, metric), 1e-6) for r in points[x]]) for x in xs]
            style: dict[str, Any] = (
                {"linestyle": "--", "linewidth": 3, "alpha": 0.6, "marker": "s", "markersize": 8}
                if method == EAGER
                else {"marker": "o"}
            )
            (line,) = ax.plot(xs, ys, label=method, **style)
            stopped = [
                (x, y)
                for x, y in zip(xs, ys, strict=True)
                if not all(r.complete for r in points[x])
            ]
            if stopped:
                ax.plot(
                    [x for x, _ in stopped],
                    [y for _, y in stopped],
                    linestyle="none",
                    marker="^",
                    markersize=11,
                    color=line.get_color(),
                )
        ax.set_yscale("log")
        ax.set_xlabel("board size" if sized else "case")
        if sized:
            ax.set_xticks(sorted({xs_of[id(c)] for c in cases}))
        ax.set_ylabel(label)
        ax.grid(True, which="both", alpha=0.3)
    depth = cases[0].depth
    scope = "whole game" if depth is None else f"depth {depth}"
    note = ""
    if any(not r.complete for c in cases for r in c.runs):
        note = "  (triangle: stopped by the budget, the true figure is larger)"
    fig.suptitle(f"{cases[0].game}, {scope}: eager vs lazy{note}")
    axes[0].legend()
    if path is not None:
        fig.savefig(path, format="png", dpi=dpi)
    return fig


def human_bytes(n: int | None) -> str:
    """``1536`` as ``1.5 KiB``; ``None`` as ``-``.

    >>> human_bytes(1536), human_bytes(3 << 20), human_bytes(None)
    ('1.5 KiB', '3.0 MiB', '-')
    """
    if n is None:
        return "-"
    size = float(n)
    for unit in ("B", "KiB", "MiB"):
        if size < 1024:
            return f"{size:,.0f} B" if unit == "B" else f"{size:,.1f} {unit}"
        size /= 1024
    return f"{size:,.1f} GiB"


def short_moves(names: Sequence[str] | None, shown: int = 3) -> str:
    """The first ``shown`` moves and how many more: ``a, b, c (+2)``."""
    if names is None:
        return "-"
    if not names:
        return "none (game over)"
    more = f" (+{len(names) - shown})" if len(names) > shown else ""
    return ", ".join(names[:shown]) + more


def case_label(case: Case, keys: Sequence[str] = ("size", "seed")) -> str:
    """``size 4, seed 0`` from the options ``keys`` (else the game's name)."""
    parts = [f"{key} {case.options[key]}" for key in keys if key in case.options]
    return ", ".join(parts) or case.game


def markdown_table(cases: Sequence[Case]) -> str:
    """The comparison as a Markdown table (for notebooks and notes).

    Examples
    --------
    >>> from lazytree.compare import compare_position
    >>> from lazytree.games.tree_game import TreeGame
    >>> case = compare_position(TreeGame([[1, 2], [3]]), (), 2, "alphabeta", memory=False)
    >>> print(markdown_table([case]))  # doctest: +ELLIPSIS
    | case | method | value | best moves | built | needed | time | peak mem | eager/x nodes | ...
    | --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |
    | tree | eager | 3 | 1 | 6 | 6 | ... s | - |  |  |  | ref |
    | tree | alphabeta | 3 | 1 | 6 | 6 | ... s | - | 1x | ...x | - | yes |
    """
    head = (
        "| case | method | value | best moves | built | needed | time | peak mem "
        "| eager/x nodes | eager/x time | eager/x mem | same answer |\n"
        "| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
    )
    rows = [head]
    for case in cases:
        for run in case.runs:
            ratios = []
            for metric in METRICS:
                q = None if run.method == EAGER else case.ratio(run.method, metric)
                ratios.append("" if run.method == EAGER else "-" if q is None else str(q))
            cells = [
                case_label(case),
                run.method,
                "stopped" if run.value is None else f"{run.value:g}",
                short_moves(run.best_move_names),
                f"{run.nodes_built:,}",
                "-" if run.nodes_needed is None else f"{run.nodes_needed:,}",
                f"{run.seconds:.3f} s",
                human_bytes(run.peak_bytes),
                *ratios,
                case.verdict(run.method),
            ]
            rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)
