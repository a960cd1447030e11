"""Graphviz drawings of an exported tree (:func:`to_graphviz`), with replaceable node and edge
styles.

Examples
--------
>>> from lazytree.tree import Tree
>>> from lazytree.search import alphabeta
>>> from lazytree.games.tree_game import TreeGame
>>> tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> dot = to_graphviz(tree, result=alphabeta(tree.root, depth=2))
>>> "2 moves never generated" in dot.source
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeAlias

from lazytree.boards import player_colours
from lazytree.export.graph import (
    ExportGraph,
    limit_nodes,
    node_items,
    to_networkx,
    without_pruned,
)
from lazytree.export.positions import add_board_text
from lazytree.search.result import SearchResult
from lazytree.tree import Node, Tree

if TYPE_CHECKING:
    import graphviz

__all__ = [
    "EdgeStyle",
    "NodeStyle",
    "default_edge_style",
    "default_node_style",
    "format_value",
    "legend",
    "to_graphviz",
]

NodeStyle: TypeAlias = Callable[[str, Mapping[str, Any]], dict[str, str]]
"""``style(node_id, attrs) -> Graphviz attributes`` for one node of an exported graph."""

EdgeStyle: TypeAlias = Callable[[str, str, Mapping[str, Any]], dict[str, str]]
"""``style(parent_id, child_id, attrs) -> Graphviz attributes`` for one edge."""


# (fill, border) per player; shapes per player. Chance nodes are white diamonds.
PLAYER_COLOURS: tuple[tuple[str, str], ...] = player_colours()  # the pages' palette
PLAYER_SHAPES: tuple[tuple[str, str, str], ...] = (
    ("box", "rounded", "rounded box"),
    ("box", "diagonals", "box with cut corners"),
    ("octagon", "", "octagon"),
    ("component", "", "component"),
    ("tab", "", "tab"),
    ("folder", "", "folder"),
)
"""(Graphviz shape, extra style, name in the legend) per player; all hold a board."""
GREY = "#8c8c8c"
MAX_RANK_WIDTH = 320
BOARD_MAX_LINES = 8
BOARD_MAX_WIDTH = 48
TEXT_FONT = "Helvetica,Arial,sans-serif"
BOARD_FONT = "monospace"


def format_value(attrs: Mapping[str, Any]) -> str:
    """A node's stored value as text: ``8``, ``≥ 10`` (lower bound), ``≤ 3`` (upper).

    >>> format_value({"value": 8.0, "bound": "exact"})
    '8'
    >>> format_value({"value": 0.5, "bound": "lower"})
    '≥ 0.5'
    >>> format_value({})
    ''
    """
    if "value" not in attrs:
        return ""
    text = f"{attrs['value']:.3g}"
    bound = attrs.get("bound", "exact")
    return {"lower": "≥ ", "upper": "≤ "}.get(bound, "") + text


def _board_fits(board: str) -> bool:
    lines = board.splitlines()
    return 1 < len(lines) <= BOARD_MAX_LINES and max(map(len, lines)) <= BOARD_MAX_WIDTH


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def default_node_style(node_id: str, attrs: Mapping[str, Any]) -> dict[str, str]:
    """The default look of a node (see the module docstring).

    Positions show their value on the first line, then the board when ``attrs`` has a
    true ``show_board`` (set by :func:`to_graphviz`), else the game's short label. The
    tooltip (shown by SVG viewers) lists everything the export knows about the node.
    """
    kind = attrs.get("kind", "position")
    moves = str(attrs.get("moves", "")).split()
    if kind == "pruned":
        label = str(attrs.get("label", "pruned"))
        if "count" in attrs:
            label = f"{_plural(int(attrs['count']), 'move')} never generated"
        why = "moves never generated (a cut-off stopped the move generator)"
        return _note(label, moves, "note", "dashed", f"{why}: {_listed(moves) or 'not counted'}")
    if kind == "unsearched":
        label = f"{_plural(int(attrs.get('count', 0)), 'move')} generated, not searched"
        why = f"moves generated but not searched: {_listed(moves)}"
        return _note(label, moves, "note", "dotted", why)
    if kind == "more":
        return _note(str(attrs.get("label", "...")), [], "box", "dotted")
    player = int(attrs.get("player", 0))
    value = format_value(attrs)
    headline = str(attrs.get("label", ""))
    lines = [f"v {value}" if value[0] in "≥≤" else f"v = {value}"] if value else []
    style = ["filled"]
    out: dict[str, str] = {}
    if attrs.get("show_board"):
        label = ("\\n".join(_escape(x) for x in lines) + "\\n") if lines else ""
        board_lines = str(attrs.get("board", "")).splitlines()
        label += "".join(_escape(line) + "\\l" for line in board_lines)
        out["fontname"] = BOARD_FONT
    else:
        if headline and headline != value:
            lines.insert(0, headline)
        label = "\\n".join(_escape(x) for x in lines) or " "
    if attrs.get("chance"):
        fill, border, shape = "#ffffff", "#555555", "diamond"
    else:
        fill, border = PLAYER_COLOURS[player % len(PLAYER_COLOURS)]
        shape, extra, _ = PLAYER_SHAPES[player % len(PLAYER_SHAPES)]
        if extra:
            style.append(extra)
    if attrs.get("status") == "unexpanded":
        style.append("dashed")
    if attrs.get("terminal"):
        out["peripheries"] = "2"
    if attrs.get("on_pv"):
        out["penwidth"] = "2.5"
    out.update(
        {
            "label": label,
            "shape": shape,
            "style": ",".join(style),
            "fillcolor": fill,
            "color": border,
            "tooltip": _escape(_tooltip(node_id, attrs)),
        }
    )
    return out


def _note(
    label: str, moves: list[str], shape: str, style: str, tooltip: str | None = None
) -> dict[str, str]:
    """The look of a grey note: ``label``, then ``moves`` on a line cut to about 32 characters."""
    shown = ", ".join(moves)
    if len(shown) > 32:
        shown = shown[:30].rsplit(",", 1)[0] + ", ..."
    out = {"label": _escape(f"{label}:\n{shown}" if shown else label), "shape": shape}
    out |= {"style": style, "color": GREY, "fontcolor": GREY, "fontsize": "10"}
    if tooltip is not None:
        out["tooltip"] = _escape(tooltip)
    return out


TOOLTIP_MOVES = 100
"""Most moves a note's tooltip names (Graphviz refuses a string of over 16,384 characters,
and a 100x100 position has thousands of moves)."""


def _listed(moves: list[str]) -> str:
    """The moves comma-separated, at most :data:`TOOLTIP_MOVES` of them.

    >>> _listed(["a"] * 102).endswith("a, a, ... and 2 more")
    True
    """
    shown = ", ".join(moves[:TOOLTIP_MOVES])
    more = len(moves) - TOOLTIP_MOVES
    return f"{shown}, ... and {more} more" if more > 0 else shown


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _tooltip(node_id: str, attrs: Mapping[str, Any]) -> str:
    status = attrs.get("status", "")
    mover = "chance" if attrs.get("chance") else f"player {attrs.get('player')} to move"
    parts = [node_id, "game over" if status == "terminal" else mover, str(status)]
    if "value" in attrs:
        parts.append(
            f"value {attrs['value']:g} for player {attrs.get('rating_player')} "
            f"({attrs.get('bound')}, depth {attrs.get('rating_depth')})"
        )
    gen = attrs.get("moves_generated", 0)
    if status == "expanded":
        done = "all" if attrs.get("exhausted") else "generator not finished"
        parts.append(f"{gen} moves generated ({done})")
        forced = attrs.get("forced_children", 0)
        parts.append(f"{forced} searched, {gen - forced} generated but not searched")
    return "; ".join(parts)


def default_edge_style(parent: str, child: str, attrs: Mapping[str, Any]) -> dict[str, str]:
    """The default look of an edge: the move as label, bold on the principal variation,
    the probability on chance edges, dashed grey towards pruned and "more" nodes."""
    if attrs.get("pruned") or attrs.get("more"):
        return {"style": "dashed", "color": GREY, "arrowhead": "none"}
    label = str(attrs.get("move", ""))
    if attrs.get("chance") and "probability" in attrs:
        label += f" (p={attrs['probability']:.3g})"
    out = {"label": " " + _escape(label) + " ", "fontsize": "10"}
    if attrs.get("pv"):
        out.update({"penwidth": "3", "style": "bold", "fontname": "Helvetica-Bold"})
    else:
        out["color"] = "#555555"
    return out


def legend(graph: ExportGraph) -> str:
    """A two-line caption: what was searched, and how to read the drawing."""
    g = graph.graph
    head = [str(g.get("game", ""))]
    if "rater" in g:
        depth = g.get("search_depth")
        head.append(f"{g['rater']} to " + (f"depth {depth}" if depth is not None else "the end"))
        head.append(f"value {g['search_value']:.3g} for player {g['search_player']}")
    if g.get("pv"):
        head.append(f"best line (bold): {g['pv']}")
    items = [a for _, a in node_items(graph)]
    players = sorted({int(a["player"]) for a in items if "player" in a and a["player"] >= 0})
    key = [f"{PLAYER_SHAPES[p % len(PLAYER_SHAPES)][2]}: player {p} to move" for p in players]
    if any(a.get("chance") for a in items):
        key.append("diamond: chance")
    if any(a.get("terminal") for a in items):
        key.append("double border: game over")
    if any(a.get("status") == "unexpanded" for a in items):
        key.append("dashed: not expanded")
    if any(a.get("bound") in ("lower", "upper") for a in items):
        key.append("v ≥ / v ≤: bound after a cut-off")
    if any(a["kind"] == "pruned" for a in items):
        key.append("grey notes: moves never generated (a cut-off)")
    if any(a["kind"] == "unsearched" for a in items):
        key.append("dotted notes: moves generated, not searched")
    if any(a["kind"] == "more" for a in items):
        key.append("dotted: nodes left out of the drawing")
    return "  ·  ".join(head) + "\n" + "  ·  ".join(key)


def _widest_rank(graph: ExportGraph, labels: Mapping[str, str]) -> int:
    """Roughly how many characters wide the widest depth of the drawing is."""
    ranks: dict[int, int] = {}
    depth: dict[str, int] = {}
    for n, a in node_items(graph):
        preds = [depth[p] for p in graph.predecessors(n) if p in depth]
        depth[n] = int(a.get("depth", 1 + min(preds) if preds else 0))
        lines = labels[n].replace("\\l", "\\n").split("\\n")
        ranks[depth[n]] = ranks.get(depth[n], 0) + max(map(len, lines)) + 4
    return max(ranks.values(), default=0)


def to_graphviz(
    source: Node[Any, Any] | Tree[Any, Any] | ExportGraph,
    *,
    result: SearchResult[Any] | None = None,
    max_nodes: int | None = None,
    show_pruned: bool = True,
    board: bool | None = None,
    node_style: NodeStyle = default_node_style,
    edge_style: EdgeStyle = default_edge_style,
    title: str | None = None,
    rankdir: str | None = None,
) -> graphviz.Digraph:
    """Draw the explored part of a tree (or an exported graph) with Graphviz.

    Parameters
    ----------
    source:
        A node or tree (exported with :func:`~lazytree.export.graph.to_networkx`), or
        a graph that function returned.
    result:
        The :class:`~lazytree.search.result.SearchResult` whose line is drawn bold
        (only with a node or tree; see ``to_networkx``).
    max_nodes:
        Draw at most this many nodes: the best line is kept, the rest collapses into
        "... N more" nodes (:func:`~lazytree.export.graph.limit_nodes`).
    show_pruned:
        Draw the summary notes of moves never generated.
    board:
        Show each position's board text (``render``): ``True``, ``False``, or ``None``
        to show it when it fits (2 to 8 lines of at most 48 characters). A big board's
        positions are labelled by their move and exported without their text
        (:func:`~lazytree.export.graph.to_networkx`): ``True`` draws the boards of the
        positions drawn (from a node or tree; a graph needs
        :func:`~lazytree.export.positions.add_board_text` first).
    node_style, edge_style:
        Functions returning Graphviz attributes for each node and edge (the defaults are
        :func:`default_node_style` and :func:`default_edge_style`). ``attrs`` are the
        exported attributes plus ``show_board`` and ``on_pv`` for positions.
    title:
        The caption under the drawing; by default :func:`legend`, ``""`` for none.
    rankdir:
        Graphviz's direction: ``"TB"`` (root at the top) or ``"LR"`` (root at the
        left). By default ``"TB"`` unless the labels at some depth add up to more than
        :data:`MAX_RANK_WIDTH` characters: wide trees read better as tall pictures.

    Returns
    -------
    graphviz.Digraph
        Its ``source`` is DOT text; ``pipe(format="svg")`` needs Graphviz's ``dot``.
        Node names are ``n0``, ``n1``, ...; the stable export id is each node's ``id``
        attribute (the element id in SVG output).
    """
    if isinstance(source, Node | Tree):
        graph = to_networkx(source, result=result, pruned=show_pruned, max_nodes=max_nodes)
        if board:  # a big board's positions have no text until asked for: the drawn ones
            add_board_text(graph, source)
    else:
        graph = source
        if not show_pruned:
            graph = without_pruned(graph)
        if max_nodes is not None:
            graph = limit_nodes(graph, max_nodes)
    on_pv = {v for _, v, a in graph.edges(data=True) if a.get("pv")}
    on_pv.add(graph.graph.get("root", "root"))
    import graphviz  # (here: the explorer's model, in the browser, draws nothing)

    dot = graphviz.Digraph(name="lazytree")
    # ordering=out keeps siblings in generation order
    dot.attr("graph", nodesep="0.25", ranksep="0.45", fontname=TEXT_FONT, ordering="out")
    dot.attr("node", fontname=TEXT_FONT, fontsize="11", margin="0.08,0.04")
    dot.attr("edge", fontname=TEXT_FONT, arrowsize="0.6")
    caption = legend(graph) if title is None else title
    if caption:
        dot.attr("graph", label=_escape(caption).replace("\n", "\\n"), labelloc="b")
        dot.attr("graph", fontsize="11")
    names: dict[str, str] = {}
    styles: dict[str, dict[str, str]] = {}
    for i, (node_id, attrs) in enumerate(node_items(graph)):
        names[node_id] = f"n{i}"
        shown = dict(attrs)
        if attrs.get("kind") == "position":
            text = str(attrs.get("board", ""))
            shown["show_board"] = _board_fits(text) if board is None else board
            shown["on_pv"] = node_id in on_pv
        styles[node_id] = node_style(node_id, shown)
    if rankdir is None:
        labels = {n: st.get("label", "") for n, st in styles.items()}
        rankdir = "TB" if _widest_rank(graph, labels) <= MAX_RANK_WIDTH else "LR"
    dot.attr("graph", rankdir=rankdir)
    for node_id, style in styles.items():
        dot.node(names[node_id], id=_escape(node_id), **style)
    for u, v, attrs in graph.edges(data=True):
        dot.edge(names[u], names[v], **edge_style(u, v, attrs))
    return dot
