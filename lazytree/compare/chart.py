"""The comparison's plot wherever Python runs: :func:`chart` is
:func:`~lazytree.compare.report.plot_cases`'s PNG where matplotlib can be imported, else
:func:`svg_chart`'s SVG, drawn by lazytree itself (Pyodide, the static site's notebooks,
has no matplotlib offline): the same two panels (nodes built, seconds; log scale, one
line per method, an upward triangle where a budget stopped a method).

Examples
--------
>>> from lazytree.games import load_game
>>> from lazytree.compare import compare_position
>>> game, state = load_game("dice-of-doom", size=2, seed=0)
>>> cases = [compare_position(game, state, 2, memory=False, options={"size": 2})]
>>> "nodes built" in svg_chart(cases).svg
True
"""

from __future__ import annotations

import functools
import importlib.util
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from lazytree.compare.report import _geomean, plot_cases
from lazytree.compare.runner import EAGER, Case, Run

__all__ = ["Chart", "chart", "svg_chart"]

COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2")
PANEL_W, PANEL_H, MARGIN = 420.0, 260.0, 56.0


@dataclass(frozen=True)
class Chart:
    """A picture a notebook shows: PNG bytes (``png``) or SVG text (``svg``)."""

    png: bytes | None = None
    svg: str | None = None

    def _repr_png_(self) -> bytes | None:
        return self.png

    def _repr_svg_(self) -> str | None:
        return self.svg


def chart(cases: Sequence[Case], *, dpi: int = 90) -> Chart:
    """The plot of ``cases``: matplotlib's PNG (:func:`plot_cases`) where matplotlib can
    be imported, else :func:`svg_chart`'s SVG."""
    if importlib.util.find_spec("matplotlib") is not None:
        buffer = io.BytesIO()
        plot_cases(cases, buffer, dpi=dpi)
        return Chart(png=buffer.getvalue())
    return svg_chart(cases)


def _point(
    x: float, y: float, *, left: float, top: float, xs: list[float], low: int, high: int
) -> tuple[float, float]:
    """Where ``(x, y)`` falls in a panel at ``(left, top)``: ``xs`` spread evenly over
    its width, ``y`` on a log scale from ``10**low`` (its bottom) to ``10**high``."""
    fx = 0.5 if len(xs) == 1 else (x - xs[0]) / (xs[-1] - xs[0])
    fy = (math.log10(y) - low) / (high - low)
    return left + 20 + fx * (PANEL_W - 40), top + PANEL_H * (1 - fy)


def svg_chart(cases: Sequence[Case]) -> Chart:
    """Nodes built and time against board size (or the case's order), log scale, one
    line per method, drawn as SVG without matplotlib: :func:`plot_cases`'s panels."""
    if not cases:
        raise ValueError("nothing to plot: no cases")
    sized = all("size" in c.options for c in cases)
    xs_of = {id(c): (c.options["size"] if sized else i) for i, c in enumerate(cases)}
    methods = [r.method for r in cases[0].runs]
    xs = sorted({xs_of[id(c)] for c in cases})
    width = 2 * (PANEL_W + MARGIN) + MARGIN
    height = PANEL_H + 2 * MARGIN + 18 * len(methods)
    depth = cases[0].depth
    scope = "whole game" if depth is None else f"depth {depth}"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="Helvetica,Arial,sans-serif" '
        'font-size="11" style="max-width:100%;height:auto">',
        f'<text x="{width / 2:.0f}" y="20" text-anchor="middle" font-size="13">'
        f"{escape(f'{cases[0].game}, {scope}: eager vs lazy')}</text>",
    ]
    for p, (metric, label) in enumerate((("nodes_built", "nodes built"), ("seconds", "time (s)"))):
        series: dict[str, list[tuple[float, float, bool]]] = {}
        for method in methods:
            points: dict[float, list[Run]] = {}
            for c in cases:
                points.setdefault(xs_of[id(c)], []).append(c.run(method))
            series[method] = [
                (
                    x,
                    _geomean([max(float(getattr(r, metric)), 1e-6) for r in points[x]]),
                    all(r.complete for r in points[x]),
                )
                for x in sorted(points)
            ]
        ys = [y for line in series.values() for _, y, _ in line]
        low = math.floor(math.log10(min(ys)))
        high = max(math.ceil(math.log10(max(ys))), low + 1)
        left, top = MARGIN + p * (PANEL_W + MARGIN), MARGIN

        at = functools.partial(_point, left=left, top=top, xs=xs, low=low, high=high)

        out.append(
            f'<rect x="{left}" y="{top}" width="{PANEL_W}" height="{PANEL_H}" fill="none" '
            'stroke="#333"/>'
        )
        for e in range(low, high + 1):
            _, gy = at(xs[0], 10.0**e)
            out.append(
                f'<line x1="{left}" x2="{left + PANEL_W}" y1="{gy:.1f}" y2="{gy:.1f}" '
                'stroke="#ddd"/>'
                f'<text x="{left - 4}" y="{gy + 4:.1f}" text-anchor="end">1e{e}</text>'
            )
        for x in xs:
            gx, _ = at(x, 10.0**low)
            out.append(
                f'<text x="{gx:.1f}" y="{top + PANEL_H + 14}" text-anchor="middle">{x}</text>'
            )
        out.append(
            f'<text x="{left + PANEL_W / 2}" y="{top + PANEL_H + 30}" text-anchor="middle">'
            f"{'board size' if sized else 'case'}</text>"
            f'<text x="{left + 4}" y="{top - 6}">{escape(label)}</text>'
        )
        for m, (method, line) in enumerate(series.items()):
            colour = COLOURS[m % len(COLOURS)]
            dash = (
                ' stroke-dasharray="6,3" stroke-width="3" opacity="0.6"' if method == EAGER else ""
            )
            coords = " ".join("{:.1f},{:.1f}".format(*at(x, y)) for x, y, _ in line)
            out.append(
                f'<polyline points="{coords}" fill="none" stroke="{colour}"'
                + (dash or ' stroke-width="1.5"')
                + f"><title>{escape(method)}</title></polyline>"
            )
            for x, y, complete in line:
                cx, cy = at(x, y)
                if complete:
                    out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="3" fill="{colour}"/>')
                else:  # stopped by the budget: the true figure is larger
                    out.append(
                        f'<polygon points="{cx:.1f},{cy - 6:.1f} {cx - 5:.1f},{cy + 4:.1f} '
                        f'{cx + 5:.1f},{cy + 4:.1f}" fill="{colour}"/>'
                    )
    key_top = MARGIN + PANEL_H + 48
    for m, method in enumerate(methods):
        y = key_top + 18 * m
        colour = COLOURS[m % len(COLOURS)]
        out.append(
            f'<line x1="{MARGIN}" x2="{MARGIN + 24}" y1="{y - 4}" y2="{y - 4}" stroke="{colour}" '
            f'stroke-width="3"/><text x="{MARGIN + 30}" y="{y}">{escape(method)}</text>'
        )
    if any(not r.complete for c in cases for r in c.runs):
        out.append(
            f'<text x="{MARGIN + 200}" y="{key_top}">triangle: stopped by the budget, '
            "the true figure is larger</text>"
        )
    out.append("</svg>")
    return Chart(svg="\n".join(out))
