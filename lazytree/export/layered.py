"""Drawings without Graphviz's ``dot``: an exported tree as SVG, laid out by depth.

:func:`draw` is what a notebook shows: :func:`~lazytree.export.draw.to_graphviz`'s drawing
where the ``dot`` program is installed, else :func:`layered_svg`'s, a plain layered
layout (the root at the top, each depth a row, each parent centred over its children)
with the same labels, shapes and colours, from the same style functions. Pyodide (the
static site's notebooks) has no ``dot``; a desktop may not either.

Examples
--------
>>> from lazytree.tree import Tree
>>> from lazytree.search import alphabeta
>>> from lazytree.games.tree_game import TreeGame
>>> tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> picture = layered_svg(tree, result=alphabeta(tree.root, depth=2))
>>> picture.svg.startswith("<svg") and "2 moves never generated" in picture.svg
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from lazytree.export.draw import (
    EdgeStyle,
    NodeStyle,
    default_edge_style,
    default_node_style,
    legend,
    to_graphviz,
)
from lazytree.export.graph import ExportGraph, limit_nodes, to_networkx, without_pruned
from lazytree.export.positions import add_board_text
from lazytree.export.write import dot_available
from lazytree.search.result import SearchResult
from lazytree.tree import Node, Tree

if TYPE_CHECKING:
    import graphviz

__all__ = ["Drawing", "draw", "layered_svg"]

CHAR = 6.6  # a character's width at the 11 px font, roughly
LINE = 14.0
PAD = 8.0
GAP_X = 14.0
GAP_Y = 34.0
DASHES = {"dashed": "5,3", "dotted": "1.5,3"}


@dataclass(frozen=True)
class Drawing:
    """An SVG picture; a notebook shows it (``_repr_svg_``)."""

    svg: str

    def _repr_svg_(self) -> str:
        return self.svg


def draw(
    source: Node[Any, Any] | Tree[Any, Any] | ExportGraph,
    **options: Any,
) -> graphviz.Digraph | Drawing:
    """:func:`~lazytree.export.draw.to_graphviz`'s drawing where Graphviz's ``dot`` is
    installed, else :func:`layered_svg`'s; the options are ``to_graphviz``'s (the
    layered drawing ignores ``rankdir``: its root is always at the top)."""
    if dot_available():
        return to_graphviz(source, **options)
    options.pop("rankdir", None)
    return layered_svg(source, **options)


def _unescape(label: str) -> list[tuple[str, str]]:
    """A Graphviz label's lines, each with its alignment (``middle`` or ``start``)."""
    lines: list[tuple[str, str]] = []
    text, i = "", 0
    while i < len(label):
        c = label[i]
        if c == "\\" and i + 1 < len(label):
            nxt = label[i + 1]
            if nxt in "nlr":
                lines.append((text, "start" if nxt == "l" else "middle"))
                text = ""
            else:
                text += nxt
            i += 2
            continue
        text += c
        i += 1
    if text or not lines:
        lines.append((text, "middle"))
    return lines


def layered_svg(
    source: Node[Any, Any] | Tree[Any, Any] | ExportGraph,
    *,
    result: SearchResult[Any] | None = None,
    max_nodes: int | None = None,
    show_pruned: bool = True,
    board: bool | None = None,
    node_style: NodeStyle = default_node_style,
    edge_style: EdgeStyle = default_edge_style,
    title: str | None = None,
) -> Drawing:
    """Draw the explored part of a tree (or an exported graph) as SVG, without Graphviz.

    The parameters are :func:`~lazytree.export.draw.to_graphviz`'s, and the nodes and
    edges get the same Graphviz attributes from ``node_style`` and ``edge_style``; the
    drawing reads their label, shape (box, ellipse, diamond; any other as a box), style
    (``filled``, ``rounded``, ``dashed``, ``dotted``, ``bold``), colours, ``penwidth``,
    ``peripheries`` and ``tooltip``. Siblings keep their order, left to right.
    """
    if isinstance(source, Node | Tree):
        graph = to_networkx(source, result=result, pruned=show_pruned, max_nodes=max_nodes)
        if board:
            add_board_text(graph, source)
    else:
        graph = source if show_pruned else without_pruned(source)
        if max_nodes is not None:
            graph = limit_nodes(graph, max_nodes)
    nodes: dict[str, dict[str, str]] = {}
    edges: list[tuple[str, str, dict[str, str]]] = []

    def kept_node(node_id: str, attrs: Mapping[str, Any]) -> dict[str, str]:
        nodes[node_id] = style = node_style(node_id, attrs)
        return style

    def kept_edge(u: str, v: str, attrs: Mapping[str, Any]) -> dict[str, str]:
        style = edge_style(u, v, attrs)
        edges.append((u, v, style))
        return style

    # the same attributes as Graphviz's drawing: to_graphviz asks the style functions
    to_graphviz(graph, board=board, node_style=kept_node, edge_style=kept_edge, title="")
    caption = legend(graph) if title is None else title
    return Drawing(_svg(nodes, edges, caption))


