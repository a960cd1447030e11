"""Export the explored part of a lazy tree: networkx graphs, Graphviz drawings (or SVG
without Graphviz: :func:`draw`), files; nothing is forced. Importing it lets nodes and
trees draw themselves in notebooks.

Examples
--------
>>> from lazytree.tree import Tree
>>> from lazytree.search import alphabeta
>>> from lazytree.games.tree_game import TreeGame
>>> tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> result = alphabeta(tree.root, depth=2)
>>> before = tree.stats.snapshot()
>>> graph = to_networkx(tree, result=result)
>>> graph.graph["pv"], tree.stats.snapshot() == before
('0 0', True)
"""

from __future__ import annotations

from typing import Any

from lazytree import tree as _tree
from lazytree.export.draw import (
    EdgeStyle,
    NodeStyle,
    default_edge_style,
    default_node_style,
    format_value,
    legend,
    to_graphviz,
)
from lazytree.export.graph import (
    BOARDS,
    ExportGraph,
    Labelled,
    derived_pv,
    limit_nodes,
    never_generated,
    node_items,
    node_label,
    not_searched,
    principal_line,
    pv_edges,
    to_networkx,
    without_pruned,
)
from lazytree.export.layered import Drawing, draw, layered_svg
from lazytree.export.positions import add_board_text, graph_positions
from lazytree.export.write import (
    FORMATS,
    GraphvizMissing,
    dot_available,
    format_for,
    node_link_text,
    render,
    require_dot,
    write_graph,
)

REPR_MAX_NODES = 80
"""At most this many nodes are drawn when a notebook shows a node or tree."""


def svg(node: _tree.Node[Any, Any], max_nodes: int | None = REPR_MAX_NODES) -> str | None:
    """The explored part below ``node`` as SVG text, or None when ``dot`` is missing
    (or the best line alone is longer than ``max_nodes``)."""
    if not dot_available():
        return None
    try:
        dot = to_graphviz(node, max_nodes=max_nodes)
    except ValueError:
        return None
    return render(dot, "svg").decode("utf-8")


_tree._svg_hook = svg

__all__ = [
    "BOARDS",
    "FORMATS",
    "REPR_MAX_NODES",
    "Drawing",
    "EdgeStyle",
    "ExportGraph",
    "GraphvizMissing",
    "Labelled",
    "NodeStyle",
    "add_board_text",
    "default_edge_style",
    "default_node_style",
    "derived_pv",
    "dot_available",
    "draw",
    "format_for",
    "format_value",
    "graph_positions",
    "layered_svg",
    "legend",
    "limit_nodes",
    "never_generated",
    "node_items",
    "node_label",
    "node_link_text",
    "not_searched",
    "principal_line",
    "pv_edges",
    "render",
    "require_dot",
    "svg",
    "to_graphviz",
    "to_networkx",
    "without_pruned",
    "write_graph",
]
