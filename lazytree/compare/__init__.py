"""Eager against lazy, measured side by side on the same positions.

:mod:`lazytree.compare.runner` measures (:func:`compare_position`);
:mod:`lazytree.compare.report` draws the plot and writes the tables;
:mod:`lazytree.compare.chart` shows the plot with or without matplotlib.
"""

from lazytree.compare.chart import Chart, chart, svg_chart
from lazytree.compare.report import (
    case_label,
    human_bytes,
    markdown_table,
    plot_cases,
    short_moves,
)
from lazytree.compare.runner import (
    DEFAULT_METHODS,
    EAGER,
    METRICS,
    Case,
    Method,
    Ratio,
    Run,
    Step,
    compare_position,
    parse_methods,
    variants,
)

__all__ = [
    "DEFAULT_METHODS",
    "EAGER",
    "METRICS",
    "Case",
    "Chart",
    "Method",
    "Ratio",
    "Run",
    "Step",
    "case_label",
    "chart",
    "compare_position",
    "human_bytes",
    "markdown_table",
    "parse_methods",
    "plot_cases",
    "short_moves",
    "svg_chart",
    "variants",
]