@dataclass(frozen=True)
class _Layout:
    """Where each node goes: its centre's ``x``, its ``top``, its ``size`` (width,
    height); the drawing's ``width`` and the ``bottom`` of its last row."""

    x: dict[str, float]
    top: dict[str, float]
    size: dict[str, tuple[float, float]]
    width: float
    bottom: float


def _layout(
    nodes: list[str], edges: list[tuple[str, str]], size: dict[str, tuple[float, float]]
) -> _Layout:
    """Lay ``nodes`` out by depth (each node's first edge in makes its parent): each
    subtree as wide as its widest row, each parent centred over its children, siblings
    in the order of ``edges``."""
    children: dict[str, list[str]] = {n: [] for n in nodes}
    parent: dict[str, str] = {}
    for u, v in edges:
        if v not in parent and v != u and u in children and v in children:
            parent[v] = u
            children[u].append(v)
    roots = [n for n in nodes if n not in parent]
    depth = dict.fromkeys(roots, 0)
    order: list[str] = []  # parents before children
    stack = list(reversed(roots))
    while stack:
        n = stack.pop()
        order.append(n)
        for c in reversed(children[n]):
            depth[c] = depth[n] + 1
            stack.append(c)

    def below(n: str) -> float:
        return sum(span[c] for c in children[n]) + GAP_X * max(len(children[n]) - 1, 0)

    span: dict[str, float] = {}  # the width of each subtree
    for n in reversed(order):
        span[n] = max(size[n][0], below(n))
    row_height = [0.0] * (max(depth.values(), default=0) + 1)
    for n, d in depth.items():
        row_height[d] = max(row_height[d], size[n][1])
    row_top = [PAD]
    for h in row_height[:-1]:
        row_top.append(row_top[-1] + h + GAP_Y)
    x: dict[str, float] = {}
    left: dict[str, float] = {}
    start = PAD
    for r in roots:
        left[r] = start
        start += span[r] + GAP_X
    for n in order:  # centre each node over its subtree, its children side by side
        x[n] = left[n] + span[n] / 2
        at = x[n] - below(n) / 2
        for c in children[n]:
            left[c] = at
            at += span[c] + GAP_X
    top = {n: row_top[d] for n, d in depth.items()}
    return _Layout(x, top, size, start - GAP_X + PAD, row_top[-1] + row_height[-1])


def _edge(u: str, v: str, style: dict[str, str], at: _Layout) -> str:
    """One edge, from the bottom of ``u`` to the top of ``v``, with its label."""
    x1, y1 = at.x[u], at.top[u] + at.size[u][1]
    x2, y2 = at.x[v], at.top[v]
    colour = escape(style.get("color", "#555555"))
    stroke = float(style.get("penwidth", "2" if "bold" in style.get("style", "") else "1"))
    dash = next((d for k, d in DASHES.items() if k in style.get("style", "")), "")
    arrow = "" if style.get("arrowhead") == "none" else ' marker-end="url(#arrow)"'
    out = (
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" '
        f'stroke-width="{stroke:g}"'
        + (f' stroke-dasharray="{dash}"' if dash else "")
        + f"{arrow}/>"
    )
    label = "".join(t for t, _ in _unescape(style.get("label", ""))).strip()
    if label:
        weight = ' font-weight="bold"' if "Bold" in style.get("fontname", "") else ""
        out += (
            f'<text x="{(x1 + x2) / 2 + 3:.1f}" y="{(y1 + y2) / 2 + 4:.1f}" font-size="10" '
            f'fill="{escape(style.get("fontcolor", "#333333"))}"{weight}>{escape(label)}</text>'
        )
    return out


