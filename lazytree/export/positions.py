"""The boards of an exported graph's positions: their text added on request
(:func:`add_board_text`), their whole boards read back from the cells and deltas a
graph or its file holds (:func:`graph_positions`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from lazytree.boards import apply_cell_delta, pack_cells, unpack_cells
from lazytree.export.graph import ROOT_ID, ExportGraph, fresh_id, node_items
from lazytree.safejson import parse_json
from lazytree.traverse import explored_edges
from lazytree.tree import Node, Tree

__all__ = ["add_board_text", "graph_positions"]


def add_board_text(graph: ExportGraph, source: Node[Any, Any] | Tree[Any, Any]) -> int:
    """Give every position of ``graph`` (exported from ``source``) without a ``board`` its
    ``render`` text, found by walking the explored tree again (nothing is forced); how many got
    one."""
    wanted = {n for n, a in node_items(graph) if a["kind"] == "position" and "board" not in a}
    root = source.root if isinstance(source, Tree) else source
    game = root.context.game
    added = 0
    for node_id, node in _positions_by_id(root):
        if node_id in wanted:
            graph.nodes[node_id]["board"] = game.render(node.state)
            added += 1
    return added


def _positions_by_id(root: Node[Any, Any]) -> Iterator[tuple[str, Node[Any, Any]]]:
    """Each position below ``root`` with its export id, as :func:`to_networkx` names it."""
    game = root.context.game
    ids = {id(root): ROOT_ID}
    used = {ROOT_ID}
    yield ROOT_ID, root
    for parent, edge, child, _, first in explored_edges(root):
        if not first:
            continue
        node_id = fresh_id(used, f"{ids[id(parent)]}/{game.move_to_str(parent.state, edge.move)}")
        used.add(node_id)
        ids[id(child)] = node_id
        yield node_id, child


def graph_positions(graph: ExportGraph) -> Iterator[tuple[str, Any]]:
    """Each position of an exported graph with its whole board packed
    (:func:`lazytree.boards.pack`): its ``cells``, or its first parent's board with its
    ``delta``; nothing for a game without a board of cells. ``ValueError`` for cells or a delta
    that do not fit the board, or a delta whose parent is missing."""
    layout_text = graph.graph.get("board_layout")
    if layout_text is None:
        return
    layout = _parse(layout_text, "board_layout")
    if not isinstance(layout, dict) or not isinstance(layout.get("cells"), list):
        raise ValueError("the graph's board_layout has no cells")
    cells = len(layout["cells"])
    players = layout.get("players")
    count = len(players) if isinstance(players, list) else _OWNER_LETTERS
    line: list[tuple[str, list[int], list[str]]] = []  # the boards of the walk's line
    for node_id, attrs in node_items(graph):
        if attrs.get("kind") != "position":
            continue
        owners, labels = _graph_board(graph, node_id, cells, count, line)
        line.append((node_id, owners, labels))
        if len(line) > 64:
            del line[0]
        yield node_id, pack_cells(owners, labels)


_OWNER_LETTERS = 59


def _parse(text: Any, what: str) -> Any:
    if not isinstance(text, str):
        raise ValueError(f"{what} is not JSON text")
    try:
        return parse_json(text)
    except ValueError as exc:
        raise ValueError(f"{what}: {exc}") from None


def _walk_parent(graph: ExportGraph, node_id: str) -> str:
    """The position ``node_id`` was first met from: the parent its id extends by the
    move of their edge."""
    for up in graph.predecessors(node_id):
        move = graph.edges[up, node_id].get("move")
        stem = f"{up}/{move}"
        if node_id == stem or node_id.startswith(stem + "#"):
            return str(up)
    raise ValueError(f"{node_id}: its delta's parent is not in the graph")


def _graph_board(
    graph: ExportGraph,
    node_id: str,
    cells: int,
    players: int,
    line: list[tuple[str, list[int], list[str]]],
) -> tuple[list[int], list[str]]:
    chain: list[str] = []
    here = node_id
    for _ in range(graph.number_of_nodes() + 1):
        attrs = graph.nodes[here]
        if "cells" in attrs:
            owners, labels = unpack_cells(_parse(attrs["cells"], f"{here}: cells"), cells)
            if any(o >= players for o in owners):
                raise ValueError(f"{here}: its cells name an owner who is not a player")
            break
        known = next((k for k in range(len(line) - 1, -1, -1) if line[k][0] == here), -1)
        if known >= 0:
            del line[known + 1 :]
            owners, labels = list(line[known][1]), list(line[known][2])
            break
        if "delta" not in attrs:
            raise ValueError(f"{here}: a position with neither cells nor a delta")
        chain.append(here)
        here = _walk_parent(graph, here)
    else:
        raise ValueError(f"{node_id}: its deltas go round in a circle")
    for k in reversed(chain):
        apply_cell_delta(owners, labels, _parse(graph.nodes[k]["delta"], f"{k}: delta"), players)
    return owners, labels
