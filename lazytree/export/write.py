"""Writing an exported tree to a file: DOT, GraphML and JSON by Python alone, SVG and PNG by
Graphviz's ``dot`` (:class:`GraphvizMissing` without it)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lazytree.export.draw import to_graphviz
from lazytree.export.graph import ExportGraph

if TYPE_CHECKING:
    import graphviz

__all__ = [
    "FORMATS",
    "GraphvizMissing",
    "dot_available",
    "format_for",
    "node_link_text",
    "render",
    "require_dot",
    "write_graph",
]

FORMATS: dict[str, str] = {
    "dot": "Graphviz DOT text",
    "svg": "SVG picture (needs dot)",
    "png": "PNG picture (needs dot)",
    "graphml": "GraphML (networkx)",
    "json": "node-link JSON (networkx)",
    "html": "interactive explorer page, self-contained (lazytree.explorer)",
}
"""The output formats, each with a short description."""

_SUFFIXES = {".dot": "dot", ".gv": "dot", ".svg": "svg", ".png": "png", ".graphml": "graphml"}
_SUFFIXES.update({".json": "json", ".html": "html", ".htm": "html"})

INSTALL_HINT = (
    "Graphviz's `dot` program is needed to lay out SVG and PNG pictures, and it is not on "
    "PATH: install Graphviz (Debian/Ubuntu: sudo apt-get install graphviz; macOS: brew "
    "install graphviz; others: https://graphviz.org/download/), or write dot, graphml or "
    "json instead"
)


class GraphvizMissing(RuntimeError):
    """Graphviz's ``dot`` program is not installed (the message says how to get it)."""


def dot_available() -> bool:
    """True when Graphviz's ``dot`` program is on ``PATH``."""
    return shutil.which("dot") is not None


def require_dot() -> None:
    """Raise :class:`GraphvizMissing` unless ``dot`` is on ``PATH``."""
    if not dot_available():
        raise GraphvizMissing(INSTALL_HINT)


def format_for(path: str | Path, format: str | None = None) -> str:
    """The output format: ``format`` if given, else from the file's suffix.

    >>> format_for("tree.svg"), format_for("out.gv"), format_for("x.txt", "dot")
    ('svg', 'dot', 'dot')
    >>> format_for("tree.svg", "png")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: --format png does not match the suffix of 'tree.svg' (svg): ...
    >>> format_for("tree.pdf")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: cannot tell the format of 'tree.pdf' from its suffix: use one of .dot, ...
    """
    if format is not None:
        if format not in FORMATS:
            raise ValueError(f"unknown format {format!r} (known: {', '.join(FORMATS)})")
        implied = _SUFFIXES.get(Path(path).suffix.lower())
        if implied is not None and implied != format:
            raise ValueError(
                f"--format {format} does not match the suffix of {str(path)!r} ({implied}): "
                "drop one or make them agree"
            )
        return format
    suffix = Path(path).suffix.lower()
    if suffix not in _SUFFIXES:
        raise ValueError(
            f"cannot tell the format of {str(path)!r} from its suffix: use one of "
            f"{', '.join(_SUFFIXES)} or give the format"
        )
    return _SUFFIXES[suffix]


def render(dot: graphviz.Digraph, format: str) -> bytes:
    """Lay ``dot`` out with Graphviz as ``"svg"`` or ``"png"`` bytes."""
    require_dot()
    data = dot.pipe(format=format)
    assert isinstance(data, bytes)
    return data


def _jsonable(value: Any) -> Any:
    return value if isinstance(value, str | int | float | bool) or value is None else str(value)


def node_link_text(data: dict[str, Any]) -> str:
    """Node-link JSON (``networkx.node_link_data``) as text: compact, one node or edge a
    line (a 20,000-node search is a few MB, and a line is one record to grep).

    >>> print(node_link_text({"directed": True, "nodes": [{"id": "root"}], "edges": []}))
    {"directed":true,
    "nodes":[
    {"id":"root"}
    ],
    "edges":[
    <BLANKLINE>
    ]}
    <BLANKLINE>
    """
    rows = ("nodes", "edges")

    def compact(value: Any) -> str:
        return json.dumps(value, separators=(",", ":"), default=_jsonable, allow_nan=False)

    parts = [f"{compact(k)}:{compact(v)}" for k, v in data.items() if k not in rows]
    for key in rows:
        if key in data:
            parts.append(f'"{key}":[\n' + ",\n".join(map(compact, data[key])) + "\n]")
    return "{" + ",\n".join(parts) + "}\n"


def write_graph(
    graph: ExportGraph,
    path: str | Path,
    *,
    format: str | None = None,
    **draw_options: Any,
) -> str:
    """Write ``graph`` (from :func:`~lazytree.export.graph.to_networkx`) to ``path`` in
    ``format`` (one of :data:`FORMATS`; default from the suffix), drawn with ``draw_options``
    for dot, svg and png; the format used. :class:`GraphvizMissing` for svg and png without
    ``dot``, ``ValueError`` for an unknown format."""
    fmt = format_for(path, format)
    if fmt == "html":
        raise ValueError(
            "the HTML explorer is written from the tree, not from an exported graph: "
            "use lazytree.explorer.write_html"
        )
    import networkx as nx

    out = Path(path)
    if fmt == "graphml":
        nx.write_graphml(graph, out)
    elif fmt == "json":
        data = nx.node_link_data(graph, edges="edges")
        out.write_text(node_link_text(data), encoding="utf-8")
    else:
        dot = to_graphviz(graph, **draw_options)
        if fmt == "dot":
            out.write_text(dot.source, encoding="utf-8")
        else:
            out.write_bytes(render(dot, fmt))
    return fmt