def _svg(
    nodes: dict[str, dict[str, str]],
    edges: list[tuple[str, str, dict[str, str]]],
    caption: str,
) -> str:
    """The layered drawing of ``nodes`` (in the export's order, the root first) and
    ``edges``, with ``caption`` under it."""
    labels = {n: _unescape(style.get("label", n)) for n, style in nodes.items()}
    size = {
        n: (max(len(t) for t, _ in lines) * CHAR + 2 * PAD, len(lines) * LINE + PAD)
        for n, lines in labels.items()
    }
    at = _layout(list(nodes), [(u, v) for u, v, _ in edges], size)
    caption_lines = caption.split("\n") if caption else []
    width = max(at.width, 2 * PAD + max(map(len, caption_lines), default=0) * CHAR)
    height = at.bottom + PAD + LINE * len(caption_lines) + (PAD if caption else 0)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="Helvetica,Arial,sans-serif" '
        'font-size="11" style="max-width:100%;height:auto">',
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" '
        'markerHeight="6" orient="auto"><path d="M0,0L10,5L0,10z" fill="context-stroke"/>'
        "</marker></defs>",
    ]
    out += [_edge(u, v, style, at) for u, v, style in edges if u in at.x and v in at.x]
    for n, style in nodes.items():
        out.append(_node(n, style, labels[n], at.x[n], at.top[n], size[n]))
    y = at.bottom + PAD + LINE
    for line in caption_lines:
        out.append(
            f'<text x="{width / 2:.1f}" y="{y:.1f}" text-anchor="middle">{escape(line)}</text>'
        )
        y += LINE
    out.append("</svg>")
    return "\n".join(out)


def _node(
    node_id: str,
    style: dict[str, str],
    lines: list[tuple[str, str]],
    cx: float,
    top: float,
    size: tuple[float, float],
) -> str:
    """One node: its shape and its label's lines (with its tooltip as its title)."""
    w, h = size
    kinds = style.get("style", "").split(",")
    fill = style.get("fillcolor", "#ffffff") if "filled" in kinds else "#ffffff"
    stroke = escape(style.get("color", "#000000"))
    width = float(style.get("penwidth", "2" if "bold" in kinds else "1"))
    dash = next((d for k, d in DASHES.items() if k in kinds), "")
    common = f'fill="{escape(fill)}" stroke="{stroke}" stroke-width="{width:g}"' + (
        f' stroke-dasharray="{dash}"' if dash else ""
    )
    shape = style.get("shape", "ellipse")
    left = cx - w / 2
    parts = [f'<g id="{escape(node_id)}">']
    if "tooltip" in style:
        parts.append(f"<title>{escape(''.join(t for t, _ in _unescape(style['tooltip'])))}</title>")
    rings = 2 if style.get("peripheries") == "2" else 1
    for ring in range(rings):
        grow = 3.0 * (rings - 1 - ring)
        if shape == "diamond":
            points = [
                (cx, top - grow),
                (cx + w / 2 + grow, top + h / 2),
                (cx, top + h + grow),
                (cx - w / 2 - grow, top + h / 2),
            ]
            coords = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
            parts.append(f'<polygon points="{coords}" {common}/>')
        elif shape in ("ellipse", "oval", "circle"):
            parts.append(
                f'<ellipse cx="{cx:.1f}" cy="{top + h / 2:.1f}" rx="{w / 2 + grow:.1f}" '
                f'ry="{h / 2 + grow:.1f}" {common}/>'
            )
        else:
            radius = 6 if "rounded" in kinds else 0
            parts.append(
                f'<rect x="{left - grow:.1f}" y="{top - grow:.1f}" width="{w + 2 * grow:.1f}" '
                f'height="{h + 2 * grow:.1f}" rx="{radius}" {common}/>'
            )
    colour = escape(style.get("fontcolor", "#000000"))
    mono = ' font-family="monospace"' if style.get("fontname") == "monospace" else ""
    size_attr = f' font-size="{escape(style["fontsize"])}"' if "fontsize" in style else ""
    for i, (text, align) in enumerate(lines):
        tx = left + PAD if align == "start" else cx
        parts.append(
            f'<text x="{tx:.1f}" y="{top + PAD / 2 + LINE * (i + 0.8):.1f}" '
            f'text-anchor="{align}" fill="{colour}"{mono}{size_attr} xml:space="preserve">'
            f"{escape(text)}</text>"
        )
    parts.append("</g>")
    return "".join(parts)
